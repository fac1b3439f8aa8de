#!/usr/bin/env node
/**
 * `npm pack` / `npm publish` support for the workspace's `workspace:*` dependency ranges, which
 * npm cannot install (EUNSUPPORTEDPROTOCOL). Run in a package directory:
 *   node ../../scripts/pack-manifest.mjs rewrite   (prepack) saves package.json to
 *     package.json.workspace and replaces each `workspace:` range with the version of the
 *     workspace package it names (`workspace:*` and `workspace:^`/`~` as pnpm publishes them:
 *     exact, ^version, ~version);
 *   node ../../scripts/pack-manifest.mjs restore   (postpack) puts the saved file back.
 * pnpm pack runs the same hooks (its own rewrite then finds nothing to do). A run that stops
 * between the two leaves package.json.workspace behind: `restore` (or git checkout) fixes it.
 */
import { existsSync, readFileSync, readdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const SAVED = 'package.json.workspace';
const DEPENDENCY_FIELDS = ['dependencies', 'peerDependencies', 'optionalDependencies', 'devDependencies'];
const root = fileURLToPath(new URL('..', import.meta.url));
const mode = process.argv[2];

/** Returns the version of every package under packages/, by name. */
function workspaceVersions() {
  const versions = new Map();
  for (const dir of readdirSync(join(root, 'packages'))) {
    const file = join(root, 'packages', dir, 'package.json');
    if (!existsSync(file)) continue;
    const json = JSON.parse(readFileSync(file, 'utf8'));
    versions.set(json.name, json.version);
  }
  return versions;
}

/** Returns the published range of `range` (`workspace:*`, `workspace:^`, `workspace:~`, `workspace:1.2.3`). */
function publishedRange(name, range, versions) {
  const spec = range.slice('workspace:'.length);
  const version = versions.get(name);
  if (version === undefined) throw new Error(`${name}: ${range} names no package under packages/`);
  if (spec === '*' || spec === '') return version;
  if (spec === '^' || spec === '~') return `${spec}${version}`;
  return spec;
}

if (mode === 'rewrite') {
  if (existsSync(SAVED)) throw new Error(`${SAVED} exists: a previous pack did not finish; run "node ../../scripts/pack-manifest.mjs restore" first`);
  const text = readFileSync('package.json', 'utf8');
  const json = JSON.parse(text);
  const versions = workspaceVersions();
  let changed = false;
  for (const field of DEPENDENCY_FIELDS) {
    for (const [name, range] of Object.entries(json[field] ?? {})) {
      if (typeof range !== 'string' || !range.startsWith('workspace:')) continue;
      json[field][name] = publishedRange(name, range, versions);
      changed = true;
    }
  }
  if (changed) {
    writeFileSync(SAVED, text);
    writeFileSync('package.json', `${JSON.stringify(json, null, 2)}\n`);
  }
} else if (mode === 'restore') {
  if (existsSync(SAVED)) renameSync(SAVED, 'package.json');
} else {
  throw new Error('usage: pack-manifest.mjs rewrite|restore');
}
