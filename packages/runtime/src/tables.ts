/**
 * The in-memory image a loaded artifact is matched on (built and validated by load.ts, read by
 * matcher.ts, segment-scan.ts and lazy-dfa.ts): every record layout by name, and the candidate
 * list of a check's scratch (scratch.ts).
 *
 * Layout words in hot functions: the tier-0 readers (matcher.ts, segment-scan.ts, path-bytes.ts
 * and the readers below) write these constants as number literals, each followed by a block
 * comment with its name (`rec + 3`, commented NODE_RANK): V8 reads an imported or module-level const from its cell, with
 * a hole check, at every use, and a literal not at all (new-URL checks 226 against 252 ns,
 * `node --expose-gc bench/dist/focus.js --newurl --ab`). test/layout-literals.test.ts keeps
 * each literal equal to the constant it names, so the layout is still defined here only.
 */

/**
 * Words per radix node in the image: see the `NODE_*` offsets. Four words (8 bytes a node less
 * than six, 280 bytes over the corpus median group's 35 nodes: focus.js --mem): the label length
 * rides in NODE_KEY, the prefix rank and the extra record share NODE_RANK.
 */
export const NODE_WORDS = 4;
/** Byte offset of the node's edge label in the artifact. */
export const NODE_LABEL_OFF = 0;
export const NODE_FIRST_CHILD = 1;
/**
 * The node's key: its child count (bits 0-8; distinct first bytes, so at most 256, checked by
 * the loader), the first byte of its label plus one (bits {@link NODE_KEY_SHIFT} to 17; 0 for a
 * root) and its label length (from bit {@link NODE_LEN_SHIFT}; {@link NODE_LEN_LONG} for a label
 * that long or longer, whose length is read from the artifact, {@link readLabelLength}). Read
 * with {@link nodeChildCount}, {@link nodeLabelLength}; children are searched by {@link searchRadixChild}.
 */
export const NODE_KEY = 2;
/** Shift of the first byte + 1 in NODE_KEY. */
export const NODE_KEY_SHIFT = 9;
/** Mask of the child count in NODE_KEY, and of the first byte + 1 once shifted. */
export const NODE_CHILD_MASK = 0x1ff;
/** Shift of the label length in NODE_KEY. */
export const NODE_LEN_SHIFT = 18;
/** NODE_KEY's label length of a label of this many bytes or more (13 bits; corpus labels are far shorter). */
export const NODE_LEN_LONG = 0x1fff;
/**
 * The node's ranks in one word: when >= 0 the best rank of a literal prefix pattern ending here
 * (an image rank word, {@link imageRank}; NO_RANK: none) and no extra record; when < 0, `~offset` of its extra record (EXTRA_WORDS
 * words: its prefix rank, `$` rank and wildcard patterns). Corpus group images hold 35 radix
 * nodes on average and 0.7 of them need an extra record. Read with {@link nodePrefixRank},
 * {@link nodeExtra}, {@link nodeEndRank}, {@link nodeWildFirst}, {@link nodeWildCount}.
 */
export const NODE_RANK = 3;
/** nodeExtra of a node without a `$` pattern or wildcard patterns. */
export const NO_EXTRA = -1;
/** Words per extra record: see the `EXTRA_*` offsets. */
export const EXTRA_WORDS = 4;
/** Best rank of a literal prefix pattern ending here, or NO_RANK. */
export const EXTRA_PREFIX_RANK = 0;
/** Best rank of a literal `$`-anchored pattern ending here, or NO_RANK. */
export const EXTRA_END_RANK = 1;
/** First wildcard pattern whose head ends here (ascending rank over the count). */
export const EXTRA_WILD_FIRST = 2;
export const EXTRA_WILD_COUNT = 3;

/** Returns the image offset of the extra record of the radix node whose record starts at `rec`, or NO_EXTRA. O(1). */
export function nodeExtra(img: Int32Array, rec: number): number {
  const v = img[rec + 3 /* NODE_RANK */] as number;
  return v < 0 ? ~v : (-1 /* NO_EXTRA */);
}

