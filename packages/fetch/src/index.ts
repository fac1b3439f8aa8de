/**
 * @robomata/fetch: fetches, caches and applies robots.txt per origin following RFC 9309
 * section 2.3 and 2.4 and Google's documented behaviour (SPEC.md section 9).
 */

export { originOf } from './origin.js';
export type { RobotsOrigin } from './origin.js';
export { fetchRobotsTxt } from './fetch-robots.js';
export type { FetchOutcome, FetchRobotsOptions, FetchStatusClass } from './fetch-robots.js';
export {
  createRobotsCache,
  retryDelayMs,
  CACHE_TTL_MS,
  DEFAULT_FETCH_MAX_BYTES,
  DEFAULT_MAX_ENTRIES,
  DEFAULT_MAX_REDIRECTS,
  DEFAULT_TIMEOUT_MS,
  FAILURE_GRACE_MS,
  RETRY_BASE_MS,
  RETRY_MAX_MS,
} from './cache.js';
export type { CachedRobots, RobotsCache, RobotsCacheOptions, RobotsPolicy, RobotsStatusClass } from './cache.js';
