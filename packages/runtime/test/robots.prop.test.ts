// Property: for random rule values (wildcards, anchors, escapes, non-ASCII, index.html, empty
// and never-matching values) in random groups, every rule reads back with its line, kind and
// text exactly as written, in both profiles, and every check gives @robomata/reference's verdict
// and deciding line. Runs: ROBOMATA_DIFF_RUNS / 20 (default 1,000).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileRobots } from '@robomata/compiler';
import { decide as referenceDecide } from '@robomata/reference';

const RUNS = Math.max(1, Math.floor(Number(process.env.ROBOMATA_DIFF_RUNS ?? 20_000) / 20));
const UNITS = ['/', '/', 'a', 'b', '*', '$', '%41', '%2f', '%2F', '%', 'ツ', 'index.html', '?', ' '];
const valueArb = fc.array(fc.constantFrom(...UNITS), { maxLength: 6 }).map((u) => u.join('').trim());
const urlArb = fc.array(fc.constantFrom('/', 'a', 'b', '$', '*', '%41', 'A', 'ツ', '%E3%83%84', 'index.html', '?', '%2f'), { maxLength: 6 })
  .map((u) => `/${u.join('')}`);

describe('rule texts and verdicts (property)', () => {
  it(`reads back every rule as written and answers like the reference (${RUNS} runs)`, () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.constantFrom('a', 'b', '*'), fc.boolean(), valueArb), { minLength: 1, maxLength: 10 }),
        fc.array(urlArb, { minLength: 1, maxLength: 5 }),
        (rules, urls) => {
          const lines: string[] = [];
          const written: { line: number; kind: string; value: string }[] = [];
          for (const [agent, allow, value] of rules) {
            lines.push(`User-agent: ${agent}`, `${allow ? 'Allow' : 'Disallow'}: ${value}`, '');
            written.push({ line: lines.length - 1, kind: allow ? 'allow' : 'disallow', value });
          }
          const txt = lines.join('\n');
          for (const profile of ['rfc9309', 'google'] as const) {
            const robots = compileRobots(txt, { profile });
            written.forEach((w, id) => {
              expect(robots.rule(id), `${profile} ${JSON.stringify(txt)} rule ${id}`).toEqual({ id, line: w.line, kind: w.kind, pattern: w.value });
            });
            for (const agent of ['a', 'b', 'c']) {
              for (const url of urls) {
                const want = referenceDecide(txt, agent, url, { profile });
                const id = robots.decide(url, agent);
                const ctx = `${profile} ${JSON.stringify(txt)} ${agent} ${url}`;
                expect(robots.isAllowed(url, agent), ctx).toBe(want.allowed);
                expect(id < 0 ? 0 : robots.rule(id).line, ctx).toBe(want.line);
              }
            }
          }
        },
      ),
      { numRuns: RUNS },
    );
  });
});