/** Returns the NODE_RANK word of a node whose extra record is at `extra` (NO_EXTRA: none, then `prefixRank`). */
export function nodeRankWord(prefixRank: number, extra: number): number {
  return extra < 0 ? prefixRank : ~extra;
}

/** Returns the best rank of a literal prefix pattern ending at the radix node whose record starts at `rec`, or NO_RANK. O(1). */
export function nodePrefixRank(img: Int32Array, rec: number): number {
  const v = img[rec + 3 /* NODE_RANK */] as number;
  return v >= 0 ? v : (img[~v + 0 /* EXTRA_PREFIX_RANK */] as number);
}

/** Returns the best rank of a `$`-anchored literal pattern ending at the radix node whose record starts at `rec`, or NO_RANK. O(1). */
export function nodeEndRank(img: Int32Array, rec: number): number {
  const v = img[rec + 3 /* NODE_RANK */] as number;
  return v >= 0 ? 2147483647 /* NO_RANK */ : (img[~v + 1 /* EXTRA_END_RANK */] as number);
}

/** Returns the first wildcard pattern whose head ends at the radix node whose record starts at `rec` (0 when it has none). O(1). */
export function nodeWildFirst(img: Int32Array, rec: number): number {
  const v = img[rec + 3 /* NODE_RANK */] as number;
  return v >= 0 ? 0 : (img[~v + 2 /* EXTRA_WILD_FIRST */] as number);
}

/** Returns how many wildcard patterns' heads end at the radix node whose record starts at `rec`. O(1). */
export function nodeWildCount(img: Int32Array, rec: number): number {
  const v = img[rec + 3 /* NODE_RANK */] as number;
  return v >= 0 ? 0 : (img[~v + 3 /* EXTRA_WILD_COUNT */] as number);
}

/** Returns the edge byte into the Aho-Corasick node whose record starts at image offset `rec`. O(1). */
export function acByte(img: Int32Array, rec: number): number {
  return ((img[rec + 1 /* AC_CHILDREN_OUT */] as number) >>> 11 /* AC_BYTE_SHIFT */) & 0xff;
}

/**
 * Returns the depth of Aho-Corasick node `s` (records from image offset `base`): the length of
 * the segment ending there. O(1): packed in AC_CHILDREN_OUT below {@link AC_DEPTH_LONG}, else
 * read from the image's long-depth table (the root's {@link AC_ROOT_LONG_DEPTHS} word).
 */
export function acDepth(img: Int32Array, base: number, s: number): number {
  // Invariant: `s` is a node of the validated segment trie at `base`. Hot (segment scan): run pnpm bench.
  const d = (img[base + s * 6 /* AC_WORDS */ + 1 /* AC_CHILDREN_OUT */] as number) >>> 19 /* AC_DEPTH_SHIFT */;
  return d < 8191 /* AC_DEPTH_LONG */ ? d : (img[(img[base + 3 /* AC_ROOT_LONG_DEPTHS */] as number) + s] as number);
}

/** Returns the AC_CHILDREN_OUT bits of a node of depth `depth` (AC_DEPTH_LONG from that length on). */
export function acDepthBits(depth: number): number {
  return (depth < AC_DEPTH_LONG ? depth : AC_DEPTH_LONG) << AC_DEPTH_SHIFT;
}

/**
 * Returns the index in `[lo, hi]` of the Aho-Corasick node (records from image offset `base`)
 * whose edge byte is `b`, or -1: a binary search over a node's children, ascending and distinct
 * by byte. O(log children).
 */
export function searchSegmentChild(img: Int32Array, base: number, lo: number, hi: number, b: number): number {
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const c = acByte(img, base + mid * 6 /* AC_WORDS */);
    if (c === b) return mid;
    if (c < b) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}

