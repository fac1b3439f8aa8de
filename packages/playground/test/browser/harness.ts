/**
 * Test harness of the browser tests: finds Debian's Chromium, serves the built playground from
 * a static server on 127.0.0.1 (a free port, stopped by the test), and launches headless
 * Chromium through playwright-core, which never downloads a browser.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from 'playwright-core';
import { findChromium } from '../../../../test/support/chromium.js';

export { findChromium, locateChromium, maySkipBrowserTests } from '../../../../test/support/chromium.js';

/** The built app (`pnpm --filter @robomata/playground build`). */
export const DIST_DIR = fileURLToPath(new URL('../../dist/', import.meta.url));

const _TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.txt': 'text/plain; charset=utf-8',
};

/** A running static server. */
export interface StaticServer {
  readonly url: string;
  close(): Promise<void>;
}

/** Serves `root` on 127.0.0.1 on a free port (GET and HEAD only; no path leaves `root`). */
export async function serveStatic(root: string): Promise<StaticServer> {
  if (!existsSync(join(root, 'index.html'))) {
    throw new Error(`${root}index.html is missing: build the playground first (npx -y pnpm@10 --filter @robomata/playground build)`);
  }
  const server: Server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://127.0.0.1').pathname);
    const file = normalize(join(root, path.endsWith('/') ? `${path}index.html` : path));
    if (!file.startsWith(root.endsWith(sep) ? root : root + sep) || !existsSync(file) || !statSync(file).isFile()) {
      res.writeHead(404).end('not found');
      return;
    }
    res.writeHead(200, { 'content-type': _TYPES[extname(file)] ?? 'application/octet-stream', 'cache-control': 'no-store' });
    res.end(req.method === 'HEAD' ? undefined : readFileSync(file));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () => new Promise<void>((resolve, reject) => server.close((e) => (e === undefined ? resolve() : reject(e)))),
  };
}

/** Launches headless Chromium (no sandbox: CI runs as root). */
export async function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: findChromium(), headless: true, args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
}
