/**
 * Stage 3 of a check: verifies the wildcard candidates the trie walk found (docs/semantics.md section 4:
 * `*` matches any run of bytes). A pattern `head*s1*...*sk` (with or without a final `$`)
 * matches when its segments occur in order after its head, each at its leftmost occurrence
 * after the previous one (leftmost placement leaves the most room for the rest, so it finds a
 * match whenever one exists); with `$` the last segment must end the path. A few small
 * candidates are verified one by one; otherwise one Aho-Corasick sweep over the path finds
 * every segment occurrence, and an occurrence advances only the patterns it concerns: those
 * whose first segment it is (and whose head the walk passed), then those queued behind it
 * (Hyperscan's literal-first matching). A check costs O(path x segments ending per byte +
 * patterns advanced), at most O(path + the group's segments) per byte reported; no allocation
 * in steady state.
 */
import type { Scratch, SweepWork } from './scratch.js';
import { acByte, acDepth, nodeWildCount, nodeWildFirst, wildAnchored, wildShape, wildLastByte, searchSegmentChild, type Tables } from './tables.js';

/**
 * Tuning of the verification, as one documented config (tests set it to force either road;
 * both give the same answers).
 */
export const scanTuning = {
  /**
   * Most candidates verified one by one. A candidate costs about one read per path byte, the
   * sweep about three, so a few direct ones win: on the corpus workload (`pnpm bench`) direct
   * verification of up to 8 took most wildcard checks below the sweep's cost. Checked again
   * (`focus.js --direct-max 4,8,16,32,1000 [--wild]`, ns per check with candidates): corpus
   * 452/451/461/494/526, wildcard-heavy 1227/1208/1207/1249/1941.
   */
  directMaxCandidates: 8,
  /**
   * Most (segment bytes x path bytes) verified one by one: bounds the direct road's worst case
   * (a segment compared at every offset) to about 16,384 byte reads (~15 us); beyond it the
   * sweep's linear bound is cheaper.
   */
  directMaxWork: 1 << 14,
  /**
   * Verify `H*X` and `H*X$` candidates on the direct road by their shape (tables.ts SHAPE_*):
   * a scan for X's last byte then a backward compare, or one compare at the path's end, instead
   * of the general leftmost search. false forces the general search (tests check both roads
   * agree; `Scratch.shapeChecks` counts the shaped verifications, once per check).
   */
  shapes: true,
};

/** Grows `s`'s arrays to `t`'s tables and starts a new generation. */
function _ensureSweep(t: Tables, s: SweepWork): void {
  if (s.nodeGen.length < t.nodeCount) s.nodeGen = new Int32Array(t.nodeCount);
  if (s.wIdx.length < t.wildCount) {
    s.wIdx = new Int32Array(t.wildCount);
    s.wBound = new Int32Array(t.wildCount);
    s.wNext = new Int32Array(t.wildCount);
    s.finWild = new Int32Array(t.wildCount);
    s.finBound = new Int32Array(t.wildCount);
  }
  if (s.qGen.length < t.acCount) {
    s.qHead = new Int32Array(t.acCount);
    s.qTail = new Int32Array(t.acCount);
    s.qGen = new Int32Array(t.acCount);
    s.firstGen = new Int32Array(t.acCount);
    s.firstPos = new Int32Array(t.acCount);
  }
  if (++s.gen === 0x7fffffff) {
    s.qGen.fill(0);
    s.firstGen.fill(0);
    s.nodeGen.fill(0);
    s.gen = 1;
  }
}

/**
 * Returns true when segment `s` (the Aho-Corasick node where it ends) occurs in the path
 * ending at offset `e`: compares backwards along the parent chain. O(segment length).
 */
export function segmentEndsAt(t: Tables, s: number, e: number, path: Uint8Array): boolean {
  const img = t.img;
  const base = t.acBase;
  let j = e - 1;
  while (s !== 0) {
    const rec = base + s * 6 /* AC_WORDS */;
    if (j < 0 || path[j] !== acByte(img, rec)) return false;
    s = img[rec + 3 /* AC_PARENT */] as number;
    j--;
  }
  return true;
}