/** Returns the child count of the radix node whose record starts at image offset `rec`. O(1). */
export function nodeChildCount(img: Int32Array, rec: number): number {
  return (img[rec + 2 /* NODE_KEY */] as number) & 511 /* NODE_CHILD_MASK */;
}

/** Returns the label length of the radix node whose record starts at `rec` (labels in `bytes`, the artifact). O(1) below NODE_LEN_LONG. */
export function nodeLabelLength(img: Int32Array, bytes: Uint8Array, rec: number): number {
  const len = (img[rec + 2 /* NODE_KEY */] as number) >>> 18 /* NODE_LEN_SHIFT */;
  return len < 8191 /* NODE_LEN_LONG */ ? len : readLabelLength(bytes, img[rec + 0 /* NODE_LABEL_OFF */] as number);
}

/**
 * Returns the length of the label at artifact offset `off`: the `s` length varint right before
 * it (format.ts PARTS), read backwards (its last byte is below 0x80, the ones before it are not,
 * and the field before it, the child count, ends in a byte below 0x80). O(varint bytes).
 */
export function readLabelLength(bytes: Uint8Array, off: number): number {
  let k = off - 1;
  let x = bytes[k] as number;
  while ((bytes[k - 1] as number) >= 0x80) {
    k--;
    x = x * 128 + ((bytes[k] as number) & 0x7f);
  }
  return x;
}

/** Returns the NODE_KEY word of a node with `children` children whose label of `len` bytes starts with byte `firstByte` (-1: a root). */
export function nodeKey(children: number, firstByte: number, len: number): number {
  return ((len < NODE_LEN_LONG ? len : NODE_LEN_LONG) << NODE_LEN_SHIFT) | ((firstByte + 1) << NODE_KEY_SHIFT) | children;
}

/**
 * Returns the index in `[lo, hi]` of the radix node (records from image offset `base`) whose
 * label starts with byte `b`, or -1: a binary search over a node's children, ascending and
 * distinct by first byte. O(log children).
 */
export function searchRadixChild(img: Int32Array, base: number, lo: number, hi: number, b: number): number {
  const key = b + 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const c = ((img[base + mid * 4 /* NODE_WORDS */ + 2 /* NODE_KEY */] as number) >> 9 /* NODE_KEY_SHIFT */) & 511 /* NODE_CHILD_MASK */;
    if (c === key) return mid;
    if (c < key) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}

/**
 * Words per Aho-Corasick node in the image: see the `AC_*` offsets. Six words: the edge byte
 * and the depth ride in AC_CHILDREN_OUT (8 bytes a node less; the corpus median group keeps 20
 * nodes, the mean 79 B of them a loaded host: focus.js --mem).
 */
export const AC_WORDS = 6;
export const AC_FIRST_CHILD = 0;
/**
 * The child count (bits 0-8: distinct bytes, at most 256), {@link AC_OUT_BIT},
 * {@link AC_FIRST_BIT}, the edge byte into the node (bits {@link AC_BYTE_SHIFT} to 18; 0 for the
 * root) and its depth (from bit {@link AC_DEPTH_SHIFT}; {@link AC_DEPTH_LONG} for a segment that
 * long or longer): one word for all five. Read the count with `& AC_CHILD_MASK`, the byte with
 * {@link acByte}, the depth with {@link acDepth}; children are searched by {@link searchSegmentChild}.
 */
export const AC_CHILDREN_OUT = 1;
/** Mask of the child count in AC_CHILDREN_OUT. */
export const AC_CHILD_MASK = 0x1ff;
/** Bit of AC_CHILDREN_OUT: a segment ends here. */
export const AC_OUT_BIT = 0x200;
/** Bit of AC_CHILDREN_OUT: the node's list starts some patterns (its first count is not 0), read without following AC_LIST. */
export const AC_FIRST_BIT = 0x400;
/** Shift of the edge byte in AC_CHILDREN_OUT. */
export const AC_BYTE_SHIFT = 11;
/** Shift of the depth in AC_CHILDREN_OUT. */
export const AC_DEPTH_SHIFT = 19;
/**
 * AC_CHILDREN_OUT's depth of a node this deep or deeper (13 bits; corpus segments are far
 * shorter), whose depth is read from the long-depth table. Depths do not decrease in
 * breadth-first order, so the long nodes are the last ones and the table holds one word each.
 */
