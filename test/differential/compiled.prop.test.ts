/**
 * Differential property: the compiled runtime gives exactly the reference's answers (verdict
 * and deciding rule) in both profiles, for random robots.txt files and URLs.
 * Runs: ROBOMATA_DIFF_RUNS (default 20,000).
 */
import fc from 'fast-check';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { compile, compileRobots } from '@robomata/compiler';
import { decide } from '@robomata/reference';
import { extractProductToken, loadRobots, verdictAllows, verdictRule } from '@robomata/runtime';
import { lastCandidateCount, scanTuning, shapeCheckCount, tierOf, tierTuning } from '@robomata/runtime/testing';
import { agentArb, robotsTxtArb, urlsFromRobotsArb } from './arbitraries.js';

const RUNS = Number(process.env.ROBOMATA_DIFF_RUNS ?? 20_000);
/** Least share of the flushing road's checks that run on an automaton flushed before: 8% measured (1,400 of 17,313 checks at the default 20,000 runs). */
const FLUSHED_SHARE = 0.04;
/** A random robots.txt with URLs made from its rules; one or two agents; a profile. */
const filesArb = robotsTxtArb.chain((txt) => fc.tuple(fc.constant(txt), urlsFromRobotsArb(txt)));
const agentsArb = fc.uniqueArray(agentArb, { minLength: 1, maxLength: 2 });
const profileArb = fc.constantFrom('rfc9309' as const, 'google' as const);
const mix = { allowed: 0, disallowed: 0, byRule: 0, withCandidates: 0, tier1: 0, shaped: 0, flushed: 0, flushingChecks: 0 };
const _DEFAULT_TUNING = { ...scanTuning };
const _DEFAULT_TIER = { ...tierTuning };

/**
 * Which road the check forces: the default tuning; tier 0 (tries and segment scan) with the
 * sweep for every candidate, or each candidate directly; or tier 1 (the group's lazy automaton
 * from its first check, with a cache small enough to flush). 'direct-general' is 'direct' with
 * the shaped verification (`H*X`, `H*X$`) off: every candidate through the general search.
 */
type Road = 'default' | 'sweep' | 'direct' | 'direct-general' | 'automaton' | 'automaton-flushing';

function setRoad(road: Road): void {
  Object.assign(scanTuning, _DEFAULT_TUNING);
  Object.assign(tierTuning, _DEFAULT_TIER);
  if (road === 'sweep' || road === 'direct' || road === 'direct-general') tierTuning.threshold = Infinity;
  if (road === 'sweep') scanTuning.directMaxCandidates = 0;
  if (road === 'direct' || road === 'direct-general') {
    scanTuning.directMaxCandidates = Infinity;
    scanTuning.directMaxWork = Infinity;
  }
  if (road === 'direct-general') scanTuning.shapes = false;
  if (road === 'automaton' || road === 'automaton-flushing') tierTuning.threshold = 0;
  if (road === 'automaton-flushing') {
    // No room to grow: the cache keeps its first 16 states and flushes when they are used up (the answers must stay exact).
    tierTuning.budgetBytes = 0;
    tierTuning.minChecksPerFlush = 0;
  }
}

/**
 * How the artifact is made: compileRobots (a small artifact per group built), or a full compile
 * loaded by loadRobots, whose group images are cut on each group's first agent() (from the
 * load's decode, or, with another artifact loaded in between, from a decode again).
 */
type Via = 'compileRobots' | 'load' | 'load-interleaved';

/** Another artifact, loaded between two agent() calls by the 'load-interleaved' runs. */
const OTHER_ARTIFACT = compile('User-agent: *\nDisallow: /zz*q$\nAllow: /zz/a\n');

function check(txt: string, agents: string[], urls: string[], profile: 'rfc9309' | 'google', road: Road, via: Via = 'compileRobots'): void {
  setRoad(road);
  const robots = via === 'compileRobots' ? compileRobots(txt, { profile }) : loadRobots(compile(txt, { profile }));
  for (const agent of agents) {
    if (via === 'load-interleaved') loadRobots(OTHER_ARTIFACT).agent('x').isAllowed('/zz/q');
    const rules = robots.agent(agent);
    // The rfc9309 profile cuts a full User-Agent header to its product token (Robots#agent).
    // (A header without a product token is kept whole.)
    const cut = extractProductToken(agent);
    const asked = profile === 'rfc9309' && cut !== '' ? cut : agent;
    for (const url of urls) {
      const ctx0 = JSON.stringify({ txt, agent, url, profile, road });
      const want = decide(txt, asked, url, { profile });
      const shapedBefore = shapeCheckCount();
      const got = rules.decide(url);
      if (lastCandidateCount() > 0) mix.withCandidates++;
      // The shape switch took effect: with it off no candidate is verified by its shape.
      if (road === 'direct-general') expect(shapeCheckCount(), ctx0).toBe(shapedBefore);
      if (road === 'direct' && shapeCheckCount() > shapedBefore) mix.shaped++;
      // The forcing took effect: every check of a group with rules ran on the forced tier.
      const tier = tierOf(rules).tier;
      if ((road === 'automaton' || road === 'automaton-flushing') && rules.groupIndex >= 0) expect(tier, ctx0).toBe(1);
      if (road === 'sweep' || road === 'direct' || road === 'direct-general') expect(tier, ctx0).toBe(0);
      if (tier === 1) mix.tier1++;
      if (road === 'automaton-flushing' && rules.groupIndex >= 0) mix.flushingChecks++;
      if (road === 'automaton-flushing' && tierOf(rules).flushes > 0) mix.flushed++;
      const gotRule = got < 0 ? { line: 0, kind: 'none' } : robots.rule(got);
      const ctx = JSON.stringify({ txt, agent, url, profile, road, urls, agents });
      expect(rules.isAllowed(url), ctx).toBe(want.allowed);
      expect({ line: gotRule.line, kind: gotRule.kind }, ctx).toEqual({ line: want.line, kind: want.kind });
      // decideVerdict is isAllowed and decide in one check, on the same tier.
      const v = rules.decideVerdict(url);
      expect([verdictAllows(v), verdictRule(v)], ctx).toEqual([want.allowed, got]);
      if (want.allowed) mix.allowed++;
      else mix.disallowed++;
      if (want.kind !== 'none') mix.byRule++;
    }
  }
}

