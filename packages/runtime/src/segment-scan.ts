/**
 * The rule scan's engine: one left-to-right sweep over a path that advances every live pattern
 * at once. Patterns are merged into a trie of their tokens (the anchored literal bytes before the
 * first `*`, then the literal segments between `*`s), and an Aho-Corasick automaton over the
 * group's distinct segments reports where each segment ends. A walk that has spent its lazy-DFA
 * budget finishes here (matcher.ts `_scanFrom`); SPEC.md sections 4 and 5 (RFC 9309 section
 * 2.2.2) define the matches.
 *
 * Why a sweep: matching each pattern on its own costs, per pattern, the path positions its
 * segments are searched over, so N patterns cost up to N x path length (a 500 KiB group of
 * 700 patterns each ending `*ac`, against a 4 KB URL of `a`s, took 35-45 ms per check). The
 * sweep reads each path byte once for all patterns.
 *
 * Why a trie: greedy matching (each segment at its leftmost occurrence after the previous one)
 * puts every pattern that shares a token prefix at the same place in the path, so the sweep moves
 * one cursor per trie node instead of one per pattern segment: thousands of `/*a*a*...*b` rules
 * share one spine (storm-same-letter: 192,000 segment moves per new URL become 2,300 node
 * moves, counted with a one-off script over the hostile inputs, not kept).
 */
import { NFA_ANCHORED, NFA_KIND_END, NFA_KIND_MASK, NFA_KIND_STAR, NO_RANK, nfaKindAt } from './format.js';

/**
 * Most words of a dense goto table (trie nodes x byte classes, 4 MB): a memory bound, not
 * tuned. Past it, the automaton steps by its sparse child table and failure links (amortised
 * O(1) per byte, a hash probe per step instead of one read).
 */
export const SEGMENT_DENSE_MAX_WORDS = 1 << 20;

/**
 * Words per pattern-trie node record (see {@link SegmentIndex}): 16 bytes, so that a sweep's
 * moves along a chain of nodes read few cache lines. Measured with one-off A/B scripts (not kept)
 * on storm-two-letters, 237,000 moves per new URL, in ms per check against the per-pattern sweep
 * this replaced (16-byte records, 2.8-3.2): 20-byte records with every child's fields read 3.8-4.4;
 * 12-byte records (lengths in a per-segment table) 3.4-3.8; these 3.3-3.5.
 */
export const TRIE_WORDS = 4;
/** Record word: the token. A segment node: its automaton node; a tail: -1 - its NFA position; a literal node: its byte; the root: -1. */
export const TRIE_KEY = 0;
/**
 * Record word: a segment or tail node's subtree end (its next sibling, or past its parent's last
 * child) shifted left twice, plus the `_ONE_SEGMENT` and `_MATCHES` flags.
 */
export const TRIE_END = 1;
/** Record word: the lowest rank matched anywhere in the node's subtree, itself included. */
export const TRIE_SUB = 2;
/** Record word: a segment or tail node's length; the root's or a literal node's exact rank (matched when the path ends there; NO_RANK: none). */
export const TRIE_AUX = 3;
/** Words per literal node in `SegmentIndex.lits`: its literal children `[lo, hi)`, then its segment and tail children `[lo, hi)`. */
export const LIT_WORDS = 4;

/** `TRIE_END` flag: reaching the node matches a pattern (its rank in `SegmentIndex.any`). */
const _MATCHES = 1;
/** `TRIE_END` flag: a segment or tail node whose only child is a segment node (a chain link). */
const _ONE_SEGMENT = 2;

/** Trie node 0 is the root (the empty segment; the empty token prefix). */
const _ROOT = 0;
/** A pattern-trie node's temporary code for a tail (tails are never shared, so never looked up). */
const _TAIL_CODE = -1;
/** A pattern-trie node's temporary code for a segment: this plus its automaton node (below: a literal byte). */
const _SEGMENT_CODE = 256;

