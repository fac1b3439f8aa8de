/**
 * Compiling fetched bodies off the event loop. Compile time depends on the rules more than on
 * the size (corpus, warm, today's compiler: files under 256 bytes compile in at most 7 ms, a
 * 568-byte file took 67 ms, docs.oracle.com cut at 512,000 bytes 310 ms), so every body of at
 * least {@link COMPILE_IN_WORKER_MIN_BYTES} is compiled on one shared worker thread; the
 * round trip costs well under a millisecond, nothing next to the fetch it follows.
 *
 * The worker is started on first use and does not keep the process alive while idle; its script
 * is `compile-worker.js` beside this module in either build (ESM `dist/`, CommonJS `dist/cjs/`).
 * When the worker script is not there (the package run from its TypeScript sources, e.g. under
 * vitest, or bundled) or the worker dies, bodies are compiled on the calling thread: same bytes,
 * only slower to yield.
 */

import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { compile } from '@robomata/compiler';
import type { Profile } from '@robomata/runtime';

/**
 * Bodies at least this long compile on the worker thread: corpus files under 256 bytes (1,423 of
 * 4,231) compile in at most 18 ms (on a loaded machine), longer ones took up to 67-129 ms for a few KB
 * and 310-336 ms for docs.oracle.com on the event loop.
 */
export const COMPILE_IN_WORKER_MIN_BYTES = 256;

/** A compile request posted to the worker. */
export interface _CompileRequest {
  readonly id: number;
  readonly body: Uint8Array;
  readonly profile: Profile;
  readonly maxBytes: number;
}

/** The worker's answer: the artifact, or the compiler's error message. */
export interface _CompileReply {
  readonly id: number;
  readonly artifact: Uint8Array | undefined;
  readonly error: string | undefined;
}

/** Where the compile ran, for the cache's statistics. */
export type CompileSite = 'worker' | 'inline';

/**
 * Returns the path of this module's file, read from V8's structured stack trace: the same source
 * serves the ESM build (`dist/`, a `file:` URL) and the CommonJS build (`dist/cjs/`, a path), and
 * `import.meta` cannot be compiled to CommonJS. Undefined when the file name is not available.
 */
function _thisModuleFile(): string | undefined {
  const original = Error.prepareStackTrace;
  try {
    Error.prepareStackTrace = (_error, frames) => frames;
    const frames = new Error().stack as unknown as NodeJS.CallSite[] | undefined;
    const file = Array.isArray(frames) ? frames[0]?.getFileName() : undefined;
    if (typeof file !== 'string') return undefined;
    return file.startsWith('file:') ? fileURLToPath(file) : file;
  } catch {
    return undefined;
  } finally {
    Error.prepareStackTrace = original;
  }
}

/** The worker script of this build (ESM beside the ESM build, CommonJS beside the CommonJS one). */
const _thisFile = _thisModuleFile();
const _WORKER_PATH = _thisFile === undefined ? undefined : join(dirname(_thisFile), 'compile-worker.js');
let _worker: Worker | undefined;
let _workerBroken = _WORKER_PATH === undefined || !existsSync(_WORKER_PATH);
let _nextId = 1;
const _pending = new Map<number, { resolve: (r: _CompileReply) => void; reject: (e: Error) => void }>();

/** Returns the shared worker, starting it on first use; undefined when it cannot run. */
function _getWorker(): Worker | undefined {
  if (_workerBroken) return undefined;
  if (_worker !== undefined || _WORKER_PATH === undefined) return _worker;
  const worker = new Worker(_WORKER_PATH);
  worker.unref();
  worker.on('message', (reply: _CompileReply) => {
    const waiter = _pending.get(reply.id);
    _pending.delete(reply.id);
    if (_pending.size === 0) worker.unref();
    waiter?.resolve(reply);
  });
  const fail = (err: Error): void => {
    _workerBroken = true;
    _worker = undefined;
    for (const waiter of _pending.values()) waiter.reject(err);
    _pending.clear();
  };
  worker.on('error', fail);
  worker.on('exit', (code) => fail(new Error(`compile worker exited with code ${code}`)));
  _worker = worker;
  return worker;
}

/**
 * Returns the artifact of `body` compiled in `profile` (at most `maxBytes` of it) and where it
 * was compiled; throws the compiler's error (as an `Error` with its message) for a body the
 * compiler rejects. Bodies of {@link COMPILE_IN_WORKER_MIN_BYTES} or more compile on the worker.
 */
export async function compileArtifact(body: Uint8Array, profile: Profile, maxBytes: number): Promise<{ artifact: Uint8Array; site: CompileSite }> {
  const worker = body.byteLength >= COMPILE_IN_WORKER_MIN_BYTES ? _getWorker() : undefined;
  if (worker !== undefined) {
    const id = _nextId++;
    let reply: _CompileReply | undefined;
    try {
      reply = await new Promise<_CompileReply>((resolve, reject) => {
        _pending.set(id, { resolve, reject });
        worker.ref();
        worker.postMessage({ id, body, profile, maxBytes } satisfies _CompileRequest);
      });
    } catch {
      reply = undefined; // the worker died: compile here instead
    }
    if (reply !== undefined) {
      if (reply.artifact === undefined) throw new Error(reply.error ?? 'compile failed');
      return { artifact: reply.artifact, site: 'worker' };
    }
  }
  return { artifact: compile(body, { profile, maxBytes }), site: 'inline' };
}
