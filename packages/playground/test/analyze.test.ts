import { readFileSync } from 'node:fs';
import { compileRobots } from '@robomata/compiler';
import { OUTCOME_MESSAGES, WARNING_MESSAGES, describeGroupChoice } from '@robomata/runtime';
import { describe, expect, test } from 'vitest';
import { Analyzer, type AnalysisInput } from '../src/analyze.js';
import { EXAMPLES, LARGE_EXAMPLE_BYTES, makeLargeRobotsTxt } from '../src/examples.js';
import { splitAgents, splitUrls } from '../src/share-state.js';

const SHOP = readFileSync(new URL('../../cli/examples/robots.txt', import.meta.url), 'utf8');
const URLS = splitUrls(readFileSync(new URL('../../cli/examples/urls.txt', import.meta.url), 'utf8'));

function input(over: Partial<AnalysisInput>): AnalysisInput {
  return { robotsTxt: SHOP, profile: 'rfc9309', agents: ['Googlebot', 'ExampleBot'], urls: URLS, graphAgent: 0, maxNodes: 150, ...over };
}

describe('Analyzer', () => {
  test("every verdict and deciding rule is the runtime's, in URL-major order", () => {
    for (const profile of ['rfc9309', 'google'] as const) {
      const analysis = new Analyzer().analyze(input({ profile }));
      const robots = compileRobots(SHOP, { profile });
      expect(analysis.results.length).toBe(URLS.length * 2);
      analysis.results.forEach((r, i) => {
        const agent = i % 2 === 0 ? 'Googlebot' : 'ExampleBot';
        expect(r.url).toBe(URLS[i >> 1]);
        expect(r.agentIndex).toBe(i % 2);
        expect(r.allowed).toBe(robots.isAllowed(r.url, agent));
        const id = robots.decide(r.url, agent);
        expect(r.rule).toEqual(id < 0 ? undefined : robots.rule(id));
      });
    }
  });

  test('finds the crawler token of a full header and flags a header that names none', () => {
    const googlebot = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
    const chrome = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';
    const a = new Analyzer().analyze(input({ agents: [googlebot, chrome, '*'] }));
    expect(a.agents.map((x) => [x.token, x.tokenRecognised, x.selection])).toEqual([
      ['Googlebot', true, 'specific'],
      ['Mozilla', false, 'global'],
      ['*', true, 'global'],
    ]);
  });

  test('the google profile compares a header verbatim, as the runtime and the CLI do (no token cut)', () => {
    const a = new Analyzer().analyze(input({ profile: 'google', agents: ['Googlebot/2.1', 'Googlebot'], urls: ['/checkout/'] }));
    expect(a.agents.map((x) => [x.token, x.selection])).toEqual([['Googlebot/2.1', 'global'], ['Googlebot', 'specific']]);
    const robots = compileRobots(SHOP, { profile: 'google' });
    a.agents.forEach((x, i) => {
      const d = robots.explain('/checkout/', x.agent);
      expect(x.reason).toBe(describeGroupChoice(d.group, 'google'));
      expect(a.results[i]?.allowed).toBe(d.allowed);
    });
  });

  test('says why each group was chosen, with crawl-delays, sitemaps and other directives', () => {
    const a = new Analyzer().analyze(input({ agents: ['Googlebot-Image/1.0', 'ExampleBot', 'badbot'] }));
    expect(a.agents.map((x) => [x.token, x.selection])).toEqual([['Googlebot-Image', 'specific'], ['ExampleBot', 'global'], ['badbot', 'specific']]);
    expect(a.agents[0]?.reason).toContain('"googlebot-image"');
    expect(a.agents[1]?.crawlDelay).toBe(5);
    expect(a.sitemaps.map((s) => s.line)).toEqual([3, 32]);
    expect(a.others.map((o) => [o.line, o.key])).toEqual([[15, 'Crawl-delay'], [23, 'Noindex']]);
    expect(a.diagnostics.map((d) => [d.line, d.code])).toContainEqual([21, 'typo-key']);
  });

  test('no group, and the implicit /robots.txt allow, are explained', () => {
    const a = new Analyzer().analyze(input({ robotsTxt: 'User-agent: a\nDisallow: /\n', agents: ['a', 'b'], urls: ['/robots.txt'] }));
    expect(a.agents[1]?.selection).toBe('none');
    expect(a.results[0]?.reason).toContain('RFC 9309');
    expect(a.results[0]?.outcome).toBe('robots-txt');
    expect(a.results[1]?.reason).toContain('no group applies');
    expect(a.results[1]?.outcome).toBe('no-group');
    expect(a.graph?.groupIndex).toBe(0);
  });

  test('the verdicts are the runtime\'s decisions: /%72obots.txt is the /robots.txt allow, /d/ the index.html rule', () => {
    const a = new Analyzer().analyze(input({ robotsTxt: 'User-agent: *\nAllow: /d/index.html\nDisallow: /\n', agents: ['x'], urls: ['/%72obots.txt', '/d/', '/e'] }));
    expect(a.results.map((r) => [r.outcome, r.allowed, r.rule?.line])).toEqual([['robots-txt', true, undefined], ['index-html', true, 2], ['rule', false, 3]]);
    // One sentence for every caller: the runtime's describeDecision of its own decision.
    expect(a.results.map((r) => r.reason)).toEqual([OUTCOME_MESSAGES['robots-txt'], `line 2: Allow: /d/index.html, ${OUTCOME_MESSAGES['index-html']}`, 'line 3: Disallow: /']);
  });

  test('body warnings are the compiler\'s, in the runtime\'s words', () => {
    const a = new Analyzer().analyze(input({ robotsTxt: '<!DOCTYPE html>\n<html><body>Not found</body></html>\n' }));
    expect(a.warnings).toEqual([{ code: 'html', line: 1, message: WARNING_MESSAGES.html }]);
  });

  test('a change of agents or URLs reuses the compiled file', () => {
    const analyzer = new Analyzer();
    // Work counted, not time: which analyses compiled.
    expect(analyzer.analyze(input({})).compiled).toBe(true);
    const reused = analyzer.analyze(input({ urls: ['/x'] }));
    expect([reused.compiled, reused.compileMs]).toEqual([false, 0]);
    expect(analyzer.analyze(input({ profile: 'google' })).compiled).toBe(true);
  });

  test('the graph of the chosen agent names the rules its nodes decide and its scans verify', () => {
    const a = new Analyzer().analyze(input({ graphAgent: 1 }));
    expect(a.graph?.agentIndex).toBe(1);
    const ids = new Set([...(a.graph?.graph.nodes ?? []).flatMap((n) => n.decides.map((d) => d.ruleId)), ...(a.graph?.graph.scans ?? []).map((s) => s.ruleId)]);
    expect(new Set(a.graph?.rules.map((r) => r.id))).toEqual(ids);
  });
});

describe('examples', () => {
  test('every example analyses; the HTML one warns; the large one is 500 KiB and deterministic', () => {
    for (const example of EXAMPLES) {
      const state = example.state();
      const a = new Analyzer().analyze({ robotsTxt: state.robotsTxt, profile: state.profile, agents: splitAgents(state.agents), urls: splitUrls(state.urls), graphAgent: 0, maxNodes: 150 });
      expect(a.results.length).toBeGreaterThan(0);
      expect(a.warnings.map((w) => w.code)).toEqual(example.id === 'html' ? ['html'] : []);
    }
    const large = makeLargeRobotsTxt(LARGE_EXAMPLE_BYTES);
    expect(large).toBe(makeLargeRobotsTxt(LARGE_EXAMPLE_BYTES));
    expect(large.length).toBeLessThanOrEqual(LARGE_EXAMPLE_BYTES);
    expect(large.length).toBeGreaterThan(LARGE_EXAMPLE_BYTES - 200);
  });
});
