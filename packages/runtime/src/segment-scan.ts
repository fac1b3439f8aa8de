/**
 * The rule scan's engine: one left-to-right sweep over the rest of a path that advances every
 * live pattern at once, through an Aho-Corasick automaton over the group's literal segments
 * (the byte runs between `*`s). A walk that has spent its lazy-DFA budget finishes here
 * (matcher.ts `_scanFrom`); SPEC.md sections 4 and 5 (RFC 9309 section 2.2.2) define the matches.
 *
 * Why a sweep: matching each pattern on its own costs, per pattern, the path positions its
 * segments are searched over, so N patterns cost up to N x path length (a 500 KiB group of
 * 700 patterns each ending `*ac`, against a 4 KB URL of `a`s, took 35-45 ms per check). The
 * sweep reads each path byte once for all patterns: a pattern costs only the segments it
 * really matches.
 */
import { NFA_ANCHORED, NFA_KIND_END, NFA_KIND_MASK, NFA_KIND_STAR, nfaKindAt } from './format.js';

/**
 * Most words of a dense goto table (trie nodes x byte classes, 4 MB): a memory bound, not
 * tuned. Past it, the automaton steps by its sparse child table and failure links (amortised
 * O(1) per byte, a hash probe per step instead of one read).
 */
export const SEGMENT_DENSE_MAX_WORDS = 1 << 20;

/** Trie node 0 is the root (the empty segment). */
const _ROOT = 0;
/** An occurrence record's last word: the pattern has matched once this segment is found. */
const _AFTER_MATCH = -2;
/** An occurrence record's last word: the pattern's next segment is the next occurrence. */
const _AFTER_NEXT = -1;

/**
 * The Aho-Corasick automaton of a group's segments, built once per automaton by
 * {@link buildSegmentIndex} and owned by it. A segment occurrence is a maximal run of literal
 * NFA positions right after a `*` that is not the anchored last run of its pattern (that one is
 * matched as a suffix); occurrences are numbered in NFA order, so a pattern's are consecutive.
 * Invariants: bit `x` of `occBits` is set when an occurrence starts at NFA position `x`, and
 * `occBase[w]` counts the occurrences before position `32w` (see {@link occurrenceAt}: 8 bytes
 * per 32 positions instead of a word per position); occurrence `k` is the record
 * `occ[4k .. 4k + 4)`: its trie node, the segment's length, its rank, and what follows it:
 * occurrence `k + 1` (-1), a match (-2), or the anchored last run at NFA position `>= 0`
 * (interleaved, so a cursor's move reads one 16-byte record). Node 0 is the root; `fail[v]` is
 * the node of its longest proper suffix in the trie (`fail[0] == 0`); `out[v]` is the deepest
 * node on `v`'s failure chain (itself included) that ends a segment, or -1, and
 * `outNext[v] == out[fail[v]]`. With a dense
 * table, `goto[v * classes + cls[b]]` is the full transition; else the edge hash answers trie
 * edges and steps follow failure links. The stack arrays are the sweep's per-node working state
 * (valid where `stackGen[v]` is the current sweep's).
 */
export class SegmentIndex {
  /**
   * Per segment node: the top of its stack of waiting cursors, all of which the segment's next
   * reported occurrence releases (-1: empty; valid where `stackGen` is current).
   */
  readonly stackTop: Int32Array;
  readonly stackGen: Int32Array;
  /** Sweep generation (bumped per sweep; the stacks of older sweeps read as empty). */
  gen = 0;

  constructor(
    readonly occBits: Int32Array,
    readonly occBase: Int32Array,
    readonly occ: Int32Array,
    readonly fail: Int32Array,
    readonly out: Int32Array,
    readonly outNext: Int32Array,
    /** Dense transitions (nodes x classes), or an empty array when sparse. */
    readonly goto: Int32Array,
    readonly classes: number,
    readonly cls: Uint8Array,
    /** Trie edges, open-addressed (parent, byte) -> child; `edgeParent` -1 marks an empty slot. */
    readonly edgeParent: Int32Array,
    readonly edgeByte: Uint8Array,
    readonly edgeNode: Int32Array,
    readonly nodes: number,
  ) {
    this.stackTop = new Int32Array(nodes);
    this.stackGen = new Int32Array(nodes);
  }
}

