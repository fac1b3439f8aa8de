// segment-scan.ts: the segment automaton's trie, failure and output links against brute force,
// its occurrence records, dense and sparse stepping, and named cases of the sweep against the
// naive backtracking matcher.
import { describe, expect, it } from 'vitest';
import { NO_RANK } from '../src/format.js';
import { buildSegmentIndex, collectSuffixRanges, occurrenceAt, suffixRanges, sweepSegments } from '../src/segment-scan.js';
import type { SegmentIndex } from '../src/segment-scan.js';
import { asciiBytes, buildHandNfa, sweepNaively } from './_nfa.js';

/** Returns the string each trie node spells, found by walking every occurrence's segment. */
function nodeStrings(ix: SegmentIndex, nfa: Int32Array): Map<number, string> {
  const spelled = new Map<number, string>([[0, '']]);
  for (let k = 0; k < ix.occ.length >> 2; k++) {
    let x = -1;
    for (let p = 0; p < nfa.length >> 1; p++) if (occurrenceAt(ix, p) === k) x = p;
    const depth = ix.occ[(k << 2) + 1] as number;
    let text = '';
    for (let q = 0; q < depth; q++) text += String.fromCharCode((nfa[(x + q) << 1] as number) & 0xff);
    spelled.set(ix.occ[k << 2] as number, text);
  }
  return spelled;
}

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

/** Runs the sweep over `set` (plain positions) and returns its rank. */
function sweep(ix: SegmentIndex, nfa: Int32Array, set: readonly number[], best: number, path: Uint8Array): number {
  const lowest = set.reduce((m, x) => Math.min(m, nfa[(x << 1) + 1] as number), NO_RANK);
  return sweepSegments(ix, nfa, Int32Array.from(set), set.length, lowest, best, path, path.length);
}

