/**
 * Worker throughput with 1 and 2 workers through `checkInPool` of
 * packages/runtime/examples/pool.mjs (written by another helper; skipped when absent).
 */
import { existsSync } from 'node:fs';
import { compile } from '@robomata/compiler';
import { loadRobots } from '@robomata/runtime';
import type { BenchProfile } from './strategies.js';
import type { WorkerStats } from './run-bench.js';

/** URLs streamed through the pool per measurement (1,000,000 like the pool demo). */
export const WORKER_STREAM_URLS = 1_000_000;

/** The pool example's function (see packages/runtime/examples/pool.d.mts). */
type _CheckInPool = (o: { artifact: SharedArrayBuffer; agent: string; urls: readonly string[]; workers?: number }) => Promise<{
  readonly allowed: Uint8Array;
  readonly elapsedMs: number;
  readonly workers: readonly { readonly ms: number; readonly count: number; readonly zeroCopy: boolean }[];
}>;

/** Returns the pool example's URL (relative to bench/dist). */
function _poolUrl(): URL {
  return new URL('../../packages/runtime/examples/pool.mjs', import.meta.url);
}

/**
 * Returns checks per second (matching alone: URLs / slowest worker's ms) with 1 and 2 workers on
 * the median-sized host, its URLs cycled to `streamUrls`; verdicts are checked against the
 * single-thread compiled path. `available: false` with a message when the pool is missing.
 */
export async function measureWorkerThroughput(
  hosts: { text: string; urls: readonly string[]; agent: string; profile: BenchProfile }[],
  streamUrls: number = WORKER_STREAM_URLS,
): Promise<WorkerStats> {
  const url = _poolUrl();
  if (!existsSync(url)) return { available: false, message: 'Skipped: packages/runtime/examples/pool.mjs (checkInPool) is not there.', results: [] };
  const mod = (await import(url.href)) as { checkInPool?: _CheckInPool };
  const checkInPool = mod.checkInPool;
  if (typeof checkInPool !== 'function') return { available: false, message: 'Skipped: pool.mjs does not export checkInPool.', results: [] };
  const usable = hosts.filter((h) => h.urls.length > 0).sort((a, b) => a.text.length - b.text.length);
  const host = usable[Math.floor(usable.length / 2)];
  if (host === undefined) return { available: false, message: 'Skipped: no hosts.', results: [] };
  const bytes = compile(host.text, { profile: host.profile });
  const shared = new SharedArrayBuffer(bytes.byteLength);
  new Uint8Array(shared).set(bytes);
  const urls: string[] = new Array<string>(streamUrls);
  for (let i = 0; i < streamUrls; i++) urls[i] = host.urls[i % host.urls.length] as string;
  const rules = loadRobots(bytes).agent(host.agent);
  const results: { workers: number; checksPerSecond: number; checks: number }[] = [];
  let zeroCopy = true;
  let wallNote = '';
  for (const workers of [1, 2]) {
    const r = await checkInPool({ artifact: shared, agent: host.agent, urls, workers });
    for (let i = 0; i < urls.length; i += 997) {
      if ((r.allowed[i] === 1) !== rules.isAllowed(urls[i] as string)) throw new Error(`pool verdict differs from the compiled path for ${urls[i]}`);
    }
    const slowest = Math.max(...r.workers.map((w) => w.ms));
    zeroCopy &&= r.workers.every((w) => w.zeroCopy);
    results.push({ workers, checksPerSecond: (streamUrls * 1000) / slowest, checks: streamUrls });
    wallNote += ` ${workers} worker(s): ${Math.round((streamUrls * 1000) / r.elapsedMs).toLocaleString('en-US')} URLs/s wall incl. startup and URL copy;`;
  }
  const speedup = (results[1]?.checksPerSecond ?? 0) / (results[0]?.checksPerSecond ?? 1);
  return {
    available: true,
    message: `checkInPool (packages/runtime/examples/pool.mjs) on the median-sized sampled file (${host.text.length.toLocaleString('en-US')} chars, agent ${JSON.stringify(host.agent)}), ${streamUrls.toLocaleString('en-US')} URLs (its generated URLs cycled); checks/s = URLs / slowest worker's matching ms; 2 vs 1 workers: ${speedup.toFixed(2)}x; artifact shared zero-copy: ${zeroCopy};${wallNote} verdicts sampled against the single-thread path.`,
    results,
  };
}