/** Returns the first slot to probe for trie edge (`parent`, `b`) in a table of `mask + 1` slots. */
function _edgeSlot(parent: number, b: number, mask: number): number {
  return (Math.imul(parent ^ Math.imul(b + 1, 0x85ebca77), 0x9e3779b1) >>> 8) & mask;
}

/** Returns the child of trie node `v` on byte `b` in an edge table, or -1. */
function _edgeFind(edgeParent: Int32Array, edgeByte: Uint8Array, edgeNode: Int32Array, v: number, b: number): number {
  const mask = edgeParent.length - 1;
  let slot = _edgeSlot(v, b, mask);
  for (;;) {
    const p = edgeParent[slot] as number;
    if (p < 0) return -1;
    if (p === v && edgeByte[slot] === b) return edgeNode[slot] as number;
    slot = (slot + 1) & mask;
  }
}

/** Returns a copy of `a` with room for `n` entries (the runtime's growable buffers, here and in matcher.ts). */
export function grownInt32(a: Int32Array, n: number): Int32Array<ArrayBuffer> {
  const out = new Int32Array(n);
  out.set(a);
  return out;
}

/** Returns a copy of `a` with room for `n` entries. */
export function grownUint8(a: Uint8Array, n: number): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(n);
  out.set(a);
  return out;
}

/**
 * A trie under construction (`buildSegmentIndex`'s working state): arrays double as they fill,
 * so memory follows the distinct segment bytes, not the NFA's size. Invariant: the edge table is
 * at most half full.
 */
class _Trie {
  parent = new Int32Array(1024);
  byteOf = new Uint8Array(1024);
  depth = new Int32Array(1024);
  terminal = new Uint8Array(1024);
  nodes = 1;
  maxDepth = 0;
  edgeParent = new Int32Array(2048).fill(-1);
  edgeByte = new Uint8Array(2048);
  edgeNode = new Int32Array(2048);
  edges = 0;
  /** The root's children by byte (-1: none): most segments are short, so most lookups start here. */
  readonly rootChild = new Int32Array(256).fill(-1);

  /** Returns the child of `v` on byte `b`, adding it when absent. Amortised O(1). */
  childOf(v: number, b: number): number {
    const found = v === _ROOT ? (this.rootChild[b] as number) : _edgeFind(this.edgeParent, this.edgeByte, this.edgeNode, v, b);
    if (found >= 0) return found;
    if ((this.edges + 1) * 2 > this.edgeParent.length) this._rehash(this.edgeParent.length * 2);
    if (this.nodes === this.parent.length) {
      const size = this.nodes * 2;
      this.parent = grownInt32(this.parent, size);
      this.byteOf = grownUint8(this.byteOf, size);
      this.depth = grownInt32(this.depth, size);
      this.terminal = grownUint8(this.terminal, size);
    }
    const child = this.nodes++;
    this.parent[child] = v;
    this.byteOf[child] = b;
    const d = (this.depth[v] as number) + 1;
    this.depth[child] = d;
    if (d > this.maxDepth) this.maxDepth = d;
    this._place(child, v, b);
    this.edges++;
    if (v === _ROOT) this.rootChild[b] = child;
    return child;
  }

  /** Stores edge (`v`, `b`) -> `child` in its first free slot. */
  _place(child: number, v: number, b: number): void {
    const mask = this.edgeParent.length - 1;
    let slot = _edgeSlot(v, b, mask);
    while ((this.edgeParent[slot] as number) >= 0) slot = (slot + 1) & mask;
    this.edgeParent[slot] = v;
    this.edgeByte[slot] = b;
    this.edgeNode[slot] = child;
  }

  /** Moves every edge into a table of `slots` slots. */
  _rehash(slots: number): void {
    this.edgeParent = new Int32Array(slots).fill(-1);
    this.edgeByte = new Uint8Array(slots);
    this.edgeNode = new Int32Array(slots);
    for (let child = 1; child < this.nodes; child++) this._place(child, this.parent[child] as number, this.byteOf[child] as number);
  }
}

/** Returns the first position at or after `x` that is not a literal (a `*` or an end). */
function _runEnd(nfa: Int32Array, x: number): number {
  while (nfaKindAt(nfa, x) < NFA_KIND_STAR) x++;
  return x;
}

