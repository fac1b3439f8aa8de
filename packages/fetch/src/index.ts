/**
 * @robomata/fetch: fetches, caches and applies robots.txt per origin following RFC 9309
 * section 2.3 and 2.4 and Google's documented behaviour (docs/semantics.md section 9), in one process or
 * across a fleet sharing a {@link RobotsStore}.
 */

export { originOf } from './origin.js';
export type { RobotsOrigin } from './origin.js';
export { fetchRobotsTxt } from './fetch-robots.js';
export type { FetchOutcome, FetchRobotsOptions, FetchStatusClass } from './fetch-robots.js';
export { createRobotsCache } from './cache.js';
export type { CachedRobots, RobotsCache, RobotsCacheOptions, RobotsPolicy, RobotsStatusClass } from './cache.js';
export {
  retryDelayMs,
  CACHE_TTL_MS,
  DEFAULT_FETCH_MAX_BYTES,
  DEFAULT_MAX_CACHE_BYTES,
  DEFAULT_MAX_ENTRIES,
  DEFAULT_MAX_REDIRECTS,
  DEFAULT_TIMEOUT_MS,
  ENTRY_OVERHEAD_BYTES,
  FAILURE_GRACE_MS,
  RETRY_BASE_MS,
  RETRY_MAX_MS,
} from './policy.js';
export { createMemoryStore, DEFAULT_MEMORY_STORE_BYTES } from './store.js';
export type { MemoryStoreOptions, RobotsStore } from './store.js';
export {
  DEFAULT_STORE_NAMESPACE,
  DEFAULT_STORE_RETENTION_MS,
  DEFAULT_STORE_TIMEOUT_MS,
  DEFAULT_LEASE_MS,
  DEFAULT_LEASE_WAIT_MS,
  LEASE_POLL_FIRST_MS,
  LEASE_POLL_MAX_MS,
  STORE_RETRY_MS,
  STORE_TIMEOUT_EXTENSIONS,
  robotsStoreKey,
} from './fleet.js';
export type { RobotsCacheStats } from './fleet.js';
export { COMPILE_IN_WORKER_MIN_BYTES } from './compile-artifact.js';
export type { CompileSite } from './compile-artifact.js';
