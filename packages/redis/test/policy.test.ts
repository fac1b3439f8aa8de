import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRobotsCache } from '@robomata/fetch';
import { CACHE_TTL_MS, FAILURE_GRACE_MS, retryDelayMs } from '@robomata/fetch/testing';
import type { RobotsCache } from '@robomata/fetch';
import { createRedisStore } from '@robomata/redis';
import type { RedisStore } from '@robomata/redis';
import { reply, robotsOf, startTestServer, useRedisServer } from './_fleet.js';
import type { TestServer } from './_fleet.js';

const redis = useRedisServer();
let site: TestServer;
let status = 200;
let maxAge: number | undefined;
const stores: RedisStore[] = [];
let clock = 1_700_000_000_000;

beforeAll(async () => {
  site = await startTestServer();
  site.handle((_req, res) => {
    const headers: Record<string, string> = maxAge === undefined ? {} : { 'cache-control': `max-age=${maxAge}` };
    reply(res, status, status === 200 ? robotsOf(0) : '', headers);
  });
});
afterAll(async () => {
  await Promise.all(stores.map((s) => s.close()));
  await site?.close(); // undefined when redis-server did not start
});

/** Two crawlers (each with its own connection) on one fake clock, a fresh namespace per test. */
async function twoCrawlers(namespace: string): Promise<[RobotsCache, RobotsCache]> {
  const make = async (): Promise<RobotsCache> => {
    const store = createRedisStore({ url: redis().url });
    stores.push(store);
    for (let i = 0; i < 250 && !(await store.get('probe').then(() => true, () => false)); i++) await new Promise((r) => setTimeout(r, 20));
    return createRobotsCache({ userAgent: 'FleetBot/1.0', store, storeNamespace: namespace, now: () => clock, log: () => undefined });
  };
  return [await make(), await make()];
}

/** Robots.txt requests made while `body` runs. */
async function requestsDuring(body: () => Promise<unknown>): Promise<number> {
  const before = site.count('/robots.txt');
  await body();
  return site.count('/robots.txt') - before;
}

describe('expiry and backoff across the fleet (fake clock)', () => {
  it('max-age expiry: one refetch per expiry for the whole fleet, by whichever process comes first', async () => {
    status = 200;
    maxAge = 60;
    const [a, b] = await twoCrawlers('expiry');
    const url = `${site.base}/o0/x`;
    expect(await requestsDuring(() => a.isAllowed(url))).toBe(1);
    expect(await requestsDuring(() => b.isAllowed(url))).toBe(0);
    clock += 59_000;
    expect(await requestsDuring(async () => (await a.isAllowed(url)) || (await b.isAllowed(url)))).toBe(0);
    clock += 2_000;
    expect(await requestsDuring(() => b.isAllowed(url))).toBe(1);
    expect(await requestsDuring(() => a.isAllowed(url))).toBe(0);
    expect((await a.get(url)).expiresAt).toBe(clock + 60_000);
    maxAge = 10 * 24 * 3600; // capped at 24 h
    clock += 61_000;
    expect(await requestsDuring(() => a.isAllowed(url))).toBe(1);
    expect((await b.get(url)).expiresAt).toBe(clock + CACHE_TTL_MS);
    maxAge = undefined;
  });

  it('backoff: the failure count and the retry time are shared; no request before the backoff expires', async () => {
    status = 503;
    const [a, b] = await twoCrawlers('backoff');
    const url = `${site.base}/o0/x`;
    const start = clock;
    expect(await requestsDuring(() => a.isAllowed(`${site.base}/anything`))).toBe(1);
    expect(await b.isAllowed(`${site.base}/anything`)).toBe(false);
    for (let n = 1; n <= 4; n++) {
      const got = await b.get(url);
      expect(got).toMatchObject({ policy: 'disallow-all', failures: n, failingSince: start });
      expect(got.expiresAt).toBe(got.fetchedAt + retryDelayMs(n));
      clock = got.expiresAt - 1;
      expect(await requestsDuring(() => Promise.all([a.get(url), b.get(url)]))).toBe(0);
      clock += 1;
      const next = n % 2 === 0 ? a : b; // alternate the process that retries
      expect(await requestsDuring(() => next.get(url))).toBe(1);
    }
  });

  it('after 30 days of failure every process uses the last good copy another process fetched', async () => {
    status = 200;
    const [a, b] = await twoCrawlers('grace');
    const url = `${site.base}/o0/x`;
    expect(await a.isAllowed(url)).toBe(false); // rules: FleetBot may not fetch /o0/
    expect(await a.isAllowed(`${site.base}/o1/x`)).toBe(true);
    status = 503;
    clock += CACHE_TTL_MS;
    const failingSince = clock;
    let turns = 0;
    // Bounded: the backoff reaches 6 h, so 30 days take fewer than 130 retries.
    while (clock - failingSince < FAILURE_GRACE_MS && turns < 200) {
      const got = await (turns % 2 === 0 ? b : a).get(url);
      expect(got.policy).toBe('disallow-all');
      clock = got.expiresAt;
      turns++;
    }
    expect(turns).toBeLessThan(200);
    const got = await b.get(url);
    expect(got).toMatchObject({ policy: 'last-good', failingSince });
    expect(await b.isAllowed(url)).toBe(false);
    expect(await b.isAllowed(`${site.base}/o1/x`)).toBe(true);
    expect(await a.isAllowed(`${site.base}/o1/x`)).toBe(true);
    status = 200;
  });
});
