/**
 * Hostile input stays bounded (issue 6; SECURITY.md "Limits"): every hostile input compiles in
 * bounded time and heap, the runtime agrees with the reference on hostile URLs, and a check of a
 * 4 KB URL stays fast. Bounds are generous (CI machines are slow and shared); the precise
 * figures come from `pnpm bench --hostile` (bench/src/hostile.ts).
 *
 * Compilation runs in a fresh worker per input (node-harness.ts) under a watchdog and a heap
 * limit of baseline + 100 MB, so a compile that explodes fails this test instead of hanging CI
 * or exhausting the machine.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compile } from '@robomata/compiler';
import { decide as referenceDecide } from '@robomata/reference';
import { loadRobots } from '@robomata/runtime';
import type { Profile, Robots } from '@robomata/runtime';
import { DEFAULT_SEED, HOSTILE_INPUTS, commonHostileUrls } from './generate.js';
import type { HostileInput } from './generate.js';
import { prepareHarness, runWorker } from './node-harness.js';
import type { BoundsResult } from './bounds-worker.js';

/** Compile-time bound asserted per input and profile: 1 s is the goal, 3 s leaves CI margin. */
const COMPILE_MS_BOUND = 3_000;
/** Extra heap allowed for one compile (enforced as the worker's old-generation limit). */
const EXTRA_HEAP_MB = 100;
/**
 * Bound on the mean time of one check of a 4 KB URL (isAllowed and decide alternating, after 4
 * warm-up checks, so cold lazy-DFA states, the segment automaton's build and unoptimised code
 * count) for the inputs whose walks end in rule scans over hundreds of patterns: each such
 * check sweeps the path once and advances every live pattern (segment-scan.ts). With this
 * test's method they measured 0.3-0.7 ms (storm-long-random, storm-two-letters), 0.5-0.7 ms
 * (storm-long-mixed) and 0.8-1.6 ms (segment-probe-storm) on the development machine;
 * per-pattern matching took 10 ms and 35-45 ms. 20 ms leaves a wide margin for slow, shared CI machines and still catches a
 * return to per-pattern matching. The goal (well under 50 us) and the warm figures are in
 * `pnpm bench --hostile` (SECURITY.md).
 */
const CHECK_NS_BOUND = 20_000_000;
/** Inputs held only to CHECK_NS_BOUND: their walks end in rule scans over many patterns. */
const SCAN_BOUND_INPUTS: ReadonlySet<string> = new Set(['storm-long-random', 'storm-long-mixed', 'segment-probe-storm', 'storm-two-letters']);
/**
 * Bound for every other input: their checks measured at most about 0.3 ms with this method
 * (storm-single-line and storm-random-letters, rfc9309), so 5 ms catches a regression to
 * thrashing or to scans that read the path once per pattern.
 */
const CHECK_NS_BOUND_OTHERS = 5_000_000;
/**
 * Bound on the mean time of one check of a new URL (NEW_URLS shuffles of each long URL, each
 * checked once on the warm group), for every input: an attacker who also serves the links can
 * make every URL unlike the last, while the repeated-URL figure above lets the lazy DFA converge
 * on one URL. The mean includes what a first sweep pays (the group's segment automaton). With
 * this test's method the worst measured 3.4-5.9 ms (storm-long-random, storm-long-mixed,
 * segment-probe-storm, storm-two-letters: a sweep that advances up to 250,000 cursors, plus the
 * one-off automaton) and at most 2.4 ms for the other inputs; 30 ms leaves a 5x margin for
 * slow, shared CI machines and catches a check that reads the path once per pattern (35-45 ms
 * per new URL before the sweep).
 */
const NEW_URL_NS_BOUND = 30_000_000;
/** Checks per (URL, group) pair when timing (the mean over these is asserted). */
const TIMED_CHECKS = 200;
/** Watchdog per input: two compiles at the bound, the timing loop, and worker start-up. */
const WORKER_TIME_LIMIT_MS = 2 * COMPILE_MS_BOUND + 20_000;
/**
 * Reference time after which a cross-check stops adding URLs (it always finishes the first URL
 * for every group and profile). The reference is O(rules x |path| x |pattern|) per call.
 */