describe('runtime agrees with the reference', () => {
  afterEach(() => setRoad('default'));
  afterAll(() => {
    const total = mix.allowed + mix.disallowed;
    console.log(
      `differential mix over ${total} checks: ${((100 * mix.allowed) / total).toFixed(1)}% allowed, ` +
        `${((100 * mix.disallowed) / total).toFixed(1)}% disallowed, ${((100 * mix.byRule) / total).toFixed(1)}% decided by a rule, ` +
        `${((100 * mix.withCandidates) / total).toFixed(1)}% with wildcard candidates, ${((100 * mix.tier1) / total).toFixed(1)}% on the automaton`,
    );
    // The generators must give plenty of both verdicts, and of wildcard candidates to verify.
    expect(mix.allowed / total).toBeGreaterThan(0.2);
    expect(mix.disallowed / total).toBeGreaterThan(0.2);
    expect(mix.withCandidates / total).toBeGreaterThan(0.1);
    expect(mix.tier1 / total).toBeGreaterThan(0.1);
    // The direct road verified many candidates by their shape (`H*X`, `H*X$`).
    expect(mix.shaped / total).toBeGreaterThan(0.02);
    // The flushing road's cache did flush: many of its checks ran on automata that had been
    // flushed (a share, so that it holds for any ROBOMATA_DIFF_RUNS).
    console.log(`flushing road: ${mix.flushed} of ${mix.flushingChecks} checks after a flush`);
    expect(mix.flushingChecks).toBeGreaterThan(0);
    expect(mix.flushed / mix.flushingChecks).toBeGreaterThan(FLUSHED_SHARE);
  });

  it(`on random files and URLs, both profiles (${RUNS} runs)`, () => {
    fc.assert(
      fc.property(filesArb, agentsArb, profileArb, ([txt, urls], agents, profile) => check(txt, agents, urls, profile, 'default')),
      { numRuns: RUNS },
    );
  });

  // A full compile loaded whole (group images cut on first agent(); another artifact loaded
  // between two agent() calls half the time), on the default road and with the sweep forced.
  const LOADED: readonly (readonly [Road, string, number])[] = [
    ['default', 'on random files loaded whole (loadRobots of a full compile: group images cut on first agent())', 1],
    ['sweep', 'on random files loaded whole, every candidate through the sweep', 2],
  ];
  for (const [road, title, shift] of LOADED) {
    it(`${title}, both profiles (${RUNS >> shift} runs)`, () => {
      fc.assert(
        fc.property(filesArb, agentsArb, profileArb, fc.boolean(), ([txt, urls], agents, profile, interleave) =>
          check(txt, agents, urls, profile, road, interleave ? 'load-interleaved' : 'load')),
        { numRuns: RUNS >> shift },
      );
    });
  }

  // Each road forced on every check, with the share of RUNS it gets (a right shift):
  // - sweep: every candidate through the Aho-Corasick sweep (the road of groups with many wildcards);
  // - direct: every candidate verified on its own by leftmost segment search, however many there are;
  // - direct-general: the same with the shaped verification off (the general leftmost search);
  // - automaton: every group on its lazily built automaton from its first check (tier 1);
  // - automaton-flushing: tier 1 with a cache of a few states: it flushes on most checks.
  const FORCED: readonly (readonly [Road, string, number])[] = [
    ['sweep', 'every wildcard candidate verified by the sweep', 2],
    ['direct', 'every wildcard candidate verified directly', 2],
    ['direct-general', 'every wildcard candidate verified directly by the general search', 2],
    ['automaton', 'every group on its automaton (tier 1)', 1],
    ['automaton-flushing', 'every group on its automaton with a flushing cache', 2],
  ];
  for (const [road, title, shift] of FORCED) {
    it(`${title}, both profiles (${RUNS >> shift} runs)`, () => {
      fc.assert(
        fc.property(filesArb, agentsArb, profileArb, ([txt, urls], agents, profile) => check(txt, agents, urls, profile, road)),
        { numRuns: RUNS >> shift },
      );
    });
  }
});
