// robots.ts and describe.ts: the loaded-artifact API. agent() selection ('specific', 'global',
// 'none') and identity, the rfc9309 cut of a User-Agent header vs google's verbatim compare,
// agent-scoped artifacts (RobotsAgentError), decide/rule with and without stored patterns,
// warnings, sitemaps, crawl-delay, other directives, describeGroup, and argument errors. Verdicts are checked against @robomata/reference.
import { describe, expect, it, vi } from 'vitest';
import { compile, compileRobots } from '@robomata/compiler';
import { decide as referenceDecide } from '@robomata/reference';
import { artifactOf } from '../src/internal.js';
import { loadRobots } from '../src/load.js';
import { RobotsAgentError, verdictAllows, verdictRule, type Robots } from '../src/robots.js';
import { tierOf, tierTuning } from '../src/testing.js';

/** The tier-up threshold as shipped (tests that change it put it back). */
const DEFAULT_THRESHOLD = tierTuning.threshold;

const TXT = [
  'Sitemap: https://example.com/a.xml', // 1
  'User-agent: FooBot', // 2
  'User-agent: bar-bot', // 3
  'Crawl-delay: 2.5', // 4
  'Disallow: /private', // 5
  'Allow: /private/ok', // 6
  'Host: example.com', // 7
  '', // 8
  'User-agent: *', // 9
  'Disallow: /*.gif$', // 10
  'Allow: /ツ', // 11
  'Crawl-delay: 10', // 12
  'Sitemap: https://example.com/b.xml', // 13
  '', // 14
  'User-agent: quiet', // 15
  'Clean-param: ref /x', // 16
  '',
].join('\n');
const URLS = ['/', '/private', '/private/ok', '/private/x', '/a.gif', '/a.gifx', '/ツ', '/%E3%83%84', '/robots.txt', 'http://h/private?q'];

const robots = compileRobots(TXT);

/** Expects `r` to answer like the reference for `agent` on URLS (verdict and deciding line). */
function expectReference(r: Robots, txt: string, agent: string, profile: 'rfc9309' | 'google' = 'rfc9309', referenceAgent = agent): void {
  for (const url of URLS) {
    const want = referenceDecide(txt, referenceAgent, url, { profile });
    const id = r.decide(url, agent);
    expect(r.isAllowed(url, agent), `${agent} ${url}`).toBe(want.allowed);
    expect(id < 0 ? 0 : r.rule(id).line, `${agent} ${url}`).toBe(want.line);
  }
}

describe('Robots.agent: selection', () => {
  it('returns the same object for the same selected group', () => {
    expect(robots.agent('FooBot')).toBe(robots.agent('foobot'));
    expect(robots.agent('FOOBOT')).toBe(robots.agent('FooBot'));
    expect(robots.agent('bar-bot')).toBe(robots.agent('FooBot')); // one merged group
    expect(robots.agent('other')).toBe(robots.agent('another'));
    expect(robots.agent('quiet')).not.toBe(robots.agent('FooBot'));
  });

  it("selects 'specific', 'global' or 'none'", () => {
    expect(robots.agent('FooBot').selection).toBe('specific');
    expect(robots.agent('other').selection).toBe('global');
    expect(robots.agent('other').groupIndex).not.toBe(robots.agent('FooBot').groupIndex);
    const noGlobal = compileRobots('User-agent: foo\nDisallow: /\n');
    const none = noGlobal.agent('bar');
    expect(none.selection).toBe('none');
    expect(none.groupIndex).toBe(-1);
    expect(none.isAllowed('/anything')).toBe(true);
    expect(none.decide('/anything')).toBe(-1);
    expect(noGlobal.agent('baz')).toBe(none);
  });

  it('ignores the global group for a crawler with its own group, even an empty one', () => {
    const quiet = robots.agent('quiet');
    expect(quiet.selection).toBe('specific');
    expect(quiet.isAllowed('/a.gif')).toBe(true);
    expect(quiet.decide('/a.gif')).toBe(-1);
    expect(robots.isAllowed('/a.gif', 'other')).toBe(false);
  });

  it('answers like the reference for each agent, and Robots.isAllowed/decide like the kept AgentRules', () => {
    for (const agent of ['FooBot', 'bar-bot', 'other', 'quiet']) {
      expectReference(robots, TXT, agent);
      for (const url of URLS) {
        expect(robots.isAllowed(url, agent)).toBe(robots.agent(agent).isAllowed(url));
        expect(robots.decide(url, agent)).toBe(robots.agent(agent).decide(url));
      }
    }
    const google = compileRobots(TXT, { profile: 'google' });
    for (const agent of ['FooBot', 'other', 'quiet']) expectReference(google, TXT, agent, 'google');
  });
});

