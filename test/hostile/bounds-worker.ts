/**
 * Bounds worker (runs in a `worker_threads` Worker, transpiled by node-harness.ts): compiles one
 * hostile input in both profiles, loads it, and times checks of its hostile URLs. Runs in a
 * fresh worker per input so the heap figures are not polluted by other inputs, under the
 * parent's watchdog and `resourceLimits` (the heap bound is enforced, not only measured).
 * Times are CPU times (`process.cpuUsage`, the worker's process: the parent only waits), so a
 * busy shared machine slows the figures less than wall-clock time would; memory is V8 heap plus
 * ArrayBuffer bytes (the compiler's tables are typed arrays, outside the V8 heap).
 *
 * Progress: `progress[0]` counts steps (for the watchdog), `progress[1]` is the phase: 1/3
 * compiling rfc9309/google, 2/4 timing checks in rfc9309/google.
 *
 * `mode: 'baseline'` only loads the modules and reports the heap, so the parent can set the
 * heap limit of the real runs to baseline + the allowed extra.
 */
import { runInNewContext } from 'node:vm';
import { setFlagsFromString } from 'node:v8';
import { parentPort, workerData } from 'node:worker_threads';
import { compile } from '@robomata/compiler';
import { compileStages, measureCompileWork } from '@robomata/compiler/internals';
import { loadRobots } from '@robomata/runtime';
import type { AgentRules, Profile } from '@robomata/runtime';
import { EXTRA_HOSTILE_INPUTS, createExtraHostileInputs } from './extra-inputs.js';
import { findHostileInput, shuffledUrls, type HostileInput } from './generate.js';

/** Input of the worker. */
export interface BoundsWorkerData {
  readonly mode: 'baseline' | 'measure';
  readonly name: string;
  readonly seed: number;
  /** Checks per (URL, agent) pair in the timing loop. */
  readonly checks: number;
  readonly progress: Int32Array;
}

/** Figures for one profile. */
export interface BoundsProfileResult {
  readonly profile: Profile;
  /** CPU time of the compile (printed only: tests assert work, not time; the bench times it). */
  readonly compileMs: number;
  /** Work counters of the compile (`measureCompileWork` total) and the bytes it parsed. */
  readonly work: number;
  readonly parsedBytes: number;
  /** The same for the input cut to half its parsed bytes (`maxBytes`): the growth on doubling. */
  readonly halfWork: number;
  readonly halfBytes: number;
  /** Wall-clock time of the compile (printed only: the machine is shared). */
  readonly compileWallMs: number;
  /** heapUsed + arrayBuffers right after compile (no GC in between) minus the same before (after a GC). */
  readonly heapDeltaBytes: number;
  /** heapUsed + arrayBuffers after compile and a full GC, minus before: what the result retains. */
  readonly retainedBytes: number;
  readonly artifactBytes: number;
  /** CPU time of loadRobots. */
  readonly loadMs: number;
  readonly groups: number;
  /** Parts (shared tries) over all merged groups, counted once per group that uses them. */
  readonly parts: number;
  /** Radix nodes of the largest part. */
  readonly maxNodes: number;
  /** Wildcard patterns of the largest group (over its parts). */
  readonly maxWildcards: number;
  /** Worst mean CPU time of one check over the input's URLs of at least 4,000 chars and its agents. */
  readonly worstCheckNs: number;
  readonly worstUrl: string;
  readonly worstAgent: string;
  /**
   * Worst mean time of one check of a new URL: {@link NEW_URLS} shuffles of each long URL, each
   * checked once on the warm group (what an attacker can send: every URL unlike the last).
   */
  readonly worstNewUrlNs: number;
  readonly worstNewUrlBase: string;
  /** Mean time of one check of the 4 KB `/aaa...a` URL against the worst group. */
  readonly plainCheckNs: number;
  /** Checks timed in all. */
  readonly checksTimed: number;
}

/** Result posted by the worker. */
export interface BoundsResult {
  readonly name: string;
  readonly inputBytes: number;
  readonly baselineHeapBytes: number;
  readonly profiles: readonly BoundsProfileResult[];
}

