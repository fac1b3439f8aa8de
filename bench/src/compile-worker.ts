/**
 * Worker side of {@link ./compile-pool.ts}: compiles robots.txt texts on request so the main
 * thread can give up on a compile that takes too long (the worker is terminated).
 */
import { parentPort } from 'node:worker_threads';
import { performance } from 'node:perf_hooks';
import { compile } from '@robomata/compiler';

/** A compile request. */
interface _Request {
  readonly id: number;
  readonly text: string;
  readonly options: { profile: 'rfc9309' | 'google'; maxBytes: number };
}

parentPort?.on('message', (msg: _Request) => {
  const t0 = performance.now();
  try {
    const artifact = compile(msg.text, msg.options);
    parentPort?.postMessage({ id: msg.id, artifact, ms: performance.now() - t0 });
  } catch (e) {
    parentPort?.postMessage({ id: msg.id, error: e instanceof Error ? `${e.name}: ${e.message}` : String(e), ms: performance.now() - t0 });
  }
});
