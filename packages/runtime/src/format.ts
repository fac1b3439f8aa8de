/**
 * The artifact format: the single contract between `@robomata/compiler` (which writes it) and
 * `@robomata/runtime` (which validates and reads it). Nothing else is shared between them.
 *
 * An artifact is a 16-byte header followed by a body of unsigned LEB128 varints (`v`), raw
 * bytes (`b`) and byte strings (`s` = `v` length, then that many bytes):
 *
 * ```
 * byte  field
 * 0     u32 MAGIC           the bytes "RBMT"
 * 4     u16 FORMAT_VERSION  the loader rejects any other (typed error 'bad-version')
 * 6     u16 FLAGS           FLAG_PROFILE_GOOGLE, FLAG_PATTERNS, FLAG_SCOPED
 * 8     u32 total byte length of the artifact
 * 12    u32 checksum: MurmurHash3 x86_32 (seed 0) over every byte, this field read as 0 (see computeChecksum)
 * ```
 *
 * The body's sections, in this order (all integers `v`):
 *
 * 1. SCOPE: count, then count `s` product tokens (lower-case `[a-z_-]*`, strictly ascending):
 *    the agents an agent-scoped artifact was compiled for (FLAG_SCOPED; 0 tokens otherwise).
 *    Every group, token and rule of the file is listed whatever the scope; groups outside it
 *    carry GROUP_FLAG_UNBUILT.
 * 2. AGENTS: count, then per entry `s` token (lower-case `[a-z_-]*`, strictly ascending) and
 *    merged-group index.
 * 3. RULES: count, then per rule `(line - previous line) << 1 | allow` (lines ascend strictly
 *    from 0), and with FLAG_PATTERNS its pattern as written: `v` 0 when the text is exactly the
 *    body of the rule's best-ranked pattern (plus `$`) and the runtime rebuilds it from the
 *    tables, else `v` length + 1 and the bytes.
 * 4. RANKS: count, then per rank `ruleId << 1 | companion`: the rule id it decides for, and 1
 *    when the rank's pattern is an allow rule's index.html companion (`Allow: /d/index.html`
 *    also allows exactly `/d/`, docs/semantics.md section 5) rather than the rule's
 *    own pattern (the loader rejects a companion of a disallow rule). Rank order is the
 *    decision order of docs/semantics.md section 5 over every pattern of the file: longer
 *    pattern first, allow before disallow, earlier line first; the lowest matching rank of a
 *    group decides.
 * 5. SEGMENTS: the Aho-Corasick trie over every distinct literal segment (the bytes between
 *    two `*`, or after the last one) of the file's wildcard patterns: node count, then per
 *    node `1..count-1` in breadth-first order its parent (nondecreasing, `< node`), `b` edge
 *    byte (strictly ascending among siblings) and `fail << 1 | out` (fail: the node of the
 *    longest proper suffix in the trie, of smaller depth; out: a segment ends here). A segment
 *    is named by the node where it ends.
 * 6. WILDCARDS: count, then per pattern with a `*`: rank, `segmentCount << 1 | anchored`, and
 *    segmentCount segment nodes (each with out set). Ordered by part, trie node, then rank.
 *    The pattern's shape (globset's strategies: one required literal `H*X`, suffix `H*X$`,
 *    general) is a function of `segmentCount` and `anchored`, so it is not stored again: the
 *    loader classifies each pattern once (tables.ts SHAPE_*), and a literal prefix `H*` is
 *    already a PARTS prefix pattern (a trailing `*` is dropped).
 * 7. PARTS: count, then per part a radix trie of its patterns' literal heads (the bytes before
 *    the first `*`, or the whole literal pattern): node count, then per node in breadth-first
 *    order (children contiguous, ascending by first label byte) its child count, `s` edge
 *    label (empty only for the root), `prefixRank + 1` (0: none; a literal prefix pattern
 *    ends here), `endRank + 1` (0: none; a literal pattern with a final `$` ends here) and the
 *    number of wildcard patterns whose head ends here (taken in order from WILDCARDS).
 * 8. GROUPS: count, `global + 1` (0: no global group), then per merged group its flags
 *    (GROUP_FLAG_GLOBAL, GROUP_FLAG_UNBUILT), `s` crawl-delay as written by `String(seconds)` (empty: none), part
 *    count and part indices, then source count and per source `firstRule`, `ruleCount`
 *    (disjoint, ascending: the rules of the group's parsed groups).
 * 9. SITEMAPS: count, then `s` URLs in file order.
 * 10. DIRECTIVES: count, then per directive `line - previous line` (nondecreasing), `s` key,
 *     `s` value and `parsed group + 1` (0: before any group).
 * 11. WARNINGS: count, then per warning its code (index in WARNING_CODES) and line.
 * 12. PREFERENCES (Content-Usage and Content-Signal rules, docs/semantics.md section 10; kept
 *     out of the allow/disallow parts so that `isAllowed` never reads them; usage.ts reads it):
 *     - statement count, then per statement `s` the statement as written, and its answers:
 *       count, then per answer its key (`[a-z*][a-z0-9_.*-]*`) as `v` offset and `v` length
 *       within the statement's text, and `v` 1 (allow: `y` / `yes`) or 2 (disallow: `n` /
 *       `no`), keys strictly ascending; keys with any other value have no answer.
 *     - rule count, then per rule `v` line (1-based), `v` `kind | anchored << 1` (kind 0
 *       Content-Usage, 1 Content-Signal), `v` priority (octets of the profile's pattern form,
 *       docs/semantics.md sections 5 and 7; 0 for no path), `s` path as written, the body in
 *       matching form (empty, or `/` first; `*` the wildcard, no `**`, no trailing `*`, a final
 *       `$` dropped into `anchored`) as `v` 0 when it is the path as written, else `v` length + 1
 *       and its bytes, then `v` statement index.
 *     - per merged group (exactly the GROUPS count): source count, then per source `firstRule`
 *       and `ruleCount` (disjoint, ascending). Within a source the rules run Content-Usage
 *       first, then by priority descending (the runtime stops at a shorter one), then by body
 *       and anchor (equal paths adjacent: matched once), then by line.
 *       Unbuilt groups have no sources.
 *
 * The body must end exactly at the header's length. Invariants the loader checks (so that no
 * check can read out of bounds or loop): every varint fits 31 bits and every count its
 * section; every index names an existing entry; tokens, lines and sibling bytes are ordered as
 * stated; AC parents precede their children and fail links point to shallower nodes; every
 * radix node but the root has a non-empty label and the children of a node start with distinct,
 * ascending bytes; wildcard counts add up to WILDCARDS; every rank is `< RANKS count`.
 */