describe('Robots.agent: User-Agent headers per profile', () => {
  const txt = 'User-agent: FooBot\nDisallow: /f\n\nUser-agent: 008\nDisallow: /empty-token\n\nUser-agent: *\nDisallow: /g\n';

  it('rfc9309 cuts a full header to its product token: FooBot/2.1 (+x) selects FooBot', () => {
    const r = compileRobots(txt);
    for (const header of ['FooBot/2.1 (+https://example.com/bot)', 'FooBot/2.1', 'foobot (compatible)', '  FooBot']) {
      expect(r.agent(header).selection, header).toBe('specific');
      expect(r.agent(header), header).toBe(r.agent('FooBot'));
      expect(r.isAllowed('/f', header), header).toBe(false);
      expect(r.isAllowed('/g', header), header).toBe(true);
    }
    expect(r.agent('FooBot2').selection).toBe('specific'); // the token is FooBot
    expect(r.agent('FooBots').selection).toBe('global');
  });

  it('google compares the agent verbatim: FooBot/2.1 selects no FooBot group', () => {
    const r = compileRobots(txt, { profile: 'google' });
    for (const header of ['FooBot/2.1 (+https://example.com/bot)', 'FooBot/2.1', '  FooBot', 'FooBot2']) {
      expect(r.agent(header).selection, header).toBe('global');
      expect(r.isAllowed('/g', header), header).toBe(false);
      expect(r.isAllowed('/f', header), header).toBe(true);
      expect(r.isAllowed('/f', header), header).toBe(referenceDecide(txt, header, '/f', { profile: 'google' }).allowed);
    }
    expect(r.agent('fooBOT').selection).toBe('specific');
  });

  it('regression: a header without a product token (*, /1.0) selects no group, not the empty-token group', () => {
    for (const profile of ['rfc9309', 'google'] as const) {
      const r = compileRobots(txt, { profile });
      for (const header of ['*', '/1.0', '2bot']) {
        expect(r.agent(header).selection, `${profile} ${header}`).toBe('global');
        expect(r.isAllowed('/empty-token', header), `${profile} ${header}`).toBe(referenceDecide(txt, header, '/empty-token', { profile }).allowed);
      }
      // The empty string itself is the empty token (docs/semantics.md section 3: verbatim compare).
      expect(r.agent('').selection, profile).toBe('specific');
    }
  });
});

