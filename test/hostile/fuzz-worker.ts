/**
 * Artifact-fuzzing worker (runs in a `worker_threads` Worker, transpiled by node-harness.ts).
 *
 * For `runs` seeded mutations of the given base artifacts it checks that `loadRobots` either
 * throws `RobotsFormatError` or returns a `Robots` on which every query answers without
 * throwing. It writes the index of the mutation in progress to `progress[0]` (and the number
 * done to `progress[1]`) so the parent's watchdog can name the seed of a mutation that hangs.
 *
 * Mutations: bit flips, byte overwrites, int32 overwrites with boundary values anywhere and
 * targeted at the header, section table, and the records of every section (counts, offsets,
 * lengths, state numbers), truncation, extension, swapped and overlapping sections, splices
 * from another artifact. Most are followed by a recomputed checksum (and a fixed-up length
 * word), so the structural validation, not the checksum, is what gets exercised.
 */
import { parentPort, workerData } from 'node:worker_threads';
import {
  RobotsFormatError,
  loadRobots,
  AGENT_WORDS,
  DIRECTIVE_WORDS,
  GROUP_WORDS,
  HEADER_CHECKSUM,
  HEADER_LENGTH,
  HEADER_SECTIONS,
  HEADER_WORDS,
  PART_WORDS,
  RULE_WORDS,
  SECTION_COUNT,
  SITEMAP_WORDS,
  computeChecksum,
} from '@robomata/runtime';
import type { Robots } from '@robomata/runtime';
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
  /** Queries whose deciding rule's kind disagreed with the verdict (possible only when corrupted). */
  readonly kindMismatch: number;
  readonly byMutation: Record<string, { runs: number; rejected: number; loaded: number }>;
  readonly failures: readonly FuzzFailure[];
  /** Slowest single mutation (load + queries), in milliseconds, and its index. */
  readonly slowestMs: number;
  readonly slowestIndex: number;
}

/** int32 values most likely to break a bounds check. */
const BOUNDARY_INTS: readonly number[] = [0, 1, 2, 3, 4, -1, -2, -4, 0x7fffffff, -0x80000000, 0x7ffffffc, 0xffff, 0x10000, 255, 256, 64];

/** Agents the queries use, besides those the artifact names. */
const QUERY_AGENTS: readonly string[] = ['Googlebot', '', '*', '__proto__', 'constructor'];

/** URLs the queries use: short ones, hostile bytes, and one 4 KB path. */
const QUERY_URLS: readonly string[] = [
  '/',
  '/robots.txt',
  '/a/b?c=d',
  'http://example.com/private/x',
  '/%41%2a%zz',
  '/ツ\ud800',
  '/' + 'a'.repeat(4000),
];

/** A mutation: edits `view` in place or returns a new buffer. */
type _Mutation = (bytes: Uint8Array, rng: Rng, others: readonly Uint8Array[]) => Uint8Array;

/** Reads the little-endian int32 at word `w` (0 when out of range). */
function _word(bytes: Uint8Array, w: number): number {
  if (w * 4 + 4 > bytes.length) return 0;
  return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getInt32(w * 4, true);
}

/** Writes the little-endian int32 at word `w` (ignored when out of range). */
function _setWord(bytes: Uint8Array, w: number, value: number): void {
  if (w * 4 + 4 > bytes.length) return;
  new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).setInt32(w * 4, value | 0, true);
}

/** Returns a boundary value near `current` or a generic one. */
function _nastyValue(rng: Rng, current: number, bytes: Uint8Array): number {
  switch (pickInt(rng, 6)) {
    case 0:
      return BOUNDARY_INTS[pickInt(rng, BOUNDARY_INTS.length)] ?? 0;
    case 1:
      return current + 1;
    case 2:
      return current - 1;
    case 3:
      return current + (pickInt(rng, 2) ? bytes.length : -bytes.length);
    case 4:
      return bytes.length + 4 * (pickInt(rng, 5) - 2);
    default:
      return rng() | 0;
  }
}

/** Returns the word range [start, end) of section `s` as the header claims it (clamped). */
function _sectionWords(bytes: Uint8Array, s: number): [number, number] {
  const off = _word(bytes, HEADER_SECTIONS + 2 * s);
  const len = _word(bytes, HEADER_SECTIONS + 2 * s + 1);
  const start = Math.max(0, Math.min(bytes.length, off)) >> 2;
  const end = Math.max(start, Math.min(bytes.length, off + len) >> 2);
  return [start, end];
}

/** Record sizes by section (0: not a record section). */
const RECORD_WORDS: readonly number[] = [0, AGENT_WORDS, GROUP_WORDS, PART_WORDS, 0, RULE_WORDS, SITEMAP_WORDS, DIRECTIVE_WORDS];

/** Header words of the groups section before its records (count, global index). */
const SECTION_PREFIX_WORDS: readonly number[] = [0, 1, 2, 1, 0, 1, 1, 1];

