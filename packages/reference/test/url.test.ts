import { describe, expect, it } from 'vitest';
import { pathFromUrl } from '../src/url.js';

const p = (url: string): string => new TextDecoder().decode(pathFromUrl(url));

describe('pathFromUrl', () => {
  it('handles the examples of docs/semantics.md section 6', () => {
    expect(p('http://www.example.com')).toBe('/');
    expect(p('example.com?a')).toBe('/?a');
    expect(p('a/b')).toBe('/b');
    expect(p('//a/b/c')).toBe('/b/c');
    expect(p('example.com/a;b#c')).toBe('/a;b');
  });
  it('finds the scheme only before the first / ? ;', () => {
    expect(p('http://a/b://c')).toBe('/b://c');
    expect(p('a/b://c/d')).toBe('/b://c/d');
    expect(p('x?a://b/c')).toBe('/?a://b/c');
    expect(p('://a/b')).toBe('/b');
  });
  it('handles fragments, NUL and missing paths', () => {
    expect(p('http://x#a/b')).toBe('/');
    expect(p('http://x/a#b')).toBe('/a');
    expect(p('http://x/a\u0000b')).toBe('/a');
    expect(p('')).toBe('/');
    expect(p('mailto:x')).toBe('/');
    expect(p('http://x;p')).toBe('/;p');
  });
  it('encodes non-ASCII as UTF-8 and a lone surrogate as U+FFFD, with no normalisation', () => {
    expect([...pathFromUrl('/ツ')]).toEqual([0x2f, 0xe3, 0x83, 0x84]);
    expect([...pathFromUrl('/\uD800')]).toEqual([0x2f, 0xef, 0xbf, 0xbd]);
    expect(p('/a/../%7e')).toBe('/a/../%7e');
  });

  it('a path-only URL starting with // is a network-path reference (fast-check regression)', () => {
    expect(p('//')).toBe('/');
    expect(p('//a')).toBe('/');
    expect(p('http://h//a')).toBe('//a');
  });
});
