/**
 * Artifact-fuzzing worker (runs in a `worker_threads` Worker, transpiled by node-harness.ts).
 *
 * For `runs` seeded mutations of the given base artifacts (format version 3) it checks that
 * `loadRobots` either throws `RobotsFormatError` or returns a `Robots` on which every query
 * answers without throwing and consistently: `isAllowed` and `decide` on every merged group
 * (through `agent()` and directly by index) for a set of URLs, `rule()` of every decided id,
 * and the tooling views. It writes the index of the mutation in progress to `progress[0]` (and
 * the number done to `progress[1]`) so the parent's watchdog can name a mutation that hangs.
 *
 * Mutations (artifact-layout.ts finds the fields): bit flips and byte overwrites anywhere;
 * header fields; varints re-encoded with boundary values, off-by-one values, values past 31
 * bits and non-minimal encodings, aimed at counts, indices, ranks and string lengths; string
 * bytes (tokens, labels, crawl-delays); raw trie bytes; deleted, duplicated and swapped fields;
 * truncation and extension; splices from another artifact and whole sections transplanted from
 * another artifact. Most are followed by a fixed length word and checksum, so the structural
 * validation behind the checksum is what gets exercised; 1 in 8 keeps them stale.
 */
import { artifactOf } from '@robomata/runtime/internal';
import { readBuildWork, readCheckWork, resetCheckWork, tierTuning } from '@robomata/runtime/testing';
import { parentPort, workerData } from 'node:worker_threads';
import { AgentRules, RobotsAgentError, RobotsFormatError, describeAutomaton, loadRobots } from '@robomata/runtime';
import type { Robots } from '@robomata/runtime';
import { computeChecksum, HEADER_BYTES } from '@robomata/runtime/format';
import { encodeVarint, readArtifactLayout, spliceBytes, type ArtifactLayout, type LayoutField } from './artifact-layout.js';
import { createRng, deriveSeed, pickInt } from './generate.js';
import type { Rng } from './generate.js';

/** Input of the worker. */
export interface FuzzWorkerData {
  readonly artifacts: readonly Uint8Array[];
  readonly seed: number;
  /** First mutation index (so several workers can split a range). */
  readonly from: number;
  readonly runs: number;
  readonly progress: Int32Array;
}

/** One mutation that broke the contract. */
export interface FuzzFailure {
  readonly index: number;
  readonly seed: number;
  readonly mutation: string;
  readonly base: number;
  readonly stage: 'load' | 'query';
  readonly error: string;
}

/** Result posted by the worker. */
export interface FuzzResult {
  readonly runs: number;
  /** `RobotsFormatError` codes by count. */
  readonly rejected: Record<string, number>;
  /** Mutations that loaded (and were then queried without failure). */
  readonly loaded: number;
  /** Loaded mutations whose bytes differ from the base (the base itself is not counted). */
  readonly loadedChanged: number;
  readonly queries: number;
  /** Per mutation name (first step): runs, rejections and loads. */
  readonly byMutation: Record<string, { runs: number; rejected: number; loaded: number }>;
  readonly failures: readonly FuzzFailure[];
  /** Slowest single mutation (load + queries), in milliseconds, and its index: printed, never asserted (a stall is the watchdog's). */
  readonly slowestMs: number;
  readonly slowestIndex: number;
  /**
   * Worst tier-0 work of one check (`readCheckWork`) per URL code unit plus artifact byte (an
   * artifact's bytes bound its groups' segments): SECURITY.md's O(URL + the group's segments)
   * on corrupted tables. With its mutation index.
   */
  readonly worstWorkRatio: number;
  readonly worstWorkIndex: number;
  /** Worst tier-1 building of one check (`readBuildWork`), and what tier 1 may build in one (tierTuning.checkWork + maxPositions). */
  readonly worstBuildWork: number;
  readonly buildWorkCap: number;
}

/** Checks `_checkOne` makes per URL (isAllowed, decide, and the isAllowed inside usage and signal). */
const CHECKS_PER_URL = 4;

/** The worst work ratio of the mutation in progress (see FuzzResult.worstWorkRatio). */
let _worstRatio = 0;
/** The worst tier-1 building per check of the run (see FuzzResult.worstBuildWork). */
let _worstBuild = 0;

/** Agents the queries use, besides the tokens of every group. */
const QUERY_AGENTS: readonly string[] = ['Googlebot', 'zz-unknown', '', '*', '__proto__', 'Googlebot/2.1 (+http://x)'];

