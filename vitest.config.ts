import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

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
      '@robomata/redis/testing': fileURLToPath(new URL('./packages/redis/src/testing.ts', import.meta.url)),
      '@robomata/redis': src('redis'),
    },
  },
  test: {
    include: ['packages/*/test/**/*.test.ts', 'test/**/*.test.ts', 'bench/test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