/**
 * Returns true when wildcard pattern `w` matches the path `[0, m)` with its head ending at
 * `bound`, by leftmost search of each segment. O(path x segment bytes).
 */
export function matchWildcard(t: Tables, w: number, bound: number, m: number, path: Uint8Array): boolean {
  const img = t.img;
  const rec = t.wildBase + w * 7 /* WILD_WORDS */;
  const k = img[rec + 1 /* WILD_SEG_COUNT */] as number;
  const segs = img[rec + 2 /* WILD_SEG_OFF */] as number;
  const anchored = wildAnchored(img, rec);
  for (let j = 0; j < k; j++) {
    const s = img[segs + j] as number;
    const len = acDepth(img, t.acBase, s);
    if (anchored && j === k - 1) return m - len >= bound && segmentEndsAt(t, s, m, path);
    let e = bound + len;
    while (e <= m && !segmentEndsAt(t, s, e, path)) e++;
    if (e > m) return false;
    bound = e;
  }
  return true;
}

/**
 * Returns true when wildcard pattern `w` matches the path `[0, m)` with its head ending at
 * `bound`: `H*X$` by one backward compare at the path's end after a length check, `H*X` by a
 * scan for X's last byte from `bound + |X| - 1` then a backward compare (leftmost end first),
 * anything else (or with `scanTuning.shapes` off) by {@link matchWildcard}. Same answers as
 * matchWildcard; O(path x |X|) at worst, about one read per path byte in practice.
 */
function _matchShaped(t: Tables, w: number, shape: number, bound: number, m: number, path: Uint8Array): boolean {
  // Invariant: a shaped pattern has exactly one segment, ending at AC node img[segs] whose
  // edge byte is its last byte (WILD_FORM). Hot: run pnpm bench.
  const img = t.img;
  const rec = t.wildBase + w * 7 /* WILD_WORDS */;
  if (shape === 0 /* SHAPE_GENERAL */) return matchWildcard(t, w, bound, m, path);
  const s = img[img[rec + 2 /* WILD_SEG_OFF */] as number] as number;
  const len = img[rec + 3 /* WILD_SEG_BYTES */] as number;
  if (shape === 2 /* SHAPE_SUFFIX */) return m - len >= bound && segmentEndsAt(t, s, m, path);
  const last = wildLastByte(img, rec);
  const parent = img[t.acBase + s * 6 /* AC_WORDS */ + 3 /* AC_PARENT */] as number;
  for (let e = bound + len; e <= m; e++) {
    if (path[e - 1] === last && segmentEndsAt(t, parent, e - 1, path)) return true;
  }
  return false;
}

/**
 * Returns the lowest rank below `best` among the candidates' patterns that match the path
 * `[0, m)`, else `best`. Few small candidates (see {@link scanTuning}) are matched one by one,
 * in ascending rank per node, while the segment bytes x path bytes of those verified stay
 * within `directMaxWork`; past that the sweep decides every candidate again from the best rank found so far
 * (it returns the lowest matching rank below it, so the answer is the same). Same answers on
 * both roads.
 */