export const AC_DEPTH_LONG = 0x1fff;
export const AC_FAIL = 2;
export const AC_PARENT = 3;
/**
 * The root's AC_PARENT word (a root has no parent, and no walk reads it): the image offset `L`
 * such that `img[L + s]` is the depth of a node `s` whose packed depth is AC_DEPTH_LONG.
 */
export const AC_ROOT_LONG_DEPTHS = AC_PARENT;
/** Nearest node on the fail chain (this one excluded) where a segment ends, or 0. */
export const AC_DICT = 4;
/**
 * Image offset of the node's pattern list (one word instead of an offset and two counts in
 * every node: most nodes list nothing and share one empty list, 8 bytes a node less): its
 * first count at `list + AC_LIST_FIRST_COUNT`, its final count at `list + AC_LIST_FINAL_COUNT`,
 * then from `list + AC_LIST_HEADER` the wildcard patterns whose first segment ends here (all but
 * the `$`-anchored ones with one segment), ascending by head depth (an occurrence of the
 * segment starts each one whose head ends before it), then the `$`-anchored one-segment
 * patterns whose segment ends here, ascending by head depth. Only an image with wildcard
 * patterns has lists (the sweep reads them; it runs only for wildcard candidates).
 */
export const AC_LIST = 5;
export const AC_LIST_FIRST_COUNT = 0;
export const AC_LIST_FINAL_COUNT = 1;
export const AC_LIST_HEADER = 2;

/**
 * Segment-trie nodes from which the root gets a dense 256-entry row instead of a binary search
 * over its children: below it the row's 1 KB would be most of a small file's image (corpus
 * median image 1.7 KB), and the search is a few steps over a small fan-out.
 */
export const AC_ROOT_ROW_MIN = 256;

/** Words per wildcard pattern in the image: see the `WILD_*` offsets. */
export const WILD_WORDS = 7;
export const WILD_RANK = 0;
export const WILD_SEG_COUNT = 1;
/** Image offset of the pattern's segment nodes. */
export const WILD_SEG_OFF = 2;
/** Sum of its segments' lengths. */
export const WILD_SEG_BYTES = 3;
/** The radix node where its head ends, and that node's depth (the head's length). */
export const WILD_HEAD_NODE = 4;
export const WILD_HEAD_DEPTH = 5;
/**
 * The pattern's form in one word (7 words a pattern instead of 9): bit 0 its `$` anchor, bits
 * 1-2 its shape, classified once by the loader from its segment count and anchor (Rust
 * globset's match strategies: SHAPE_LITERAL, SHAPE_SUFFIX or SHAPE_GENERAL), from bit
 * {@link WILD_LAST_SHIFT} the last byte of its single segment plus one (shaped patterns: the
 * byte a literal search scans for; 0 for general ones). Read with {@link wildAnchored},
 * {@link wildShape}, {@link wildLastByte}.
 */
export const WILD_FORM = 6;
/** Shift of the shape in WILD_FORM. */
export const WILD_SHAPE_SHIFT = 1;
/** Shift of the last byte + 1 in WILD_FORM. */
export const WILD_LAST_SHIFT = 3;

/** Returns the WILD_FORM word of a pattern: its anchor (0 or 1), shape and last byte (-1: none). */
export function wildForm(anchored: number, shape: number, lastByte: number): number {
  return anchored | (shape << WILD_SHAPE_SHIFT) | ((lastByte + 1) << WILD_LAST_SHIFT);
}

/** Returns true when the pattern whose record starts at `rec` ends in `$`. O(1). */
export function wildAnchored(img: Int32Array, rec: number): boolean {
  return ((img[rec + 6 /* WILD_FORM */] as number) & 1) === 1;
}

