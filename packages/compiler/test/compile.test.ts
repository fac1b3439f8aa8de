// compile.ts: argument validation (TypeError messages), determinism, options plumbing
// (profile, maxBytes, agents, patterns), compileRobots and compileWithReport.
import { describe, expect, it } from 'vitest';
import { loadRobots, RobotsAgentError } from '@robomata/runtime';
import { decide as referenceDecide } from '@robomata/reference';
import { compile, compileRobots, compileStages, compileWithReport, type CompileOptions } from '../src/compile.js';

const TXT = 'User-agent: *\nDisallow: /private\nAllow: /private/ok\nDisallow: /*.gif$\n';

/** Calls compile with arguments the types do not allow. */
const compileAny = (txt: unknown, options?: unknown): Uint8Array => compile(txt as string, options as CompileOptions);

describe('compile: argument validation', () => {
  it('rejects a robots.txt that is neither a string nor a Uint8Array', () => {
    expect(() => compileAny(42)).toThrow(TypeError);
    expect(() => compileAny(42)).toThrow('robots.txt must be a string or a Uint8Array, got number 42');
    expect(() => compileAny(null)).toThrow('robots.txt must be a string or a Uint8Array, got null');
    expect(() => compileAny(undefined)).toThrow(/robots\.txt must be a string or a Uint8Array, got undefined/);
    expect(() => compileAny([1, 2])).toThrow(/got Array/);
    expect(() => compileAny(new ArrayBuffer(4))).toThrow(/got ArrayBuffer/);
    expect(() => compileAny(new Uint16Array(2))).toThrow(TypeError);
  });

  it('rejects options that are not an object', () => {
    expect(() => compileAny(TXT, 'google')).toThrow(TypeError);
    expect(() => compileAny(TXT, 'google')).toThrow(/options must be an object, got the string "google"/);
    expect(() => compileAny(TXT, 3)).toThrow(/options must be an object, got number 3/);
  });

  it('rejects an unknown profile', () => {
    expect(() => compileAny(TXT, { profile: 'bing' })).toThrow(TypeError);
    expect(() => compileAny(TXT, { profile: 'bing' })).toThrow(`options.profile must be 'rfc9309' or 'google', got the string "bing"`);
    expect(() => compileAny(TXT, { profile: 'RFC9309' })).toThrow(/options\.profile/);
    expect(() => compileAny(TXT, { profile: 1 })).toThrow(/options\.profile must be 'rfc9309' or 'google', got number 1/);
  });

  it('rejects a bad maxBytes', () => {
    for (const bad of [-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 60, '100', null]) {
      expect(() => compileAny(TXT, { maxBytes: bad }), String(bad)).toThrow(TypeError);
      expect(() => compileAny(TXT, { maxBytes: bad }), String(bad)).toThrow(/options\.maxBytes must be a non-negative integer/);
    }
  });

  it('rejects agents that are not a non-empty array of product tokens', () => {
    for (const bad of [[], 'FooBot', null, 42, {}, new Set(['a'])]) {
      expect(() => compileAny(TXT, { agents: bad }), String(bad)).toThrow(TypeError);
      expect(() => compileAny(TXT, { agents: bad }), String(bad)).toThrow(/options\.agents must be a non-empty array of product tokens/);
    }
    for (const bad of [[''], ['*'], ['/1.0'], ['2bot'], [42], [null], ['ok', undefined]]) {
      expect(() => compileAny(TXT, { agents: bad }), JSON.stringify(bad)).toThrow(TypeError);
      expect(() => compileAny(TXT, { agents: bad }), JSON.stringify(bad)).toThrow(/options\.agents: .* has no product token/);
    }
    expect(() => compileAny(TXT, { agents: ['*'] })).toThrow(/the string "\*"/);
  });

  it('rejects a patterns option that is not a boolean', () => {
    for (const bad of [0, 1, 'false', null, {}]) {
      expect(() => compileAny(TXT, { patterns: bad }), String(bad)).toThrow(TypeError);
      expect(() => compileAny(TXT, { patterns: bad }), String(bad)).toThrow(/options\.patterns must be a boolean/);
    }
  });

  it('has no stateCap option any more (the engine has no state cap)', () => {
    // @ts-expect-error stateCap is not a compile option
    const options: CompileOptions = { stateCap: 1 };
    expect(Object.keys(options)).toEqual(['stateCap']);
    expect('automata' in compileWithReport(TXT)).toBe(false);
  });

  it('accepts the edge values and absent options', () => {
    expect(() => compile(TXT, { maxBytes: 0 })).not.toThrow();
    expect(() => compile(TXT, { agents: ['a'] })).not.toThrow();
    expect(() => compile(TXT, { agents: ['FooBot/2.1 (+https://x)', 'foobot'] })).not.toThrow();
    expect(() => compile(TXT, { patterns: false })).not.toThrow();
    expect(() => compile(TXT, {})).not.toThrow();
    expect(() => compile(TXT)).not.toThrow();
    expect(() => compileAny(TXT, null)).not.toThrow();
    expect(() => compile(TXT, { profile: 'google' })).not.toThrow();
  });
});

