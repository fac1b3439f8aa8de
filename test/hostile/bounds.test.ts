/**
 * Hostile input stays bounded (issue 6; SECURITY.md "Limits"): every hostile input (generate.ts
 * and extra-inputs.ts) compiles in bounded time and memory into an artifact linear in the
 * input, the runtime agrees with the reference on hostile URLs, and the work of a check of a
 * 4 KB URL, new or repeated, stays within SECURITY.md's O(URL + the group's segments) (counted
 * steps, never time). Compile is bounded by its work (counters of
 * what it built, linear in the input and about 2x on doubling it), never by its time: the
 * 300 ms / 50 MB goal is measured by `pnpm bench --hostile` (bench/src/hostile.ts, each input
 * in a fresh process), and this test prints what it measured.
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
import { EXTRA_HOSTILE_INPUTS } from './extra-inputs.js';
import { DEFAULT_SEED, HOSTILE_INPUTS, commonHostileUrls } from './generate.js';
import type { HostileInput } from './generate.js';
import { prepareHarness, runWorker } from './node-harness.js';
import type { BoundsResult } from './bounds-worker.js';

/**
 * Bound on a compile's work (`measureCompileWork`: lines, rules, patterns, trie nodes, wildcard
 * segments, segment-trie nodes, group-part references and artifact bytes, each O(1) to build)
 * per parsed input byte. The inputs measure at most 1.80 units per byte (invalid-utf8-short: a
 * pattern, a wildcard segment and two trie nodes every 15 bytes; invalid-utf8 1.72; percent-deep
 * 1.59: every byte of a rule an escape, written three times as long); 8 leaves room
 * for format changes and still catches a compile that is not linear (building each of
 * shared-huge-group's 1,000 merged groups on its own would be about 1,000 units per byte).
 */
const WORK_PER_BYTE_BOUND = 8;
/**
 * Bound on the growth of a compile's work when its input doubles (the input cut at half its
 * parsed bytes, then whole): 2 for a linear compile, more when the two halves differ in shape
 * (only-specials measures 2.8x, shared-group-3000 2.3x: the cut falls between the large group
 * and the small groups that share it). 3 catches quadratic work (4x).
 */
const WORK_DOUBLING_BOUND = 3;
/** Work of any compile, however small (fixed sections, the empty input's one line). */
const WORK_CONSTANT = 4_096;
/** Watchdog per input: compiles, the counted checks, and worker start-up (a hang guard, not a time bound). */
const WORKER_TIME_LIMIT_MS = 120_000;
/**
 * Extra memory allowed for one compile: the worker's old generation is capped at baseline +
 * this (a compile past it dies with ERR_WORKER_OUT_OF_MEMORY), and the heap plus ArrayBuffer
 * growth measured right after compile is asserted below it. The goal is < 50 MB (the issue's
 * target); 2x leaves margin for the garbage a compile leaves before the next GC.
 */
const EXTRA_HEAP_MB = 100;
/** Input bytes EXTRA_HEAP_MB is for: an input compiled with a raised parse limit gets it in proportion (agent-groups-100k parses 3.1 MB). */
const HEAP_BOUND_INPUT_BYTES = 512_000;
/**
 * Bound on an artifact's size as a multiple of the input bytes parsed (plus 4 KiB for the
 * fixed sections): the format stores each pattern's bytes once, in a trie label or a segment,
 * with a few varints and one rank per pattern, so an artifact is linear in its input (the
 * inputs measure 1.5x at most). `shared-huge-group` is the case the bound is for (the issue's
 * figure): its 1,000 merged groups each include the 400 KiB group, which must be stored once,
 * shared, not once per merged group (that would be 1,000x).
 */
const ARTIFACT_RATIO_BOUND = 3;
/**
 * Bound on the tier-0 work of one check (`readCheckWork`: steps of about one byte read;
 * scratch.ts says what it counts: the sweeps; the path write, the trie walks and the direct road
 * are bounded by construction) per URL code unit plus segment of the group: SECURITY.md's
 * O(URL + the group's segments) with its constant. A path byte costs one sweep step (a non-ASCII
 * code unit is up to 12 path bytes); a segment at most its start and its moves. Tier 1's building is asserted apart, against its
 * cap (`readBuildWork` <= tierTuning.checkWork + maxPositions). The inputs measured at most
 * 3.3 (shared-group-3000, rfc9309; see the printed figures); a check that reads the path once per pattern measures in
 * the hundreds on the storms.
 */