const _MUTATIONS: Record<string, _Mutation> = {
  'bit-flip': (b, rng) => {
    for (let k = 1 + pickInt(rng, 8); k > 0; k--) {
      const i = pickInt(rng, b.length);
      b[i] = (b[i] ?? 0) ^ (1 << pickInt(rng, 8));
    }
    return b;
  },
  'byte-overwrite': (b, rng) => {
    const values = [0, 0xff, 0x7f, 0x80, 0x01, 0xfe];
    for (let k = 1 + pickInt(rng, 16); k > 0; k--) b[pickInt(rng, b.length)] = pickInt(rng, 2) ? (values[pickInt(rng, values.length)] ?? 0) : rng() & 0xff;
    return b;
  },
  'word-anywhere': (b, rng) => {
    const w = pickInt(rng, b.length >> 2);
    _setWord(b, w, _nastyValue(rng, _word(b, w), b));
    return b;
  },
  'header-field': (b, rng) => {
    const w = pickInt(rng, HEADER_WORDS);
    _setWord(b, w, _nastyValue(rng, _word(b, w), b));
    return b;
  },
  'section-table': (b, rng) => {
    const w = HEADER_SECTIONS + pickInt(rng, 2 * SECTION_COUNT);
    _setWord(b, w, _nastyValue(rng, _word(b, w), b));
    return b;
  },
  'section-count': (b, rng) => {
    // The count word of a record section (its first word).
    const s = 1 + pickInt(rng, SECTION_COUNT - 1);
    const [start, end] = _sectionWords(b, s);
    if (end > start) _setWord(b, start, _nastyValue(rng, _word(b, start), b));
    return b;
  },
  'record-field': (b, rng) => {
    // One field of one record of a record section: offsets, lengths, indexes, state numbers.
    const s = 1 + pickInt(rng, SECTION_COUNT - 1);
    const size = RECORD_WORDS[s] ?? 0;
    const [start, end] = _sectionWords(b, s);
    const first = start + (SECTION_PREFIX_WORDS[s] ?? 0);
    if (size === 0 || end <= first) return b;
    const records = Math.floor((end - first) / size);
    if (records === 0) {
      if (end > start) _setWord(b, start + pickInt(rng, end - start), _nastyValue(rng, 0, b));
      return b;
    }
    const w = first + pickInt(rng, records) * size + pickInt(rng, size);
    _setWord(b, w, _nastyValue(rng, _word(b, w), b));
    return b;
  },
  'pool-word': (b, rng) => {
    // Class maps, state headers (base, def), pairs (check, next), end outputs, rank tables.
    const [start, end] = _sectionWords(b, 4);
    if (end <= start) return b;
    for (let k = 1 + pickInt(rng, 3); k > 0; k--) {
      const w = start + pickInt(rng, end - start);
      _setWord(b, w, _nastyValue(rng, _word(b, w), b));
    }
    return b;
  },
  'truncate': (b, rng) => b.slice(0, pickInt(rng, b.length)),
  'truncate-aligned': (b, rng) => b.slice(0, pickInt(rng, b.length >> 2) * 4),
  'extend': (b, rng) => {
    const extra = 4 * (1 + pickInt(rng, 64));
    const out = new Uint8Array(b.length + extra);
    out.set(b);
    if (pickInt(rng, 2)) for (let i = b.length; i < out.length; i++) out[i] = rng() & 0xff;
    if (pickInt(rng, 2)) {
      // Claim the extra bytes for the last section.
      const w = HEADER_SECTIONS + 2 * (SECTION_COUNT - 1) + 1;
      _setWord(out, w, _word(out, w) + extra);
    }
    return out;
  },
  'swap-sections': (b, rng) => {
    const i = pickInt(rng, SECTION_COUNT);
    const j = pickInt(rng, SECTION_COUNT);
    for (const d of [0, 1]) {
      const wi = HEADER_SECTIONS + 2 * i + d;
      const wj = HEADER_SECTIONS + 2 * j + d;
      const t = _word(b, wi);
      _setWord(b, wi, _word(b, wj));
      _setWord(b, wj, t);
    }
    return b;
  },
  'overlap-sections': (b, rng) => {
    // Point a section at another section's bytes (same offset, other length or both).
    const i = pickInt(rng, SECTION_COUNT);
    const j = pickInt(rng, SECTION_COUNT);
    _setWord(b, HEADER_SECTIONS + 2 * i, _word(b, HEADER_SECTIONS + 2 * j));
    if (pickInt(rng, 2)) _setWord(b, HEADER_SECTIONS + 2 * i + 1, _word(b, HEADER_SECTIONS + 2 * j + 1));
    return b;
  },
  'splice': (b, rng, others) => {
    const other = others[pickInt(rng, others.length)] ?? b;
    const len = 4 * (1 + pickInt(rng, 32));
    const from = pickInt(rng, Math.max(1, other.length - len)) & ~3;
    const to = pickInt(rng, Math.max(1, b.length - len)) & ~3;
    b.set(other.subarray(from, Math.min(other.length, from + len)).subarray(0, Math.max(0, b.length - to)), to);
    return b;
  },
  'zero-run': (b, rng) => {
    const from = pickInt(rng, b.length);
    b.fill(pickInt(rng, 2) ? 0 : 0xff, from, Math.min(b.length, from + 4 * (1 + pickInt(rng, 16))));
    return b;
  },
};

