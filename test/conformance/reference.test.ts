// Runs every conformance case through @robomata/reference (isAllowed and decide).
import { describe, expect, it } from 'vitest';
import { decide, isAllowed } from '@robomata/reference';
import { CONFORMANCE_CASES } from './cases.js';
import type { ConformanceCase } from './cases.js';

function optionsOf(c: ConformanceCase): { profile: ConformanceCase['profile']; maxBytes?: number } {
  return c.maxBytes === undefined ? { profile: c.profile } : { profile: c.profile, maxBytes: c.maxBytes };
}

describe('conformance: @robomata/reference', () => {
  it('has at least 250 cases', () => {
    expect(CONFORMANCE_CASES.length).toBeGreaterThanOrEqual(250);
  });

  it('has unique case titles', () => {
    const titles = CONFORMANCE_CASES.map((c) => `${c.spec} ${c.name} [${c.profile}]`);
    expect(new Set(titles).size).toBe(titles.length);
  });

  for (const c of CONFORMANCE_CASES) {
    it(`${c.spec} ${c.name} [${c.profile}]`, () => {
      const options = optionsOf(c);
      expect(isAllowed(c.robotsTxt, c.agent, c.url, options)).toBe(c.allowed);
      const d = decide(c.robotsTxt, c.agent, c.url, options);
      expect(d.allowed).toBe(c.allowed);
      if (c.line !== undefined) expect(d.line).toBe(c.line);
      expect(d.kind).toBe(d.line === 0 ? 'none' : d.allowed ? 'allow' : 'disallow');
    });
  }
});
