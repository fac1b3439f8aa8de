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

/** The built app (`pnpm --filter @robomata/playground build`). */
export const DIST_DIR = fileURLToPath(new URL('../../dist/', import.meta.url));

/** Where Chromium is looked for when `ROBOMATA_CHROMIUM` is not set (Debian, Ubuntu, Chrome). */
const CHROMIUM_PATHS = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/lib/chromium/chromium', '/usr/bin/google-chrome', '/usr/bin/google-chrome-stable'];

const _TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.txt': 'text/plain; charset=utf-8',
};

/** Returns the Chromium executable (`ROBOMATA_CHROMIUM`, else a well-known path), or undefined. */
export function locateChromium(): string | undefined {
  const fromEnv = process.env['ROBOMATA_CHROMIUM'];
  if (fromEnv !== undefined && fromEnv !== '') return fromEnv;
  return CHROMIUM_PATHS.find((p) => existsSync(p));
}

/**
 * True when the browser tests may be skipped: no Chromium, outside CI, and the developer asked
 * for it with `ROBOMATA_SKIP_BROWSER=1`. Otherwise a missing Chromium fails the tests.
 */
export function maySkipBrowserTests(): boolean {
  return locateChromium() === undefined && process.env['ROBOMATA_SKIP_BROWSER'] === '1' && process.env['CI'] !== 'true';
}

/**
 * Returns the Chromium executable: `ROBOMATA_CHROMIUM` if set, else the first well-known path
 * that exists. Throws an Error saying how to install it when there is none.
 */
export function findChromium(): string {
  const found = locateChromium();
  if (found !== undefined && !existsSync(found)) throw new Error(`ROBOMATA_CHROMIUM=${found} does not exist`);
  if (found === undefined) {
    throw new Error(
      `no Chromium found (looked at ${CHROMIUM_PATHS.join(', ')}): the playground's browser tests need it. ` +
        'Install it with `apt-get update && apt-get install -y chromium` (.ci/run does this in CI), or set ROBOMATA_CHROMIUM to its path ' +
        '(outside CI, ROBOMATA_SKIP_BROWSER=1 skips these tests instead).',
    );
  }
  return found;
}

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