/** Mutation names, in a fixed order (the seed picks by index). */
const MUTATION_NAMES: readonly string[] = Object.keys(_MUTATIONS);

/** Fixes the length word and the checksum so that only structural validation can reject. */
function _fixChecksum(bytes: Uint8Array, fixLength: boolean): void {
  if (bytes.length < (HEADER_CHECKSUM + 1) * 4) return;
  if (fixLength) _setWord(bytes, HEADER_LENGTH, bytes.length);
  _setWord(bytes, HEADER_CHECKSUM, computeChecksum(bytes));
}

/** Counters the queries update. */
const _stats = { kindMismatch: 0 };

/** Runs every query on `robots`; returns how many were made. Throws what a query throws. */
function _query(robots: Robots): number {
  let n = 0;
  const agents = [...QUERY_AGENTS];
  const groups = Math.min(robots.groupCount, 3);
  for (let g = 0; g < groups; g++) {
    const info = robots.describeGroup(g);
    void info.automata.length;
    void info.ruleIds.length;
    const token = info.tokens[0];
    if (token !== undefined) agents.push(token);
    n++;
  }
  void robots.sitemaps.length;
  void robots.otherDirectives().length;
  void robots.profile;
  void robots.byteLength;
  for (const ua of agents) {
    const rules = robots.agent(ua);
    void robots.crawlDelay(ua);
    for (const url of QUERY_URLS) {
      const a = rules.isAllowed(url);
      const id = rules.decide(url);
      if (robots.isAllowed(url, ua) !== a || robots.decide(url, ua) !== id) throw new Error(`Robots and AgentRules disagree on ${ua} ${url.slice(0, 40)}`);
      if (id !== -1) {
        const info = robots.rule(id);
        // A corrupted rank table may pair a rule with the other verdict: wrong, but not a
        // crash; counted, not failed (the loader does not promise semantic integrity).
        if ((info.kind === 'allow') !== a) _stats.kindMismatch++;
      }
      n += 5;
    }
  }
  // A bad id must be a RangeError, nothing else.
  for (const bad of [-1, 1 << 30, 0.5, Number.NaN]) {
    try {
      robots.rule(bad);
    } catch (e) {
      if (!(e instanceof RangeError)) throw e;
    }
  }
  return n;
}

/** Returns a one-line description of an unknown thrown value. */
function _describe(e: unknown): string {
  if (e instanceof Error) return `${e.name}: ${e.message}`.slice(0, 300);
  return `non-Error thrown: ${String(e)}`.slice(0, 300);
}

/** Runs the fuzz loop; returns its result. */
export function runFuzz(data: FuzzWorkerData): FuzzResult {
  const rejected: Record<string, number> = {};
  const byMutation: Record<string, { runs: number; rejected: number; loaded: number }> = {};
  const failures: FuzzFailure[] = [];
  let loaded = 0;
  let loadedChanged = 0;
  let queries = 0;
  let slowestMs = 0;
  let slowestIndex = -1;
  for (let index = data.from; index < data.from + data.runs; index++) {
    Atomics.store(data.progress, 0, index);
    const seed = deriveSeed(data.seed, `mutation-${index}`);
    const rng = createRng(seed);
    const base = pickInt(rng, data.artifacts.length);
    const original = data.artifacts[base] ?? new Uint8Array(0);
    const steps = 1 + (pickInt(rng, 4) === 0 ? pickInt(rng, 3) : 0);
    let bytes: Uint8Array = original.slice();
    const names: string[] = [];
    for (let s = 0; s < steps; s++) {
      const name = MUTATION_NAMES[pickInt(rng, MUTATION_NAMES.length)] ?? 'bit-flip';
      names.push(name);
      bytes = (_MUTATIONS[name] as _Mutation)(bytes, rng, data.artifacts);
    }
    // 1 in 8 keeps the stale checksum (the checksum path), the rest get it recomputed.
    const fix = pickInt(rng, 8) !== 0;
    if (fix) _fixChecksum(bytes, pickInt(rng, 4) !== 0);
    const mutation = names.join('+') + (fix ? '' : '/raw');
    const stat = (byMutation[mutation] ??= { runs: 0, rejected: 0, loaded: 0 });
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
    Atomics.store(data.progress, 1, index - data.from + 1);
    if (failures.length >= 50) break;
  }
  return { runs: Atomics.load(data.progress, 1), rejected, loaded, loadedChanged, queries, kindMismatch: _stats.kindMismatch, byMutation, failures, slowestMs, slowestIndex };
}

if (parentPort !== null && workerData !== null && typeof workerData === 'object' && 'artifacts' in workerData) {
  parentPort.postMessage(runFuzz(workerData as FuzzWorkerData));
}
