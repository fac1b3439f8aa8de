/**
 * Compiling with a time limit: artifacts are built in a worker thread that is terminated when
 * one compile exceeds the limit, so a compiler blow-up cannot stall the bench.
 */
import { existsSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { compile } from '@robomata/compiler';
import type { BenchProfile } from './strategies.js';

/** Outcome of one compile. */
export interface CompileOutcome {
  readonly artifact: Uint8Array | undefined;
  /** Wall time of the compile (in the worker), ms; the limit when it timed out. */
  readonly ms: number;
  readonly timedOut: boolean;
  readonly error: string | undefined;
}

/** Reply of the worker. */
interface _Reply {
  readonly id: number;
  readonly artifact?: Uint8Array;
  readonly error?: string;
  readonly ms: number;
}

/**
 * Compiles texts one at a time in a worker; {@link compileWithLimit} resolves with a timed-out
 * outcome (and restarts the worker) when a compile exceeds `limitMs`. When the worker script is
 * not built (running from TypeScript sources in tests) it compiles in-process without a limit.
 */
export class CompilePool {
  #worker: Worker | undefined;
  #nextId = 0;
  readonly #script = new URL('./compile-worker.js', import.meta.url);

  /** Returns the outcome of compiling `text`, giving up after `limitMs`. */
  async compileWithLimit(text: string, options: { profile: BenchProfile; maxBytes: number }, limitMs: number): Promise<CompileOutcome> {
    if (!existsSync(this.#script)) return _compileHere(text, options);
    const worker = (this.#worker ??= new Worker(this.#script));
    const id = this.#nextId++;
    return new Promise<CompileOutcome>((resolve) => {
      const timer = setTimeout(() => {
        worker.off('message', onMessage);
        worker.off('error', onError);
        void worker.terminate();
        this.#worker = undefined;
        resolve({ artifact: undefined, ms: limitMs, timedOut: true, error: `compile exceeded ${(limitMs / 1000).toFixed(0)} s` });
      }, limitMs);
      const onMessage = (reply: _Reply): void => {
        if (reply.id !== id) return;
        clearTimeout(timer);
        worker.off('message', onMessage);
        worker.off('error', onError);
        resolve({ artifact: reply.artifact, ms: reply.ms, timedOut: false, error: reply.error });
      };
      const onError = (e: Error): void => {
        clearTimeout(timer);
        worker.off('message', onMessage);
        this.#worker = undefined;
        resolve({ artifact: undefined, ms: Number.NaN, timedOut: false, error: `worker failed: ${e.message}` });
      };
      worker.on('message', onMessage);
      worker.on('error', onError);
      worker.postMessage({ id, text, options });
    });
  }

  /** Stops the worker (call when done so that it cannot disturb timings). */
  async close(): Promise<void> {
    const w = this.#worker;
    this.#worker = undefined;
    if (w !== undefined) await w.terminate();
  }
}

/** Returns the outcome of an in-process compile (no time limit). */
function _compileHere(text: string, options: { profile: BenchProfile; maxBytes: number }): CompileOutcome {
  const t0 = performance.now();
  try {
    return { artifact: compile(text, options), ms: performance.now() - t0, timedOut: false, error: undefined };
  } catch (e) {
    return { artifact: undefined, ms: performance.now() - t0, timedOut: false, error: e instanceof Error ? e.message : String(e) };
  }
}