describe('agent-scoped artifacts', () => {
  const scoped = compileRobots(TXT, { agents: ['FooBot', 'zed/1.0'] });

  it('builds the groups the scope selects plus the global group, lists every group, and lists the scope', () => {
    expect(scoped.scope).toEqual(['foobot', 'zed']);
    expect(robots.scope).toBeNull();
    expect(scoped.groupCount).toBe(robots.groupCount);
    expect(scoped.agent('FooBot').selection).toBe('specific');
    expect(scoped.agent('zed').selection).toBe('global');
    expect(compile(TXT, { agents: ['quiet'] }).length).toBeLessThan(compile(TXT).length); // FooBot's tries left out
    const loaded = loadRobots(compile(TXT, { agents: ['FooBot'] }));
    const quiet = robots.agent('quiet').groupIndex;
    expect(loaded.describeGroup(quiet).built).toBe(false);
    expect(loaded.describeGroup(quiet).parts).toEqual([]);
    expect(loaded.describeGroup(quiet).tokens).toEqual(['quiet']);
    expect(loaded.describeGroup(robots.agent('FooBot').groupIndex).built).toBe(true);
  });

  it('answers in-scope agents like the unscoped artifact and the reference', () => {
    expectReference(scoped, TXT, 'FooBot');
    expectReference(scoped, TXT, 'zed');
    expectReference(scoped, TXT, 'FooBot/3.0 (+x)', 'rfc9309', 'FooBot');
    expect(scoped.crawlDelay('foobot')).toBe(2.5);
    expect(scoped.crawlDelay('zed')).toBe(10);
  });

  it('throws RobotsAgentError (agent-not-in-scope) for any other agent, even one that would fall back to the global group', () => {
    for (const agent of ['bar-bot', 'quiet', 'other', 'FooBotX', '']) {
      let error: unknown;
      try {
        scoped.agent(agent);
      } catch (e) {
        error = e;
      }
      expect(error, agent).toBeInstanceOf(RobotsAgentError);
      const e = error as RobotsAgentError;
      expect(e.code).toBe('agent-not-in-scope');
      expect(e.name).toBe('RobotsAgentError');
      expect(e).toBeInstanceOf(Error);
      expect(e.message).toContain('options.agents');
      expect(() => scoped.isAllowed('/x', agent)).toThrow(RobotsAgentError);
      expect(() => scoped.crawlDelay(agent)).toThrow(RobotsAgentError);
    }
  });

  it('findAgentRefusal returns the RobotsAgentError agent() throws, without throwing, and undefined where agent() answers', () => {
    for (const agent of ['bar-bot', 'quiet', 'other', 'FooBotX', '']) {
      const refusal = scoped.findAgentRefusal(agent);
      expect(refusal, agent).toBeInstanceOf(RobotsAgentError);
      expect(refusal?.code).toBe('agent-not-in-scope');
      expect(() => scoped.agent(agent)).toThrow(refusal?.message);
      expect(scoped.selectAgent(agent).selection).toBe('out-of-scope');
    }
    for (const agent of ['FooBot', 'zed', 'FooBot/3.0 (+x)']) {
      expect(scoped.findAgentRefusal(agent), agent).toBeUndefined();
      expect(() => scoped.agent(agent)).not.toThrow();
    }
    const loaded = loadRobots(compile(TXT, { agents: ['FooBot'] }));
    const refusal = loaded.findAgentRefusal('quiet');
    expect(refusal).toBeInstanceOf(RobotsAgentError);
    expect(() => loaded.agent('quiet')).toThrow(refusal?.message);
    expect(robots.findAgentRefusal('anything-at-all')).toBeUndefined();
    expect(() => robots.findAgentRefusal(7 as unknown as string)).toThrow(TypeError);
  });

  it('is not scoped when compiled without agents, whatever the agent', () => {
    expect(() => robots.agent('anything-at-all')).not.toThrow();
  });
});

describe('Robots.decide and Robots.rule', () => {
  it('reports the deciding rule with line, kind and pattern as written', () => {
    const id = robots.decide('/private/x', 'FooBot');
    expect(robots.rule(id)).toEqual({ id, line: 5, kind: 'disallow', pattern: '/private' });
    const ok = robots.decide('/private/ok/1', 'FooBot');
    expect(robots.rule(ok)).toEqual({ id: ok, line: 6, kind: 'allow', pattern: '/private/ok' });
    const tsu = robots.decide('/ツ', 'other');
    expect(robots.rule(tsu)).toEqual({ id: tsu, line: 11, kind: 'allow', pattern: '/ツ' });
  });

  it('with patterns: false keeps lines and kinds, drops patterns, answers the same, and is smaller', () => {
    const lean = compileRobots(TXT, { patterns: false });
    expect(lean.byteLength).toBeLessThan(robots.byteLength);
    for (let id = 0; id < 4; id++) {
      const full = robots.rule(id);
      expect(lean.rule(id)).toEqual({ id, line: full.line, kind: full.kind, pattern: undefined });
    }
    for (const agent of ['FooBot', 'other', 'quiet']) {
      for (const url of URLS) expect(lean.decide(url, agent), `${agent} ${url}`).toBe(robots.decide(url, agent));
    }
  });

  it('returns -1 when no rule decides, also for the implicit /robots.txt allow (rfc9309 only)', () => {
    expect(robots.decide('/public', 'FooBot')).toBe(-1);
    const all = compileRobots('User-agent: *\nDisallow: /\n');
    expect(all.decide('/robots.txt', 'x')).toBe(-1);
    expect(all.isAllowed('/robots.txt', 'x')).toBe(true);
    expect(all.isAllowed('/robots.txt?x', 'x')).toBe(true);
    expect(all.isAllowed('/robots.txtx', 'x')).toBe(false);
    const google = compileRobots('User-agent: *\nDisallow: /\n', { profile: 'google' });
    expect(google.isAllowed('/robots.txt', 'x')).toBe(false);
    expect(google.rule(google.decide('/robots.txt', 'x')).line).toBe(2);
  });

  it('decideVerdict answers isAllowed and decide in one check: the allow bit and the rule id', () => {
    for (const agent of ['FooBot', 'other', 'quiet']) {
      const rules = robots.agent(agent);
      for (const url of [...URLS, '/robots.txt']) {
        const v = rules.decideVerdict(url);
        expect([verdictAllows(v), verdictRule(v)], `${agent} ${url}`).toEqual([rules.isAllowed(url), rules.decide(url)]);
      }
    }
    const foo = robots.agent('FooBot');
    expect(verdictRule(foo.decideVerdict('/private/x'))).toBe(robots.decide('/private/x', 'FooBot'));
    expect(verdictAllows(foo.decideVerdict('/private/x'))).toBe(false);
    expect(verdictAllows(foo.decideVerdict('/private/ok/1'))).toBe(true);
    expect(foo.decideVerdict('/public')).toBe(-1);
    expect(verdictRule(-1)).toBe(-1);
    expect(verdictAllows(-1)).toBe(true);
    expect(() => foo.decideVerdict(3 as unknown as string)).toThrow(/url must be a string/);
  });

  it('gives ids from 0 for every kept rule and throws RangeError for others', () => {
    const lines: number[] = [];
    for (let id = 0; id < 4; id++) {
      expect(robots.rule(id).id).toBe(id);
      lines.push(robots.rule(id).line);
    }
    expect(lines).toEqual([5, 6, 10, 11]);
    for (const bad of [-1, 4, 99, 1.5, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => robots.rule(bad), String(bad)).toThrow(RangeError);
    }
    expect(() => robots.rule(-1)).toThrow(/no rule -1/);
  });
});

