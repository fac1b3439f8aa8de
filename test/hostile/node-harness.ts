/**
 * Plain-Node harness for the hostile suites: transpiles the workspace's TypeScript sources
 * (runtime, compiler, reference, and this folder's generator and workers) to ES modules in a
 * temporary folder, so they can run in `worker_threads` Workers. Workers are how the hostile
 * tests put a watchdog (`worker.terminate()` stops even a synchronous infinite loop) and a heap
 * limit (`resourceLimits`) around untrusted input, which vitest's own timeouts cannot do.
 *
 * The output folder is keyed by a hash of every source, so repeated runs reuse it and a source
 * change always produces a fresh copy.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import ts from 'typescript';

/** Repository root (this file is test/hostile/node-harness.ts). */
export const REPO_ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Packages transpiled into the harness folder (name -> source folder). */
const PACKAGES: readonly string[] = ['runtime', 'compiler', 'reference'];

/** Files of this folder that run inside workers. */
const HOSTILE_FILES: readonly string[] = ['generate.ts', 'extra-inputs.ts', 'artifact-layout.ts', 'fuzz-worker.ts', 'bounds-worker.ts'];

/** Returns `[outputRelativePath, sourceText]` for every file to transpile. */
function _collectSources(): [string, string][] {
  const out: [string, string][] = [];
  for (const pkg of PACKAGES) {
    const dir = join(REPO_ROOT, 'packages', pkg, 'src');
    for (const f of readdirSync(dir).sort()) {
      if (f.endsWith('.ts') && !f.endsWith('.d.ts')) out.push([`${pkg}/${f}`, readFileSync(join(dir, f), 'utf8')]);
    }
  }
  const here = join(REPO_ROOT, 'test', 'hostile');
  for (const f of HOSTILE_FILES) {
    if (existsSync(join(here, f))) out.push([`hostile/${f}`, readFileSync(join(here, f), 'utf8')]);
  }
  return out;
}

/**
 * Rewrites the import specifiers that only vitest's aliases resolve: `@robomata/<pkg>`, its subpaths
 * (`@robomata/runtime/format` is `src/format.ts`) and `../../packages/<pkg>/src/<file>` become paths inside the harness folder.
 */
