// The regex-per-rule strategy must agree with the hand-derived conformance verdicts and with the
// reference on generated inputs (the bench aborts on any disagreement, so this guards the bench).
import { describe, expect, it } from 'vitest';
import { parseRobotsTxt } from '@robomata/compiler';
import { isAllowed } from '@robomata/reference';
import { CONFORMANCE_CASES } from '../../test/conformance/cases.js';
import { createPrng } from '../src/prng.js';
import { buildRegexMatcher, canonicalizeUrlPath, extractUrlPath, patternToRegExp } from '../src/regex-strategy.js';
import { generateUrls } from '../src/url-gen.js';

describe('regex-strategy: conformance cases', () => {
  for (const c of CONFORMANCE_CASES) {
    it(`${c.spec} ${c.name} [${c.profile}]`, () => {
      const parsed = parseRobotsTxt(c.robotsTxt, c.maxBytes === undefined ? { profile: c.profile } : { maxBytes: c.maxBytes, profile: c.profile });
      expect(buildRegexMatcher(parsed, c.agent, c.profile).isAllowed(c.url)).toBe(c.allowed);
    });
  }
});

describe('regex-strategy: helpers', () => {
  it('extracts paths as docs/semantics.md section 6 shows', () => {
    expect(extractUrlPath('http://www.example.com')).toBe('/');
    expect(extractUrlPath('example.com?a')).toBe('/?a');
    expect(extractUrlPath('a/b')).toBe('/b');
    expect(extractUrlPath('//a/b/c')).toBe('/b/c');
    expect(extractUrlPath('example.com/a;b#c')).toBe('/a;b');
  });

  it('canonicalises URL paths (rfc9309)', () => {
    expect(canonicalizeUrlPath('/%7e%41%2f*$ツ')).toBe('/~A%2F%2A%24%E3%83%84');
    expect(canonicalizeUrlPath('/\ud800x')).toBe('/%EF%BF%BDx');
  });

  it('anchors patterns and escapes regex specials', () => {
    expect(patternToRegExp('/a.b*c$').test('/a.bXYc')).toBe(true);
    expect(patternToRegExp('/a.b*c$').test('/aXbc')).toBe(false);
    expect(patternToRegExp('/a$b').test('/a$bc')).toBe(true);
    expect(patternToRegExp('/x').test('/y/x')).toBe(false);
  });
});

describe('regex-strategy: agrees with the reference on generated URLs', () => {
  const files = [
    'User-agent: *\nDisallow: /private/\nAllow: /private/ok$\nDisallow: /*.pdf$\nAllow: /d/index.html\n',
    'User-agent: FooBot\nUser-agent: BarBot\nDisallow: /a*b*c\nAllow: /a%2Fb\n\nUser-agent: *\nDisallow: /\nAllow: /ツ\n',
    'User-agent: *\nDisallow: /%7Euser/\nDisallow: /search?q=*\nAllow: /search?q=ok\nDisallow: /$x$\n',
  ];
  for (const [i, text] of files.entries()) {
    it(`file ${i}`, () => {
      const prng = createPrng(100 + i);
      const patterns = parseRobotsTxt(text).groups.flatMap((g) => g.rules.map((r) => r.pattern));
      const urls = generateUrls(patterns, 300, prng, { base: 'https://example.com' });
      for (const profile of ['rfc9309', 'google'] as const) {
        const parsed = parseRobotsTxt(text, { profile });
        for (const agent of ['FooBot', 'barbot', '*', 'Other']) {
          const m = buildRegexMatcher(parsed, agent, profile);
          for (const { url } of urls) expect([agent, url, m.isAllowed(url)]).toEqual([agent, url, isAllowed(text, agent, url, { profile })]);
        }
      }
    });
  }
});
