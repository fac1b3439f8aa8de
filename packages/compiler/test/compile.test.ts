// compile.ts: argument validation (TypeError messages), determinism, options plumbing
// (profile, maxBytes, stateCap), compileRobots and compileWithReport.
import { describe, expect, it } from 'vitest';
import { loadRobots } from '@robomata/runtime';
import { compile, compileRobots, compileWithReport, type CompileOptions } from '../src/compile.js';

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

  it('rejects a bad stateCap', () => {
    for (const bad of [0, -3, 2.5, Number.NaN, Number.POSITIVE_INFINITY, '8', null]) {
      expect(() => compileAny(TXT, { stateCap: bad }), String(bad)).toThrow(TypeError);
      expect(() => compileAny(TXT, { stateCap: bad }), String(bad)).toThrow(/options\.stateCap must be an integer >= 1/);
    }
  });

  it('accepts the edge values and absent options', () => {
    expect(() => compile(TXT, { maxBytes: 0 })).not.toThrow();
    expect(() => compile(TXT, { stateCap: 1 })).not.toThrow();
    expect(() => compile(TXT, {})).not.toThrow();
    expect(() => compile(TXT)).not.toThrow();
    expect(() => compileAny(TXT, null)).not.toThrow();
    expect(() => compile(TXT, { profile: 'google' })).not.toThrow();
  });
});

describe('compile', () => {
  it('is deterministic: same input and options give identical bytes', () => {
    for (const options of [{}, { profile: 'google' as const }, { stateCap: 1 }, { maxBytes: 20 }]) {
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

  it('ignores content beyond maxBytes', () => {
    const txt = 'User-agent: *\nDisallow: /a\nDisallow: /b\n';
    const cut = 'User-agent: *\nDisallow: /a\n'.length;
    const robots = compileRobots(txt, { maxBytes: cut });
    expect(robots.isAllowed('/a', 'x')).toBe(false);
    expect(robots.isAllowed('/b', 'x')).toBe(true);
    expect(compileRobots(txt).isAllowed('/b', 'x')).toBe(false);
    expect(compileRobots(txt, { maxBytes: 0 }).groupCount).toBe(0);
  });

  it('gives the same answers with any stateCap', () => {
    const txt = 'User-agent: *\nDisallow: /*a*b*c\nAllow: /*b*c$\nDisallow: /x/*/y\nAllow: /x/index.html\n';
    const urls = ['/abc', '/xbc', '/zabzc', '/a/b/c/d', '/x/1/y', '/x/', '/x/index.html', '/bc', '/aabbc'];
    for (const profile of ['rfc9309', 'google'] as const) {
      const full = compileRobots(txt, { profile });
      for (const cap of [1, 2, 4, 16]) {
        const capped = compileRobots(txt, { profile, stateCap: cap });
        for (const url of urls) {
          expect(capped.decide(url, 'x'), `${profile} cap ${cap} ${url}`).toBe(full.decide(url, 'x'));
          expect(capped.isAllowed(url, 'x'), `${profile} cap ${cap} ${url}`).toBe(full.isAllowed(url, 'x'));
        }
      }
    }
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
  it('compileRobots equals loadRobots(compile(...))', () => {
    const a = compileRobots(TXT, { profile: 'google' });
    const b = loadRobots(compile(TXT, { profile: 'google' }));
    expect(Array.from(a.bytes)).toEqual(Array.from(b.bytes));
    for (const url of ['/private', '/private/ok', '/x.gif', '/x.gifs', '/']) expect(a.decide(url, 'x')).toBe(b.decide(url, 'x'));
  });

  it('reports the parse and one automaton per merged group', () => {
    const report = compileWithReport('User-agent: a\nDisallow: /a\n\nUser-agent: *\nDisallow: /\n', { profile: 'google' });
    expect(Array.from(report.artifact)).toEqual(Array.from(compile('User-agent: a\nDisallow: /a\n\nUser-agent: *\nDisallow: /\n', { profile: 'google' })));
    expect(report.parsed.groups.length).toBe(2);
    expect(report.automata.length).toBe(loadRobots(report.artifact).groupCount);
    for (const a of report.automata) expect(a.part).not.toBeNull();
  });

  it('reports truncation past maxBytes without throwing', () => {
    const report = compileWithReport('User-agent: *\nDisallow: /a\n', { maxBytes: 5 });
    expect(report.parsed.truncated).toBe(true);
  });
});
