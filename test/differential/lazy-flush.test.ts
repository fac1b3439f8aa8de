/**
 * The lazy DFA (walks past frontier states) flushes its cache when full and rebuilds states on
 * demand: answers must not change across flushes. Wildcard rules over a 3-letter alphabet and
 * long random URLs visit far more distinct NFA sets than the cache holds.
 */
import { describe, expect, it } from 'vitest';
import { compileRobots } from '@robomata/compiler';
import { createReferenceMatcher } from '@robomata/reference';
import { LAZY_POOL_WORDS, LAZY_STATE_CAPACITY } from '../../packages/runtime/src/matcher.js';

function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('lazy DFA cache flushes', () => {
  it('gives the reference answers while flushing (isAllowed and decide, both profiles)', () => {
    const rand = rng(42);
    const word = (n: number): string => Array.from({ length: n }, () => 'abc'[Math.floor(rand() * 3)]).join('');
    const lines = ['User-agent: *'];
    for (let i = 0; i < 40; i++) {
      const allow = rand() < 0.3;
      const stars = Array.from({ length: allow ? 5 : 6 + Math.floor(rand() * 4) }, () => word(1 + Math.floor(rand() * 3))).join('*');
      lines.push(`${allow ? 'Allow' : 'Disallow'}: /*${stars}${rand() < 0.3 ? '$' : ''}`);
    }
    const txt = lines.join('\n') + '\n';
    const urls = Array.from({ length: 60 }, (_, k) => '/' + word(k % 3 === 0 ? 30 : 400));
    for (const profile of ['rfc9309', 'google'] as const) {
      const robots = compileRobots(txt, { profile, stateCap: 4 });
      const rules = robots.agent('bot');
      // Pin the cache at its initial size so it must flush instead of growing,
      // and never finish a walk by a scan, so every state is built.
      const pinned = (rules as unknown as { _scratch: { maxStates: number; maxPoolWords: number; scanBudget: number } })._scratch;
      pinned.maxStates = LAZY_STATE_CAPACITY;
      pinned.maxPoolWords = LAZY_POOL_WORDS;
      pinned.scanBudget = Infinity;
      const ref = createReferenceMatcher(txt, { profile });
      let disallowed = 0;
      for (const url of urls) {
        const want = ref.decide('bot', url);
        expect(rules.isAllowed(url), url).toBe(want.allowed);
        const id = rules.decide(url);
        expect(id < 0 ? 0 : robots.rule(id).line, url).toBe(want.line);
        if (!want.allowed) disallowed++;
      }
      expect(disallowed).toBeGreaterThan(0);
      expect(disallowed).toBeLessThan(urls.length);
      // The cache really was flushed (generation starts at 1), so rebuilt states were used.
      const scratch = (rules as unknown as { _scratch: { generation: number; states: number } | null })._scratch;
      expect(scratch).not.toBeNull();
      expect(scratch?.generation, `more than ${LAZY_STATE_CAPACITY} states visited`).toBeGreaterThan(1);
    }
  });
});
