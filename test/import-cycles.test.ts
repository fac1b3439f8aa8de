// No import cycles inside any package's sources, type-only imports included (shared types live
// in a module of their own): each file's relative `import` / `export ... from` edges are read
// as text and searched for a cycle.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, workspacePackages } from '../scripts/workspace.mjs';

/** Every .ts file under dir (recursively). */
function tsFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...tsFiles(path));
    else if (/\.tsx?$/.test(name) && !name.endsWith('.d.ts')) out.push(path);
  }
  return out;
}

const IMPORT = /^\s*(?:import|export)\s[^;]*?\sfrom\s+['"](\.{1,2}\/[^'"]+)['"]/gm;

/** The files a source file imports relatively (`./x.js` -> `./x.ts`). */
function edgesOf(file: string, known: ReadonlySet<string>): string[] {
  const text = readFileSync(file, 'utf8');
  const out: string[] = [];
  for (const m of text.matchAll(IMPORT)) {
    const target = resolve(dirname(file), m[1]!).replace(/\.js$/, '.ts');
    if (known.has(target)) out.push(target);
  }
  return out;
}

/** One cycle of the graph as a list of files, or undefined. */
function findCycle(graph: ReadonlyMap<string, readonly string[]>): string[] | undefined {
  const state = new Map<string, 1 | 2>();
  const stack: string[] = [];
  const visit = (node: string): string[] | undefined => {
    state.set(node, 1);
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      if (state.get(next) === 1) return [...stack.slice(stack.indexOf(next)), next];
      if (state.get(next) === undefined) {
        const found = visit(next);
        if (found !== undefined) return found;
      }
    }
    stack.pop();
    state.set(node, 2);
    return undefined;
  };
  for (const node of graph.keys()) {
    if (state.get(node) === undefined) {
      const found = visit(node);
      if (found !== undefined) return found;
    }
  }
  return undefined;
}

describe('import cycles', () => {
  it('finds a cycle when there is one (the check can fail)', () => {
    expect(findCycle(new Map([['a', ['b']], ['b', ['c']], ['c', ['a']]]))).toEqual(['a', 'b', 'c', 'a']);
    expect(findCycle(new Map([['a', ['b']], ['b', []], ['c', ['a', 'b']]]))).toBeUndefined();
  });

  const packages = workspacePackages().filter((p) => statSync(join(ROOT, p.dir), { throwIfNoEntry: false })?.isDirectory() && readdirSync(join(ROOT, p.dir)).includes('src'));
  it.each(packages.map((p) => [p.name ?? p.dir, p.dir] as const))('%s: no cycle among its sources, type-only imports included', (_name, dir) => {
    const files = tsFiles(join(ROOT, dir, 'src'));
    const known = new Set(files);
    const graph = new Map(files.map((f) => [f, edgesOf(f, known)]));
    expect(files.length).toBeGreaterThan(0);
    expect(findCycle(graph)?.map((f) => relative(ROOT, f))).toBeUndefined();
  });
});
