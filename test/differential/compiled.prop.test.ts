/**
 * Differential property: the compiled runtime gives exactly the reference's answers (verdict
 * and deciding rule) in both profiles, for random robots.txt files and URLs.
 * Runs: ROBOMATA_DIFF_RUNS (default 20,000).
 */
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { compileRobots } from '@robomata/compiler';
import { decide } from '@robomata/reference';
import { agentArb, robotsTxtArb, urlsFromRobotsArb } from './arbitraries.js';

const RUNS = Number(process.env.ROBOMATA_DIFF_RUNS ?? 20_000);
/** A random robots.txt with URLs made from its rules; one or two agents; a profile; a tiny state cap. */
const filesArb = robotsTxtArb.chain((txt) => fc.tuple(fc.constant(txt), urlsFromRobotsArb(txt)));
const agentsArb = fc.uniqueArray(agentArb, { minLength: 1, maxLength: 2 });
const profileArb = fc.constantFrom('rfc9309' as const, 'google' as const);
const capArb = fc.integer({ min: 1, max: 6 });
const mix = { allowed: 0, disallowed: 0, byRule: 0, scans: 0 };

/** The lazy DFA's scan fields (runtime internals). */
interface _ScanScratch {
  scanBudget: number;
  scans: number;
}

function check(txt: string, agents: string[], urls: string[], profile: 'rfc9309' | 'google', stateCap?: number, scan = false): void {
  const robots = compileRobots(txt, stateCap === undefined ? { profile } : { profile, stateCap });
  for (const agent of agents) {
    const rules = robots.agent(agent);
    const scratch = (rules as unknown as { _scratch: _ScanScratch | null })._scratch;
    // A zero budget finishes every walk that builds a lazy state by a rule scan.
    if (scan && scratch !== null) scratch.scanBudget = 0;
    const scans0 = scratch?.scans ?? 0;
    for (const url of urls) {
      const want = decide(txt, agent, url, { profile });
      const got = rules.decide(url);
      const gotRule = got < 0 ? { line: 0, kind: 'none' } : robots.rule(got);
      const ctx = JSON.stringify({ txt, agent, url, profile });
      expect(rules.isAllowed(url), ctx).toBe(want.allowed);
      expect({ line: gotRule.line, kind: gotRule.kind }, ctx).toEqual({ line: want.line, kind: want.kind });
      if (want.allowed) mix.allowed++;
      else mix.disallowed++;
      if (want.kind !== 'none') mix.byRule++;
    }
    mix.scans += (scratch?.scans ?? 0) - scans0;
  }
}

describe('runtime agrees with the reference', () => {
  afterAll(() => {
    const total = mix.allowed + mix.disallowed;
    console.log(
      `differential mix over ${total} checks: ${((100 * mix.allowed) / total).toFixed(1)}% allowed, ` +
        `${((100 * mix.disallowed) / total).toFixed(1)}% disallowed, ${((100 * mix.byRule) / total).toFixed(1)}% decided by a rule`,
    );
    // The generators must give plenty of both verdicts.
    expect(mix.allowed / total).toBeGreaterThan(0.2);
    expect(mix.disallowed / total).toBeGreaterThan(0.2);
    // The scan property below really finished walks by scans.
    expect(mix.scans).toBeGreaterThan(RUNS >> 4);
  });

  it(`on random files and URLs, both profiles (${RUNS} runs)`, () => {
    fc.assert(
      fc.property(filesArb, agentsArb, profileArb, ([txt, urls], agents, profile) => check(txt, agents, urls, profile)),
      { numRuns: RUNS },
    );
  });

  // A tiny state cap leaves most of each automaton to frontier states, so these walks leave
  // the DFA and finish by NFA simulation: the fallback must give the very same answers.
  it(`past the state cap (NFA simulation from frontier states), both profiles (${RUNS >> 2} runs)`, () => {
    fc.assert(
      fc.property(filesArb, agentsArb, profileArb, capArb, ([txt, urls], agents, profile, cap) => check(txt, agents, urls, profile, cap)),
      { numRuns: RUNS >> 2 },
    );
  });

  // A zero scan budget finishes every walk that needs a new lazy state by the rule scan from
  // that state (one segment sweep advancing every live position's pattern suffix): same answers.
  it(`walks finished by a rule scan, both profiles (${RUNS >> 2} runs)`, () => {
    fc.assert(
      fc.property(filesArb, agentsArb, profileArb, capArb, ([txt, urls], agents, profile, cap) => check(txt, agents, urls, profile, cap, true)),
      { numRuns: RUNS >> 2 },
    );
  });
});
