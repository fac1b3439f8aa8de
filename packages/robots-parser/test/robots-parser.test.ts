// robots-parser 3's API contract, method by method, checked against the real robots-parser where
// the two agree by design, and robomata's answers where the README lists a difference.
import { describe, expect, it } from 'vitest';
import robotsParserDefault, { robotsParser, type Robot } from '../src/index.js';
import { realRobotsParser } from './_compare.js';

const ROBOTS = [
  'User-agent: FooBot', // 1
  'Disallow: /', // 2
  'Allow: /public', // 3
  '', // 4
  'User-agent: *', // 5
  'Disallow: /private', // 6
  'Allow: /private/ok', // 7
  'Crawl-delay: 5', // 8
  'Host: WWW.Example.com', // 9
  'Sitemap: https://example.com/a.xml', // 10
  'Sitemap: https://example.com/b.xml # comment', // 11
].join('\n');
const BASE = 'https://example.com/robots.txt';

/** Runs `f` on both parsers and returns [robomata, robots-parser]. */
function both<T>(url: string, contents: string, f: (r: Robot) => T): [T, T] {
  return [f(robotsParser(url, contents)), f(realRobotsParser(url, contents))];
}

describe('robotsParser(url, contents): same call shape and exports', () => {
  it('is the default export and a named export', () => {
    expect(robotsParserDefault).toBe(robotsParser);
    expect(typeof robotsParser(BASE, ROBOTS).isAllowed).toBe('function');
  });

  it('treats null or undefined contents as an empty file (everything allowed)', () => {
    const r = robotsParser(BASE, undefined as unknown as string);
    expect(r.isAllowed('https://example.com/x')).toBe(true);
    expect(r.getSitemaps()).toEqual([]);
  });
});

describe('origin check (robots-parser contract)', () => {
  const cases: [string, boolean | undefined][] = [
    ['https://example.com/private/x', false],
    ['https://example.com:443/private/x', false], // default port folded
    ['https://EXAMPLE.com/private/x', false], // host case folded
    ['http://example.com/private/x', undefined], // other scheme
    ['https://example.com:8443/private/x', undefined], // other port
    ['https://www.example.com/private/x', undefined], // other host
    ['https://user:pw@example.com/private/x', false], // credentials: same origin
    ['http://[invalid/x', undefined], // invalid URL
    ['/private/x', undefined], // relative: resolved against robots-parser's own base, another origin
  ];
  for (const [url, expected] of cases) {
    it(`isAllowed(${JSON.stringify(url)}) is ${String(expected)}, as robots-parser says`, () => {
      expect(both(BASE, ROBOTS, (r) => r.isAllowed(url))).toEqual([expected, expected]);
    });
  }

  it('other origins: isDisallowed true, getMatchingLineNumber -1, isExplicitlyDisallowed undefined', () => {
    const r = robotsParser(BASE, ROBOTS);
    expect(r.isDisallowed('https://other.example/private')).toBe(true);
    expect(realRobotsParser(BASE, ROBOTS).isDisallowed('https://other.example/private')).toBe(true);
    expect(r.getMatchingLineNumber('https://other.example/private')).toBe(-1);
    expect(r.isExplicitlyDisallowed('https://other.example/private', 'FooBot')).toBeUndefined();
  });

  it('an http robots.txt folds port 80 and rejects https', () => {
    expect(both('http://example.com/robots.txt', ROBOTS, (r) => [r.isAllowed('http://example.com:80/private'), r.isAllowed('https://example.com/private')])).toEqual([
      [false, undefined],
      [false, undefined],
    ]);
  });

  it('an invalid robots.txt URL makes every URL undefined', () => {
    expect(robotsParser('http://[bad', ROBOTS).isAllowed('https://example.com/private')).toBeUndefined();
  });
});

describe('relative URLs (robots-parser contract)', () => {
  it('a relative robots.txt URL pairs with relative checked URLs', () => {
    const [ours, theirs] = both('/robots.txt', ROBOTS, (r) => ['/private/x', 'private/x', '/private/ok/1', '/x?y'].map((u) => r.isAllowed(u)));
    expect(ours).toEqual([false, false, true, true]);
    expect(theirs).toEqual(ours);
  });
});

