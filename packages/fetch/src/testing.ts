/**
 * `@robomata/fetch/testing`: the tuning constants behind the cache's defaults and policy, for
 * tests and tools that reason about them (each is documented, with what chose it, where it is
 * defined). Applications set the matching options of `createRobotsCache` instead.
 */

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
export { DEFAULT_MEMORY_STORE_BYTES } from './store.js';
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
} from './fleet.js';
export { COMPILE_IN_WORKER_MIN_BYTES } from './compile-artifact.js';
