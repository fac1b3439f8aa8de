#!/usr/bin/env node
/**
 * The one place that knows the workspace's packages, found, not listed: the folders that
 * pnpm-workspace.yaml names (globs like `packages/*`), each with a package.json.
 *
 * - `sourceAliases()`: every public entry of every package (its `exports`, subpaths included)
 *   mapped to the TypeScript source it is built from (`./dist/[cjs/]x.js` -> `src/x.ts`). vitest
 *   (vitest.config.ts) and vite (packages/playground/vite.config.ts) resolve package names with
 *   it, and tsconfig.paths.json (generated from it, checked by test/workspace.test.ts) does the
 *   same for type-checking the tests.
 * - `buildProjects()`: every package's tsconfig.json and tsconfig.cjs.json; `tsc -b` builds them in
 *   the order of their `references`.
 *
 * Adding a package is one edit: its folder (package.json with `exports`, tsconfig.json with
 * `references` to the packages it imports). `node scripts/workspace.mjs build` (the root
 * `build` script) regenerates tsconfig.paths.json when it is stale, type-checks and builds every
 * project, marks the CommonJS builds (mark-cjs.mjs) and bundles each package that has a
 * vite.config.ts. `node scripts/workspace.mjs paths [--check]` only writes (or checks) the paths.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root (this file's parent folder). */
export const ROOT = fileURLToPath(new URL('..', import.meta.url));
/** The generated file that holds the test type-check's `paths`. */
export const PATHS_FILE = 'tsconfig.paths.json';
/** Conditions read, in this order, to find the file an export is built to. */
const CONDITIONS = ['import', 'default', 'types', 'node', 'require'];