/** Returns a `gc()` function (V8's, exposed at run time). */
function _gcFunction(): () => void {
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}

/** Returns a short printable form of a URL for messages. */
function _shortUrl(url: string): string {
  return url.length > 48 ? `${JSON.stringify(url.slice(0, 24)).slice(0, -1)}...(${url.length} chars)"` : JSON.stringify(url);
}

/** Time budget of one (URL, group) timing loop: slow checks are measured, not waited for. */
const TIMING_BUDGET_NS = 100_000_000n;

/** Returns the CPU time of the process so far, in nanoseconds. */
function _cpuNs(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) * 1_000;
}

/** Returns V8 heap plus ArrayBuffer bytes in use. */
function _memoryBytes(): number {
  const m = process.memoryUsage();
  return m.heapUsed + m.arrayBuffers;
}

/** Returns the input called `name`: one of generate.ts's, or of extra-inputs.ts's. */
export function findBoundsInput(name: string, seed: number): HostileInput {
  if (EXTRA_HOSTILE_INPUTS.some((i) => i.name === name)) {
    return createExtraHostileInputs(seed).find((i) => i.name === name) as HostileInput;
  }
  return findHostileInput(name, seed);
}

/** Answers of every timed check, summed so that no check can be optimised away. */
let _sink = 0;

/** Runs check number `k` of `url` (`isAllowed` for even `k`, `decide` for odd) and returns its answer as a number for a sink. */
function _check(rules: AgentRules, url: string, k: number): number {
  return (k & 1) === 0 ? (rules.isAllowed(url) ? 1 : 0) : rules.decide(url);
}

/**
 * Returns `[mean CPU ns, checks]` of `isAllowed` and `decide` alternating, over `n` checks or
 * until {@link TIMING_BUDGET_NS} of wall-clock time has passed (at least 4 checks), after a
 * short warm-up.
 */
function _timeChecks(rules: AgentRules, url: string, n: number): [number, number] {
  for (let i = 0; i < 4; i++) _sink += rules.isAllowed(url) ? 1 : rules.decide(url);
  const t0 = process.hrtime.bigint();
  const c0 = _cpuNs();
  let done = 0;
  while (done < n) {
    _sink += _check(rules, url, done);
    done++;
    if (done >= 4 && process.hrtime.bigint() - t0 > TIMING_BUDGET_NS) break;
  }
  return [(_cpuNs() - c0) / done, done];
}

/** New URLs (shuffles of a long URL) checked once each per (URL, group) pair. */
export const NEW_URLS = 8;

/**
 * Returns the mean CPU ns of one check over {@link NEW_URLS} shuffles of `url`, each checked
 * once (`isAllowed` and `decide` alternating), seeded from the URL.
 */
function _timeNewUrls(rules: AgentRules, url: string): number {
  const variants = shuffledUrls(url, NEW_URLS, url.length ^ url.charCodeAt(url.length >> 1));
  const c0 = _cpuNs();
  for (const [k, variant] of variants.entries()) _sink += _check(rules, variant, k);
  return (_cpuNs() - c0) / NEW_URLS;
}