/** Returns the shape (SHAPE_*) of the pattern whose record starts at `rec`. O(1). */
export function wildShape(img: Int32Array, rec: number): number {
  return ((img[rec + 6 /* WILD_FORM */] as number) >> 1 /* WILD_SHAPE_SHIFT */) & 3;
}

/** Returns the last byte of the single segment of the pattern whose record starts at `rec` (-1 for a general one). O(1). */
export function wildLastByte(img: Int32Array, rec: number): number {
  return ((img[rec + 6 /* WILD_FORM */] as number) >> 3 /* WILD_LAST_SHIFT */) - 1;
}

/** Shape `H*s1*...*sk` with two or more segments: verified by the general leftmost search or the sweep. */
export const SHAPE_GENERAL = 0;
/** Shape `H*X`: one required literal, one substring search after the head. */
export const SHAPE_LITERAL = 1;
/** Shape `H*X$`: a suffix, one comparison at the path's end plus a length check. */
export const SHAPE_SUFFIX = 2;

/**
 * Words per merged-group record in the image and the index: see the `GROUP_*` offsets. Four
 * words (the corpus median host has 4 groups): the crawl-delay's length and the root count ride
 * in GROUP_FLAGS, and the sources, read only by `describeGroup`, stay in the whole file's image
 * (GROUP_SOURCE_*).
 */
export const GROUP_WORDS = 4;
/**
 * Group flags (format.ts GROUP_FLAG_*, bits 0-1), the crawl-delay's length (bits
 * {@link GROUP_DELAY_LEN_SHIFT} to 7; 0: none, at most 32) and the count of the group's part roots
 * (from bit {@link GROUP_ROOT_COUNT_SHIFT}; at most {@link MAX_GROUP_PARTS}, checked by the
 * loader). Read with {@link groupDelayLength}, {@link groupRootCount}.
 */
export const GROUP_FLAGS = 0;
/** Shift of the crawl-delay's length in GROUP_FLAGS. */
export const GROUP_DELAY_LEN_SHIFT = 2;
/** Shift of the root count in GROUP_FLAGS. */
export const GROUP_ROOT_COUNT_SHIFT = 8;
/** Most parts a group may name (23 bits: the loader rejects more). */
export const MAX_GROUP_PARTS = 0x7fffff;
/** Image offset of the group's part roots (radix node indices; their count in GROUP_FLAGS). */
export const GROUP_ROOTS = 1;
/** Path bytes that can matter to it (NO_RANK: all). */
export const GROUP_NEED = 2;
/** Crawl-delay as written: byte offset in the artifact (its length in GROUP_FLAGS). */
export const GROUP_DELAY_OFF = 3;

/** Returns the GROUP_FLAGS word of a group: its flags, crawl-delay length (0-32) and root count. */
export function groupFlagsWord(flags: number, delayLength: number, rootCount: number): number {
  return flags | (delayLength << GROUP_DELAY_LEN_SHIFT) | (rootCount << GROUP_ROOT_COUNT_SHIFT);
}

/** Returns the crawl-delay's length of the group record at `rec` (0: none). O(1). */
export function groupDelayLength(img: Int32Array, rec: number): number {
  return ((img[rec + GROUP_FLAGS] as number) >>> GROUP_DELAY_LEN_SHIFT) & 0x3f;
}

/** Returns the count of part roots of the group record at `rec` (0: a group without parts, allow all). O(1). */
export function groupRootCount(img: Int32Array, rec: number): number {
  return (img[rec + 0 /* GROUP_FLAGS */] as number) >>> 8 /* GROUP_ROOT_COUNT_SHIFT */;
}