describe('compile', () => {
  it('is deterministic: same input and options give identical bytes', () => {
    for (const options of [{}, { profile: 'google' as const }, { maxBytes: 20 }, { agents: ['b', 'a'] }, { patterns: false }]) {
      expect(Array.from(compile(TXT, options))).toEqual(Array.from(compile(TXT, options)));
    }
  });

  it('defaults to rfc9309 and records the profile', () => {
    expect(loadRobots(compile(TXT)).profile).toBe('rfc9309');
    expect(loadRobots(compile(TXT, { profile: 'google' })).profile).toBe('google');
    expect(Array.from(compile(TXT))).toEqual(Array.from(compile(TXT, { profile: 'rfc9309' })));
  });

  it('gives the same artifact for a string and its UTF-8 bytes', () => {
    const txt = `${TXT}Disallow: /ツ\n`;
    expect(Array.from(compile(new TextEncoder().encode(txt)))).toEqual(Array.from(compile(txt)));
  });

  it('reads its input in place and keeps nothing of it: the caller\'s bytes unchanged, no artifact shaped by an earlier compile', () => {
    // compile() parses the caller's Uint8Array, or a string encoded into one shared buffer,
    // without a copy: each artifact must still equal the one of an owned parse (compileWithReport).
    const texts = [
      'User-agent: a\nDisallow: /long/path/here/*.pdf$\nAllow: /long/path/here/index.html\n# a comment long enough to outlast the next file\n',
      'User-agent: *\nDisallow: /x\n',
      'User-agent: b\nDisallow: /%7euser/caf\u00e9\nSitemap: https://example.com/s.xml\n',
      'User-agent: *\nDisallow: /x\n',
    ];
    for (const text of texts) {
      const bytes = new TextEncoder().encode(text);
      const copy = bytes.slice();
      const fromBytes = compile(bytes, { maxBytes: bytes.length - 3 });
      expect(Array.from(bytes)).toEqual(Array.from(copy));
      expect(Array.from(fromBytes)).toEqual(Array.from(compileWithReport(copy, { maxBytes: copy.length - 3 }).artifact));
      const fromText = compile(text);
      expect(Array.from(fromText)).toEqual(Array.from(compileWithReport(text).artifact));
      expect(Array.from(fromText)).toEqual(Array.from(compile(copy)));
    }
    // A SharedArrayBuffer's bytes are copied first (another thread could write them mid-parse).
    const text = texts[0] as string;
    const encoded = new TextEncoder().encode(text);
    const shared = new Uint8Array(new SharedArrayBuffer(encoded.length));
    shared.set(encoded);
    expect(Array.from(compile(shared))).toEqual(Array.from(compile(text)));
  });

  it('reads a string longer than its shared buffer, or one whose UTF-8 outgrows it, as an owned parse does, and leaves the buffer clean', () => {
    // Past 65,536 units a string is encoded on its own; a non-ASCII one of 21,846 to 65,536
    // units can outgrow the buffer: its encode into the buffer stops short and it is encoded
    // again on its own (surrogate pairs 4 bytes, lone surrogates 3, as TextEncoder writes
    // U+FFFD, on both sides of the buffer's end). A short compile after each must not see any
    // of its bytes.
    const long = `User-agent: *\nDisallow: /a\n${'Disallow: /x/y/z*.pdf$\n'.repeat(3_200)}`;
    const wide = `User-agent: b\nDisallow: /\u00e9\n${'Disallow: /\u3042\u3044\u3046\u3048\u304a\u3042\u3044\u3046\u3048\u304a*\u304b$\n'.repeat(2_000)}`;
    expect(long.length).toBeGreaterThan(65_536);
    expect(wide.length).toBeGreaterThan(21_846);
    expect(wide.length).toBeLessThan(65_536);
    expect(new TextEncoder().encode(wide).length).toBeGreaterThan(65_536);
    // Pairs, lone high and low surrogates: over the buffer (50,000 units, 67,500 bytes) and under it (29,000 units, 39,000 bytes).
    const surrogates = (n: number): string => `User-agent: c\nDisallow: /\ud83d\ude00\n${'Disallow: /\ud83d\ude00\ud800x\udc00*\u00e9$\n'.repeat(n)}`;
    const over = surrogates(2_500);
    const under = surrogates(1_460);
    expect(over.length).toBeLessThan(65_536);
    expect(new TextEncoder().encode(over).length).toBeGreaterThan(65_536);
    expect(under.length).toBeGreaterThan(21_846);
    expect(new TextEncoder().encode(under).length).toBeLessThan(65_536);
    const short = 'User-agent: *\nDisallow: /q\n';
    for (const text of [long, wide, over, under]) {
      expect(Array.from(compile(text))).toEqual(Array.from(compileWithReport(text).artifact));
      expect(Array.from(compile(short))).toEqual(Array.from(compileWithReport(short).artifact));
    }
  });

  it('ignores content beyond maxBytes', () => {
    const txt = 'User-agent: *\nDisallow: /a\nDisallow: /b\n';
    const cut = 'User-agent: *\nDisallow: /a\n'.length;
    const robots = compileRobots(txt, { maxBytes: cut });
    expect(robots.isAllowed('/a', 'x')).toBe(false);
    expect(robots.isAllowed('/b', 'x')).toBe(true);
    expect(compileRobots(txt).isAllowed('/b', 'x')).toBe(false);
    expect(compileRobots(txt, { maxBytes: 0 }).groupCount).toBe(0);
  });

  it('agents: keeps the groups of the listed product tokens plus the global group, deduped and case-folded', () => {
    const txt = 'User-agent: a\nDisallow: /a\n\nUser-agent: b\nDisallow: /b\n\nUser-agent: *\nDisallow: /g\n';
    const scoped = compileRobots(txt, { agents: ['A/1.0', 'a', 'zed'] });
    expect(scoped.scope).toEqual(['a', 'zed']);
    expect(compile(txt, { agents: ['a'] }).length).toBeLessThan(compile(txt).length);
    expect(Array.from(compile(txt, { agents: ['zed', 'a'] }))).toEqual(Array.from(compile(txt, { agents: ['a', 'ZED', 'a'] })));
    for (const url of ['/a', '/b', '/g', '/x']) {
      for (const agent of ['a', 'zed']) expect(scoped.isAllowed(url, agent), `${agent} ${url}`).toBe(referenceDecide(txt, agent, url).allowed);
    }
    expect(() => scoped.agent('b')).toThrow(RobotsAgentError);
  });

  it('patterns: false drops the patterns from the artifact, not the answers', () => {
    const lean = compileRobots(TXT, { patterns: false });
    const full = compileRobots(TXT);
    expect(compile(TXT, { patterns: false }).length).toBeLessThan(compile(TXT).length);
    expect(lean.rule(0).pattern).toBeUndefined();
    expect(full.rule(0).pattern).toBe('/private');
    for (const url of ['/private', '/private/ok', '/x.gif', '/']) expect(lean.decide(url, 'x')).toBe(full.decide(url, 'x'));
  });

  it('never throws on content', () => {
    const nasty = [
      '',
      '\uFEFF',
      '\u0000\u0000',
      'Disallow: /a\n'.repeat(3),
      'User-agent: *\nDisallow: ' + '*a'.repeat(200) + '\n',
      new Uint8Array([0xff, 0xfe, 0x0a, 0x80, 0x3a, 0x00, 0x0d]),
      'User-agent: *\nAllow: $\nDisallow: *$\nDisallow: $$$\n',
    ];
    for (const txt of nasty) {
      const bytes = compile(txt);
      expect(() => loadRobots(bytes)).not.toThrow();
    }
  });
});