/** Measures one input; returns its figures. */
export function measureBounds(data: BoundsWorkerData): BoundsResult {
  const gc = _gcFunction();
  gc();
  const baselineHeapBytes = process.memoryUsage().heapUsed;
  const input = findBoundsInput(data.name, data.seed);
  const bytes = data.mode === 'measure' ? input.make() : new Uint8Array(0);
  const profiles: BoundsProfileResult[] = [];
  if (data.mode === 'baseline') return { name: data.name, inputBytes: 0, baselineHeapBytes, profiles };
  const urls = input.urls();
  const longUrls = urls.filter((u) => u.length >= 4_000);
  // Warm the compiler and runtime up on the reduced input (JIT), so the figures are steady state.
  for (let i = 0; i < 3; i++) loadRobots(compile(input.makeReduced(), input.maxBytes === undefined ? {} : { maxBytes: input.maxBytes }));
  for (const [k, profile] of (['rfc9309', 'google'] as const).entries()) {
    Atomics.add(data.progress, 0, 1);
    Atomics.store(data.progress, 1, 2 * k + 1);
    const options = input.maxBytes === undefined ? { profile } : { profile, maxBytes: input.maxBytes };
    gc();
    const before = _memoryBytes();
    const t0 = performance.now();
    const c0 = _cpuNs();
    const artifact = compile(bytes, options);
    const compileMs = (_cpuNs() - c0) / 1e6;
    const compileWallMs = performance.now() - t0;
    const heapDeltaBytes = _memoryBytes() - before;
    gc();
    const retainedBytes = _memoryBytes() - before;
    const parsedBytes = Math.min(bytes.length, input.maxBytes ?? 512_000);
    const stages = compileStages(bytes, options);
    const work = measureCompileWork(stages).total;
    const halfBytes = parsedBytes >> 1;
    const halfWork = measureCompileWork(compileStages(bytes, { profile, maxBytes: halfBytes })).total;
    gc();
    const c1 = _cpuNs();
    const robots = loadRobots(artifact);
    const loadMs = (_cpuNs() - c1) / 1e6;
    let parts = 0;
    let maxNodes = 0;
    let maxWildcards = 0;
    // From the compile's own tables (describeGroup lists a group's tokens by a scan of the agent
    // table: 100,000 groups would make this loop quadratic).
    const partSizes = stages.built.parts.map((part) => [part.length, part.reduce((n, node) => n + node.wildcards.length, 0)] as const);
    for (const groupParts of stages.plan.groupParts) {
      let wildcards = 0;
      for (const p of groupParts) {
        const [nodes, wilds] = partSizes[p] as readonly [number, number];
        parts++;
        maxNodes = Math.max(maxNodes, nodes);
        wildcards += wilds;
      }
      maxWildcards = Math.max(maxWildcards, wildcards);
    }
    // Time every distinct selected group against every long URL.
    Atomics.store(data.progress, 1, 2 * k + 2);
    const seen = new Set<AgentRules>();
    let worstCheckNs = 0;
    let worstUrl = '';
    let worstAgent = '';
    let plainCheckNs = 0;
    let checksTimed = 0;
    let worstNewUrlNs = 0;
    let worstNewUrlBase = '';
    const plain = '/' + 'a'.repeat(4_000);
    for (const agent of input.agents) {
      const rules = robots.agent(agent);
      if (seen.has(rules)) continue;
      seen.add(rules);
      for (const url of longUrls) {
        Atomics.add(data.progress, 0, 1);
        const [ns, count] = _timeChecks(rules, url, data.checks);
        checksTimed += count;
        if (ns > worstCheckNs) {
          worstCheckNs = ns;
          worstUrl = url;
          worstAgent = agent;
        }
        if (url === plain) plainCheckNs = Math.max(plainCheckNs, ns);
        const newNs = _timeNewUrls(rules, url);
        if (newNs > worstNewUrlNs) {
          worstNewUrlNs = newNs;
          worstNewUrlBase = url;
        }
      }
    }
    profiles.push({
      profile,
      compileMs,
      work,
      parsedBytes,
      halfWork,
      halfBytes,
      compileWallMs,
      heapDeltaBytes,
      retainedBytes,
      artifactBytes: artifact.length,
      loadMs,
      groups: robots.groupCount,
      parts,
      maxNodes,
      maxWildcards,
      worstCheckNs,
      worstUrl: _shortUrl(worstUrl),
      worstAgent,
      worstNewUrlNs,
      worstNewUrlBase: _shortUrl(worstNewUrlBase),
      plainCheckNs,
      checksTimed,
    });
  }
  return { name: data.name, inputBytes: bytes.length, baselineHeapBytes, profiles };
}

if (parentPort !== null && workerData !== null && typeof workerData === 'object' && 'mode' in workerData) {
  parentPort.postMessage(measureBounds(workerData as BoundsWorkerData));
}
