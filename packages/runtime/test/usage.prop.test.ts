// Property: for random robots.txt files mixing user-agent, allow/disallow, Content-Usage and
// Content-Signal lines (wildcards, anchors, escapes, non-ASCII, paths and no paths, conflicting
// and unparseable statements, lines outside groups), in both profiles, usage() and signal()
// give @robomata/reference's answers for every crawler, URL and key, isAllowed still agrees,
// and explanations agree with the answers. Runs: ROBOMATA_DIFF_RUNS / 20 (default 1,000).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compile, compileRobots } from '@robomata/compiler';
import { createReferenceMatcher } from '@robomata/reference';
import { loadRobots } from '../src/load.js';
import { explainPreferences } from '../src/internal.js';
import { usageTuning } from '../src/usage-match.js';

const RUNS = Math.max(1, Math.floor(Number(process.env.ROBOMATA_DIFF_RUNS ?? 20_000) / 20));
const PATH_UNITS = ['/', '/', 'a', 'b', '*', '$', '%61', '%2F', 'ツ', '~', '%7E', 'ab'];
const pathArb = fc.array(fc.constantFrom(...PATH_UNITS), { maxLength: 5 }).map((u) => `/${u.join('')}`);
const urlArb = fc.array(fc.constantFrom('/', 'a', 'b', '$', '*', '%61', 'A', 'ツ', '%E3%83%84', '~', '%7e', '?'), { maxLength: 6 })
  .map((u) => `/${u.join('')}`);
const KEYS = ['train-ai', 'search', 'ai-train', 'ai-input', 'bots'];
const usageStatementArb = fc.oneof(
  fc.array(fc.tuple(fc.constantFrom(...KEYS), fc.constantFrom('y', 'n', 'yes', 'no', '"n"', '?1', 'y;p=1')), { maxLength: 3 })
    .map((kv) => kv.map(([k, v]) => `${k}=${v}`).join(', ')),
  fc.constantFrom('Train-AI=n', 'train-ai=n,,', 'train-ai', ''),
);
const lineArb = fc.oneof(
  fc.constantFrom('a', 'b', '*').map((a) => `User-agent: ${a}`),
  fc.tuple(fc.constantFrom('Allow', 'Disallow'), fc.oneof(pathArb, fc.constant(''))).map(([k, p]) => `${k}: ${p}`),
  fc.tuple(fc.constantFrom('Content-Usage', 'content-usage', 'Content-Signal'), fc.option(pathArb), fc.constantFrom(' ', '\t', '  '), usageStatementArb)
    .map(([k, p, sep, st]) => `${k}: ${p === null ? '' : p + sep}${st}`),
  fc.constant(''),
  fc.constant('# comment'),
);

describe('usage() and signal() against the reference (property)', () => {
  it(`answer like @robomata/reference in both profiles (${RUNS} runs)`, () => {
    fc.assert(
      fc.property(fc.array(lineArb, { minLength: 1, maxLength: 14 }), fc.array(urlArb, { minLength: 1, maxLength: 4 }), (lines, urls) => {
        const txt = lines.join('\n');
        for (const profile of ['rfc9309', 'google'] as const) {
          const robots = loadRobots(compile(txt, { profile }));
          const lazy = compileRobots(txt, { profile });
          const ref = createReferenceMatcher(txt, { profile });
          for (const agent of ['a', 'b', 'c']) {
            const rules = robots.agent(agent);
            const lazyRules = lazy.agent(agent);
            for (const url of urls) {
              expect(rules.isAllowed(url)).toBe(ref.isAllowed(agent, url));
              for (const key of KEYS) {
                const u = rules.usage(url, key);
                expect(u, `${profile} ${agent} ${url} usage ${key}\n${txt}`).toBe(ref.usage(agent, url, key));
                expect(lazyRules.usage(url, key)).toBe(u);
                const s = rules.signal(url, key);
                expect(s, `${profile} ${agent} ${url} signal ${key}\n${txt}`).toBe(ref.signal(agent, url, key));
              }
              const e = explainPreferences(rules, url, 'signal');
              for (const key of KEYS) expect(e.answers[key], `explain ${key}`).toBe(rules.signal(url, key));
              const eu = explainPreferences(rules, url, 'usage');
              for (const key of ['train-ai', 'search']) expect(eu.answers[key]).toBe(rules.usage(url, key));
            }
          }
        }
      }),
      { numRuns: RUNS },
    );
  });

  // Both roads of usage-match.ts's sweep: the dense table and the failure links (denseMaxEntries 0).
  for (const dense of [true, false]) {
    it(`wildcard paths over a two-letter alphabet match like the reference, ${dense ? 'dense' : 'sparse'} sweep (${RUNS} runs)`, () => {
      const patArb = fc.tuple(fc.stringMatching(/^[ab*]{0,8}$/), fc.boolean()).map(([p, anchor]) => `/${p}${anchor ? '$' : ''}`);
      const saved = usageTuning.denseMaxEntries;
      usageTuning.denseMaxEntries = dense ? saved : 0;
      try {
        fc.assert(
          fc.property(fc.array(fc.tuple(patArb, fc.constantFrom('y', 'n')), { minLength: 1, maxLength: 6 }), fc.array(fc.stringMatching(/^[ab]{0,12}$/), { minLength: 1, maxLength: 6 }), (pats, paths) => {
            const txt = ['User-agent: *', ...pats.map(([p, v]) => `Content-Usage: ${p} train-ai=${v}`)].join('\n');
            const ref = createReferenceMatcher(txt);
            const rules = loadRobots(compile(txt)).agent('x');
            for (const path of paths) expect(rules.usage(`/${path}`, 'train-ai'), `/${path}\n${txt}`).toBe(ref.usage('x', `/${path}`, 'train-ai'));
          }),
          { numRuns: dense ? RUNS * 4 : RUNS },
        );
      } finally {
        usageTuning.denseMaxEntries = saved;
      }
    });
  }

  it(`isAllowed is unchanged by preference lines in the google profile (${RUNS} runs)`, () => {
    fc.assert(
      fc.property(fc.array(lineArb, { minLength: 1, maxLength: 14 }), fc.array(urlArb, { minLength: 1, maxLength: 4 }), (lines, urls) => {
        const txt = lines.join('\n');
        const without = lines.filter((l) => !/^content-(usage|signal)/i.test(l)).join('\n');
        const a = loadRobots(compile(txt, { profile: 'google' }));
        const b = loadRobots(compile(without, { profile: 'google' }));
        for (const agent of ['a', 'b', 'c']) for (const url of urls) expect(a.agent(agent).isAllowed(url)).toBe(b.agent(agent).isAllowed(url));
      }),
      { numRuns: RUNS },
    );
  });
});
