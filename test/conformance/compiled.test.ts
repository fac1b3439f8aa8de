// Runs every conformance case through the compiler and the runtime: compile -> loadRobots ->
// agent(case.agent).isAllowed/decide, with the default verification tuning and with each road
// forced (every wildcard candidate verified by the Aho-Corasick sweep, or each one directly),
// plus a round trip (deterministic bytes, robots.bytes, ArrayBuffer / SharedArrayBuffer /
// unaligned inputs read in place).
import { afterEach, describe, expect, it } from 'vitest';
import { compile, type CompileOptions } from '@robomata/compiler';
import { decide as referenceDecide } from '@robomata/reference';
import { extractProductToken, loadRobots, type Robots } from '@robomata/runtime';
import { scanTuning, shapeCheckCount, tierOf, tierTuning } from '@robomata/runtime/testing';
import { CONFORMANCE_CASES, type ConformanceCase } from './cases.js';

function optionsOf(c: ConformanceCase): CompileOptions {
  return { profile: c.profile, ...(c.maxBytes === undefined ? {} : { maxBytes: c.maxBytes }) };
}

/**
 * Returns the case as the runtime must answer it: the rfc9309 profile cuts a full User-Agent
 * header to its product token before the lookup (Robots#agent), so a case whose agent is not a
 * bare token expects the reference's answer for the cut token; google compares verbatim.
 */
function effectiveCase(c: ConformanceCase): ConformanceCase {
  const token = extractProductToken(c.agent);
  if (c.profile === 'google' || token === c.agent || token === '') return c;
  const want = referenceDecide(c.robotsTxt, token, c.url, optionsOf(c));
  return { ...c, allowed: want.allowed, line: want.line };
}

/** Checks the case's verdict and (when given) deciding line against a loaded artifact. */
function expectCase(robots: Robots, original: ConformanceCase, how: string): void {
  const c = effectiveCase(original);
  const rules = robots.agent(c.agent);
  expect(rules.isAllowed(c.url), `${how}: isAllowed`).toBe(c.allowed);
  expect(robots.isAllowed(c.url, c.agent), `${how}: Robots.isAllowed`).toBe(c.allowed);
  const id = rules.decide(c.url);
  expect(robots.decide(c.url, c.agent), `${how}: Robots.decide`).toBe(id);
  if (id < 0) {
    expect(c.allowed, `${how}: no deciding rule means allowed`).toBe(true);
  } else {
    const rule = robots.rule(id);
    expect(rule.kind, `${how}: kind of the deciding rule`).toBe(c.allowed ? 'allow' : 'disallow');
  }
  if (c.line !== undefined) {
    if (c.line === 0) expect(id, `${how}: no rule decides`).toBe(-1);
    else expect(id < 0 ? 0 : robots.rule(id).line, `${how}: deciding line`).toBe(c.line);
  }
}

const title = (c: ConformanceCase): string => `${c.spec} ${c.name} [${c.profile}]`;

/**
 * Artifacts by input: many cases share one robots.txt (one `add` call gives several URL checks
 * and both profiles), so each distinct (robots.txt, options) is compiled once per use below.
 */
const _artifacts = new Map<string | Uint8Array, Map<string, Uint8Array>>();

function compiled(c: ConformanceCase): Uint8Array {
  let byOptions = _artifacts.get(c.robotsTxt);
  if (byOptions === undefined) _artifacts.set(c.robotsTxt, (byOptions = new Map()));
  const key = `${c.profile}|${String(c.maxBytes)}`;
  let artifact = byOptions.get(key);
  if (artifact === undefined) byOptions.set(key, (artifact = compile(c.robotsTxt, optionsOf(c))));
  return artifact;
}

const _DEFAULT_TUNING = { ...scanTuning };
const _DEFAULT_TIER = { ...tierTuning };

/** Option keys per input whose determinism was checked already (compiling twice is what costs). */
const _checkedTwice = new Map<string | Uint8Array, Set<string>>();

describe('conformance: compiled artifact (default state cap)', () => {
  it('has cases', () => {
    expect(CONFORMANCE_CASES.length).toBeGreaterThanOrEqual(250);
  });

  for (const c of CONFORMANCE_CASES) {
    it(title(c), () => {
      expectCase(loadRobots(compiled(c)), c, 'default');
    });
  }
});

describe('conformance: tier 1, every group on its lazily built automaton from its first check', () => {
  afterEach(() => {
    Object.assign(tierTuning, _DEFAULT_TIER);
  });
  for (const c of CONFORMANCE_CASES) {
    it(title(c), () => {
      tierTuning.threshold = 0;
      const robots = loadRobots(compiled(c));
      expectCase(robots, c, 'automaton');
      const rules = robots.agent(effectiveCase(c).agent);
      // The forcing took effect (a group with no rules answers without any tier; the 16 KB
      // literal of the line-cap cases needs one state per byte, past the cache budget, and its
      // group gives the automaton up by design).
      const state = tierOf(rules);
      if (rules.groupIndex >= 0) expect(state.tier === 1 || (state.stayBelow && c.url.length > 10_000)).toBe(true);
    });
  }
});

describe('conformance: tier 0, every wildcard candidate verified by the sweep, or each one directly (by shape, and by the general search)', () => {
  afterEach(() => {
    Object.assign(scanTuning, _DEFAULT_TUNING);
    Object.assign(tierTuning, _DEFAULT_TIER);
  });
  for (const c of CONFORMANCE_CASES) {
    it(title(c), () => {
      tierTuning.threshold = Infinity;
      const robots = loadRobots(compiled(c));
      scanTuning.directMaxCandidates = 0;
      expectCase(robots, c, 'sweep');
      scanTuning.directMaxCandidates = Infinity;
      scanTuning.directMaxWork = Infinity;
      expectCase(robots, c, 'direct');
      // The direct road again with the shaped verification (H*X, H*X$) off: the general search.
      scanTuning.shapes = false;
      const shaped = shapeCheckCount();
      expectCase(robots, c, 'direct, shapes off');
      expect(shapeCheckCount()).toBe(shaped);
      expect(tierOf(robots.agent(effectiveCase(c).agent)).tier).toBe(0);
    });
  }
});

describe('conformance: artifact round trip', () => {
  for (const c of CONFORMANCE_CASES) {
    it(title(c), () => {
      const artifact = compiled(c);
      let checked = _checkedTwice.get(c.robotsTxt);
      if (checked === undefined) _checkedTwice.set(c.robotsTxt, (checked = new Set()));
      const key = `${c.profile}|${String(c.maxBytes)}`;
      if (!checked.has(key)) {
        checked.add(key);
        expect(Buffer.compare(compile(c.robotsTxt, optionsOf(c)), artifact), 'compile twice gives identical bytes').toBe(0);
      }

      const robots = loadRobots(artifact);
      expect(Buffer.compare(robots.bytes, artifact), 'robots.bytes is the artifact').toBe(0);
      expect(robots.profile).toBe(c.profile);

      const ab = new ArrayBuffer(artifact.length);
      new Uint8Array(ab).set(artifact);
      expectCase(loadRobots(ab), c, 'ArrayBuffer');

      const sab = new SharedArrayBuffer(artifact.length);
      new Uint8Array(sab).set(artifact);
      expectCase(loadRobots(sab), c, 'SharedArrayBuffer');

      const bigger = new Uint8Array(artifact.length + 1);
      bigger.set(artifact, 1);
      const unaligned = bigger.subarray(1);
      expect(unaligned.byteOffset).toBe(1);
      expectCase(loadRobots(unaligned), c, 'unaligned Uint8Array');
    });
  }
});
