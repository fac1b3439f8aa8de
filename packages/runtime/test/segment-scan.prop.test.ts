// Property: the segment sweep gives the naive backtracking matcher's rank for random wildcard
// patterns over a small alphabet (so segments overlap, repeat and nest), random sets of NFA
// positions, random best ranks and random paths, with dense and with sparse stepping, and with
// a local index over the set's suffixes only.
// Runs: ROBOMATA_DIFF_RUNS / 4 (default 5,000).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { NO_RANK } from '../src/format.js';
import { buildSegmentIndex, collectSuffixRanges, suffixRanges, sweepSegments } from '../src/segment-scan.js';
import { asciiBytes, buildHandNfa, sweepNaively } from './_nfa.js';

const RUNS = Number(process.env.ROBOMATA_DIFF_RUNS ?? 20_000) >> 2;

const patternArb = fc
  .tuple(fc.array(fc.constantFrom('a', 'b', 'c', '*', '*'), { minLength: 0, maxLength: 9 }), fc.boolean())
  .map(([chars, anchored]) => chars.join('') + (anchored ? '$' : ''));

const caseArb = fc.record({
  patterns: fc.array(patternArb, { minLength: 1, maxLength: 6 }),
  path: fc.array(fc.constantFrom('a', 'b', 'c'), { maxLength: 24 }).map((c) => c.join('')),
  keep: fc.array(fc.boolean(), { minLength: 64, maxLength: 64 }),
  best: fc.oneof(fc.constant(NO_RANK), fc.nat(6)),
});

describe('sweepSegments (property)', () => {
  it(`agrees with backtracking on every suffix set, dense, sparse and local (${RUNS} runs)`, () => {
    fc.assert(
      fc.property(caseArb, ({ patterns, path, keep, best }) => {
        const hand = buildHandNfa(patterns);
        const positions = hand.nfa.length >> 1;
        const set: number[] = [];
        for (let x = 0; x < positions; x++) if (keep[x % 64]) set.push(x);
        const bytes = asciiBytes(path);
        const want = sweepNaively(hand.nfa, set, best, bytes);
        const lowest = set.reduce((m, x) => Math.min(m, hand.nfa[(x << 1) + 1] as number), NO_RANK);
        for (const mode of ['dense', 'sparse', 'local'] as const) {
          // local: an index over the set's pattern suffixes only, as a scan over a large NFA builds.
          const cursors = Int32Array.from(set);
          const ranges = mode === 'local' ? collectSuffixRanges(hand.nfa, cursors, set.length, Infinity) : 0;
          const denseMaxWords = mode === 'sparse' ? 0 : 1 << 20;
          const ix = mode === 'local'
            ? buildSegmentIndex(hand.nfa, hand.cls, hand.classes, denseMaxWords, suffixRanges, ranges)
            : buildSegmentIndex(hand.nfa, hand.cls, hand.classes, denseMaxWords);
          // Twice on one index: the second sweep must not see the first's stacks.
          for (let round = 0; round < 2; round++) {
            const got = sweepSegments(ix, hand.nfa, cursors, set.length, lowest, best, bytes, bytes.length);
            expect(got, `${JSON.stringify(patterns)} '${path}' set ${JSON.stringify(set)} best ${best} ${mode}`).toBe(want);
          }
        }
      }),
      { numRuns: RUNS },
    );
  });
});
