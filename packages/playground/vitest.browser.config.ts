import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.js';

// End-to-end tests in headless Chromium against the built app (dist/); the expected answers
// come from the engine's sources, resolved as the app resolves them (vite.config.ts).
export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      include: ['test/browser/**/*.test.ts'],
      testTimeout: 60_000,
      hookTimeout: 60_000,
      pool: 'forks',
      fileParallelism: false,
    },
  }),
);
