// The hot functions of tier 0 (matcher.ts, segment-scan.ts, path-bytes.ts and tables.ts's
// readers) write record offsets, masks and shifts as number literals, each followed by the
// name of the constant it stands for (`4 /* NODE_WORDS */`): V8 reads an imported or
// module-level const from its cell with a hole check at every use, a literal not at all
// (tables.ts "Layout words in hot functions"). This test keeps every such literal equal to
// the constant it names, so tables.ts stays the one place the layout is defined.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as format from '../src/format.js';
import * as pathBytes from '../src/path-bytes.js';
import * as tables from '../src/tables.js';

const HOT_FILES = ['matcher.ts', 'segment-scan.ts', 'path-bytes.ts', 'tables.ts'] as const;
const NAMED_LITERAL = /(-?(?:0x[0-9a-fA-F]+|\d+)) \/\* ([A-Z_][A-Z0-9_]*) \*\//g;

/** Returns the value of the constant `name`: exported by tables.ts, format.ts or path-bytes.ts, else declared in `source` as `const name = <integer>;`. */
function constantValue(name: string, source: string): number | undefined {
  for (const mod of [tables, format, pathBytes] as Record<string, unknown>[]) {
    const v = mod[name];
    if (typeof v === 'number') return v;
  }
  const m = new RegExp(`const ${name} = (-?\\d+);`).exec(source);
  return m === null ? undefined : Number(m[1]);
}

describe('named literals in the hot functions', () => {
  for (const file of HOT_FILES) {
    it(`${file}: every literal equals the constant it names`, () => {
      const source = readFileSync(new URL(`../src/${file}`, import.meta.url), 'utf8');
      const found = [...source.matchAll(NAMED_LITERAL)];
      if (file !== 'path-bytes.ts') expect(found.length).toBeGreaterThan(5);
      for (const [, literal, name] of found) {
        expect(constantValue(name as string, source), `${file}: ${name}`).toBe(Number(literal));
      }
    });
  }

  it('a literal that differs from its constant is caught', () => {
    for (const source of ['const rec = base + x * 5 /* NODE_WORDS */;', 'const c = key & 0x1fe /* NODE_CHILD_MASK */;']) {
      const [m] = [...source.matchAll(NAMED_LITERAL)];
      expect(m, source).toBeDefined();
      expect(constantValue(m?.[2] as string, source)).not.toBe(Number(m?.[1]));
    }
  });
});
