// segment-scan.ts: the segment automaton's trie, failure and output links against brute force,
// dense and sparse stepping, the pattern trie's layout (shared prefixes, breadth-first literal
// nodes, depth-first segment chains, subtree ranks), and named cases of the sweep against the
// naive backtracking matcher, over whole and local indexes.
import { describe, expect, it } from 'vitest';
import { NO_RANK } from '../src/format.js';
import {
  LIT_WORDS, TRIE_AUX, TRIE_END, TRIE_KEY, TRIE_SUB, TRIE_WORDS, buildSegmentIndex, suffixWork, sweepSegments,
} from '../src/segment-scan.js';
import type { SegmentIndex } from '../src/segment-scan.js';
import { asciiBytes, buildHandNfa, sweepNaively } from './_nfa.js';

/** Returns the automaton state after each byte of `text`, by stepping a dense or sparse index the way the sweep does. */
function statesAfter(ix: SegmentIndex, text: string): number[] {
  const states: number[] = [];
  let v = 0;
  for (const ch of text) {
    const b = ch.charCodeAt(0);
    if (ix.goto.length !== 0) {
      v = ix.goto[v * ix.classes + (ix.cls[b] as number)] as number;
    } else {
      for (;;) {
        let child = -1;
        const mask = ix.edgeParent.length - 1;
        for (let slot = 0; slot <= mask; slot++) if (ix.edgeParent[slot] === v && ix.edgeByte[slot] === b) child = ix.edgeNode[slot] as number;
        if (child >= 0) {
          v = child;
          break;
        }
        if (v === 0) break;
        v = ix.fail[v] as number;
      }
    }
    states.push(v);
  }
  return states;
}

/** Returns the automaton node each prefix of `words` reaches (the root for ''), by stepping from the root. */
function nodeOfPrefix(ix: SegmentIndex, words: readonly string[]): Map<string, number> {
  const nodes = new Map<string, number>([['', 0]]);
  for (const word of words) {
    for (let len = 1; len <= word.length; len++) {
      const states = statesAfter(ix, word.slice(0, len));
      nodes.set(word.slice(0, len), states[states.length - 1] as number);
    }
  }
  return nodes;
}

/** Field `word` of pattern node `u`. */
function field(ix: SegmentIndex, u: number, word: number): number {
  return ix.trie[u * TRIE_WORDS + word] as number;
}

/** Returns the subtree end of segment or tail node `u` (its next sibling). */
function endOf(ix: SegmentIndex, u: number): number {
  return field(ix, u, TRIE_END) >>> 2;
}

/** Returns the children of pattern node `u`: literal ones (by range) for the root and literal nodes, then segment and tail ones (by sibling skips). */
function childrenOf(ix: SegmentIndex, u: number): number[] {
  const kids: number[] = [];
  let lo: number;
  let hi: number;
  if (u < ix.litNodes) {
    for (let k = ix.lits[u * LIT_WORDS] as number; k < (ix.lits[u * LIT_WORDS + 1] as number); k++) kids.push(k);
    lo = ix.lits[u * LIT_WORDS + 2] as number;
    hi = ix.lits[u * LIT_WORDS + 3] as number;
  } else {
    lo = u + 1;
    hi = endOf(ix, u);
  }
  for (let k = lo; k < hi; k = endOf(ix, k)) kids.push(k);
  return kids;
}

/**
 * Returns every pattern node as the tokens that lead to it from the root, e.g. `/ | he | she`
 * (a literal byte, a segment, or `x$` for a tail), with its match rank and exact rank, read
 * through the index's own child ranges: a whole description of the trie to compare with.
 */
function describeTrie(ix: SegmentIndex, nfa: Int32Array, words: readonly string[]): Map<string, { any: number; exact: number; sub: number }> {
  const spell = new Map([...nodeOfPrefix(ix, words)].map(([text, v]) => [v, text]));
  const out = new Map<string, { any: number; exact: number; sub: number }>();
  const visit = (u: number, label: string): void => {
    const any = ((field(ix, u, TRIE_END) & 1) !== 0 ? ix.any[u] : NO_RANK) as number;
    const exact = u < ix.litNodes ? field(ix, u, TRIE_AUX) : NO_RANK;
    out.set(label, { any, exact, sub: field(ix, u, TRIE_SUB) });
    for (const k of childrenOf(ix, u)) {
      const key = field(ix, k, TRIE_KEY);
      let token: string;
      if (k < ix.litNodes) {
        token = String.fromCharCode(key);
      } else if (key >= 0) {
        token = spell.get(key) ?? `?${key}`;
      } else {
        let text = '';
        for (let q = 0; q < field(ix, k, TRIE_AUX); q++) text += String.fromCharCode((nfa[(-1 - key + q) << 1] as number) & 0xff);
        token = `${text}$`;
      }
      visit(k, label === '' ? token : `${label} | ${token}`);
    }
  };
  visit(0, '');
  return out;
}

