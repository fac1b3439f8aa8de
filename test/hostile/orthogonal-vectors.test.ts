/**
 * The gadget behind SECURITY.md "Why no exact matcher is known to do much better on such
 * groups": Disallow rules that encode 0/1 vectors answer orthogonal-vectors queries. Rule `i` is
 * `/*s` then `*t*s` or `*s` per coordinate (`a_i[k]` 1 or 0); the path is `/s` then `ts` or `s`
 * (`b[k]` 0 or 1). Both hold `d + 1` `s`s, so a rule matches exactly when its vector is
 * orthogonal to the query's. Checks that the gadget is right (against brute force over the
 * vectors, not against another matcher) and that the runtime answers it exactly, every URL new,
 * in both profiles and on both verification roads of segment-scan.ts (`scanTuning` forces one
 * sweep for all 300 candidates, or each candidate matched on its own), so each road is held to
 * the brute-force answer on the group that makes the sweep advance the most patterns per byte.
 * extra-inputs.ts scales the gadget to 500 KiB for the bounds test.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { compileRobots } from '@robomata/compiler';
import { decide as referenceDecide } from '@robomata/reference';
import { scanTuning, tierTuning } from '@robomata/runtime/testing';
import { orthogonalPath as pathOf, orthogonalRule as ruleOf } from './extra-inputs.js';
import { createRng, pickInt } from './generate.js';

/** The tuning in force when the file loaded, restored after each test. */
const DEFAULT_TUNING = { ...scanTuning };

/** Sets the tuning so every check stays on tier 0 and every check with candidates takes `road`, or goes to tier 1 (the automaton, which falls back to tier 0 past its work limit). */
function forceRoad(road: 'sweep' | 'direct' | 'automaton'): void {
  Object.assign(scanTuning, DEFAULT_TUNING);
  tierTuning.threshold = road === 'automaton' ? 0 : Number.POSITIVE_INFINITY;
  if (road === 'automaton') return;
  if (road === 'sweep') {
    scanTuning.directMaxCandidates = 0;
  } else {
    scanTuning.directMaxCandidates = Number.POSITIVE_INFINITY;
    scanTuning.directMaxWork = Number.POSITIVE_INFINITY;
  }
}

const DEFAULT_TIER = { ...tierTuning };

afterEach(() => {
  Object.assign(scanTuning, DEFAULT_TUNING);
  Object.assign(tierTuning, DEFAULT_TIER);
});

/** Coordinates per vector. */
const D = 40;
/** Rules (vectors) in the group. */
const N = 300;
/** Queries (URLs), each new. */
const QUERIES = 150;

/** Returns `count` seeded 0/1 vectors of length D with a 1 in `ones` of 10 coordinates. */
function vectors(seed: number, count: number, ones: number): number[][] {
  const rng = createRng(seed);
  return Array.from({ length: count }, () => Array.from({ length: D }, () => (pickInt(rng, 10) < ones ? 1 : 0)));
}

/** Returns true when `a` and `b` share no coordinate set to 1. */
function orthogonal(a: readonly number[], b: readonly number[]): boolean {
  return a.every((x, k) => x === 0 || b[k] === 0);
}

describe('orthogonal-vectors rules', () => {
  const rules = vectors(11, N, 3);
  const queries = vectors(12, QUERIES, 7);
  const txt = `User-agent: *\n${rules.map((a) => `Disallow: ${ruleOf(a)}`).join('\n')}\n`;

  it('the gadget: a rule matches a path exactly when their vectors are orthogonal (reference matcher)', () => {
    // Per query: a random rule (rarely orthogonal) and one drawn among the query's zeros (always).
    const rng = createRng(13);
    let matched = 0;
    for (const [k, b] of queries.slice(0, 40).entries()) {
      const partner = b.map((x) => (x === 0 && pickInt(rng, 2) === 0 ? 1 : 0));
      for (const a of [rules[k] as number[], partner]) {
        const one = `User-agent: *\nDisallow: ${ruleOf(a)}\n`;
        expect(referenceDecide(one, 'x', pathOf(b)).allowed, `${ruleOf(a)} ${pathOf(b)}`).toBe(!orthogonal(a, b));
        if (orthogonal(a, b)) matched++;
      }
    }
    // Both outcomes occur, so the check above can fail either way.
    expect(matched).toBeGreaterThanOrEqual(40);
    expect(matched).toBeLessThan(80);
  });

  it('the roads really differ: the default tuning sends these checks to the sweep, forcing changes it', () => {
    // 300 candidates of ~100 segment bytes each against ~60-byte paths: far past both default
    // limits of the direct road, so the default is the sweep and 'direct' is a real change.
    expect(N).toBeGreaterThan(DEFAULT_TUNING.directMaxCandidates);
    forceRoad('direct');
    expect(scanTuning.directMaxCandidates).toBe(Number.POSITIVE_INFINITY);
    forceRoad('sweep');
    expect(scanTuning.directMaxCandidates).toBe(0);
  });

  for (const [profile, road] of [['rfc9309', 'sweep'], ['rfc9309', 'direct'], ['google', 'sweep'], ['google', 'direct'], ['rfc9309', 'automaton'], ['google', 'automaton']] as const) {
    it(`${profile}, ${road} road: isAllowed answers each query, and decide names the longest orthogonal rule`, () => {
      forceRoad(road);
      const robots = compileRobots(txt, { profile });
      const agent = robots.agent('x');
      let partners = 0;
      for (const b of queries) {
        const path = pathOf(b);
        const orthogonalRules = rules.map((a, i) => (orthogonal(a, b) ? i : -1)).filter((i) => i >= 0);
        if (orthogonalRules.length > 0) partners++;
        expect(agent.isAllowed(path), path).toBe(orthogonalRules.length === 0);
        const id = agent.decide(path);
        const line = id < 0 ? 0 : robots.rule(id).line;
        expect(line, path).toBe(referenceDecide(txt, 'x', path, { profile }).line);
        // Line 1 is the User-agent line: rule i is on line i + 2.
        if (id >= 0) expect(orthogonalRules).toContain(line - 2);
      }
      expect(partners).toBeGreaterThan(0);
      expect(partners).toBeLessThan(QUERIES);
    });
  }
});
