/**
 * Stage 5 of the compiler: the plan and its matching tables to the artifact bytes laid out in
 * `@robomata/runtime/format` (the one compiler/runtime contract): varints and byte strings,
 * deterministic (the same input always gives the same bytes).
 */
import {
  FLAG_PATTERNS, FLAG_PROFILE_GOOGLE, FLAG_SCOPED, FORMAT_VERSION, GROUP_FLAG_GLOBAL, GROUP_FLAG_UNBUILT, HEADER_BYTES, MAGIC,
  WARNING_CODES, computeChecksum, type Profile, type WarningCode,
} from '@robomata/runtime/format';
import type { BuiltParts } from './build-parts.js';
import type { MergedGroups } from './merge-groups.js';
import type { ParsedRobots } from './parse.js';
import type { PartPlan } from './plan-parts.js';
import { serializePreferences } from './serialize-preferences.js';
import { KEPT_WRITER_MAX_BYTES, KeptBytes, putVarint, type ByteWriter } from './byte-writer.js';

/** Everything {@link serializeArtifact} writes. */
export interface ArtifactInput {
  readonly profile: Profile;
  readonly parsed: ParsedRobots;
  readonly merged: MergedGroups;
  readonly plan: PartPlan;
  readonly built: BuiltParts;
  /** The lower-cased tokens of an agent-scoped compile, ascending; undefined when unscoped. */
  readonly scope: readonly string[] | undefined;
  /** Store each rule's pattern as written (for `rule(id).pattern`). */
  readonly patterns: boolean;
  readonly warnings: readonly { readonly code: WarningCode; readonly line: number }[];
  /**
   * True: an artifact only compileRobots' own trusted load reads, never shown: its checksum
   * field is left 0 and the bytes returned are a view of the writer's buffer, valid until the
   * next artifact is written (the load copies what it keeps, runtime loadTrustedGroup).
   */
  readonly unchecked?: boolean;
}

/** The writer buffer of the last compile, kept for the next. */
const _written = new KeptBytes(KEPT_WRITER_MAX_BYTES, 0);

function _writeRules(w: ByteWriter, input: ArtifactInput): void {
  const rules = input.plan.rules;
  const patterns = input.patterns;
  const rebuildable = input.built.rebuildable;
  w.v(rules.length);
  // The writer's length in a local per rule (as build-parts.ts' _writeNodes): a vq call per field
  // loads and stores it, and its range test with it. Lines ascend, so the last bounds every step
  // (a step and its kind bit must stay below 2^31; only an input past 1 GiB has such lines).
  const last = rules.length === 0 ? 0 : (rules[rules.length - 1] as (typeof rules)[number]).line;
  if (last >= 2 ** 30) throw new Error(`internal: rule line ${last} past the artifact's 2^30 lines`);
  let line = 0;
  for (let id = 0; id < rules.length; id++) {
    const rule = rules[id] as (typeof rules)[number];
    const raw = rule.rawBytes;
    w.room(10);
    let at = putVarint(w.bytes, w.length, ((rule.line - line) << 1) | (rule.kind === 'allow' ? 1 : 0));
    line = rule.line;
    // 0: rebuilt from the tables; else the length + 1, then the text as written.
    if (patterns) {
      if (rebuildable[id] === 1) w.bytes[at++] = 0;
      else {
        at = putVarint(w.bytes, at, raw.length + 1);
        w.length = at;
        w.raw(raw);
        continue;
      }
    }
    w.length = at;
  }
}

function _writeRanks(w: ByteWriter, built: BuiltParts): void {
  const { rankRules, rankCompanion } = built;
  w.room(5 + 5 * rankRules.length);
  w.vq(rankRules.length);
  for (let rank = 0; rank < rankRules.length; rank++) w.vq(((rankRules[rank] as number) << 1) | (rankCompanion[rank] as number));
}

function _writeMatchers(w: ByteWriter, built: BuiltParts): void {
  // The parts and segment trie are bytes written during the build; _writeWildcards' indexed
  // loop runs unoptimised in a process's first compile, where for..of pays an iterator per array.
  _writeSegmentTrie(w, built);
  _writeWildcards(w, built);
  _writeParts(w, built);
}

function _writeSegmentTrie(w: ByteWriter, built: BuiltParts): void {
  w.v(built.segmentCount);
  w.raw(built.segmentBytes);
}

function _writeWildcards(w: ByteWriter, built: BuiltParts): void {
  const { wildRank, wildShape, wildSegments, segmentNode } = built;
  w.v(wildRank.length);
  let seg = 0;
  for (let i = 0; i < wildRank.length; i++) {
    const shape = wildShape[i] as number;
    const end = seg + (shape >> 1);
    w.room(10 + 5 * (shape >> 1));
    w.vq(wildRank[i] as number);
    w.vq(shape);
    for (; seg < end; seg++) w.vq(segmentNode[wildSegments[seg] as number] as number);
  }
}

function _writeParts(w: ByteWriter, built: BuiltParts): void {
  w.v(built.partCount);
  w.raw(built.partBytes);
}

