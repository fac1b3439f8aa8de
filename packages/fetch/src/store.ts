/**
 * The shared tier of the robots.txt cache: a store of cache records (bytes) and fetch leases
 * that several caches, processes or machines can share (`@robomata/redis` implements it on
 * Redis; {@link createMemoryStore} is the in-process implementation).
 *
 * A store only moves bytes and leases; the cache decides what the bytes mean, validates them
 * on every read and bounds every call with its own timeout, so a store may fail or hang
 * without stopping a crawl (see `createRobotsCache`'s `store` option).
 */

import { LRUCache } from 'lru-cache';

/**
 * A key/value store with expiry and leases. Keys are chosen by the cache
 * (`{namespace}:v{FORMAT_VERSION}:{profile}:{{origin}}` and the same plus `:lease`).
 *
 * Contract: every method may reject (the cache then falls back to fetching in-process); a value
 * read back may be anything (the cache validates it and discards what does not load).
 */
export interface RobotsStore {
  /** Returns the bytes stored under `key`, or `undefined` when there are none (or they expired). */
  get(key: string): Promise<Uint8Array | undefined>;
  /** Stores `value` under `key` for `ttlMs` milliseconds (replacing any value of any type). */
  set(key: string, value: Uint8Array, ttlMs: number): Promise<void>;
  /** Deletes `key` (no error when it is absent). */
  delete(key: string): Promise<void>;
  /**
   * Takes the lease `key` for `ttlMs` milliseconds when nobody holds it (Redis `SET NX PX`), or
   * extends it by `ttlMs` from now when `token` already holds it (renewal): resolves true when
   * this caller now holds it under `token`. A lease expires by itself, so a crashed holder
   * (which stops renewing) blocks the others for at most `ttlMs`.
   */
  acquireLease(key: string, token: string, ttlMs: number): Promise<boolean>;
  /** Releases the lease `key` if it is still held under `token` (never someone else's). */
  releaseLease(key: string, token: string): Promise<void>;
}

/** Options of {@link createMemoryStore}. */
export interface MemoryStoreOptions {
  /** Bytes of values kept, least recently used evicted first. Default 64 MiB. */
  readonly maxBytes?: number;
  /** Clock in milliseconds for expiry. Default `Date.now`. */
  readonly now?: () => number;
}

/** Default byte budget of {@link createMemoryStore}: 64 MiB. */
export const DEFAULT_MEMORY_STORE_BYTES = 64 * 1024 * 1024;

/**
 * Returns an in-process {@link RobotsStore} (an `lru-cache` with a byte budget, values kept
 * until their expiry). It shares records and leases between caches of one process; it is the
 * reference implementation of the contract and what the store tests run without Redis.
 * Every operation is O(1) plus copying the value.
 */
export function createMemoryStore(options: MemoryStoreOptions = {}): RobotsStore {
  const now = options.now ?? Date.now;
  const maxSize = options.maxBytes ?? DEFAULT_MEMORY_STORE_BYTES;
  const values = new LRUCache<string, { readonly value: Uint8Array; readonly until: number }>({
    maxSize,
    sizeCalculation: (v) => Math.min(Math.max(v.value.byteLength, 1), maxSize),
  });
  const leases = new Map<string, { readonly token: string; readonly until: number }>();
  return {
    get(key) {
      const hit = values.get(key);
      if (hit === undefined) return Promise.resolve(undefined);
      if (now() >= hit.until) {
        values.delete(key);
        return Promise.resolve(undefined);
      }
      return Promise.resolve(hit.value.slice());
    },
    set(key, value, ttlMs) {
      values.set(key, { value: value.slice(), until: now() + ttlMs });
      return Promise.resolve();
    },
    delete(key) {
      values.delete(key);
      return Promise.resolve();
    },
    acquireLease(key, token, ttlMs) {
      const held = leases.get(key);
      if (held !== undefined && held.token !== token && now() < held.until) return Promise.resolve(false);
      leases.set(key, { token, until: now() + ttlMs });
      return Promise.resolve(true);
    },
    releaseLease(key, token) {
      if (leases.get(key)?.token === token) leases.delete(key);
      return Promise.resolve();
    },
  };
}
