import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const src = (pkg: string): string => fileURLToPath(new URL(`../${pkg}/src/index.ts`, import.meta.url));

// The app bundles the engine from its TypeScript sources (as vitest does), so `vite` and
// `vite build` work without building the other packages first; `tsc -b` type-checks against them.
export default defineConfig({
  // The app's folder, whatever the working directory (`vite build packages/playground` from the root).
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: './',
  resolve: {
    // Subpaths first: an alias matches a prefix of the import.
    alias: [
      { find: '@robomata/runtime/format', replacement: fileURLToPath(new URL('../runtime/src/format.ts', import.meta.url)) },
      { find: '@robomata/runtime/internal', replacement: fileURLToPath(new URL('../runtime/src/internal.ts', import.meta.url)) },
      { find: '@robomata/runtime/testing', replacement: fileURLToPath(new URL('../runtime/src/testing.ts', import.meta.url)) },
      { find: '@robomata/runtime', replacement: src('runtime') },
      { find: '@robomata/compiler', replacement: src('compiler') },
    ],
  },
  worker: { format: 'es' },
  build: { target: 'es2022', outDir: 'dist', emptyOutDir: true, sourcemap: true, chunkSizeWarningLimit: 1024 },
  server: { host: '127.0.0.1' },
  preview: { host: '127.0.0.1' },
});