describe('buildSegmentIndex', () => {
  // The textbook Aho-Corasick dictionary, as segments of four patterns, plus a repeat and
  // an anchored last run (which is not a segment).
  const patterns = ['/*he*she', '/*his*hers', '/*he*x$', '/*she*'];
  const hand = buildHandNfa(patterns);

  for (const mode of ['dense', 'sparse'] as const) {
    const ix = buildSegmentIndex(hand.nfa, hand.cls, hand.classes, mode === 'dense' ? 1 << 20 : 0);

    it(`${mode}: one trie node per distinct segment prefix; equal segments share a node`, () => {
      expect(ix.goto.length !== 0).toBe(mode === 'dense');
      const spelled = nodeStrings(ix, hand.nfa);
      // Segments: he, she, his, hers, he, she: terminal strings he, she, his, hers.
      expect(new Set([...spelled.values()].filter((t) => t !== ''))).toEqual(new Set(['he', 'she', 'his', 'hers']));
      // Trie nodes: h, he, s, sh, she, hi, his, her, hers, plus the root.
      expect(ix.nodes).toBe(10);
    });

    it(`${mode}: failure links name the longest proper suffix in the trie; outputs the deepest segment on the chain`, () => {
      // Rebuild every node's string from the automaton: the state after reading it from the root.
      const all = new Map<number, string>();
      for (const word of ['he', 'she', 'his', 'hers']) {
        for (let len = 0; len <= word.length; len++) {
          const prefix = word.slice(0, len);
          const states = statesAfter(ix, prefix);
          all.set(len === 0 ? 0 : (states[states.length - 1] as number), prefix);
        }
      }
      expect(all.size).toBe(ix.nodes);
      const byString = new Map([...all].map(([v, t]) => [t, v]));
      const terminal = new Set(['he', 'she', 'his', 'hers']);
      for (const [v, text] of all) {
        if (v === 0) continue;
        let suffix = text.slice(1);
        while (!byString.has(suffix)) suffix = suffix.slice(1);
        expect(ix.fail[v], `fail(${text})`).toBe(byString.get(suffix));
        let out = text;
        while (out !== '' && !terminal.has(out)) out = out.slice(1);
        expect(ix.out[v], `out(${text})`).toBe(out === '' ? -1 : byString.get(out));
        expect(ix.outNext[v]).toBe(ix.out[ix.fail[v] as number]);
      }
    });

    it(`${mode}: stepping reports every segment ending at each byte (ushers: she, he, hers)`, () => {
      const states = statesAfter(ix, 'ushers');
      const spelled = nodeStrings(ix, hand.nfa);
      const reported = states.map((v) => {
        const names: string[] = [];
        for (let o = ix.out[v] as number; o >= 0; o = ix.outNext[o] as number) names.push(spelled.get(o) ?? '?');
        return names.join(',');
      });
      expect(reported).toEqual(['', '', '', 'she,he', '', 'hers']);
    });
  }

  it('occurrences: one per segment in NFA order; an anchored last run is not one', () => {
    const ix = buildSegmentIndex(hand.nfa, hand.cls, hand.classes);
    // he she | his hers | he (x$ is the anchored tail) | she (then `*` and the end)
    expect(ix.occ.length >> 2).toBe(6);
    const ranks = [];
    const after = [];
    for (let k = 0; k < 6; k++) {
      ranks.push(ix.occ[(k << 2) + 2]);
      after.push(ix.occ[(k << 2) + 3]);
    }
    expect(ranks).toEqual([0, 0, 1, 1, 2, 3]);
    const tail = (hand.starts[2] as number) + 5; // '/', '*', 'h', 'e', '*', then 'x'
    expect(after).toEqual([-1, -2, -1, -2, tail, -2]);
    const depths = [0, 1, 2, 3, 4, 5].map((k) => ix.occ[(k << 2) + 1]);
    expect(depths).toEqual([2, 3, 3, 4, 2, 3]);
    expect(occurrenceAt(ix, (hand.starts[0] as number) + 2)).toBe(0);
    expect(occurrenceAt(ix, (hand.starts[0] as number) + 3)).toBe(-1);
    // Every occurrence is found at its start, past 32-position words too.
    const starts = [];
    for (let x = 0; x < hand.nfa.length >> 1; x++) if (occurrenceAt(ix, x) >= 0) starts.push(occurrenceAt(ix, x));
    expect(starts).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('falls back to sparse stepping when a class holds a segment byte and another byte', () => {
    const merged = hand.cls.slice();
    merged['z'.charCodeAt(0)] = merged['h'.charCodeAt(0)] as number; // z would step like h
    expect(buildSegmentIndex(hand.nfa, merged, hand.classes).goto.length).toBe(0);
    expect(buildSegmentIndex(hand.nfa, hand.cls, hand.classes).goto.length).toBeGreaterThan(0);
  });
});

describe('sweepSegments', () => {
  /** Checks the sweep against the naive matcher for every pattern start and `*` of `patterns`, dense and sparse. */
  function agree(patterns: readonly string[], paths: readonly string[]): void {
    const hand = buildHandNfa(patterns);
    const set: number[] = [];
    for (let x = 0; x < hand.nfa.length >> 1; x++) set.push(x);
    for (const dense of [true, false]) {
      const ix = buildSegmentIndex(hand.nfa, hand.cls, hand.classes, dense ? 1 << 20 : 0);
      for (const text of paths) {
        const path = asciiBytes(text);
        for (const x of set) {
          // One position at a time: the rank tells whether that suffix matched.
          const want = sweepNaively(hand.nfa, [x], NO_RANK, path);
          expect(sweep(ix, hand.nfa, [x], NO_RANK, path), `${dense ? 'dense' : 'sparse'} ${JSON.stringify(patterns)} x=${x} '${text}'`).toBe(want);
        }
        expect(sweep(ix, hand.nfa, set, NO_RANK, path)).toBe(sweepNaively(hand.nfa, set, NO_RANK, path));
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
    agree(['ab*c', 'a$', 'abc$', 'a**b'], ['abc', 'ab', 'a', 'abxc', 'ac', 'acb', '']);
  });

  it('a segment longer than the rest of the path drops its cursor', () => {
    agree(['*abc*d', '*abcd'], ['ab', 'abc', 'abcd', 'xabcd']);
  });

  it('nested segments (a, aa, aaa) are all reported where they end', () => {
    agree(['*aaa*b', '*aa*b*a', '*a*a*a*b'], ['aaab', 'aab', 'aaba', 'abab', 'ba', 'aaaab']);
  });

  it('stops once the lowest rank of the set has matched, and honours best', () => {
    const hand = buildHandNfa(['*a', '*b', '*a*b']);
    const ix = buildSegmentIndex(hand.nfa, hand.cls, hand.classes);
    const stars = hand.starts.slice(); // each pattern's leading `*`
    const path = asciiBytes('ab');
    expect(sweep(ix, hand.nfa, stars, NO_RANK, path)).toBe(0);
    expect(sweep(ix, hand.nfa, stars, 0, path)).toBe(0); // nothing below best 0
    expect(sweep(ix, hand.nfa, stars.slice(1), NO_RANK, path)).toBe(1);
    expect(sweep(ix, hand.nfa, stars.slice(2), 2, path)).toBe(2); // rank 2 is not below best 2
    expect(sweep(ix, hand.nfa, stars.slice(2), NO_RANK, asciiBytes('ba'))).toBe(NO_RANK);
    expect(sweep(ix, hand.nfa, [], 5, path)).toBe(5);
  });
});

describe('collectSuffixRanges and local indexes', () => {
  const hand = buildHandNfa(['/*ab*c', '/x*y*z$', '/*q']);
  // Positions: pattern 0 at 0-6 ('/', '*', 'a', 'b', '*', 'c', end), pattern 1 at 7-13, pattern 2 at 14-17.

  it('merges the suffixes of one pattern and keeps patterns apart, sorted', () => {
    const set = Int32Array.from([9, 4, 1, 15]);
    expect(collectSuffixRanges(hand.nfa, set, 4, Infinity)).toBe(3);
    expect([...suffixRanges.subarray(0, 6)]).toEqual([1, 7, 9, 14, 15, 18]);
  });

  it('gives up (-1) once the suffixes pass the limit, or when the set alone does', () => {
    expect(collectSuffixRanges(hand.nfa, Int32Array.from([1, 9]), 2, 10)).toBe(-1); // 6 + 5 > 10
    expect(collectSuffixRanges(hand.nfa, Int32Array.from([1, 9]), 2, 11)).toBe(2);
    expect(collectSuffixRanges(hand.nfa, Int32Array.from([1, 9, 15]), 3, 2)).toBe(-1);
  });

  it('a local index holds only the occurrences in its ranges, and sweeps them like the whole one', () => {
    const set = Int32Array.from([1, 15]);
    const ranges = collectSuffixRanges(hand.nfa, set, 2, Infinity);
    const local = buildSegmentIndex(hand.nfa, hand.cls, hand.classes, 1 << 20, suffixRanges, ranges);
    const whole = buildSegmentIndex(hand.nfa, hand.cls, hand.classes);
    expect(local.occ.length >> 2).toBe(3); // ab, c, q (not pattern 1's y)
    expect(whole.occ.length >> 2).toBe(4);
    expect(occurrenceAt(local, 10)).toBe(-1);
    for (const text of ['ab', 'abc', 'xabyc', 'q', 'zq', 'cab']) {
      const path = asciiBytes(text);
      expect(sweep(local, hand.nfa, [1, 15], NO_RANK, path), text).toBe(sweep(whole, hand.nfa, [1, 15], NO_RANK, path));
      expect(sweep(local, hand.nfa, [1, 15], NO_RANK, path), text).toBe(sweepNaively(hand.nfa, [1, 15], NO_RANK, path));
    }
  });
});
