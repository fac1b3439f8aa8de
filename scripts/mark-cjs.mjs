#!/usr/bin/env node
/**
 * Writes `dist/cjs/package.json` = {"type":"commonjs"} into each package directory given (default:
 * every packages/* with a tsconfig.cjs.json), so Node and TypeScript read the CommonJS build
 * there as CommonJS although the package itself is `"type": "module"`. Run after `tsc -b`.
 */
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const dirs = process.argv.length > 2
  ? process.argv.slice(2)
  : readdirSync(join(root, 'packages')).map((d) => join(root, 'packages', d));
for (const dir of dirs) {
  if (!existsSync(join(dir, 'tsconfig.cjs.json'))) continue;
  mkdirSync(join(dir, 'dist', 'cjs'), { recursive: true });
  writeFileSync(join(dir, 'dist', 'cjs', 'package.json'), '{ "type": "commonjs" }\n');
}
