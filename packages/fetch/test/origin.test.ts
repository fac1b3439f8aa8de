import { describe, expect, it } from 'vitest';
import { originOf } from '../src/origin.js';

describe('originOf', () => {
  it.each([
    ['http://example.com/a/b?c#d', 'http://example.com'],
    ['http://example.com:80/a', 'http://example.com'],
    ['https://example.com:443/', 'https://example.com'],
    ['https://example.com:80/', 'https://example.com:80'],
    ['http://example.com:443/', 'http://example.com:443'],
    ['http://example.com:8080', 'http://example.com:8080'],
    ['HTTP://ExAmPlE.CoM/Path', 'http://example.com'],
    ['http://bücher.example/x', 'http://xn--bcher-kva.example'],
    ['http://BÜCHER.example:80/x', 'http://xn--bcher-kva.example'],
    ['http://xn--bcher-kva.example/', 'http://xn--bcher-kva.example'],
    ['http://[::1]:8080/x', 'http://[::1]:8080'],
    ['http://127.0.0.1:3000/x', 'http://127.0.0.1:3000'],
    ['http://user:pw@example.com/x', 'http://example.com'],
  ])('%s -> %s', (url, origin) => {
    expect(originOf(url)).toEqual({ origin, robotsUrl: `${origin}/robots.txt` });
  });

  it('keeps scheme apart: http and https are different origins', () => {
    expect(originOf('http://example.com/').origin).not.toBe(originOf('https://example.com/').origin);
  });

  it.each(['/relative/path', 'example.com/x', 'ftp://example.com/x', 'mailto:a@b.c', ''])(
    'rejects %j with a TypeError',
    (url) => {
      expect(() => originOf(url)).toThrow(TypeError);
    },
  );
});