/** "RBMT" read as a little-endian 32-bit word. */
export const MAGIC = 0x544d4252;
/** Version of the layout above; the loader rejects any other. */
export const FORMAT_VERSION = 3;
/** Bytes of the fixed header. */
export const HEADER_BYTES = 16;
/** Flag bit: compiled for the `google` profile (else `rfc9309`). */
export const FLAG_PROFILE_GOOGLE = 1;
/** Flag bit: rule patterns are stored as written (else `rule(id).pattern` is undefined). */
export const FLAG_PATTERNS = 2;
/** Flag bit: compiled for the agents listed in SCOPE only. */
export const FLAG_SCOPED = 4;
/** Every flag bit this version knows. */
export const KNOWN_FLAGS = FLAG_PROFILE_GOOGLE | FLAG_PATTERNS | FLAG_SCOPED;
/** Group flag bit: this merged group is the global (`*`) group. */
export const GROUP_FLAG_GLOBAL = 1;
/**
 * Group flag bit: the group's parts were not built into this artifact (an agent-scoped compile,
 * or a group `compileRobots` builds on first use); it has no parts and `agent()` refuses it.
 * Group indices and rule ids stay those of the whole file either way.
 */
export const GROUP_FLAG_UNBUILT = 2;
/** Warning codes in the order the WARNINGS section numbers them. */
export const WARNING_CODES = ['truncated', 'html', 'binary'] as const;
/**
 * The one text of each warning code: the compiler's parse warnings, `Robots#warnings`, the CLI
 * and the playground all print these (details such as byte counts travel in diagnostics).
 */
export const WARNING_MESSAGES: Readonly<Record<WarningCode, string>> = {
  truncated: 'the body passed the size limit and was cut here (RFC 9309 section 2.5): rules past the cut do not apply, so the cut may hide rules that disallow a URL',
  html: 'the body is an HTML page, not a robots.txt (a server error, login or soft-404 page served as robots.txt): its lines are not directives, so it most likely allows everything',
  binary: 'the body is binary data or UTF-16 text, not the UTF-8 robots.txt RFC 9309 requires: it is parsed as text anyway and its rules are probably not what the site meant',
};
/** Rank value meaning "no rule matched". */
export const NO_RANK = 0x7fffffff;

