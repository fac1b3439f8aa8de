/**
 * The trie kernel of stage 4 (build-parts.ts): one kernel for both automata of the format (runtime
 * format.ts): sorted byte strings to a breadth-first byte trie in time linear in their bytes,
 * then either compressed into a part's radix trie of literal heads or given Aho-Corasick fail
 * links as the file's segment trie. No subset construction: a check walks the radix trie once
 * and verifies wildcard candidates with the segment trie.
 */

/**
 * A trie in breadth-first order as parallel arrays indexed by node: node 0 is the root (depth
 * 0), the children of a node are contiguous and ascending. Plain arrays: most tries here are
 * a few dozen nodes, where typed-array allocation would cost more than the build.
 */
export interface TrieArrays {
  readonly count: number;
  /** Bytes from the root. */
  readonly depth: readonly number[];
  readonly childCount: readonly number[];
}

/**
 * A byte trie (one byte per edge): `parent[i] < i`, children ascending by byte from
 * `firstChild`. `keyNode[k]` is the node where key `k` ends.
 */
export interface ByteTrie extends TrieArrays {
  readonly parent: readonly number[];
  readonly byte: readonly number[];
  readonly firstChild: readonly number[];
  readonly keyNode: readonly number[];
}

/**
 * Returns `count` copies of `value`: written into `new Array(count)` by a loop while at most
 * FILL_LOOP_MAX (not Array#fill: 150 vs 290 ns for 60 entries, half of a file's segment-trie
 * build went to five such fills), else pushed (`new Array(n)` past about 16,000 entries, a
 * 100,000-group file, deoptimises optimised code or makes a dictionary-mode array). O(count).
 */
export function filledArray(count: number, value: number): number[] {
  if (count > FILL_LOOP_MAX) {
    const out: number[] = [];
    for (let i = 0; i < count; i++) out.push(value);
    return out;
  }
  const out = new Array<number>(count);
  for (let i = 0; i < count; i++) out[i] = value;
  return out;
}

/** Lists sorted by insertion: Array#sort was a seventh of mergeGroups' time, and with a comparator a quarter of planParts', on the corpus's median files (1-3 groups). */
const INSERTION_SORT_MAX = 16;

/** Returns how many leading bytes `x[0, xl)` and `y[0, yl)` share. O(that count). */
export function countCommonPrefix(x: Uint8Array, xl: number, y: Uint8Array, yl: number): number {
  const m = xl < yl ? xl : yl;
  let l = 0;
  while (l < m && x[l] === y[l]) l++;
  return l;
}

/**
 * Sorts `list` ascending by `keyOf` (distinct keys, code-unit order, as Array#sort compares
 * strings): by insertion up to INSERTION_SORT_MAX entries (no comparator called from the native
 * sort; sorted input costs one pass), else natively. O(n^2) while few, else O(n log n).
 */
export function sortByKey<T>(list: T[], keyOf: (x: T) => string): void {
  const n = list.length;
  if (n > INSERTION_SORT_MAX) {
    list.sort((a, b) => (keyOf(a) < keyOf(b) ? -1 : keyOf(a) > keyOf(b) ? 1 : 0));
    return;
  }
  for (let i = 1; i < n; i++) {
    const x = list[i] as T;
    const k = keyOf(x);
    let j = i - 1;
    while (j >= 0 && keyOf(list[j] as T) > k) {
      list[j + 1] = list[j] as T;
      j--;
    }
    list[j + 1] = x;
  }
}

/** Entries filledArray writes into a preallocated array: any bound well below the 16,000 where `new Array(n)` deoptimised (a 100,000-group file); 4,096 as the kept scratch's bounds. */
const FILL_LOOP_MAX = 4_096;

/** Returns true when `a` and `b` hold the same bytes. O(length). */
export function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let k = 0; k < a.length; k++) if (a[k] !== b[k]) return false;
  return true;
}

/** Returns -1, 0 or 1 as byte string `a` sorts before, with or after `b`. */
export function compareBytes(a: Uint8Array, b: Uint8Array): number {
  const k = countCommonPrefix(a, a.length, b, b.length);
  if (k === a.length) return k === b.length ? 0 : -1;
  if (k === b.length) return 1;
  return (a[k] as number) < (b[k] as number) ? -1 : 1;
}

/**
 * Returns the byte trie of `keys`, which must be sorted ascending and distinct: buildByteTrieScratch's
 * trie copied into arrays of its own. O(total key bytes).
 */