describe('user agents (robots-parser contract: full User-Agent strings accepted)', () => {
  it('a full User-Agent header selects the group of its product token', () => {
    const r = robotsParser(BASE, ROBOTS);
    for (const ua of ['FooBot', 'foobot', 'FooBot/2.1', 'FooBot/2.1 (+https://foo.example/bot)']) {
      expect(r.isAllowed('https://example.com/x', ua), ua).toBe(false);
      expect(r.isAllowed('https://example.com/public/x', ua), ua).toBe(true);
    }
    expect(both(BASE, ROBOTS, (x) => x.isAllowed('https://example.com/x', 'FooBot/2.1 (+https://foo.example/bot)'))).toEqual([false, false]);
  });

  it('a Mozilla-compatible crawler header selects the crawler group (robots-parser 3.0.1: mozilla, the * group)', () => {
    const ua = 'Mozilla/5.0 (compatible; FooBot/2.1; +https://foo.example/bot)';
    expect(both(BASE, ROBOTS, (x) => x.isAllowed('https://example.com/x', ua))).toEqual([false, true]);
    const r = robotsParser(BASE, ROBOTS);
    expect(r.getProductToken(ua)).toEqual({ token: 'FooBot', recognised: true });
    expect(r.getProductToken()).toEqual({ token: '*', recognised: false });
  });

  it('warns once per User-Agent string that names no crawler token, and says which token it used', () => {
    const warned: string[] = [];
    const ua = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 drop-in-test';
    const r = robotsParser(BASE, ROBOTS, { warn: (m) => warned.push(m) });
    expect(r.isAllowed('https://example.com/private/x', ua)).toBe(false);
    expect(r.isAllowed('https://example.com/private/y', ua)).toBe(false);
    expect(robotsParser(BASE, ROBOTS, { warn: (m) => warned.push(m) }).isAllowed('https://example.com/x', ua)).toBe(true);
    expect(warned).toHaveLength(1);
    expect(warned[0]).toMatch(/names no crawler product token.*checking it as "Mozilla"/);
    expect(r.getProductToken(ua)).toEqual({ token: 'Mozilla', recognised: false });
    r.isAllowed('https://example.com/x');
    r.isAllowed('https://example.com/x', '*');
    expect(warned).toHaveLength(1); // the default `*` is not a header
  });

  it('no user agent, "*" or a UA without a product token gets the * group', () => {
    const r = robotsParser(BASE, ROBOTS, { warn: () => undefined });
    for (const ua of [undefined, '*', '', '123bot']) expect(r.isAllowed('https://example.com/private/x', ua), String(ua)).toBe(false);
  });

  it('throws a TypeError for a user agent that is not a string', () => {
    expect(() => robotsParser(BASE, ROBOTS).isAllowed('https://example.com/', 42 as unknown as string)).toThrow(TypeError);
  });
});

describe('methods', () => {
  it('getMatchingLineNumber: the deciding line, -1 when no rule matches', () => {
    const urls = ['https://example.com/private/x', 'https://example.com/private/ok/1', 'https://example.com/other'];
    expect(both(BASE, ROBOTS, (r) => urls.map((u) => r.getMatchingLineNumber(u)))).toEqual([
      [6, 7, -1],
      [6, 7, -1],
    ]);
    expect(both(BASE, ROBOTS, (r) => r.getMatchingLineNumber('https://example.com/x', 'FooBot'))).toEqual([2, 2]);
  });

  it('isDisallowed is the negation of isAllowed', () => {
    expect(both(BASE, ROBOTS, (r) => [r.isDisallowed('https://example.com/private'), r.isDisallowed('https://example.com/')])).toEqual([
      [true, false],
      [true, false],
    ]);
  });

  it('isExplicitlyDisallowed: only a group naming the agent counts, never the * group', () => {
    const r = robotsParser(BASE, ROBOTS);
    expect(r.isExplicitlyDisallowed('https://example.com/x', 'FooBot/1.0')).toBe(true);
    expect(r.isExplicitlyDisallowed('https://example.com/public', 'FooBot')).toBe(false);
    expect(r.isExplicitlyDisallowed('https://example.com/private/x', 'BarBot')).toBe(false); // * disallows, but not explicitly
  });

  it('getCrawlDelay: the group of the agent, falling back to *', () => {
    expect(both(BASE, ROBOTS, (r) => [r.getCrawlDelay(), r.getCrawlDelay('BarBot/1.0'), r.getCrawlDelay('FooBot')])).toEqual([
      [5, 5, undefined],
      [5, 5, undefined],
    ]);
  });

  it('getSitemaps: every sitemap in file order, comments cut, a fresh array each call', () => {
    const r = robotsParser(BASE, ROBOTS);
    expect(both(BASE, ROBOTS, (x) => x.getSitemaps())).toEqual([
      ['https://example.com/a.xml', 'https://example.com/b.xml'],
      ['https://example.com/a.xml', 'https://example.com/b.xml'],
    ]);
    r.getSitemaps().push('x');
    expect(r.getSitemaps()).toHaveLength(2);
  });

  it('getPreferredHost: the last Host line, lower-cased, else null', () => {
    expect(both(BASE, ROBOTS, (r) => r.getPreferredHost())).toEqual(['www.example.com', 'www.example.com']);
    expect(both(BASE, `${ROBOTS}\nhost: second.example`, (r) => r.getPreferredHost())).toEqual(['second.example', 'second.example']);
    expect(both(BASE, 'User-agent: *\nDisallow:', (r) => r.getPreferredHost())).toEqual([null, null]);
  });

  it('getWarnings and robots: what robots-parser cannot say', () => {
    const html = robotsParser(BASE, '<!DOCTYPE html><html><body>Not found</body></html>');
    expect(html.getWarnings().map((w) => w.code)).toEqual(['html']);
    expect(robotsParser(BASE, ROBOTS).robots.agent('FooBot').selection).toBe('specific');
  });
});