/**
 * A group's pattern trie and the Aho-Corasick automaton of its segments, built once per
 * automaton by {@link buildSegmentIndex} and owned by it.
 *
 * The pattern trie holds each pattern (or, for a local index, each pattern suffix) as a path of
 * tokens from the root: one literal node per byte before the first `*`, then one segment node
 * per maximal literal run after a `*`, and a tail node for an anchored last run (matched as a
 * suffix of the path). Patterns that share a token prefix share its nodes; tails are never
 * shared. Node `u` is the record `trie[4u .. 4u + 4)` (`TRIE_*` words). Invariants: the root and
 * the literal nodes come first, `[0, litNodes)`, numbered breadth-first, and `lits[4u .. 4u +
 * 4)` gives literal node `u`'s literal children (a range, in ascending byte order) and its
 * segment and tail children; every segment or tail subtree is numbered depth-first (preorder),
 * so node `u`'s children are `u + 1`, then each next sibling at the previous one's `TRIE_END`,
 * up to `u`'s own `TRIE_END` (a pattern's chain of nodes is contiguous: a sweep's moves read
 * neighbouring records); `TRIE_SUB(u)` is the lowest rank among `u`'s subtree.
 *
 * The automaton: node 0 is the root; `fail[v]` is the node of its longest proper suffix in the
 * trie of segments (`fail[0] == 0`); `out[v]` is the deepest node on `v`'s failure chain (itself
 * included) that ends a segment, or -1, and `outNext[v] == out[fail[v]]`. With a dense table,
 * `goto[v * classes + cls[b]]` is the full transition; else the edge hash answers trie edges and
 * steps follow failure links. `stackTop`/`stackGen` (per automaton node) and `cursors` are the
 * sweep's working state, valid where `stackGen` is the current sweep's.
 */
export class SegmentIndex {
  /** Per segment node: the top of its stack of waiting pattern nodes (-1: empty; valid where `stackGen` is current). */
  readonly stackTop: Int32Array;
  readonly stackGen: Int32Array;
  /**
   * The sweep's cursors, two words each: the pattern node it stands for, and the next cursor (as
   * its word index) in its stack or pending list (-1: last). Room for `cursorBound` cursors.
   */
  readonly cursors: Int32Array;
  /** Sweep generation (bumped per sweep; the stacks of older sweeps read as empty). */
  gen = 0;

