/**
 * The artifact format: the single contract between `@robomata/compiler` (which writes it) and
 * `@robomata/runtime` (which validates and reads it). Nothing else is shared between them.
 *
 * An artifact is a sequence of little-endian 32-bit words (its byte length is a multiple of
 * 4), so every integer table is a zero-copy `Int32Array` view when the bytes are 4-aligned.
 *
 * ```
 * word  field
 * 0     MAGIC          0x544d4252, the bytes "RBMT"
 * 1     VERSION | FLAGS << 16   FORMAT_VERSION; FLAG_PROFILE_GOOGLE (bit 0) or rfc9309
 * 2     total byte length of the artifact
 * 3     checksum: FNV-1a 32 over every byte, this word read as 0 (see computeChecksum)
 * 4     SECTION_COUNT
 * 5     reserved, 0
 * 6+2i  byte offset of section i      (4-aligned, sections in order, contiguous)
 * 7+2i  byte length of section i      (multiple of 4)
 * ```
 *
 * Sections, in this order (word offsets inside a section count from its start):
 *
 * - `SECTION_STRINGS`: UTF-8 bytes, zero-padded to 4. A string reference is the pair
 *   (byte offset in this section, byte length).
 * - `SECTION_AGENTS`: `count`, then `count` records of `AGENT_WORDS`: token string
 *   (lower-cased product token, `[a-z_-]*`), merged-group index. Sorted by token bytes,
 *   strictly ascending (binary search).
 * - `SECTION_GROUPS`: `count`, index of the merged global group (or -1), then `count` records of
 *   `GROUP_WORDS` (see the `GROUP_*` field offsets). A group's parts are the automata whose
 *   best outputs combine by rank (lowest rank wins). Its rank table (in the pool) maps a rank to
 *   `(ruleId + 1) << 1 | allow` (ruleId -1: the rfc9309 implicit `/robots.txt` allow).
 * - `SECTION_PARTS`: `count`, then `count` records of `PART_WORDS` (see `PART_*`). A part is a
 *   hybrid automaton: a DFA over byte classes with row-displacement ("comb") transition
 *   tables, `j = base(s) + class(b)`, next state = `pairs[2j + 1]` if `pairs[2j] == s`, else
 *   `def(s)`. States are numbered so that `[0, settleVerdict)` may still change the verdict,
 *   `[settleVerdict, settleRule)` have a settled verdict but may still change the deciding rule,
 *   and `[settleRule, states)` are fully settled: a walk stops there. `end[s]` is the rank
 *   decided if the path ends in state `s` (-1: no rule). A transition target `t < 0` names
 *   frontier state `-t - 2`: a subset-construction state that was not expanded (state cap);
 *   its record gives its position set in the part's NFA, from which the walk continues by NFA
 *   simulation. A group has at most one part.
 * - `SECTION_POOL`: int32 words referenced by groups and parts (class maps: 64 words holding
 *   256 class bytes; state headers: `2 * states` words `base, def`; pairs: `2 * pairCount`
 *   words `check, next`; end outputs; rank tables; group rule lists).
 * - `SECTION_RULES`: `count`, then `count` records of `RULE_WORDS`: line, kind (`KIND_ALLOW`
 *   or `KIND_DISALLOW`), pattern string as written.
 * - `SECTION_SITEMAPS`: `count`, then `count` string references (URL as written).
 * - `SECTION_DIRECTIVES`: `count`, then `count` records of `DIRECTIVE_WORDS`: line, key
 *   string, value string, group index of the parsed group (or -1).
 *
 * Invariants the loader checks (so that no check can read out of bounds or loop): every
 * offset and length lies inside its section; every class byte is `< classes`; every state has
 * `0 <= base` and `base + classes <= pairCount`, `0 <= def < states` or a frontier; every pair
 * whose check is a state has a next state `< states` or a frontier `-f - 2` with
 * `f < frontierCount`; every NFA position has a valid kind, a rank `< rankCount`, and is
 * followed by a position of the same rank unless it is an end, and the k-th run of positions
 * ending in an end (pattern k) has rank k; every frontier list names
 * positions `< positions`; `0 <= start < states`;
 * `0 <= settleVerdict <= settleRule <= states`; every `end` is -1 or `< rankCount`; every rule id
 * is `< rules`; every group index is `< groups`.
 */

/** "RBMT" read as a little-endian 32-bit word. */
export const MAGIC = 0x544d4252;
/** Version of the layout above; the loader rejects any other. */
export const FORMAT_VERSION = 1;
/** Flag bit: the artifact was compiled for the `google` profile (else `rfc9309`). */
export const FLAG_PROFILE_GOOGLE = 1;

export const HEADER_MAGIC = 0;
export const HEADER_VERSION_FLAGS = 1;
export const HEADER_LENGTH = 2;
export const HEADER_CHECKSUM = 3;
export const HEADER_SECTION_COUNT = 4;
export const HEADER_SECTIONS = 6;

export const SECTION_STRINGS = 0;
export const SECTION_AGENTS = 1;
export const SECTION_GROUPS = 2;
export const SECTION_PARTS = 3;
export const SECTION_POOL = 4;
export const SECTION_RULES = 5;
export const SECTION_SITEMAPS = 6;
export const SECTION_DIRECTIVES = 7;
export const SECTION_COUNT = 8;
/** Words in the header: fixed fields plus the section table. */
export const HEADER_WORDS = HEADER_SECTIONS + 2 * SECTION_COUNT;

