/**
 * Which Content-Usage or Content-Signal lines of one group match a path (docs/semantics.md
 * sections 4 and 10), in O(path + the lines' segments) per check whatever the lines are, as
 * Allow/Disallow (SECURITY.md): a trie over the lines' literal heads (the bytes before the first
 * `*`) is walked along the path once; a wildcard line whose head the walk passes then waits for
 * its next segment, and one Aho-Corasick sweep over the rest of the path finds every segment
 * occurrence, each advancing the lines queued on that segment (leftmost placement: an
 * occurrence that starts at or after a line's bound advances it, so a match is found whenever
 * one exists). An anchored line's last segment is compared once at the path's end. Built per
 * (group, kind) on the first check, from the tables usage.ts decoded; no allocation per check.
 */
import { NO_RANK } from './format.js';
import { fillPath } from './path-bytes.js';
import { THREAD_SCRATCH } from './scratch.js';

/** A byte trie: per node its children as a sorted run of the edge arrays, and its depth. */
interface _Trie {
  readonly start: Int32Array;
  readonly count: Int32Array;
  readonly edgeByte: Uint8Array;
  readonly edgeTo: Int32Array;
  readonly depth: Int32Array;
  /** Per node: its parent and the byte of the edge from it (root: 0). */
  readonly parent: Int32Array;
  readonly byte: Uint8Array;
  readonly nodeCount: number;
}

/**
 * Returns the trie of the byte strings `bytes[off[i], off[i] + len[i])` and, per string, the
 * node where it ends (root 0). O(total bytes x log 256).
 */
function _buildTrie(bytes: Uint8Array, off: readonly number[], len: readonly number[]): { trie: _Trie; ends: Int32Array } {
  const kids: Map<number, number>[] = [new Map()];
  const depth: number[] = [0];
  const parent: number[] = [0];
  const byte: number[] = [0];
  const ends = new Int32Array(off.length);
  for (let i = 0; i < off.length; i++) {
    let x = 0;
    for (let k = 0; k < (len[i] as number); k++) {
      const c = bytes[(off[i] as number) + k] as number;
      let y = (kids[x] as Map<number, number>).get(c);
      if (y === undefined) {
        y = kids.length;
        kids.push(new Map());
        depth.push(k + 1);
        parent.push(x);
        byte.push(c);
        (kids[x] as Map<number, number>).set(c, y);
      }
      x = y;
    }
    ends[i] = x;
  }
  const n = kids.length;
  const start = new Int32Array(n);
  const count = new Int32Array(n);
  const edgeByte = new Uint8Array(Math.max(0, n - 1));
  const edgeTo = new Int32Array(Math.max(0, n - 1));
  let e = 0;
  for (let x = 0; x < n; x++) {
    const m = kids[x] as Map<number, number>;
    start[x] = e;
    count[x] = m.size;
    for (const c of [...m.keys()].sort((a, b) => a - b)) {
      edgeByte[e] = c;
      edgeTo[e++] = m.get(c) as number;
    }
  }
  return { trie: { start, count, edgeByte, edgeTo, depth: Int32Array.from(depth), parent: Int32Array.from(parent), byte: Uint8Array.from(byte), nodeCount: n }, ends };
}

/** Returns the child of `x` on byte `c`, or -1. O(log children). */
function _child(t: _Trie, x: number, c: number): number {
  let lo = t.start[x] as number;
  let hi = lo + (t.count[x] as number);
  const eb = t.edgeByte;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    const b = eb[mid] as number;
    if (b === c) return t.edgeTo[mid] as number;
    if (b < c) lo = mid + 1;
    else hi = mid;
  }
  return -1;
}

/**
 * One group's lines of one kind, ready to match. Local line `i` has its head ending at a node of
 * `head` (listed under that node in `headLines`), `segCount[i]` later segments (Aho-Corasick
 * nodes `segs[segStart[i] ...]`, a segment named by the node where it ends) and `anchored[i]`.
 * The per-check arrays below are this object's scratch: a check runs to its end before another.
 */