/** URLs the queries use: short ones, hostile bytes, 4 KB paths (the artifact's own patterns are added). */
const QUERY_URLS: readonly string[] = [
  '/',
  '/robots.txt',
  '/robots.txt?x',
  '/a/b?c=d',
  'http://example.com/private/x',
  '/%41%2a%zz%',
  '/ツ\ud800',
  '/' + 'a'.repeat(4000),
  '/' + 'ab'.repeat(2000),
  '/' + 'abcdefgh/'.repeat(50),
];

/** URLs checked per agent (every group was checked with all URLs already). */
const AGENT_URLS: readonly string[] = ['/', '/robots.txt', '/a/b?c=d', '/' + 'ab'.repeat(200)];

/** A mutation: edits `bytes` in place or returns a new buffer. */
type _Mutation = (bytes: Uint8Array, rng: Rng, layout: ArtifactLayout, others: readonly Uint8Array[]) => Uint8Array;

/** Returns a value likely to break a bounds check, for a varint field holding `v`. */
function _nastyValue(rng: Rng, field: LayoutField, bytes: Uint8Array): number {
  const v = field.value;
  switch (pickInt(rng, 12)) {
    case 0: return 0;
    case 1: return v + 1;
    case 2: return Math.max(0, v - 1);
    case 3: return v * 2 + 1;
    case 4: return v + 128;
    case 5: return 0x7fffffff;
    case 6: return 0x80000000;
    case 7: return 2 ** 35 - 1;
    case 8: return bytes.length;
    case 9: return [1, 2, 127, 128, 255, 256, 16383, 16384][pickInt(rng, 8)] as number;
    case 10: return pickInt(rng, 2 * v + 16);
    default: return rng() >>> 1;
  }
}

/** Returns a random field of `kinds` (any kind when empty), or undefined when there is none. */
function _pickField(rng: Rng, layout: ArtifactLayout, kinds: readonly string[]): LayoutField | undefined {
  const pool = kinds.length === 0 ? layout.fields : layout.fields.filter((f) => kinds.includes(f.kind));
  return pool.length === 0 ? undefined : pool[pickInt(rng, pool.length)];
}

/** Returns `bytes` with varint `field` re-encoded as a nasty value (sometimes padded non-minimally). */
function _editVarint(bytes: Uint8Array, rng: Rng, field: LayoutField | undefined): Uint8Array {
  if (field === undefined) return bytes;
  const value = _nastyValue(rng, field, bytes);
  const pad = pickInt(rng, 4) === 0 ? 1 + pickInt(rng, 6) : 1;
  return spliceBytes(bytes, field.at, field.end, encodeVarint(value, pad));
}

/** Returns a copy of `bytes` with the bytes of section `s` replaced by `other`'s section `s`. */
function _transplant(bytes: Uint8Array, layout: ArtifactLayout, other: Uint8Array, s: number): Uint8Array {
  let theirs: ArtifactLayout;
  try {
    theirs = readArtifactLayout(other);
  } catch {
    return bytes;
  }
  const [a, b] = layout.sections[s] as readonly [number, number];
  const [c, d] = theirs.sections[s] as readonly [number, number];
  return spliceBytes(bytes, a, b, other.subarray(c, d));
}

