import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';

const src = (pkg: string): string => fileURLToPath(new URL(`./packages/${pkg}/src/index.ts`, import.meta.url));

export default defineConfig({
  resolve: {
    // Tests run against the TypeScript sources; the built `dist/` is exercised by the CLI and
    // dist-import tests, which spawn plain `node`.
    alias: {
      '@robomata/reference': src('reference'),
      '@robomata/runtime': src('runtime'),
      '@robomata/compiler': src('compiler'),
      '@robomata/fetch': src('fetch'),
      '@robomata/robots-parser': src('robots-parser'),
    },
  },
  test: {
    include: ['packages/*/test/**/*.test.ts', 'test/**/*.test.ts', 'bench/test/**/*.test.ts'],
    // The pack-and-install test (npm install, two TypeScript runs) runs as its own step of
    // test:all, after the rest, so that its load does not disturb the timing-bound tests.
    exclude: process.env['ROBOMATA_PACK_TEST'] === '1' ? configDefaults.exclude : [...configDefaults.exclude, 'test/pack/**'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
