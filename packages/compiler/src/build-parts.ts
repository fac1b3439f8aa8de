/**
 * Stage 4 of the compiler: the planned parts' rules to matching tables (runtime format.ts):
 * every pattern ranked once over the whole file (docs/semantics.md section 5), each part's literal
 * patterns and wildcard heads in one radix trie, and every wildcard segment of the file in one
 * Aho-Corasick trie. Time and size linear in the pattern bytes (plus sorting).
 */
import type { Profile } from '@robomata/runtime/format';
import { KeptScratch, buildByteTrieScratch, buildRadixScratch, countCommonPrefix, countingPositions, filledArray, type ByteTrie, type ByteTrieScratch, type RadixOut } from './build-trie.js';
import { WILDCARD, appendPatternsOfRule, type MatchPattern } from './normalize-pattern.js';
import { KEPT_WRITER_MAX_BYTES, KeptBytes, SHORT_COPY_MAX, putVarint, type ByteWriter } from './byte-writer.js';
import type { ParsedRobots, ParsedRule } from './parse.js';
import type { PartPlan } from './plan-parts.js';

/** A pattern with a `*`: its rank, segment keys (indices into BuiltParts.segmentNode) and anchor. */
export interface BuiltWildcard {
  readonly rank: number;
  readonly segments: readonly number[];
  readonly anchored: boolean;
}

/** One radix node of a part with what ends there. */
export interface BuiltNode {
  /** The edge label is `key[labelFrom, labelTo)` (empty for a root). */
  readonly key: Uint8Array;
  readonly labelFrom: number;
  readonly labelTo: number;
  readonly childCount: number;
  /** Rank of the best literal prefix pattern ending here, or -1. */
  readonly prefixRank: number;
  /** Rank of the best literal `$` pattern ending here, or -1. */
  readonly endRank: number;
  /** Wildcard patterns whose head ends here, ascending rank. */
  readonly wildcards: readonly BuiltWildcard[];
}

/** Everything the artifact's matching sections hold. */
export interface BuiltParts {
  /** Parts built. */
  readonly partCount: number;
  /**
   * The PARTS section after its part count, as the artifact holds it (runtime format.ts): per
   * part its node count, then per node (breadth-first) child count, label, prefix rank + 1,
   * end rank + 1 and wildcard count. Written as each part's radix trie is built: no object per node.
   */
  readonly partBytes: Uint8Array;
  /**
   * The wildcard patterns of every node in part and node order (the WILDCARDS section's order):
   * rank, `segment count << 1 | anchored`, and their segments (indices into segmentNode) one
   * after the other in `wildSegments`.
   */
  readonly wildRank: readonly number[];
  readonly wildShape: readonly number[];
  readonly wildSegments: readonly number[];
  /** Rule id per rank. */
  readonly rankRules: readonly number[];
  /** Per rank: 1 when its pattern is an allow rule's index.html companion (docs/semantics.md section 5), else 0. */
  readonly rankCompanion: readonly number[];
  /**
   * Per rule id: true when its text as written can be rebuilt from the tables: its own pattern
   * is the rule's best rank, a node or wildcard names that rank, and the text is exactly the
   * pattern's body (plus `$`). Empty when built without texts (`buildParts`' `texts` false).
   */
  readonly rebuildable: readonly number[];
  /**
   * Per part: its radix nodes, breadth-first (children contiguous), each label a copy of its
   * own (`labelFrom` 0), read out of partBytes on first use (tests and tools; the compile
   * writes partBytes as it is).
   */
  readonly parts: readonly (readonly BuiltNode[])[];
  /** Nodes of the segment trie (1: the root alone). */
  readonly segmentCount: number;
  /**
   * The SEGMENTS section after its node count, as the artifact holds it (runtime format.ts):
   * per node but the root (breadth-first) its parent, edge byte and `fail << 1 | end`.
   * Written as the trie is built: no array per trie.
   */
  readonly segmentBytes: Uint8Array;
  /** Per distinct segment (the index a BuiltWildcard names): its node in the segment trie. */
  readonly segmentNode: readonly number[];
  /** The segment trie (breadth-first) and its fail links, decoded from segmentBytes on first read (tests and tools). */
  readonly segmentTrie: ByteTrie;
  readonly fail: readonly number[];
  /** 1 where a segment ends, per segment-trie node (read as segmentTrie). */
  readonly segmentEnds: readonly number[];
}

const _NO_RULES: readonly number[] = [];
const _NO_BYTES = new Uint8Array(0);

/**
 * Every kept pattern of the file in rank order (index = rank), with its head length: the bytes
 * of its body before the first `*` (all of it for a literal pattern).
 */
interface _Ranked {
  readonly patterns: readonly MatchPattern[];
  /** Each pattern's body (the sort reads bodies and head lengths by rank). */
  readonly bodies: readonly Uint8Array[];
  readonly headLen: readonly number[];
  /** Literal ranks no radix node names (a better rank of the same head and anchor is kept), filled as parts are built. */
  readonly unnamed: number[];
  /** Per rank: its rule id and companion mark (BuiltParts' rankRules and rankCompanion). */
  readonly rankRules: number[];
  readonly rankCompanion: number[];
  /** Per part: its ranks, ascending. */
  readonly byPart: number[][];
}

/**
 * Bytes of a string read into one sort key: each byte + 1 in base 257 (0 past the string's
 * end), so keys sort as the strings' chunks do; 257^6 < 2^53, so the key is an exact integer.
 */
const SORT_KEY_BYTES = 6;

/** Returns the sort key of `bytes[at, at + SORT_KEY_BYTES)` within the string's first `len` bytes. */
function _sortKey(bytes: Uint8Array, len: number, at: number): number {
  // The usual head (at least SORT_KEY_BYTES bytes left): no end test per byte.
  if (at + SORT_KEY_BYTES <= len) {
    return (((((bytes[at] as number) * 257 + (bytes[at + 1] as number)) * 257 + (bytes[at + 2] as number)) * 257 + (bytes[at + 3] as number)) * 257 +
      (bytes[at + 4] as number)) * 257 + (bytes[at + 5] as number) + _ONES_KEY;
  }
  let key = 0;
  for (let k = at; k < at + SORT_KEY_BYTES; k++) key = key * 257 + (k < len ? (bytes[k] as number) + 1 : 0);
  return key;
}

/** The sort key of six 0 bytes: each byte's + 1 in base 257, added once (_sortKey's fast road). */
const _ONES_KEY = ((((1 * 257 + 1) * 257 + 1) * 257 + 1) * 257 + 1) * 257 + 1;

/** Ranges sorted by insertion: at 16, _sortChunk's typed arrays were 5.4% of a CPU profile of the corpus's 250-1,500-byte files' compiles; at 40 they do not show. */
const INSERTION_SORT_MAX = 40;