describe('Robots.rule: texts as written', () => {
  const VALUES = ['/a', '/b$', '/c*d*e$', '/x*', '/y**z', '/d/index.html', '/a', '/%41', '/ツ', '', '/q$r', '*', '/%2f', 'x', '$',
    '/*', '/a b', '*.gif$', '/p/index.htm', '/%E3%83%84', '/*$', '/a%2A'];

  it('reads back every rule text as written, whether the artifact stores it or it is rebuilt from the tables', () => {
    const txt = `User-agent: *\n${VALUES.map((v, k) => `${k % 2 === 0 ? 'Disallow' : 'Allow'}: ${v}`).join('\n')}\n`;
    for (const profile of ['rfc9309', 'google'] as const) {
      const r = compileRobots(txt, { profile });
      VALUES.forEach((v, id) => {
        expect(r.rule(id), `${profile} ${id}`).toEqual({ id, line: id + 2, kind: id % 2 === 0 ? 'disallow' : 'allow', pattern: v });
      });
    }
  });

  it('reads back texts of several groups and parts, and of an agent-scoped artifact', () => {
    const txt = 'User-agent: a\nDisallow: /s*x\n\nUser-agent: a\nUser-agent: b\nAllow: /s*x\nDisallow: /t$\n\nUser-agent: *\nDisallow: /s*x\n';
    const want = ['/s*x', '/s*x', '/t$', '/s*x'];
    for (const options of [{}, { profile: 'google' as const }, { agents: ['b'] }]) {
      const r = compileRobots(txt, options);
      const ids = [...new Set(Array.from({ length: r.groupCount }, (_, g) => r.describeGroup(g).ruleIds).flat())].sort((x, y) => x - y);
      // Every rule keeps its id in a scoped artifact too.
      expect(ids.map((id) => r.rule(id).pattern), JSON.stringify(options)).toEqual(want);
    }
  });
});