/** Words per group's sources entry of the whole file's image (WholeImage.groupSourceBase, one per group): offset and count of its sources (SOURCE_WORDS each). */
export const GROUP_SOURCE_WORDS = 2;
/** Whole-image offset of the group's first source record (SOURCE_WORDS each). */
export const GROUP_SOURCES = 0;
/** How many source records (parsed groups merged into this one) follow GROUP_SOURCES. */
export const GROUP_SOURCE_COUNT = 1;

/** Words per group source (a parsed group's rules): first rule id, rule count. */
export const SOURCE_WORDS = 2;
export const SOURCE_FIRST_RULE = 0;
export const SOURCE_RULE_COUNT = 1;

/** Words per rule record: line, allow (1) or disallow (0), pattern offset and length (see the `RULE_*` offsets). */
export const RULE_WORDS = 4;
export const RULE_LINE = 0;
export const RULE_ALLOW = 1;
export const RULE_PATTERN_OFF = 2;
/** Pattern length in the artifact; -1: not kept; REBUILD_PATTERN: rebuilt from the tables. */
export const RULE_PATTERN_LEN = 3;
/** Pattern length of a rule record whose text is rebuilt from the tables (pattern-text.ts). */
export const REBUILD_PATTERN = -2;

/** Words per token record (AGENTS and SCOPE; select-group.ts reads the same layout): string offset, length, merged group (0 in SCOPE). */
export const TOKEN_WORDS = 3;
export const TOKEN_OFF = 0;
export const TOKEN_LEN = 1;
export const TOKEN_GROUP = 2;

/**
 * The index a loaded artifact keeps (load.ts `_keepIndex`): a header of INDEX_HEADER_WORDS
 * words (the `INDEX_*` offsets: counts and the load's bookkeeping, one word each instead of one
 * object field each), then SCOPE tokens, AGENTS tokens (TOKEN_WORDS each), the group records
 * with their roots (GROUP_WORDS each), and the warnings (WARNING_WORDS each). The
 * first group image cut is written after it in the same array (one typed array per host).
 * INDEX_FLAGS: the artifact's header flags (format.ts FLAG_*), as validated by the load.
 */
export const INDEX_FLAGS = 0;
export const INDEX_SCOPE_COUNT = 1;
export const INDEX_AGENT_COUNT = 2;
export const INDEX_GROUP_COUNT = 3;
/** Merged-group index of the global group, or -1. */
export const INDEX_GLOBAL_GROUP = 4;
export const INDEX_RULE_COUNT = 5;
export const INDEX_SITEMAP_COUNT = 6;
export const INDEX_DIRECTIVE_COUNT = 7;
/** Offset and count of the warning records. */
export const INDEX_WARNING_BASE = 8;
export const INDEX_WARNING_COUNT = 9;
/** Words of the whole file's image. */
export const INDEX_WHOLE_WORDS = 10;
/** Words taken by the group images cut so far. */
export const INDEX_CUT_WORDS = 11;
/** The group whose image was cut first (kept in the LoadedArtifact's first-image field), or -1. */
export const INDEX_FIRST_GROUP = 12;
export const INDEX_HEADER_WORDS = 13;

/** Words per directive record: line delta, key offset and length, value offset and length, parsed group + 1. */
export const DIRECTIVE_WORDS = 6;
export const DIRECTIVE_LINE_DELTA = 0;
export const DIRECTIVE_KEY_OFF = 1;
export const DIRECTIVE_KEY_LEN = 2;
export const DIRECTIVE_VALUE_OFF = 3;
export const DIRECTIVE_VALUE_LEN = 4;
export const DIRECTIVE_GROUP = 5;

/** Words per sitemap record: string offset and length. */
export const SITEMAP_WORDS = 2;
/** Words per warning record: code (index in WARNING_CODES) and line. */
export const WARNING_WORDS = 2;
export const WARNING_CODE = 0;
export const WARNING_LINE = 1;

/** Rank returned for the rfc9309 implicit `/robots.txt` allow (RFC 9309 section 2.2.2). */
export const IMPLICIT_RANK = -1;

