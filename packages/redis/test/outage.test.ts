import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRobotsCache } from '@robomata/fetch';
import type { RobotsCache } from '@robomata/fetch';
import { createRedisStore } from '@robomata/redis';
import type { RedisStore } from '@robomata/redis';
import { expectedAnswer, reply, robotsOf, startTestServer, useRedisServer } from './_fleet.js';
import type { TestServer } from './_fleet.js';

const redis = useRedisServer();
const sites: TestServer[] = [];
const stores: RedisStore[] = [];

/** Site i answers 200 with robotsOf(i), except site 4 (404: allow all) and site 5 (503: disallow all). */
beforeAll(async () => {
  for (let i = 0; i < 10; i++) {
    const s = await startTestServer();
    s.handle((_req, res) => (i === 4 ? reply(res, 404) : i === 5 ? reply(res, 503) : reply(res, 200, robotsOf(i))));
    sites.push(s);
  }
});
afterAll(async () => {
  await Promise.all(stores.map((s) => s.close()));
  await Promise.all(sites.map((s) => s.close()));
});

/** A crawler's cache with its own Redis connection (as a separate process would have). */
function crawler(logs: string[]): RobotsCache {
  const store = createRedisStore({ url: redis().url });
  stores.push(store);
  return createRobotsCache({ userAgent: 'FleetBot/1.0', store, storeTimeoutMs: 300, timeoutMs: 2_000, log: (m) => logs.push(m) });
}

/** The answer by docs/semantics.md for FleetBot on `path` of site i (rules, 404 allow all, 503 disallow all). */
function specAnswer(i: number, path: string): boolean {
  return i === 4 ? true : i === 5 ? false : expectedAnswer(i, path);
}

/** Checks /o{i}/x and / on site i through `cache`, expecting the answers by docs/semantics.md. */
async function checkSite(cache: RobotsCache, i: number): Promise<void> {
  for (const path of [`/o${i}/x`, '/']) {
    expect(await cache.isAllowed(`${sites[i]?.base}${path}`), `site ${i} ${path}`).toBe(specAnswer(i, path));
  }
}

const requests = (i: number): number => sites[i]?.count('/robots.txt') ?? -1;

/** Waits (bounded: 5 s) until the store answers a read again. */
async function storeAnswers(store: RedisStore): Promise<void> {
  for (let i = 0; i < 250; i++) {
    try {
      await store.get('probe');
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 20));
    }
  }
  throw new Error('the store did not come back in 5 s');
}

describe('Redis stopped mid-run and restarted', () => {
  it('every check answers by the rules of docs/semantics.md throughout; one log line per outage; sharing resumes', async () => {
    const logsA: string[] = [];
    const logsB: string[] = [];
    const a = crawler(logsA);
    const b = crawler(logsB);
    await storeAnswers(stores[0] as RedisStore);
    await storeAnswers(stores[1] as RedisStore);
    // Shared: A fetches, B reads Redis.
    for (const i of [0, 1]) {
      await checkSite(a, i);
      await checkSite(b, i);
      expect(requests(i)).toBe(1);
    }
    await redis().stop();
    // Down: both still answer every check, fetching for themselves; A and B each log once.
    for (const i of [2, 3, 4, 5]) {
      await checkSite(a, i);
      await checkSite(b, i);
      expect(requests(i)).toBe(2);
    }
    for (const i of [0, 1]) await checkSite(b, i); // cached in process: no request
    // One failed store call each, then the store is skipped until STORE_RETRY_MS has passed: not
    // one call per miss (4), even if a slow machine lets one retry probe in (2).
    for (const c of [a, b]) {
      expect(c.stats().storeErrors).toBeGreaterThanOrEqual(1);
      expect(c.stats().storeErrors).toBeLessThanOrEqual(2);
    }
    expect(logsA.filter((m) => m.includes('unavailable'))).toHaveLength(1);
    expect(logsB.filter((m) => m.includes('unavailable'))).toHaveLength(1);
    expect(a.stats().storeAvailable).toBe(false);
    expect(a.stats().localFallbacks).toBe(4);
    // Back (empty, no persistence): the next miss probes it, and sharing resumes.
    await redis().start();
    await storeAnswers(stores[0] as RedisStore);
    await storeAnswers(stores[1] as RedisStore);
    await new Promise((r) => setTimeout(r, 1_100)); // STORE_RETRY_MS
    await checkSite(a, 6);
    await checkSite(b, 6);
    expect(requests(6)).toBe(1);
    expect(logsA.filter((m) => m.includes('sharing resumes'))).toHaveLength(1);
    expect(a.stats().storeAvailable).toBe(true);
    expect(b.stats().storeHits).toBe(3);
  });

  it('a stalled Redis (SIGSTOP) costs each miss at most the store timeout, then answers come without it', async () => {
    const logs: string[] = [];
    const a = crawler(logs);
    const b = crawler([]);
    await storeAnswers(stores.at(-2) as RedisStore);
    await storeAnswers(stores.at(-1) as RedisStore);
    redis().pause();
    try {
      await checkSite(a, 7);
      await checkSite(a, 8); // the store is down: no second wait
      await checkSite(b, 7);
      // One timed-out store call per crawler: A's miss of site 8 did not wait on the store again.
      expect(a.stats().storeErrors).toBe(1);
      expect(b.stats().storeErrors).toBe(1);
      expect(a.stats().localFallbacks).toBe(2);
      expect(requests(7)).toBe(2);
      expect(logs.filter((m) => m.includes('unavailable'))).toHaveLength(1);
    } finally {
      redis().resume();
    }
    await new Promise((r) => setTimeout(r, 1_100));
    await checkSite(a, 9);
    await checkSite(b, 9);
    expect(requests(9)).toBe(1);
  });
});
