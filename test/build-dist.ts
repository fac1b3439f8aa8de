/**
 * vitest globalSetup: the tests that run plain Node (the CLI's `dist/bin.js`, worker threads
 * importing `@robomata/runtime`, fetch's compile worker, the Redis fleet's crawler children)
 * need the packages' built `dist/`. This brings it up to date with `tsc -b` before every run,
 * so `pnpm test` works on a fresh clone without `pnpm build` and never runs a stale build
 * (about 2 s when nothing changed).
 */
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { ROOT, buildProjects, workspacePackages } from '../scripts/workspace.mjs';

export default function buildDist(): void {
  // Every published package's tsconfig.json and tsconfig.cjs.json, from the one package map (the
  // playground is bundled by vite, not needed here, and its type-check alone takes ~15 s).
  const published = new Set(workspacePackages().filter((p) => p.manifest['exports'] !== undefined && p.manifest['private'] !== true).map((p) => p.dir));
  const projects = buildProjects().filter((file) => published.has(file.slice(0, file.lastIndexOf('/'))));
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  const r = spawnSync(process.execPath, [tsc, '-b', ...projects], { cwd: ROOT, encoding: 'utf8' });
  if (r.status !== 0) {
    // Type errors: report them and let the tests run (those needing dist/ then say what is missing).
    console.warn(`vitest globalSetup: tsc -b (${projects.length} projects) failed (exit ${String(r.status)}):\n${r.stdout}${r.stderr}`);
    return;
  }
  spawnSync(process.execPath, [join(ROOT, 'scripts', 'mark-cjs.mjs')], { cwd: ROOT, stdio: 'inherit' });
}
