import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';

const file = (pkg: string, name: string): string => fileURLToPath(new URL(`./packages/${pkg}/src/${name}.ts`, import.meta.url));
const src = (pkg: string): string => file(pkg, 'index');

export default defineConfig({
  resolve: {
    // Tests run against the TypeScript sources; the built `dist/` is exercised by the CLI and
    // dist-import tests, which spawn plain `node`.
    // Subpaths first: an alias matches a prefix of the import.
    alias: [
      { find: '@robomata/runtime/format', replacement: file('runtime', 'format') },
      { find: '@robomata/runtime/testing', replacement: file('runtime', 'testing') },
      { find: '@robomata/runtime/internal', replacement: file('runtime', 'internal') },
      { find: '@robomata/compiler/internals', replacement: file('compiler', 'internals') },
      { find: '@robomata/redis/testing', replacement: file('redis', 'testing') },
      { find: '@robomata/reference', replacement: src('reference') },
      { find: '@robomata/runtime', replacement: src('runtime') },
      { find: '@robomata/compiler', replacement: src('compiler') },
      { find: '@robomata/fetch', replacement: src('fetch') },
      { find: '@robomata/robots-parser', replacement: src('robots-parser') },
      { find: '@robomata/redis', replacement: src('redis') },
    ],
  },
  test: {
    include: ['packages/*/test/**/*.test.ts', 'test/**/*.test.ts', 'bench/test/**/*.test.ts'],
    // The pack-and-install test (npm install, two TypeScript runs) runs as its own step of
    // test:all, after the rest, so that its load does not disturb the timing-bound tests.
    // Browser tests need the built playground and Chromium: `pnpm test:browser` runs them.
    exclude: process.env['ROBOMATA_PACK_TEST'] === '1'
      ? [...configDefaults.exclude, 'packages/playground/test/browser/**']
      : [...configDefaults.exclude, 'test/pack/**', 'packages/playground/test/browser/**'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