/** Returns true when NFA position `y` is the end of an anchored (`$`) pattern. */
function _isAnchoredEnd(nfa: Int32Array, y: number): boolean {
  return ((nfa[y << 1] as number) & (NFA_KIND_MASK | NFA_ANCHORED)) === (NFA_KIND_END | NFA_ANCHORED);
}

/**
 * Slots (log2) of the build's memo of segments up to 3 bytes (packed bytes and length -> trie
 * node). Measured with a one-off script (not kept) on storm-long-random's 167,291 occurrences of
 * 584 distinct segments: the build took about 10 ms warm with the trie walk alone, about 5 ms
 * with the memo; 4,096 slots hold every distinct 1- to 3-letter segment of an 8-letter storm.
 */
const _MEMO_BITS = 12;

/** Returns the number of set bits of the 32-bit `v`. */
function _popcount(v: number): number {
  v -= (v >>> 1) & 0x55555555;
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return Math.imul((v + (v >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}

/** Returns the occurrence that starts at NFA position `x`, or -1 (a rank query on `occBits`). */
export function occurrenceAt(ix: SegmentIndex, x: number): number {
  const word = ix.occBits[x >>> 5] as number;
  const bit = 1 << (x & 31);
  if ((word & bit) === 0) return -1;
  return (ix.occBase[x >>> 5] as number) + _popcount(word & (bit - 1));
}

/**
 * The occurrences of a build (`buildSegmentIndex`'s first phase): records as in
 * {@link SegmentIndex}, the start bits, the bytes segments use, and the trie.
 */
class _Occurrences {
  count = 0;
  readonly trie = new _Trie();
  readonly used = new Uint8Array(256);
  readonly memoKey = new Int32Array(1 << _MEMO_BITS).fill(-1);
  readonly memoNode = new Int32Array(1 << _MEMO_BITS);

  constructor(
    readonly records: Int32Array,
    readonly bits: Int32Array,
  ) {}
}

/**
 * Returns true when NFA position `x` starts a literal run right after a `*`: where a segment
 * occurrence can start (the sweep's unit, and what a `*` position of the same set covers).
 */
export function isSegmentStart(nfa: Int32Array, x: number): boolean {
  return x > 0 && nfaKindAt(nfa, x) < NFA_KIND_STAR && nfaKindAt(nfa, x - 1) === NFA_KIND_STAR;
}

/** Returns the number of literal runs right after a `*` in NFA positions `[lo, hi)`: a bound on their occurrences. */
function _countRuns(nfa: Int32Array, lo: number, hi: number): number {
  let bound = 0;
  for (let x = lo; x < hi; x++) if (isSegmentStart(nfa, x)) bound++;
  return bound;
}

/** Returns the trie node of the segment at NFA positions `[x, y)`, inserting it when new. */
function _segmentNode(nfa: Int32Array, o: _Occurrences, x: number, y: number): number {
  // Segments of up to 3 bytes (most, in wildcard storms) are looked up whole in a small
  // direct-mapped memo before walking the trie byte by byte.
  const len = y - x;
  let key = -1;
  let slot = 0;
  if (len <= 3) {
    key = len << 24;
    for (let z = x; z < y; z++) key |= nfaKindAt(nfa, z) << ((z - x) << 3);
    slot = Math.imul(key, 0x9e3779b1) >>> (32 - _MEMO_BITS);
    if (o.memoKey[slot] === key) return o.memoNode[slot] as number;
  }
  let v = _ROOT;
  for (let z = x; z < y; z++) {
    const b = nfaKindAt(nfa, z);
    o.used[b] = 1;
    v = o.trie.childOf(v, b);
  }
  o.trie.terminal[v] = 1;
  if (key >= 0) {
    o.memoKey[slot] = key;
    o.memoNode[slot] = v;
  }
  return v;
}

/**
 * Adds to `o` the occurrences in NFA positions `[lo, hi)` (which end at a pattern end) in one
 * pass: each literal run after a `*` of the range that is not an anchored last run; what follows
 * it is known at the next run or end. O(hi - lo + segment bytes not found in the memo).
 */
function _collectOccurrences(nfa: Int32Array, lo: number, hi: number, o: _Occurrences): void {
  const occ = o.records;
  let pending = -1;
  let afterStar = false;
  for (let x = lo; x < hi;) {
    const kind = nfaKindAt(nfa, x);
    if (kind >= NFA_KIND_STAR) {
      if (kind === NFA_KIND_END && pending >= 0) {
        occ[(pending << 2) + 3] = _AFTER_MATCH;
        pending = -1;
      }
      afterStar = kind === NFA_KIND_STAR;
      x++;
      continue;
    }
    const y = _runEnd(nfa, x);
    const tail = _isAnchoredEnd(nfa, y);
    if (pending >= 0) {
      occ[(pending << 2) + 3] = tail ? x : _AFTER_NEXT;
      pending = -1;
    }
    if (afterStar && !tail) {
      const r = o.count << 2;
      occ[r] = _segmentNode(nfa, o, x, y);
      occ[r + 1] = y - x;
      occ[r + 2] = nfa[(x << 1) + 1] as number;
      o.bits[x >>> 5] = (o.bits[x >>> 5] as number) | (1 << (x & 31));
      pending = o.count++;
    }
    afterStar = false;
    x = y;
  }
}

/** Returns, per 32-position word of `bits`, the number of set bits in the words before it. */
function _rankBase(bits: Int32Array): Int32Array {
  const base = new Int32Array(bits.length);
  for (let w = 0, count = 0; w < bits.length; w++) {
    base[w] = count;
    count += _popcount(bits[w] as number);
  }
  return base;
}

/** Returns the trie's nodes in order of depth (counting sort), the root first. */
function _depthOrder(trie: _Trie): Int32Array {
  const nodes = trie.nodes;
  const depth = trie.depth;
  const order = new Int32Array(nodes);
  const start = new Int32Array(trie.maxDepth + 2);
  for (let v = 0; v < nodes; v++) {
    const d = (depth[v] as number) + 1;
    start[d] = (start[d] as number) + 1;
  }
  for (let d = 1; d < start.length; d++) start[d] = (start[d] as number) + (start[d - 1] as number);
  for (let v = 0; v < nodes; v++) {
    const d = depth[v] as number;
    order[start[d] as number] = v;
    start[d] = (start[d] as number) + 1;
  }
  return order;
}

/** Sets the failure and output links of every node, in depth order (parents' links first). */
function _linkNodes(trie: _Trie, order: Int32Array, fail: Int32Array, out: Int32Array, outNext: Int32Array): void {
  out[_ROOT] = -1;
  outNext[_ROOT] = -1;
  for (let k = 1; k < trie.nodes; k++) {
    const v = order[k] as number;
    const p = trie.parent[v] as number;
    const b = trie.byteOf[v] as number;
    let f = _ROOT;
    if (p !== _ROOT) {
      for (let u = fail[p] as number; ; u = fail[u] as number) {
        const c = _edgeFind(trie.edgeParent, trie.edgeByte, trie.edgeNode, u, b);
        if (c >= 0) {
          f = c;
          break;
        }
        if (u === _ROOT) break;
      }
    }
    fail[v] = f;
    outNext[v] = out[f] as number;
    out[v] = trie.terminal[v] === 1 ? v : (out[f] as number);
  }
}

/**
 * Returns, per byte class, the one segment byte it holds (-1: none), or null when a class holds
 * a segment byte and another byte (then classes cannot index the automaton: a hand-made
 * artifact; the compiler's classes separate every literal).
 */
function _classBytes(cls: Uint8Array, classes: number, used: Uint8Array): Int32Array | null {
  const rep = new Int32Array(classes).fill(-1);
  const size = new Int32Array(classes);
  for (let b = 0; b < 256; b++) {
    const c = cls[b] as number;
    size[c] = (size[c] as number) + 1;
  }
  for (let b = 0; b < 256; b++) {
    if (used[b] === 0) continue;
    const c = cls[b] as number;
    if (size[c] !== 1) return null;
    rep[c] = b;
  }
  return rep;
}

/** Returns the dense transition table (nodes x classes) of the automaton, built in depth order. */
function _denseTable(trie: _Trie, order: Int32Array, fail: Int32Array, rep: Int32Array, classes: number): Int32Array {
  const table = new Int32Array(trie.nodes * classes);
  for (let k = 0; k < trie.nodes; k++) {
    const v = order[k] as number;
    const row = v * classes;
    const frow = (fail[v] as number) * classes;
    for (let c = 0; c < classes; c++) {
      const b = rep[c] as number;
      const child = b >= 0 ? _edgeFind(trie.edgeParent, trie.edgeByte, trie.edgeNode, v, b) : -1;
      table[row + c] = child >= 0 ? child : v === _ROOT ? _ROOT : (table[frow + c] as number);
    }
  }
  return table;
}

/**
 * Returns the segment index of an automaton's NFA (`nfa`: `kind | flags, rank` per position;
 * `cls`/`classes`: its byte classes): the trie of its segments with failure links, and a dense
 * transition table when nodes x classes <= `denseMaxWords`. With `ranges` (`rangeCount` sorted,
 * disjoint `[lo, hi)` pairs, each ending after a pattern end), only the occurrences of those
 * positions: a *local* index for a scan whose set reaches little of a large NFA (see
 * {@link collectSuffixRanges}). O(positions + segment bytes + nodes x classes when dense), in
 * phases of their own so that V8 optimises each loop apart (one
 * function deoptimised at every phase: 20-40 ms for storm-long-random's first builds, against
 * 8 ms once warm). Memory: 16 bytes per segment occurrence, 1 per 4 NFA positions, 28 per trie
 * node plus the edge hash (sparse) or the table (dense, at most `denseMaxWords` words). Safe on
 * any NFA the loader accepted (every position that is not an end is followed by one of the same
 * pattern).
 */
export function buildSegmentIndex(
  nfa: Int32Array, cls: Uint8Array, classes: number, denseMaxWords: number = SEGMENT_DENSE_MAX_WORDS,
  ranges: Int32Array | null = null, rangeCount = 0,
): SegmentIndex {
  const positions = nfa.length >> 1;
  // No ranges: the whole NFA, one range.
  const spans = ranges ?? Int32Array.of(0, positions);
  const spanCount = ranges === null ? 1 : rangeCount;
  let bound = 0;
  for (let r = 0; r < spanCount; r++) bound += _countRuns(nfa, spans[2 * r] as number, spans[2 * r + 1] as number);
  const o = new _Occurrences(new Int32Array(bound << 2), new Int32Array((positions + 31) >>> 5));
  for (let r = 0; r < spanCount; r++) _collectOccurrences(nfa, spans[2 * r] as number, spans[2 * r + 1] as number, o);
  const trie = o.trie;
  const nodes = trie.nodes;
  const order = _depthOrder(trie);
  const fail = new Int32Array(nodes);
  const out = new Int32Array(nodes);
  const outNext = new Int32Array(nodes);
  _linkNodes(trie, order, fail, out, outNext);
  const records = o.records.subarray(0, o.count << 2);
  const base = _rankBase(o.bits);
  const rep = nodes * classes <= denseMaxWords ? _classBytes(cls, classes, o.used) : null;
  if (rep === null) {
    return new SegmentIndex(o.bits, base, records, fail, out, outNext, new Int32Array(0), classes, cls,
      trie.edgeParent, trie.edgeByte, trie.edgeNode, nodes);
  }
  // The dense table answers every step: the edge hash is dropped.
  return new SegmentIndex(o.bits, base, records, fail, out, outNext, _denseTable(trie, order, fail, rep, classes), classes, cls,
    new Int32Array(0), new Uint8Array(0), new Int32Array(0), nodes);
}

/** The ranges written by {@link collectSuffixRanges} (pairs; grows to the largest set). */
export let suffixRanges = new Int32Array(0);

/**
 * Writes into {@link suffixRanges} the NFA position ranges of the pattern suffixes from the
 * positions `set[0 .. count)` (sorted in place first): merged `[x, end + 1)` pairs, a later
 * position of a pattern lying inside its earlier one's range. Returns the number of ranges, or
 * -1 as soon as their total length passes `limit` (a local index would cost more than it
 * saves). O(count log count + min(total length, limit)).
 */
export function collectSuffixRanges(nfa: Int32Array, set: Int32Array, count: number, limit: number): number {
  if (count > limit) return -1;
  set.subarray(0, count).sort();
  if (suffixRanges.length < 2 * count) suffixRanges = new Int32Array(2 * count);
  let ranges = 0;
  let total = 0;
  let end = -1;
  for (let k = 0; k < count; k++) {
    const x = set[k] as number;
    if (x < end) continue;
    let y = x;
    while (nfaKindAt(nfa, y) !== NFA_KIND_END) y++;
    end = y + 1;
    total += end - x;
    if (total > limit) return -1;
    suffixRanges[2 * ranges] = x;
    suffixRanges[2 * ranges + 1] = end;
    ranges++;
  }
  return ranges;
}

/**
 * Per cursor (one live pattern suffix), at `2c`: the segment occurrence it waits for; at
 * `2c + 1`: the next cursor (as `2c'`) in its stack or pending list (-1: last). One interleaved
 * array, so a cursor's move reads one cache line.
 */
let _cursors = new Int32Array(0);
/**
 * Per path index `e`: the first cursor (as `2c`) whose segment can end at `e` at the earliest,
 * i.e. starts at or after the byte after its previous segment (the sweep's delay line).
 */
let _pending = new Int32Array(0);
/** Lowest rank matched so far by the current sweep. */
let _found = 0;
/** Cursors in a stack or pending in the current sweep. */
let _live = 0;

/** Grows the per-thread cursor buffers to `cursors` cursors and a path of `n` bytes. */
function _ensureCursors(cursors: number, n: number): void {
  if (_cursors.length < 2 * cursors) _cursors = new Int32Array(2 * cursors);
  if (_pending.length < n + 1) _pending = new Int32Array(n + 1);
}

/** Returns true when the anchored last run at NFA position `t` ends `path[0 .. n)` and starts at or after `from`. */
function _tailMatches(nfa: Int32Array, path: Uint8Array, n: number, t: number, from: number): boolean {
  const len = _runEnd(nfa, t) - t;
  if (n - len < from) return false;
  for (let q = 0; q < len; q++) if (path[n - len + q] !== nfaKindAt(nfa, t + q)) return false;
  return true;
}

/**
 * Sets up cursor `k` for NFA position `x` of a lazy state's set at path index 0: a literal
 * position must match the path from there (up to the next `*` or end); then a pattern end (or
 * `*` then end) records a match, an anchored last run is checked as a suffix, and any other
 * segment makes the cursor pending until the sweep reaches the first index where that segment
 * can end. A segment that cannot fit before the path's end drops the cursor.
 */
function _startCursor(ix: SegmentIndex, nfa: Int32Array, path: Uint8Array, n: number, k: number, x: number): void {
  const rank = nfa[(x << 1) + 1] as number;
  let i = 0;
  let kind = nfaKindAt(nfa, x);
  while (kind < NFA_KIND_STAR) {
    if (i >= n || path[i] !== kind) return;
    i++;
    kind = nfaKindAt(nfa, ++x);
  }
  if (kind === NFA_KIND_END) {
    if ((!_isAnchoredEnd(nfa, x) || i === n) && rank < _found) _found = rank;
    return;
  }
  while (nfaKindAt(nfa, x) === NFA_KIND_STAR) x++;
  if (nfaKindAt(nfa, x) === NFA_KIND_END) {
    if (rank < _found) _found = rank; // `*` then end, anchored or not
    return;
  }
  if (_isAnchoredEnd(nfa, _runEnd(nfa, x))) {
    if (_tailMatches(nfa, path, n, x, i) && rank < _found) _found = rank;
    return;
  }
  const occ = occurrenceAt(ix, x);
  if (occ < 0) return;
  const e = i + (ix.occ[(occ << 2) + 1] as number) - 1;
  if (e >= n) return;
  _cursors[k << 1] = occ;
  _cursors[(k << 1) + 1] = _pending[e] as number;
  _pending[e] = k << 1;
  _live++;
}

/** Returns the sparse automaton's state after byte `b` from node `v` (failure links). */
function _stepSparse(ix: SegmentIndex, v: number, b: number): number {
  for (;;) {
    const c = _edgeFind(ix.edgeParent, ix.edgeByte, ix.edgeNode, v, b);
    if (c >= 0) return c;
    if (v === _ROOT) return _ROOT;
    v = ix.fail[v] as number;
  }
}

/**
 * Returns the lowest rank below `best` whose pattern suffix, from one of the NFA positions
 * `set[0 .. count)` (any order; `lowest` is their lowest rank), matches the whole of
 * `path[0 .. n)`, or `best` when none does. The same greedy semantics as matching each suffix
 * alone (each segment at its leftmost occurrence after the previous one, optimal for `*`
 * patterns; an anchored last run as a suffix), computed in one sweep: every path byte steps the
 * Aho-Corasick automaton once, and each segment occurrence it reports releases the whole stack
 * of cursors waiting for that segment. A cursor joins its segment's stack only when the sweep
 * reaches the first index where the segment can end after the cursor's previous one (a delay
 * line of pending lists per path index), so every occurrence reported from then on is a valid
 * next step and no cursor is compared with the occurrence. O(count + sum of the set's literal
 * prefixes + n x (1 + segment occurrences reported per byte) + segments the cursors match);
 * stops early once the lowest rank of the set has matched or no cursor is left. Allocates only
 * when a set or path is larger than any before on this thread.
 */
export function sweepSegments(
  ix: SegmentIndex, nfa: Int32Array, set: Int32Array, count: number, lowest: number, best: number, path: Uint8Array, n: number,
): number {
  // Invariant: a cursor is in at most one stack or pending list; a cursor in the stack of node w
  // after index e was pushed at e, the first index where its segment can end, so any report of
  // w releases it; a cursor of rank >= found is dropped when released. Hot for rule scans: run
  // pnpm bench --hostile.
  _ensureCursors(count, n);
  _pending.fill(-1, 0, n + 1);
  ix.gen = ix.gen === 0x3fffffff ? 1 : ix.gen + 1;
  if (ix.gen === 1) ix.stackGen.fill(0);
  const gen = ix.gen;
  _found = best;
  _live = 0;
  for (let k = 0; k < count && _found > lowest; k++) {
    const x = set[k] as number;
    if ((nfa[(x << 1) + 1] as number) < _found) _startCursor(ix, nfa, path, n, k, x);
  }
  const records = ix.occ;
  const out = ix.out;
  const outNext = ix.outNext;
  const top = ix.stackTop;
  const stackGen = ix.stackGen;
  const cursors = _cursors;
  const pending = _pending;
  const table = ix.goto;
  const dense = table.length !== 0;
  const cls = ix.cls;
  const classes = ix.classes;
  // The loop keeps the match and the live count in locals (module bindings cost a context
  // load and a hole check per use).
  let found = _found;
  let live = _live;
  let v = _ROOT;
  for (let i = 0; i < n && live > 0 && found > lowest; i++) {
    // Cursors whose segment can end here join its stack.
    for (let c = pending[i] as number; c >= 0;) {
      const after = cursors[c + 1] as number;
      const w = records[(cursors[c] as number) << 2] as number;
      if (stackGen[w] !== gen) {
        stackGen[w] = gen;
        top[w] = -1;
      }
      cursors[c + 1] = top[w] as number;
      top[w] = c;
      c = after;
    }
    const b = path[i] as number;
    v = dense ? (table[v * classes + (cls[b] as number)] as number) : _stepSparse(ix, v, b);
    for (let o = out[v] as number; o >= 0; o = outNext[o] as number) {
      if (stackGen[o] !== gen) continue;
      let c = top[o] as number;
      top[o] = -1;
      while (c >= 0) {
        const after = cursors[c + 1] as number;
        const r = (cursors[c] as number) << 2;
        const rank = records[r + 2] as number;
        const next = records[r + 3] as number;
        if (rank >= found) {
          live--;
        } else if (next === _AFTER_NEXT) {
          // The pattern's next segment (record r + 4) may start at the byte after this one.
          const e = i + (records[r + 5] as number);
          if (e >= n) {
            live--;
          } else {
            cursors[c] = (r >> 2) + 1;
            cursors[c + 1] = pending[e] as number;
            pending[e] = c;
          }
        } else {
          live--;
          if (next === _AFTER_MATCH || _tailMatches(nfa, path, n, next, i + 1)) found = rank;
        }
        c = after;
      }
    }
  }
  return found;
}
