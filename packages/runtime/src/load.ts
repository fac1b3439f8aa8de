/**
 * Artifact loading: validates every field of an artifact once (format.ts lists the invariants)
 * and returns a {@link Robots} over zero-copy views of it.
 */
import {
  AGENT_WORDS, CLASS_MAP_WORDS, DIRECTIVE_WORDS, FLAG_PROFILE_GOOGLE, FORMAT_VERSION,
  GROUP_CRAWL_DELAY_HI, GROUP_CRAWL_DELAY_LO, GROUP_FIRST_PART, GROUP_FLAGS, GROUP_FLAG_GLOBAL,
  GROUP_PART_COUNT, GROUP_RANK_COUNT, GROUP_RANK_OFFSET, GROUP_RULES_COUNT, GROUP_RULES_OFFSET,
  GROUP_WORDS, HEADER_CHECKSUM, HEADER_LENGTH, HEADER_MAGIC, HEADER_SECTION_COUNT, HEADER_SECTIONS,
  HEADER_VERSION_FLAGS, HEADER_WORDS, KIND_ALLOW, KIND_DISALLOW, MAGIC, PART_CLASS_COUNT,
  PART_CLASS_OFFSET, PART_END_OFFSET, PART_HEADER_OFFSET, PART_PAIRS_OFFSET, PART_NFA_OFFSET,
  PART_NFA_POSITIONS, PART_FRONTIER_OFFSET, PART_FRONTIER_COUNT, PART_LISTS_OFFSET, PART_LISTS_LENGTH,
  FRONTIER_BEST, FRONTIER_END, FRONTIER_LEVEL, FRONTIER_LIST_LENGTH, FRONTIER_LIST_OFFSET, FRONTIER_WORDS,
  NFA_ALLOW, NFA_ANCHORED, NFA_KIND_END, NFA_KIND_MASK, NO_RANK,
  PART_PAIR_COUNT, PART_SETTLE_RULE, PART_SETTLE_VERDICT, PART_START, PART_STATE_COUNT, PART_WORDS,
  RULE_KIND, RULE_LINE, RULE_PATTERN_LENGTH, RULE_PATTERN_OFFSET, RULE_WORDS, SECTION_AGENTS,
  SECTION_COUNT, SECTION_DIRECTIVES, SECTION_GROUPS, SECTION_PARTS, SECTION_POOL, SECTION_RULES,
  SECTION_SITEMAPS, SECTION_STRINGS, SITEMAP_WORDS, computeChecksum, type Profile,
} from './format.js';
import { AutomatonPart } from './matcher.js';
import { Robots, type LoadedGroup, type LoadedRule } from './robots.js';

/** Stable codes of {@link RobotsFormatError}. */
export type RobotsFormatErrorCode =
  | 'too-short'
  | 'bad-magic'
  | 'bad-version'
  | 'bad-length'
  | 'bad-checksum'
  | 'bad-section'
  | 'bad-table'
  | 'unsupported-host';

/** Error thrown by {@link loadRobots} when an artifact is not valid; says what is wrong. */
export class RobotsFormatError extends Error {
  override readonly name = 'RobotsFormatError';
  constructor(
    readonly code: RobotsFormatErrorCode,
    message: string,
  ) {
    super(`invalid robomata artifact (${code}): ${message}`);
  }
}

const _LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;
const _DECODER = new TextDecoder();

function _fail(code: RobotsFormatErrorCode, message: string): never {
  throw new RobotsFormatError(code, message);
}

/** Bounds-checked reader over the artifact's words, for validation only. */
class _Reader {
  constructor(
    readonly words: Int32Array,
    readonly start: number,
    readonly end: number,
    readonly name: string,
  ) {}

  /** Returns word `i` of the section. */
  at(i: number): number {
    const k = this.start + i;
    if (!(i >= 0 && k < this.end)) _fail('bad-table', `${this.name}: word ${i} lies outside the section`);
    return this.words[k] as number;
  }