export function buildByteTrie(keys: readonly Uint8Array[]): ByteTrie {
  const s = buildByteTrieScratch(keys);
  const count = s.count;
  return {
    count, parent: _arrayOf(s.parent, count), byte: _arrayOf(s.byte, count), depth: _arrayOf(s.depth, count),
    firstChild: _arrayOf(s.firstChild, count), childCount: _arrayOf(s.childCount, count), keyNode: _arrayOf(s.keyNode, keys.length),
  };
}

/** Returns `a[0, n)` as an array. */
function _arrayOf(a: Int32Array, n: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < n; i++) out.push(a[i] as number);
  return out;
}

/**
 * @internal The byte trie of buildByteTrieScratch in working arrays indexed by node (valid
 * until the next call; single-threaded), with its Aho-Corasick fail links and, per node, 1
 * where a key ends (`end`).
 */
export interface ByteTrieScratch {
  count: number;
  readonly parent: Int32Array;
  readonly byte: Int32Array;
  readonly depth: Int32Array;
  readonly firstChild: Int32Array;
  readonly childCount: Int32Array;
  readonly keyNode: Int32Array;
  readonly fail: Int32Array;
  readonly end: Int32Array;
  /** Per node, the run of keys under it: `keys[from, to)`. */
  readonly from: Int32Array;
  readonly to: Int32Array;
}

/**
 * @internal Returns the byte trie of `keys` (sorted ascending, distinct) and its fail links in
 * working arrays: see {@link ByteTrieScratch}. Built breadth-first: each node stands for the
 * run of keys that share its path (contiguous, as the keys are sorted), its children are that
 * run's groups of one next byte, in order, so ids are breadth-first with children contiguous
 * and ascending. No array per trie (a segment trie in arrays of its own, five filled then
 * renumbered from a preorder build, was a fifth of a CPU profile of a wildcard-only file's
 * build). O(total key bytes) plus the fail links' (see buildFailLinks).
 */
export function buildByteTrieScratch(keys: readonly Uint8Array[]): ByteTrieScratch {
  // Distinct keys: nodes (the root and one per distinct nonempty prefix) and keys (at most one
  // empty) are each at most key bytes + 1.
  const s = _scratch.of(_keyBytes(keys) + 2);
  s.from[0] = 0;
  s.to[0] = keys.length;
  s.parent[0] = 0;
  s.byte[0] = 0;
  s.depth[0] = 0;
  s.count = _buildBreadthFirst(keys, s);
  _fillFailLinks(s, s.count, s.fail);
  return s;
}

/**
 * Fills `s` with the nodes of the trie of `keys` breadth-first (the root's fields set);
 * returns the node count. (Its own function: a cold process compiles this loop on its own.)
 */
function _buildBreadthFirst(keys: readonly Uint8Array[], s: ByteTrieScratch): number {
  const { from, to, parent, byte, depth, firstChild, childCount, keyNode, end } = s;
  let count = 1;
  for (let x = 0; x < count; x++) {
    const d = depth[x] as number;
    const stop = to[x] as number;
    let k = from[x] as number;
    // The key that ends here, if any, is the run's first (a prefix of the others; keys are distinct).
    end[x] = 0;
    if (k < stop && (keys[k] as Uint8Array).length === d) {
      keyNode[k++] = x;
      end[x] = 1;
    }
    const first = count;
    while (k < stop) {
      const b = (keys[k] as Uint8Array)[d] as number;
      from[count] = k;
      for (k++; k < stop && (keys[k] as Uint8Array)[d] === b; k++);
      to[count] = k;
      parent[count] = x;
      byte[count] = b;
      depth[count] = d + 1;
      count++;
    }
    firstChild[x] = count === first ? 0 : first;
    childCount[x] = count - first;
  }
  return count;
}

/** Returns the total length of `keys`. */
function _keyBytes(keys: readonly Uint8Array[]): number {
  let total = 0;
  for (let k = 0; k < keys.length; k++) total += (keys[k] as Uint8Array).length;
  return total;
}

/**
 * Sets `pos[i]` to the place of item i in the stable order of `keys[0, n)` by key (integers in
 * `[0, range)`): the compiler's one counting sort (rank buckets, the slots of the string sort's
 * chunks past PACKED_SORT_MAX). Returns its counts, where entry k is now the end of key k's run (valid until
 * the next call; single-threaded). O(n + range).
 */