  constructor(
    /** The NFA the index was built from (tails compare its bytes). */
    readonly nfa: Int32Array,
    /** Pattern-trie records, {@link TRIE_WORDS} per node. */
    readonly trie: Int32Array,
    readonly trieNodes: number,
    /** Per pattern node: the lowest rank matched on reaching it (NO_RANK: none; read where `TRIE_END`'s low bit is set). */
    readonly any: Int32Array,
    /** Child ranges of the root and literal nodes, {@link LIT_WORDS} per node. */
    readonly lits: Int32Array,
    readonly litNodes: number,
    /**
     * Most cursors a sweep takes: a released node's first segment child takes over its cursor, so
     * only the literal nodes' segment children and the later segment children of a segment node
     * need one of their own.
     */
    readonly cursorBound: number,
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
    this.cursors = new Int32Array(2 * cursorBound);
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
/** Returns the trie node of the segment at NFA positions `[x, y)`, inserting it when new. */
function _segmentNode(nfa: Int32Array, o: _PatternTrie, x: number, y: number): number {
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
 * A pattern trie under construction (`buildSegmentIndex`'s working state), with the segment trie
 * its segment nodes point into. Per node, in insertion order: parent, code (a literal byte,
 * `_SEGMENT_CODE` + segment node, or `_TAIL_CODE`), the record's key and aux words, and the rank
 * matched on reaching it. Arrays double as they fill. Invariant: the child table (parent, code)
 * -> node holds every literal and segment node and is at most half full.
 */
class _PatternTrie {
  parent = new Int32Array(1024);
  code = new Int32Array(1024);
  key = new Int32Array(1024);
  aux = new Int32Array(1024);
  any = new Int32Array(1024);
  nodes = 1;
  childParent = new Int32Array(2048).fill(-1);
  childCode = new Int32Array(2048);
  childNode = new Int32Array(2048);
  children = 0;
  readonly trie = new _Trie();
  readonly used = new Uint8Array(256);
  readonly memoKey = new Int32Array(1 << _MEMO_BITS).fill(-1);
  readonly memoNode = new Int32Array(1 << _MEMO_BITS);

  constructor() {
    this.parent[_ROOT] = -1;
    this.key[_ROOT] = -1;
    this.aux[_ROOT] = NO_RANK;
    this.any[_ROOT] = NO_RANK;
  }

  /** Returns a new node under `v` with `code`, `key` and `aux`. Amortised O(1). */
  add(v: number, code: number, key: number, aux: number): number {
    if (this.nodes === this.parent.length) {
      const size = this.nodes * 2;
      this.parent = grownInt32(this.parent, size);
      this.code = grownInt32(this.code, size);
      this.key = grownInt32(this.key, size);
      this.aux = grownInt32(this.aux, size);
      this.any = grownInt32(this.any, size);
    }
    const u = this.nodes++;
    this.parent[u] = v;
    this.code[u] = code;
    this.key[u] = key;
    this.aux[u] = aux;
    this.any[u] = NO_RANK;
    return u;
  }

  /** Returns the literal or segment child of `v` with `code`, adding it (with `key`, `aux`) when absent. Amortised O(1). */
  childOf(v: number, code: number, key: number, aux: number): number {
    let mask = this.childParent.length - 1;
    for (let slot = _edgeSlot(v, code, mask); ; slot = (slot + 1) & mask) {
      const p = this.childParent[slot] as number;
      if (p < 0) break;
      if (p === v && this.childCode[slot] === code) return this.childNode[slot] as number;
    }
    if ((this.children + 1) * 2 > this.childParent.length) this._rehash(this.childParent.length * 2);
    const u = this.add(v, code, key, aux);
    mask = this.childParent.length - 1;
    let slot = _edgeSlot(v, code, mask);
    while ((this.childParent[slot] as number) >= 0) slot = (slot + 1) & mask;
    this._place(slot, v, code, u);
    this.children++;
    return u;
  }

  /** Stores child (`v`, `code`) -> `u` in `slot`. */
  _place(slot: number, v: number, code: number, u: number): void {
    this.childParent[slot] = v;
    this.childCode[slot] = code;
    this.childNode[slot] = u;
  }

  /** Moves every literal and segment child into a table of `slots` slots. */
  _rehash(slots: number): void {
    this.childParent = new Int32Array(slots).fill(-1);
    this.childCode = new Int32Array(slots);
    this.childNode = new Int32Array(slots);
    const mask = slots - 1;
    for (let u = 1; u < this.nodes; u++) {
      const code = this.code[u] as number;
      if (code === _TAIL_CODE) continue;
      const v = this.parent[u] as number;
      let slot = _edgeSlot(v, code, mask);
      while ((this.childParent[slot] as number) >= 0) slot = (slot + 1) & mask;
      this._place(slot, v, code, u);
    }
  }
}

/**
 * Adds to `t` the pattern suffix from NFA position `x` (a pattern start, or any position of a
 * lazy state's set): its literal bytes up to the first `*` or end, then its segments, and what
 * ends it (a match on reaching its last node, a tail, or an exact match when the path ends
 * there). O(suffix length + segment bytes not in the memo).
 */
function _insertSuffix(nfa: Int32Array, t: _PatternTrie, x: number): void {
  const rank = nfa[(x << 1) + 1] as number;
  let u = _ROOT;
  let kind = nfaKindAt(nfa, x);
  while (kind < NFA_KIND_STAR) {
    u = t.childOf(u, kind, kind, NO_RANK);
    kind = nfaKindAt(nfa, ++x);
  }
  if (kind === NFA_KIND_END) {
    // No `*`: a prefix match, or with `$` the whole path.
    if (_isAnchoredEnd(nfa, x)) {
      if (rank < (t.aux[u] as number)) t.aux[u] = rank;
    } else if (rank < (t.any[u] as number)) {
      t.any[u] = rank;
    }
    return;
  }
  for (;;) {
    while (nfaKindAt(nfa, x) === NFA_KIND_STAR) x++;
    if (nfaKindAt(nfa, x) !== NFA_KIND_END) {
      const y = _runEnd(nfa, x);
      if (_isAnchoredEnd(nfa, y)) {
        u = t.add(u, _TAIL_CODE, -1 - x, y - x);
        x = y;
      } else {
        const w = _segmentNode(nfa, t, x, y);
        u = t.childOf(u, _SEGMENT_CODE + w, w, y - x);
        x = y;
        if (nfaKindAt(nfa, x) === NFA_KIND_STAR) continue;
      }
    }
    // `*` then the end (anchored or not), an unanchored last segment, or a tail.
    if (rank < (t.any[u] as number)) t.any[u] = rank;
    return;
  }
}

/** Returns true when a node of `t` with temporary `code` is a literal node (or the root, `root`). */
function _isLiteral(code: number, root: boolean): boolean {
  return root || (code >= 0 && code < _SEGMENT_CODE);
}

/**
 * Returns the pattern-trie records and literal child ranges of `t`, renumbered as
 * {@link SegmentIndex} lays them out: literal nodes breadth-first, then every segment subtree
 * depth-first. Children are grouped by parent (tails and segments first, literal children by
 * byte: two stable counting sorts); subtree sizes and lowest ranks are summed from the leaves up
 * (a child is always added after its parent). O(nodes).
 */
function _trieRecords(t: _PatternTrie): { records: Int32Array; any: Int32Array; lits: Int32Array; litNodes: number } {
  const nodes = t.nodes;
  // Sort nodes 1.. by (parent, literal byte + 1 or 0): by the minor key, then stably by parent.
  const byByte = new Int32Array(nodes);
  const count = new Int32Array(Math.max(258, nodes + 1));
  for (let u = 1; u < nodes; u++) {
    const code = t.code[u] as number;
    const k = _isLiteral(code, false) ? code + 1 : 0;
    count[k + 1] = (count[k + 1] as number) + 1;
  }
  for (let k = 1; k < 258; k++) count[k] = (count[k] as number) + (count[k - 1] as number);
  for (let u = 1; u < nodes; u++) {
    const code = t.code[u] as number;
    const k = _isLiteral(code, false) ? code + 1 : 0;
    byByte[count[k] as number] = u;
    count[k] = (count[k] as number) + 1;
  }
  count.fill(0);
  for (let u = 1; u < nodes; u++) {
    const v = t.parent[u] as number;
    count[v + 1] = (count[v + 1] as number) + 1;
  }
  for (let v = 1; v <= nodes; v++) count[v] = (count[v] as number) + (count[v - 1] as number);
  // first[v] .. first[v + 1]: v's children in `kids`.
  const first = count.slice(0, nodes + 1);
  const kids = new Int32Array(nodes);
  for (let k = 1; k < nodes; k++) {
    const u = byByte[k - 1] as number;
    const v = t.parent[u] as number;
    kids[count[v] as number] = u;
    count[v] = (count[v] as number) + 1;
  }
  // Subtree sizes and lowest ranks, leaves up.
  const size = new Int32Array(nodes).fill(1);
  const sub = new Int32Array(nodes);
  for (let u = 0; u < nodes; u++) {
    const exact = _isLiteral(t.code[u] as number, u === _ROOT) ? (t.aux[u] as number) : NO_RANK;
    sub[u] = Math.min(t.any[u] as number, exact);
  }
  for (let u = nodes - 1; u > 0; u--) {
    const v = t.parent[u] as number;
    size[v] = (size[v] as number) + (size[u] as number);
    if ((sub[u] as number) < (sub[v] as number)) sub[v] = sub[u] as number;
  }
  // Literal nodes breadth-first: order[j] is the old node numbered j.
  const order = new Int32Array(nodes);
  let litNodes = 1;
  for (let j = 0; j < litNodes; j++) {
    const u = order[j] as number;
    for (let k = first[u] as number; k < (first[u + 1] as number); k++) {
      const c = kids[k] as number;
      if (_isLiteral(t.code[c] as number, false)) order[litNodes++] = c;
    }
  }
  const renumbered = new Int32Array(nodes);
  for (let j = 0; j < litNodes; j++) renumbered[order[j] as number] = j;
  // Then each literal node's segment and tail subtrees, depth-first: a subtree of size s
  // numbered from x puts its children's subtrees at x + 1, one after another.
  const lits = new Int32Array(litNodes * LIT_WORDS);
  const stack = new Int32Array(nodes);
  let next = litNodes;
  for (let j = 0; j < litNodes; j++) {
    const u = order[j] as number;
    const l = j * LIT_WORDS;
    let litLo = -1;
    lits[l + 2] = next;
    for (let k = first[u] as number; k < (first[u + 1] as number); k++) {
      const c = kids[k] as number;
      if (_isLiteral(t.code[c] as number, false)) {
        if (litLo < 0) litLo = renumbered[c] as number;
        continue;
      }
      let top = 0;
      stack[top++] = c;
      while (top > 0) {
        const v = stack[--top] as number;
        order[next] = v;
        renumbered[v] = next++;
        // Children pushed last to first, so the first is numbered next.
        for (let q = (first[v + 1] as number) - 1; q >= (first[v] as number); q--) stack[top++] = kids[q] as number;
      }
    }
    lits[l + 3] = next;
    const litCount = litLo < 0 ? 0 : _literalChildren(t, kids, first[u] as number, first[u + 1] as number);
    lits[l] = litLo < 0 ? 0 : litLo;
    lits[l + 1] = litLo < 0 ? 0 : litLo + litCount;
  }
  const records = new Int32Array(nodes * TRIE_WORDS);
  const any = new Int32Array(nodes);
  for (let j = 0; j < nodes; j++) {
    const u = order[j] as number;
    const r = j * TRIE_WORDS;
    const rank = t.any[u] as number;
    records[r + TRIE_KEY] = t.key[u] as number;
    const only = (first[u + 1] as number) - (first[u] as number) === 1 && (t.code[kids[first[u] as number] as number] as number) >= _SEGMENT_CODE;
    records[r + TRIE_END] = ((j < litNodes ? j + 1 : j + (size[u] as number)) << 2) | (j >= litNodes && only ? _ONE_SEGMENT : 0) | (rank < NO_RANK ? _MATCHES : 0);
    records[r + TRIE_SUB] = sub[u] as number;
    records[r + TRIE_AUX] = t.aux[u] as number;
    any[j] = rank;
  }
  return { records, any, lits, litNodes };
}

/**
 * Returns the most cursors a sweep of `t` can take (see `SegmentIndex.cursorBound`): its segment
 * nodes less one per segment node with a segment child. O(nodes).
 */
function _cursorBound(t: _PatternTrie): number {
  const seen = new Uint8Array(t.nodes);
  let bound = 0;
  for (let u = 1; u < t.nodes; u++) {
    if ((t.code[u] as number) < _SEGMENT_CODE) continue;
    bound++;
    const v = t.parent[u] as number;
    if (v !== _ROOT && (t.code[v] as number) >= _SEGMENT_CODE && seen[v] === 0) {
      seen[v] = 1;
      bound--;
    }
  }
  return bound;
}

/** Returns how many of the children `kids[lo .. hi)` are literal nodes. */
function _literalChildren(t: _PatternTrie, kids: Int32Array, lo: number, hi: number): number {
  let n = 0;
  for (let k = lo; k < hi; k++) if (_isLiteral(t.code[kids[k] as number] as number, false)) n++;
  return n;
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
 * `cls`/`classes`: its byte classes): the trie of its patterns, the Aho-Corasick automaton of
 * their segments, and a dense transition table when automaton nodes x classes <=
 * `denseMaxWords`. With `starts` (`startCount` NFA positions), the trie of those positions'
 * pattern suffixes only: a *local* index for a scan whose set reaches little of a large NFA (see
 * {@link suffixWork}); without, every pattern from its start (a whole index, swept from the
 * path's start). O(positions inserted + segment bytes + nodes x classes when dense), in phases
 * of their own so that V8 optimises each loop apart (one function deoptimised at every phase:
 * 20-40 ms for storm-long-random's first builds, against 8 ms once warm). Memory: 28 bytes per
 * pattern node (at most one per NFA position), 28 per automaton node plus the edge hash (sparse)
 * or the table (dense, at most `denseMaxWords` words). Safe on any NFA the loader accepted (every
 * position that is not an end is followed by one of the same pattern).
 */
export function buildSegmentIndex(
  nfa: Int32Array, cls: Uint8Array, classes: number, starts: Int32Array | null = null, startCount = 0,
  denseMaxWords: number = SEGMENT_DENSE_MAX_WORDS,
): SegmentIndex {
  const t = new _PatternTrie();
  if (starts === null) {
    // Pattern k starts at 0 or right after the end of pattern k - 1.
    const positions = nfa.length >> 1;
    for (let x = 0; x < positions; x++) {
      _insertSuffix(nfa, t, x);
      while (nfaKindAt(nfa, x) !== NFA_KIND_END) x++;
    }
  } else {
    for (let k = 0; k < startCount; k++) _insertSuffix(nfa, t, starts[k] as number);
  }
  const { records, any, lits, litNodes } = _trieRecords(t);
  const cursorBound = _cursorBound(t);
  const trie = t.trie;
  const nodes = trie.nodes;
  const order = _depthOrder(trie);
  const fail = new Int32Array(nodes);
  const out = new Int32Array(nodes);
  const outNext = new Int32Array(nodes);
  _linkNodes(trie, order, fail, out, outNext);
  const rep = nodes * classes <= denseMaxWords ? _classBytes(cls, classes, t.used) : null;
  if (rep === null) {
    return new SegmentIndex(nfa, records, t.nodes, any, lits, litNodes, cursorBound, fail, out, outNext, new Int32Array(0), classes, cls,
      trie.edgeParent, trie.edgeByte, trie.edgeNode, nodes);
  }
  // The dense table answers every step: the edge hash is dropped.
  return new SegmentIndex(nfa, records, t.nodes, any, lits, litNodes, cursorBound, fail, out, outNext, _denseTable(trie, order, fail, rep, classes), classes, cls,
    new Int32Array(0), new Uint8Array(0), new Int32Array(0), nodes);
}

/**
 * Returns the NFA positions a local index over the suffixes from `set[0 .. count)` would insert
 * (the sum of their lengths, ends included), or -1 as soon as that passes `limit` (a local
 * index would cost more than it saves). O(min(total, limit) + count).
 */
export function suffixWork(nfa: Int32Array, set: Int32Array, count: number, limit: number): number {
  let total = 0;
  for (let k = 0; k < count; k++) {
    let x = set[k] as number;
    while (nfaKindAt(nfa, x) !== NFA_KIND_END) {
      x++;
      if (++total > limit) return -1;
    }
    if (++total > limit) return -1;
  }
  return total;
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
 * Per path index `e`: the first pattern node (linked through `SegmentIndex.link`) whose segment
 * can end at `e` at the earliest, i.e. starts at or after the path index its parent was reached
 * at (the sweep's delay line).
 */
let _pending = new Int32Array(0);
/**
 * The running sweep's tally: the lowest rank matched so far, the number of waiting cursors, and
 * the word index of the next unused cursor.
 */
const _tally = new Int32Array(3);

/**
 * Reaches the tail and segment children of a node reached at path index `pos`: the siblings from
 * `k` (each next one at the previous one's subtree end) up to `hi`. A tail matches when it ends
 * the path and starts at or after `pos`; a segment node waits in the delay line for the first
 * index where it can end (dropped when that is past the path), on cursor `reuse` (the released
 * parent's, when >= 0) for the first and a new cursor for each other. Children whose subtree
 * holds no rank below the match so far are skipped.
 */
function _reachChildren(ix: SegmentIndex, path: Uint8Array, n: number, k: number, hi: number, pos: number, reuse: number): void {
  const trie = ix.trie;
  const cursors = ix.cursors;
  let found = _tally[0] as number;
  for (; k < hi; k = (trie[k * TRIE_WORDS + TRIE_END] as number) >>> 2) {
    const r = k * TRIE_WORDS;
    if ((trie[r + TRIE_SUB] as number) >= found) continue;
    const key = trie[r + TRIE_KEY] as number;
    if (key >= 0) {
      const e = pos + (trie[r + TRIE_AUX] as number) - 1;
      if (e < n) {
        let c = reuse;
        if (c >= 0) {
          reuse = -1;
        } else {
          c = _tally[2] as number;
          _tally[2] = c + 2;
        }
        cursors[c] = k;
        cursors[c + 1] = _pending[e] as number;
        _pending[e] = c;
        _tally[1] = (_tally[1] as number) + 1;
      }
    } else if (_tailMatches(ix.nfa, path, n, -1 - key, trie[r + TRIE_AUX] as number, pos)) {
      found = ix.any[k] as number;
    }
  }
  _tally[0] = found;
}

/** Returns true when the `len` bytes at NFA position `x` end `path[0 .. n)` and start at or after `pos`. */
function _tailMatches(nfa: Int32Array, path: Uint8Array, n: number, x: number, len: number, pos: number): boolean {
  if (n - len < pos) return false;
  for (let q = 0; q < len; q++) if (path[n - len + q] !== ((nfa[(x + q) << 1] as number) & NFA_KIND_MASK)) return false;
  return true;
}

/**
 * Follows the pattern trie's literal nodes along `path` from the root (each pattern's bytes before
 * its first `*` match the path from index 0), recording the matches of every node reached and
 * reaching its tail and segment children. O(literal nodes reached x log 256).
 */
function _reachLiterals(ix: SegmentIndex, path: Uint8Array, n: number): void {
  const trie = ix.trie;
  const lits = ix.lits;
  let u = _ROOT;
  for (let pos = 0; ; pos++) {
    const r = u * TRIE_WORDS;
    let found = _tally[0] as number;
    if ((trie[r + TRIE_SUB] as number) >= found) return;
    const l = u * LIT_WORDS;
    if (((trie[r + TRIE_END] as number) & _MATCHES) !== 0 && (ix.any[u] as number) < found) found = ix.any[u] as number;
    if (pos === n && (trie[r + TRIE_AUX] as number) < found) found = trie[r + TRIE_AUX] as number;
    _tally[0] = found;
    _reachChildren(ix, path, n, lits[l + 2] as number, lits[l + 3] as number, pos, -1);
    if (pos === n) return;
    // The literal child on path[pos], by binary search over the children's bytes.
    const b = path[pos] as number;
    const hi = lits[l + 1] as number;
    let a = lits[l] as number;
    let z = hi;
    while (a < z) {
      const m = (a + z) >>> 1;
      if ((trie[m * TRIE_WORDS + TRIE_KEY] as number) < b) a = m + 1;
      else z = m;
    }
    if (a === hi || trie[a * TRIE_WORDS + TRIE_KEY] !== b) return;
    u = a;
  }
}

/**
 * Returns the lowest rank below `best` among the patterns (or suffixes) of `ix` that match the
 * whole of `path[0 .. n)`, or `best` when none does. The same greedy semantics as matching each
 * alone (each segment at its leftmost occurrence after the previous one, optimal for `*`
 * patterns; an anchored last run as a suffix), computed in one sweep: literal nodes are followed
 * from the root first; then every path byte steps the Aho-Corasick automaton once, and each
 * segment occurrence it reports releases the whole stack of pattern nodes waiting for that
 * segment. A node joins its segment's stack only when the sweep reaches the first index where the
 * segment can end after its parent was reached (a delay line of pending lists per path index), so
 * every occurrence reported from then on is its leftmost valid one. Each node is reached at most
 * once: O(n x (1 + segment occurrences reported per byte) + pattern nodes reached + their tails'
 * bytes); stops early once the trie's lowest rank has matched or no node waits. Allocates only
 * when a path is longer than any before on this thread.
 */
export function sweepSegments(ix: SegmentIndex, best: number, path: Uint8Array, n: number): number {
  // Invariant: a pattern node is in at most one stack or pending list, and only once per sweep
  // (its parent is reached once); a node in the stack of w after index e was pushed at e, the
  // first index where its segment can end, so any report of w releases it; a node whose subtree
  // holds no rank below the match so far is dropped when released. Hot for rule scans: run
  // pnpm bench --hostile.
  if (_pending.length < n + 1) _pending = new Int32Array(n + 1);
  _pending.fill(-1, 0, n + 1);
  ix.gen = ix.gen === 0x3fffffff ? 1 : ix.gen + 1;
  if (ix.gen === 1) ix.stackGen.fill(0);
  const gen = ix.gen;
  const trie = ix.trie;
  const lowest = trie[TRIE_SUB] as number;
  _tally[0] = best;
  _tally[1] = 0;
  _tally[2] = 0;
  _reachLiterals(ix, path, n);
  const cursors = ix.cursors;
  const any = ix.any;
  const out = ix.out;
  const outNext = ix.outNext;
  const top = ix.stackTop;
  const stackGen = ix.stackGen;
  const pending = _pending;
  const table = ix.goto;
  const dense = table.length !== 0;
  const cls = ix.cls;
  const classes = ix.classes;
  let found = _tally[0] as number;
  let live = _tally[1] as number;
  let v = _ROOT;
  for (let i = 0; i < n && live > 0 && found > lowest; i++) {
    // Cursors whose segment can end here join its stack.
    for (let c = pending[i] as number; c >= 0;) {
      const after = cursors[c + 1] as number;
      const w = trie[(cursors[c] as number) * TRIE_WORDS + TRIE_KEY] as number;
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
        live--;
        const u = cursors[c] as number;
        const r = u * TRIE_WORDS;
        if ((trie[r + TRIE_SUB] as number) < found) {
          // Reached at i + 1: its own match, then its children (a segment node has no literal ones).
          const end = trie[r + TRIE_END] as number;
          if ((end & _MATCHES) !== 0 && (any[u] as number) < found) found = any[u] as number;
          if ((end & _ONE_SEGMENT) !== 0) {
            // One segment child (a chain, the common case): it takes over the cursor (a child
            // that cannot improve the match is dropped when released).
            const e = i + (trie[(u + 1) * TRIE_WORDS + TRIE_AUX] as number);
            if (e < n) {
              cursors[c] = u + 1;
              cursors[c + 1] = pending[e] as number;
              pending[e] = c;
              live++;
            }
          } else if (u + 1 < end >>> 2) {
            _tally[0] = found;
            _tally[1] = live;
            _reachChildren(ix, path, n, u + 1, end >>> 2, i + 1, c);
            found = _tally[0] as number;
            live = _tally[1] as number;
          }
        }
        c = after;
      }
    }
  }
  return found;
}
