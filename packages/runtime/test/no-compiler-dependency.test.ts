// The runtime must not depend on the compiler (CONTRACT.md): no source file or shipped example
// imports it and the package manifest does not list it.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const RUNTIME = fileURLToPath(new URL('..', import.meta.url));

/** Every file under `dir`, recursively. */
function filesUnder(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...filesUnder(path));
    else out.push(path);
  }
  return out;
}

/** Module specifiers of static imports/exports, dynamic imports and require calls. */
function specifiersOf(source: string): string[] {
  const patterns = [
    /\b(?:import|export)\s[^'"`;]*?\bfrom\s*['"]([^'"]+)['"]/g,
    /\bimport\s*['"]([^'"]+)['"]/g,
    /\bimport\s*\(\s*['"`]([^'"`]+)['"`]\s*\)/g,
    /\brequire\s*\(\s*['"`]([^'"`]+)['"`]\s*\)/g,
  ];
  const found: string[] = [];
  for (const re of patterns) for (const m of source.matchAll(re)) found.push(m[1] as string);
  return found;
}

/** True when a specifier names the compiler package or reaches into its folder. */
function isCompiler(specifier: string): boolean {
  return specifier === '@robomata/compiler' || specifier.startsWith('@robomata/compiler/') || /(^|\/)\.\.\/(?:\.\.\/)*compiler(\/|$)/.test(specifier);
}

describe('runtime has no compiler dependency', () => {
  it('the import scanner finds compiler imports (self-check)', () => {
    const sample = [
      "import { compile } from '@robomata/compiler';",
      "import type { X } from '../../compiler/src/index.js';",
      "export { y } from \"../compiler/src/parse.js\";",
      "const m = await import('@robomata/compiler');",
      "import './side-effect.js';",
    ].join('\n');
    const specs = specifiersOf(sample);
    expect(specs).toEqual(
      expect.arrayContaining(['@robomata/compiler', '../../compiler/src/index.js', '../compiler/src/parse.js', './side-effect.js']),
    );
    expect(specs.filter(isCompiler).length).toBe(4);
    expect(isCompiler('./format.js')).toBe(false);
    expect(isCompiler('./compiler-like.js')).toBe(false);
  });

  it.each(['src', 'examples'])('no file in packages/runtime/%s imports the compiler (examples ship in the tarball)', (dir) => {
    const files = filesUnder(join(RUNTIME, dir)).filter((f) => /\.(?:ts|mts|mjs|js)$/.test(f));
    expect(files.length).toBeGreaterThan(0);
    const offenders: string[] = [];
    let imports = 0;
    for (const file of files) {
      const source = readFileSync(file, 'utf8');
      const specs = specifiersOf(source);
      imports += specs.length;
      for (const s of specs) if (isCompiler(s)) offenders.push(`${file}: ${s}`);
    }
    expect(imports).toBeGreaterThan(0); // the scanner saw the runtime's own imports
    expect(offenders).toEqual([]);
  });

  it('packages/runtime/package.json lists no compiler dependency', () => {
    const pkg = JSON.parse(readFileSync(join(RUNTIME, 'package.json'), 'utf8')) as Record<string, unknown>;
    expect(pkg.name).toBe('@robomata/runtime');
    for (const field of ['dependencies', 'devDependencies', 'peerDependencies', 'optionalDependencies', 'bundledDependencies']) {
      const deps = pkg[field];
      if (deps === undefined) continue;
      const names = Array.isArray(deps) ? (deps as string[]) : Object.keys(deps as Record<string, string>);
      expect(names, field).not.toContain('@robomata/compiler');
    }
  });

  it('packages/runtime/tsconfig.json does not reference the compiler project', () => {
    const config = JSON.parse(readFileSync(join(RUNTIME, 'tsconfig.json'), 'utf8')) as { references?: { path: string }[] };
    const paths = (config.references ?? []).map((r) => r.path);
    expect(paths.filter((p) => /(^|\/)compiler(\/|$)/.test(p))).toEqual([]);
  });
});
