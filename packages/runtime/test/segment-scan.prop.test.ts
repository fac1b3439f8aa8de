// Property: the segment sweep gives the naive backtracking matcher's rank for random wildcard
// patterns over a small alphabet (so segments overlap, repeat, nest and share prefixes), with
// dense and with sparse stepping: a whole index over every pattern from its start, and a local
// index over a random set of NFA positions' suffixes, each swept twice with a random best rank.
// Runs: ROBOMATA_DIFF_RUNS / 4 (default 5,000).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { NO_RANK } from '../src/format.js';
import { buildSegmentIndex, sweepSegments } from '../src/segment-scan.js';
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
  it(`agrees with backtracking, whole and local, dense and sparse (${RUNS} runs)`, () => {
    fc.assert(
      fc.property(caseArb, ({ patterns, path, keep, best }) => {
        const hand = buildHandNfa(patterns);
        const positions = hand.nfa.length >> 1;
        const set: number[] = [];
        for (let x = 0; x < positions; x++) if (keep[x % 64]) set.push(x);
        const bytes = asciiBytes(path);
        const wantWhole = sweepNaively(hand.nfa, hand.starts, best, bytes);
        const wantLocal = sweepNaively(hand.nfa, set, best, bytes);
        for (const denseMaxWords of [1 << 20, 0]) {
          const whole = buildSegmentIndex(hand.nfa, hand.cls, hand.classes, null, 0, denseMaxWords);
          const local = buildSegmentIndex(hand.nfa, hand.cls, hand.classes, Int32Array.from(set), set.length, denseMaxWords);
          const ctx = `${JSON.stringify(patterns)} '${path}' set ${JSON.stringify(set)} best ${best} ${denseMaxWords === 0 ? 'sparse' : 'dense'}`;
          // Twice on one index: the second sweep must not see the first's stacks.
          for (let round = 0; round < 2; round++) {
            expect(sweepSegments(whole, best, bytes, bytes.length), `${ctx} whole`).toBe(wantWhole);
            expect(sweepSegments(local, best, bytes, bytes.length), `${ctx} local`).toBe(wantLocal);
          }
        }
      }),
      { numRuns: RUNS },
    );
  });
});
