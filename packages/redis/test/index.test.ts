import { describe, expect, it } from 'vitest';
import * as main from '../src/index.js';
import * as testing from '../src/testing.js';

describe('@robomata/redis entry points', () => {
  it('the main entry exports the store factory only; ./testing the tuning constants and the test server', () => {
    expect(Object.keys(main)).toEqual(['createRedisStore']);
    expect(Object.keys(testing).sort()).toEqual(['DEFAULT_CONNECT_TIMEOUT_MS', 'RECONNECT_MAX_DELAY_MS', 'REDIS_SERVER_MISSING', 'REDIS_START_TIMEOUT_MS', 'findFreePort', 'startRedisServer']);
  });
});
