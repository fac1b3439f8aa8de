/**
 * vitest globalSetup: the tests that run plain Node (the CLI's `dist/bin.js`, worker threads
 * importing `@robomata/runtime`, fetch's compile worker, the Redis fleet's crawler children)
 * need the packages' built `dist/`. This brings it up to date with `tsc -b` before every run,
 * so `pnpm test` works on a fresh clone without `pnpm build` and never runs a stale build
 * (about 2 s when nothing changed).
 */
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

/** The TypeScript projects whose ESM `dist/` tests run as plain Node (their references are built too). */
const PROJECTS = ['packages/runtime', 'packages/compiler', 'packages/fetch', 'packages/redis', 'packages/cli'];

export default function buildDist(): void {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  const r = spawnSync(process.execPath, [tsc, '-b', ...PROJECTS], { cwd: root, encoding: 'utf8' });
  if (r.status !== 0) {
    // Type errors: report them and let the tests run (those needing dist/ then say what is missing).
    console.warn(`vitest globalSetup: tsc -b ${PROJECTS.join(' ')} failed (exit ${String(r.status)}):\n${r.stdout}${r.stderr}`);
  }
}