const REFERENCE_BUDGET_MS = 2_000;

const PROFILES: readonly Profile[] = ['rfc9309', 'google'];

let baselineHeapMb = 0;
const measured = new Map<string, BoundsResult>();

beforeAll(async () => {
  prepareHarness();
  const outcome = await runWorker<BoundsResult>('hostile/bounds-worker.js', {
    workerData: { mode: 'baseline', name: 'empty', seed: DEFAULT_SEED, checks: 0 },
    timeLimitMs: 30_000,
  });
  if (outcome.kind !== 'done') throw new Error(`baseline worker failed: ${outcome.kind}`);
  baselineHeapMb = Math.ceil(outcome.result.baselineHeapBytes / 2 ** 20);
});

afterAll(() => {
  // The measured figures, for the report (the assertions above are deliberately loose).
  const rows = [...measured.values()].flatMap((r) =>
    r.profiles.map(
      (p) =>
        `${r.name.padEnd(22)} ${p.profile.padEnd(8)} in ${String(r.inputBytes).padStart(8)} B  compile ${p.compileMs.toFixed(0).padStart(6)} ms  ` +
        `heap+ ${(p.heapDeltaBytes / 2 ** 20).toFixed(1).padStart(6)} MiB  artifact ${String(p.artifactBytes).padStart(8)} B  ` +
        `automata ${String(p.automata).padStart(4)} (max ${p.maxStates} states)  worst check ${(p.worstCheckNs / 1000).toFixed(1)} us ${p.worstUrl}  ` +
        `new URL ${(p.worstNewUrlNs / 1000).toFixed(1)} us ${p.worstNewUrlBase}`,
    ),
  );
  if (rows.length > 0) console.log(`hostile bounds (baseline heap ${baselineHeapMb} MiB):\n${rows.join('\n')}`);
});

/** Returns the runtime's decision as `[allowed, line]` (line 0 when no rule decided). */
function runtimeDecision(robots: Robots, agent: string, url: string): [boolean, number] {
  const rules = robots.agent(agent);
  const allowed = rules.isAllowed(url);
  const id = rules.decide(url);
  return [allowed, id === -1 ? 0 : robots.rule(id).line];
}

/** Returns the reference's decision as `[allowed, line]`. */
function referenceDecision(bytes: Uint8Array, agent: string, url: string, profile: Profile, maxBytes: number | undefined): [boolean, number] {
  const d = referenceDecide(bytes, agent, url, maxBytes === undefined ? { profile } : { profile, maxBytes });
  return [d.allowed, d.line];
}

/**
 * Cross-checks runtime and reference on `bytes`: every URL against every agent (or one agent per
 * selected group) in both profiles, in an order that covers every case with the first URL; stops
 * adding URLs once the reference has used `budgetMs` (it is O(rules x |path| x |pattern|) and
 * re-parses the body on every call). Returns the number of checks made.
 */
function crossCheck(input: HostileInput, bytes: Uint8Array, urls: readonly string[], everyAgent: boolean, budgetMs: number): number {
  const cases: { robots: Robots; profile: Profile; agent: string }[] = [];
  for (const profile of PROFILES) {
    const robots = loadRobots(compile(bytes, input.maxBytes === undefined ? { profile } : { profile, maxBytes: input.maxBytes }));
    const seen = new Set<unknown>();
    for (const agent of input.agents) {
      const rules = robots.agent(agent);
      if (seen.has(rules) && !everyAgent) continue;
      seen.add(rules);
      cases.push({ robots, profile, agent });
    }
  }
  const started = performance.now();
  let checks = 0;
  for (const [k, url] of urls.entries()) {
    if (k > 0 && performance.now() - started > budgetMs) break;
    for (const { robots, profile, agent } of cases) {
      const got = runtimeDecision(robots, agent, url);
      const want = referenceDecision(bytes, agent, url, profile, input.maxBytes);
      expect(got, `${input.name} ${profile} agent=${JSON.stringify(agent)} url=${JSON.stringify(url.slice(0, 60))} (${url.length} chars)`).toEqual(want);
      checks++;
    }
  }
  return checks;
}

