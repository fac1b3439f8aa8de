// select-group.ts: verdict-free agent lookup (verbatim, ASCII-case-insensitive, docs/semantics.md section
// 3) over a hand-built sorted token table and through compiled files, productTokenStart/End
// extractProductToken / findProductToken (the crawler token of real User-Agent headers) and
// Robots#selectAgent.
import { describe, expect, it } from 'vitest';
import { compileRobots } from '@robomata/compiler';
import { RobotsAgentError, loadRobots } from '../src/index.js';
import { compile } from '@robomata/compiler';
import {
  crawlerToken,
  extractProductToken,
  findAgentGroupIn,
  findAgentGroupOf,
  findProductToken,
  productTokenEnd,
  productTokenStart,
} from '../src/select-group.js';

/** A token table as the loader keeps it (records from base 0): tokens must already be sorted and lower-case. */
interface TokenTable {
  readonly strings: Uint8Array;
  readonly entries: Int32Array;
  readonly count: number;
}

/** Looks `agent` up in `table` as a loaded artifact does. */
function findAgentGroup(table: TokenTable, agent: string): number {
  return findAgentGroupIn(table.strings, table.entries, 0, table.count, agent);
}

function tableOf(tokens: readonly [string, number][]): TokenTable {
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
  return { strings, entries, count: tokens.length };
}