export const AGENT_WORDS = 3;

export const GROUP_FIRST_PART = 0;
export const GROUP_PART_COUNT = 1;
export const GROUP_RANK_OFFSET = 2;
export const GROUP_RANK_COUNT = 3;
export const GROUP_RULES_OFFSET = 4;
export const GROUP_RULES_COUNT = 5;
/** Crawl-delay as float64 bits (low word, high word); NaN for none. */
export const GROUP_CRAWL_DELAY_LO = 6;
export const GROUP_CRAWL_DELAY_HI = 7;
export const GROUP_FLAGS = 8;
export const GROUP_WORDS = 9;
/** Group flag bit: this merged group is the global (`*`) group. */
export const GROUP_FLAG_GLOBAL = 1;

export const PART_CLASS_OFFSET = 0;
export const PART_CLASS_COUNT = 1;
export const PART_STATE_COUNT = 2;
export const PART_START = 3;
export const PART_SETTLE_VERDICT = 4;
export const PART_SETTLE_RULE = 5;
export const PART_HEADER_OFFSET = 6;
export const PART_PAIRS_OFFSET = 7;
export const PART_PAIR_COUNT = 8;
export const PART_END_OFFSET = 9;
/** Pool offset of the NFA: `2 * positions` words `kind | flags, rank`. */
export const PART_NFA_OFFSET = 10;
export const PART_NFA_POSITIONS = 11;
/** Pool offset of the frontier records: `FRONTIER_WORDS` words each. */
export const PART_FRONTIER_OFFSET = 12;
export const PART_FRONTIER_COUNT = 13;
/** Pool offset and length (words) of the frontier position lists. */
export const PART_LISTS_OFFSET = 14;
export const PART_LISTS_LENGTH = 15;
export const PART_WORDS = 16;
/** Words of a class map in the pool (256 bytes). */
export const CLASS_MAP_WORDS = 64;
/** Rank value meaning "no rule matched yet" (a DFA state's best before any match). */
export const NO_RANK = 0x7fffffff;

/** NFA position kind (low 9 bits): 0-255 a literal byte, or one of these. */
export const NFA_KIND_STAR = 256;
export const NFA_KIND_END = 257;
export const NFA_KIND_MASK = 0x1ff;

/** Returns the kind of NFA position `x` of `nfa` (`kind | flags, rank` per position): a literal byte, NFA_KIND_STAR or NFA_KIND_END. */
export function nfaKindAt(nfa: Int32Array, x: number): number {
  return (nfa[x << 1] as number) & NFA_KIND_MASK;
}
/** NFA position flag: its pattern ends with `$`. */
export const NFA_ANCHORED = 0x200;
/** NFA position flag: its pattern is an allow. */
export const NFA_ALLOW = 0x400;

/** Frontier record: best rank so far (NO_RANK for none), end rank (-1), level (0 open, 1 verdict settled), list offset, list length. */
export const FRONTIER_BEST = 0;
export const FRONTIER_END = 1;
export const FRONTIER_LEVEL = 2;
export const FRONTIER_LIST_OFFSET = 3;
export const FRONTIER_LIST_LENGTH = 4;
export const FRONTIER_WORDS = 5;

export const RULE_LINE = 0;
export const RULE_KIND = 1;
export const RULE_PATTERN_OFFSET = 2;
export const RULE_PATTERN_LENGTH = 3;
export const RULE_WORDS = 4;
export const KIND_ALLOW = 1;
export const KIND_DISALLOW = 2;

export const SITEMAP_WORDS = 2;
export const DIRECTIVE_WORDS = 6;

/**
 * Returns the FNV-1a 32-bit checksum of an artifact, reading the checksum word as 0. O(n).
 * Detects accidental corruption (truncation, bit rot, mixed-up files); it is not a signature:
 * structural validation, not the checksum, is what makes hostile artifacts safe.
 */
export function computeChecksum(bytes: Uint8Array): number {
  let h = 0x811c9dc5;
  const skipFrom = HEADER_CHECKSUM * 4;
  const n = bytes.length;
  for (let i = 0; i < n; i++) {
    const b = i >= skipFrom && i < skipFrom + 4 ? 0 : (bytes[i] as number);
    h = Math.imul(h ^ b, 0x01000193);
  }
  return h >>> 0;
}

/**
 * Returns true for the unreserved bytes of RFC 3986 (`A-Z a-z 0-9 - . _ ~`): in the rfc9309
 * profile their `%XX` is decoded, in patterns (compiler) and URLs (runtime) alike (SPEC.md
 * section 7), so both sides read this one definition.
 */
export function isUnreservedByte(b: number): boolean {
  return (
    (b >= 0x41 && b <= 0x5a) || (b >= 0x61 && b <= 0x7a) || (b >= 0x30 && b <= 0x39) ||
    b === 0x2d || b === 0x2e || b === 0x5f || b === 0x7e
  );
}

/** Matching profile recorded in an artifact: `rfc9309` (default) or `google` (SPEC.md section 7). */
export type Profile = 'rfc9309' | 'google';