/**
 * Sorts `order` (indices into `bytes` and `lens`) stably in place by the byte strings
 * `bytes[x][0, lens[x])`: an MSD sort on chunks, each run of one key sorted again on the next
 * chunk unless its strings ended there: insertion sort for ranges of up to INSERTION_SORT_MAX,
 * a native sort of packed keys (PACKED_KEY_BYTES-byte chunk key and place in one double,
 * `_sortChunkPacked`) up to PACKED_SORT_MAX, and past that (a hostile file's range) a native
 * sort of SORT_KEY_BYTES-byte chunk keys with the items placed by a binary search. No comparator call per pair (invalid-utf8 sorts 26,000 heads and 24,000
 * segments that share long prefixes). O(n log n x chunks of the longest shared prefix).
 */
function _sortStrings(bytes: readonly Uint8Array[], lens: readonly number[], order: number[]): void {
  const n = order.length;
  if (n <= INSERTION_SORT_MAX) {
    // The usual part: no stack.
    _insertionSortFrom(order, 0, n, bytes, lens, 0);
    return;
  }
  // Ranges [from, to) whose strings share their first `depth` bytes, still to sort.
  const stack: number[] = [0, n, 0];
  while (stack.length > 0) {
    const depth = stack.pop() as number;
    const to = stack.pop() as number;
    const from = stack.pop() as number;
    if (to - from <= INSERTION_SORT_MAX) _insertionSortFrom(order, from, to, bytes, lens, depth);
    else _sortChunk(order, from, to, bytes, lens, depth, stack);
  }
}

/**
 * Sorts `order[from, to)` stably by the strings' bytes from `depth` on (they share the bytes
 * before it), by insertion on each string's sort key at `depth` (one number compare), the
 * bytes past the key compared only between strings of one key.
 */
function _insertionSortFrom(order: number[], from: number, to: number, bytes: readonly Uint8Array[], lens: readonly number[], depth: number): void {
  const keys = _insertionKeys;
  for (let i = from; i < to; i++) keys[i - from] = _sortKey(bytes[order[i] as number] as Uint8Array, lens[order[i] as number] as number, depth);
  for (let i = from + 1; i < to; i++) {
    const x = order[i] as number;
    const key = keys[i - from] as number;
    let j = i - 1;
    while (j >= from && _afterKey(keys[j - from] as number, key, bytes, lens, order[j] as number, x, depth)) {
      order[j + 1] = order[j] as number;
      keys[j + 1 - from] = keys[j - from] as number;
      j--;
    }
    order[j + 1] = x;
    keys[j + 1 - from] = key;
  }
}

/** The sort keys of an insertion-sorted range (at most INSERTION_SORT_MAX; single-threaded). */
const _insertionKeys = new Float64Array(INSERTION_SORT_MAX);

/** Returns true when string `a` (sort key `ka` at `depth`) sorts after string `b` (key `kb`). */
function _afterKey(ka: number, kb: number, bytes: readonly Uint8Array[], lens: readonly number[], a: number, b: number, depth: number): boolean {
  if (ka !== kb) return ka > kb;
  // One key: the strings are equal up to depth + SORT_KEY_BYTES, or both ended inside the chunk
  // (its last byte is past their end: equal). A length test, not `ka % 257` (a double modulo
  // is a C call in V8: 7.6% of a CPU profile of a 33-rule file whose heads share 17 bytes).
  return (lens[a] as number) >= depth + SORT_KEY_BYTES && _compareFrom(bytes, lens, a, b, depth + SORT_KEY_BYTES) > 0;
}

/** Returns -1, 0 or 1 as string `a` sorts before, with or after string `b`, comparing from byte `depth`. */
function _compareFrom(bytes: readonly Uint8Array[], lens: readonly number[], a: number, b: number, depth: number): number {
  const x = bytes[a] as Uint8Array;
  const y = bytes[b] as Uint8Array;
  const xl = lens[a] as number;
  const yl = lens[b] as number;
  const m = xl < yl ? xl : yl;
  for (let k = depth; k < m; k++) {
    const d = (x[k] as number) - (y[k] as number);
    if (d !== 0) return d < 0 ? -1 : 1;
  }
  return xl === yl ? 0 : xl < yl ? -1 : 1;
}

/**
 * Sorts `order[from, to)` stably by the chunk at `depth` and pushes onto `stack` each run of
 * one key whose strings go on past the chunk (the key's last byte is not 0).
 */
function _sortChunk(order: number[], from: number, to: number, bytes: readonly Uint8Array[], lens: readonly number[], depth: number, stack: number[]): void {
  if (to - from <= PACKED_SORT_MAX) return _sortChunkPacked(order, from, to, bytes, lens, depth, stack);
  // One loop per helper: a cold process meets this road on a large input only, where a loop's
  // on-stack code was thrown away on leaving it.
  const n = to - from;
  // Past PACKED_SORT_MAX only (a hostile file's range): fresh arrays, used once and dropped.
  const item = new Float64Array(n);
  const keys = new Float64Array(n);
  _chunkKeys(order, from, bytes, lens, depth, item, keys);
  keys.sort();
  const d = _dedupeSorted(keys, n);
  const slot = new Int32Array(n);
  _slotKeys(item, keys, d, slot, n);
  const pos = new Int32Array(n);
  const end = countingPositions(slot, n, d, pos);
  _placeAt(order, from, to, pos);
  _pushRuns(order, lens, end, d, from, depth, stack);
}

/**
 * Ranges sorted on packed keys (chunk key * PACKED_SORT_MAX + place, one double): the native
 * sort alone orders them, stably, with no binary search, counting or placing pass; it halved
 * the sort's share of a CPU profile of the cold-host workload (4.6% to 2.2%, the corpus's
 * parts of 40-4,096 heads). 257^PACKED_KEY_BYTES * PACKED_SORT_MAX < 2^53: exact integers.
 */
const PACKED_SORT_MAX = 4_096;
const PACKED_KEY_BYTES = 5;

/** Returns the sort key of `bytes[at, at + PACKED_KEY_BYTES)` within the string's first `len` bytes (as _sortKey). */
function _packedKey(bytes: Uint8Array, len: number, at: number): number {
  let key = 0;
  for (let k = at; k < at + PACKED_KEY_BYTES; k++) key = key * 257 + (k < len ? (bytes[k] as number) + 1 : 0);
  return key;
}

/**
 * _sortChunk for a range of at most PACKED_SORT_MAX strings: each string's chunk key at
 * `depth` packed with its place in the range, sorted natively (ties in key keep their order:
 * stable), then each run of one key whose strings go on past the chunk pushed onto `stack`.
 */