export function countingPositions(keys: Int32Array, n: number, range: number, pos: Int32Array): Int32Array {
  // One loop per helper: a cold process compiles each hot loop on its own.
  const start = _countsOf(range + 1);
  _countKeys(keys, n, start);
  for (let k = 1; k <= range; k++) start[k] = (start[k] as number) + (start[k - 1] as number);
  _placeKeys(keys, n, start, pos);
  return start;
}

/**
 * @internal Working arrays kept for the next compile (single-threaded) while they have at most
 * `max` entries: no allocation per compile for the usual sizes, and a hostile file's larger
 * ones are used once and dropped. `make(size)` builds arrays of `size` entries, `sizeOf` reads it.
 */
export class KeptScratch<T> {
  private _kept: T | undefined;
  /** Entries of the kept arrays (0 while none): a number, not a `sizeOf` call per use (each instance's own closure made that call site megamorphic). */
  private _keptSize = 0;
  constructor(
    private readonly _max: number,
    private readonly _min: number,
    private readonly _make: (size: number) => T,
    private readonly _sizeOf: (scratch: T) => number,
  ) {}

  /** Returns the kept arrays when they have at least `n` entries, else fresh ones of max(n, min) entries (kept when within max). O(1) or O(n). */
  of(n: number): T {
    const kept = this._kept;
    if (kept !== undefined && this._keptSize >= n) return kept;
    const fresh = this._make(n > this._min ? n : this._min);
    if (n <= this._max) {
      this._kept = fresh;
      this._keptSize = this._sizeOf(fresh);
    }
    return fresh;
  }
}

/** Counts kept up to this many keys (a 2,000-byte pattern's rank range; the corpus's 4,231 compiles: 4,465 sorts, p99 279, 1 over). */
const COUNTS_SCRATCH_MAX = 4_096;
const _counts = new KeptScratch(COUNTS_SCRATCH_MAX, 256, (size) => new Int32Array(size), (a) => a.length);

/** Returns `size` zeroed counts: the kept ones, or past COUNTS_SCRATCH_MAX fresh ones. */
function _countsOf(size: number): Int32Array {
  const counts = _counts.of(size);
  counts.fill(0, 0, size);
  return counts;
}

/** Adds 1 to `start[k + 1]` for each key k of `keys[0, n)`. */
function _countKeys(keys: Int32Array, n: number, start: Int32Array): void {
  for (let i = 0; i < n; i++) start[(keys[i] as number) + 1] = (start[(keys[i] as number) + 1] as number) + 1;
}

/** Gives each item the next place of its key (`start[k]`: the first free place of key k). */
function _placeKeys(keys: Int32Array, n: number, start: Int32Array, pos: Int32Array): void {
  for (let i = 0; i < n; i++) {
    const k = keys[i] as number;
    pos[i] = start[k] as number;
    start[k] = (start[k] as number) + 1;
  }
}

/** Scratch arrays kept up to this many entries (key bytes + 2 for the byte trie, 2 x keys + 2 for the radix trie; the byte trie's 10 Int32 arrays: 160 KiB; the radix trie's 11: 176 KiB; the corpus's 4,231 compiles: 1,656 byte tries p99 1,221, 4 over; 6,477 radix p99 380, 3 over). */
const TRIE_SCRATCH_MAX = 4_096;
const _scratch = new KeptScratch(TRIE_SCRATCH_MAX, 256, _newTrieScratch, (s) => s.from.length);

/** Returns buildByteTrieScratch's working arrays of `size` entries each. */
function _newTrieScratch(size: number): ByteTrieScratch {
  const a = (): Int32Array => new Int32Array(size);
  return { count: 0, parent: a(), byte: a(), depth: a(), firstChild: a(), childCount: a(), keyNode: a(), fail: a(), end: a(), from: a(), to: a() };
}

/** The fields of a byte trie that childOf and the fail links read: arrays of its own or working arrays. */
interface _TrieLinks {
  readonly byte: ArrayLike<number>;
  readonly parent: ArrayLike<number>;
  readonly firstChild: ArrayLike<number>;
  readonly childCount: ArrayLike<number>;
}

/** Returns the child of `x` on byte `b` in `trie`, or 0 (binary search over its contiguous children). */
export function childOf(trie: _TrieLinks, x: number, b: number): number {
  let lo = trie.firstChild[x] as number;
  let hi = lo + (trie.childCount[x] as number) - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const c = trie.byte[mid] as number;
    if (c === b) return mid;
    if (c < b) lo = mid + 1;
    else hi = mid - 1;
  }
  return 0;
}