describe.each(HOSTILE_INPUTS.map((input) => [input.name, input] as const))('hostile input %s', (name, input) => {
  it(`compiles in < ${COMPILE_MS_BOUND} ms and < ${EXTRA_HEAP_MB} MB extra heap; 4 KB checks stay fast`, async () => {
    const outcome = await runWorker<BoundsResult>('hostile/bounds-worker.js', {
      workerData: { mode: 'measure', name, seed: DEFAULT_SEED, checks: TIMED_CHECKS },
      timeLimitMs: WORKER_TIME_LIMIT_MS,
      resourceLimits: { maxOldGenerationSizeMb: baselineHeapMb + EXTRA_HEAP_MB, maxYoungGenerationSizeMb: 16 },
    });
    if (outcome.kind === 'timeout') {
      const phase = outcome.progress[1] ?? 0;
      const where = phase === 0 ? 'generating the input' : `${phase % 2 === 1 ? 'compiling' : 'timing 4 KB checks'} in profile ${PROFILES[(phase - 1) >> 1] ?? '?'}`;
      throw new Error(`${name}: not done after ${outcome.ms.toFixed(0)} ms (stuck ${where})`);
    }
    if (outcome.kind === 'error') {
      const oom = /ERR_WORKER_OUT_OF_MEMORY|out of memory/i.test(`${(outcome.error as { code?: string }).code ?? ''} ${outcome.error.message}`);
      throw new Error(oom ? `${name}: compile needed more than ${EXTRA_HEAP_MB} MB of extra heap` : `${name}: ${outcome.error.message}`);
    }
    const result = outcome.result;
    measured.set(name, result);
    for (const p of result.profiles) {
      expect(p.compileMs, `${name} ${p.profile} compile ms`).toBeLessThan(COMPILE_MS_BOUND);
      const bound = SCAN_BOUND_INPUTS.has(name) ? CHECK_NS_BOUND : CHECK_NS_BOUND_OTHERS;
      expect(p.worstCheckNs, `${name} ${p.profile} mean ns per check of ${p.worstUrl}`).toBeLessThan(bound);
      expect(p.checksTimed, `${name} ${p.profile}: some 4 KB URL was timed`).toBeGreaterThan(0);
      expect(p.worstNewUrlNs, `${name} ${p.profile} mean ns per check of a new URL near ${p.worstNewUrlBase}`).toBeLessThan(NEW_URL_NS_BOUND);
    }
  }, WORKER_TIME_LIMIT_MS + 10_000);

  it('runtime and reference agree on hostile URLs (reduced input, 4 KB URLs)', () => {
    // One agent per selected group (the full-input test below checks every agent).
    const checks = crossCheck(input, input.makeReduced(), input.urls(), false, REFERENCE_BUDGET_MS);
    expect(checks).toBeGreaterThan(0);
  });

  it('runtime and reference agree on the full input (short URLs, within the reference budget)', () => {
    const result = measured.get(name);
    // The full input is compiled here only once the worker showed it compiles in bounds.
    const bounded = result !== undefined && result.profiles.every((p) => p.compileMs < COMPILE_MS_BOUND);
    expect(bounded, `${name}: the bounds test above must pass first`).toBe(true);
    const bytes = input.make();
    const commonCount = commonHostileUrls(DEFAULT_SEED).length;
    const all = input.urls();
    const ordered = [...all.slice(commonCount), '/' + 'a'.repeat(63), '/', '/robots.txt', ...all.slice(0, commonCount)];
    const urls = [...new Set(ordered.map((u) => u.slice(0, 64)))];
    const checks = crossCheck(input, bytes, urls, true, REFERENCE_BUDGET_MS);
    expect(checks).toBeGreaterThan(0);
  }, 120_000);
});