function _sortChunkPacked(order: number[], from: number, to: number, bytes: readonly Uint8Array[], lens: readonly number[], depth: number, stack: number[]): void {
  const n = to - from;
  const w = _packedScratch.of(n);
  const was = w.strings;
  const keys = n === w.keys.length ? w.keys : new Float64Array(w.keys.buffer, w.keys.byteOffset, n);
  _packKeys(order, from, bytes, lens, depth, was, keys);
  keys.sort();
  _unpackRuns(order, from, lens, depth, was, keys, stack);
}

/** Fills `keys[i]` with string `order[from + i]`'s packed key at `depth` and `was[i]` with the string, for each i below `keys.length`. */
function _packKeys(order: readonly number[], from: number, bytes: readonly Uint8Array[], lens: readonly number[], depth: number, was: Int32Array, keys: Float64Array): void {
  for (let i = 0; i < keys.length; i++) {
    const x = order[from + i] as number;
    was[i] = x;
    keys[i] = _packedKey(bytes[x] as Uint8Array, lens[x] as number, depth) * PACKED_SORT_MAX + i;
  }
}

/** Writes the strings of the sorted packed `keys` back to `order` from `from`, pushing each run of one key that goes on past the chunk onto `stack`. */
function _unpackRuns(order: number[], from: number, lens: readonly number[], depth: number, was: Int32Array, keys: Float64Array, stack: number[]): void {
  const n = keys.length;
  let begin = 0;
  let runKey = -1;
  for (let j = 0; j < n; j++) {
    const packed = keys[j] as number;
    const key = Math.floor(packed / PACKED_SORT_MAX);
    const x = was[packed - key * PACKED_SORT_MAX] as number;
    order[from + j] = x;
    if (key !== runKey) {
      _pushRun(order, lens, from + begin, from + j, depth, stack);
      begin = j;
      runKey = key;
    }
  }
  _pushRun(order, lens, from + begin, from + n, depth, stack);
}

/** Pushes `[first, end)` (strings of one packed key at `depth`) onto `stack` when it has two or more that go on past the chunk. */
function _pushRun(order: readonly number[], lens: readonly number[], first: number, end: number, depth: number, stack: number[]): void {
  if (end - first > 1 && (lens[order[first] as number] as number) >= depth + PACKED_KEY_BYTES) stack.push(first, end, depth + PACKED_KEY_BYTES);
}

/** _sortChunkPacked's working arrays: each range's packed keys (sorted in place) and its strings by place. */
interface _PackedScratch {
  readonly keys: Float64Array;
  readonly strings: Int32Array;
}

/** Packed-sort entries kept: every range _sortChunkPacked sees (at most PACKED_SORT_MAX; 48 KiB); fresh typed arrays per call were 0.8% of a CPU profile of the corpus's median files' compiles. */
const _packedScratch = new KeptScratch<_PackedScratch>(PACKED_SORT_MAX, 128, (size) => ({
  keys: new Float64Array(size), strings: new Int32Array(size),
}), (w) => w.keys.length);

/** Fills `item[i]` and `keys[i]` with the sort key at `depth` of string `order[from + i]`, for each i below `keys.length`. */
function _chunkKeys(order: readonly number[], from: number, bytes: readonly Uint8Array[], lens: readonly number[], depth: number, item: Float64Array, keys: Float64Array): void {
  for (let i = 0; i < keys.length; i++) {
    const x = order[from + i] as number;
    item[i] = _sortKey(bytes[x] as Uint8Array, lens[x] as number, depth);
    keys[i] = item[i] as number;
  }
}

/** Moves the distinct values of the sorted `keys[0, n)` to its front; returns how many. */
function _dedupeSorted(keys: Float64Array, n: number): number {
  let d = 0;
  for (let i = 0; i < n; i++) if (d === 0 || keys[i] !== keys[d - 1]) keys[d++] = keys[i] as number;
  return d;
}

/** Sets `slot[i]` to the index of `item[i]` among the `d` distinct `keys` (a binary search), for each i below `n`. */
function _slotKeys(item: Float64Array, keys: Float64Array, d: number, slot: Int32Array, n: number): void {
  for (let i = 0; i < n; i++) {
    const k = item[i] as number;
    let lo = 0;
    let hi = d - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((keys[mid] as number) < k) lo = mid + 1;
      else hi = mid;
    }
    slot[i] = lo;
  }
}

/** Moves `order[from + i]` to `order[from + pos[i]]` for each i of `[0, to - from)`. */
function _placeAt(order: number[], from: number, to: number, pos: Int32Array): void {
  const placed = order.slice(from, to);
  for (let i = 0; i < placed.length; i++) order[from + (pos[i] as number)] = placed[i] as number;
}

/**
 * Pushes onto `stack` each run of one key whose strings go on past the chunk (the key's last
 * byte is not 0: the run's first string, like all of them, is longer than depth + SORT_KEY_BYTES - 1).
 * Slot j's run is `[end[j - 1], end[j])` from `from` (0 before the first).
 */
function _pushRuns(order: readonly number[], lens: readonly number[], end: Int32Array, d: number, from: number, depth: number, stack: number[]): void {
  let begin = 0;
  for (let j = 0; j < d; j++) {
    const first = from + begin;
    const stop = end[j] as number;
    // A key whose last byte is 0 ended its strings inside the chunk: its run is equal strings.
    if (stop - begin > 1 && (lens[order[first] as number] as number) >= depth + SORT_KEY_BYTES) stack.push(first, from + stop, depth + SORT_KEY_BYTES);
    begin = stop;
  }
}

/**
 * Returns the part of every rule id of the plan, or -1 for a rule no built group uses, in the
 * kept working array (entries `[0, rules)`; valid until the next build). O(rules).
 */
function _partOfRules(parsed: ParsedRobots, plan: PartPlan): Int32Array {
  const partOf = _partOfScratch.of(plan.rules.length);
  // A loop, not Int32Array#fill (a C++ builtin: its call costs more than the usual few rules).
  for (let id = 0; id < plan.rules.length; id++) partOf[id] = -1;
  for (let part = 0; part < plan.parts.length; part++) {
    const sources = plan.parts[part] as readonly number[];
    for (let k = 0; k < sources.length; k++) {
      const source = sources[k] as number;
      const first = plan.firstRule[source] as number;
      const end = first + (parsed.groups[source] as ParsedRobots['groups'][number]).rules.length;
      for (let id = first; id < end; id++) partOf[id] = part;
    }
  }
  return partOf;
}

/**
 * Per-rule and per-pattern working arrays kept for the next build (a file of 4,096 rules or
 * patterns; larger ones get fresh arrays, used once): the parts of rules and the rank
 * order. Plain arrays pushed per file were 1.5% of a CPU profile of the corpus's median files' compiles.
 */
