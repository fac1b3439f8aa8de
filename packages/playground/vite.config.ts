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
    alias: {
      '@robomata/runtime': src('runtime'),
      '@robomata/compiler': src('compiler'),
      // formatByteSet only: the CLI's main entry imports Node modules; dot.ts imports only the runtime.
      '@robomata/cli/dot': fileURLToPath(new URL('../cli/src/dot.ts', import.meta.url)),
    },
  },
  worker: { format: 'es' },
  build: { target: 'es2022', outDir: 'dist', emptyOutDir: true, sourcemap: true, chunkSizeWarningLimit: 1024 },
  server: { host: '127.0.0.1' },
  preview: { host: '127.0.0.1' },
});
