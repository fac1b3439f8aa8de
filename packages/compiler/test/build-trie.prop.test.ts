// Property: for random key sets over small alphabets (so keys share prefixes and suffixes),
// buildByteTrie keeps every breadth-first invariant, buildRadixTrie keeps exactly the root, the
// keys and the branch points (buildRadixTable the same trie in parallel arrays), and buildFailLinks names the brute-force longest proper suffix of
// every node.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildRadixTable, compareBytes } from '../src/build-trie.js';
import { buildRadixTrie, expectFailLinks, expectRadix, expectTrieOf } from './_trie.js';

const RUNS = 300;

describe('build-trie (property)', () => {
  it(`buildByteTrie invariants (${RUNS} runs)`, () => {
    fc.assert(fc.property(fc.array(fc.stringMatching(/^[ab/]{0,6}$/), { maxLength: 12 }), (words) => {
      expectTrieOf(words);
    }), { numRuns: RUNS });
  });

  it(`buildRadixTrie keeps exactly the root, the keys and the branch points (${RUNS} runs)`, () => {
    fc.assert(fc.property(fc.array(fc.stringMatching(/^[ab/]{0,6}$/), { maxLength: 10 }), (words) => {
      expectRadix(words);
    }), { numRuns: RUNS });
  });

  it(`buildRadixTable is buildRadixTrie in parallel arrays, keys given as prefixes of longer bodies (${RUNS} runs)`, () => {
    fc.assert(fc.property(fc.array(fc.stringMatching(/^[ab/]{0,6}$/), { maxLength: 12 }), fc.stringMatching(/^[ab*]{0,3}$/), (words, tail) => {
      const enc = new TextEncoder();
      const keys = [...new Set(words)].map((w) => enc.encode(w)).sort(compareBytes);
      // Each key is the head of a body that goes on (as a wildcard pattern's head does).
      const bodies = keys.map((k) => {
        const b = new Uint8Array(k.length + tail.length);
        b.set(k);
        b.set(enc.encode(tail), k.length);
        return b;
      });
      const trie = buildRadixTrie(keys);
      const table = buildRadixTable(bodies, keys.map((k) => k.length));
      expect(table.count).toBe(trie.length);
      trie.forEach((node, q) => {
        expect(table.depth[q]).toBe(node.depth);
        expect(table.labelFrom[q]).toBe(node.labelFrom);
        expect(table.keyIndex[q]).toBe(node.keyIndex);
        expect(table.childCount[q]).toBe(node.children.length);
        const keyOf = table.keyOf[q] as number;
        const path = keyOf < 0 ? new Uint8Array(0) : (bodies[keyOf] as Uint8Array).subarray(0, node.depth);
        expect(Array.from(path)).toEqual(Array.from(node.key.subarray(0, node.depth)));
      });
    }), { numRuns: RUNS });
  });

  it(`buildFailLinks names the longest proper suffix in the trie (${RUNS} runs)`, () => {
    fc.assert(fc.property(fc.array(fc.stringMatching(/^[abc]{1,7}$/), { maxLength: 10 }), (words) => expectFailLinks(words)), { numRuns: RUNS });
  });
});