const RULE_SCRATCH_MAX = 4_096;
const _newInts = (size: number): Int32Array => new Int32Array(size);
const _partOfScratch = new KeptScratch(RULE_SCRATCH_MAX, 256, _newInts, (a) => a.length);
const _orderScratch = new KeptScratch(RULE_SCRATCH_MAX, 256, _newInts, (a) => a.length);

/** Patterns ranked by insertion on their buckets (the usual few; more take the counting sort). */
const INSERTION_ORDER_MAX = 32;
/** The buckets of an insertion-ranked list (at most INSERTION_ORDER_MAX; single-threaded). */
const _rankBuckets = new Int32Array(INSERTION_ORDER_MAX);

/**
 * Returns `0 .. patterns.length - 1` sorted stably by bucket (maxPriority - priority) * 2 +
 * kind, each pattern's bucket read once, in the kept order array (entries `[0, patterns.length)`):
 * an insertion sort on the buckets for the usual few patterns (no count array to clear), else
 * a counting sort.
 */
function _rankOrder(patterns: readonly MatchPattern[], maxPriority: number): Int32Array {
  const n = patterns.length;
  if (n > INSERTION_ORDER_MAX) return _countingOrder(patterns, maxPriority);
  const bucket = _rankBuckets;
  for (let i = 0; i < n; i++) bucket[i] = _bucketOf(patterns[i] as MatchPattern, maxPriority);
  return _insertionOrder(bucket, n);
}

/** Returns a pattern's rank bucket: (maxPriority - priority) * 2 + kind (allow first). */
function _bucketOf(p: MatchPattern, maxPriority: number): number {
  return (maxPriority - p.priority) * 2 + (p.kind === 'allow' ? 0 : 1);
}

/** Returns `0 .. n - 1` sorted stably by `keys[0, n)` (small integers), by insertion, in the kept order array. */
function _insertionOrder(keys: Int32Array, n: number): Int32Array {
  const order = _orderScratch.of(n);
  for (let i = 0; i < n; i++) {
    const key = keys[i] as number;
    let j = i - 1;
    while (j >= 0 && (keys[order[j] as number] as number) > key) {
      order[j + 1] = order[j] as number;
      j--;
    }
    order[j + 1] = i;
  }
  return order;
}

/**
 * Returns `0 .. patterns.length - 1` sorted stably by rank bucket (see _rankOrder) in the kept
 * order array: countingPositions' sort, the buckets written straight into the kept working
 * array (keys, then places). O(n + maxPriority).
 */
function _countingOrder(patterns: readonly MatchPattern[], maxPriority: number): Int32Array {
  const n = patterns.length;
  const w = _rankScratch.of(2 * n);
  const keys = new Int32Array(w.buffer, 0, n);
  for (let i = 0; i < n; i++) keys[i] = _bucketOf(patterns[i] as MatchPattern, maxPriority);
  const pos = new Int32Array(w.buffer, 4 * n, n);
  countingPositions(keys, n, 2 * maxPriority + 2, pos);
  const order = _orderScratch.of(n);
  for (let i = 0; i < n; i++) order[pos[i] as number] = i;
  return order;
}

/** Rank-sort entries kept (two per pattern: 2,048 patterns; the corpus's 4,231 compiles: 1,231 counting rank sorts, p99 2,202, 4 over). */
const RANK_SCRATCH_MAX = 4_096;
const _rankScratch = new KeptScratch(RANK_SCRATCH_MAX, 256, (size) => new Int32Array(size), (a) => a.length);

/**
 * Returns every pattern of the plan's rules in rank order (docs/semantics.md section 5), less
 * the wildcard patterns that repeat a better-ranked one of their part (they could never
 * decide; a repeated literal pattern is dropped when its head is built, by keeping the first
 * rank). Rules are visited in line order, a rule's own pattern before its companion, so a
 * stable counting sort on (priority descending, allow first) is the rank order: two patterns
 * of one priority and kind differ in line, or are one rule's own pattern and its companion,
 * whose priorities always differ. O(patterns + longest priority).
 */
function _rankPatterns(plan: PartPlan, partOf: Int32Array, profile: Profile): _Ranked {
  const all = _patternsOf(plan, partOf, profile);
  return _dropRepeats(all, _rankOrder(all, _highestPriority(all)), partOf, plan.parts.length);
}

/** Returns the patterns of the plan's rules that a built group uses, in rule id order. */
function _patternsOf(plan: PartPlan, partOf: Int32Array, profile: Profile): MatchPattern[] {
  const all: MatchPattern[] = [];
  const rules = plan.rules;
  for (let id = 0; id < rules.length; id++) if ((partOf[id] as number) >= 0) appendPatternsOfRule(rules[id] as ParsedRule, id, profile, all);
  return all;
}

/** Returns the highest priority of `patterns` (0 for none). */
function _highestPriority(patterns: readonly MatchPattern[]): number {
  let max = 0;
  for (let i = 0; i < patterns.length; i++) {
    const p = (patterns[i] as MatchPattern).priority;
    if (p > max) max = p;
  }
  return max;
}

/** Returns `all` in rank `order`, less each wildcard pattern that repeats a better-ranked one of its part. */
function _dropRepeats(all: readonly MatchPattern[], order: Int32Array, partOf: Int32Array, partCount: number): _Ranked {
  const byPart: number[][] = new Array<number[]>(partCount);
  for (let p = 0; p < partCount; p++) byPart[p] = [];
  const ranked: _Ranked = { patterns: [], bodies: [], headLen: [], unnamed: [], rankRules: [], rankCompanion: [], byPart };
  const seen = new _Distinct();
  // `order` is the kept array: its first all.length entries.
  for (let from = 0; from < all.length; from += LOOP_CHUNK) _dropRepeatsIn(all, order, partOf, from, Math.min(all.length, from + LOOP_CHUNK), seen, ranked);
  return ranked;
}

/**
 * Patterns _dropRepeatsIn handles per call: a call ends before V8 compiles it on the stack, so
 * a cold process compiles it once, as a function with the feedback of whole calls (on-stack
 * replacement compiled the enclosing loop synchronously, threw the code away on the first rare
 * branch, and compiled it again).
 */
const LOOP_CHUNK = 256;