const _MUTATIONS: Record<string, _Mutation> = {
  'bit-flip': (b, rng) => {
    for (let k = 1 + pickInt(rng, 8); k > 0; k--) {
      const i = pickInt(rng, b.length);
      b[i] = (b[i] as number) ^ (1 << pickInt(rng, 8));
    }
    return b;
  },
  'byte-overwrite': (b, rng) => {
    const values = [0, 0xff, 0x7f, 0x80, 0x01, 0xfe];
    for (let k = 1 + pickInt(rng, 16); k > 0; k--) b[pickInt(rng, b.length)] = pickInt(rng, 2) ? (values[pickInt(rng, values.length)] as number) : rng() & 0xff;
    return b;
  },
  'body-byte': (b, rng) => {
    // One byte of the body, anywhere past the header (varint continuation bits included).
    if (b.length > HEADER_BYTES) b[HEADER_BYTES + pickInt(rng, b.length - HEADER_BYTES)] = rng() & 0xff;
    return b;
  },
  'header-field': (b, rng) => {
    // An earlier step may have cut the artifact inside the header (seed 4242, mutation 3990): nothing to aim at.
    if (b.length < HEADER_BYTES) return b;
    const dv = new DataView(b.buffer, b.byteOffset, b.byteLength);
    const which = pickInt(rng, 5);
    if (which === 0) dv.setUint32(0, rng() >>> 0, true);
    else if (which === 1) dv.setUint16(4, [0, 1, 3, 0xffff, 2][pickInt(rng, 5)] as number, true);
    else if (which === 2) dv.setUint16(6, pickInt(rng, 2) ? 1 << pickInt(rng, 16) : rng() & 0xffff, true);
    else if (which === 3) dv.setUint32(8, [0, b.length - 1, b.length + 1, 0xffffffff][pickInt(rng, 4)] as number, true);
    else dv.setUint32(12, rng() >>> 0, true);
    return b;
  },
  'flags': (b, rng) => {
    // Toggle a known flag: patterns, profile, scoped (the body no longer matches the flags).
    b[6] = (b[6] as number) ^ (1 << pickInt(rng, 3));
    return b;
  },
  'varint': (b, rng, layout) => _editVarint(b, rng, _pickField(rng, layout, [])),
  'count': (b, rng, layout) => _editVarint(b, rng, _pickField(rng, layout, ['count'])),
  'index': (b, rng, layout) => _editVarint(b, rng, _pickField(rng, layout, ['index'])),
  'rank': (b, rng, layout) => _editVarint(b, rng, _pickField(rng, layout, ['rank'])),
  'string-length': (b, rng, layout) => _editVarint(b, rng, _pickField(rng, layout, ['length'])),
  'small-step': (b, rng, layout) => {
    // A count, index or rank one step off: the values a bounds check is most likely to miss.
    const f = _pickField(rng, layout, ['count', 'index', 'rank']);
    if (f === undefined) return b;
    return spliceBytes(b, f.at, f.end, encodeVarint(pickInt(rng, 2) ? f.value + 1 : Math.max(0, f.value - 1)));
  },
  'non-minimal': (b, rng, layout) => {
    // The same value with redundant continuation bytes (1 to 6 bytes in all).
    const f = _pickField(rng, layout, []);
    return f === undefined ? b : spliceBytes(b, f.at, f.end, encodeVarint(f.value, 2 + pickInt(rng, 5)));
  },
  'string-bytes': (b, rng, layout) => {
    const s = layout.strings.filter((x) => x.length > 0);
    if (s.length === 0) return b;
    const str = s[pickInt(rng, s.length)] as (typeof s)[number];
    const values = [0x41, 0x2a, 0x24, 0x2f, 0x00, 0xff, 0x30, 0x2e, 0x2d, 0x5f, 0x7a, 0x61, 0x20];
    for (let k = 1 + pickInt(rng, 3); k > 0; k--) b[str.at + pickInt(rng, str.length)] = values[pickInt(rng, values.length)] as number;
    return b;
  },
  'trie-byte': (b, rng, layout) => {
    if (layout.rawBytes.length === 0) return b;
    const at = layout.rawBytes[pickInt(rng, layout.rawBytes.length)] as number;
    b[at] = pickInt(rng, 2) ? rng() & 0xff : ((b[at] as number) + (pickInt(rng, 2) ? 1 : 255)) & 0xff;
    return b;
  },
  'delete-field': (b, rng, layout) => {
    const f = _pickField(rng, layout, []);
    return f === undefined ? b : spliceBytes(b, f.at, f.end, new Uint8Array(0));
  },
  'duplicate-field': (b, rng, layout) => {
    const f = _pickField(rng, layout, []);
    return f === undefined ? b : spliceBytes(b, f.end, f.end, b.slice(f.at, f.end));
  },
  'swap-fields': (b, rng, layout) => {
    // Two neighbouring varints swap places (e.g. a parent and a fail link, a rank and a count).
    const k = pickInt(rng, Math.max(1, layout.fields.length - 1));
    const f = layout.fields[k];
    const g = layout.fields[k + 1];
    if (f === undefined || g === undefined || g.at !== f.end) return b;
    const swapped = new Uint8Array(g.end - f.at);
    swapped.set(b.subarray(g.at, g.end), 0);
    swapped.set(b.subarray(f.at, f.end), g.end - g.at);
    return spliceBytes(b, f.at, g.end, swapped);
  },
  'delete-range': (b, rng) => {
    const from = HEADER_BYTES + pickInt(rng, Math.max(1, b.length - HEADER_BYTES));
    return spliceBytes(b, from, Math.min(b.length, from + 1 + pickInt(rng, 32)), new Uint8Array(0));
  },
  'truncate': (b, rng) => b.slice(0, pickInt(rng, b.length)),
  'truncate-body': (b, rng, layout) => {
    // Cut at a section boundary or inside a section: the rest of the body is missing.
    const s = layout.sections[pickInt(rng, layout.sections.length)] as readonly [number, number];
    return b.slice(0, s[0] + pickInt(rng, s[1] - s[0] + 1));
  },
  'extend': (b, rng) => {
    const extra = 1 + pickInt(rng, 64);
    const out = new Uint8Array(b.length + extra);
    out.set(b);
    if (pickInt(rng, 2)) for (let i = b.length; i < out.length; i++) out[i] = rng() & 0xff;
    return out;
  },
  'splice': (b, rng, _layout, others) => {
    const other = others[pickInt(rng, others.length)] ?? b;
    const len = 1 + pickInt(rng, 64);
    const from = pickInt(rng, Math.max(1, other.length - len));
    const to = HEADER_BYTES + pickInt(rng, Math.max(1, b.length - HEADER_BYTES));
    const piece = other.slice(from, Math.min(other.length, from + len));
    // Overwrite in place or insert.
    return pickInt(rng, 2) ? spliceBytes(b, to, Math.min(b.length, to + piece.length), piece) : spliceBytes(b, to, to, piece);
  },
  'transplant-section': (b, rng, layout, others) => {
    // A whole section from another artifact: well-formed on its own, wrong for this one.
    const other = others[pickInt(rng, others.length)] ?? b;
    return _transplant(b, layout, other, pickInt(rng, layout.sections.length));
  },
  'zero-run': (b, rng) => {
    const from = pickInt(rng, b.length);
    b.fill(pickInt(rng, 2) ? 0 : 0xff, from, Math.min(b.length, from + 1 + pickInt(rng, 16)));
    return b;
  },
};