export class PreferenceMatcher {
  /** Path bytes a check reads: all when a line has a wildcard, else the longest line plus one (0: every line is path-less). */
  readonly need: number;
  readonly head: _Trie;
  readonly headStart: Int32Array;
  readonly headCount: Int32Array;
  readonly headLines: Int32Array;
  readonly anchored: Uint8Array;
  readonly segStart: Int32Array;
  readonly segCount: Int32Array;
  readonly segs: Int32Array;
  readonly ac: _Trie;
  /** Per Aho-Corasick node: its failure link and the nearest segment end on its failure chain (0: none). */
  readonly fail: Int32Array;
  readonly dict: Int32Array;
  /** Per Aho-Corasick node: 1 when a segment ends there. */
  readonly isEnd: Uint8Array;
  /** Per Aho-Corasick node: 1 when a segment ends there or on its failure chain (the sweep reports there). */
  readonly out: Uint8Array;
  /**
   * The automaton as a dense transition table over byte classes (`next[s * classes + cls[c]]`),
   * or null past `usageTuning.denseMaxEntries` (then the sweep follows failure links).
   */
  readonly next: Int32Array | null;
  readonly cls: Uint8Array;
  readonly classes: number;
  /** Per line: index of the segment it waits for (its head: -1), the offset its occurrence must start at or after, next line in its queue. */
  readonly segIdx: Int32Array;
  readonly bound: Int32Array;
  readonly link: Int32Array;
  /** Per Aho-Corasick node: the queue of lines waiting for the segment ending there (valid when `qGen == gen`). */
  readonly qHead: Int32Array;
  readonly qTail: Int32Array;
  readonly qGen: Int32Array;
  gen = 0;
  /** Lines whose last, anchored segment is compared at the path's end. */
  readonly fin: Int32Array;
  finCount = 0;
  /** The lines that matched the last check, in no particular order. */
  readonly matched: Int32Array;
  matchedCount = 0;
  waiting = 0;
  /** Lines advanced by the current check (part of {@link preferenceWorkCount}). */
  work = 0;

  /**
   * Builds the matcher of the lines whose bodies (matching form: `*` the wildcard, no `**`, no
   * trailing `*`) are `bytes[bodyOff[i], bodyOff[i] + bodyLen[i])`; `ids[i]` is the caller's
   * name for line `i`. O(body bytes).
   */
  constructor(bytes: Uint8Array, readonly ids: Int32Array, bodyOff: readonly number[], bodyLen: readonly number[], anchored: readonly number[]) {
    const n = bodyOff.length;
    const headLen: number[] = [];
    const segOff: number[] = [];
    const segLen: number[] = [];
    this.segStart = new Int32Array(n);
    this.segCount = new Int32Array(n);
    let need = 0;
    for (let i = 0; i < n; i++) {
      const off = bodyOff[i] as number;
      const len = bodyLen[i] as number;
      let h = 0;
      while (h < len && bytes[off + h] !== 0x2a) h++;
      headLen.push(h);
      this.segStart[i] = segOff.length;
      // Invariant (usage.ts validated): no `**`, no trailing `*`, so every segment is non-empty.
      for (let s = h + 1; h < len && s <= len; ) {
        let e = s;
        while (e < len && bytes[off + e] !== 0x2a) e++;
        segOff.push(off + s);
        segLen.push(e - s);
        s = e + 1;
      }
      this.segCount[i] = segOff.length - (this.segStart[i] as number);
      if (h < len) need = NO_RANK;
      else if (need !== NO_RANK && len > 0) need = Math.max(need, len + 1);
    }
    this.need = need;
    this.anchored = Uint8Array.from(anchored);
    const h = _buildTrie(bytes, bodyOff, headLen);
    this.head = h.trie;
    [this.headStart, this.headCount, this.headLines] = _groupBy(h.ends, h.trie.nodeCount);
    const a = _buildTrie(bytes, segOff, segLen);
    this.ac = a.trie;
    this.segs = a.ends;
    this.isEnd = new Uint8Array(a.trie.nodeCount);
    for (const x of a.ends) this.isEnd[x] = 1;
    [this.fail, this.dict] = _linkFailures(a.trie, this.isEnd);
    this.out = new Uint8Array(a.trie.nodeCount);
    for (let x = 0; x < a.trie.nodeCount; x++) this.out[x] = this.isEnd[x] === 1 || this.dict[x] !== 0 ? 1 : 0;
    [this.cls, this.classes] = _byteClasses(a.trie);
    this.next = a.trie.nodeCount * this.classes <= usageTuning.denseMaxEntries ? _denseTable(a.trie, this.fail, this.cls, this.classes) : null;
    this.segIdx = new Int32Array(n);
    this.bound = new Int32Array(n);
    this.link = new Int32Array(n);
    this.fin = new Int32Array(n);
    this.matched = new Int32Array(n);
    this.qHead = new Int32Array(a.trie.nodeCount);
    this.qTail = new Int32Array(a.trie.nodeCount);
    this.qGen = new Int32Array(a.trie.nodeCount);
  }
}

