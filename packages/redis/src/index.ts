/**
 * @robomata/redis: the Redis store of `@robomata/fetch`, so a fleet of crawler processes
 * fetches each robots.txt once and shares the compiled artifacts (see README.md).
 */

export {
  createRedisStore,
  DEFAULT_CONNECT_TIMEOUT_MS,
  RECONNECT_MAX_DELAY_MS,
} from './redis-store.js';
export type { RedisCommandClient, RedisStore, RedisStoreOptions } from './redis-store.js';