/** Appends `all[order[from, to)]` to `ranked`, less each wildcard pattern `seen` already holds. */
function _dropRepeatsIn(all: readonly MatchPattern[], order: Int32Array, partOf: Int32Array, from: number, to: number, seen: _Distinct, ranked: _Ranked): void {
  const patterns = ranked.patterns as MatchPattern[];
  const bodies = ranked.bodies as Uint8Array[];
  const headLen = ranked.headLen as number[];
  const { rankRules, rankCompanion, byPart } = ranked;
  for (let k = from; k < to; k++) {
    const p = all[order[k] as number] as MatchPattern;
    const b = p.body;
    const head = p.head;
    if (head < b.length) {
      const distinct = seen.list.length;
      if (seen.add(((partOf[p.ruleId] as number) << 1) | (p.anchored ? 1 : 0), b, 0, b.length) < distinct) continue;
    }
    (byPart[partOf[p.ruleId] as number] as number[]).push(patterns.length);
    patterns.push(p);
    bodies.push(b);
    headLen.push(head);
    rankRules.push(p.ruleId);
    rankCompanion.push(p.companion ? 1 : 0);
  }
}

/**
 * Distinct byte strings (each with a tag: 0, or a pattern's part and anchor) in first-seen
 * order: a scan while there are few (no table per file: most files have a handful of wildcard
 * patterns), past DISTINCT_SCAN_MAX an open-addressing table of indices (Int32Array, linear
 * probing, at most a quarter full) placed by a seeded hash: no key string or Map entry per string.
 */
class _Distinct {
  readonly list: Uint8Array[] = [];
  private readonly _tags: number[] = [];
  /** Per index: its hash (filled once the table exists). */
  private readonly _hashes: number[] = [];
  /** Index + 1 per slot, 0 for an empty slot; undefined while scanning. */
  private _slots: Int32Array | undefined = undefined;

  /**
   * Returns the index of (`tag`, `bytes[from, to)`), adding it as the next index when new (a
   * view is cut only then). O(DISTINCT_SCAN_MAX + bytes), expected.
   */
  add(tag: number, bytes: Uint8Array, from: number, to: number): number {
    const list = this.list;
    const tags = this._tags;
    const n = list.length;
    const slots = this._slots;
    if (slots === undefined) {
      for (let i = 0; i < n; i++) if (tags[i] === tag && _sameRange(list[i] as Uint8Array, bytes, from, to)) return i;
      this._push(tag, bytes, from, to);
      if (n + 1 >= DISTINCT_SCAN_MAX) this._index();
      return n;
    }
    const h = _hashBytes(tag, bytes, from, to);
    const mask = slots.length - 1;
    // Every probe compares (no stored-hash test first): a cold process then has feedback for
    // the comparison before an equal string first turns up (a test that only equal hashes
    // passed deoptimised the caller there).
    for (let s = h & mask; ; s = (s + 1) & mask) {
      const e = slots[s] as number;
      if (e === 0) break;
      if (tags[e - 1] === tag && _sameRange(list[e - 1] as Uint8Array, bytes, from, to)) return e - 1;
    }
    this._push(tag, bytes, from, to);
    this._hashes.push(h);
    this._place(slots, n, h);
    if (4 * (n + 1) > slots.length) this._rehash(2 * slots.length);
    return n;
  }

  /** Puts index `i` (hash `h`) in the first free slot from `h`. */
  private _place(slots: Int32Array, i: number, h: number): void {
    const mask = slots.length - 1;
    let s = h & mask;
    while (slots[s] !== 0) s = (s + 1) & mask;
    slots[s] = i + 1;
  }

  /** Hashes every string so far and builds the table. */
  private _index(): void {
    for (let i = 0; i < this.list.length; i++) {
      const key = this.list[i] as Uint8Array;
      this._hashes.push(_hashBytes(this._tags[i] as number, key, 0, key.length));
    }
    this._rehash(4 * DISTINCT_SCAN_MAX);
  }

  /** Rebuilds the table with `size` slots (a power of two, at least four times the strings). */
  private _rehash(size: number): void {
    const slots = new Int32Array(size);
    for (let i = 0; i < this._hashes.length; i++) this._place(slots, i, this._hashes[i] as number);
    this._slots = slots;
  }

  private _push(tag: number, bytes: Uint8Array, from: number, to: number): void {
    this.list.push(from === 0 && to === bytes.length ? bytes : _cut(bytes, from, to));
    this._tags.push(tag);
  }
}

/**
 * Returns `bytes[from, to)`: a copy up to SHORT_COPY_MAX bytes (V8 keeps a typed array that small
 * on its heap: cheaper than a view), else a view (the view constructor, not subarray, which
 * looks up a species constructor on every call).
 */
function _cut(bytes: Uint8Array, from: number, to: number): Uint8Array {
  if (to - from > SHORT_COPY_MAX) return new Uint8Array(bytes.buffer, bytes.byteOffset + from, to - from);
  const out = new Uint8Array(to - from);
  for (let k = from; k < to; k++) out[k - from] = bytes[k] as number;
  return out;
}

/** Distinct strings looked up by a scan (compared from the end) before the table takes over: at 16, www.st.com's 21 wildcard patterns built two tables, whose Int32Array was 6% of its build's CPU profile. */
const DISTINCT_SCAN_MAX = 32;

/** Per-process hash seed: crafted inputs cannot aim at one chain (the output never depends on the hash). */
const _HASH_SEED = (Math.random() * 0x40000000) | 0;

/** Returns a 30-bit FNV-1a hash of `tag` and `bytes[from, to)`. */
function _hashBytes(tag: number, bytes: Uint8Array, from: number, to: number): number {
  let h = Math.imul(0x811c9dc5 ^ _HASH_SEED, 0x01000193) ^ tag;
  for (let k = from; k < to; k++) h = Math.imul(h ^ (bytes[k] as number), 0x01000193);
  return (h ^ (h >>> 15)) & 0x3fffffff;
}

/**
 * Returns true when `a` holds the bytes `b[from, to)`. Compared from the end: a file's patterns
 * and segments share prefixes (`/*video-page.html?page=2$`, `...=3$`), and the forward compare
 * was 12% of a CPU profile of www.st.com's build (21 such wildcard patterns).
 */
function _sameRange(a: Uint8Array, b: Uint8Array, from: number, to: number): boolean {
  if (a.length !== to - from) return false;
  for (let k = a.length - 1; k >= 0; k--) if (a[k] !== b[from + k]) return false;
  return true;
}

/**
 * Returns one part's radix nodes from its patterns' ranks (ascending): the ranks sorted by head
 * (stably, so each head's ranks stay ascending) and grouped, the first rank of a literal
 * pattern kept per head and anchor, written to `out` (PARTS bytes and wildcard lists). Heads
 * are offsets into the patterns' bodies: no subarray, object per pattern or object per node.
 */
