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
      // The playground's one file of the CLI (packages/playground/vite.config.ts says why).
      '@robomata/cli/dot': fileURLToPath(new URL('./packages/cli/src/dot.ts', import.meta.url)),
    },
  },
  test: {
    include: ['packages/*/test/**/*.test.ts', 'test/**/*.test.ts', 'bench/test/**/*.test.ts'],
    // Browser tests need the built playground and Chromium: `pnpm test:browser` runs them.
    exclude: [...configDefaults.exclude, 'packages/playground/test/browser/**'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