  /** Checks that records of `size` words at word `from`, `count` of them, fit; returns count. */
  records(from: number, count: number, size: number): number {
    if (!(count >= 0 && from + count * size <= this.end - this.start)) {
      _fail('bad-table', `${this.name}: ${count} records of ${size} words do not fit`);
    }
    return count;
  }
}

function _range(what: string, off: number, len: number, limit: number): void {
  if (!(off >= 0 && len >= 0 && off <= limit && len <= limit - off)) {
    _fail('bad-table', `${what}: range [${off}, +${len}) exceeds ${limit}`);
  }
}

/**
 * Returns a {@link Robots} for an artifact after validating all of it (magic, version, length,
 * checksum, every offset, length and table bound, every transition target), so that no later
 * check can read out of bounds or loop. A 4-byte-aligned input is used in place (a
 * SharedArrayBuffer is shared, not copied: do not mutate it after loading); an unaligned
 * Uint8Array is copied once. Throws {@link RobotsFormatError} for an invalid artifact and
 * TypeError for a wrong argument type. O(artifact size).
 */
export function loadRobots(artifact: Uint8Array | ArrayBuffer | SharedArrayBuffer): Robots {
  let bytes: Uint8Array;
  if (artifact instanceof Uint8Array) bytes = artifact;
  else if (artifact instanceof ArrayBuffer) bytes = new Uint8Array(artifact);
  else if (typeof SharedArrayBuffer !== 'undefined' && artifact instanceof SharedArrayBuffer) bytes = new Uint8Array(artifact);
  else {
    throw new TypeError(
      `loadRobots: artifact must be a Uint8Array, ArrayBuffer or SharedArrayBuffer, got ${artifact === null ? 'null' : typeof artifact}`,
    );
  }
  if (!_LITTLE_ENDIAN) _fail('unsupported-host', 'artifacts are little-endian and this host is not');
  if (bytes.byteLength < HEADER_WORDS * 4) _fail('too-short', `${bytes.byteLength} bytes is shorter than the ${HEADER_WORDS * 4}-byte header`);
  if (bytes.byteLength % 4 !== 0) _fail('bad-length', `length ${bytes.byteLength} is not a multiple of 4`);
  // Copy unaligned input (`new Uint8Array(view)` copies; a Node Buffer's `slice` would not).
  if (bytes.byteOffset % 4 !== 0) bytes = new Uint8Array(bytes);
  const words = new Int32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength >> 2);
  if (words[HEADER_MAGIC] !== MAGIC) _fail('bad-magic', 'the bytes do not start with "RBMT"');
  const versionFlags = words[HEADER_VERSION_FLAGS] as number;
  if ((versionFlags & 0xffff) !== FORMAT_VERSION) {
    _fail('bad-version', `format version ${versionFlags & 0xffff}, this runtime reads version ${FORMAT_VERSION}`);
  }
  const flags = versionFlags >>> 16;
  if ((flags & ~FLAG_PROFILE_GOOGLE) !== 0) _fail('bad-version', `unknown flags 0x${flags.toString(16)}`);
  if (words[HEADER_LENGTH] !== bytes.byteLength) {
    _fail('bad-length', `header says ${words[HEADER_LENGTH]} bytes, artifact has ${bytes.byteLength} (truncated or extended?)`);
  }
  const sum = computeChecksum(bytes);
  if ((words[HEADER_CHECKSUM] as number) >>> 0 !== sum) _fail('bad-checksum', 'checksum mismatch: the artifact is corrupted');
  if (words[HEADER_SECTION_COUNT] !== SECTION_COUNT) _fail('bad-section', `section count ${words[HEADER_SECTION_COUNT]}, expected ${SECTION_COUNT}`);

  const sections: _Reader[] = [];
  let expected = HEADER_WORDS * 4;
  for (let i = 0; i < SECTION_COUNT; i++) {
    const off = words[HEADER_SECTIONS + 2 * i] as number;
    const len = words[HEADER_SECTIONS + 2 * i + 1] as number;
    if (off !== expected || len < 0 || len % 4 !== 0 || len > bytes.byteLength - off) {
      _fail('bad-section', `section ${i} at ${off} (+${len}) is not where the layout puts it (${expected})`);
    }
    sections.push(new _Reader(words, off >> 2, (off + len) >> 2, `section ${i}`));
    expected = off + len;
  }
  if (expected !== bytes.byteLength) _fail('bad-section', 'sections do not end at the end of the artifact');

  const stringsReader = sections[SECTION_STRINGS] as _Reader;
  const strings = bytes.subarray(stringsReader.start * 4, stringsReader.end * 4);
  const readString = (what: string, off: number, len: number): void => _range(what, off, len, strings.length);

  // Agents.
  const agents = sections[SECTION_AGENTS] as _Reader;
  const agentCount = agents.records(1, agents.at(0), AGENT_WORDS);
  const groups = sections[SECTION_GROUPS] as _Reader;
  const groupCount = groups.records(2, groups.at(0), GROUP_WORDS);
  const globalGroup = groups.at(1);
  if (!(globalGroup >= -1 && globalGroup < groupCount)) _fail('bad-table', `global group ${globalGroup} out of range`);
  for (let i = 0; i < agentCount; i++) {
    const off = agents.at(1 + i * AGENT_WORDS);
    const len = agents.at(2 + i * AGENT_WORDS);
    readString('agent token', off, len);
    for (let k = 0; k < len; k++) {
      const c = strings[off + k] as number;
      if (!((c >= 97 && c <= 122) || c === 45 || c === 95)) _fail('bad-table', `agent token ${i} has a byte outside [a-z_-]`);
    }
    const g = agents.at(3 + i * AGENT_WORDS);
    if (!(g >= 0 && g < groupCount)) _fail('bad-table', `agent token ${i} names group ${g} of ${groupCount}`);
    if (i > 0) {
      const pOff = agents.at(1 + (i - 1) * AGENT_WORDS);
      const pLen = agents.at(2 + (i - 1) * AGENT_WORDS);
      if (_compareBytes(strings, pOff, pLen, off, len) >= 0) _fail('bad-table', `agent tokens not strictly sorted at ${i}`);
    }
  }

  // Rules.
  const rulesReader = sections[SECTION_RULES] as _Reader;
  const ruleCount = rulesReader.records(1, rulesReader.at(0), RULE_WORDS);
  const rules: LoadedRule[] = [];
  for (let i = 0; i < ruleCount; i++) {
    const base = 1 + i * RULE_WORDS;
    const kind = rulesReader.at(base + RULE_KIND);
    if (kind !== KIND_ALLOW && kind !== KIND_DISALLOW) _fail('bad-table', `rule ${i} has kind ${kind}`);
    const off = rulesReader.at(base + RULE_PATTERN_OFFSET);
    const len = rulesReader.at(base + RULE_PATTERN_LENGTH);
    readString(`rule ${i} pattern`, off, len);
    rules.push({ line: rulesReader.at(base + RULE_LINE), allow: kind === KIND_ALLOW, offset: off, length: len });
  }

  // Parts.
  const pool = sections[SECTION_POOL] as _Reader;
  const poolWords = pool.end - pool.start;
  const partsReader = sections[SECTION_PARTS] as _Reader;
  const partCount = partsReader.records(1, partsReader.at(0), PART_WORDS);
  const parts: _PartCheck[] = [];
  for (let i = 0; i < partCount; i++) parts.push(_loadPart(bytes, words, pool, poolWords, partsReader, i));

  // Groups.
  const loadedGroups: LoadedGroup[] = [];
  const f64 = new DataView(new ArrayBuffer(8));
  for (let g = 0; g < groupCount; g++) {
    const base = 2 + g * GROUP_WORDS;
    const first = groups.at(base + GROUP_FIRST_PART);
    const count = groups.at(base + GROUP_PART_COUNT);
    _range(`group ${g} parts`, first, count, partCount);
    const rankOff = groups.at(base + GROUP_RANK_OFFSET);
    const rankCount = groups.at(base + GROUP_RANK_COUNT);
    _range(`group ${g} rank table`, rankOff, rankCount, poolWords);
    const rankInfo = words.subarray(pool.start + rankOff, pool.start + rankOff + rankCount);
    for (let r = 0; r < rankCount; r++) {
      const id = ((rankInfo[r] as number) >> 1) - 1;
      if (!((rankInfo[r] as number) >= 0 && id >= -1 && id < ruleCount)) _fail('bad-table', `group ${g} rank ${r} names rule ${id}`);
      // The verdict bit must agree with the rule's kind (the implicit /robots.txt rule allows).
      const allowBit = ((rankInfo[r] as number) & 1) === 1;
      if (allowBit !== (id < 0 ? true : (rules[id] as LoadedRule).allow)) _fail('bad-table', `group ${g} rank ${r} contradicts rule ${id}'s kind`);
    }
    if (count > 1) _fail('bad-table', `group ${g} has ${count} automata; at most 1`);
    const checked = count === 1 ? (parts[first] as _PartCheck) : null;
    if (checked !== null && checked.maxRank >= rankCount) _fail('bad-table', `group ${g}: automaton names rank ${checked.maxRank} of ${rankCount}`);
    const rulesOff = groups.at(base + GROUP_RULES_OFFSET);
    const rulesCount = groups.at(base + GROUP_RULES_COUNT);
    _range(`group ${g} rule list`, rulesOff, rulesCount, poolWords);
    const ruleIds: number[] = [];
    for (let k = 0; k < rulesCount; k++) {
      const id = words[pool.start + rulesOff + k] as number;
      if (!(id >= 0 && id < ruleCount)) _fail('bad-table', `group ${g} lists rule ${id} of ${ruleCount}`);
      ruleIds.push(id);
    }
    f64.setInt32(0, groups.at(base + GROUP_CRAWL_DELAY_LO), true);
    f64.setInt32(4, groups.at(base + GROUP_CRAWL_DELAY_HI), true);
    const delay = f64.getFloat64(0, true);
    const flagWord = groups.at(base + GROUP_FLAGS);
    if ((flagWord & ~GROUP_FLAG_GLOBAL) !== 0) _fail('bad-table', `group ${g} has unknown flags`);
    loadedGroups.push({
      part: checked === null ? null : checked.part,
      rankInfo,
      ruleIds,
      crawlDelay: Number.isFinite(delay) && delay >= 0 ? delay : undefined,
      global: (flagWord & GROUP_FLAG_GLOBAL) !== 0,
    });
  }

  // Sitemaps and directives.
  const sm = sections[SECTION_SITEMAPS] as _Reader;
  const smCount = sm.records(1, sm.at(0), SITEMAP_WORDS);
  const sitemaps: string[] = [];
  for (let i = 0; i < smCount; i++) {
    const off = sm.at(1 + i * SITEMAP_WORDS);
    const len = sm.at(2 + i * SITEMAP_WORDS);
    readString(`sitemap ${i}`, off, len);
    sitemaps.push(_DECODER.decode(strings.subarray(off, off + len)));
  }
  const dr = sections[SECTION_DIRECTIVES] as _Reader;
  const drCount = dr.records(1, dr.at(0), DIRECTIVE_WORDS);
  const directives: { line: number; key: string; value: string; group: number }[] = [];
  for (let i = 0; i < drCount; i++) {
    const b = 1 + i * DIRECTIVE_WORDS;
    readString(`directive ${i} key`, dr.at(b + 1), dr.at(b + 2));
    readString(`directive ${i} value`, dr.at(b + 3), dr.at(b + 4));
    directives.push({
      line: dr.at(b),
      key: _DECODER.decode(strings.subarray(dr.at(b + 1), dr.at(b + 1) + dr.at(b + 2))),
      value: _DECODER.decode(strings.subarray(dr.at(b + 3), dr.at(b + 3) + dr.at(b + 4))),
      group: dr.at(b + 5),
    });
  }

  const profile: Profile = (flags & FLAG_PROFILE_GOOGLE) !== 0 ? 'google' : 'rfc9309';
  const agentEntries = words.subarray(agents.start + 1, agents.start + 1 + agentCount * AGENT_WORDS);
  return new Robots(bytes, profile, strings, agentEntries, agentCount, globalGroup, loadedGroups, rules, sitemaps, directives);
}