describe('Robots: warnings, crawl-delay, sitemaps, other directives', () => {
  it('reports a body cut at maxBytes with the first line not parsed', () => {
    expect(robots.warnings).toEqual([]);
    const cut = new TextEncoder().encode(TXT.slice(0, TXT.indexOf('User-agent: quiet'))).length;
    const truncated = compileRobots(TXT, { maxBytes: cut });
    expect(truncated.warnings.length).toBe(1);
    const w = truncated.warnings[0]!;
    expect(w.code).toBe('truncated');
    expect(w.line).toBe(15);
    expect(w.message).toMatch(/size limit/);
    // The rules past the cut are gone: quiet falls back to the global group.
    expect(truncated.agent('quiet').selection).toBe('global');
    const bytes = new TextEncoder().encode(TXT).length;
    expect(compileRobots(TXT, { maxBytes: bytes }).warnings).toEqual([]);
    expect(compileRobots(TXT, { maxBytes: bytes - 1 }).warnings.map((x) => x.code)).toEqual(['truncated']);
  });

  it('regression: reports an HTML page and binary data as the warnings html and binary (Robots#warnings documents both)', () => {
    const html = compileRobots('<!DOCTYPE html>\n<html><head><title>404 Not Found</title></head>\n<body><h1>Not Found</h1></body></html>\n');
    expect(html.warnings.map((w) => w.code)).toEqual(['html']);
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52, 0, 0, 1, 0, 0, 0, 1, 0, 8, 6, 0, 0, 0, 0x5c, 0x72, 0xa8, 0x66]);
    expect(compileRobots(png).warnings.map((w) => w.code)).toEqual(['binary']);
    expect(compileRobots(TXT).warnings).toEqual([]);
  });

  it('returns the crawl-delay of the group the agent obeys', () => {
    expect(robots.crawlDelay('FooBot')).toBe(2.5);
    expect(robots.crawlDelay('BAR-BOT')).toBe(2.5);
    expect(robots.crawlDelay('other')).toBe(10);
    expect(robots.crawlDelay('quiet')).toBeUndefined();
    expect(compileRobots('User-agent: a\nDisallow: /\n').crawlDelay('b')).toBeUndefined();
    expect(compileRobots('User-agent: *\nCrawl-delay: 0.001\n').crawlDelay('b')).toBe(0.001);
  });

  it('lists sitemaps in file order', () => {
    expect(robots.sitemaps).toEqual(['https://example.com/a.xml', 'https://example.com/b.xml']);
    expect(robots.sitemaps).toBe(robots.sitemaps); // decoded once
    expect(compileRobots('').sitemaps).toEqual([]);
  });

  it('lists other directives with their lines', () => {
    expect(robots.otherDirectives()).toEqual([
      { line: 4, key: 'Crawl-delay', value: '2.5' },
      { line: 7, key: 'Host', value: 'example.com' },
      { line: 12, key: 'Crawl-delay', value: '10' },
      { line: 16, key: 'Clean-param', value: 'ref /x' },
    ]);
  });
});