/**
 * Returns the Aho-Corasick fail link of every node of `trie` (the node of the longest proper
 * suffix of its path that is also in the trie; 0 for the root and depth 1), computed in
 * breadth-first order so a parent's link is known before its children's. O(nodes x fail-chain
 * steps), amortised linear per key.
 */
export function buildFailLinks(trie: ByteTrie): number[] {
  const fail = filledArray(trie.count, 0);
  _fillFailLinks(trie, trie.count, fail);
  return fail;
}

/** Sets `fail[x]` for each node x below `count` of `trie` (see buildFailLinks). */
function _fillFailLinks(trie: _TrieLinks, count: number, fail: { [x: number]: number }): void {
  fail[0] = 0;
  for (let x = 1; x < count; x++) {
    const p = trie.parent[x] as number;
    let link = 0;
    if (p !== 0) {
      const b = trie.byte[x] as number;
      for (let f = fail[p] as number; ; f = fail[f] as number) {
        const c = childOf(trie, f, b);
        if (c !== 0 || f === 0) {
          link = c;
          break;
        }
      }
    }
    fail[x] = link;
  }
}

/**
 * A radix trie (a byte string per edge) as {@link buildRadixTable} returns it. An edge label
 * is `key[labelFrom, depth)` of the node's key: a key whose first `depth` bytes spell the path
 * to the node (keyOf, -1 for the root).
 */
export interface RadixTable extends TrieArrays {
  readonly keyOf: readonly number[];
  readonly labelFrom: readonly number[];
  /** Index of the key ending at the node, or -1. */
  readonly keyIndex: readonly number[];
}

/**
 * Returns the radix trie of the keys `bytes[i].subarray(0, lens[i])` (sorted ascending,
 * distinct) in breadth-first order, children contiguous: built along the previous key's path
 * (a stack of the open nodes), then renumbered breadth-first, with a node only where a key ends or paths branch (an edge is split
 * where a new key leaves it), in parallel arrays: no subarray or object per key or node. O(keys + key bytes).
 */
export function buildRadixTable(bytes: readonly Uint8Array[], lens: readonly number[]): RadixTable {
  const w = buildRadixScratch(bytes, lens);
  const count = w.count;
  const depth: number[] = [];
  const keyOf: number[] = [];
  const labelFrom: number[] = [];
  const keyIndex: number[] = [];
  const childCount: number[] = [];
  for (let q = 0; q < count; q++) {
    depth.push(w.outDepth[q] as number);
    keyOf.push(w.outKey[q] as number);
    labelFrom.push(w.outFrom[q] as number);
    keyIndex.push(w.outIndex[q] as number);
    childCount.push(w.outChildren[q] as number);
  }
  return { count, depth, keyOf, labelFrom, keyIndex, childCount };
}

/**
 * @internal {@link buildRadixTable} into working arrays: returns them, the node count and the
 * nodes' fields in their `out*` arrays (valid until the next call; single-threaded; a caller
 * drops them when done, so a hostile file's fresh arrays past TRIE_SCRATCH_MAX go with it).
 * No array per trie: build-parts.ts writes them straight into its PARTS bytes. `shared`: per
 * key, how many first bytes it shares with the key before it, when the caller counted them
 * (build-parts.ts does, finding its distinct heads), else counted here.
 */
export function buildRadixScratch(bytes: readonly Uint8Array[], lens: ArrayLike<number>, n: number = bytes.length, shared?: Int32Array): RadixOut {
  // Nodes in creation order (at most 2 per key plus the root); children as linked lists (first,
  // last, next, prev sibling). Working arrays reused across calls (single-threaded). Keys: the
  // first `n` of `bytes` (build-parts.ts passes its kept head arrays).
  const w = _radix.of(2 * n + 2);
  const { depth, keyOf, keyIndex, firstChild, lastChild, next, prev, stack } = w;
  _initNode(w, 0, 0, -1, -1, -1);
  prev[0] = -1;
  stack[0] = 0;
  let sp = 1;
  let count = 1;
  let prevKey = -1;
  for (let i = 0; i < n; i++) {
    const key = bytes[i] as Uint8Array;
    const len = lens[i] as number;
    const l = shared !== undefined ? (shared[i] as number) : prevKey < 0 ? 0 : countCommonPrefix(bytes[prevKey] as Uint8Array, lens[prevKey] as number, key, len);
    let last = -1;
    while ((depth[stack[sp - 1] as number] as number) > l) last = stack[--sp] as number;
    let top = stack[sp - 1] as number;
    if ((depth[top] as number) < l && last >= 0) {
      // The new key leaves the edge to `last` at depth l: split it there (`mid` takes its place).
      const mid = count++;
      _initNode(w, mid, l, i, -1, last);
      const before = prev[last] as number;
      prev[mid] = before;
      if (before < 0) firstChild[top] = mid;
      else next[before] = mid;
      lastChild[top] = mid;
      next[last] = -1;
      prev[last] = -1;
      stack[sp++] = mid;
      top = mid;
    }
    if (len === depth[top]) keyIndex[top] = i;
    else {
      const leaf = count++;
      _initNode(w, leaf, len, i, i, -1);
      const l0 = lastChild[top] as number;
      prev[leaf] = l0;
      if (l0 < 0) firstChild[top] = leaf;
      else next[l0] = leaf;
      lastChild[top] = leaf;
      stack[sp++] = leaf;
    }
    prevKey = i;
  }
  _radixBreadthFirst(w, count);
  w.count = count;
  return w;
}

