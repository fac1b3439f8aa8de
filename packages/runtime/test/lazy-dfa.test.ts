// Tier 1's state cache (lazy-dfa.ts): transitions are 16-bit state ids, so a group's cache holds
// at most 32,768 states whatever tierTuning.budgetBytes allows; past that it flushes, and the
// answers stay exact across the flushes.
import { afterEach, describe, expect, it } from 'vitest';
import { compileRobots } from '@robomata/compiler';
import { tierOf, tierTuning } from '@robomata/runtime/testing';

const DEFAULT_TIER = { ...tierTuning };

describe('tier 1 state cache', () => {
  afterEach(() => Object.assign(tierTuning, DEFAULT_TIER));

  it('flushes at 32,768 states when the budget would allow more, and keeps answering exactly', () => {
    // 40,000 literal paths of distinct ranks: each path read to its end is a state of its own.
    const names = Array.from({ length: 40_000 }, (_, i) => i.toString(36).padStart(4, '0'));
    const robots = compileRobots(`User-agent: *\n${names.map((n) => `Disallow: /d/${n}\n`).join('')}`, { profile: 'rfc9309', maxBytes: 1 << 22 });
    Object.assign(tierTuning, { threshold: 0, budgetBytes: 1 << 28, maxPositions: 1 << 22, checkWork: 1 << 30, minChecksPerFlush: 0 });
    const rules = robots.agent('bot');
    let most = 0;
    for (let k = 0; k < names.length; k++) {
      expect(rules.isAllowed(`https://example.com/d/${names[k] as string}`)).toBe(false);
      if (k % 997 === 0) expect(rules.isAllowed(`/d/${names[k] as string}x`.replace('/d/', '/e/'))).toBe(true);
      most = Math.max(most, tierOf(rules).states);
    }
    const t = tierOf(rules);
    expect(t.tier).toBe(1);
    expect(t.flushes).toBeGreaterThan(0);
    expect(most).toBeGreaterThan(30_000);
    expect(most).toBeLessThan(32_768);
    // After the flushes, paths seen before are built again and answered the same.
    // Rule k (`Disallow: /d/<name k>`) is on line k + 2 and is the one that decides.
    for (let k = 0; k < names.length; k += 101) expect(robots.rule(rules.decide(`/d/${names[k] as string}/more`)).line).toBe(k + 2);
  });
});
