// Property: for random key sets over small alphabets (so keys share prefixes and suffixes),
// buildByteTrie keeps every breadth-first invariant, buildRadixTrie keeps exactly the root, the
// keys and the branch points, and buildFailLinks names the brute-force longest proper suffix of
// every node.
import fc from 'fast-check';
import { describe, it } from 'vitest';
import { expectFailLinks, expectRadix, expectTrieOf } from './_trie.js';

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

  it(`buildFailLinks names the longest proper suffix in the trie (${RUNS} runs)`, () => {
    fc.assert(fc.property(fc.array(fc.stringMatching(/^[abc]{1,7}$/), { maxLength: 10 }), (words) => expectFailLinks(words)), { numRuns: RUNS });
  });
});
