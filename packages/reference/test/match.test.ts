import { describe, expect, it } from 'vitest';
import { canonicalize, escapePattern, indexHtmlPattern, matchPattern } from '../src/match.js';

const enc = (s: string): Uint8Array => new TextEncoder().encode(s);
const latin1 = (b: Uint8Array): string => String.fromCharCode(...b);

describe('escapePattern', () => {
  const e = (s: string | Uint8Array): string => latin1(escapePattern(typeof s === 'string' ? enc(s) : s));
  it('upper-cases valid %xx and keeps everything else ASCII', () => {
    expect(e('/a%2fb%zz%4%')).toBe('/a%2Fb%zz%4%');
    expect(e('/%41*$')).toBe('/%41*$');
  });
  it('percent-encodes bytes >= 0x80', () => {
    expect(e('/ツ')).toBe('/%E3%83%84');
    expect(e(Uint8Array.of(0x2f, 0xff))).toBe('/%FF');
  });
});

describe('canonicalize', () => {
  const url = (s: string): string => latin1(canonicalize(enc(s), false));
  const pat = (s: string): string => latin1(canonicalize(enc(s), true));
  it('decodes unreserved %XX and upper-cases the rest', () => {
    expect(url('/%41%7e%2D%2e%5F%30%2f%3a')).toBe('/A~-._0%2F%3A');
    expect(url('/%2541')).toBe('/%2541');
    expect(url('/%%41%')).toBe('/%A%');
  });
  it('percent-encodes non-ASCII', () => {
    expect(url('/é')).toBe('/%C3%A9');
  });
  it('encodes * and $ in a URL', () => {
    expect(url('/a*b$')).toBe('/a%2Ab%24');
  });
  it('keeps * and a final $ in a pattern, encodes a non-final $', () => {
    expect(pat('/a*b$')).toBe('/a*b$');
    expect(pat('/a$b$')).toBe('/a%24b$');
    expect(pat('$')).toBe('$');
  });
});

describe('matchPattern', () => {
  const m = (path: string, pattern: string): boolean => matchPattern(enc(path), enc(pattern));
  it('is an anchored prefix match', () => {
    expect(m('/abc', '/ab')).toBe(true);
    expect(m('/abc', '/b')).toBe(false);
    expect(m('/ab', '/abc')).toBe(false);
    expect(m('/a', '')).toBe(true);
  });
  it('treats * as any run and a final $ as the end', () => {
    expect(m('/a/x/b', '/a*b')).toBe(true);
    expect(m('/ab', '/a*b')).toBe(true);
    expect(m('/a', '/a$')).toBe(true);
    expect(m('/ab', '/a$')).toBe(false);
    expect(m('/x.php', '/*.php$')).toBe(true);
    expect(m('/x.php5', '/*.php$')).toBe(false);
  });
  it('treats a non-final $ and other bytes literally', () => {
    expect(m('/a$b', '/a$b')).toBe(true);
    expect(m('/ab', '/a$b')).toBe(false);
    expect(m('/axb', '/a.b')).toBe(false);
  });
  it('never matches "$" alone or a pattern not starting with / or *', () => {
    expect(m('/', '$')).toBe(false);
    expect(m('/a', 'a')).toBe(false);
    expect(m('/a', '*a')).toBe(true);
  });
  it('stays polynomial on a backtracking-hostile input', () => {
    const path = `/${'a'.repeat(3000)}`;
    const pattern = `/${'*a'.repeat(40)}b`;
    expect(m(path, pattern)).toBe(false);
  });
});

describe('indexHtmlPattern', () => {
  const i = (s: string): string | null => {
    const r = indexHtmlPattern(enc(s));
    return r === null ? null : latin1(r);
  };
  it('derives the directory pattern with $', () => {
    expect(i('/d/index.html')).toBe('/d/$');
    expect(i('/index.htm')).toBe('/$');
    expect(i('/*/index.html?x')).toBe('/*/$');
  });
  it('derives nothing otherwise', () => {
    expect(i('/d/index.php')).toBeNull();
    expect(i('/d/Index.html')).toBeNull();
    expect(i('index.html')).toBeNull();
    expect(i('/index.html/')).toBeNull();
    expect(i('/d/xindex.html')).toBeNull();
  });
});
