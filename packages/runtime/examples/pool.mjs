/**
 * Checking URLs on several worker threads that share ONE compiled artifact.
 *
 * The artifact lives in a SharedArrayBuffer; every worker calls `loadRobots(sharedBuffer)`,
 * which validates it and reads it in place (no copy per worker). Verdicts are written into a
 * second SharedArrayBuffer, one byte per URL, so nothing is copied back either.
 *
 * Workers resolve `@robomata/runtime` to the built `dist/` (plain Node), so run
 * `npx -y pnpm@10 build` first.
 */

import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';

const WORKER_URL = new URL('./pool-worker.mjs', import.meta.url);

/** Verdict byte of a URL no worker has checked (a bug if it survives). */
export const NOT_CHECKED = 2;

/**
 * Returns the verdicts for `urls` (1 allowed, 0 disallowed, in input order) computed by
 * `workers` threads, each taking one contiguous slice and sharing `artifact` without copying.
 *
 * @param {{ artifact: SharedArrayBuffer, agent: string, urls: readonly string[], workers?: number }} options
 * @returns {Promise<{ allowed: Uint8Array, elapsedMs: number, workers: { shared: boolean, zeroCopy: boolean, count: number, ms: number }[] }>}
 */
export async function checkInPool({ artifact, agent, urls, workers = availableParallelism() }) {
  if (!(artifact instanceof SharedArrayBuffer)) {
    throw new TypeError('checkInPool: artifact must be a SharedArrayBuffer (copy the compiled bytes into one)');
  }
  const count = Math.max(1, Math.min(Math.floor(workers), urls.length));
  const results = new SharedArrayBuffer(urls.length);
  const allowed = new Uint8Array(results);
  allowed.fill(NOT_CHECKED);
  const sliceLength = Math.ceil(urls.length / count);
  const started = performance.now();
  const jobs = [];
  for (let w = 0; w < count; w++) {
    const offset = w * sliceLength;
    const slice = urls.slice(offset, offset + sliceLength);
    jobs.push(_runWorker({ artifact, agent, urls: slice, results, offset }));
  }
  const reports = await Promise.all(jobs);
  return { allowed, elapsedMs: performance.now() - started, workers: reports };
}

/** Starts one worker on one slice and resolves with its report. */
function _runWorker(workerData) {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER_URL, { workerData });
    let report;
    worker.once('message', (message) => {
      report = message;
    });
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (report !== undefined && code === 0) resolve(report);
      else reject(new Error(`pool worker exited with code ${code} without a report`));
    });
  });
}