export function verifyCandidates(t: Tables, m: number, best: number, sc: Scratch): number {
  // Invariant: sc.candidates.node/bound[0, count) are distinct trie nodes. Hot: run pnpm bench.
  const c = sc.candidates;
  if (c.patterns > scanTuning.directMaxCandidates) return sweepCandidates(t, m, best, sc);
  const img = t.img;
  // The work bound is counted as the patterns are verified (one pass over their records, not
  // two): a pattern that cannot beat `best` is neither verified nor counted.
  const budget = scanTuning.directMaxWork;
  const shapes = scanTuning.shapes;
  const path = sc.path;
  let work = 0;
  let shaped = 0;
  for (let i = 0; i < c.count; i++) {
    const rec = t.nodeBase + (c.node[i] as number) * 4 /* NODE_WORDS */;
    const first = nodeWildFirst(img, rec);
    const end = first + nodeWildCount(img, rec);
    for (let w = first; w < end; w++) {
      const wrec = t.wildBase + w * 7 /* WILD_WORDS */;
      const r = img[wrec + 0 /* WILD_RANK */] as number;
      // Ascending rank within a node: once one cannot beat `best`, none after it can.
      if (r >= best) break;
      work += (img[wrec + 3 /* WILD_SEG_BYTES */] as number) * (m + 1);
      if (work > budget) {
        sc.shapeChecks += shaped;
        return sweepCandidates(t, m, best, sc);
      }
      const shape = shapes ? wildShape(img, wrec) : 0 /* SHAPE_GENERAL */;
      if (shape !== 0 /* SHAPE_GENERAL */) shaped++;
      if (_matchShaped(t, w, shape, c.bound[i] as number, m, path)) best = r;
    }
  }
  // Counted once per verification, never in the loops (tests check a forced road took effect).
  sc.shapeChecks += shaped;
  return best;
}

/** Queues pattern `w` behind segment node `s` with `bound` (the sweep's queues keep bounds nondecreasing). */
function _enqueue(sw: SweepWork, s: number, w: number, bound: number): void {
  sw.wBound[w] = bound;
  sw.wNext[w] = -1;
  if (sw.qGen[s] !== sw.gen) {
    sw.qGen[s] = sw.gen;
    sw.qHead[s] = w;
  } else {
    sw.wNext[sw.qTail[s] as number] = w;
  }
  sw.qTail[s] = w;
}

/** Sets pattern `w` waiting for its segment `j` from `bound`: queued, or kept for the end check when it is the final anchored one. */
function _await(t: Tables, sw: SweepWork, w: number, j: number, bound: number): void {
  const img = t.img;
  const rec = t.wildBase + w * 7 /* WILD_WORDS */;
  if (wildAnchored(img, rec) && j === (img[rec + 1 /* WILD_SEG_COUNT */] as number) - 1) {
    sw.finWild[sw.finCount] = w;
    sw.finBound[sw.finCount] = bound;
    sw.finCount++;
    return;
  }
  sw.wIdx[w] = j;
  _enqueue(sw, img[(img[rec + 2 /* WILD_SEG_OFF */] as number) + j] as number, w, bound);
}

/**
 * Advances the patterns queued behind segment node `s` whose bound lets the occurrence ending
 * at `e` count; returns the new best rank (a pattern whose last segment matched).
 */
function _advanceQueue(t: Tables, sw: SweepWork, s: number, e: number, best: number): number {
  const img = t.img;
  const start = e - acDepth(img, t.acBase, s);
  let moved = 0;
  let w = sw.qHead[s] as number;
  while (w >= 0 && (sw.wBound[w] as number) <= start) {
    // Pop w first: advancing may queue a pattern (w itself included) behind this segment.
    const next = sw.wNext[w] as number;
    if (next < 0) sw.qGen[s] = 0;
    else sw.qHead[s] = next;
    const rec = t.wildBase + w * 7 /* WILD_WORDS */;
    const r = img[rec + 0 /* WILD_RANK */] as number;
    moved++;
    if (r < best) {
      const j = (sw.wIdx[w] as number) + 1;
      if (j === (img[rec + 1 /* WILD_SEG_COUNT */] as number)) best = r;
      else _await(t, sw, w, j, e);
    }
    w = sw.qGen[s] === sw.gen ? (sw.qHead[s] as number) : -1;
  }
  // Counted once per call, from the loop's local count.
  sw.moves += moved;
  return best;
}

/**
 * Starts the patterns whose first segment is the one ending at node `s` at offset `e` and whose
 * head ends at or before the occurrence's start, if the walk passed their head: each pattern
 * once, at its leftmost such occurrence (the list ascends by head depth and a per-segment
 * cursor remembers how far it was started). Returns the new best rank.
 */