describe('compileRobots and compileWithReport', () => {
  it('compileRobots answers like loadRobots(compile(...)), with the same rule ids, groups and texts', () => {
    const txt = `${TXT}\nUser-agent: a\nDisallow: /a*$\nCrawl-delay: 4\nSitemap: https://e.com/s.xml\n`;
    for (const options of [{ profile: 'google' as const }, {}, { agents: ['a'] }]) {
      const a = compileRobots(txt, options);
      const b = loadRobots(compile(txt, options));
      expect(a.groupCount).toBe(b.groupCount);
      expect(a.sitemaps).toEqual(b.sitemaps);
      expect(a.scope).toEqual(b.scope);
      for (const agent of ['x', 'a']) {
        if ('agents' in options && agent === 'x') {
          expect(() => a.agent(agent)).toThrow(RobotsAgentError);
          continue;
        }
        expect(a.crawlDelay(agent)).toBe(b.crawlDelay(agent));
        expect(a.agent(agent).selection).toBe(b.agent(agent).selection);
        for (const url of ['/private', '/private/ok', '/x.gif', '/x.gifs', '/', '/a', '/ab']) {
          expect(a.decide(url, agent), `${agent} ${url}`).toBe(b.decide(url, agent));
        }
      }
      for (let id = 0; id < 4; id++) expect(a.rule(id)).toEqual(b.rule(id));
      for (let g = 0; g < a.groupCount; g++) expect(a.describeGroup(g).ruleIds).toEqual(b.describeGroup(g).ruleIds);
    }
  });

  it('reports the parse behind the artifact; compileStages (internals) the plan and the tables too', () => {
    const txt = 'User-agent: a\nDisallow: /a\n\nUser-agent: *\nDisallow: /*x\n';
    expect(Object.keys(compileWithReport(txt)).sort()).toEqual(['artifact', 'parsed']);
    const report = compileStages(txt, { profile: 'google' });
    expect(Array.from(report.artifact)).toEqual(Array.from(compile(txt, { profile: 'google' })));
    expect(report.parsed.groups.length).toBe(2);
    expect(report.plan.groups.length).toBe(loadRobots(report.artifact).groupCount);
    expect([...report.plan.built]).toEqual([1, 1]);
    expect(report.plan.parts.length).toBe(2);
    expect(report.built.rankRules).toEqual([1, 0]);
    expect(report.built.parts.length).toBe(2);
  });

  it('reports truncation past maxBytes without throwing', () => {
    const report = compileWithReport('User-agent: *\nDisallow: /a\n', { maxBytes: 5 });
    expect(report.parsed.truncated).toBe(true);
  });
});

describe('entry points', () => {
  it('the main entry exports compile and the parser, the internals subpath the stages', async () => {
    const main = await import('@robomata/compiler');
    const internals = await import('@robomata/compiler/internals');
    for (const name of ['compile', 'compileRobots', 'compileWithReport', 'parseRobotsTxt']) expect(typeof (main as Record<string, unknown>)[name], name).toBe('function');
    for (const name of ['mergeGroups', 'planParts', 'buildParts', 'buildByteTrie', 'buildRadixTable', 'buildFailLinks', 'serializeArtifact', 'patternsOfRule', 'compileStages']) {
      expect(typeof (internals as Record<string, unknown>)[name], name).toBe('function');
      expect(name in main, `${name} stays out of the main entry`).toBe(false);
    }
    for (const gone of ['buildAutomaton', 'emitModule', 'compressTrie', 'normalizeGroupPatterns', 'buildRadixTrie', 'compareRank', 'bytesKey']) {
      expect(gone in main, gone).toBe(false);
      expect(gone in internals, gone).toBe(false);
    }
  });
});