describe('Robots: size and describeGroup', () => {
  it('reports profile, byteLength, bytes and groupCount', () => {
    const artifact = compile(TXT, { profile: 'google' });
    const loaded = loadRobots(artifact);
    expect(loaded.profile).toBe('google');
    expect(loaded.byteLength).toBe(artifact.length);
    expect(loaded.bytes).toBe(artifact);
    expect(robots.profile).toBe('rfc9309');
    expect(robots.groupCount).toBe(3);
  });

  it('describes each merged group: tokens, rules, crawl-delay and per part its radix nodes and wildcards', () => {
    const foo = robots.describeGroup(robots.agent('FooBot').groupIndex);
    expect(foo.tokens).toEqual(['bar-bot', 'foobot']);
    expect(foo.global).toBe(false);
    expect(foo.crawlDelay).toBe(2.5);
    expect(foo.ruleIds.map((id) => robots.rule(id).line)).toEqual([5, 6]);
    // Heads /private and /private/ok: root -> "/private" -> "/ok".
    expect(foo.parts).toEqual([{ nodes: 3, wildcards: 0 }]);
    const global = robots.describeGroup(robots.agent('other').groupIndex);
    expect(global.global).toBe(true);
    expect(global.tokens).toEqual([]);
    expect(global.crawlDelay).toBe(10);
    expect(global.ruleIds.map((id) => robots.rule(id).line)).toEqual([10, 11]);
    // Heads "/" (of /*.gif$) and /%E3%83%84: root -> "/" -> "%E3%83%84".
    expect(global.parts).toEqual([{ nodes: 3, wildcards: 1 }]);
    const quiet = robots.describeGroup(robots.agent('quiet').groupIndex);
    expect(quiet.ruleIds).toEqual([]);
    expect(quiet.crawlDelay).toBeUndefined();
  });

  it('describes a group of several parts, one per set of groups sharing parsed groups', () => {
    const txt = 'User-agent: a\nUser-agent: b\nDisallow: /s\n\nUser-agent: a\nDisallow: /a*x\n\nUser-agent: b\nDisallow: /b\n';
    const r = loadRobots(compile(txt));
    const a = r.describeGroup(r.agent('a').groupIndex);
    const b = r.describeGroup(r.agent('b').groupIndex);
    expect(a.parts).toEqual([{ nodes: 2, wildcards: 0 }, { nodes: 2, wildcards: 1 }]);
    expect(b.parts).toEqual([{ nodes: 2, wildcards: 0 }, { nodes: 2, wildcards: 0 }]);
    expect(a.ruleIds.map((id) => r.rule(id).line)).toEqual([3, 6]);
    expect(b.ruleIds.map((id) => r.rule(id).line)).toEqual([3, 9]);
  });

  it('throws RangeError for a bad group index', () => {
    for (const bad of [-1, 3, 0.5, Number.NaN]) expect(() => robots.describeGroup(bad), String(bad)).toThrow(RangeError);
  });

  it('regression: describing every group of a large file decodes the whole image once (was once per call: quadratic for inspect)', () => {
    // 3,000 groups of one rule each: an artifact past the thread's decode cache, so each
    // decode of the whole image is a fresh O(artifact) pass.
    const groups = 3000;
    const txt = Array.from({ length: groups }, (_, g) => `User-agent: bot${String.fromCharCode(97 + (g % 26))}${g.toString(36).replace(/[0-9]/g, (d) => 'abcdefghij'[Number(d)] as string)}\nDisallow: /p${g}/\n`).join('\n');
    const r = loadRobots(compile(txt));
    expect(r.groupCount).toBe(groups);
    expect(r.byteLength).toBeGreaterThan(32 * 1024);
    const spy = vi.spyOn(artifactOf(r) as unknown as { decodeWhole: () => unknown }, 'decodeWhole');
    try {
      const firstRules: number[] = [];
      for (let g = 0; g < groups; g++) {
        const info = r.describeGroup(g);
        expect(info.tokens.length).toBe(1);
        expect(info.ruleIds.length).toBe(1);
        firstRules.push(info.ruleIds[0] as number);
      }
      expect(spy).toHaveBeenCalledTimes(1);
      firstRules.forEach((id, g) => expect(r.rule(id).line).toBe(3 * g + 2));
    } finally {
      spy.mockRestore();
    }
  });
});

describe('argument errors', () => {
  it('throws TypeError with a clear message for a non-string agent or url', () => {
    for (const bad of [undefined, null, 42, ['FooBot'], { name: 'FooBot' }]) {
      expect(() => robots.agent(bad as unknown as string)).toThrow(/userAgent must be a string/);
      expect(() => robots.isAllowed('/x', bad as unknown as string)).toThrow(/userAgent must be a string/);
      expect(() => robots.agent('FooBot').isAllowed(bad as unknown as string)).toThrow(TypeError);
      expect(() => robots.agent('FooBot').isAllowed(bad as unknown as string)).toThrow(/url must be a string/);
      expect(() => robots.agent('other').decide(bad as unknown as string)).toThrow(/url must be a string/);
      expect(() => robots.isAllowed(bad as unknown as string, 'FooBot')).toThrow(/url must be a string/);
    }
    expect(() => robots.agent(null as unknown as string)).toThrow(/got null/);
    expect(() => robots.agent(['x'] as unknown as string)).toThrow(/got an array/);
    expect(() => robots.agent('x').isAllowed(5 as unknown as string)).toThrow(/got number/);
    // Also for 'none' (no group at all).
    expect(() => compileRobots('').agent('x').isAllowed(5 as unknown as string)).toThrow(/url must be a string/);
  });
});

describe('AgentRules.decidedByIndexHtml: the per-rank companion mark (format version 3)', () => {
  const txt = 'User-agent: *\nDisallow: /d/\nAllow: /d/index.html\n';
  for (const profile of ['rfc9309', 'google'] as const) {
    it(`names the index.html companion as what decided, not the rule's own pattern [${profile}]`, () => {
      const robots = loadRobots(compile(txt, { profile }));
      const rules = robots.agent('FooBot');
      // /d/ is allowed by the companion of `Allow: /d/index.html` (rule 1), beating `Disallow: /d/`.
      expect(rules.decide('/d/')).toBe(1);
      expect(rules.decidedByIndexHtml('/d/')).toBe(true);
      // The rule's own pattern, the disallow, and no rule at all are not the companion.
      expect(rules.decidedByIndexHtml('/d/index.html')).toBe(false);
      expect(rules.decidedByIndexHtml('/d/x')).toBe(false);
      expect(rules.decidedByIndexHtml('/other')).toBe(false);
      expect(() => rules.decidedByIndexHtml(1 as unknown as string)).toThrow(TypeError);
    });
  }
});

