import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '@redis/client';
import { createRedisStore } from '@robomata/redis';
import type { RedisStore } from '@robomata/redis';
import { useRedisServer } from './_fleet.js';

const redis = useRedisServer();
let store: RedisStore;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

beforeAll(async () => {
  store = createRedisStore({ url: redis().url });
  for (let i = 0; i < 250 && !(await store.get('probe').then(() => true, () => false)); i++) await sleep(20);
});
afterAll(async () => {
  await store?.close(); // undefined when redis-server did not start
});

describe('createRedisStore', () => {
  it('needs exactly one of url and client', () => {
    expect(() => createRedisStore({})).toThrow(TypeError);
    expect(() => createRedisStore({ url: 'redis://127.0.0.1:1', client: { sendCommand: () => Promise.resolve(null) } })).toThrow(TypeError);
  });

  it('stores bytes (every byte value) and expires them', async () => {
    const value = Uint8Array.from({ length: 256 }, (_, i) => i);
    await store.set('t:bytes', value, 60_000);
    expect(await store.get('t:bytes')).toEqual(value);
    await store.set('t:short', value, 50);
    await sleep(120);
    expect(await store.get('t:short')).toBeUndefined();
    expect(await store.get('t:absent')).toBeUndefined();
    await store.delete('t:bytes');
    expect(await store.get('t:bytes')).toBeUndefined();
  });

  it('reads a key of another type as an empty value, and set replaces it', async () => {
    await store.client.sendCommand(['RPUSH', 't:list', 'x']);
    expect(await store.get('t:list')).toEqual(new Uint8Array(0));
    await store.set('t:list', new Uint8Array([7]), 60_000);
    expect(await store.get('t:list')).toEqual(new Uint8Array([7]));
  });

  it('leases: one holder at a time, released only by its token, expiring by themselves', async () => {
    expect(await store.acquireLease('t:lease', 'one', 200)).toBe(true);
    expect(await store.acquireLease('t:lease', 'two', 200)).toBe(false);
    await store.releaseLease('t:lease', 'two'); // not its lease: no effect
    expect(await store.acquireLease('t:lease', 'three', 200)).toBe(false);
    await store.releaseLease('t:lease', 'one');
    expect(await store.acquireLease('t:lease', 'three', 200)).toBe(true);
    await sleep(300); // 'three' crashed: its lease expires
    expect(await store.acquireLease('t:lease', 'four', 200)).toBe(true);
  });

  it('renews a lease for the token that holds it, not for another', async () => {
    expect(await store.acquireLease('t:renew', 'holder', 200)).toBe(true);
    for (let i = 0; i < 4; i++) {
      await sleep(100);
      expect(await store.acquireLease('t:renew', 'holder', 200)).toBe(true); // renewed past 200 ms
      expect(await store.acquireLease('t:renew', 'other', 200)).toBe(false);
    }
    await sleep(300);
    expect(await store.acquireLease('t:renew', 'other', 200)).toBe(true);
  });

  it('takes over a lease key that has no expiry (never ours)', async () => {
    await store.client.sendCommand(['SET', 't:stuck', 'foreign']);
    expect(await store.acquireLease('t:stuck', 'mine', 1_000)).toBe(true);
    expect(await store.acquireLease('t:stuck', 'other', 1_000)).toBe(false);
  });

  it('uses an existing node-redis client and leaves it open on close', async () => {
    const client = createClient({ url: redis().url });
    await client.connect();
    const shared = createRedisStore({ client });
    await shared.set('t:client', new Uint8Array([1, 2]), 60_000);
    expect(await store.get('t:client')).toEqual(new Uint8Array([1, 2]));
    await shared.close();
    expect(client.isOpen).toBe(true);
    await client.close();
  });

  it('fails fast (no offline queue) while Redis is unreachable, and reconnects by itself', async () => {
    const lonely = createRedisStore({ url: 'redis://127.0.0.1:1', connectTimeoutMs: 200 });
    // Refused at once by the client (ClientOfflineError), not queued until a command timeout.
    await expect(lonely.get('x')).rejects.toThrow(/offline/);
    await expect(lonely.acquireLease('x', 'me', 1_000)).rejects.toThrow(/offline/);
    await lonely.close();
  });
});