function _buildPart(ranked: _Ranked, ranks: number[], segments: _Distinct, out: _PartSink): void {
  if (ranks.length === 1) return _writeOnePattern(ranked, ranks[0] as number, segments, out);
  // One loop per function below: a cold process compiles each hot loop on its own (on-stack
  // replacement compiles the whole enclosing function, once per hot loop).
  // The part's rank list is sorted in place: nothing reads it in rank order afterwards.
  const order = ranks;
  _orderByHead(ranked, order);
  const heads = _headsOf(ranked, order);
  // The radix trie in working arrays, written once into `out` (no array per trie).
  const radix = buildRadixScratch(heads.bodies, heads.lens, heads.count, heads.shared);
  _writeNodes(ranked, order, heads, radix, radix.count, segments, out);
  _releaseHeads(heads);
}

/** Sorts `ranks` (ascending) stably in place by head: each head's ranks stay ascending. */
function _orderByHead(ranked: _Ranked, ranks: number[]): void {
  _sortStrings(ranked.bodies, ranked.headLen, ranks);
}

/** The distinct heads of a part's ranks sorted by head (index h below `count`), and what ends at each: working arrays kept for the next part. */
interface _Heads {
  /** A body that holds head h, and its length. */
  readonly bodies: Uint8Array[];
  readonly lens: Int32Array;
  /** How many first bytes head h shares with head h - 1 (0 for the first): the radix build's common prefixes. */
  readonly shared: Int32Array;
  /** The best literal prefix and `$` ranks of head h, or -1. */
  readonly prefixRank: Int32Array;
  readonly endRank: Int32Array;
  /** Head h's ranks are order[from[h], from[h + 1]) (wildcard and literal). */
  readonly from: Int32Array;
  /** Heads. */
  count: number;
  /** Wildcard ranks in all. */
  wilds: number;
}

/** Heads kept (a part of 4,096 patterns); a larger part's arrays are used once. Five arrays pushed per part were 2% of a CPU profile of the corpus's median files' compiles. */
const HEADS_SCRATCH_MAX = 4_096;
const _heads = new KeptScratch<_Heads>(HEADS_SCRATCH_MAX, 64, (size) => ({
  bodies: [], lens: new Int32Array(size), shared: new Int32Array(size), prefixRank: new Int32Array(size), endRank: new Int32Array(size), from: new Int32Array(size), count: 0, wilds: 0,
}), (h) => h.lens.length);

/** Returns the heads of `order` (ranks sorted by head), in the kept arrays: valid until the next part. */
function _headsOf(ranked: _Ranked, order: readonly number[]): _Heads {
  const heads = _heads.of(order.length + 1);
  const { bodies, lens, shared, from, prefixRank, endRank } = heads;
  let n = 0;
  let wilds = 0;
  for (let k = 0; k < order.length; k++) {
    const rank = order[k] as number;
    const p = ranked.patterns[rank] as MatchPattern;
    const len = ranked.headLen[rank] as number;
    // Against the last head's own body and length (read from the kept arrays, not through the
    // pattern of its first rank: a 5,000-rule file's lookups were a fifth of its compile).
    // The bytes shared with the last head, counted once here for the radix build too.
    const common = k === 0 ? 0 : countCommonPrefix(bodies[n - 1] as Uint8Array, lens[n - 1] as number, p.body, len);
    if (k === 0 || common !== len || lens[n - 1] !== len) {
      bodies[n] = p.body;
      lens[n] = len;
      shared[n] = common;
      prefixRank[n] = -1;
      endRank[n] = -1;
      from[n] = k;
      n++;
    }
    const h = n - 1;
    if (len < p.body.length) wilds++;
    else if (p.anchored) {
      if ((endRank[h] as number) < 0) endRank[h] = rank;
      else ranked.unnamed.push(rank);
    } else if ((prefixRank[h] as number) < 0) prefixRank[h] = rank;
    else ranked.unnamed.push(rank);
  }
  from[n] = order.length;
  heads.count = n;
  heads.wilds = wilds;
  return heads;
}

/** Lets go of the bodies `heads` names (the kept arrays must not hold a file's bytes past its build). */
function _releaseHeads(heads: _Heads): void {
  for (let h = 0; h < heads.count; h++) heads.bodies[h] = _NO_BYTES;
  heads.count = 0;
}

/** Writes a part's radix nodes (`radix`, the trie of the heads) with what ends at each node to `out`. */
function _writeNodes(ranked: _Ranked, order: readonly number[], heads: _Heads, radix: RadixOut, count: number, segments: _Distinct, out: _PartSink): void {
  const w = out.w;
  w.v(count);
  // The writer's bytes and length in locals, each field one byte when below 0x80 (nearly all):
  // a vq call per field, each loading and storing the writer's length, was most of this loop.
  for (let q = 0; q < count; q++) {
    const h = radix.outIndex[q] as number;
    const keyOf = radix.outKey[q] as number;
    const from = radix.outFrom[q] as number;
    const to = radix.outDepth[q] as number;
    w.room(25 + to - from);
    const bytes = w.bytes;
    let at = putVarint(bytes, w.length, radix.outChildren[q] as number);
    at = putVarint(bytes, at, to - from);
    if (keyOf >= 0) {
      const key = heads.bodies[keyOf] as Uint8Array;
      for (let k = from; k < to; k++) bytes[at++] = key[k] as number;
    }
    at = putVarint(bytes, at, h < 0 ? 0 : (heads.prefixRank[h] as number) + 1);
    at = putVarint(bytes, at, h < 0 ? 0 : (heads.endRank[h] as number) + 1);
    at = putVarint(bytes, at, h < 0 || heads.wilds === 0 ? 0 : _appendWildcards(ranked, order, heads.from[h] as number, heads.from[h + 1] as number, segments, out));
    w.length = at;
  }
}

/** Appends the wildcard patterns among the ranks `order[from, to)` (one head, ascending rank) to `out` with their segments; returns how many. */
function _appendWildcards(ranked: _Ranked, order: readonly number[], from: number, to: number, segments: _Distinct, out: _PartSink): number {
  let n = 0;
  for (let k = from; k < to; k++) {
    const rank = order[k] as number;
    const p = ranked.patterns[rank] as MatchPattern;
    const head = ranked.headLen[rank] as number;
    if (head < p.body.length) {
      _appendWildcard(out, rank, p.body, head, p.anchored, segments);
      n++;
    }
  }
  return n;
}

/** Appends one wildcard pattern (rank, shape, segments: the runs between and after the `*`s of `body` from its head) to `out`. */
function _appendWildcard(out: _PartSink, rank: number, body: Uint8Array, head: number, anchored: boolean, segments: _Distinct): void {
  const segs = out.wildSegments;
  const before = segs.length;
  let from = head + 1;
  for (let k = from; k <= body.length; k++) {
    if (k === body.length || body[k] === WILDCARD) {
      segs.push(segments.add(0, body, from, k));
      from = k + 1;
    }
  }
  out.wildRank.push(rank);
  out.wildShape.push(((segs.length - before) << 1) | (anchored ? 1 : 0));
}

