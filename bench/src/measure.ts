/**
 * Timing of prepared matchers with tinybench, verification against the reference, GC-event
 * counting and retained-heap measurement.
 */
import { PerformanceObserver } from 'node:perf_hooks';
import { Bench } from 'tinybench';
import type { Matcher } from './strategies.js';

/** Matchers of one host paired with the URLs they check (one entry per agent). */
export interface PreparedCase {
  readonly m: Matcher;
  readonly urls: readonly string[];
}

/** A function running every check of the cases once; returns the number of allowed verdicts. */
export type PassFn = (cases: readonly PreparedCase[]) => number;

/**
 * Returns a fresh pass function. Built with `new Function` so that every strategy gets its own
 * code and type feedback: a shared loop would turn the `m.isAllowed` call site megamorphic and
 * penalise whichever strategy runs second.
 */
export function createPassFn(): PassFn {
  return new Function(
    'cases',
    'let n = 0;\n' +
      'for (let i = 0; i < cases.length; i++) {\n' +
      '  const c = cases[i]; const m = c.m; const urls = c.urls;\n' +
      '  for (let j = 0; j < urls.length; j++) { if (m.isAllowed(urls[j])) n++; }\n' +
      '}\n' +
      'return n;',
  ) as PassFn;
}

/** Timing of one strategy on one workload. */
export interface Timing {
  /** Median ns per check over the samples. */
  readonly ns: number;
  /** Lowest and highest per-sample ns per check (spread). */
  readonly lo: number;
  readonly hi: number;
  /** Median absolute deviation relative to the median, percent. */
  readonly madPct: number;
  /** Number of timed passes. */
  readonly samples: number;
}

/** Options of {@link timePasses}. */
export interface TimeOptions {
  /** Time budget in ms (tinybench keeps sampling until both budget and minSamples are met). */
  readonly budgetMs: number;
  readonly minSamples: number;
  /** Checks in one pass. */
  readonly checks: number;
  /** ms one pass took during verification (chooses the warm-up length). */
  readonly passMs: number;
}

/** Sink that keeps pass results observable so the JIT cannot drop the work. */
let _sink = 0;

/** Returns the sink (for tests and to keep `_sink` live). */
export function readSink(): number {
  return _sink;
}

/**
 * Returns the tinybench timing of `pass` over `cases`: per-sample latency divided by the checks
 * of one pass. Warm-up: 1 pass for slow passes (> 50 ms), else 50 ms.
 */
export function timePasses(name: string, pass: PassFn, cases: readonly PreparedCase[], opts: TimeOptions): Timing {
  const slow = opts.passMs > 50;
  const bench = new Bench({
    name,
    time: opts.budgetMs,
    iterations: opts.minSamples,
    warmupTime: slow ? 0 : 50,
    warmupIterations: slow ? 1 : 5,
    retainSamples: true,
  });
  bench.add(name, () => {
    _sink += pass(cases);
  });
  const [task] = bench.runSync();
  const result = task?.result;
  if (result === undefined || !('latency' in result)) {
    const err = result !== undefined && 'error' in result ? result.error : new Error('no result');
    throw new Error(`timing ${name} failed: ${String(err)}`);
  }
  const lat = result.latency;
  const per = (ms: number): number => (ms * 1e6) / opts.checks;
  return { ns: per(lat.p50), lo: per(lat.min), hi: per(lat.max), madPct: lat.p50 > 0 ? (100 * lat.mad) / lat.p50 : 0, samples: lat.samplesCount };
}

/**
 * Returns ms per call of `fn`: called until `minMs` elapsed, the median of `repeats` such runs.
 * A result other than undefined is counted so the calls are not optimised away.
 */
export function timeOp(fn: () => unknown, repeats: number, minMs: number): number {
  const per: number[] = [];
  let keep = 0;
  for (let r = 0; r < repeats; r++) {
    let reps = 0;
    const t0 = performance.now();
    let elapsed = 0;
    do {
      if (fn() !== undefined) keep++;
      reps++;
      elapsed = performance.now() - t0;
    } while (elapsed < minMs);
    per.push(elapsed / reps);
  }
  if (keep < 0) throw new Error('unreachable');
  return medianOf(per);
}

/** Returns the median of a non-empty list. */
export function medianOf(values: readonly number[]): number {
  const s = values.slice().sort((a, b) => a - b);
  const n = s.length;
  if (n === 0) return Number.NaN;
  return n % 2 === 1 ? (s[(n - 1) / 2] as number) : ((s[n / 2 - 1] as number) + (s[n / 2] as number)) / 2;
}

/** Returns the q-quantile (0..1, nearest rank) of a non-empty list. */
export function quantileOf(values: readonly number[], q: number): number {
  const s = values.slice().sort((a, b) => a - b);
  if (s.length === 0) return Number.NaN;
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil(q * s.length) - 1))] as number;
}

/** Returns the number of 'gc' performance entries observed while `run` executes. */
export async function countGcEvents(run: () => void): Promise<number> {
  _collect();
  await _tick(20);
  let count = 0;
  const obs = new PerformanceObserver((list) => {
    count += list.getEntries().length;
  });
  obs.observe({ entryTypes: ['gc'] });
  run();
  await _tick(50);
  count += obs.takeRecords().length;
  obs.disconnect();
  return count;
}

/** Runs a full GC when the process was started with --expose-gc (returns whether it could). */
function _collect(): boolean {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (gc === undefined) return false;
  gc();
  gc();
  return true;
}

/** Returns a promise resolved after `ms` milliseconds. */
function _tick(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** True when `global.gc` is available (node --expose-gc). */
export function canCollect(): boolean {
  return typeof (globalThis as { gc?: unknown }).gc === 'function';
}

/**
 * Returns the retained bytes per instance of `make`: heapUsed + arrayBuffers after `count`
 * instances are built and kept, minus before, both after a full GC. Needs --expose-gc.
 */
export function measureRetained(count: number, make: (i: number) => unknown): number {
  if (!_collect()) return Number.NaN;
  const before = process.memoryUsage();
  const keep: unknown[] = new Array(count);
  for (let i = 0; i < count; i++) keep[i] = make(i);
  _collect();
  const after = process.memoryUsage();
  const bytes = after.heapUsed + after.arrayBuffers - (before.heapUsed + before.arrayBuffers);
  if (keep.length !== count) throw new Error('unreachable');
  return bytes / count;
}
