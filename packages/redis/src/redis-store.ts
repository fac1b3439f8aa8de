/**
 * The {@link RobotsStore} of `@robomata/fetch` on Redis, with node-redis (`@redis/client`).
 *
 * Commands, one key each (so every command of an origin hashes to the slot of its `{origin}`
 * hash tag on Redis Cluster):
 * - `get`: `GET key` as bytes; a key of another type (`WRONGTYPE`) reads as an empty value,
 *   which the cache rejects and counts like any other foreign value;
 * - `set`: `SET key value PX ttl` (replaces a value of any type);
 * - `acquireLease`: in one script, `SET lease token PX ttl` when the key is absent, `PEXPIRE`
 *   when it already holds `token` (renewal), and a takeover of a lease key without expiry
 *   (never one of ours: a foreign value must not block the origin forever);
 * - `releaseLease`: compare-and-delete in a script (`GET` = token, then `DEL`).
 *
 * A server that stops answering (stalled, paused, a network partition) is bounded by the
 * cache's `storeTimeoutMs`, which wraps every call (node-redis's own per-command `timeout`
 * only covers the time a command waits to be written, see `commandTimeoutMs`). The
 * client made from `url` does not queue commands while disconnected (`disableOfflineQueue`), so
 * they fail at once and the cache falls back to fetching in-process, and it reconnects by
 * itself with a capped backoff.
 */

import { RESP_TYPES, createClient } from '@redis/client';
import type { RobotsStore } from '@robomata/fetch';

/** The part of a node-redis client the store uses (`createClient()` of `redis`/`@redis/client`). */
export interface RedisCommandClient {
  /** Sends one command (`['GET', key]`, ...) and resolves with its reply. */
  sendCommand(args: ReadonlyArray<string | Buffer>, options?: { timeout?: number; typeMapping?: object }): Promise<unknown>;
}

/** Options of {@link createRedisStore}: either `url` (the store owns a new client) or `client`. */
export interface RedisStoreOptions {
  /** `redis://[[user]:password@]host[:port][/db]` or `rediss://...` for TLS. */
  readonly url?: string;
  /** An existing node-redis client (connected by its owner; {@link RedisStore.close} leaves it open). */
  readonly client?: RedisCommandClient;
  /**
   * node-redis `timeout` of each command, which bounds only the time queued before the write.
   * Default: none, also for a client given as `client` (node-redis's own default, 5 s, is
   * overridden; the cache bounds every call with its `storeTimeoutMs`, and a queue timeout
   * only turns a backed-up socket into false outages).
   */
  readonly commandTimeoutMs?: number;
  /** Timeout of one connection attempt (client made from `url`). Default {@link DEFAULT_CONNECT_TIMEOUT_MS}. */
  readonly connectTimeoutMs?: number;
  /** Called with each client error (connection lost, refused...). Default: ignored (the cache logs outages once). */
  readonly onError?: (err: Error) => void;
}

/** A {@link RobotsStore} on Redis. */
export interface RedisStore extends RobotsStore {
  /** The node-redis client in use. */
  readonly client: RedisCommandClient;
  /** Closes the client if the store created it (from `url`); resolves when closed. */
  close(): Promise<void>;
}

/** Default connection attempt timeout: 1 s (a LAN connect takes well under 10 ms). */
export const DEFAULT_CONNECT_TIMEOUT_MS = 1_000;
/** Longest wait between reconnection attempts: 1 s, so sharing resumes within about a second of Redis returning. */
export const RECONNECT_MAX_DELAY_MS = 1_000;

const _ACQUIRE_LEASE = `local kind = redis.call('TYPE', KEYS[1]).ok
if kind == 'none' then redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2]) return 1 end
if kind == 'string' and redis.call('GET', KEYS[1]) == ARGV[1] then redis.call('PEXPIRE', KEYS[1], ARGV[2]) return 1 end
if redis.call('PTTL', KEYS[1]) == -1 then redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2]) return 1 end
return 0`;
const _RELEASE_LEASE = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0`;
const _BYTES = { [RESP_TYPES.BLOB_STRING]: Buffer };

/**
 * Returns a {@link RedisStore}. With `url` it creates a client and starts connecting in the
 * background (returns at once; calls made during the first connection attempt wait for it,
 * within the cache's bound; after a failed attempt they fail at once and the cache fetches
 * in-process while the client reconnects);
 * with `client` it uses that one. Throws a `TypeError` when neither or both are given.
 * Each call is one round trip.
 */
export function createRedisStore(options: RedisStoreOptions): RedisStore {
  if ((options.url === undefined) === (options.client === undefined)) {
    throw new TypeError('createRedisStore: give exactly one of options.url and options.client');
  }
  const timeout = options.commandTimeoutMs ?? 0; // node-redis: 0 = no timeout
  const onError = options.onError ?? (() => undefined);
  let owned: ReturnType<typeof createClient> | undefined;
  let client: RedisCommandClient;
  // Until the first connection attempt ends (ready or failed), calls wait for it rather than
  // failing as "offline": a crawler starting next to a healthy Redis shares from its first miss.
  let starting: Promise<void> | undefined;
  if (options.url !== undefined) {
    owned = createClient({
      url: options.url,
      disableOfflineQueue: true,
      // node-redis 6 times out commands queued 5 s before their write; the cache bounds each
      // call itself, and a queue timeout only turns a backed-up socket into false outages.
      commandOptions: { timeout },
      socket: {
        connectTimeout: options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS,
        reconnectStrategy: (retries: number) => Math.min(50 * 2 ** Math.min(retries, 5), RECONNECT_MAX_DELAY_MS),
      },
    });
    owned.on('error', (err: unknown) => onError(err instanceof Error ? err : new Error(String(err))));
    const c = owned;
    starting = new Promise<void>((resolve) => {
      c.once('ready', resolve);
      c.once('error', resolve);
    }).then(() => {
      starting = undefined;
    });
    owned.connect().catch((err: unknown) => onError(err instanceof Error ? err : new Error(String(err))));
    client = owned as unknown as RedisCommandClient;
  } else {
    client = options.client as RedisCommandClient;
  }
  const send = async (args: ReadonlyArray<string | Buffer>, bytes = false): Promise<unknown> => {
    if (starting !== undefined) await starting;
    return client.sendCommand(args, { timeout, ...(bytes ? { typeMapping: _BYTES } : {}) });
  };
  return {
    client,
    async get(key) {
      try {
        const value = await send(['GET', key], true);
        return value === null || value === undefined ? undefined : new Uint8Array(value as Buffer);
      } catch (err) {
        if (err instanceof Error && err.message.startsWith('WRONGTYPE')) return new Uint8Array(0);
        throw err;
      }
    },
    async set(key, value, ttlMs) {
      await send(['SET', key, Buffer.from(value.buffer, value.byteOffset, value.byteLength), 'PX', String(Math.max(1, Math.round(ttlMs)))]);
    },
    async delete(key) {
      await send(['DEL', key]);
    },
    async acquireLease(key, token, ttlMs) {
      return (await send(['EVAL', _ACQUIRE_LEASE, '1', key, token, String(Math.max(1, Math.round(ttlMs)))])) === 1;
    },
    async releaseLease(key, token) {
      await send(['EVAL', _RELEASE_LEASE, '1', key, token]);
    },
    async close() {
      if (owned === undefined) return;
      const c = owned;
      owned = undefined;
      if (c.isOpen) await c.close();
      else c.destroy();
    },
  };
}
