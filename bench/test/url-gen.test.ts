import { describe, expect, it } from 'vitest';
import { createPrng, shuffleItems } from '../src/prng.js';
import { generateUrls, instantiatePattern, padUrlToLength } from '../src/url-gen.js';
import { patternToRegExp } from '../src/regex-strategy.js';

describe('prng', () => {
  it('is reproducible and seed-dependent', () => {
    const a = createPrng(1);
    const b = createPrng(1);
    const c = createPrng(2);
    const xs = [a.next(), a.next(), a.next()];
    expect([b.next(), b.next(), b.next()]).toEqual(xs);
    expect(c.next()).not.toBe(xs[0]);
    for (let i = 0; i < 1000; i++) {
      const v = a.int(7);
      expect(v >= 0 && v < 7 && Number.isInteger(v)).toBe(true);
    }
  });

  it('shuffles without losing items', () => {
    const items = Array.from({ length: 50 }, (_, i) => i);
    const out = shuffleItems(items, createPrng(3));
    expect(out).not.toEqual(items);
    expect(out.slice().sort((x, y) => x - y)).toEqual(items);
  });
});

describe('url-gen', () => {
  it('instantiates patterns into paths they match', () => {
    const prng = createPrng(5);
    for (const p of ['/a/*/b', '/x*.pdf$', '*/img/', '/exact$', '/q?x=*&y=']) {
      for (let i = 0; i < 50; i++) {
        const path = instantiatePattern(p, prng);
        expect(path).toBeDefined();
        const forMatch = p.startsWith('*') ? p : p;
        expect(patternToRegExp(forMatch).test(path as string)).toBe(true);
      }
    }
    expect(instantiatePattern('', prng)).toBeUndefined();
    expect(instantiatePattern('http://x/', prng)).toBeUndefined();
  });

  it('produces every kind with the base, and ASCII only when asked', () => {
    const urls = generateUrls(['/private/', '/*.php$', '/search?q='], 600, createPrng(7), { base: 'https://example.com' });
    expect(urls).toHaveLength(600);
    const kinds = new Set(urls.map((u) => u.kind));
    expect([...kinds].sort()).toEqual(['hit', 'miss', 'near-miss', 'non-ascii', 'percent', 'query']);
    for (const u of urls) expect(u.url.startsWith('https://example.com/')).toBe(true);
    expect(urls.some((u) => /[^\x00-\x7f]/.test(u.url))).toBe(true);
    expect(urls.some((u) => /%[0-9a-fA-F]{2}/.test(u.url))).toBe(true);
    const ascii = generateUrls(['/a/'], 300, createPrng(8), { asciiOnly: true });
    for (const u of ascii) {
      expect(u.kind).not.toBe('non-ascii');
      expect(u.url.startsWith('/')).toBe(true);
    }
  });

  it('generates hits that the pattern matches', () => {
    const urls = generateUrls(['/only/here/'], 200, createPrng(9));
    const hits = urls.filter((u) => u.kind === 'hit');
    expect(hits.length).toBeGreaterThan(20);
    for (const h of hits) expect(h.url.startsWith('/only/here/')).toBe(true);
  });

  it('pads and cuts to an exact length', () => {
    const prng = createPrng(11);
    for (const n of [16, 100, 4096]) expect(padUrlToLength('/a/b', n, prng)).toHaveLength(n);
    expect(padUrlToLength('/abcdefghijklmnopqrstuvwxyz', 16, prng)).toBe('/abcdefghijklmno');
  });

  it('is deterministic for a seed', () => {
    expect(generateUrls(['/x/*'], 50, createPrng(12))).toEqual(generateUrls(['/x/*'], 50, createPrng(12)));
  });
});