/** Runs a whole index's sweep over `text` with `best`. */
function sweepWhole(ix: SegmentIndex, text: string, best = NO_RANK): number {
  const path = asciiBytes(text);
  return sweepSegments(ix, best, path, path.length);
}

describe('buildSegmentIndex: the segment automaton', () => {
  // The textbook Aho-Corasick dictionary, as segments of four patterns, plus a repeat and
  // an anchored last run (which is not a segment).
  const patterns = ['/*he*she', '/*his*hers', '/*he*x$', '/*she*'];
  const hand = buildHandNfa(patterns);
  const words = ['he', 'she', 'his', 'hers'];

  for (const mode of ['dense', 'sparse'] as const) {
    const ix = buildSegmentIndex(hand.nfa, hand.cls, hand.classes, null, 0, mode === 'dense' ? 1 << 20 : 0);

    it(`${mode}: one automaton node per distinct segment prefix; equal segments share a node`, () => {
      expect(ix.goto.length !== 0).toBe(mode === 'dense');
      // Trie nodes: h, he, s, sh, she, hi, his, her, hers, plus the root.
      expect(ix.nodes).toBe(10);
      expect(new Set(nodeOfPrefix(ix, words).values()).size).toBe(10);
    });

    it(`${mode}: failure links name the longest proper suffix in the trie; outputs the deepest segment on the chain`, () => {
      const all = nodeOfPrefix(ix, words);
      const byNode = new Map([...all].map(([t, v]) => [v, t]));
      const terminal = new Set(words);
      for (const [v, text] of byNode) {
        if (v === 0) continue;
        let suffix = text.slice(1);
        while (!all.has(suffix)) suffix = suffix.slice(1);
        expect(ix.fail[v], `fail(${text})`).toBe(all.get(suffix));
        let out = text;
        while (out !== '' && !terminal.has(out)) out = out.slice(1);
        expect(ix.out[v], `out(${text})`).toBe(out === '' ? -1 : all.get(out));
        expect(ix.outNext[v]).toBe(ix.out[ix.fail[v] as number]);
      }
    });

    it(`${mode}: stepping reports every segment ending at each byte (ushers: she, he, hers)`, () => {
      const spelled = new Map([...nodeOfPrefix(ix, words)].map(([t, v]) => [v, t]));
      const reported = statesAfter(ix, 'ushers').map((v) => {
        const names: string[] = [];
        for (let o = ix.out[v] as number; o >= 0; o = ix.outNext[o] as number) names.push(spelled.get(o) ?? '?');
        return names.join(',');
      });
      expect(reported).toEqual(['', '', '', 'she,he', '', 'hers']);
    });
  }

  it('falls back to sparse stepping when a class holds a segment byte and another byte', () => {
    const merged = hand.cls.slice();
    merged['z'.charCodeAt(0)] = merged['h'.charCodeAt(0)] as number; // z would step like h
    expect(buildSegmentIndex(hand.nfa, merged, hand.classes).goto.length).toBe(0);
    expect(buildSegmentIndex(hand.nfa, hand.cls, hand.classes).goto.length).toBeGreaterThan(0);
  });
});

