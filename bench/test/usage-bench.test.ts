// The usage() line of the bench (usage-bench.ts) and the timing loop it shares with the compile
// timings (measure.ts timeOp): work done and shape of the result, never wall time.
import { describe, expect, it } from 'vitest';
import { timeOp } from '../src/measure.js';
import { measureUsage } from '../src/usage-bench.js';

describe('timeOp', () => {
  it('calls fn until the minimum time has passed, in every repeat, and returns ms per call', () => {
    let calls = 0;
    const ms = timeOp(() => ++calls, 3, 1);
    expect(calls).toBeGreaterThanOrEqual(3);
    expect(Number.isFinite(ms) && ms > 0).toBe(true);
  });
});

describe('measureUsage', () => {
  it('measures usage(), signal() and isAllowed() on the same 1,000 URLs (GC counted only with --expose-gc)', async () => {
    const line = await measureUsage('rfc9309', 1, 7);
    expect(line.urls).toBe(1_000);
    for (const ns of [line.usageNs, line.signalNs, line.isAllowedNs, line.isAllowedWithoutPreferencesNs]) expect(Number.isFinite(ns) && ns > 0).toBe(true);
    expect(Number.isInteger(line.gcEvents) && line.gcEvents >= -1).toBe(true);
  });
});
