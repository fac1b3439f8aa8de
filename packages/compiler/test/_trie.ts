// Test helpers for build-trie.ts: checkers of every documented invariant of the byte trie, its
// radix compression and its fail links, computed from the keys alone (their prefixes, brute
// force suffixes), shared by the named and the property tests.
import { expect } from 'vitest';
import { buildByteTrie, buildFailLinks, type ByteTrie } from '../src/build-trie.js';

export const enc = (s: string): Uint8Array => Uint8Array.from(s, (c) => c.charCodeAt(0));
export const str = (b: Uint8Array): string => String.fromCharCode(...b);

/** Sorted distinct keys, by code unit (= byte order for Latin-1 strings). */
export const keysOf = (words: readonly string[]): Uint8Array[] => [...new Set(words)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)).map(enc);

/** The string each node of `trie` spells, read along its parents. */
export function spell(trie: ByteTrie): string[] {
  const out: string[] = [];
  for (let x = 0; x < trie.count; x++) {
    let s = '';
    for (let y = x; y !== 0; y = trie.parent[y] as number) s = String.fromCharCode(trie.byte[y] as number) + s;
    out.push(s);
  }
  return out;
}

/** Checks every documented invariant of buildByteTrie(keys). */
export function expectTrieOf(words: readonly string[]): ByteTrie {
  const keys = keysOf(words);
  const trie = buildByteTrie(keys);
  const prefixes = new Set<string>(['']);
  for (const k of keys) for (let n = 1; n <= k.length; n++) prefixes.add(str(k.subarray(0, n)));
  const spelled = spell(trie);
  // One node per distinct prefix, the root first: at most key bytes + 1 (buildByteTrieScratch's sizing), as keys are.
  expect(trie.count).toBe(prefixes.size);
  const keyBytes = keys.reduce((sum, k) => sum + k.length, 0);
  expect(trie.count).toBeLessThanOrEqual(keyBytes + 1);
  expect(keys.length).toBeLessThanOrEqual(keyBytes + 1);
  expect(new Set(spelled)).toEqual(prefixes);
  expect(spelled[0]).toBe('');
  // Breadth-first: parents first, depths nondecreasing, each depth in lexicographic order.
  for (let x = 1; x < trie.count; x++) {
    expect(trie.parent[x]).toBeLessThan(x);
    expect(trie.depth[x]).toBe((trie.depth[trie.parent[x] as number] as number) + 1);
    expect(trie.depth[x]).toBe(spelled[x]!.length);
    expect(trie.depth[x]).toBeGreaterThanOrEqual(trie.depth[x - 1] as number);
    if (trie.depth[x] === trie.depth[x - 1]) expect(spelled[x - 1]! < spelled[x]!).toBe(true);
  }
  // Children contiguous, counted, ascending by byte.
  for (let x = 0; x < trie.count; x++) {
    const kids: number[] = [];
    for (let y = 1; y < trie.count; y++) if (trie.parent[y] === x) kids.push(y);
    expect(trie.childCount[x], `children of ${spelled[x]}`).toBe(kids.length);
    if (kids.length > 0) {
      expect(trie.firstChild[x]).toBe(kids[0]);
      expect(kids).toEqual(kids.map((_, i) => kids[0]! + i));
      for (let i = 1; i < kids.length; i++) expect(trie.byte[kids[i]!]! > trie.byte[kids[i - 1]!]!).toBe(true);
    }
  }
  // Each key ends at its node.
  expect(trie.keyNode.length).toBe(keys.length);
  keys.forEach((k, i) => expect(spelled[trie.keyNode[i] as number]).toBe(str(k)));
  return trie;
}

/**
 * Checks buildRadixTrie(keys of `words`): the root first; each node spells its parent's string
 * plus its non-empty label; a node is kept only where a key ends or paths branch; every key ends
 * at exactly one node (keyIndex); children ascend by first label byte and are contiguous in the
 * breadth-first order. Returns the node strings in order.
 */
