import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const src = (pkg: string): string => fileURLToPath(new URL(`../${pkg}/src/index.ts`, import.meta.url));

// End-to-end tests in headless Chromium against the built app (dist/); the expected answers
// come from the engine's sources, as in the root vitest config.
export default defineConfig({
  resolve: { alias: { '@robomata/runtime': src('runtime'), '@robomata/compiler': src('compiler') } },
  test: {
    include: ['test/browser/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    fileParallelism: false,
  },
});
