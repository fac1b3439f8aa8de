/**
 * Stage 5 of the compiler: parsed file, merged groups and built automata to the artifact bytes
 * laid out in `@robomata/runtime`'s format.ts (the one compiler/runtime contract).
 */
import {
  CLASS_MAP_WORDS, FLAG_PROFILE_GOOGLE, FORMAT_VERSION,
  GROUP_FLAG_GLOBAL, HEADER_CHECKSUM, HEADER_LENGTH, HEADER_MAGIC,
  HEADER_SECTION_COUNT, HEADER_SECTIONS, HEADER_VERSION_FLAGS, HEADER_WORDS, KIND_ALLOW,
  KIND_DISALLOW, MAGIC, PART_WORDS, SECTION_COUNT, computeChecksum,
  type Profile,
} from '@robomata/runtime';
import type { BuiltAutomaton, BuiltPart } from './build-automaton.js';
import type { MergedGroups } from './merge-groups.js';
import type { ParsedRobots, ParsedRule } from './parse.js';

/** Everything {@link serializeArtifact} writes. */
export interface ArtifactInput {
  readonly profile: Profile;
  readonly parsed: ParsedRobots;
  readonly merged: MergedGroups;
  /** One per merged group, same order. */
  readonly automata: readonly BuiltAutomaton[];
  /** Rule id of every rule of every parsed group. */
  readonly ruleIds: ReadonlyMap<ParsedRule, number>;
  /** Rules by id. */
  readonly rules: readonly ParsedRule[];
}

const _ENCODER = new TextEncoder();

/** Interns strings into the STRINGS section. */
class _Strings {
  readonly chunks: Uint8Array[] = [];
  length = 0;
  readonly seen = new Map<string, number>();

  /** Returns the byte offset of `s` (UTF-8) in the section, adding it once. */
  add(s: string): [number, number] {
    const bytes = _ENCODER.encode(s);
    const known = this.seen.get(s);
    if (known !== undefined) return [known, bytes.length];
    const off = this.length;
    this.seen.set(s, off);
    this.chunks.push(bytes);
    this.length += bytes.length;
    return [off, bytes.length];
  }
}

/**
 * Returns the artifact bytes for a compiled file. Deterministic: the same input always gives
 * the same bytes (no maps iterated in insertion-dependent order leak into the output beyond
 * the input's own order). O(size of the output).
 */