/**
 * A loaded artifact's matching tables: one Int32Array image (radix nodes, Aho-Corasick nodes
 * with a dense root row, wildcard patterns and their segment lists) plus the artifact bytes its
 * labels point into. Its rank words carry the kind of their rule ({@link imageRank}), so a
 * check needs no rank table; the rules behind ranks are read from the file's rank table
 * (`LoadedArtifact#ranks`, made on first use). Invariant (checked by the loader): every
 * offset, child range, fail link, segment node and rank lies inside its table; fail links and
 * parents lead to strictly shallower nodes.
 */
export class Tables {
  readonly img: Int32Array;
  readonly bytes: Uint8Array;
  /** Image offset of radix node 0. */
  readonly nodeBase: number;
  readonly nodeCount: number;
  /** Image offset of Aho-Corasick node 0. */
  readonly acBase: number;
  /** Image offset of the 256-entry root row (child of the root per byte, 0 for none), or -1 (see AC_ROOT_ROW_MIN). */
  readonly acRootRow: number;
  /** Image offset of wildcard pattern 0. */
  readonly wildBase: number;
  readonly wildCount: number;
  readonly acCount: number;
  /** Image offset and count of the group's part roots (radix node indices) when the image is one group's (0, 0 for the whole file's). */
  readonly roots: number;
  readonly rootCount: number;

  constructor(
    img: Int32Array, bytes: Uint8Array, nodeBase: number, nodeCount: number, acBase: number, acRootRow: number,
    wildBase: number, wildCount: number, acCount: number, roots = 0, rootCount = 0,
  ) {
    this.img = img;
    this.bytes = bytes;
    // `| 0` keeps every count and offset a small integer: a number a decode read out of an
    // object may arrive boxed, and a boxed field costs a loaded host 16 bytes more (heap snapshot: 2.5 a host).
    this.nodeBase = nodeBase | 0;
    this.nodeCount = nodeCount | 0;
    this.acBase = acBase | 0;
    this.acRootRow = acRootRow | 0;
    this.wildBase = wildBase | 0;
    this.wildCount = wildCount | 0;
    this.acCount = acCount | 0;
    this.roots = roots | 0;
    this.rootCount = rootCount | 0;
  }
}

/**
 * Shift of the file's rank in an image rank word: every rank the image holds (NODE_RANK,
 * EXTRA_PREFIX_RANK, EXTRA_END_RANK, WILD_RANK) is `fileRank << RANK_KIND_SHIFT | allow`
 * ({@link imageRank}). Ranks are distinct, so the words keep the ranks' order (the lowest
 * decides), and a check reads the answer off the deciding word ({@link rankAllows}) instead
 * of a rank table in every group image (128 bytes a loaded host: focus.js --mem).
 */
export const RANK_KIND_SHIFT = 1;
/** Bit of an image rank word: the rank's rule is an allow. Set in NO_RANK and IMPLICIT_RANK too (both allow). */
export const RANK_KIND_ALLOW = 1;
/** Most ranks an artifact may hold: `fileRank << 1 | 1` stays below NO_RANK (the loader rejects more). */
export const MAX_RANKS = 0x3fffffff;

/** Returns the image rank word of file rank `fileRank` whose rule is an allow (`allow` 1) or a disallow (0). O(1). */
export function imageRank(fileRank: number, allow: number): number {
  return (fileRank << RANK_KIND_SHIFT) | allow;
}

/** Returns true when rank word `r` (an image rank, NO_RANK or IMPLICIT_RANK) allows: its rule is an allow, or no rule decides. O(1). */
export function rankAllows(r: number): boolean {
  return (r & 1 /* RANK_KIND_ALLOW */) !== 0;
}

/** Returns the file rank of image rank word `r` (its kind bit dropped). O(1). */
export function fileRankOf(r: number): number {
  return r >> 1 /* RANK_KIND_SHIFT */;
}

