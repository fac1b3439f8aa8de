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