/**
 * Writes the radix nodes of a part of one pattern (many merged groups of their own hold one
 * rule each: shared-group-3000 builds 3,000 such parts): the root, and the head's leaf unless
 * the head is empty.
 */
function _writeOnePattern(ranked: _Ranked, rank: number, segments: _Distinct, out: _PartSink): void {
  const { body, anchored } = ranked.patterns[rank] as MatchPattern;
  const headLen = ranked.headLen[rank] as number;
  const wild = headLen < body.length;
  out.w.room(40 + headLen);
  out.w.vq(headLen === 0 ? 1 : 2);
  // The root: one child (the leaf), or the leaf itself.
  if (headLen > 0) {
    out.w.vq(1);
    out.w.vq(0);
    out.w.vq(0);
    out.w.vq(0);
    out.w.vq(0);
  }
  out.w.vq(0);
  out.w.vq(headLen);
  out.w.range(body, 0, headLen);
  out.w.vq(wild || anchored ? 0 : rank + 1);
  out.w.vq(!wild && anchored ? rank + 1 : 0);
  out.w.vq(wild ? 1 : 0);
  if (wild) _appendWildcard(out, rank, body, headLen, anchored, segments);
}

/**
 * Where a compile writes its parts: the PARTS bytes (`w`, on a buffer kept for the next compile
 * while it is at most KEPT_WRITER_MAX_BYTES (_partBytes), so its bytes are valid until the next build unless
 * copied) and the flat wildcard lists.
 */
class _PartSink {
  readonly wildRank: number[] = [];
  readonly wildShape: number[] = [];
  readonly wildSegments: number[] = [];
  constructor(readonly w: ByteWriter) {}
}

/** The PARTS buffer kept for the next compile. */
const _partBytes = new KeptBytes(KEPT_WRITER_MAX_BYTES, 1_024);

/** A cursor over bytes the build wrote (PARTS, SEGMENTS), read back by the decoders tools and tests use: unsigned LEB128 varints and raw bytes at `at`. */
class _VarintCursor {
  at = 0;
  constructor(readonly bytes: Uint8Array) {}

  /** Returns the varint at `at` and moves past it. */
  v(): number {
    let x = 0;
    for (let shift = 0; ; shift += 7) {
      const b = this.bytes[this.at++] as number;
      x += (b & 0x7f) * 2 ** shift;
      if (b < 0x80) return x;
    }
  }
}

/** Returns the nodes of every part from the PARTS bytes and wildcard lists of `built` (each label a copy). O(parts bytes). */
function _decodeParts(built: BuiltParts): BuiltNode[][] {
  const bytes = built.partBytes;
  const c = new _VarintCursor(bytes);
  let wild = 0;
  let seg = 0;
  const parts: BuiltNode[][] = [];
  for (let p = 0; p < built.partCount; p++) {
    const nodes: BuiltNode[] = [];
    const count = c.v();
    for (let q = 0; q < count; q++) {
      const childCount = c.v();
      const len = c.v();
      const key = bytes.slice(c.at, c.at + len);
      c.at += len;
      const prefixRank = c.v() - 1;
      const endRank = c.v() - 1;
      const wildcards: BuiltWildcard[] = [];
      for (let n = c.v(); n > 0; n--, wild++) {
        const shape = built.wildShape[wild] as number;
        wildcards.push({ rank: built.wildRank[wild] as number, segments: built.wildSegments.slice(seg, seg + (shape >> 1)), anchored: (shape & 1) === 1 });
        seg += shape >> 1;
      }
      nodes.push({ key, labelFrom: 0, labelTo: len, childCount, prefixRank, endRank, wildcards });
    }
    parts.push(nodes);
  }
  return parts;
}

/** The built tables; `parts` decoded from partBytes, the segment arrays from segmentBytes, on first read. */
class _Built implements BuiltParts {
  #parts: BuiltNode[][] | undefined = undefined;
  #segments: _SegmentArrays | undefined = undefined;
  constructor(
    readonly rankRules: readonly number[],
    readonly rankCompanion: readonly number[],
    readonly rebuildable: readonly number[],
    readonly partCount: number,
    readonly partBytes: Uint8Array,
    readonly wildRank: readonly number[],
    readonly wildShape: readonly number[],
    readonly wildSegments: readonly number[],
    readonly segmentCount: number,
    readonly segmentBytes: Uint8Array,
    readonly segmentNode: readonly number[],
  ) {}

