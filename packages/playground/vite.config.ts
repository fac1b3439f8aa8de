import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { sourceAliases } from '../../scripts/workspace.mjs';

// The app bundles the engine from its TypeScript sources (as vitest does), so `vite` and
// `vite build` work without building the other packages first; `tsc -b` type-checks against them.
export default defineConfig({
  // The app's folder, whatever the working directory (`vite build packages/playground` from the root).
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: './',
  resolve: {
    // Package names resolve to their sources (scripts/workspace.mjs reads every package's exports).
    alias: sourceAliases(),
  },
  worker: { format: 'es' },
  build: { target: 'es2022', outDir: 'dist', emptyOutDir: true, sourcemap: true, chunkSizeWarningLimit: 1024 },
  server: { host: '127.0.0.1' },
  preview: { host: '127.0.0.1' },
});
