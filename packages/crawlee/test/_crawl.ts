/**
 * Test helpers: Crawlee crawlers on in-memory storage (nothing written to ./storage), a log that
 * records warnings, and runs over the bundled local site.
 */

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Configuration, log as crawleeLog } from '@crawlee/core';
import type { Log } from '@crawlee/core';
import { MemoryStorage } from '@crawlee/memory-storage';
import { afterAll } from 'vitest';
import { useService } from '../../../test/support/fixture.js';
import { SITE_BOT, startLocalSite } from '../examples/local-site.mjs';
import type { LocalSite } from '../examples/local-site.mjs';

crawleeLog.setLevel(crawleeLog.LEVELS.ERROR);

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

/** Returns a Configuration on fresh in-memory storage (own request queue, nothing persisted). */
export function memoryConfig(): Configuration {
  const dir = mkdtempSync(join(tmpdir(), 'robomata-crawlee-'));
  dirs.push(dir);
  return new Configuration({
    persistStorage: false,
    purgeOnStart: false,
    storageClient: new MemoryStorage({ persistStorage: false, localDataDirectory: dir }),
  });
}

/** A Crawlee log that records its warnings (and stays quiet). */
export interface RecordingLog {
  readonly log: Log;
  readonly warnings: string[];
}

/** Returns a child of Crawlee's log whose `warning` calls are recorded, not printed. */
export function recordingLog(): RecordingLog {
  const warnings: string[] = [];
  const log = crawleeLog.child({ prefix: 'test' });
  log.warning = (message: string) => {
    warnings.push(message);
  };
  return { log, warnings };
}

/** Options every test crawler shares: quick, no retries, small concurrency. */
export const QUICK = { maxRequestRetries: 0, maxConcurrency: 4, requestHandlerTimeoutSecs: 20 } as const;

/** Returns the path + query of `url`. */
export function pathOf(url: string): string {
  const u = new URL(url);
  return u.pathname + u.search;
}

/** The crawler User-Agent the local-site tests send: a product token the site's robots.txt names. */
export const SITE_UA = `${SITE_BOT}/2.0 (+https://example.com/bot)`;

/** Starts a fresh local site before each test of the calling file and closes it after; returns its getter. */
export function useLocalSite(): () => LocalSite {
  return useService('useLocalSite', 'test', startLocalSite, (site) => site.close());
}