/** Tuning of the preference matcher, as one documented config (tests force either road; both give the same answers). */
export const usageTuning = {
  /**
   * Most entries of a dense Aho-Corasick table (4 bytes each: 256 KiB), read when a group's
   * matcher is built. The bench's preference file needs 540; past it the sweep takes sparse
   * steps (binary search plus failure links, amortised O(1) per byte, a few times slower).
   */
  denseMaxEntries: 1 << 16,
};

/**
 * This thread's preference-check work, in an object field: a module-level `let` past 2^31 would
 * become a heap number, allocated on every increment of a long-running crawl.
 */
const _COUNTER = { work: 0 };

/**
 * Returns the steps all preference checks of this thread took so far (path bytes read by the
 * head walk and the sweep, segment ends reported, lines advanced, final compares): tests
 * assert the O(path + segments) bound on it, never on time.
 */
export function preferenceWorkCount(): number {
  return _COUNTER.work;
}

/** Returns per byte its class (0: in no segment) and the class count. */
function _byteClasses(t: _Trie): [Uint8Array, number] {
  const cls = new Uint8Array(256);
  for (let e = 0; e < t.edgeByte.length; e++) cls[t.edgeByte[e] as number] = 1;
  let n = 1;
  for (let c = 0; c < 256; c++) if (cls[c] === 1) cls[c] = n++;
  return [cls, n];
}

/** Returns the Aho-Corasick goto function of `t` resolved through `fail`, dense over byte classes. O(nodes x classes). */
function _denseTable(t: _Trie, fail: Int32Array, cls: Uint8Array, classes: number): Int32Array {
  const next = new Int32Array(t.nodeCount * classes);
  // Breadth-first, so a node's failure target (shallower) is filled before it.
  const order = new Int32Array(t.nodeCount);
  let tail = 1;
  for (let q = 0; q < tail; q++) {
    const u = order[q] as number;
    if (u !== 0) next.set(next.subarray((fail[u] as number) * classes, (fail[u] as number) * classes + classes), u * classes);
    for (let e = t.start[u] as number; e < (t.start[u] as number) + (t.count[u] as number); e++) {
      next[u * classes + (cls[t.edgeByte[e] as number] as number)] = t.edgeTo[e] as number;
      order[tail++] = t.edgeTo[e] as number;
    }
  }
  return next;
}

/** Returns the Aho-Corasick state after `s` reads byte `c`. O(1) dense, else amortised O(1) along failure links. */
function _step(pm: PreferenceMatcher, s: number, c: number): number {
  const next = pm.next;
  if (next !== null) return next[s * pm.classes + (pm.cls[c] as number)] as number;
  let x = _child(pm.ac, s, c);
  while (x < 0 && s !== 0) {
    s = pm.fail[s] as number;
    x = _child(pm.ac, s, c);
  }
  return x < 0 ? 0 : x;
}

