// The "AI crawlers" panel's data (ai-crawlers.ts) and the preferences of the verdict table
// (analyze.ts): the bundled catalogue grouped by kind, verdicts and preferences as the runtime
// gives them, and the usage column only for files with preference lines.
import { readFileSync } from 'node:fs';
import { compileRobots } from '@robomata/compiler';
import { describe, expect, test } from 'vitest';
import { AI_PANEL_MAX_URLS, analyzeAiCrawlers, bundledCatalogue, formatPreferences } from '../src/ai-crawlers.js';
import { Analyzer } from '../src/analyze.js';

const AI = readFileSync(new URL('../../cli/examples/ai-preferences.txt', import.meta.url), 'utf8');

describe('AI crawlers panel', () => {
  test('holds the 166 catalogued crawlers, each once, grouped into the four documented kinds', () => {
    const panel = analyzeAiCrawlers(compileRobots(AI), ['/test', '/never/test']);
    expect(panel.summary.crawlers).toBe(166);
    expect(panel.kinds.map((k) => k.kind)).toEqual(['training', 'ai-search', 'assistant', 'other']);
    const names = panel.kinds.flatMap((k) => k.crawlers.map((c) => c.name));
    expect(names.length).toBe(166);
    expect(new Set(names)).toEqual(new Set(bundledCatalogue().map((e) => e.name)));
    for (const k of panel.kinds) expect(k.crawlers.length, k.kind).toBeGreaterThan(0);
  });

  test("verdicts and preferences are the runtime's for every crawler and URL", () => {
    for (const profile of ['rfc9309', 'google'] as const) {
      const robots = compileRobots(AI, { profile });
      const panel = analyzeAiCrawlers(robots, ['/test', '/never/test', '/ai-ok/test']);
      for (const c of panel.kinds.flatMap((k) => k.crawlers)) {
        const rules = robots.agent(c.name);
        c.rows.forEach((row, i) => {
          const url = panel.urls[i]!;
          expect(row.allowed, `${c.name} ${url}`).toBe(rules.isAllowed(url));
          expect(row.usage['train-ai']).toBe(rules.usage(url, 'train-ai'));
          expect(row.signal['ai-train']).toBe(rules.signal(url, 'ai-train'));
        });
      }
      const gpt = panel.kinds.flatMap((k) => k.crawlers).find((c) => c.name === 'GPTBot')!;
      expect(gpt.rows.map((r) => [r.allowed, r.group])).toEqual([[false, 'gptbot'], [false, 'gptbot'], [false, 'gptbot']]);
      expect([panel.summary.blocked, panel.summary.blockedByStar]).toEqual([1, 0]);
    }
  });

  test('checks at most the first URLs of the page and counts the rest, and / when there are none', () => {
    const many = Array.from({ length: 20 }, (_, i) => `/p${i}`);
    expect(analyzeAiCrawlers(compileRobots(AI), many).urls).toEqual(many.slice(0, AI_PANEL_MAX_URLS));
    expect(analyzeAiCrawlers(compileRobots(AI), []).urls).toEqual(['/']);
    expect(analyzeAiCrawlers(compileRobots(AI), many).unchecked).toBe(many.length - AI_PANEL_MAX_URLS);
    expect(analyzeAiCrawlers(compileRobots(AI), many.slice(0, AI_PANEL_MAX_URLS)).unchecked).toBe(0);
    expect(analyzeAiCrawlers(compileRobots(AI), []).unchecked).toBe(0);
  });

  test('formatPreferences lists usage then signal pairs', () => {
    expect(formatPreferences({ 'train-ai': 'n' }, { search: 'yes', 'ai-train': 'no' })).toBe('train-ai=n · ai-train=no · search=yes');
    expect(formatPreferences({}, {})).toBe('');
  });
});

describe('verdict table preferences', () => {
  test('a file with preference lines: every verdict carries the preferences that apply', () => {
    const a = new Analyzer().analyze({ robotsTxt: AI, profile: 'rfc9309', agents: ['ClaudeBot', 'ExampleBot'], urls: ['/test', '/never/test', '/ai-ok/test'], graphAgent: 0, maxNodes: 50 });
    expect(a.hasPreferences).toBe(true);
    expect(a.results.map((r) => r.preferences)).toEqual([
      'train-ai=n · ai-train=no · search=yes', 'train-ai=y',
      '', 'train-ai=y',
      'train-ai=y · ai-train=no · search=yes', 'train-ai=y',
    ]);
  });

  test('a file without them has no usage column', () => {
    const a = new Analyzer().analyze({ robotsTxt: 'User-agent: *\nDisallow: /x\n', profile: 'rfc9309', agents: ['a'], urls: ['/'], graphAgent: 0, maxNodes: 50 });
    expect(a.hasPreferences).toBe(false);
    expect(a.results[0]!.preferences).toBe('');
  });
});
