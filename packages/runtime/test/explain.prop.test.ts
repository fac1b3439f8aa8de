// Property: Robots#explain agrees with the checks at every tier. For random files, URLs and
// agents in both profiles, with every group forced on tier 0 or on its automaton (tier 1),
// explain's `allowed` equals isAllowed, its rule is decide's, its outcome is 'index-html'
// exactly when decidedByIndexHtml says so, and its path is the reference's path of the URL
// (canonical form in rfc9309). Runs: ROBOMATA_DIFF_RUNS / 10 per tier (default 2,000).
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { compileRobots } from '@robomata/compiler';
import { tierOf, tierTuning } from '@robomata/runtime/testing';
import { canonicalize } from '../../reference/src/match.js';
import { pathFromUrl } from '../../reference/src/url.js';
import { agentArb, robotsTxtArb, urlsFromRobotsArb } from '../../../test/differential/arbitraries.js';

const RUNS = Math.max(1, Math.floor(Number(process.env.ROBOMATA_DIFF_RUNS ?? 20_000) / 10));
/** An index.html allow beside a disallow of its folder, appended to half the files (the companion outcome is rare otherwise). */
const COMPANION = '\n\nUser-agent: *\nUser-agent: foo\nAllow: /a/index.html\nDisallow: /a/\n';
const filesArb = fc.tuple(robotsTxtArb, fc.boolean()).chain(([base, companion]) => {
  const txt = companion ? base + COMPANION : base;
  return fc.tuple(fc.constant(txt), urlsFromRobotsArb(txt).map((urls) => (companion ? [...urls, '/a/', 'https://example.com/a/?q'] : urls)));
});
const profileArb = fc.constantFrom('rfc9309' as const, 'google' as const);
const _DEFAULT_TIER = { ...tierTuning };
const _LATIN1 = new TextDecoder('utf-8');
const seen = { rule: 0, 'index-html': 0, 'robots-txt': 0, 'no-match': 0, 'no-group': 0, 'out-of-scope': 0 };

function agree(txt: string, urls: string[], agent: string, profile: 'rfc9309' | 'google', tier: 0 | 1): void {
  tierTuning.threshold = tier === 0 ? Infinity : 0;
  const robots = compileRobots(txt, { profile });
  const rules = robots.agent(agent);
  for (const url of urls) {
    const ctx = JSON.stringify({ txt, agent, url, profile, tier });
    const allowed = rules.isAllowed(url);
    const id = rules.decide(url);
    const companion = rules.decidedByIndexHtml(url);
    if (rules.groupIndex >= 0) expect(tierOf(rules).tier, ctx).toBe(tier);
    const d = robots.explain(url, agent);
    seen[d.outcome]++;
    expect(d.allowed, ctx).toBe(allowed);
    expect(d.rule?.id ?? -1, ctx).toBe(id);
    expect(d.outcome === 'index-html', ctx).toBe(companion);
    expect(d.group.group, ctx).toBe(rules.groupIndex);
    const raw = pathFromUrl(url);
    expect(d.path, ctx).toBe(_LATIN1.decode(profile === 'rfc9309' ? canonicalize(raw, false) : raw));
  }
}

describe('Robots#explain agrees with isAllowed and decide (property)', () => {
  afterEach(() => Object.assign(tierTuning, _DEFAULT_TIER));
  it.each([0, 1] as const)(`at tier %i, both profiles (${RUNS} runs)`, (tier) => {
    fc.assert(
      fc.property(filesArb, agentArb, profileArb, ([txt, urls], agent, profile) => agree(txt, urls, agent, profile, tier)),
      { numRuns: RUNS },
    );
    // The generators reach every outcome a full file can give.
    expect(seen.rule).toBeGreaterThan(0);
    expect(seen['no-match']).toBeGreaterThan(0);
    expect(seen['robots-txt']).toBeGreaterThan(0);
    expect(seen['index-html']).toBeGreaterThan(0);
    expect(seen['no-group']).toBeGreaterThan(0);
  });
});