describe('findAgentGroupIn', () => {
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

describe('findAgentGroupOf (the lookup over a token map, before an artifact exists)', () => {
  const tokens: [string, number][] = [['', 9], ['bar', 1], ['foo', 2], ['foo-bot', 3], ['foo_bot', 4], ['zed', 5]];
  const table = tableOf(tokens);
  const map = new Map(tokens);

  it('answers as findAgentGroupIn over the same tokens, agent by agent', () => {
    const agents = [
      'foo', 'FOO', 'fOo-BoT', 'Foo_Bot', 'bar', 'ZED', 'fo', 'foob', 'foo-bo', 'a', 'zzz', '', 'foo/1.2', 'foo ', ' foo', 'foo1', 'f\u00f6o',
      'foo\u0000', 'fo\u212Ao', 'ba\u212A', '*', 'foo.bot', 'FOO\t', '\u0130', '__proto__', 'constructor',
    ];
    let found = 0;
    for (const agent of agents) {
      const want = findAgentGroup(table, agent);
      expect(findAgentGroupOf(map, agent), JSON.stringify(agent)).toBe(want);
      if (want >= 0) found++;
    }
    expect(found).toBe(7);
  });

  it('never lower-cases a non-ASCII letter into a token (the Kelvin sign is not k)', () => {
    expect(findAgentGroupOf(new Map([['k', 0]]), '\u212A')).toBe(-1);
    expect(findAgentGroupOf(new Map([['i', 0]]), '\u0130')).toBe(-1);
    expect(findAgentGroupOf(new Map([['k', 0]]), 'K')).toBe(0);
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
    expect(extractProductToken('Mozilla/5.0 (compatible; Googlebot/2.1)')).toBe('Googlebot');
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

// Issue 22's table: the crawler token of real User-Agent headers (docs/semantics.md section 3).
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const GOOGLEBOT_SMARTPHONE =
  'Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const BINGBOT = 'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)';
const GPTBOT = 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)';
const CHATGPT_USER = 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; ChatGPT-User/1.0; +https://openai.com/bot';
const APPLEBOT =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/13.1.1 Safari/605.1.15 (Applebot/0.1; +http://www.apple.com/go/applebot)';
const FOOBOT = 'FooBot/2.1 (+https://foo.example/bot)';
const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';

describe('findProductToken: the crawler token of real User-Agent headers', () => {
  it('Googlebot: the product after `compatible;` inside the comment', () => {
    expect(findProductToken(GOOGLEBOT)).toEqual({ token: 'Googlebot', recognised: true });
  });
  it('Googlebot smartphone: a browser header with `(compatible; Googlebot/2.1; ...)` at the end', () => {
    expect(findProductToken(GOOGLEBOT_SMARTPHONE)).toEqual({ token: 'Googlebot', recognised: true });
  });
  it('bingbot: case kept as sent', () => {
    expect(findProductToken(BINGBOT)).toEqual({ token: 'bingbot', recognised: true });
  });
  it('GPTBot: `compatible;` inside a comment that starts with KHTML', () => {
    expect(findProductToken(GPTBOT)).toEqual({ token: 'GPTBot', recognised: true });
  });
  it('ChatGPT-User: `; compatible;` outside any comment', () => {
    expect(findProductToken(CHATGPT_USER)).toEqual({ token: 'ChatGPT-User', recognised: true });
  });
  it('Applebot: a comment whose first item is Name/version', () => {
    expect(findProductToken(APPLEBOT)).toEqual({ token: 'Applebot', recognised: true });
  });
  it('FooBot: a leading product that is not a browser-compatibility product', () => {
    expect(findProductToken(FOOBOT)).toEqual({ token: 'FooBot', recognised: true });
  });
  it('a browser header recognises none: the token is the leading Mozilla', () => {
    expect(findProductToken(CHROME)).toEqual({ token: 'Mozilla', recognised: false });
  });
  it('extractProductToken gives the same token for every header', () => {
    for (const h of [GOOGLEBOT, GOOGLEBOT_SMARTPHONE, BINGBOT, GPTBOT, CHATGPT_USER, APPLEBOT, FOOBOT, CHROME]) {
      expect(extractProductToken(h), h).toBe(findProductToken(h).token);
    }
  });

  it('a bare Name after `compatible;` names the crawler; a Name with spaces or a version does not', () => {
    const bytespider = 'Mozilla/5.0 (Linux; Android 5.0) AppleWebKit/537.36 (KHTML, like Gecko) Mobile Safari/537.36 (compatible; Bytespider; spider-feedback@bytedance.com)';
    expect(findProductToken(bytespider)).toEqual({ token: 'Bytespider', recognised: true });
    expect(findProductToken('Mozilla/5.0 (compatible; MSIE 10.0; Windows NT 6.2)')).toEqual({ token: 'Mozilla', recognised: false });
    expect(findProductToken('Mozilla/5.0 (compatible)')).toEqual({ token: 'Mozilla', recognised: false });
  });

  it('cuts a crawler name at a digit as the compiler cuts User-agent values (MJ12bot gives MJ)', () => {
    expect(findProductToken('Mozilla/5.0 (compatible; MJ12bot/v1.4.8; http://mj12bot.com/)')).toEqual({ token: 'MJ', recognised: true });
  });

  it('prefers `compatible;` to an earlier comment that opens with Name/version', () => {
    expect(findProductToken('Mozilla/5.0 (Foo/1.0) (compatible; BarBot/2.0)').token).toBe('BarBot');
    expect(findProductToken('Mozilla/5.0 (Foo/1.0) (x; BarBot/2.0)').token).toBe('Foo');
  });

  it('does not take a Name/version that is not first in its comment (IE 11 Trident/7.0)', () => {
    const ie = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; Trident/7.0; rv:11.0) like Gecko';
    expect(findProductToken(ie)).toEqual({ token: 'Mozilla', recognised: false });
  });

  it('treats Mozilla and Opera case-insensitively as browser-compatibility products', () => {
    expect(findProductToken('mozilla/5.0 (compatible; FooBot/1)').token).toBe('FooBot');
    expect(findProductToken('Opera/9.80 (Windows NT 6.0) Presto/2.12.388 Version/12.14')).toEqual({ token: 'Opera', recognised: false });
    expect(findProductToken('Mozillabot/1.0')).toEqual({ token: 'Mozillabot', recognised: true });
  });

  it('recognises none for strings without a product token', () => {
    for (const h of ['', '*', '/1.0', '2bot', '   ']) expect(findProductToken(h), JSON.stringify(h)).toEqual({ token: '', recognised: false });
  });

  it('is linear on hostile headers (deep comments, many compatible items)', () => {
    const deep = 'Mozilla/5.0 ' + '('.repeat(200_000) + ')'.repeat(200_000);
    expect(findProductToken(deep)).toEqual({ token: 'Mozilla', recognised: false });
    const many = 'Mozilla/5.0 (' + 'compatible; '.repeat(100_000) + 'X/1)';
    expect(findProductToken(many)).toEqual({ token: 'X', recognised: true });
  });

  it('throws TypeError for a non-string', () => {
    expect(() => findProductToken(1 as unknown as string)).toThrow(/userAgentHeader must be a string, got number/);
  });
});

describe('crawlerToken: the rfc9309 lookup token', () => {
  it('is the crawler token, or the string whole when it has no product token', () => {
    expect(crawlerToken(GOOGLEBOT)).toBe('Googlebot');
    expect(crawlerToken('Googlebot')).toBe('Googlebot');
    expect(crawlerToken('*')).toBe('*');
    expect(crawlerToken('')).toBe('');
    expect(crawlerToken(CHROME)).toBe('Mozilla');
  });
});

describe('Robots#agent and #selectAgent with full headers', () => {
  const txt = 'User-agent: Googlebot\nDisallow: /g\n\nUser-agent: GPTBot\nDisallow: /\n\nUser-agent: *\nDisallow: /all\n';

  it('rfc9309: a Mozilla-compatible Googlebot header selects the Googlebot group', () => {
    const robots = compileRobots(txt);
    expect(robots.agent(GOOGLEBOT)).toBe(robots.agent('Googlebot'));
    expect(robots.isAllowed('/g', GOOGLEBOT_SMARTPHONE)).toBe(false);
    expect(robots.isAllowed('/x', GPTBOT)).toBe(false);
    expect(robots.agent(CHROME).selection).toBe('global');
  });

  it('selectAgent says which token and group, as agent() chose', () => {
    const robots = loadRobots(compile(txt));
    const sel = robots.selectAgent(GOOGLEBOT);
    expect(sel).toEqual({ token: 'Googlebot', recognised: true, selection: 'specific', group: robots.agent(GOOGLEBOT).groupIndex });
    expect(robots.selectAgent(CHROME)).toEqual({ token: 'Mozilla', recognised: false, selection: 'global', group: robots.agent('*').groupIndex });
    expect(robots.selectAgent('*')).toMatchObject({ token: '*', recognised: false, selection: 'global' });
    const none = loadRobots(compile('User-agent: FooBot\nDisallow: /\n'));
    expect(none.selectAgent('BarBot/1.0')).toEqual({ token: 'BarBot', recognised: true, selection: 'none', group: -1 });
  });

  it('google profile: agent() and selectAgent compare verbatim; recognised still reports the header', () => {
    const robots = compileRobots(txt, { profile: 'google' });
    expect(robots.agent(GOOGLEBOT).selection).toBe('global');
    expect(robots.selectAgent(GOOGLEBOT)).toMatchObject({ token: GOOGLEBOT, recognised: true, selection: 'global' });
    expect(robots.selectAgent('Googlebot')).toMatchObject({ token: 'Googlebot', selection: 'specific' });
  });

  it('selectAgent reports out-of-scope where agent() throws', () => {
    const robots = loadRobots(compile(txt, { agents: ['Googlebot'] }));
    expect(robots.selectAgent('BingBot/2.0')).toEqual({ token: 'BingBot', recognised: true, selection: 'out-of-scope', group: -1 });
    expect(() => robots.agent('BingBot/2.0')).toThrow(RobotsAgentError);
    expect(robots.selectAgent(GOOGLEBOT)).toMatchObject({ selection: 'specific' });
  });

  it('selectAgent throws TypeError only for a non-string', () => {
    const robots = compileRobots(txt);
    expect(() => robots.selectAgent(undefined as unknown as string)).toThrow(TypeError);
  });
});
