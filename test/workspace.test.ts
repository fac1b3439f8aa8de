// The workspace has one source for its package map and build order (scripts/workspace.mjs):
// what vitest, vite and the type-check resolve, and what `tsc -b` builds, follow from each
// package's own package.json and tsconfig.json.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as runtimeByName from '@robomata/runtime';
import * as formatByName from '@robomata/runtime/format';
import { PATHS_FILE, ROOT, buildProjects, pathsFileText, sourceAliases, sourceEntries, workspacePackages } from '../scripts/workspace.mjs';
import * as runtimeSource from '../packages/runtime/src/index.js';
import * as formatSource from '../packages/runtime/src/format.js';

interface TsConfig {
  readonly references?: ReadonlyArray<{ readonly path: string }>;
}

/** Reads a tsconfig that has no comments (the packages' own). */
function readConfig(dir: string, file: string): TsConfig {
  return JSON.parse(readFileSync(join(ROOT, dir, file), 'utf8')) as TsConfig;
}

/** The workspace dependencies of a package (dependencies and devDependencies). */
function workspaceDependencies(manifest: Record<string, unknown>): string[] {
  const names = new Set(workspacePackages().map((p) => p.name));
  const deps = { ...(manifest['dependencies'] as object | undefined), ...(manifest['devDependencies'] as object | undefined) };
  return Object.keys(deps).filter((d) => names.has(d));
}

describe('workspace map (scripts/workspace.mjs)', () => {
  it('finds every package folder of pnpm-workspace.yaml', () => {
    const dirs = workspacePackages().map((p) => p.dir);
    expect(dirs).toEqual(expect.arrayContaining(['bench', 'test', 'packages/runtime', 'packages/compiler', 'packages/fetch']));
    for (const dir of dirs) expect(existsSync(join(ROOT, dir, 'package.json')), dir).toBe(true);
  });

  it('maps every export of every package to an existing source, subpaths included', () => {
    const entries = new Map(sourceEntries().map((e) => [e.specifier, e.file]));
    expect(entries.get('@robomata/runtime')).toBe(join(ROOT, 'packages/runtime/src/index.ts'));
    expect(entries.get('@robomata/runtime/format')).toBe(join(ROOT, 'packages/runtime/src/format.ts'));
    expect(entries.get('@robomata/redis/testing')).toBe(join(ROOT, 'packages/redis/src/testing.ts'));
    for (const pkg of workspacePackages()) {
      const exports = pkg.manifest['exports'] as Record<string, unknown> | undefined;
      if (exports === undefined || !('.' in exports) || typeof exports['.'] !== 'object') continue;
      expect(entries.has(pkg.name), pkg.name).toBe(true);
    }
    for (const file of entries.values()) expect(existsSync(file), file).toBe(true);
  });

  it('vitest resolves a package name to the same module as its source file', () => {
    expect(runtimeByName).toBe(runtimeSource);
    expect(formatByName).toBe(formatSource);
    const aliases = sourceAliases();
    for (const [i, { specifier }] of sourceEntries().entries()) {
      expect(aliases[i]!.find.test(specifier), specifier).toBe(true);
      expect(aliases[i]!.find.test(`${specifier}/other`), specifier).toBe(false); // exact: no prefix matches
    }
  });

  it(`${PATHS_FILE} is current (run node scripts/workspace.mjs paths)`, () => {
    expect(readFileSync(join(ROOT, PATHS_FILE), 'utf8')).toBe(pathsFileText());
  });

  it("each package's tsconfig references the packages it depends on, so tsc -b builds them first", () => {
    const byName = new Map(workspacePackages().map((p) => [p.name, p]));
    const projects = buildProjects();
    for (const pkg of workspacePackages()) {
      for (const file of ['tsconfig.json', 'tsconfig.cjs.json']) {
        if (!projects.includes(`${pkg.dir}/${file}`)) continue;
        const refs = (readConfig(pkg.dir, file).references ?? []).map((r) => join(pkg.dir, r.path));
        for (const dep of workspaceDependencies(pkg.manifest)) {
          const depDir = byName.get(dep)!.dir;
          const wanted = projects.includes(`${depDir}/${file}`) ? `${depDir}/${file}` : `${depDir}/tsconfig.json`;
          if (!projects.includes(wanted)) continue;
          const referenced = refs.some((r) => r === depDir || join(r) === wanted || join(r, file) === wanted || join(r, 'tsconfig.json') === wanted);
          expect(referenced, `${pkg.dir}/${file} references ${wanted}`).toBe(true);
        }
      }
    }
  });
});