export function expectRadix(words: readonly string[]): string[] {
  const labelOf = (r: RadixNode): Uint8Array => r.key.subarray(r.labelFrom, r.depth);
  const keys = keysOf(words);
  const order = buildRadixTrie(keys);
  const full = new Map<RadixNode, string>([[order[0]!, '']]);
  expect(order[0]!.depth).toBe(0);
  expect(labelOf(order[0]!).length).toBe(0);
  const ended = new Array<number>(keys.length).fill(0);
  order.forEach((r, i) => {
    const s = full.get(r);
    expect(s, `node ${i} reached from its parent`).toBeDefined();
    expect(r.depth).toBe(s!.length);
    expect(str(r.key.subarray(0, r.depth))).toBe(s);
    if (r.keyIndex >= 0) {
      expect(str(keys[r.keyIndex]!)).toBe(s);
      ended[r.keyIndex] = (ended[r.keyIndex] as number) + 1;
    } else if (i > 0) {
      expect(r.children.length, `unmarked node ${s} branches`).toBeGreaterThanOrEqual(2);
    }
    let prev = -1;
    for (const c of r.children) {
      const label = labelOf(c);
      expect(c.labelFrom).toBe(r.depth);
      expect(label.length).toBeGreaterThan(0);
      full.set(c, s + str(label));
      expect(label[0]! > prev).toBe(true);
      prev = label[0]!;
    }
    if (r.children.length > 0) {
      const at = order.indexOf(r.children[0]!);
      expect(at).toBeGreaterThan(i);
      r.children.forEach((c, k) => expect(order[at + k]).toBe(c));
    }
  });
  expect(full.size).toBe(order.length);
  expect(ended).toEqual(keys.map(() => 1));
  // Exactly the nodes needed: the root, the keys and the branch points of the byte trie.
  const trie = buildByteTrie(keys);
  const keyNodes = new Set(Array.from(trie.keyNode));
  let needed = 0;
  for (let x = 0; x < trie.count; x++) if (x === 0 || keyNodes.has(x) || trie.childCount[x]! >= 2) needed++;
  expect(order.length).toBe(needed);
  return order.map((r) => full.get(r)!);
}

/** Checks each fail link against the brute-force longest proper suffix present in the trie. */
export function expectFailLinks(words: readonly string[]): void {
  const trie = buildByteTrie(keysOf(words));
  const spelled = spell(trie);
  const want = bruteFailLinks(spelled);
  const fail = buildFailLinks(trie);
  expect(fail.length).toBe(trie.count);
  for (let x = 0; x < trie.count; x++) {
    expect(fail[x], `fail(${spelled[x]})`).toBe(want[x]);
    if (x > 0) expect(trie.depth[fail[x] as number]).toBeLessThan(trie.depth[x] as number);
  }
}

/** Per node of a trie spelling `spelled` (see spell): the node of its longest proper suffix present, by brute force (0: none). */
export function bruteFailLinks(spelled: readonly string[]): number[] {
  const nodeOf = new Map(spelled.map((s, x) => [s, x]));
  return spelled.map((s) => {
    for (let k = 1; k < s.length; k++) {
      const hit = nodeOf.get(s.slice(k));
      if (hit !== undefined) return hit;
    }
    return 0;
  });
}

/** Returns the length of the common prefix of `a` and `b`. */
function _lcp(a: Uint8Array, b: Uint8Array): number {
  const m = Math.min(a.length, b.length);
  let k = 0;
  while (k < m && a[k] === b[k]) k++;
  return k;
}

/** One node of a radix trie. */
export interface RadixNode {
  /** Depth: bytes from the root. */
  readonly depth: number;
  /** A key whose first `depth` bytes spell the path to this node. */
  readonly key: Uint8Array;
  /** Edge label from its parent: `key[labelFrom, depth)` (empty for the root). */
  labelFrom: number;
  /** Index of the key ending here, or -1. */
  keyIndex: number;
  /** Children, ascending by first label byte. */
  readonly children: RadixNode[];
}

/**
 * The model radix trie the tests hold buildRadixTable to: one object per node.
 * Returns the radix trie of `keys` (sorted ascending, distinct) in breadth-first order, children
 * contiguous: built along the previous key's path (a stack of the open nodes), with a node only where a
 * key ends or paths branch (an edge is split where a new key leaves it). O(keys + key bytes).
 */
export function buildRadixTrie(keys: readonly Uint8Array[]): RadixNode[] {
  const empty = new Uint8Array(0);
  const root: RadixNode = { depth: 0, key: empty, labelFrom: 0, keyIndex: -1, children: [] };
  const stack: RadixNode[] = [root];
  let prev: Uint8Array = empty;
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i] as Uint8Array;
    const l = _lcp(prev, key);
    let last: RadixNode | undefined;
    while ((stack[stack.length - 1] as RadixNode).depth > l) last = stack.pop();
    let top = stack[stack.length - 1] as RadixNode;
    if (top.depth < l && last !== undefined) {
      // The new key leaves the edge to `last` at depth l: split it there.
      const mid: RadixNode = { depth: l, key, labelFrom: 0, keyIndex: -1, children: [last] };
      top.children[top.children.length - 1] = mid;
      stack.push(mid);
      top = mid;
    }
    if (key.length === top.depth) {
      top.keyIndex = i;
    } else {
      const leaf: RadixNode = { depth: key.length, key, labelFrom: 0, keyIndex: i, children: [] };
      top.children.push(leaf);
      stack.push(leaf);
    }
    prev = key;
  }
  const order: RadixNode[] = [root];
  for (let q = 0; q < order.length; q++) {
    const r = order[q] as RadixNode;
    for (const c of r.children) {
      c.labelFrom = r.depth;
      order.push(c);
    }
  }
  return order;
}