/** Returns the workspace folder globs of pnpm-workspace.yaml (its `packages:` list). */
function _workspaceGlobs(root) {
  const globs = [];
  let inPackages = false;
  for (const line of readFileSync(join(root, 'pnpm-workspace.yaml'), 'utf8').split('\n')) {
    if (/^\S/.test(line)) inPackages = /^packages:\s*$/.test(line);
    const item = inPackages ? /^\s+-\s*['"]?([^'"#]+?)['"]?\s*(#.*)?$/.exec(line) : null;
    if (item) globs.push(item[1]);
  }
  return globs;
}

/**
 * Returns the workspace packages, sorted by folder: `{ name, dir (relative, '/'-separated),
 * manifest }`. Globs may end in `/*` (every child folder) or name one folder.
 */
export function workspacePackages(root = ROOT) {
  const dirs = [];
  for (const glob of _workspaceGlobs(root)) {
    if (glob.endsWith('/*')) {
      const parent = glob.slice(0, -2);
      for (const d of readdirSync(join(root, parent), { withFileTypes: true })) {
        if (d.isDirectory()) dirs.push(`${parent}/${d.name}`);
      }
    } else {
      dirs.push(glob);
    }
  }
  return dirs
    .filter((dir) => existsSync(join(root, dir, 'package.json')))
    .sort()
    .map((dir) => {
      const manifest = JSON.parse(readFileSync(join(root, dir, 'package.json'), 'utf8'));
      return { name: manifest.name, dir, manifest };
    });
}

/** Returns the file an export target is built to (the first of CONDITIONS that leads to one). */
function _builtFile(target) {
  if (typeof target === 'string') return target;
  if (target === null || typeof target !== 'object') return undefined;
  for (const condition of CONDITIONS) {
    const file = condition in target ? _builtFile(target[condition]) : undefined;
    if (file !== undefined) return file;
  }
  return undefined;
}

/** Returns the source file (relative to the package) a built file comes from, or throws. */
function _sourceOf(root, pkg, subpath, built) {
  const m = /^\.\/dist\/(?:cjs\/)?(.+?)\.(?:d\.[cm]?ts|[cm]?js)$/.exec(built);
  const source = m === null ? undefined : `src/${m[1]}.ts`;
  if (source === undefined || !existsSync(join(root, pkg.dir, source))) {
    throw new Error(`${pkg.name}: export "${subpath}" -> ${built} has no source (expected ./dist/<name>.js built from src/<name>.ts)`);
  }
  return source;
}

/**
 * Returns `[{ specifier, file }]`: every export of every workspace package (but
 * `./package.json`) and the absolute path of its TypeScript source, most specific first.
 */
export function sourceEntries(root = ROOT) {
  const out = [];
  for (const pkg of workspacePackages(root)) {
    const exports = pkg.manifest.exports;
    if (exports === undefined || pkg.manifest.name === undefined) continue;
    const map = typeof exports === 'string' || CONDITIONS.some((c) => c in exports) ? { '.': exports } : exports;
    for (const [subpath, target] of Object.entries(map)) {
      if (subpath === './package.json' || subpath.includes('*')) continue;
      const built = _builtFile(target);
      if (built === undefined || !built.startsWith('./dist/')) continue;
      const specifier = subpath === '.' ? pkg.name : `${pkg.name}/${subpath.slice(2)}`;
      out.push({ specifier, file: join(root, pkg.dir, _sourceOf(root, pkg, subpath, built)) });
    }
  }
  return out.sort((a, b) => b.specifier.length - a.specifier.length || a.specifier.localeCompare(b.specifier));
}

/** Returns vite/vitest `resolve.alias` entries: each package specifier, matched exactly, to its source. */
export function sourceAliases(root = ROOT) {
  return sourceEntries(root).map(({ specifier, file }) => ({
    find: new RegExp(`^${specifier.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}$`),
    replacement: file,
  }));
}

/** Returns the text of tsconfig.paths.json: the same map as `paths`, relative to the root. */
export function pathsFileText(root = ROOT) {
  const paths = {};
  for (const { specifier, file } of [...sourceEntries(root)].sort((a, b) => a.specifier.localeCompare(b.specifier))) {
    paths[specifier] = [`./${relative(root, file).split(sep).join('/')}`];
  }
  const config = {
    '//': 'Generated by `node scripts/workspace.mjs paths` from the workspace packages\' exports (the root build refreshes it); do not edit.',
    compilerOptions: { paths },
  };
  return `${JSON.stringify(config, null, 2)}\n`;
}

/** Returns the tsconfig files of every workspace package (tsconfig.json, then tsconfig.cjs.json), relative to the root. */
export function buildProjects(root = ROOT) {
  const projects = [];
  for (const pkg of workspacePackages(root)) {
    for (const file of ['tsconfig.json', 'tsconfig.cjs.json']) {
      if (existsSync(join(root, pkg.dir, file))) projects.push(`${pkg.dir}/${file}`);
    }
  }
  return projects;
}

/** Returns the path of a root dev dependency's command (its package.json `bin`). */
function _binOf(name, command) {
  const manifestPath = createRequire(import.meta.url).resolve(`${name}/package.json`);
  const bin = JSON.parse(readFileSync(manifestPath, 'utf8')).bin;
  return join(manifestPath, '..', typeof bin === 'string' ? bin : bin[command]);
}

/** Runs `node <bin> ...args` at the root; exits with its status when it fails. */
function _run(bin, args) {
  const result = spawnSync(process.execPath, [bin, ...args], { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

/** Writes tsconfig.paths.json when it differs from the exports; returns whether it was current. */
function _refreshPaths(check) {
  const want = pathsFileText();
  const file = join(ROOT, PATHS_FILE);
  const current = existsSync(file) && readFileSync(file, 'utf8') === want;
  if (!current && !check) {
    writeFileSync(file, want);
    process.stderr.write(`${PATHS_FILE} updated from the workspace packages' exports\n`);
  }
  return current;
}

function _main(argv) {
  const [command, ...rest] = argv;
  if (command === 'paths') {
    const check = rest.includes('--check');
    if (!_refreshPaths(check) && check) {
      process.stderr.write(`${PATHS_FILE} is stale: run node scripts/workspace.mjs paths\n`);
      process.exit(1);
    }
  } else if (command === 'build') {
    _refreshPaths(false);
    _run(_binOf('typescript', 'tsc'), ['-b', ...buildProjects(), ...rest]);
    _run(join(ROOT, 'scripts', 'mark-cjs.mjs'), []);
    for (const pkg of workspacePackages()) {
      if (existsSync(join(ROOT, pkg.dir, 'vite.config.ts'))) _run(_binOf('vite', 'vite'), ['build', pkg.dir]);
    }
  } else if (command === 'list') {
    for (const { specifier, file } of sourceEntries()) process.stdout.write(`${specifier}\t${relative(ROOT, file)}\n`);
    for (const project of buildProjects()) process.stdout.write(`tsc -b\t${project}\n`);
  } else {
    process.stderr.write('usage: node scripts/workspace.mjs build [tsc flags] | paths [--check] | list\n');
    process.exit(2);
  }
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) _main(process.argv.slice(2));