  get parts(): readonly (readonly BuiltNode[])[] {
    return (this.#parts ??= _decodeParts(this));
  }

  get segmentTrie(): ByteTrie {
    return this._segmentArrays().trie;
  }

  get fail(): readonly number[] {
    return this._segmentArrays().fail;
  }

  get segmentEnds(): readonly number[] {
    return this._segmentArrays().ends;
  }

  private _segmentArrays(): _SegmentArrays {
    return (this.#segments ??= _decodeSegments(this.segmentCount, this.segmentBytes));
  }
}

/** The segment trie in arrays of its own, as BuiltParts shows it. */
interface _SegmentArrays {
  readonly trie: ByteTrie;
  readonly fail: readonly number[];
  readonly ends: readonly number[];
}

/**
 * Returns the segment trie of `count` nodes read out of its SEGMENTS bytes (per node but the
 * root: parent, edge byte, `fail << 1 | end`, as the runtime loads them): depths and children
 * from the parents (breadth-first, children contiguous), keyNode from a preorder walk (children
 * ascending: the ending nodes in sorted key order). O(count).
 */
function _decodeSegments(count: number, bytes: Uint8Array): _SegmentArrays {
  const c = new _VarintCursor(bytes);
  const parent = [0], byte = [0], depth = [0], fail = [0], ends = [0];
  const firstChild = filledArray(count, 0), childCount = filledArray(count, 0);
  for (let x = 1; x < count; x++) {
    const p = c.v();
    parent.push(p);
    byte.push(bytes[c.at++] as number);
    const failOut = c.v();
    fail.push(failOut >> 1);
    ends.push(failOut & 1);
    depth.push((depth[p] as number) + 1);
    if (childCount[p] === 0) firstChild[p] = x;
    childCount[p] = (childCount[p] as number) + 1;
  }
  const keyNode: number[] = [];
  const stack = [0];
  while (stack.length > 0) {
    const x = stack.pop() as number;
    if (ends[x] === 1) keyNode.push(x);
    const first = firstChild[x] as number;
    for (let child = first + (childCount[x] as number) - 1; child >= first && child > 0; child--) stack.push(child);
  }
  return { trie: { count, parent, byte, depth, firstChild, childCount, keyNode }, fail, ends };
}

/** The tables of a plan without parts (no rule is rebuilt: every text is stored). */
const _NOTHING_BUILT: BuiltParts = new _Built([], [], _NO_RULES, 0, _NO_BYTES, [], [], [], 1, _NO_BYTES, []);

/** Returns which rules' text the runtime can rebuild from the tables (see BuiltParts.rebuildable). */
function _rebuildable(plan: PartPlan, ranked: _Ranked): number[] {
  // Plain arrays: a typed array's allocation costs more than its use on the usual few rules.
  const count = ranked.patterns.length;
  // Every rank a node names (all but the literal repeats _headsOf met; most files have none).
  const named = ranked.unnamed.length === 0 ? _ALL_NAMED : _namedRanks(count, ranked.unnamed);
  // Per rule: 0 not seen yet, 1 rebuildable, 2 seen and not (made 0 at the end).
  const out = filledArray(plan.rules.length, 0);
  for (let rank = 0; rank < count; rank++) {
    const { ruleId: id, companion, body, anchored } = ranked.patterns[rank] as MatchPattern;
    // Only the rule's best rank counts: the runtime rebuilds from it.
    if (out[id] !== 0) continue;
    out[id] = 2;
    if (companion || (named !== _ALL_NAMED && named[rank] !== 1)) continue;
    const raw = (plan.rules[id] as ParsedRule).rawBytes;
    // The usual rule: its text needed no escaping or canonical form, and the body is the text itself.
    if (raw === body) {
      out[id] = 1;
      continue;
    }
    const n = body.length + (anchored ? 1 : 0);
    if (raw.length !== n || (anchored && raw[n - 1] !== 0x24)) continue;
    let same = true;
    for (let k = 0; k < body.length && same; k++) same = raw[k] === body[k];
    if (same) out[id] = 1;
  }
  for (let id = 0; id < out.length; id++) if (out[id] === 2) out[id] = 0;
  return out;
}

/** _rebuildable's marks when every rank is named (never read). */
const _ALL_NAMED: number[] = [];

/** Returns 1 per rank of `count`, 0 for the `unnamed` ones. */
function _namedRanks(count: number, unnamed: readonly number[]): number[] {
  const named = filledArray(count, 1);
  for (let i = 0; i < unnamed.length; i++) named[unnamed[i] as number] = 0;
  return named;
}

/**
 * Returns the matching tables of a plan: ranks, one radix trie per part, the segment trie.
 * `texts`: work out which rule texts the tables rebuild (only an artifact that stores pattern
 * texts reads it; default true). `own`: partBytes and segmentBytes are the result's own (default), else views of the
 * compile's kept buffers, valid until the next build (the compile serialises it at once).
 * O(pattern bytes + p log p) for p patterns.
 */
export function buildParts(parsed: ParsedRobots, plan: PartPlan, profile: Profile, texts = true, own = true): BuiltParts {
  // One loop per helper: a cold process compiles each hot loop on its own (on-stack replacement
  // compiles the whole enclosing function, once per hot loop).
  // No part (compileRobots' artifact of everything but the tries): nothing to rank or build.
  if (plan.parts.length === 0) return _NOTHING_BUILT;
  const partOf = _partOfRules(parsed, plan);
  const ranked = _rankPatterns(plan, partOf, profile);
  const { rankRules, rankCompanion, byPart } = ranked;
  const segments = new _Distinct();
  const out = new _PartSink(_partBytes.writer(0, 0));
  for (let p = 0; p < byPart.length; p++) _buildPart(ranked, byPart[p] as number[], segments, out);
  _partBytes.keep(out.w);
  const partBytes = own ? out.w.bytes.slice(0, out.w.length) : new Uint8Array(out.w.bytes.buffer, 0, out.w.length);
  const rebuildable = texts ? _rebuildable(plan, ranked) : _NO_RULES;
  if (segments.list.length === 0) {
    return new _Built(rankRules, rankCompanion, rebuildable, byPart.length, partBytes, out.wildRank, out.wildShape, out.wildSegments, 1, _NO_BYTES, []);
  }
  const sorted = _sortedSegments(segments.list);
  const trie = buildByteTrieScratch(sorted.list);
  const segmentNode = filledArray(sorted.list.length, 0);
  for (let k = 0; k < sorted.order.length; k++) segmentNode[sorted.order[k] as number] = trie.keyNode[k] as number;
  const w = _segmentBytes.writer(0, 0);
  _writeSegmentNodes(w, trie);
  _segmentBytes.keep(w);
  const segmentBytes = own ? w.bytes.slice(0, w.length) : new Uint8Array(w.bytes.buffer, 0, w.length);
  return new _Built(rankRules, rankCompanion, rebuildable, byPart.length, partBytes, out.wildRank, out.wildShape, out.wildSegments, trie.count, segmentBytes, segmentNode);
}

/** The SEGMENTS buffer kept for the next compile. */
const _segmentBytes = new KeptBytes(KEPT_WRITER_MAX_BYTES, 256);

/** Writes the SEGMENTS nodes of `trie` but the root: parent, edge byte, `fail << 1 | end`. */
function _writeSegmentNodes(w: ByteWriter, trie: ByteTrieScratch): void {
  w.room(11 * trie.count);
  // The writer's bytes, length and the trie's arrays in locals (as _writeNodes): a vq call per
  // field loads and stores the writer's length. Node ids are below 2^30: varints of at most 5 bytes.
  const bytes = w.bytes;
  const { parent, byte, fail, end } = trie;
  let at = w.length;
  for (let x = 1; x < trie.count; x++) {
    at = putVarint(bytes, at, parent[x] as number);
    bytes[at++] = byte[x] as number;
    at = putVarint(bytes, at, ((fail[x] as number) << 1) | (end[x] as number));
  }
  w.length = at;
}

/** Returns the distinct segments `list` sorted, and where each came from (sorted key k is `list[order[k]]`). */
function _sortedSegments(list: readonly Uint8Array[]): { list: Uint8Array[]; order: number[] } {
  // One loop per helper (see buildParts).
  const order: number[] = [];
  for (let i = 0; i < list.length; i++) order.push(i);
  _sortStrings(list, _lengthsOf(list), order);
  return { list: _inOrder(list, order), order };
}

/** Returns the length of each of `list`. */
function _lengthsOf(list: readonly Uint8Array[]): number[] {
  const lens: number[] = [];
  for (let i = 0; i < list.length; i++) lens.push((list[i] as Uint8Array).length);
  return lens;
}

/** Returns `list[order[k]]` for each k. */
function _inOrder(list: readonly Uint8Array[], order: readonly number[]): Uint8Array[] {
  const sorted = new Array<Uint8Array>(list.length);
  for (let k = 0; k < list.length; k++) sorted[k] = list[order[k] as number] as Uint8Array;
  return sorted;
}