describe('buildSegmentIndex: the pattern trie', () => {
  // Ranks: 0 '/*he*she', 1 '/*he*x$', 2 '/*he*she*', 3 '/ab$', 4 '/a', 5 '/*he', 6 '/b*he*she'.
  const patterns = ['/*he*she', '/*he*x$', '/*he*she*', '/ab$', '/a', '/*he', '/b*he*she'];
  const hand = buildHandNfa(patterns);
  const ix = buildSegmentIndex(hand.nfa, hand.cls, hand.classes);
  const trie = describeTrie(ix, hand.nfa, ['he', 'she']);

  it('patterns that share a token prefix share its nodes; tails are leaves; ends carry their lowest rank', () => {
    expect([...trie.keys()].sort()).toEqual([
      '', '/', '/ | a', '/ | a | b', '/ | b', '/ | b | he', '/ | b | he | she', '/ | he', '/ | he | she', '/ | he | x$',
    ]);
    expect(ix.trieNodes).toBe(10);
    // '/*he*she' (0) and '/*he*she*' (2) end at one node; '/*he' (5) ends at 'he'.
    expect(trie.get('/ | he | she')?.any).toBe(0);
    expect(trie.get('/ | he')?.any).toBe(5);
    expect(trie.get('/ | he | x$')?.any).toBe(1);
    expect(trie.get('/ | b | he | she')?.any).toBe(6);
    // '/a' matches on reaching 'a'; '/ab$' only when the path ends at 'b'.
    expect(trie.get('/ | a')?.any).toBe(4);
    expect(trie.get('/ | a | b')).toEqual({ any: NO_RANK, exact: 3, sub: 3 });
  });

  it('each node records the lowest rank of its subtree', () => {
    for (const [label, node] of trie) {
      const below = [...trie].filter(([l]) => label === '' || l === label || l.startsWith(`${label} | `));
      const lowest = Math.min(...below.map(([, d]) => Math.min(d.any, d.exact)));
      expect(node.sub, label).toBe(lowest);
    }
  });

  it('literal nodes come first, breadth-first, their literal children in byte order', () => {
    const literals = [...trie.keys()].filter((l) => l === '' || /^[^|]*( \| [ab])*$/.test(l) && !l.includes('he'));
    expect(ix.litNodes).toBe(literals.length); // root, '/', 'a', 'b', 'a b'
    const slash = ix.lits[LIT_WORDS] as number;
    expect(field(ix, slash, TRIE_KEY)).toBe('a'.charCodeAt(0));
    expect(field(ix, slash + 1, TRIE_KEY)).toBe('b'.charCodeAt(0));
    expect(ix.lits[LIT_WORDS + 1]).toBe(slash + 2);
  });

  it('segment subtrees are numbered depth-first: a chain of single children is contiguous', () => {
    const chain = buildHandNfa(['/*a*b*c*d*e', '/*a*x']);
    const cx = buildSegmentIndex(chain.nfa, chain.cls, chain.classes);
    const a = cx.lits[LIT_WORDS + 2] as number; // the first segment child of '/'
    expect(childrenOf(cx, a)).toEqual([a + 1, endOf(cx, a + 1)]);
    // b, c, d, e follow one another, each the only child of the one before.
    for (let u = a + 1; u < a + 4; u++) expect(childrenOf(cx, u)).toEqual([u + 1]);
    expect(endOf(cx, a)).toBe(cx.trieNodes);
  });

  it('a local index holds only the suffixes it is given, and sweeps them like the whole one', () => {
    const two = buildHandNfa(['/*ab*c', '/x*y*z$', '/*q']);
    // Positions: pattern 0 at 0-6 ('/', '*', 'a', 'b', '*', 'c', end), pattern 1 at 7-13, pattern 2 at 14-17.
    const set = Int32Array.from([1, 15]);
    const local = buildSegmentIndex(two.nfa, two.cls, two.classes, set, 2);
    const whole = buildSegmentIndex(two.nfa, two.cls, two.classes);
    expect(local.nodes).toBe(5); // the root, a, ab, c, q: not pattern 1's y
    expect(whole.nodes).toBe(6);
    for (const text of ['ab', 'abc', 'xabyc', 'q', 'zq', 'cab']) {
      expect(sweepWhole(local, text), text).toBe(sweepNaively(two.nfa, [1, 15], NO_RANK, asciiBytes(text)));
    }
  });
});

