import { describe, expect, it } from 'vitest';
import { DEFAULT_MAX_BYTES, MAX_LINE_BYTES, decide, isAllowed } from '../src/index.js';

describe('decide', () => {
  it('reports the deciding rule as written', () => {
    const robots = 'User-agent: *\nDisallow: /ツ%2f\nAllow: /d/index.html';
    expect(decide(robots, 'FooBot', '/%E3%83%84%2F')).toEqual({ allowed: false, line: 2, kind: 'disallow', pattern: '/ツ%2f' });
    expect(decide(robots, 'FooBot', '/d/')).toEqual({ allowed: true, line: 3, kind: 'allow', pattern: '/d/index.html' });
    expect(decide(robots, 'FooBot', '/x')).toEqual({ allowed: true, line: 0, kind: 'none', pattern: '' });
  });
  it('decodes invalid UTF-8 in a reported pattern with U+FFFD', () => {
    const robots = Uint8Array.of(...new TextEncoder().encode('User-agent: *\nDisallow: /'), 0xff);
    expect(decide(robots, 'x', '/%FF').pattern).toBe('/\uFFFD');
  });
  it('defaults to the rfc9309 profile', () => {
    expect(decide('User-agent: *\nDisallow: /', 'x', '/robots.txt').kind).toBe('none');
    expect(decide('User-agent: *\nDisallow: /', 'x', '/robots.txt', { profile: 'google' }).kind).toBe('disallow');
  });
  it('honours maxBytes (default 512,000)', () => {
    expect(DEFAULT_MAX_BYTES).toBe(512_000);
    expect(MAX_LINE_BYTES).toBe(16_663);
    const robots = 'User-agent: *\nDisallow: /a\nDisallow: /b';
    expect(decide(robots, 'x', '/b', { maxBytes: 27 }).allowed).toBe(true);
    expect(decide(robots, 'x', '/b').line).toBe(3);
  });
});

describe('isAllowed', () => {
  it('agrees with decide', () => {
    const robots = 'User-agent: FooBot\nDisallow: /a\nAllow: /a/b';
    for (const url of ['/a', '/a/b', '/c', 'http://x/a?q']) {
      expect(isAllowed(robots, 'foobot', url)).toBe(decide(robots, 'foobot', url).allowed);
    }
    expect(isAllowed(robots, 'FooBot', '/a')).toBe(false);
    expect(isAllowed(robots, 'FooBot', '/a/b')).toBe(true);
  });
});
