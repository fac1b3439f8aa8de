// robots.ts: the loaded-artifact API: agent() identity and selection, decide/rule, crawl-delay,
// sitemaps, other directives, describeGroup, describeAutomaton and argument errors.
import { describe, expect, it } from 'vitest';
import { compile, compileRobots } from '@robomata/compiler';
import { loadRobots } from '../src/load.js';
import { describeAutomaton, type Robots } from '../src/robots.js';

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

const robots = compileRobots(TXT);

describe('Robots.agent', () => {
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
    expect(robots.agent('other').groupIndex).toBeGreaterThanOrEqual(0);
    expect(robots.agent('FooBot').groupIndex).not.toBe(robots.agent('other').groupIndex);
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

  it('answers like the kept AgentRules through Robots.isAllowed and Robots.decide', () => {
    for (const agent of ['FooBot', 'other', 'quiet']) {
      for (const url of ['/private', '/private/ok', '/a.gif', '/ツ', '/robots.txt']) {
        expect(robots.isAllowed(url, agent)).toBe(robots.agent(agent).isAllowed(url));
        expect(robots.decide(url, agent)).toBe(robots.agent(agent).decide(url));
      }
    }
  });

  it('throws TypeError with a clear message for a non-string agent or url', () => {
    for (const bad of [undefined, null, 42, ['FooBot'], { name: 'FooBot' }]) {
      expect(() => robots.agent(bad as unknown as string)).toThrow(TypeError);
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
    // Also for 'none' (no automaton at all).
    expect(() => compileRobots('').agent('x').isAllowed(5 as unknown as string)).toThrow(/url must be a string/);
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

  it('returns -1 when no rule decides, also for the implicit /robots.txt allow', () => {
    expect(robots.decide('/public', 'FooBot')).toBe(-1);
    const all = compileRobots('User-agent: *\nDisallow: /\n');
    expect(all.decide('/robots.txt', 'x')).toBe(-1);
    expect(all.isAllowed('/robots.txt', 'x')).toBe(true);
    expect(all.isAllowed('/robots.txt?x', 'x')).toBe(true);
    expect(all.isAllowed('/robots.txtx', 'x')).toBe(false);
    const google = compileRobots('User-agent: *\nDisallow: /\n', { profile: 'google' });
    expect(google.isAllowed('/robots.txt', 'x')).toBe(false);
  });

  it('gives ids from 0 for every rule and throws RangeError for others', () => {
    const lines: number[] = [];
    for (let id = 0; id < 4; id++) {
      expect(robots.rule(id).id).toBe(id);
      lines.push(robots.rule(id).line);
    }
    expect(lines.sort((a, b) => a - b)).toEqual([5, 6, 10, 11]);
    for (const bad of [-1, 4, 99, 1.5, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => robots.rule(bad), String(bad)).toThrow(RangeError);
    }
    expect(() => robots.rule(-1)).toThrow(/no rule -1/);
  });
});

describe('Robots: crawl-delay, sitemaps, other directives', () => {
  it('returns the crawl-delay of the group the agent obeys', () => {
    expect(robots.crawlDelay('FooBot')).toBe(2.5);
    expect(robots.crawlDelay('BAR-BOT')).toBe(2.5);
    expect(robots.crawlDelay('other')).toBe(10);
    expect(robots.crawlDelay('quiet')).toBeUndefined();
    expect(compileRobots('User-agent: a\nDisallow: /\n').crawlDelay('b')).toBeUndefined();
  });

  it('lists sitemaps in file order', () => {
    expect(robots.sitemaps).toEqual(['https://example.com/a.xml', 'https://example.com/b.xml']);
    expect(compileRobots('').sitemaps).toEqual([]);
  });

  it('lists other directives with their lines', () => {
    const others = robots.otherDirectives();
    expect(others.map((d) => d.line)).toEqual([4, 7, 12, 16]);
    expect(others.find((d) => d.line === 7)).toEqual({ line: 7, key: 'Host', value: 'example.com' });
    expect(others.find((d) => d.line === 16)).toEqual({ line: 16, key: 'Clean-param', value: 'ref /x' });
    expect(others.find((d) => d.line === 4)?.value).toBe('2.5');
  });
});

describe('Robots: size and describeGroup', () => {
  it('reports profile, byteLength, bytes and groupCount', () => {
    const artifact = compile(TXT, { profile: 'google' });
    const loaded = loadRobots(artifact);
    expect(loaded.profile).toBe('google');
    expect(loaded.byteLength).toBe(artifact.length);
    expect(Array.from(loaded.bytes)).toEqual(Array.from(artifact));
    expect(robots.groupCount).toBe(3);
  });

  it('describes each merged group', () => {
    const foo = robots.describeGroup(robots.agent('FooBot').groupIndex);
    expect([...foo.tokens].sort()).toEqual(['bar-bot', 'foobot']);
    expect(foo.global).toBe(false);
    expect(foo.crawlDelay).toBe(2.5);
    expect(foo.ruleIds.map((id) => robots.rule(id).line)).toEqual([5, 6]);
    expect(foo.automata.length).toBe(1);
    const a = foo.automata[0] as (typeof foo.automata)[number];
    expect(a.states).toBeGreaterThan(1);
    expect(a.classes).toBeGreaterThan(1);
    expect(a.bytes).toBeGreaterThan(256);
    expect(a.frontiers).toBe(0);
    const global = robots.describeGroup(robots.agent('other').groupIndex);
    expect(global.global).toBe(true);
    expect(global.tokens).toEqual([]);
    expect(global.ruleIds.map((id) => robots.rule(id).line)).toEqual([10, 11]);
    const quiet = robots.describeGroup(robots.agent('quiet').groupIndex);
    expect(quiet.ruleIds).toEqual([]);
  });

  it('reports frontiers under a tiny state cap and no automaton for a google group without rules', () => {
    const capped = compileRobots('User-agent: *\nDisallow: /*a*b*c\n', { stateCap: 1 });
    expect(capped.describeGroup(0).automata[0]?.frontiers).toBeGreaterThan(0);
    const empty = compileRobots('User-agent: *\nDisallow:\n', { profile: 'google' });
    expect(empty.describeGroup(0).automata).toEqual([]);
  });

  it('throws RangeError for a bad group index', () => {
    for (const bad of [-1, 3, 0.5, Number.NaN]) expect(() => robots.describeGroup(bad), String(bad)).toThrow(RangeError);
  });
});

describe('describeAutomaton', () => {
  /** Walks the view over the bytes of a path and returns the deciding rule id. */
  function walk(r: Robots, group: number, path: string): number {
    const view = describeAutomaton(r, group, 0);
    let s = view.start;
    for (const b of new TextEncoder().encode(path)) {
      if (view.settled(s)) break;
      s = view.next(s, view.classOf(b));
      if (s < 0) throw new Error('frontier');
    }
    return view.endRule(s);
  }

  it('exposes a walkable view that agrees with decide', () => {
    const r = compileRobots('User-agent: *\nDisallow: /a\nAllow: /a/b$\n', { profile: 'google' });
    const view = describeAutomaton(r, 0, 0);
    expect(view.states).toBe(r.describeGroup(0).automata[0]?.states);
    expect(view.classes).toBe(r.describeGroup(0).automata[0]?.classes);
    expect(view.start).toBeGreaterThanOrEqual(0);
    expect(view.classOf(0x61)).not.toBe(view.classOf(0x62));
    expect(view.classOf(0x78)).toBe(view.classOf(0x79));
    for (const path of ['/a', '/a/b', '/a/bc', '/b', '/']) expect(walk(r, 0, path), path).toBe(r.decide(path, 'x'));
    expect(r.rule(walk(r, 0, '/a/b')).line).toBe(3);
  });

  it('throws RangeError for a missing automaton', () => {
    const r = compileRobots('User-agent: *\nDisallow: /a\n');
    expect(() => describeAutomaton(r, 0, 1)).toThrow(RangeError);
    expect(() => describeAutomaton(r, 5, 0)).toThrow(RangeError);
    const empty = compileRobots('User-agent: *\nDisallow:\n', { profile: 'google' });
    expect(() => describeAutomaton(empty, 0, 0)).toThrow(/has no automaton/);
  });
});