describe('where robomata answers differently (README "Differences")', () => {
  it('group boundaries: other lines between user-agent lines do not split a group', () => {
    const txt = 'User-agent: a\nCrawl-delay: 1\nUser-agent: b\nDisallow: /';
    expect(both(BASE, txt, (r) => r.isAllowed('https://example.com/x', 'a'))).toEqual([false, true]);
  });

  it('lone surrogates: read as U+FFFD, so rfc9309 disallows /\\uD800 (robots-parser suite: allowed); google compares raw bytes', () => {
    // robots-parser 3.0.1's own test "should handle lone high / low surrogates".
    const txt = 'User-agent: *\nDisallow: /\uD800\nDisallow: /\uDC00';
    expect(both('http://www.example.com/robots.txt', txt, (r) => r.isAllowed('http://www.example.com/\uD800'))).toEqual([false, true]);
    expect(both('http://www.example.com/robots.txt', txt, (r) => r.isAllowed('http://www.example.com/\uDC00'))).toEqual([false, true]);
    expect(robotsParser('http://www.example.com/robots.txt', txt, { profile: 'google' }).isAllowed('http://www.example.com/\uD800')).toBe(true);
  });

  it('agent tokens: "User-agent: FooBot 2.0" names FooBot', () => {
    expect(both(BASE, 'User-agent: FooBot 2.0\nDisallow: /', (r) => r.isAllowed('https://example.com/x', 'FooBot'))).toEqual([false, true]);
  });

  it('empty groups: a group naming the agent with no rules allows everything', () => {
    const txt = 'User-agent: *\nDisallow: /\n\nUser-agent: FooBot\n';
    expect(both(BASE, txt, (r) => r.isAllowed('https://example.com/x', 'FooBot'))).toEqual([true, false]);
  });

  it('key syntax: typos and missing colons are read as Google reads them', () => {
    expect(both(BASE, 'User-agent: *\nDissallow: /x', (r) => r.isAllowed('https://example.com/x'))).toEqual([false, true]);
    expect(both(BASE, 'User-agent: *\nDisallow /x', (r) => r.isAllowed('https://example.com/x'))).toEqual([false, true]);
  });

  it('URL parsing: dot segments are not removed', () => {
    expect(both(BASE, 'User-agent: *\nDisallow: /a/', (r) => r.isAllowed('https://example.com/a/../b'))).toEqual([false, true]);
  });

  it('/robots.txt is always allowed (rfc9309 profile); the google profile matches it like any path', () => {
    expect(both(BASE, 'User-agent: *\nDisallow: /', (r) => r.isAllowed('https://example.com/robots.txt'))).toEqual([true, false]);
    expect(robotsParser(BASE, 'User-agent: *\nDisallow: /', { profile: 'google' }).isAllowed('https://example.com/robots.txt')).toBe(false);
  });

  it('index.html: Allow: /d/index.html also allows /d/', () => {
    expect(both(BASE, 'User-agent: *\nDisallow: /d/\nAllow: /d/index.html', (r) => r.isAllowed('https://example.com/d/'))).toEqual([true, false]);
  });

  it('encoding: a pattern character encodeURI would escape still matches itself', () => {
    expect(both(BASE, 'User-agent: *\nDisallow: /a|b', (r) => r.isAllowed('https://example.com/a|b'))).toEqual([false, true]);
  });

  it('unicode whitespace: only ASCII whitespace is trimmed from values', () => {
    expect(both(BASE, 'User-agent: *\nDisallow: /lib\u00a0', (r) => r.isAllowed('https://example.com/lib/'))).toEqual([true, false]);
  });

  it('truncation: content past 512,000 bytes is ignored and reported', () => {
    const txt = `User-agent: *\n${'#'.repeat(512_000)}\nDisallow: /`;
    const r = robotsParser(BASE, txt);
    expect(both(BASE, txt, (x) => x.isAllowed('https://example.com/x'))).toEqual([true, false]);
    expect(r.getWarnings().map((w) => w.code)).toEqual(['truncated']);
    expect(robotsParser(BASE, txt, { maxBytes: 600_000 }).isAllowed('https://example.com/x')).toBe(false);
  });

  it('crawl-delay: the first valid value of the merged group, a plain non-negative number', () => {
    const txt = 'User-agent: *\nCrawl-delay: 2\nCrawl-delay: 3\nDisallow: /x\n\nUser-agent: b\nCrawl-delay: -1\nCrawl-delay: 1e1\nDisallow: /y';
    expect(both(BASE, txt, (r) => [r.getCrawlDelay(), r.getCrawlDelay('b')])).toEqual([
      [2, undefined],
      [3, 10],
    ]);
  });

  it('sitemaps: a "Sitemap" key written without its colon is still a sitemap', () => {
    expect(both(BASE, 'sitemap http://example.com/s.xml', (r) => r.getSitemaps())).toEqual([['//example.com/s.xml'], []]);
  });
});
