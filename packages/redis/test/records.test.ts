import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORMAT_VERSION } from '@robomata/runtime';
import { createRobotsCache, originOf, robotsStoreKey } from '@robomata/fetch';
import { createRedisStore } from '@robomata/redis';
import type { RedisStore } from '@robomata/redis';
import { reply, robotsOf, startTestServer, useRedisServer } from './_fleet.js';
import type { TestServer } from './_fleet.js';

const redis = useRedisServer();
let site: TestServer;
let other: TestServer;
let store: RedisStore;

beforeAll(async () => {
  site = await startTestServer();
  other = await startTestServer();
  site.handle((_req, res) => reply(res, 200, robotsOf(1)));
  other.handle((_req, res) => reply(res, 200, robotsOf(2)));
  store = createRedisStore({ url: redis().url });
  for (let i = 0; i < 250; i++) {
    if (await store.get('probe').then(() => true, () => false)) break;
    await new Promise((r) => setTimeout(r, 20));
  }
});
afterAll(async () => {
  // Each may be undefined when redis-server did not start: one error per file, not a TypeError.
  await store?.close();
  await site?.close();
  await other?.close();
});

const key = (base: string): string => robotsStoreKey(originOf(base).origin);
/** A fresh process's cache (empty in-process tier) on the shared store. */
const fresh = () => createRobotsCache({ userAgent: 'FleetBot/1.0', store, log: () => undefined });

/** Stores a valid record for `site` (one fetch) and returns its bytes. */
async function validRecord(): Promise<Uint8Array> {
  await store.delete(key(site.base));
  await fresh().isAllowed(`${site.base}/`);
  const bytes = await store.get(key(site.base));
  if (bytes === undefined) throw new Error('no record written');
  return bytes;
}

const flipped = (b: Uint8Array, at: number): Uint8Array => {
  const c = b.slice();
  c[at] = (c[at] as number) ^ 0x10;
  return c;
};

describe('corrupt and foreign values under our keys', () => {
  it('keys carry the namespace, the artifact FORMAT_VERSION, the profile and an {origin} hash tag', () => {
    expect(key(site.base)).toBe(`robomata:v${FORMAT_VERSION}:rfc9309:{${site.base}}`);
  });

  const cases: [string, (good: Uint8Array) => Promise<void>][] = [
    ['random bytes', (_g) => store.set(key(site.base), Uint8Array.from({ length: 300 }, (_, i) => (i * 37) & 255), 60_000)],
    ['a text value', (_g) => store.set(key(site.base), new TextEncoder().encode('User-agent: *\nDisallow: /\n'), 60_000)],
    ['an empty value', (_g) => store.set(key(site.base), new Uint8Array(0), 60_000)],
    ['a hash (WRONGTYPE)', async (_g) => {
      await store.delete(key(site.base));
      await store.client.sendCommand(['HSET', key(site.base), 'robots', 'txt']);
    }],
    ['a truncated record', (g) => store.set(key(site.base), g.subarray(0, g.byteLength - 9), 60_000)],
    ['a record with one flipped bit in its artifact', (g) => store.set(key(site.base), flipped(g, g.byteLength - 20), 60_000)],
    ['a record with one flipped bit in its header', (g) => store.set(key(site.base), flipped(g, 40), 60_000)],
    ['a valid record of another origin', async (_g) => {
      await store.delete(key(other.base));
      await fresh().isAllowed(`${other.base}/`);
      const foreign = await store.get(key(other.base));
      await store.set(key(site.base), foreign as Uint8Array, 60_000);
    }],
  ];

  it.each(cases)('%s: rejected, re-fetched, counted, and replaced by a good record', async (_name, plant) => {
    const good = await validRecord();
    await plant(good);
    const before = site.count('/robots.txt');
    const cache = fresh();
    expect(await cache.isAllowed(`${site.base}/o1/x`)).toBe(false);
    expect(await cache.isAllowed(`${site.base}/o2/x`)).toBe(true);
    expect(cache.stats()).toMatchObject({ rejectedRecords: 1, fetches: 1, storeWrites: 1 });
    expect(site.count('/robots.txt')).toBe(before + 1);
    // The next process reads the replaced record: no request, nothing rejected.
    const next = fresh();
    expect(await next.isAllowed(`${site.base}/o1/x`)).toBe(false);
    expect(next.stats()).toMatchObject({ rejectedRecords: 0, fetches: 0, storeHits: 1 });
    expect(site.count('/robots.txt')).toBe(before + 1);
  });

  it('a foreign value without expiry under the lease key does not block the origin', async () => {
    await store.delete(key(site.base));
    await store.client.sendCommand(['SET', `${key(site.base)}:lease`, 'not ours']);
    const before = site.count('/robots.txt');
    const cache = fresh();
    expect(await cache.isAllowed(`${site.base}/o1/x`)).toBe(false);
    expect(cache.stats()).toMatchObject({ fetches: 1, waitTimeouts: 0, storeWrites: 1 });
    expect(site.count('/robots.txt')).toBe(before + 1);
  });
});
