import { describe, expect, it } from 'vitest';
import { createRobotsCache } from '../src/cache.js';
import { STORE_RETRY_MS, robotsStoreKey } from '../src/fleet.js';
import { originOf } from '../src/origin.js';
import { createMemoryStore } from '../src/store.js';
import type { RobotsStore } from '../src/store.js';
import { reply, useRulesServers } from './_server.js';

const RULES = 'User-agent: *\nDisallow: /private/\n';
const servers = useRulesServers(RULES);

describe('createMemoryStore', () => {
  it('keeps bytes until their expiry (copies in and out)', async () => {
    let clock = 0;
    const store = createMemoryStore({ now: () => clock });
    const value = new Uint8Array([1, 2, 3]);
    await store.set('k', value, 100);
    value[0] = 9;
    const got = await store.get('k');
    expect(got).toEqual(new Uint8Array([1, 2, 3]));
    clock = 100;
    expect(await store.get('k')).toBeUndefined();
  });

  it('evicts the least recently used values past its byte budget', async () => {
    const store = createMemoryStore({ maxBytes: 10 });
    await store.set('a', new Uint8Array(4), 1_000);
    await store.set('b', new Uint8Array(4), 1_000);
    await store.get('a');
    await store.set('c', new Uint8Array(4), 1_000);
    expect(await store.get('b')).toBeUndefined();
    expect(await store.get('a')).toBeDefined();
  });

  it('leases: one holder until release or expiry; only the holder releases', async () => {
    let clock = 0;
    const store = createMemoryStore({ now: () => clock });
    expect(await store.acquireLease('l', 'x', 10)).toBe(true);
    expect(await store.acquireLease('l', 'y', 10)).toBe(false);
    await store.releaseLease('l', 'y');
    expect(await store.acquireLease('l', 'y', 10)).toBe(false);
    clock = 8;
    expect(await store.acquireLease('l', 'x', 10)).toBe(true); // renewal by its holder: until 18
    clock = 10;
    expect(await store.acquireLease('l', 'y', 10)).toBe(false);
    clock = 18;
    expect(await store.acquireLease('l', 'y', 10)).toBe(true);
    await store.releaseLease('l', 'y');
    expect(await store.acquireLease('l', 'z', 10)).toBe(true);
  });
});

/**
 * A store whose every call fails (or hangs) while `broken` is set; otherwise a memory store.
 * `calls` counts the calls made to it, `failed` those made while broken, `reads` the get calls
 * per key.
 */
function flakyStore(mode: 'reject' | 'hang'): { store: RobotsStore; broken: { on: boolean }; calls: { total: number; failed: number; reads: Map<string, number> } } {
  const inner = createMemoryStore();
  const broken = { on: false };
  const calls = { total: 0, failed: 0, reads: new Map<string, number>() };
  const wrap = <A extends unknown[], R>(f: (...args: A) => Promise<R>) => (...args: A): Promise<R> => {
    calls.total++;
    if (!broken.on) return f(...args);
    calls.failed++;
    return mode === 'reject' ? Promise.reject(new Error('connection refused')) : new Promise<R>(() => undefined);
  };
  const get = wrap(inner.get);
  return {
    broken,
    calls,
    store: {
      get: (key) => {
        calls.reads.set(key, (calls.reads.get(key) ?? 0) + 1);
        return get(key);
      },
      set: wrap(inner.set),
      delete: wrap(inner.delete),
      acquireLease: wrap(inner.acquireLease),
      releaseLease: wrap(inner.releaseLease),
    },
  };
}