/** Returns `[start, count, items]`: the indices `i` grouped by `key[i]` (CSR over `keys` buckets), ascending within a bucket. */
function _groupBy(key: Int32Array, keys: number): [Int32Array, Int32Array, Int32Array] {
  const start = new Int32Array(keys);
  const count = new Int32Array(keys);
  for (const k of key) count[k] = (count[k] as number) + 1;
  for (let k = 1; k < keys; k++) start[k] = (start[k - 1] as number) + (count[k - 1] as number);
  const fill = Int32Array.from(start);
  const items = new Int32Array(key.length);
  for (let i = 0; i < key.length; i++) items[(fill[key[i] as number] as number)++] = i;
  return [start, count, items];
}

/** Returns the Aho-Corasick failure links of `t` and, per node, the nearest segment end on its failure chain (0: none). O(nodes) amortised. */
function _linkFailures(t: _Trie, isEnd: Uint8Array): [Int32Array, Int32Array] {
  const fail = new Int32Array(t.nodeCount);
  const dict = new Int32Array(t.nodeCount);
  const order = new Int32Array(t.nodeCount);
  let tail = 1;
  for (let q = 0; q < tail; q++) {
    const u = order[q] as number;
    for (let e = t.start[u] as number; e < (t.start[u] as number) + (t.count[u] as number); e++) {
      const c = t.edgeByte[e] as number;
      const v = t.edgeTo[e] as number;
      let f = 0;
      if (u !== 0) {
        f = fail[u] as number;
        while (f !== 0 && _child(t, f, c) < 0) f = fail[f] as number;
        const g = _child(t, f, c);
        f = g >= 0 ? g : 0;
      }
      fail[v] = f;
      dict[v] = isEnd[f] === 1 ? f : (dict[f] as number);
      order[tail++] = v;
    }
  }
  return [fail, dict];
}

/** Queues line `i` behind the others waiting for the segment ending at Aho-Corasick node `s`, with bound `b`. */
function _enqueue(pm: PreferenceMatcher, i: number, s: number, b: number): void {
  pm.bound[i] = b;
  pm.link[i] = -1;
  pm.waiting++;
  if (pm.qGen[s] !== pm.gen || (pm.qHead[s] as number) < 0) {
    pm.qGen[s] = pm.gen;
    pm.qHead[s] = i;
  } else {
    pm.link[pm.qTail[s] as number] = i;
  }
  pm.qTail[s] = i;
}

/** Line `i` has placed its head or a segment ending at `e`: it matches, waits for the path's end, or queues for its next segment. */
function _advance(pm: PreferenceMatcher, i: number, e: number, m: number): void {
  const k = (pm.segIdx[i] as number) + 1;
  const n = pm.segCount[i] as number;
  pm.segIdx[i] = k;
  pm.work++;
  if (k === n) {
    if (pm.anchored[i] === 0 || e === m) pm.matched[pm.matchedCount++] = i;
  } else if (k === n - 1 && pm.anchored[i] === 1) {
    pm.bound[i] = e;
    pm.fin[pm.finCount++] = i;
  } else {
    _enqueue(pm, i, pm.segs[(pm.segStart[i] as number) + k] as number, e);
  }
}

/** Advances every line queued on segment node `s` whose bound lets an occurrence ending at `e` count. */
function _report(pm: PreferenceMatcher, s: number, e: number, m: number): void {
  if (pm.qGen[s] !== pm.gen) return;
  const len = pm.ac.depth[s] as number;
  let i = pm.qHead[s] as number;
  // Bounds in a queue never decrease (lines join at the current offset), so stop at the first too late.
  while (i >= 0 && (pm.bound[i] as number) + len <= e) {
    pm.qHead[s] = pm.link[i] as number;
    pm.waiting--;
    _advance(pm, i, e, m);
    i = pm.qHead[s] as number;
  }
}

