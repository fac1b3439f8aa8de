// select-group.ts: verdict-free agent lookup (verbatim, ASCII-case-insensitive, docs/semantics.md section
// 3) over a hand-built sorted token table and through compiled files, productTokenStart/End
// and extractProductToken.
import { describe, expect, it } from 'vitest';
import { compileRobots } from '@robomata/compiler';
import { extractProductToken, findAgentGroup, productTokenEnd, productTokenStart, type AgentTable } from '../src/select-group.js';

/** A token table as the loader sees it: tokens must already be sorted and lower-case. */
function tableOf(tokens: readonly [string, number][]): AgentTable {
  const enc = new TextEncoder();
  const chunks = tokens.map(([t]) => enc.encode(t));
  const strings = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  const entries = new Int32Array(tokens.length * 3);
  let off = 0;
  tokens.forEach(([, group], i) => {
    const c = chunks[i] as Uint8Array;
    strings.set(c, off);
    entries[i * 3] = off;
    entries[i * 3 + 1] = c.length;
    entries[i * 3 + 2] = group;
    off += c.length;
  });
  return { strings, entries, base: 0, count: tokens.length };
}

describe('findAgentGroup', () => {
  const table = tableOf([['', 9], ['bar', 1], ['foo', 2], ['foo-bot', 3], ['foo_bot', 4], ['zed', 5]]);

  it('finds tokens ASCII-case-insensitively', () => {
    expect(findAgentGroup(table, 'foo')).toBe(2);
    expect(findAgentGroup(table, 'FOO')).toBe(2);
    expect(findAgentGroup(table, 'fOo-BoT')).toBe(3);
    expect(findAgentGroup(table, 'Foo_Bot')).toBe(4);
    expect(findAgentGroup(table, 'bar')).toBe(1);
    expect(findAgentGroup(table, 'ZED')).toBe(5);
  });

  it('compares verbatim: no prefix, no extension', () => {
    expect(findAgentGroup(table, 'fo')).toBe(-1);
    expect(findAgentGroup(table, 'foob')).toBe(-1);
    expect(findAgentGroup(table, 'foo-bo')).toBe(-1);
    expect(findAgentGroup(table, 'a')).toBe(-1);
    expect(findAgentGroup(table, 'zzz')).toBe(-1);
  });

  it('never matches an agent with a character outside [A-Za-z_-]', () => {
    for (const agent of ['foo/1.2', 'foo ', ' foo', 'foo1', 'föo', 'foo\u0000', 'fo\u212Ao', '*', 'foo.bot', 'FOO\t']) {
      expect(findAgentGroup(table, agent), JSON.stringify(agent)).toBe(-1);
    }
  });

  it('matches the empty agent to the empty token only when there is one', () => {
    expect(findAgentGroup(table, '')).toBe(9);
    expect(findAgentGroup(tableOf([['foo', 0]]), '')).toBe(-1);
    expect(findAgentGroup(tableOf([]), 'foo')).toBe(-1);
  });

  it('does not lower-case non-ASCII letters (only A-Z)', () => {
    // U+0130 (İ) lower-cases to "i̇" in JavaScript; a verbatim byte compare must not.
    expect(findAgentGroup(tableOf([['i', 0]]), '\u0130')).toBe(-1);
  });
});