/** Returns the file's rank-table entry (`RANK_*`) of image rank `r`, from the file's rank table `ranks` (`LoadedArtifact#ranks`). O(1). */
export function rankEntry(ranks: Int32Array, r: number): number {
  return ranks[fileRankOf(r)] as number;
}

/** Shift of `ruleId + 1` in a rank-table entry: `(ruleId + 1) << RANK_RULE_SHIFT | companion << 1 | allow`. */
export const RANK_RULE_SHIFT = 2;
/** Rank-table bit: the rank's pattern is an allow rule's index.html companion (format.ts RANKS). */
export const RANK_COMPANION = 2;
/** Rank-table bit: the rank's rule is an allow. */
export const RANK_ALLOW = 1;

/** Returns the rule id image rank `r` decides for, from the file's rank table `ranks` (see {@link RANK_RULE_SHIFT}). O(1). */
export function ruleOfRank(ranks: Int32Array, r: number): number {
  return ruleOfEntry(rankEntry(ranks, r));
}

/** Returns the rule id of rank-table entry `entry` (see {@link RANK_RULE_SHIFT}). O(1). */
export function ruleOfEntry(entry: number): number {
  return (entry >> RANK_RULE_SHIFT) - 1;
}

/** Returns the segment ending at Aho-Corasick node `s` (its bytes as Latin-1 characters), read back along the parents. */
export function segmentText(t: Tables, s: number): string {
  let out = '';
  for (; s !== 0; s = t.img[t.acBase + s * AC_WORDS + AC_PARENT] as number) out = String.fromCharCode(acByte(t.img, t.acBase + s * AC_WORDS)) + out;
  return out;
}

/**
 * The trie nodes with wildcard patterns the check in progress passed (each one's head matched,
 * ending at `bound[i]`), `[0, count)`, and how many patterns they hold. Part of the thread's
 * Scratch (scratch.ts); buffers only grow.
 */
export class Candidates {
  node: Int32Array = new Int32Array(64);
  bound: Int32Array = new Int32Array(64);
  count = 0;
  patterns = 0;

  /** Doubles both buffers, keeping their contents. */
  grow(): void {
    const n = new Int32Array(this.node.length * 2);
    const b = new Int32Array(this.bound.length * 2);
    n.set(this.node);
    b.set(this.bound);
    this.node = n;
    this.bound = b;
  }
}


/**
 * Returns the words a group image spends on each record kind (the bench's memory breakdown):
 * radix nodes, their extra records, Aho-Corasick nodes, the root row, wildcard patterns, their
 * segment lists, the segment nodes' pattern lists and the roots. O(nodes + patterns).
 */
export function imageWordsByKind(t: Tables): Record<string, number> {
  const img = t.img;
  let extras = 0;
  for (let x = 0; x < t.nodeCount; x++) if (nodeExtra(img, t.nodeBase + x * NODE_WORDS) >= 0) extras++;
  let segs = 0;
  for (let k = 0; k < t.wildCount; k++) segs += img[t.wildBase + k * WILD_WORDS + WILD_SEG_COUNT] as number;
  const lists = new Set<number>();
  if (t.wildCount > 0) for (let s = 0; s < t.acCount; s++) lists.add(img[t.acBase + s * AC_WORDS + AC_LIST] as number);
  let longDepths = 0;
  for (let s = 1; s < t.acCount; s++) if ((img[t.acBase + s * AC_WORDS + AC_CHILDREN_OUT] as number) >>> AC_DEPTH_SHIFT === AC_DEPTH_LONG) longDepths++;
  return {
    radixNodes: NODE_WORDS * t.nodeCount,
    extras: EXTRA_WORDS * extras,
    acNodes: AC_WORDS * t.acCount,
    acRootRow: t.acRootRow >= 0 ? 256 : 0,
    acLongDepths: longDepths,
    wildcards: WILD_WORDS * t.wildCount,
    segmentLists: segs,
    patternLists: t.wildCount === 0 ? 0 : t.wildCount + AC_LIST_HEADER * lists.size,
    roots: t.rootCount,
  };
}