/** Reports the occurrences of every segment ending at state `s` (offset `e`); returns how many. */
function _reportAll(pm: PreferenceMatcher, s: number, e: number, m: number): number {
  let n = 0;
  for (let o = pm.isEnd[s] === 1 ? s : (pm.dict[s] as number); o !== 0; o = pm.dict[o] as number) {
    n++;
    _report(pm, o, e, m);
  }
  return n;
}

/** Returns true when segment node `s` spells the bytes of `path` ending at `e` (compares backwards along its parents). O(segment). */
function _endsAt(t: _Trie, s: number, path: Uint8Array, e: number): boolean {
  for (let j = e - 1; s !== 0; j--) {
    if (path[j] !== t.byte[s]) return false;
    s = t.parent[s] as number;
  }
  return true;
}

/**
 * Matches the lines of `pm` against the path of `url` (docs/semantics.md section 6 finds it;
 * the rfc9309 profile compares canonical bytes); leaves the matching lines in
 * `pm.matched[0, pm.matchedCount)`. No allocation; O(path x segment ends per byte + lines whose
 * head the path starts with + their segments), at most O(path + segment bytes) per byte.
 */
export function matchPreferenceLines(pm: PreferenceMatcher, url: string, rfc: boolean): number {
  // Invariant: the queues of the last check are void (gen moves on). Hot: run pnpm bench.
  const m = pm.need === 0 ? 0 : fillPath(url, rfc, pm.need, THREAD_SCRATCH);
  const path = THREAD_SCRATCH.path;
  if (++pm.gen === 0x7fffffff) {
    pm.qGen.fill(0);
    pm.gen = 1;
  }
  pm.matchedCount = 0;
  pm.finCount = 0;
  pm.waiting = 0;
  pm.work = 0;
  const ht = pm.head;
  let node = 0;
  let s = 0;
  let work = 0;
  let i = 0;
  // The head walk: lines join at the offset where their head ends.
  for (; ; i++) {
    const first = pm.headStart[node] as number;
    for (let k = first; k < first + (pm.headCount[node] as number); k++) {
      const line = pm.headLines[k] as number;
      pm.segIdx[line] = -1;
      _advance(pm, line, i, m);
    }
    if (i >= m) break;
    const c = path[i] as number;
    work++;
    node = _child(ht, node, c);
    // Nothing waits: occurrences ending here concern no line; the sweep restarts at the root.
    s = pm.waiting === 0 ? 0 : _step(pm, s, c);
    if (pm.out[s] === 1) work += _reportAll(pm, s, i + 1, m);
    if (node < 0) {
      i++;
      break;
    }
  }
  // The sweep over the rest while a line waits for a segment (the dense step inlined: the
  // common case, measured with pnpm bench).
  const next = pm.next;
  const out = pm.out;
  if (next !== null) {
    const cls = pm.cls;
    const classes = pm.classes;
    const from = i;
    for (; i < m && pm.waiting > 0; i++) {
      s = next[s * classes + (cls[path[i] as number] as number)] as number;
      if (out[s] === 1) work += _reportAll(pm, s, i + 1, m);
    }
    work += i - from;
  } else {
    for (; i < m && pm.waiting > 0; i++) {
      s = _step(pm, s, path[i] as number);
      work++;
      if (out[s] === 1) work += _reportAll(pm, s, i + 1, m);
    }
  }
  for (let k = 0; k < pm.finCount; k++) {
    const line = pm.fin[k] as number;
    const seg = pm.segs[(pm.segStart[line] as number) + (pm.segCount[line] as number) - 1] as number;
    work += pm.ac.depth[seg] as number;
    if (m - (pm.ac.depth[seg] as number) >= (pm.bound[line] as number) && _endsAt(pm.ac, seg, path, m)) pm.matched[pm.matchedCount++] = line;
  }
  _COUNTER.work += work + pm.work;
  return pm.matchedCount;
}