/** Mutation names, in a fixed order (the seed picks by index). */
export const MUTATION_NAMES: readonly string[] = Object.keys(_MUTATIONS);

/** Fixes the length word (when asked) and the checksum, so that only structural validation can reject. */
function _fixHeader(bytes: Uint8Array, fixLength: boolean): void {
  if (bytes.length < HEADER_BYTES) return;
  const dv = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (fixLength) dv.setUint32(8, bytes.length, true);
  dv.setUint32(12, computeChecksum(bytes), true);
}

/** Returns URLs built from the artifact's own rule patterns (`*` as `x`, no final `$`): they walk deep into the tries. */
function _patternUrls(robots: Robots, rules: number): string[] {
  const out: string[] = [];
  for (let id = 0; id < rules && out.length < 6; id += Math.max(1, Math.floor(rules / 6))) {
    const p = robots.rule(id).pattern;
    if (p !== undefined) out.push(p.replace(/\*/g, 'x').replace(/\$$/, ''), p.replace(/\*/g, 'ab'.repeat(20)) + 'tail');
  }
  return out;
}

/** Returns how many rules `robots` has (rule ids are dense from 0; found by search, rule() throws past the end). */
function _ruleCount(robots: Robots): number {
  let lo = 0;
  let hi = 1;
  const exists = (id: number): boolean => {
    try {
      robots.rule(id);
      return true;
    } catch (e) {
      if (e instanceof RangeError) return false;
      throw e;
    }
  };
  while (exists(hi - 1) && hi < 2 ** 30) hi *= 2;
  if (!exists(0)) return 0;
  // Invariant: rule lo exists, rule hi - 1 may not.
  while (lo + 1 < hi) {
    const mid = (lo + hi) >>> 1;
    if (exists(mid)) lo = mid;
    else hi = mid;
  }
  return lo + 1;
}

