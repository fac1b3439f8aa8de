// build-trie.ts: compareBytes, buildByteTrie (breadth-first byte trie of sorted keys: its
// invariants checked against the keys' prefixes), childOf, buildRadixTrie (radix trie: which
// nodes stay, labels, order) and buildFailLinks against a brute-force longest proper suffix.
import { describe, expect, it } from 'vitest';
import { buildByteTrie, childOf, compareBytes } from '../src/build-trie.js';
import { enc, expectFailLinks, expectRadix, expectTrieOf, keysOf, spell } from './_trie.js';

describe('compareBytes', () => {
  it('orders byte strings lexicographically, a proper prefix first', () => {
    const cases: [string, string, number][] = [
      ['', '', 0], ['', 'a', -1], ['a', '', 1], ['ab', 'ab', 0], ['ab', 'abc', -1], ['abc', 'abd', -1], ['b', 'abc', 1],
      ['\u00ff', '\u0001', 1], ['a\u0080', 'a\u007f', 1],
    ];
    for (const [a, b, want] of cases) expect(compareBytes(enc(a), enc(b)), `${a} ${b}`).toBe(want);
  });
});

describe('buildByteTrie', () => {
  it('the Aho-Corasick textbook keys (he, she, his, hers)', () => {
    const trie = expectTrieOf(['he', 'she', 'his', 'hers']);
    // Nodes: root, h, s, he, hi, sh, her, his, she, hers.
    expect(spell(trie)).toEqual(['', 'h', 's', 'he', 'hi', 'sh', 'her', 'his', 'she', 'hers']);
  });

  it('no keys, the empty key, one long key, keys that are prefixes of others, bytes above 0x7f', () => {
    expect(expectTrieOf([]).count).toBe(1);
    const empty = expectTrieOf(['', 'a']);
    expect(empty.keyNode[0]).toBe(0);
    expect(expectTrieOf(['x'.repeat(300)]).count).toBe(301);
    expectTrieOf(['a', 'ab', 'abc', 'abd', 'b']);
    expectTrieOf(['\u0000', '\u00ff', '\u0080\u0081', '/a', '/a%2F']);
  });

});

describe('childOf', () => {
  it('finds the child on a byte, or 0', () => {
    const trie = buildByteTrie(keysOf(['he', 'she', 'his', 'hers']));
    const spelled = spell(trie);
    const node = (s: string): number => spelled.indexOf(s);
    expect(childOf(trie, 0, 0x68)).toBe(node('h'));
    expect(childOf(trie, node('h'), 0x65)).toBe(node('he'));
    expect(childOf(trie, node('h'), 0x69)).toBe(node('hi'));
    expect(childOf(trie, node('h'), 0x61)).toBe(0);
    expect(childOf(trie, node('hers'), 0x73)).toBe(0);
    expect(childOf(trie, 0, 0x7a)).toBe(0);
  });
});

describe('buildRadixTrie', () => {
  it('keeps the root, the keys and the branch points; chains become labels', () => {
    expect(expectRadix(['/private', '/private/ok'])).toEqual(['', '/private', '/private/ok']);
    expect(expectRadix(['/a', '/b', '/x'])).toEqual(['', '/', '/a', '/b', '/x']);
    expect(expectRadix(['/abc', '/abd'])).toEqual(['', '/ab', '/abc', '/abd']);
    expect(expectRadix(['/abc', '/abd', '/ab'])).toEqual(['', '/ab', '/abc', '/abd']);
    expect(expectRadix(['/'])).toEqual(['', '/']);
    expect(expectRadix(['', '/a'])).toEqual(['', '/a']);
    expect(expectRadix([])).toEqual(['']);
  });

  it('splits an edge where a later key leaves it (/abcdef, then /abx, then /b)', () => {
    expect(expectRadix(['/abcdef', '/abx', '/b'])).toEqual(['', '/', '/ab', '/b', '/abcdef', '/abx']);
    expect(expectRadix(['/a/b/c', '/a/b/d', '/a/e', '/f'])).toEqual(['', '/', '/a/', '/f', '/a/b/', '/a/e', '/a/b/c', '/a/b/d']);
  });
});

describe('buildFailLinks', () => {
  it('names the longest proper suffix in the trie (he, she, his, hers; aaa; abab)', () => {
    expectFailLinks(['he', 'she', 'his', 'hers']);
    expectFailLinks(['a', 'aa', 'aaa']);
    expectFailLinks(['abab', 'bab', 'b']);
    expectFailLinks([]);
  });
});
