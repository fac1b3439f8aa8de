import { describe, expect, it } from 'vitest';
import * as main from '../src/index.js';
import * as testing from '../src/testing.js';

describe('@robomata/fetch entry points', () => {
  it('the main entry exports what callers use, and no constant', () => {
    expect(Object.keys(main).sort()).toEqual(['createMemoryStore', 'createRobotsCache', 'fetchRobotsTxt', 'originOf', 'robotsStoreKey']);
  });

  it('./testing exports the tuning constants (SCREAMING_SNAKE numbers and the namespace) and the backoff schedule', () => {
    const names = Object.keys(testing).sort();
    expect(names).toContain('retryDelayMs');
    expect(names).toContain('COMPILE_IN_WORKER_MIN_BYTES');
    expect(names.filter((n) => n !== 'retryDelayMs').every((n) => /^[A-Z][A-Z0-9_]*$/.test(n))).toBe(true);
    expect(names).toHaveLength(22);
    expect(testing.retryDelayMs(1)).toBe(testing.RETRY_BASE_MS);
  });
});
