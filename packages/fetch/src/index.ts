/**
 * @robomata/fetch: fetches, caches and applies robots.txt per origin following RFC 9309
 * section 2.3 and 2.4 and Google's documented behaviour (docs/semantics.md section 9), in one process or
 * across a fleet sharing a {@link RobotsStore}. Tuning constants (the defaults of the options,
 * the backoff schedule) are exported by `@robomata/fetch/testing`.
 */

export { originOf } from './origin.js';
export type { RobotsOrigin } from './origin.js';
export { fetchRobotsTxt } from './fetch-robots.js';
export type { FetchOutcome, FetchRobotsOptions, FetchStatusClass } from './fetch-robots.js';
export { createRobotsCache } from './cache.js';
export type { RobotsCache, RobotsCacheOptions } from './cache.js';
export type { CachedRobots, RobotsPolicy, RobotsStatusClass } from './entry.js';
export { createMemoryStore } from './store.js';
export type { MemoryStoreOptions, RobotsStore } from './store.js';
export { robotsStoreKey } from './fleet.js';
export type { RobotsCacheStats } from './fleet.js';
export type { CompileSite } from './compile-artifact.js';