/**
 * Returns the `count` nodes of `w` (children as linked lists) renumbered breadth-first, children
 * contiguous. (Its own function: a cold process compiles this loop on its own; in
 * buildRadixTable, leaving the insertion loop for it threw away that loop's on-stack code.)
 */
function _radixBreadthFirst(w: _RadixScratch, count: number): void {
  const { depth, keyOf, keyIndex, firstChild, next, outDepth, outKey, outFrom, outIndex, outChildren } = w;
  const order = w.order;
  order[0] = 0;
  outFrom[0] = 0;
  let queued = 1;
  for (let q = 0; q < queued; q++) {
    const x = order[q] as number;
    outDepth[q] = depth[x] as number;
    outKey[q] = keyOf[x] as number;
    outIndex[q] = keyIndex[x] as number;
    let n = 0;
    for (let c = firstChild[x] as number; c >= 0; c = next[c] as number) {
      outFrom[queued] = depth[x] as number;
      order[queued++] = c;
      n++;
    }
    outChildren[q] = n;
  }
}

/** Working arrays of buildRadixTable, one entry per node, and the node count of its last build. */
interface _RadixScratch {
  count: number;
  readonly depth: Int32Array;
  readonly keyOf: Int32Array;
  readonly keyIndex: Int32Array;
  readonly firstChild: Int32Array;
  readonly lastChild: Int32Array;
  readonly next: Int32Array;
  readonly prev: Int32Array;
  readonly stack: Int32Array;
  readonly order: Int32Array;
  /** The breadth-first nodes (index: breadth-first id): depth, key (keyOf), label start, ending key (keyIndex), child count. */
  readonly outDepth: Int32Array;
  readonly outKey: Int32Array;
  readonly outFrom: Int32Array;
  readonly outIndex: Int32Array;
  readonly outChildren: Int32Array;
}

const _radix = new KeptScratch(TRIE_SCRATCH_MAX, 256, _newRadixScratch, (s) => s.depth.length);

/** Sets node `x` of `w`: its depth, key, ending key (or -1) and only child (or -1); no next sibling yet. */
function _initNode(w: _RadixScratch, x: number, depth: number, keyOf: number, keyIndex: number, child: number): void {
  w.depth[x] = depth;
  w.keyOf[x] = keyOf;
  w.keyIndex[x] = keyIndex;
  w.firstChild[x] = child;
  w.lastChild[x] = child;
  w.next[x] = -1;
}

/**
 * Returns buildRadixScratch's working arrays of `size` entries each: 11, the breadth-first
 * depths, keys and label starts written over the insertion's last children, previous siblings
 * and stack (which no step reads after the insertion loop).
 */
function _newRadixScratch(size: number): _RadixScratch {
  const a = (): Int32Array => new Int32Array(size);
  const lastChild = a();
  const prev = a();
  const stack = a();
  return {
    count: 0, depth: a(), keyOf: a(), keyIndex: a(), firstChild: a(), lastChild, next: a(), prev, stack, order: a(),
    outDepth: prev, outKey: lastChild, outFrom: stack, outIndex: a(), outChildren: a(),
  };
}

/** @internal The breadth-first radix nodes of {@link buildRadixScratch}, indexed by node id. */
export interface RadixOut {
  /** Nodes built. */
  readonly count: number;
  readonly outDepth: Int32Array;
  readonly outKey: Int32Array;
  readonly outFrom: Int32Array;
  readonly outIndex: Int32Array;
  readonly outChildren: Int32Array;
}