function _writeGroups(w: ByteWriter, input: ArtifactInput): void {
  const { plan, merged, parsed } = input;
  w.v(plan.groups.length);
  w.v(plan.global + 1);
  for (let k = 0; k < plan.groups.length; k++) {
    const group = merged.groups[plan.groups[k] as number] as MergedGroups['groups'][number];
    w.v((group.global ? GROUP_FLAG_GLOBAL : 0) | (plan.built[k] === 1 ? 0 : GROUP_FLAG_UNBUILT));
    w.s(group.crawlDelay === undefined ? '' : String(group.crawlDelay));
    const parts = plan.groupParts[k] as readonly number[];
    w.v(parts.length);
    for (let i = 0; i < parts.length; i++) w.v(parts[i] as number);
    const sources = group.sources;
    w.v(sources.length);
    for (let i = 0; i < sources.length; i++) {
      const source = sources[i] as number;
      w.v(plan.firstRule[source] as number);
      w.v((parsed.groups[source] as ParsedRobots['groups'][number]).rules.length);
    }
  }
}

function _writeTexts(w: ByteWriter, input: ArtifactInput): void {
  const { parsed } = input;
  const { sitemaps, others } = parsed;
  w.v(sitemaps.length);
  for (let i = 0; i < sitemaps.length; i++) w.s((sitemaps[i] as ParsedRobots['sitemaps'][number]).url);
  w.v(others.length);
  let line = 0;
  for (let i = 0; i < others.length; i++) {
    const d = others[i] as ParsedRobots['others'][number];
    w.v(d.line - line);
    line = d.line;
    w.s(d.key);
    w.s(d.value);
    w.v(d.group + 1);
  }
  w.v(input.warnings.length);
  for (const warning of input.warnings) {
    w.v(WARNING_CODES.indexOf(warning.code));
    w.v(warning.line);
  }
}

/**
 * Returns the artifact bytes for a compiled file. Deterministic: the same input always gives
 * the same bytes. O(size of the output).
 */
export function serializeArtifact(input: ArtifactInput): Uint8Array {
  const { parsed, plan } = input;
  // Room for the usual artifact (smaller than its source) without growing, in the buffer of the
  // last compile when it is large enough (every byte up to the length is written again); an
  // input without texts (compileRobots' per-group artifact) writes about a byte per rule and
  // its group's tables.
  const texts = input.patterns || parsed.sitemaps.length > 0 || parsed.others.length > 0 || plan.agents.length > 0;
  const want = (texts ? parsed.byteLength : 2 * plan.rules.length) + 256;
  const w = _written.writer(want, HEADER_BYTES);
  // Indexed loops, no destructuring: each walked an iterator per compile.
  const scope = input.scope;
  w.v(scope === undefined ? 0 : scope.length);
  if (scope !== undefined) for (let i = 0; i < scope.length; i++) w.s(scope[i] as string);
  const agents = plan.agents;
  w.v(agents.length);
  for (let i = 0; i < agents.length; i++) {
    const agent = agents[i] as readonly [string, number];
    w.s(agent[0]);
    w.v(agent[1]);
  }
  // One long loop per writer, each called from here: a cold process compiles each on its own
  // (on-stack replacement compiles the enclosing function, and code after its loop, reached
  // with no feedback yet, threw the compiled code away).
  _writeRules(w, input);
  _writeRanks(w, input.built);
  _writeMatchers(w, input.built);
  _writeGroups(w, input);
  _writeTexts(w, input);
  if (_hasPreferences(input.parsed)) w.raw(serializePreferences(input.parsed, input.merged, input.plan, input.profile));
  else {
    // No preference line (nearly every file): two zero counts and a zero count per group, as
    // serializePreferences writes them, without its buffer.
    const zeros = 2 + input.plan.groups.length;
    w.room(zeros);
    for (let k = 0; k < zeros; k++) w.bytes[w.length++] = 0;
  }
  const flags = (input.profile === 'google' ? FLAG_PROFILE_GOOGLE : 0) | (input.patterns ? FLAG_PATTERNS : 0) |
    (input.scope === undefined ? 0 : FLAG_SCOPED);
  const bytes = w.bytes;
  _setUint32(bytes, 0, MAGIC);
  bytes[4] = FORMAT_VERSION & 0xff;
  bytes[5] = FORMAT_VERSION >>> 8;
  bytes[6] = flags & 0xff;
  bytes[7] = flags >>> 8;
  _setUint32(bytes, 8, w.length);
  // Summed in the writer's buffer, then copied: a copy of at most 64 bytes sits on V8's heap,
  // where the sum's word view moved it off again (12% of a CPU profile of a one-rule file's
  // compile). The checksum field reads as 0 to the sum (and stays 0 unchecked).
  const view = new Uint8Array(bytes.buffer, bytes.byteOffset, w.length);
  _setUint32(view, 12, input.unchecked === true ? 0 : computeChecksum(view));
  _written.keep(w);
  return input.unchecked === true ? view : view.slice();
}

/** Writes `x` little-endian at `at` (no DataView per artifact). */
function _setUint32(out: Uint8Array, at: number, x: number): void {
  out[at] = x & 0xff;
  out[at + 1] = (x >>> 8) & 0xff;
  out[at + 2] = (x >>> 16) & 0xff;
  out[at + 3] = x >>> 24;
}

/** Returns true when any parsed group has a preference line. */
function _hasPreferences(parsed: ParsedRobots): boolean {
  for (let g = 0; g < parsed.groups.length; g++) if ((parsed.groups[g] as ParsedRobots['groups'][number]).preferences.length > 0) return true;
  return false;
}