describe('sweepSegments', () => {
  /**
   * Checks the sweep against the naive matcher, dense and sparse: the whole index over every
   * pattern from its start, and a local index over each single position and over all of them.
   */
  function agree(patterns: readonly string[], paths: readonly string[]): void {
    const hand = buildHandNfa(patterns);
    const all: number[] = [];
    for (let x = 0; x < hand.nfa.length >> 1; x++) all.push(x);
    for (const denseMaxWords of [1 << 20, 0]) {
      const mode = denseMaxWords === 0 ? 'sparse' : 'dense';
      const whole = buildSegmentIndex(hand.nfa, hand.cls, hand.classes, null, 0, denseMaxWords);
      const everything = buildSegmentIndex(hand.nfa, hand.cls, hand.classes, Int32Array.from(all), all.length, denseMaxWords);
      const single = all.map((x) => buildSegmentIndex(hand.nfa, hand.cls, hand.classes, Int32Array.of(x), 1, denseMaxWords));
      for (const text of paths) {
        const path = asciiBytes(text);
        const ctx = `${mode} ${JSON.stringify(patterns)} '${text}'`;
        expect(sweepWhole(whole, text), `${ctx} whole`).toBe(sweepNaively(hand.nfa, hand.starts, NO_RANK, path));
        expect(sweepWhole(everything, text), `${ctx} all positions`).toBe(sweepNaively(hand.nfa, all, NO_RANK, path));
        // One position at a time: the rank tells whether that suffix matched.
        single.forEach((ix, x) => expect(sweepWhole(ix, text), `${ctx} x=${x}`).toBe(sweepNaively(hand.nfa, [x], NO_RANK, path)));
      }
    }
  }

  it('overlapping occurrences: the leftmost start wins (aa in aaa, aba in ababa)', () => {
    agree(['*aa*a$', '*aba*ba$', '*aa*aa'], ['aaa', 'aaaa', 'ababa', 'abab', 'aaaaa', '']);
  });

  it('a segment that follows itself waits for a later occurrence than the one that released it (*a*a*a)', () => {
    agree(['*a*a*a', '*ab*ab', '*b*b$'], ['a', 'aa', 'aaa', 'abab', 'ab', 'bab', 'bb']);
  });

  it('an anchored last run must start after the previous segment (*ab*b$ against ab)', () => {
    agree(['*ab*b$', '*ab*ab$', '*a*$', '*$', '*'], ['ab', 'abb', 'abab', 'aab', 'b', '']);
  });

  it('literal positions must match at the path start; an anchored end only an empty rest', () => {
    agree(['ab*c', 'a$', 'abc$', 'a**b', '$', 'ab'], ['abc', 'ab', 'a', 'abxc', 'ac', 'acb', '']);
  });

  it('a segment longer than the rest of the path drops its cursor', () => {
    agree(['*abc*d', '*abcd'], ['ab', 'abc', 'abcd', 'xabcd']);
  });

  it('nested segments (a, aa, aaa) are all reported where they end', () => {
    agree(['*aaa*b', '*aa*b*a', '*a*a*a*b'], ['aaab', 'aab', 'aaba', 'abab', 'ba', 'aaaab']);
  });

  it('patterns sharing a prefix split where their next segments differ, each at its own leftmost place', () => {
    agree(['/*a*a*b', '/*a*a*c', '/*a*b*a', '/*a*a*a*b$', '/*a', '/*a*a'], ['/aab', '/aac', '/aba', '/aaab', '/abab', '/a', '/ca', '/']);
  });

  it('stops once the lowest rank has matched, and honours best', () => {
    const hand = buildHandNfa(['*a', '*b', '*a*b']);
    const ix = buildSegmentIndex(hand.nfa, hand.cls, hand.classes);
    expect(sweepWhole(ix, 'ab')).toBe(0);
    expect(sweepWhole(ix, 'ab', 0)).toBe(0); // nothing below best 0
    expect(sweepWhole(ix, 'b')).toBe(1);
    expect(sweepWhole(ix, 'ba', 1)).toBe(0);
    expect(sweepWhole(ix, 'c')).toBe(NO_RANK);
    expect(sweepWhole(ix, 'c', 5)).toBe(5);
    const suffixes = buildSegmentIndex(hand.nfa, hand.cls, hand.classes, Int32Array.of(hand.starts[2] as number), 1);
    expect(sweepWhole(suffixes, 'ab', 2)).toBe(2); // rank 2 is not below best 2
    expect(sweepWhole(suffixes, 'ba')).toBe(NO_RANK);
  });

  it('the same index sweeps again from a clean state (stacks of an earlier sweep read as empty)', () => {
    const hand = buildHandNfa(['/*ab*cd', '/*ab*ce$']);
    const ix = buildSegmentIndex(hand.nfa, hand.cls, hand.classes);
    const runs = ['/abcd', '/ab', '/abce', '/abxcd', '/cdab', '/abce'].map((t) => sweepWhole(ix, t));
    expect(runs).toEqual([0, NO_RANK, 1, 0, NO_RANK, 1]);
  });
});

describe('suffixWork', () => {
  const hand = buildHandNfa(['/*ab*c', '/x*y*z$', '/*q']);

  it('sums the suffix lengths, ends included, overlapping suffixes counted each time', () => {
    expect(suffixWork(hand.nfa, Int32Array.from([1, 15]), 2, Infinity)).toBe(6 + 3);
    expect(suffixWork(hand.nfa, Int32Array.from([1, 2, 6]), 3, Infinity)).toBe(6 + 5 + 1);
    expect(suffixWork(hand.nfa, Int32Array.from([]), 0, 0)).toBe(0);
  });

  it('gives up (-1) once the sum passes the limit', () => {
    expect(suffixWork(hand.nfa, Int32Array.from([1, 9]), 2, 10)).toBe(-1); // 6 + 5 > 10
    expect(suffixWork(hand.nfa, Int32Array.from([1, 9]), 2, 11)).toBe(11);
  });
});
