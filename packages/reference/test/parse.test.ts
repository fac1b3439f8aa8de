import { describe, expect, it } from 'vitest';
import {
  DEFAULT_MAX_BYTES,
  MAX_LINE_BYTES,
  classifyKey,
  isAsciiSpace,
  lowerAscii,
  parseAgent,
  parseGroups,
  parseLine,
  splitLines,
} from '../src/parse.js';

const enc = (s: string): Uint8Array => new TextEncoder().encode(s);
const dec = (b: Uint8Array): string => new TextDecoder().decode(b);
const lines = (input: string | Uint8Array): string[] => splitLines(typeof input === 'string' ? enc(input) : input).map(dec);

describe('constants', () => {
  it('are the values of docs/semantics.md', () => {
    expect(MAX_LINE_BYTES).toBe(16_663);
    expect(DEFAULT_MAX_BYTES).toBe(512_000);
  });
});

describe('splitLines', () => {
  it('splits on LF, CR and CRLF, and \\n\\r is two breaks', () => {
    expect(lines('a\nb\rc\r\nd')).toEqual(['a', 'b', 'c', 'd']);
    expect(lines('a\n\rb')).toEqual(['a', '', 'b']);
    expect(lines('a\r\r\nb')).toEqual(['a', '', 'b']);
  });
  it('always yields a last line', () => {
    expect(lines('')).toEqual(['']);
    expect(lines('a\n')).toEqual(['a', '']);
  });
  it('skips a full or partial BOM at the start only', () => {
    expect(lines(Uint8Array.of(0xef, 0xbb, 0xbf, 0x61))).toEqual(['a']);
    expect(lines(Uint8Array.of(0xef, 0xbb, 0x61))).toEqual(['a']);
    expect(lines(Uint8Array.of(0xef, 0x61))).toEqual(['a']);
    expect(splitLines(Uint8Array.of(0x61, 0x0a, 0xef, 0xbb, 0xbf))[1]).toEqual(Uint8Array.of(0xef, 0xbb, 0xbf));
    expect(splitLines(Uint8Array.of(0xbb, 0xbf))[0]).toEqual(Uint8Array.of(0xbb, 0xbf));
  });
  it('keeps the first 16,663 bytes of a line', () => {
    const [first, second] = splitLines(enc(`${'x'.repeat(16_663)}yz\nnext`));
    expect(first?.length).toBe(16_663);
    expect(first?.at(-1)).toBe(0x78);
    expect(second && dec(second)).toBe('next');
  });
  it('ends the content at a NUL', () => {
    expect(lines(enc('ab\u0000cd\nef'))).toEqual(['ab', 'ef']);
  });
});

describe('isAsciiSpace', () => {
  it('is true for SP HT LF VT FF CR only', () => {
    const spaces = [0x20, 0x09, 0x0a, 0x0b, 0x0c, 0x0d];
    for (let b = 0; b < 256; b++) expect(isAsciiSpace(b), String(b)).toBe(spaces.includes(b));
    expect(isAsciiSpace(undefined)).toBe(false);
  });
});

describe('lowerAscii', () => {
  it('lower-cases A-Z only', () => {
    expect(lowerAscii('FooBOT-_1')).toBe('foobot-_1');
    expect(lowerAscii('\u212A\u00C4')).toBe('\u212A\u00C4');
  });
});

describe('parseLine', () => {
  const kv = (s: string): [string, string] | null => {
    const r = parseLine(enc(s));
    return r === null ? null : [dec(r.key), dec(r.value)];
  };
  it('splits at the first colon and trims', () => {
    expect(kv('  Disallow :  /a:b  ')).toEqual(['Disallow', '/a:b']);
    expect(kv('Disallow /x:y')).toEqual(['Disallow /x', 'y']);
  });
  it('cuts comments first', () => {
    expect(kv('Disallow: /a#b')).toEqual(['Disallow', '/a']);
    expect(kv('# Disallow: /a')).toBeNull();
  });
  it('accepts exactly two SP/HT-separated tokens without a colon', () => {
    expect(kv('Disallow /a')).toEqual(['Disallow', '/a']);
    expect(kv('Disallow \t /a')).toEqual(['Disallow', '/a']);
    expect(kv('Disallow /a /b')).toBeNull();
    expect(kv('Disallow')).toBeNull();
    expect(kv('Disallow\u000b/a')).toBeNull();
  });
  it('rejects an empty key and keeps an empty value', () => {
    expect(kv(': /a')).toBeNull();
    expect(kv('Disallow:')).toEqual(['Disallow', '']);
  });
  it('keeps inner spaces of the value', () => {
    expect(kv('Disallow: /a  b')).toEqual(['Disallow', '/a  b']);
  });
});

describe('classifyKey', () => {
  const k = (s: string): string => classifyKey(enc(s));
  it('recognises keys by prefix, with typos', () => {
    expect(['User-agent', 'useragent', 'USER AGENT', 'User-agents'].map(k)).toEqual(Array(4).fill('user-agent'));
    expect(['allow', 'Allowed'].map(k)).toEqual(['allow', 'allow']);
    expect(['Disallowed', 'dissallow', 'dissalow', 'disalow', 'diasllow', 'disallaw'].map(k)).toEqual(Array(6).fill('disallow'));
    expect(['Sitemap', 'site-map'].map(k)).toEqual(['sitemap', 'sitemap']);
  });
  it('treats anything else as other', () => {
    expect(['Alow', 'Crawl-delay', 'Host', 'Dis-allow', 'agent', ''].map(k)).toEqual(Array(6).fill('other'));
  });
});

describe('parseAgent', () => {
  const a = (s: string): { global: boolean; token: string } => parseAgent(enc(s));
  it('recognises the global agent', () => {
    expect(a('*')).toEqual({ global: true, token: '' });
    expect(a('* foo').global).toBe(true);
    expect(a('*\tfoo').global).toBe(true);
    expect(a('*foo')).toEqual({ global: false, token: '' });
  });
  it('cuts the product token at the first byte outside [A-Za-z_-]', () => {
    expect(a('Bot2').token).toBe('Bot');
    expect(a('FooBot/1.2').token).toBe('FooBot');
    expect(a('Foo_Bar-Baz x').token).toBe('Foo_Bar-Baz');
    expect(a('').token).toBe('');
    expect(a('ÄBot').token).toBe('');
  });
});

describe('parseGroups', () => {
  const groups = (s: string, max = DEFAULT_MAX_BYTES) =>
    parseGroups(enc(s), max).map((g) => ({
      agents: g.agents.map((x) => (x.global ? '*' : x.token)),
      rules: g.rules.map((r) => `${r.line}:${r.allow ? 'A' : 'D'}:${dec(r.value)}`),
    }));
  it('groups consecutive user-agent lines and starts a new group after a rule', () => {
    expect(groups('User-agent: a\n\nSitemap: s\nUser-agent: b\nDisallow: /x\nUser-agent: *\nAllow: /y')).toEqual([
      { agents: ['a', 'b'], rules: ['5:D:/x'] },
      { agents: ['*'], rules: ['7:A:/y'] },
    ]);
  });
  it('drops rules before the first user-agent line', () => {
    expect(groups('Disallow: /a\nUser-agent: a\nDisallow: /b')).toEqual([{ agents: ['a'], rules: ['3:D:/b'] }]);
  });
  it('reads only maxBytes bytes', () => {
    expect(groups('User-agent: a\nDisallow: /bcd', 26)).toEqual([{ agents: ['a'], rules: ['2:D:/b'] }]);
  });
});