describe('group selection through a compiled file', () => {
  it('handles tokens that are Object.prototype names', () => {
    const robots = compileRobots('User-agent: __proto__\nDisallow: /p\n\nUser-agent: constructor\nDisallow: /c\n\nUser-agent: *\nDisallow: /g\n');
    expect(robots.agent('__proto__').selection).toBe('specific');
    expect(robots.isAllowed('/p', '__proto__')).toBe(false);
    expect(robots.isAllowed('/g', '__proto__')).toBe(true);
    expect(robots.agent('CONSTRUCTOR').selection).toBe('specific');
    expect(robots.isAllowed('/c', 'Constructor')).toBe(false);
    for (const agent of ['toString', 'hasOwnProperty', 'valueOf', 'prototype', '__defineGetter__']) {
      expect(robots.agent(agent).selection, agent).toBe('global');
      expect(robots.isAllowed('/g', agent), agent).toBe(false);
    }
  });

  it('handles Object.prototype names when no such group exists and there is no global group', () => {
    const robots = compileRobots('User-agent: foo\nDisallow: /\n');
    for (const agent of ['__proto__', 'constructor', 'toString']) {
      expect(robots.agent(agent).selection, agent).toBe('none');
      expect(robots.isAllowed('/x', agent), agent).toBe(true);
    }
  });

  it('selects the empty-token group for the empty agent', () => {
    const robots = compileRobots('User-agent: *foo\nDisallow: /e\n\nUser-agent: *\nDisallow: /g\n');
    expect(robots.agent('').selection).toBe('specific');
    expect(robots.isAllowed('/e', '')).toBe(false);
    expect(robots.isAllowed('/g', '')).toBe(true);
    const noEmpty = compileRobots('User-agent: *\nDisallow: /g\n');
    expect(noEmpty.agent('').selection).toBe('global');
  });

  it('google does not cut the caller agent (FooBot/1.2 selects no FooBot group); rfc9309 cuts it to FooBot', () => {
    const txt = 'User-agent: FooBot\nDisallow: /f\n\nUser-agent: *\nDisallow: /g\n';
    const google = compileRobots(txt, { profile: 'google' });
    expect(google.agent('FooBot/1.2').selection).toBe('global');
    expect(google.agent(extractProductToken('FooBot/1.2')).selection).toBe('specific');
    const rfc = compileRobots(txt);
    expect(rfc.agent('FooBot/1.2').selection).toBe('specific');
    expect(rfc.agent('FooBot/1.2')).toBe(rfc.agent('FooBot'));
  });
});

describe('extractProductToken', () => {
  it('returns the leading run of [A-Za-z_-]', () => {
    expect(extractProductToken('FooBot/1.2 (+http://x)')).toBe('FooBot');
    expect(extractProductToken('Foo_Bar-Baz2')).toBe('Foo_Bar-Baz');
    expect(extractProductToken('Bot2')).toBe('Bot');
    expect(extractProductToken('Mozilla/5.0 (compatible; Googlebot/2.1)')).toBe('Mozilla');
    expect(extractProductToken('googlebot')).toBe('googlebot');
  });

  it('skips leading whitespace only', () => {
    expect(extractProductToken('  \tFooBot')).toBe('FooBot');
    expect(extractProductToken('FooBot bar')).toBe('FooBot');
  });

  it('gives the empty string when no token leads', () => {
    expect(extractProductToken('')).toBe('');
    expect(extractProductToken('/1.2')).toBe('');
    expect(extractProductToken('*')).toBe('');
    expect(extractProductToken('2bot')).toBe('');
    expect(extractProductToken('   ')).toBe('');
  });

  it('throws TypeError for a non-string', () => {
    expect(() => extractProductToken(42 as unknown as string)).toThrow(TypeError);
    expect(() => extractProductToken(null as unknown as string)).toThrow(/userAgentHeader must be a string, got null/);
    expect(() => extractProductToken(undefined as unknown as string)).toThrow(/got undefined/);
  });
});

describe('productTokenStart and productTokenEnd', () => {
  it('bound the product token: after leading whitespace, the run of [A-Za-z_-]', () => {
    const cases: [string, number, number][] = [
      ['FooBot/1.2', 0, 6],
      ['  \tFoo_Bar-x2', 3, 12],
      ['*', 0, 0],
      ['', 0, 0],
      ['   ', 3, 3],
      ['/1.0 Foo', 0, 0],
    ];
    for (const [header, start, end] of cases) {
      const i = productTokenStart(header);
      expect(i, JSON.stringify(header)).toBe(start);
      expect(productTokenEnd(header, i), JSON.stringify(header)).toBe(end);
      expect(extractProductToken(header)).toBe(header.slice(start, end));
    }
  });
});