export function serializeArtifact(input: ArtifactInput): Uint8Array {
  const strings = new _Strings();
  const pool: number[] = [];

  // Agents: lower-cased token -> group, sorted by bytes.
  const agents = [...input.merged.byToken.entries()].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  const agentWords: number[] = [agents.length];
  for (const [token, group] of agents) agentWords.push(...strings.add(token), group);

  // Parts and groups.
  const partWords: number[] = [0];
  const groupWords: number[] = [input.merged.groups.length, input.merged.global];
  let partCount = 0;
  const f64 = new DataView(new ArrayBuffer(8));
  // Groups whose automaton was shared by the builder's cache point at one copy of it.
  const written = new Map<BuiltPart, number>();
  input.merged.groups.forEach((group, g) => {
    const auto = input.automata[g] as BuiltAutomaton;
    let firstPart = 0;
    if (auto.part !== null) {
      const known = written.get(auto.part);
      if (known === undefined) {
        firstPart = partCount;
        written.set(auto.part, firstPart);
        partWords.push(..._writePart(auto.part, pool));
        partCount++;
      } else {
        firstPart = known;
      }
    }
    const rankOff = pool.length;
    for (let r = 0; r < auto.rankInfo.length; r++) pool.push(auto.rankInfo[r] as number);
    const rulesOff = pool.length;
    for (const rule of group.rules) pool.push(input.ruleIds.get(rule) as number);
    f64.setFloat64(0, group.crawlDelay ?? Number.NaN, true);
    groupWords.push(
      firstPart, auto.part === null ? 0 : 1, rankOff, auto.rankInfo.length, rulesOff, group.rules.length,
      f64.getInt32(0, true), f64.getInt32(4, true), group.global ? GROUP_FLAG_GLOBAL : 0,
    );
  });
  partWords[0] = partCount;

  const ruleWords: number[] = [input.rules.length];
  for (const rule of input.rules) {
    ruleWords.push(rule.line, rule.kind === 'allow' ? KIND_ALLOW : KIND_DISALLOW, ...strings.add(rule.pattern));
  }
  const sitemapWords: number[] = [input.parsed.sitemaps.length];
  for (const sm of input.parsed.sitemaps) sitemapWords.push(...strings.add(sm.url));
  const directiveWords: number[] = [input.parsed.others.length];
  for (const d of input.parsed.others) {
    directiveWords.push(d.line, ...strings.add(d.key), ...strings.add(d.value), d.group);
  }

  // Layout.
  const stringBytes = (strings.length + 3) & ~3;
  const sections = [stringBytes, agentWords.length * 4, groupWords.length * 4, partWords.length * 4,
    pool.length * 4, ruleWords.length * 4, sitemapWords.length * 4, directiveWords.length * 4];
  let total = HEADER_WORDS * 4;
  const offsets: number[] = [];
  for (const len of sections) {
    offsets.push(total);
    total += len;
  }
  const out = new Uint8Array(total);
  const view = new DataView(out.buffer);
  view.setInt32(HEADER_MAGIC * 4, MAGIC, true);
  view.setInt32(HEADER_VERSION_FLAGS * 4, FORMAT_VERSION | ((input.profile === 'google' ? FLAG_PROFILE_GOOGLE : 0) << 16), true);
  view.setInt32(HEADER_LENGTH * 4, total, true);
  view.setInt32(HEADER_SECTION_COUNT * 4, SECTION_COUNT, true);
  for (let i = 0; i < SECTION_COUNT; i++) {
    view.setInt32((HEADER_SECTIONS + 2 * i) * 4, offsets[i] as number, true);
    view.setInt32((HEADER_SECTIONS + 2 * i + 1) * 4, sections[i] as number, true);
  }
  let at = offsets[0] as number;
  for (const chunk of strings.chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  const words = [agentWords, groupWords, partWords, pool, ruleWords, sitemapWords, directiveWords];
  words.forEach((list, k) => {
    let o = offsets[k + 1] as number;
    for (const w of list) {
      view.setInt32(o, w, true);
      o += 4;
    }
  });
  view.setUint32(HEADER_CHECKSUM * 4, computeChecksum(out), true);
  return out;
}

function _writePart(part: BuiltPart, pool: number[]): number[] {
  const classOff = pool.length;
  for (let w = 0; w < CLASS_MAP_WORDS; w++) {
    const b = w * 4;
    pool.push(
      (part.classMap[b] as number) | ((part.classMap[b + 1] as number) << 8) |
      ((part.classMap[b + 2] as number) << 16) | ((part.classMap[b + 3] as number) << 24),
    );
  }
  const headerOff = pool.length;
  for (let i = 0; i < part.header.length; i++) pool.push(part.header[i] as number);
  const pairsOff = pool.length;
  for (let i = 0; i < part.pairs.length; i++) pool.push(part.pairs[i] as number);
  const endOff = pool.length;
  for (let i = 0; i < part.end.length; i++) pool.push(part.end[i] as number);
  // The NFA is only read past frontier states: a complete DFA (98% of corpus groups) omits it.
  const nfaOff = pool.length;
  const nfaWords = part.frontierCount > 0 ? part.nfa.length : 0;
  for (let i = 0; i < nfaWords; i++) pool.push(part.nfa[i] as number);
  const frontierOff = pool.length;
  for (let i = 0; i < part.frontiers.length; i++) pool.push(part.frontiers[i] as number);
  const listsOff = pool.length;
  for (let i = 0; i < part.frontierLists.length; i++) pool.push(part.frontierLists[i] as number);
  const words = [
    classOff, part.classCount, part.stateCount, part.start, part.settleVerdict, part.settleRule,
    headerOff, pairsOff, part.pairs.length >> 1, endOff, nfaOff, nfaWords >> 1,
    frontierOff, part.frontierCount, listsOff, part.frontierLists.length,
  ];
  if (words.length !== PART_WORDS) throw new Error('internal: PART_WORDS mismatch');
  return words;
}