function _startFirst(t: Tables, sw: SweepWork, s: number, e: number, best: number): number {
  const img = t.img;
  const rec = t.acBase + s * 6 /* AC_WORDS */;
  const start = e - acDepth(img, t.acBase, s);
  const list = img[rec + 5 /* AC_LIST */] as number;
  const off = list + 2 /* AC_LIST_HEADER */;
  const end = off + (img[list + 0 /* AC_LIST_FIRST_COUNT */] as number);
  const k0 = sw.firstGen[s] === sw.gen ? (sw.firstPos[s] as number) : off;
  let k = k0;
  for (; k < end; k++) {
    const w = img[k] as number;
    const wrec = t.wildBase + w * 7 /* WILD_WORDS */;
    if ((img[wrec + 5 /* WILD_HEAD_DEPTH */] as number) > start) break;
    if (sw.nodeGen[img[wrec + 4 /* WILD_HEAD_NODE */] as number] !== sw.gen) continue;
    const r = img[wrec + 0 /* WILD_RANK */] as number;
    if (r >= best) continue;
    if ((img[wrec + 1 /* WILD_SEG_COUNT */] as number) === 1) best = r;
    else _await(t, sw, w, 1, e);
  }
  // Every entry looked at is a move, the one that stopped the loop included: derived once.
  sw.moves += k - k0 + (k < end ? 1 : 0);
  sw.firstGen[s] = sw.gen;
  sw.firstPos[s] = k;
  return best;
}

/**
 * Returns the best rank below `best` among the `$`-anchored patterns whose last segment ends the
 * path: those waiting for it (all others matched) and the one-segment ones listed at each
 * segment node on the output chain of the sweep's last state `x`.
 */
function _finishAnchored(t: Tables, sc: Scratch, x: number, m: number, best: number): number {
  const img = t.img;
  const sw = sc.sweep;
  const base = t.acBase;
  for (let i = 0; i < sw.finCount; i++) {
    const w = sw.finWild[i] as number;
    const rec = t.wildBase + w * 7 /* WILD_WORDS */;
    const r = img[rec + 0 /* WILD_RANK */] as number;
    if (r >= best) continue;
    const s = img[(img[rec + 2 /* WILD_SEG_OFF */] as number) + (img[rec + 1 /* WILD_SEG_COUNT */] as number) - 1] as number;
    if (m - acDepth(img, base, s) >= (sw.finBound[i] as number) && segmentEndsAt(t, s, m, sc.path)) best = r;
  }
  let o = ((img[base + x * 6 /* AC_WORDS */ + 1 /* AC_CHILDREN_OUT */] as number) & 512 /* AC_OUT_BIT */) !== 0 ? x : (img[base + x * 6 /* AC_WORDS */ + 4 /* AC_DICT */] as number);
  while (o !== 0) {
    const rec = base + o * 6 /* AC_WORDS */;
    const start = m - acDepth(img, base, o);
    const list = img[rec + 5 /* AC_LIST */] as number;
    const off = list + 2 /* AC_LIST_HEADER */ + (img[list + 0 /* AC_LIST_FIRST_COUNT */] as number);
    for (let k = off; k < off + (img[list + 1 /* AC_LIST_FINAL_COUNT */] as number); k++) {
      const wrec = t.wildBase + (img[k] as number) * 7 /* WILD_WORDS */;
      if ((img[wrec + 5 /* WILD_HEAD_DEPTH */] as number) > start) break;
      const r = img[wrec + 0 /* WILD_RANK */] as number;
      if (r < best && sw.nodeGen[img[wrec + 4 /* WILD_HEAD_NODE */] as number] === sw.gen) best = r;
    }
    o = img[rec + 4 /* AC_DICT */] as number;
  }
  return best;
}

/**
 * Returns the lowest rank below `best` among the candidates' patterns matching the path
 * `[0, m)`: one Aho-Corasick pass over the path; each segment occurrence starts the patterns
 * whose first segment it is and advances those queued behind it; at the end the `$`-anchored
 * patterns are checked against the segments that end the path. O(m x segments ending per byte
 * + patterns started and advanced).
 */