/** Checks one (rules, url) pair: isAllowed and decide agree with each other and with rule(), preferences are answers; returns 5 queries. */
function _checkOne(robots: Robots, rules: AgentRules, url: string, ruleCount: number, what: string): number {
  resetCheckWork();
  const allowed = rules.isAllowed(url);
  const id = rules.decide(url);
  if (typeof allowed !== 'boolean' || !Number.isInteger(id) || id < -1 || id >= ruleCount) {
    throw new Error(`${what}: isAllowed ${String(allowed)}, decide ${id} of ${ruleCount} rules for ${url.slice(0, 40)}`);
  }
  // The verdict is the deciding rule's kind (allowed when no rule decides): the loader pairs
  // every rank with its rule's kind, so this holds for any artifact that loads.
  if (id >= 0 && (robots.rule(id).kind === 'allow') !== allowed) throw new Error(`${what}: decide names a ${robots.rule(id).kind} rule but isAllowed says ${allowed} for ${url.slice(0, 40)}`);
  if (id < 0 && !allowed) throw new Error(`${what}: no rule decides but isAllowed is false for ${url.slice(0, 40)}`);
  // Preferences (usage.ts): one of their answers, never one for a URL the group disallows.
  const usage = rules.usage(url, 'train-ai');
  const signal = rules.signal(url, 'ai-train');
  if (!(usage === undefined || usage === 'y' || usage === 'n') || !(signal === undefined || signal === 'yes' || signal === 'no')) {
    throw new Error(`${what}: usage ${String(usage)}, signal ${String(signal)} for ${url.slice(0, 40)}`);
  }
  if (!allowed && (usage !== undefined || signal !== undefined)) throw new Error(`${what}: a preference for a disallowed URL ${url.slice(0, 40)}`);
  const ratio = readCheckWork() / (CHECKS_PER_URL * (url.length + robots.byteLength));
  if (ratio > _worstRatio) _worstRatio = ratio;
  // Four checks: each may build up to the cap.
  const build = readBuildWork() / CHECKS_PER_URL;
  if (build > _worstBuild) _worstBuild = build;
  return 5;
}

/** Runs every query on `robots`; returns how many were made. Throws what a query throws. */
function _query(robots: Robots): number {
  let n = 0;
  const ruleCount = _ruleCount(robots);
  const urls = [...QUERY_URLS, ..._patternUrls(robots, ruleCount)];
  const scope = robots.scope;
  const agents = [...QUERY_AGENTS];
  void robots.sitemaps.length;
  void robots.otherDirectives().length;
  void robots.warnings.length;
  void robots.profile;
  void robots.byteLength;
  for (let g = 0; g < robots.groupCount; g++) {
    const info = robots.describeGroup(g);
    for (const token of info.tokens.slice(0, 2)) agents.push(token);
    for (const id of info.ruleIds.slice(0, 50)) robots.rule(id);
    describeAutomaton(robots, g, { maxNodes: 50 });
    // Every group, whether or not an agent selects it: AgentRules built on the group index,
    // on tier 0 and on tier 1 (its automaton built from the mutated tables from the first check).
    const saved = tierTuning.threshold;
    for (const threshold of [Number.POSITIVE_INFINITY, 0]) {
      tierTuning.threshold = threshold;
      const rules = new AgentRules('specific', g, artifactOf(robots));
      for (const url of urls) n += _checkOne(robots, rules, url, ruleCount, `group ${g} threshold ${threshold}`);
    }
    tierTuning.threshold = saved;
  }
  for (const ua of agents) {
    let rules: AgentRules;
    try {
      rules = robots.agent(ua);
    } catch (e) {
      // A scoped artifact refuses other agents with its own typed error, nothing else.
      if (e instanceof RobotsAgentError && scope !== null) continue;
      throw e;
    }
    void robots.crawlDelay(ua);
    // The groups were all checked above: here only that agent() leads to consistent answers.
    for (const url of AGENT_URLS) {
      n += _checkOne(robots, rules, url, ruleCount, `agent ${JSON.stringify(ua)}`);
      if (robots.isAllowed(url, ua) !== rules.isAllowed(url) || robots.decide(url, ua) !== rules.decide(url)) {
        throw new Error(`Robots and AgentRules disagree on ${ua} ${url.slice(0, 40)}`);
      }
      n += 2;
    }
  }
  // A bad id must be a RangeError, nothing else.
  for (const bad of [-1, ruleCount, 1 << 30, 0.5, Number.NaN]) {
    try {
      robots.rule(bad);
      throw new Error(`rule(${bad}) returned with ${ruleCount} rules`);
    } catch (e) {
      if (!(e instanceof RangeError)) throw e;
    }
  }
  return n;
}

/** Returns a one-line description of an unknown thrown value. */
function _describe(e: unknown): string {
  if (e instanceof Error) return `${e.name}: ${e.message} @ ${(e.stack ?? '').split('\n').slice(1, 3).join(' ').trim()}`.slice(0, 400);
  return `non-Error thrown: ${String(e)}`.slice(0, 300);
}