function _rewriteSpecifiers(code: string, fromDir: string): string {
  const up = fromDir === '' ? './' : '../';
  return code
    .replace(
      /(['"])@robomata\/(runtime|compiler|reference)(?:\/([\w-]+))?\1/g,
      (_m, q: string, pkg: string, sub: string | undefined) => `${q}${up}${pkg}/${sub ?? 'index'}.js${q}`,
    )
    .replace(/(['"])(?:\.\.\/)+packages\/(runtime|compiler|reference)\/src\/([\w.-]+\.js)\1/g, (_m, q: string, pkg: string, f: string) => `${q}${up}${pkg}/${f}${q}`)
    .replace(/(['"])structured-headers\1/g, (_m, q: string) => `${q}${_STRUCTURED_HEADERS}${q}`);
}

/** The compiler's one npm dependency, imported by absolute URL from the harness folder (outside the workspace). */
const _STRUCTURED_HEADERS = pathToFileURL(join(REPO_ROOT, 'packages', 'compiler', 'node_modules', 'structured-headers', 'dist', 'index.js')).href;

let _cached: string | undefined;

/**
 * Returns the harness folder, transpiling the sources into it first when needed. O(total
 * source size); about a second on a cold cache, free afterwards.
 */
export function prepareHarness(): string {
  if (_cached !== undefined) return _cached;
  const sources = _collectSources();
  const hash = createHash('sha256');
  for (const [path, text] of sources) hash.update(path).update('\0').update(text).update('\0');
  hash.update(ts.version).update(_STRUCTURED_HEADERS);
  const dir = join(tmpdir(), `robomata-hostile-${hash.digest('hex').slice(0, 16)}`);
  if (!existsSync(join(dir, 'done'))) {
    const staging = `${dir}.${process.pid}.${Date.now()}`;
    for (const [path, text] of sources) {
      const js = ts.transpileModule(text, {
        fileName: path,
        compilerOptions: {
          module: ts.ModuleKind.ESNext,
          target: ts.ScriptTarget.ES2022,
          verbatimModuleSyntax: true,
          sourceMap: false,
        },
      }).outputText;
      const out = join(staging, path.replace(/\.ts$/, '.js'));
      mkdirSync(dirname(out), { recursive: true });
      writeFileSync(out, _rewriteSpecifiers(js, dirname(path)));
    }
    writeFileSync(join(staging, 'package.json'), '{"type":"module"}\n');
    writeFileSync(join(staging, 'done'), '');
    try {
      renameSync(staging, dir);
    } catch {
      // Another process won the race; its copy is identical.
    }
  }
  _cached = dir;
  return dir;
}

/** Returns the file URL of a transpiled module, e.g. `harnessModule('hostile/fuzz-worker.js')`. */
export function harnessModule(relativePath: string): URL {
  return pathToFileURL(join(prepareHarness(), relativePath));
}

/** Outcome of {@link runWorker}. */
export type WorkerOutcome<T> =
  | { readonly kind: 'done'; readonly result: T; readonly ms: number }
  | { readonly kind: 'timeout'; readonly ms: number; readonly progress: Int32Array }
  | { readonly kind: 'error'; readonly error: Error; readonly ms: number; readonly progress: Int32Array };

/** Options of {@link runWorker}. */
export interface RunWorkerOptions {
  /** Data posted to the worker (structured clone). */
  readonly workerData: unknown;
  /** The worker is terminated when it has not finished after this many milliseconds. */
  readonly timeLimitMs: number;
  /** When set, also terminate when `progress[0]` has not changed for this many milliseconds. */
  readonly stallLimitMs?: number;
  /** Heap limits of the worker (ERR_WORKER_OUT_OF_MEMORY when exceeded). */
  readonly resourceLimits?: { maxOldGenerationSizeMb?: number; maxYoungGenerationSizeMb?: number };
}

/**
 * Runs a transpiled worker module under a watchdog and returns its single posted message, a
 * timeout (the worker was terminated: `progress` tells where it was), or the error it died
 * with. The worker receives `{ ...workerData, progress }` where `progress` is an `Int32Array`
 * over a SharedArrayBuffer of 4 words it should update as it goes.
 */
export async function runWorker<T>(module: string, options: RunWorkerOptions): Promise<WorkerOutcome<T>> {
  const progress = new Int32Array(new SharedArrayBuffer(16));
  progress[0] = -1;
  const worker = new Worker(harnessModule(module), {
    workerData: { ...(options.workerData as object), progress },
    ...(options.resourceLimits ? { resourceLimits: options.resourceLimits } : {}),
  });
  const started = performance.now();
  return await new Promise<WorkerOutcome<T>>((resolve) => {
    let settled = false;
    let lastProgress = Atomics.load(progress, 0);
    let lastChange = performance.now();
    const finish = (outcome: WorkerOutcome<T>): void => {
      if (settled) return;
      settled = true;
      clearInterval(timer);
      void worker.terminate();
      resolve(outcome);
    };
    const timer = setInterval(() => {
      const now = performance.now();
      const p = Atomics.load(progress, 0);
      if (p !== lastProgress) {
        lastProgress = p;
        lastChange = now;
      }
      const stalled = options.stallLimitMs !== undefined && now - lastChange > options.stallLimitMs;
      if (now - started > options.timeLimitMs || stalled) {
        finish({ kind: 'timeout', ms: now - started, progress: Int32Array.from(progress) });
      }
    }, 100);
    worker.on('message', (result: T) => finish({ kind: 'done', result, ms: performance.now() - started }));
    worker.on('error', (error: Error) => finish({ kind: 'error', error, ms: performance.now() - started, progress: Int32Array.from(progress) }));
    worker.on('exit', (code) => finish({ kind: 'error', error: new Error(`worker exited with code ${code} before answering`), ms: performance.now() - started, progress: Int32Array.from(progress) }));
  });
}