/**
 * Returns the MurmurHash3 x86_32 checksum (seed 0) of an artifact, reading the checksum field
 * (bytes 12..15, the fourth 32-bit block) as 0. O(n), a 32-bit word per step. Every change
 * confined to one aligned 32-bit word is detected (each block's mix is a bijection), and the
 * length is mixed in. Detects accidental corruption (truncation, bit rot,
 * mixed-up files); it is not a signature: structural validation, not the checksum, is what
 * makes hostile artifacts safe.
 */
export function computeChecksum(bytes: Uint8Array): number {
  const n = bytes.length;
  const blocks = n >>> 2;
  // Blocks 0..2, block 3 (the field) as 0, then the rest.
  const head = blocks < 3 ? blocks : 3;
  let h = 0;
  if (_LITTLE_ENDIAN && (bytes.byteOffset & 3) === 0) {
    const words = new Uint32Array(bytes.buffer, bytes.byteOffset, blocks);
    h = _mixWords(words, 0, head, h);
    if (blocks > 3) h = _mixWords(words, 4, blocks, _mixBlock(h, 0));
  } else {
    h = _mixByteBlocks(bytes, 0, head, h);
    if (blocks > 3) h = _mixByteBlocks(bytes, 4, blocks, _mixBlock(h, 0));
  }
  const t = blocks << 2;
  // The tail (n % 4 bytes, little-endian); a tail at byte 12 is inside the field: zeros, no change.
  if (t !== 12 && (n & 3) !== 0) {
    let k = bytes[t] as number;
    if ((n & 3) > 1) k |= (bytes[t + 1] as number) << 8;
    if ((n & 3) > 2) k |= (bytes[t + 2] as number) << 16;
    h ^= _scrambleBlock(k);
  }
  h ^= n;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** True where a Uint32Array reads bytes little-endian (MurmurHash3's block order). */
const _LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;

/** MurmurHash3's block scramble (a bijection of 32-bit words). */
function _scrambleBlock(k: number): number {
  k = Math.imul(k, 0xcc9e2d51);
  k = (k << 15) | (k >>> 17);
  return Math.imul(k, 0x1b873593);
}

/** Returns `h` with block `k` mixed in (MurmurHash3's body step). */
function _mixBlock(h: number, k: number): number {
  h ^= _scrambleBlock(k);
  h = (h << 13) | (h >>> 19);
  return (Math.imul(h, 5) + 0xe6546b64) | 0;
}

/** Returns `h` with `words[from, to)` mixed in. */
function _mixWords(words: Uint32Array, from: number, to: number, h: number): number {
  for (let i = from; i < to; i++) h = _mixBlock(h, words[i] as number);
  return h;
}

/** Returns `h` with blocks `[from, to)` of `bytes` mixed in, each read little-endian (an unaligned view or a big-endian host). */
function _mixByteBlocks(bytes: Uint8Array, from: number, to: number, h: number): number {
  for (let i = from; i < to; i++) {
    const o = i << 2;
    h = _mixBlock(h, (bytes[o] as number) | ((bytes[o + 1] as number) << 8) | ((bytes[o + 2] as number) << 16) | ((bytes[o + 3] as number) << 24));
  }
  return h;
}

/**
 * Returns true for the unreserved bytes of RFC 3986 (`A-Z a-z 0-9 - . _ ~`): in the rfc9309
 * profile their `%XX` is decoded, in patterns (compiler) and URLs (runtime) alike (docs/semantics.md
 * section 7), so both sides read this one definition.
 */
export function isUnreservedByte(b: number): boolean {
  return (
    (b >= 0x41 && b <= 0x5a) || (b >= 0x61 && b <= 0x7a) || (b >= 0x30 && b <= 0x39) ||
    b === 0x2d || b === 0x2e || b === 0x5f || b === 0x7e
  );
}

/**
 * Returns <0, 0 or >0 as the byte string `bytes[aOff, aOff + aLen)` sorts before, with or after
 * `bytes[bOff, bOff + bLen)`: the order of every sorted table of the format (tokens, preference
 * keys; "strictly ascending" means this order). O(min(aLen, bLen)).
 */
export function compareByteRanges(bytes: Uint8Array, aOff: number, aLen: number, bOff: number, bLen: number): number {
  const m = aLen < bLen ? aLen : bLen;
  for (let k = 0; k < m; k++) {
    const d = (bytes[aOff + k] as number) - (bytes[bOff + k] as number);
    if (d !== 0) return d;
  }
  return aLen - bLen;
}

/** Matching profile recorded in an artifact: `rfc9309` (default) or `google` (docs/semantics.md section 7). */
export type Profile = 'rfc9309' | 'google';

/** Stable code of a content warning (WARNINGS section; `Robots#warnings`). */
export type WarningCode = (typeof WARNING_CODES)[number];