export function sweepCandidates(t: Tables, m: number, best: number, sc: Scratch): number {
  // Invariant: each queue holds patterns in nondecreasing bound order; a pattern is started
  // once. Hot: run pnpm bench.
  const sw = sc.sweep;
  _ensureSweep(t, sw);
  const c = sc.candidates;
  for (let i = 0; i < c.count; i++) sw.nodeGen[c.node[i] as number] = sw.gen;
  sw.finCount = 0;
  sw.moves = 0;
  const img = t.img;
  const path = sc.path;
  const base = t.acBase;
  // The root's row: the image's (large segment tries), else the thread's copy for this group.
  const own = t.acRootRow >= 0;
  if (!own && sw.rowOf !== t) _fillRootRow(t, sw);
  const rowImg = own ? img : sw.rootRow;
  const row = own ? t.acRootRow : 0;
  let x = 0;
  let steps = m;
  for (let pos = 0; pos < m; pos++) {
    const b = path[pos] as number;
    for (;;) {
      const y = x === 0 ? (rowImg[row + b] as number) : _acChild(img, base, x, b);
      if (y > 0) {
        x = y;
        break;
      }
      if (x === 0) break;
      x = img[base + x * 6 /* AC_WORDS */ + 2 /* AC_FAIL */] as number;
    }
    // Back at the root (most bytes of a path): it ends no segment and its dictionary link is 0
    // (load.ts writes neither for node 0), so there is no output chain to read.
    if (x === 0) continue;
    let o = ((img[base + x * 6 /* AC_WORDS */ + 1 /* AC_CHILDREN_OUT */] as number) & 512 /* AC_OUT_BIT */) !== 0 ? x : (img[base + x * 6 /* AC_WORDS */ + 4 /* AC_DICT */] as number);
    while (o !== 0) {
      steps++;
      if (((img[base + o * 6 /* AC_WORDS */ + 1 /* AC_CHILDREN_OUT */] as number) & 1024 /* AC_FIRST_BIT */) !== 0) best = _startFirst(t, sw, o, pos + 1, best);
      if (sw.qGen[o] === sw.gen) best = _advanceQueue(t, sw, o, pos + 1, best);
      o = img[base + o * 6 /* AC_WORDS */ + 4 /* AC_DICT */] as number;
    }
  }
  // Counted once per sweep: path bytes, output-chain steps, patterns started and advanced.
  sc.work += steps + sw.moves + sw.finCount;
  return _finishAnchored(t, sc, x, m, best);
}

/**
 * Sets `sw.rootRow` to the Aho-Corasick root's child per byte in `t` (0: none) and `sw.rowOf` to
 * `t`, clearing only the previous group's entries. O(root children of both).
 */
function _fillRootRow(t: Tables, sw: SweepWork): void {
  const row = sw.rootRow;
  const old = sw.rowOf;
  if (old !== null) _setRootChildren(old, row, false);
  _setRootChildren(t, row, true);
  sw.rowOf = t;
}

/** Writes each of the Aho-Corasick root's children of `t` into `row` at its byte (`set`), or 0 there (clears them). O(root children). */
function _setRootChildren(t: Tables, row: Int32Array, set: boolean): void {
  const img = t.img;
  const rec = t.acBase;
  const lo = img[rec + 0 /* AC_FIRST_CHILD */] as number;
  const count = (img[rec + 1 /* AC_CHILDREN_OUT */] as number) & 511 /* AC_CHILD_MASK */;
  for (let y = lo; y < lo + count; y++) row[acByte(img, t.acBase + y * 6 /* AC_WORDS */)] = set ? y : 0;
}

/** Returns the child of Aho-Corasick node `x` on byte `b`, or 0 (the root is nobody's child). */
function _acChild(img: Int32Array, base: number, x: number, b: number): number {
  const rec = base + x * 6 /* AC_WORDS */;
  const lo = img[rec + 0 /* AC_FIRST_CHILD */] as number;
  const y = searchSegmentChild(img, base, lo, lo + ((img[rec + 1 /* AC_CHILDREN_OUT */] as number) & 511 /* AC_CHILD_MASK */) - 1, b);
  return y < 0 ? 0 : y;
}
