import { describe, expect, it } from 'vitest';
// readMatchedPath (explain.ts): the path a URL is matched by, as Robots#explain reports it.
import { readMatchedPath } from '../src/explain.js';

const matchedPath = (url: string, profile: 'rfc9309' | 'google'): string => readMatchedPath(url, profile === 'rfc9309');

describe('readMatchedPath (docs/semantics.md section 6 examples)', () => {
  it.each([
    ['http://www.example.com', '/'],
    ['example.com?a', '/?a'],
    ['a/b', '/b'],
    ['//a/b/c', '/b/c'],
    ['example.com/a;b#c', '/a;b'],
    ['http://example.com#x/y', '/'],
    ['/path/only?q', '/path/only?q'],
    ['http://example.com/a\0b', '/a'],
  ])('google: %j -> %j', (url, path) => {
    expect(matchedPath(url, 'google')).toBe(path);
  });
});

describe('readMatchedPath rfc9309 canonical form (docs/semantics.md section 7)', () => {
  it.each([
    ['/%7euser/%41', '/~user/A'], // unreserved decoded
    ['/a%2fb%3f', '/a%2Fb%3F'], // reserved kept, hex upper-cased
    ['/100%', '/100%'], // lone % stays
    ['/%zz', '/%zz'],
    ['/file-*.html', '/file-%2A.html'],
    ['/a$b', '/a%24b'],
    ['/ツ', '/%E3%83%84'],
    ['/\uD800x', '/%EF%BF%BDx'], // lone surrogate as U+FFFD
  ])('%j -> %j', (url, path) => {
    expect(matchedPath(url, 'rfc9309')).toBe(path);
  });
});