describe('createRobotsCache with a shared store', () => {
  it('two caches on one store: one request; the second reads the record', async () => {
    const store = createMemoryStore();
    const one = createRobotsCache({ userAgent: 'RobomataTest/1.0', store });
    const two = createRobotsCache({ userAgent: 'RobomataTest/1.0', store });
    const before = servers.a.count('/robots.txt');
    const answers = await Promise.all([one.isAllowed(`${servers.a.base}/private/x`), two.isAllowed(`${servers.a.base}/private/x`)]);
    expect(answers).toEqual([false, false]);
    expect(servers.a.count('/robots.txt') - before).toBe(1);
    expect(one.stats().fetches + two.stats().fetches).toBe(1);
    expect(one.stats().storeHits + two.stats().storeHits).toBe(1);
  });

  it('rejects a namespace with braces (it would break the Redis Cluster hash tag)', () => {
    expect(() => createRobotsCache({ userAgent: 'X', store: createMemoryStore(), storeNamespace: 'a{b}' })).toThrow(TypeError);
  });

  it.each(['reject', 'hang'] as const)('a store that starts to %s: answers go on, logged once, sharing resumes', async (mode) => {
    const { store, broken, calls } = flakyStore(mode);
    const logs: string[] = [];
    const cache = createRobotsCache({ userAgent: 'RobomataTest/1.0', store, storeTimeoutMs: 100, log: (m) => logs.push(m) });
    broken.on = true;
    for (let i = 0; i < 3; i++) {
      cache.clear();
      expect(await cache.isAllowed(`${servers.a.base}/private/x`)).toBe(false);
      expect(await cache.isAllowed(`${servers.a.base}/public`)).toBe(true);
    }
    // One failed (or timed-out) call, then the store is skipped until STORE_RETRY_MS has passed:
    // not one call per miss (3), even if a slow machine lets one retry probe in (2).
    expect(calls.failed).toBeGreaterThanOrEqual(1);
    expect(calls.failed).toBeLessThanOrEqual(2);
    expect(cache.stats().storeErrors).toBe(calls.failed);
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatch(/unavailable/);
    expect(cache.stats()).toMatchObject({ fetches: 3, localFallbacks: 3, storeAvailable: false });
    broken.on = false;
    await new Promise((r) => setTimeout(r, STORE_RETRY_MS + 50));
    cache.clear();
    expect(await cache.isAllowed(`${servers.a.base}/private/x`)).toBe(false);
    expect(logs).toHaveLength(2);
    expect(logs[1]).toMatch(/sharing resumes/);
    expect(cache.stats()).toMatchObject({ storeWrites: 1, storeAvailable: true });
  });

  it('a live holder slower than leaseMs renews its lease: the waiter does not fetch too', async () => {
    const store = createMemoryStore();
    const slow = createRobotsCache({ userAgent: 'RobomataTest/1.0', store, leaseMs: 150 });
    const waiter = createRobotsCache({ userAgent: 'RobomataTest/1.0', store, leaseMs: 150 });
    servers.b.handle((_req, res) => setTimeout(() => reply(res, 200, RULES), 700));
    const before = servers.b.count('/robots.txt');
    const first = slow.isAllowed(`${servers.b.base}/private/x`);
    await new Promise((r) => setTimeout(r, 50));
    const second = waiter.isAllowed(`${servers.b.base}/private/x`);
    expect(await Promise.all([first, second])).toEqual([false, false]);
    expect(servers.b.count('/robots.txt') - before).toBe(1);
    expect(waiter.stats()).toMatchObject({ fetches: 0, storeHits: 1, leaseWaits: 1 });
  });

  it('gives up waiting for a lease holder after leaseWaitMs and fetches itself', async () => {
    const { store, calls } = flakyStore('reject');
    const cache = createRobotsCache({ userAgent: 'RobomataTest/1.0', store, leaseMs: 60_000, leaseWaitMs: 300 });
    const key = robotsStoreKey(originOf(servers.a.base).origin);
    await store.acquireLease(`${key}:lease`, 'someone else', 60_000);
    expect(await cache.isAllowed(`${servers.a.base}/private/x`)).toBe(false);
    // It polled the record while waiting, then gave up and fetched: the first read and at least
    // one after a sleep, and about the doubling schedule's reads in 300 ms (0, 25, 75, 175 and
    // 300 ms, a few more when timers fire a hair early), not a busy loop, however slow the machine.
    expect(calls.reads.get(key)).toBeGreaterThanOrEqual(2);
    expect(calls.reads.get(key)).toBeLessThanOrEqual(10);
    expect(cache.stats()).toMatchObject({ waitTimeouts: 1, fetches: 1 });
  });
});