/** Returns the mutated bytes of mutation `index` and its description. */
export function mutate(artifacts: readonly Uint8Array[], layouts: readonly ArtifactLayout[], seed: number, index: number): { bytes: Uint8Array; base: number; mutation: string } {
  const rng = createRng(deriveSeed(seed, `mutation-${index}`));
  const base = pickInt(rng, artifacts.length);
  const steps = 1 + (pickInt(rng, 4) === 0 ? pickInt(rng, 3) : 0);
  let bytes: Uint8Array = (artifacts[base] as Uint8Array).slice();
  const names: string[] = [];
  for (let s = 0; s < steps; s++) {
    const name = MUTATION_NAMES[pickInt(rng, MUTATION_NAMES.length)] as string;
    names.push(name);
    // Later steps aim at the first step's layout: offsets may have moved, which is hostile too.
    bytes = (_MUTATIONS[name] as _Mutation)(bytes, rng, layouts[base] as ArtifactLayout, artifacts);
  }
  // 1 in 8 keeps the stale checksum (the checksum path), the rest get it recomputed.
  const fix = pickInt(rng, 8) !== 0;
  if (fix) _fixHeader(bytes, pickInt(rng, 8) !== 0);
  return { bytes, base, mutation: names.join('+') + (fix ? '' : '/raw') };
}

/** Runs the fuzz loop; returns its result. */
export function runFuzz(data: FuzzWorkerData): FuzzResult {
  const rejected: Record<string, number> = {};
  const byMutation: Record<string, { runs: number; rejected: number; loaded: number }> = {};
  const failures: FuzzFailure[] = [];
  const layouts = data.artifacts.map((a) => readArtifactLayout(a));
  let loaded = 0;
  let loadedChanged = 0;
  let queries = 0;
  let slowestMs = 0;
  let slowestIndex = -1;
  let worstWorkRatio = 0;
  let worstWorkIndex = -1;
  for (let index = data.from; index < data.from + data.runs; index++) {
    _worstRatio = 0;
    Atomics.store(data.progress, 0, index);
    const { bytes, base, mutation } = mutate(data.artifacts, layouts, data.seed, index);
    const original = data.artifacts[base] as Uint8Array;
    const stat = (byMutation[mutation.split(/[+/]/)[0] as string] ??= { runs: 0, rejected: 0, loaded: 0 });
    stat.runs++;
    // Alternate input kinds: Uint8Array at offset 0, an unaligned view, an ArrayBuffer.
    const kind = index % 3;
    let input: Uint8Array | ArrayBuffer = bytes;
    if (kind === 1) {
      const host = new Uint8Array(bytes.length + 1);
      host.set(bytes, 1);
      input = host.subarray(1);
    } else if (kind === 2) {
      input = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
    }
    const t0 = performance.now();
    let robots: Robots | undefined;
    try {
      robots = loadRobots(input);
    } catch (e) {
      if (e instanceof RobotsFormatError && typeof e.code === 'string' && e.code.length > 0) {
        rejected[e.code] = (rejected[e.code] ?? 0) + 1;
        stat.rejected++;
      } else {
        failures.push({ index, seed: data.seed, mutation, base, stage: 'load', error: _describe(e) });
      }
    }
    if (robots !== undefined) {
      loaded++;
      stat.loaded++;
      if (bytes.length !== original.length || !bytes.every((v, i) => v === original[i])) loadedChanged++;
      try {
        queries += _query(robots);
      } catch (e) {
        failures.push({ index, seed: data.seed, mutation, base, stage: 'query', error: _describe(e) });
      }
    }
    const ms = performance.now() - t0;
    if (ms > slowestMs) {
      slowestMs = ms;
      slowestIndex = index;
    }
    if (_worstRatio > worstWorkRatio) {
      worstWorkRatio = _worstRatio;
      worstWorkIndex = index;
    }
    Atomics.store(data.progress, 1, index - data.from + 1);
    if (failures.length >= 50) break;
  }
  return { runs: Atomics.load(data.progress, 1), rejected, loaded, loadedChanged, queries, byMutation, failures, slowestMs, slowestIndex, worstWorkRatio, worstWorkIndex, worstBuildWork: _worstBuild, buildWorkCap: tierTuning.checkWork + tierTuning.maxPositions };
}

if (parentPort !== null && workerData !== null && typeof workerData === 'object' && 'artifacts' in workerData) {
  parentPort.postMessage(runFuzz(workerData as FuzzWorkerData));
}
