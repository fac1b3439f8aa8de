import { configDefaults, defineConfig } from 'vitest/config';
import { sourceAliases } from './scripts/workspace.mjs';

export default defineConfig({
  resolve: {
    // Tests run against the TypeScript sources; the built `dist/` is exercised by the CLI and
    // dist-import tests, which spawn plain `node`. Every package's exports, found by
    // scripts/workspace.mjs (tsconfig.paths.json holds the same map for the type-check).
    alias: sourceAliases(),
  },
  test: {
    include: ['packages/*/test/**/*.test.ts', 'test/**/*.test.ts', 'bench/test/**/*.test.ts'],
    // The pack-and-install test (npm install, two TypeScript runs) runs as its own step of
    // test:all, after the rest, so that its load does not disturb the timing-bound tests.
    // Browser tests need the built playground and Chromium: `pnpm test:browser` runs them.
    exclude: process.env['ROBOMATA_PACK_TEST'] === '1'
      ? [...configDefaults.exclude, 'packages/playground/test/browser/**']
      : [...configDefaults.exclude, 'test/pack/**', 'packages/playground/test/browser/**'],
    // Tests that run plain Node need the packages' dist/: brought up to date first (tsc -b).
    globalSetup: ['./test/build-dist.ts'],
    // Trusted loads (compileRobots' own artifacts) get the full shape checks in tests.
    setupFiles: ['./test/setup-load.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