/** A validated part plus the highest rank it refers to (checked against each group's rank table). */
interface _PartCheck {
  readonly part: AutomatonPart;
  readonly maxRank: number;
}

function _loadPart(bytes: Uint8Array, words: Int32Array, pool: _Reader, poolWords: number, reader: _Reader, i: number): _PartCheck {
  const at = (field: number): number => reader.at(1 + i * PART_WORDS + field);
  const what = `part ${i}`;
  const classOff = at(PART_CLASS_OFFSET);
  const classCount = at(PART_CLASS_COUNT);
  const stateCount = at(PART_STATE_COUNT);
  const start = at(PART_START);
  const settleVerdict = at(PART_SETTLE_VERDICT);
  const settleRule = at(PART_SETTLE_RULE);
  const headerOff = at(PART_HEADER_OFFSET);
  const pairsOff = at(PART_PAIRS_OFFSET);
  const pairCount = at(PART_PAIR_COUNT);
  const endOff = at(PART_END_OFFSET);
  const nfaOff = at(PART_NFA_OFFSET);
  const positions = at(PART_NFA_POSITIONS);
  const frontierOff = at(PART_FRONTIER_OFFSET);
  const frontierCount = at(PART_FRONTIER_COUNT);
  const listsOff = at(PART_LISTS_OFFSET);
  const listsLen = at(PART_LISTS_LENGTH);
  if (!(classCount >= 1 && classCount <= 256)) _fail('bad-table', `${what}: ${classCount} byte classes`);
  if (!(stateCount >= 1)) _fail('bad-table', `${what}: ${stateCount} states`);
  if (!(start >= 0 && start < stateCount)) _fail('bad-table', `${what}: start state ${start} of ${stateCount}`);
  if (!(settleVerdict >= 0 && settleVerdict <= settleRule && settleRule <= stateCount)) {
    _fail('bad-table', `${what}: settled thresholds ${settleVerdict}/${settleRule} of ${stateCount}`);
  }
  if (!(pairCount >= classCount)) _fail('bad-table', `${what}: ${pairCount} slots for ${classCount} classes`);
  _range(`${what} class map`, classOff, CLASS_MAP_WORDS, poolWords);
  _range(`${what} state headers`, headerOff, 2 * stateCount, poolWords);
  _range(`${what} pairs`, pairsOff, 2 * pairCount, poolWords);
  _range(`${what} end outputs`, endOff, stateCount, poolWords);
  _range(`${what} NFA`, nfaOff, 2 * positions, poolWords);
  _range(`${what} frontier records`, frontierOff, FRONTIER_WORDS * frontierCount, poolWords);
  _range(`${what} frontier lists`, listsOff, listsLen, poolWords);
  const cls = bytes.subarray((pool.start + classOff) * 4, (pool.start + classOff) * 4 + 256);
  for (let b = 0; b < 256; b++) if ((cls[b] as number) >= classCount) _fail('bad-table', `${what}: byte ${b} has class ${cls[b]} of ${classCount}`);
  const view = (off: number, len: number): Int32Array => words.subarray(pool.start + off, pool.start + off + len);
  const header = view(headerOff, 2 * stateCount);
  const pairs = view(pairsOff, 2 * pairCount);
  const end = view(endOff, stateCount);
  const nfa = view(nfaOff, 2 * positions);
  const frontiers = view(frontierOff, FRONTIER_WORDS * frontierCount);
  const lists = view(listsOff, listsLen);
  const isTarget = (t: number): boolean => (t >= 0 && t < stateCount) || (t <= -2 && -t - 2 < frontierCount);
  for (let s = 0; s < stateCount; s++) {
    const base = header[2 * s] as number;
    const def = header[2 * s + 1] as number;
    if (!(base >= 0 && base <= pairCount - classCount)) _fail('bad-table', `${what}: state ${s} row base ${base} overflows ${pairCount} slots`);
    if (!isTarget(def)) _fail('bad-table', `${what}: state ${s} default target ${def} is no state`);
  }
  for (let j = 0; j < pairCount; j++) {
    const owner = pairs[2 * j] as number;
    if (owner === -1) continue;
    if (!(owner >= 0 && owner < stateCount)) _fail('bad-table', `${what}: slot ${j} owner ${owner} of ${stateCount}`);
    if (!isTarget(pairs[2 * j + 1] as number)) _fail('bad-table', `${what}: slot ${j} target ${pairs[2 * j + 1]} is no state`);
  }
  let maxRank = -1;
  for (let s = 0; s < stateCount; s++) maxRank = Math.max(maxRank, end[s] as number);
  let pattern = 0;
  for (let x = 0; x < positions; x++) {
    const w = nfa[2 * x] as number;
    const kind = w & NFA_KIND_MASK;
    const r = nfa[2 * x + 1] as number;
    if ((w & ~(NFA_KIND_MASK | NFA_ANCHORED | NFA_ALLOW)) !== 0 || kind > NFA_KIND_END || r < 0) {
      _fail('bad-table', `${what}: NFA position ${x} is malformed`);
    }
    // Every non-end position is followed by one of the same pattern, so stepping stays in range.
    if (kind !== NFA_KIND_END && !(x + 1 < positions && nfa[2 * x + 3] === r)) _fail('bad-table', `${what}: NFA position ${x} runs off its pattern`);
    // Pattern k (the k-th END-terminated run) has rank k: dominance pruning and the rule scan
    // rely on a rank naming one pattern.
    if (r !== pattern) _fail('bad-table', `${what}: NFA position ${x} has rank ${r} in pattern ${pattern}`);
    if (kind === NFA_KIND_END) pattern++;
    maxRank = Math.max(maxRank, r);
  }
  for (let f = 0; f < frontierCount; f++) {
    const best = frontiers[f * FRONTIER_WORDS + FRONTIER_BEST] as number;
    const fEnd = frontiers[f * FRONTIER_WORDS + FRONTIER_END] as number;
    const level = frontiers[f * FRONTIER_WORDS + FRONTIER_LEVEL] as number;
    const off = frontiers[f * FRONTIER_WORDS + FRONTIER_LIST_OFFSET] as number;
    const len = frontiers[f * FRONTIER_WORDS + FRONTIER_LIST_LENGTH] as number;
    if (!((best >= 0 || best === NO_RANK) && fEnd >= -1 && (level === 0 || level === 1))) _fail('bad-table', `${what}: frontier ${f} is malformed`);
    if (!(len <= positions)) _fail('bad-table', `${what}: frontier ${f} lists ${len} of ${positions} positions`);
    _range(`${what} frontier ${f} list`, off, len, listsLen);
    for (let k = 0; k < len; k++) {
      const x = lists[off + k] as number;
      if (!(x >= 0 && x < positions)) _fail('bad-table', `${what}: frontier ${f} names position ${x}`);
    }
    if (best !== NO_RANK) maxRank = Math.max(maxRank, best);
    maxRank = Math.max(maxRank, fEnd);
  }
  const part = new AutomatonPart(cls, header, pairs, end, start, settleVerdict, settleRule, classCount, stateCount, nfa, frontiers, lists, frontierCount);
  return { part, maxRank };
}

function _compareBytes(b: Uint8Array, aOff: number, aLen: number, cOff: number, cLen: number): number {
  const m = aLen < cLen ? aLen : cLen;
  for (let k = 0; k < m; k++) {
    const d = (b[aOff + k] as number) - (b[cOff + k] as number);
    if (d !== 0) return d;
  }
  return aLen - cLen;
}
