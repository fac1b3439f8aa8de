// Property: for random wildcard patterns over a small alphabet (so segments overlap, repeat,
// nest and share heads), with or without filler patterns that give the segment trie its dense
// root row, and random paths, matchWildcard gives the plain backtracking matcher's
// answer per candidate pattern, sweepCandidates and verifyCandidates (each road forced through
// scanTuning, restored after each run) give the lowest matching rank below a random best, and
// the verdict of the whole check is @robomata/reference's. Runs: ROBOMATA_DIFF_RUNS / 4
// (default 5,000).
import { THREAD_SCRATCH as sc } from '../src/scratch.js';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { decide as referenceDecide } from '@robomata/reference';
import { NO_RANK } from '../src/format.js';
import { matchWildcard, scanTuning, sweepCandidates, verifyCandidates } from '../src/segment-scan.js';
import { AC_ROOT_ROW_MIN } from '../src/tables.js';
import { collectCandidates, expectedRank, matchesByBacktracking, scanFixture } from './_scan.js';

const RUNS = Number(process.env.ROBOMATA_DIFF_RUNS ?? 20_000) >> 2;
const DEFAULT_TUNING = { ...scanTuning };
afterEach(() => {
  Object.assign(scanTuning, DEFAULT_TUNING);
});

const patternArb = fc
  .tuple(fc.constantFrom('/', '*', '/a', '/b'), fc.array(fc.constantFrom('a', 'b', 'c', '*', '*'), { maxLength: 8 }), fc.boolean())
  .map(([head, chars, anchored]) => head + chars.join('') + (anchored ? '$' : ''));

/** Filler wildcard patterns whose segments make a segment trie of over AC_ROOT_ROW_MIN nodes (dense root row). */
const FILLER = ((): string[] => {
  let seed = 11;
  const rand = (): number => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) >>> 8) % 6;
  const segment = (): string => Array.from({ length: 6 }, () => 'abcdef'[rand()]).join('');
  return Array.from({ length: 48 }, (_, k) => `Disallow: /*${segment()}*${segment()}${k % 2 === 0 ? '$' : ''}`);
})();

const caseArb = fc.record({
  pad: fc.integer({ min: 0, max: 3 }).map((k) => k === 0),
  rules: fc.array(fc.tuple(fc.boolean(), patternArb), { minLength: 1, maxLength: 12 }),
  paths: fc.array(fc.array(fc.constantFrom('a', 'b', 'c'), { maxLength: 24 }).map((c) => `/${c.join('')}`), { minLength: 1, maxLength: 4 }),
  best: fc.oneof(fc.constant(NO_RANK), fc.nat(12)),
});

describe('segment scan (property)', () => {
  it(`matchWildcard, sweepCandidates and both roads of verifyCandidates agree with backtracking and the reference (${RUNS} runs)`, () => {
    fc.assert(
      fc.property(caseArb, ({ pad, rules, paths, best }) => {
        const lines = rules.map(([allow, p]) => `${allow ? 'Allow' : 'Disallow'}: ${p}`).concat(pad ? FILLER : []);
        const f = scanFixture(lines);
        expect(f.t.acCount >= AC_ROOT_ROW_MIN, 'padded files have a dense root row').toBe(pad ? true : f.t.acCount >= AC_ROOT_ROW_MIN);
        const txt = `User-agent: *\n${lines.join('\n')}\n`;
        for (const path of paths) {
          const { m, patterns } = collectCandidates(f, path);
          const ctx = `${JSON.stringify(lines)} ${path} best ${best}`;
          for (const p of patterns) {
            expect(matchWildcard(f.t, p.w, p.bound, m, sc.path), `${p.pattern} ${ctx}`).toBe(matchesByBacktracking(p.pattern, path));
          }
          const want = expectedRank(patterns, path, best);
          const ref = referenceDecide(txt, 'x', path, { profile: 'google' });
          expect(sweepCandidates(f.t, m, best, sc), `sweep ${ctx}`).toBe(want);
          for (const road of ['direct', 'sweep'] as const) {
            if (road === 'sweep') scanTuning.directMaxCandidates = 0;
            else Object.assign(scanTuning, { directMaxCandidates: Infinity, directMaxWork: Infinity });
            expect(verifyCandidates(f.t, m, best, sc), `${road} ${ctx}`).toBe(want);
            const id = f.robots.decide(path, 'x');
            expect(id < 0 ? 0 : f.robots.rule(id).line, `${road} decide ${ctx}`).toBe(ref.line);
            expect(f.robots.isAllowed(path, 'x'), `${road} isAllowed ${ctx}`).toBe(ref.allowed);
            Object.assign(scanTuning, DEFAULT_TUNING);
          }
        }
      }),
      { numRuns: RUNS },
    );
  });
});
