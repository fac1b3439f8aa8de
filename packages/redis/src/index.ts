/**
 * @robomata/redis: the Redis store of `@robomata/fetch`, so a fleet of crawler processes
 * fetches each robots.txt once and shares the compiled artifacts (see README.md). Its tuning
 * constants and a throwaway redis-server for tests are exported by `@robomata/redis/testing`.
 */

export { createRedisStore } from './redis-store.js';
export type { RedisCommandClient, RedisStore, RedisStoreOptions } from './redis-store.js';