const WORK_PER_UNIT_BOUND = 64;
/** Checks of each (long URL, group) pair in a row: the first on tier 0, the rest on the group's automaton (the worker tiers up after 2). */
const REPEATED_CHECKS = 6;
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
  // The measured figures, for the report (the assertions are deliberately loose).
  const rows = [...measured.values()].flatMap((r) =>
    r.profiles.map(
      (p) =>
        `${r.name.padEnd(24)} ${p.profile.padEnd(8)} in ${String(r.inputBytes).padStart(8)} B  work ${(p.work / Math.max(1, p.parsedBytes)).toFixed(2)}/B (x${(p.work / Math.max(1, p.halfWork)).toFixed(2)} on doubling)  compile ${p.compileMs.toFixed(0).padStart(5)} ms cpu ` +
        `(${p.compileWallMs.toFixed(0)} wall)  mem+ ${(p.heapDeltaBytes / 2 ** 20).toFixed(1).padStart(6)} MiB (kept ${(p.retainedBytes / 2 ** 20).toFixed(1)})  ` +
        `artifact ${String(p.artifactBytes).padStart(8)} B  load ${p.loadMs.toFixed(1)} ms  groups ${p.groups} parts ${p.parts} (max ${p.maxNodes} nodes, ` +
        `${p.maxWildcards} wildcards)  worst check ${p.worstCheckWork} steps ${p.worstUrl}  ` +
        `new URL ${p.worstNewUrlWork} steps ${p.worstNewUrlBase}  work / (URL + ${p.worstRatioSegments} segments) ${p.worstWorkRatio.toFixed(1)} ${p.worstRatioUrl}  tier-1 build ${p.worstBuildWork}`,
    ),
  );
  if (rows.length > 0) console.log(`hostile bounds (baseline heap ${baselineHeapMb} MiB; compile CPU times, check work in steps):\n${rows.join('\n')}`);
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

describe.each([...HOSTILE_INPUTS, ...EXTRA_HOSTILE_INPUTS].map((input) => [input.name, input] as const))('hostile input %s', (name, input) => {
  it(`compiles with work linear in its input (< ${WORK_PER_BYTE_BOUND} units per byte, < ${WORK_DOUBLING_BOUND}x on doubling) and < ${EXTRA_HEAP_MB} MB extra memory per 500 KiB into a linear artifact; 4 KB checks do O(URL + segments) work`, async () => {
    const heapMb = Math.ceil(EXTRA_HEAP_MB * Math.max(1, Math.min(input.make().length, input.maxBytes ?? HEAP_BOUND_INPUT_BYTES) / HEAP_BOUND_INPUT_BYTES));
    const outcome = await runWorker<BoundsResult>('hostile/bounds-worker.js', {
      workerData: { mode: 'measure', name, seed: DEFAULT_SEED, checks: REPEATED_CHECKS },
      timeLimitMs: WORKER_TIME_LIMIT_MS,
      resourceLimits: { maxOldGenerationSizeMb: baselineHeapMb + heapMb, maxYoungGenerationSizeMb: 16 },
    });
    if (outcome.kind === 'timeout') {
      const phase = outcome.progress[1] ?? 0;
      const where = phase === 0 ? 'generating the input' : `${phase % 2 === 1 ? 'compiling' : 'counting 4 KB checks'} in profile ${PROFILES[(phase - 1) >> 1] ?? '?'}`;
      throw new Error(`${name}: not done after ${outcome.ms.toFixed(0)} ms (stuck ${where})`);
    }
    if (outcome.kind === 'error') {
      const oom = /ERR_WORKER_OUT_OF_MEMORY|out of memory/i.test(`${(outcome.error as { code?: string }).code ?? ''} ${outcome.error.message}`);
      throw new Error(oom ? `${name}: compile needed more than ${heapMb} MB of extra heap` : `${name}: ${outcome.error.message}`);
    }
    const result = outcome.result;
    measured.set(name, result);
    const parsedBytes = Math.min(result.inputBytes, input.maxBytes ?? 512_000);
    for (const p of result.profiles) {
      expect(p.work, `${name} ${p.profile} compile work for ${p.parsedBytes} bytes`).toBeLessThan(WORK_PER_BYTE_BOUND * p.parsedBytes + WORK_CONSTANT);
      expect(p.work, `${name} ${p.profile} compile work on doubling ${p.halfBytes} bytes (${p.halfWork})`).toBeLessThan(WORK_DOUBLING_BOUND * p.halfWork + WORK_CONSTANT);
      expect(p.heapDeltaBytes, `${name} ${p.profile} heap + ArrayBuffer bytes grown by compile`).toBeLessThan(heapMb * 2 ** 20);
      expect(p.artifactBytes, `${name} ${p.profile} artifact bytes for ${parsedBytes} input bytes`).toBeLessThan(ARTIFACT_RATIO_BOUND * parsedBytes + 4_096);
      expect(p.checksCounted, `${name} ${p.profile}: some 4 KB URL was checked`).toBeGreaterThan(0);
      expect(p.worstWorkRatio, `${name} ${p.profile} work per (URL unit + segment) of ${p.worstRatioUrl} (group of ${p.worstRatioSegments} segments)`).toBeLessThan(WORK_PER_UNIT_BOUND);
      expect(p.worstBuildWork, `${name} ${p.profile} tier-1 building in one check`).toBeLessThanOrEqual(p.buildWorkCap);
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
    const bounded = result !== undefined && result.profiles.every((p) => p.work < WORK_PER_BYTE_BOUND * p.parsedBytes + WORK_CONSTANT);
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