describe('tier 0 remembered authority (AgentRules._rankBelow)', () => {
  // The first http(s) URL with a `/` path remembers `https://example.com`; then URLs that start
  // with it (or nearly) but whose path starts elsewhere, is `/`, or comes after another
  // authority, each answered as a fresh group (no memory) and the reference answer them.
  const text = 'User-agent: *\nDisallow: /a\nAllow: /a/b\nDisallow: /*.pdf$\nDisallow: /*?q=\nDisallow: /\nAllow: /$\nAllow: /x\nAllow: /%7Ex\nAllow: /r*.txt\n';
  const urls = ['https://example.com/a', 'https://example.com.evil/a', 'https://example.com?/a', 'https://example.com#/a', 'https://example.com', 'https://example.com;/a',
    'https://example.comx/a', 'HTTPS://example.com/a', 'http://example.com/a', '/a', 'https://example.com//a', 'https://user@example.com/a', 'https://example.com:80/a',
    'ftp://example.com/a', 'https://exa/mple.com/a', '/r?u=https://example.com/a', 'https://example.com/a/b', 'https://example.com/f.pdf', 'https://example.com/?q=1',
    'https://example.com/x', 'https://example.com/', 'https://example.co/a', 'https:/example.com/a', 'https://example.com/a#x', 'xhttps://example.com/a',
    'https://example.com/robots.txt', 'https://example.com/robots.txt?x', 'https://example.com/%7ex', 'https://example.com/~x', 'https://example.com/a*b', 'https://example.com/a$',
    'https://example.com/é', 'https://example.com/a\u0000b', 'https://example.com/a%2Fb', 'https://example.com/r.txt'];

  it('finds the path start after the remembered scheme and authority exactly, in both profiles', () => {
    for (const profile of ['rfc9309', 'google'] as const) {
      Object.assign(tierTuning, { threshold: Number.POSITIVE_INFINITY });
      try {
        const fresh = urls.map((u) => compileRobots(text, { profile }).agent('bot').isAllowed(u));
        const rules = compileRobots(text, { profile }).agent('bot');
        expect(rules.isAllowed('https://example.com/x')).toBe(true);
        // The road took effect: tier 0 answers and holds the first URL's authority.
        expect(tierOf(rules)).toMatchObject({ tier: 0, authority: 'https://example.com' });
        for (let pass = 0; pass < 2; pass++) expect(urls.map((u) => rules.isAllowed(u))).toEqual(fresh);
        expect(urls.map((u) => verdictAllows(rules.decideVerdict(u)))).toEqual(fresh);
        expect(fresh).toEqual(urls.map((u) => referenceDecide(text, 'bot', u, { profile }).allowed));
        // Remembered once: a later authority is read the long way and not kept.
        expect(rules.isAllowed('http://other.example/a/b')).toBe(true);
        expect(tierOf(rules).authority).toBe('https://example.com');
      } finally {
        Object.assign(tierTuning, { threshold: DEFAULT_THRESHOLD });
      }
    }
  });

  it('remembers nothing for path-only callers, a path that does not start with `/`, or an authority past 300 code units', () => {
    Object.assign(tierTuning, { threshold: Number.POSITIVE_INFINITY });
    try {
      const paths = compileRobots(text).agent('bot');
      for (let k = 0; k < 5; k++) expect(paths.isAllowed(`/a/b/${k}`)).toBe(true);
      expect(paths.isAllowed('https://example.com?q=1')).toBe(false);
      expect(tierOf(paths).authority).toBe('');
      const long = compileRobots(text).agent('bot');
      const host = `https://${'h'.repeat(400)}.example`;
      expect(long.isAllowed(`${host}/a`)).toBe(false);
      expect(long.isAllowed(`${host}/a/b`)).toBe(true);
      expect(tierOf(long).authority).toBe('');
      expect(long.isAllowed('https://example.com/a/b')).toBe(true);
      expect(tierOf(long).authority).toBe('https://example.com');
    } finally {
      Object.assign(tierTuning, { threshold: DEFAULT_THRESHOLD });
    }
  });
});
