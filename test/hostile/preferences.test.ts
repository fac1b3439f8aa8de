/**
 * Hostile Content-Usage / Content-Signal input (docs/semantics.md section 10; generate.ts
 * `preferences-500k`): 500 KiB of preference lines in one group compile into an artifact linear
 * in the input with one PREFERENCES rule per line, and usage() / signal() agree with the
 * reference on the reduced input and its hostile URLs. The compile time is bounded by
 * bounds.test.ts (every hostile input) and measured by `pnpm bench --hostile`; the check time
 * by the bench's usage() line. Work and sizes are asserted here, not time.
 */
import { describe, expect, it } from 'vitest';
import { compile, compileRobots, parseRobotsTxt } from '@robomata/compiler';
import { createReferenceMatcher } from '@robomata/reference';
import { loadRobots } from '@robomata/runtime';
import { decodeArtifact } from '../../packages/runtime/test/_artifact.js';
import { HOSTILE_INPUTS } from './generate.js';

const INPUT = HOSTILE_INPUTS.find((i) => i.name === 'preferences-500k')!;

describe('hostile preference lines (preferences-500k)', () => {
  const body = INPUT.make();

  for (const profile of ['rfc9309', 'google'] as const) {
    it(`compiles 500 KiB into an artifact linear in the input, one rule per line (${profile})`, () => {
      expect(body.length).toBeGreaterThan(500_000);
      const parsed = parseRobotsTxt(body, { profile });
      const lines = parsed.groups.reduce((n, g) => n + g.preferences.length, 0);
      expect(lines).toBeGreaterThan(5_000);
      const artifact = compile(body, { profile });
      expect(artifact.length).toBeLessThan(2.5 * body.length);
      const raw = decodeArtifact(artifact);
      expect(raw.preferences.rules.length).toBe(lines);
      // Statements are stored once per distinct text: at most one per line.
      expect(raw.preferences.statements.length).toBeLessThanOrEqual(lines);
      // The unparseable statements (every 11th line) are reported, not thrown.
      expect(parsed.diagnostics.filter((d) => d.code === 'uppercase-preference-key' || d.code === 'unparseable-preference').length).toBeGreaterThan(lines / 12);
    });
  }

  it('answers like the reference on the reduced input and hostile URLs, in both profiles', () => {
    const reduced = INPUT.makeReduced();
    const urls = [...INPUT.urls().slice(-3).map((u) => u.slice(0, 300)), '/', '/a', '/aaaab', '/ab', '/aaaaaaaab', '/abab'];
    for (const profile of ['rfc9309', 'google'] as const) {
      const rules = loadRobots(compile(reduced, { profile })).agent('x');
      const ref = createReferenceMatcher(reduced, { profile });
      for (const url of urls) {
        for (const key of ['train-ai', 'search']) expect(rules.usage(url, key), `${profile} ${url.slice(0, 20)} ${key}`).toBe(ref.usage('x', url, key));
        for (const key of ['ai-train', 'search', 'x1']) expect(rules.signal(url, key)).toBe(ref.signal('x', url, key));
      }
    }
  });

  it('answers 4 KB URLs on the full input, loaded and lazily compiled alike', () => {
    const loaded = loadRobots(compile(body)).agent('x');
    const lazy = compileRobots(body).agent('x');
    for (const url of INPUT.urls().slice(-3)) {
      expect(loaded.usage(url, 'train-ai')).toBe(lazy.usage(url, 'train-ai'));
      expect(loaded.signal(url, 'ai-train')).toBe(lazy.signal(url, 'ai-train'));
    }
    expect(loaded.usage('/', 'train-ai')).toBe('y');
  });
});
