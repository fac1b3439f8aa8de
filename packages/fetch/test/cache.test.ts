import { describe, expect, it } from 'vitest';
import { compileRobots } from '@robomata/compiler';
import { createRobotsCache } from '../src/cache.js';
import { CACHE_TTL_MS, FAILURE_GRACE_MS, RETRY_BASE_MS, RETRY_MAX_MS, retryDelayMs } from '../src/policy.js';
import type { RobotsCacheOptions } from '../src/cache.js';
import { redirectChain, reply, useTestServers } from './_server.js';
import type { TestServer } from './_server.js';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const RULES = 'User-agent: *\nDisallow: /private/\n\nUser-agent: FooBot\nDisallow: /\n';

let a: TestServer;
let b: TestServer;
useTestServers((x, y) => {
  a = x;
  b = y;
});
let clock = 1_700_000_000_000;

function cacheFor(extra: Partial<RobotsCacheOptions> = {}) {
  clock = 1_700_000_000_000;
  return createRobotsCache({ userAgent: 'RobomataTest/1.0', now: () => clock, timeoutMs: 2_000, ...extra });
}

/** Counts requests to /robots.txt on server `s` made while `body` runs. */
async function requestsDuring(s: TestServer, body: () => Promise<void>): Promise<number> {
  const before = s.count('/robots.txt');
  await body();
  return s.count('/robots.txt') - before;
}

/** A 307 redirect chain of `hops` hops ending in RULES. */
const chain = (hops: number) => redirectChain(hops, 307, () => RULES);

describe('createRobotsCache outcomes', () => {
  it('2xx: the compiled rules answer, per agent', async () => {
    a.handle((_req, res) => reply(res, 200, RULES));
    const cache = cacheFor();
    expect(await cache.isAllowed(`${a.base}/public`, 'Googlebot')).toBe(true);
    expect(await cache.isAllowed(`${a.base}/private/x`, 'Googlebot')).toBe(false);
    expect(await cache.isAllowed(`${a.base}/public`, 'FooBot')).toBe(false);
    const got = await cache.get(`${a.base}/`);
    expect(got).toMatchObject({
      origin: a.base,
      policy: 'rules',
      statusClass: 'success',
      httpStatus: 200,
      fetchedAt: clock,
      expiresAt: clock + CACHE_TTL_MS,
      sourceUrl: `${a.base}/robots.txt`,
      finalUrl: `${a.base}/robots.txt`,
      redirects: 0,
      bytesRead: RULES.length,
      truncated: false,
      error: undefined,
      failures: 0,
    });
    expect(a.requests.at(-1)?.userAgent).toBe('RobomataTest/1.0');
  });

  it.each([404, 401, 403, 410])('HTTP %i: allow all', async (status) => {
    a.handle((_req, res) => reply(res, status, 'User-agent: *\nDisallow: /\n'));
    const cache = cacheFor();
    expect(await cache.isAllowed(`${a.base}/anything`, 'Googlebot')).toBe(true);
    const got = await cache.get(`${a.base}/`);
    expect(got.policy).toBe('allow-all');
    expect(got.statusClass).toBe('client-error');
    expect(got.expiresAt).toBe(clock + CACHE_TTL_MS);
  });

  it.each([429, 500, 503])('HTTP %i: disallow all', async (status) => {
    a.handle((_req, res) => reply(res, status, ''));
    const cache = cacheFor();
    expect(await cache.isAllowed(`${a.base}/anything`, 'Googlebot')).toBe(false);
    const got = await cache.get(`${a.base}/`);
    expect(got.policy).toBe('disallow-all');
    expect(got.statusClass).toBe(status === 429 ? 'rate-limited' : 'server-error');
    expect(got.failures).toBe(1);
    expect(got.expiresAt).toBe(clock + RETRY_BASE_MS);
  });

  it.each([4, 5])('a chain of %i redirects gives the rules', async (hops) => {
    a.handle(chain(hops));
    const cache = cacheFor();
    expect(await cache.isAllowed(`${a.base}/private/x`, 'Googlebot')).toBe(false);
    expect((await cache.get(`${a.base}/`)).redirects).toBe(hops);
  });

  it('a 6th redirect is treated as 4xx: allow all', async () => {
    a.handle(chain(6));
    const cache = cacheFor();
    expect(await cache.isAllowed(`${a.base}/private/x`, 'Googlebot')).toBe(true);
    const got = await cache.get(`${a.base}/`);
    expect(got.policy).toBe('allow-all');
    expect(got.statusClass).toBe('redirect-limit');
  });

  it('a cross-host redirect applies the target file to the requesting origin', async () => {
    a.handle((_req, res) => reply(res, 301, '', { location: `${b.base}/robots.txt` }));
    b.handle((_req, res) => reply(res, 200, 'User-agent: *\nDisallow: /b-only\n'));
    const cache = cacheFor();
    expect(await cache.isAllowed(`${a.base}/b-only`, 'X')).toBe(false);
    expect((await cache.get(`${a.base}/`)).finalUrl).toBe(`${b.base}/robots.txt`);
    // b's own origin is a separate cache entry: one more request to b.
    const n = await requestsDuring(b, async () => {
      expect(await cache.isAllowed(`${b.base}/b-only`, 'X')).toBe(false);
    });
    expect(n).toBe(1);
  });

  it('a hanging server times out: disallow all', async () => {
    a.handle(() => undefined);
    const cache = cacheFor({ timeoutMs: 200 });
    expect(await cache.isAllowed(`${a.base}/x`, 'Googlebot')).toBe(false);
    const got = await cache.get(`${a.base}/`);
    expect(got.statusClass).toBe('timeout');
    expect(got.policy).toBe('disallow-all');
  });

  it('a 2 MB body: reading stops near the limit and rules past it are ignored', async () => {
    const head = 'User-agent: *\nDisallow: /early\n';
    const filler = `# ${'x'.repeat(97)}\n`; // 100 bytes per line
    const body = head + filler.repeat(20_000) + 'Disallow: /late\n'; // ~2 MB
    a.handle((_req, res) => reply(res, 200, body));
    const cache = cacheFor();
    expect(await cache.isAllowed(`${a.base}/early`, 'X')).toBe(false);
    expect(await cache.isAllowed(`${a.base}/late`, 'X')).toBe(true);
    const got = await cache.get(`${a.base}/`);
    expect(got.truncated).toBe(true);
    expect(got.bytesRead).toBeGreaterThanOrEqual(512_000);
    expect(got.bytesRead).toBeLessThan(body.length / 2);
    // The cut travels with the rules, as for a file cut at the limit (compiled on the worker or inline).
    expect(got.robots.warnings.map((w) => w.code)).toEqual(['truncated']);
    expect(got.robots.warnings[0]?.line).toBe(compileRobots(body).warnings[0]?.line);
  });

  it('a body of exactly maxBytes carries no truncated warning', async () => {
    a.handle((_req, res) => reply(res, 200, `User-agent: *\nDisallow: /x\n${'#'.repeat(1000 - 27)}`));
    const cache = cacheFor({ maxBytes: 1000 });
    const got = await cache.get(`${a.base}/`);
    expect(got.truncated).toBe(false);
    expect(got.robots.warnings).toEqual([]);
  });

  it('a smaller maxBytes cuts earlier', async () => {
    a.handle((_req, res) => reply(res, 200, `User-agent: *\n${'#'.repeat(2000)}\nDisallow: /late\n`));
    const cache = cacheFor({ maxBytes: 1000 });
    expect(await cache.isAllowed(`${a.base}/late`, 'X')).toBe(true);
    expect((await cache.get(`${a.base}/`)).truncated).toBe(true);
    expect((await cache.get(`${a.base}/`)).robots.warnings.map((w) => w.code)).toEqual(['truncated']);
  });

  it('google profile compiles with google semantics (no implicit /robots.txt allow)', async () => {
    a.handle((_req, res) => reply(res, 200, 'User-agent: *\nDisallow: /\n'));
    const rfc = cacheFor();
    expect(await rfc.isAllowed(`${a.base}/robots.txt`, 'X')).toBe(true);
    const google = cacheFor({ profile: 'google' });
    expect(await google.isAllowed(`${a.base}/robots.txt`, 'X')).toBe(false);
    expect((await google.get(`${a.base}/`)).robots.profile).toBe('google');
  });
});

describe('createRobotsCache lifetime', () => {
  it('caches for 24 h without max-age', async () => {
    a.handle((_req, res) => reply(res, 200, RULES));
    const cache = cacheFor();
    const n = await requestsDuring(a, async () => {
      await cache.get(`${a.base}/`);
      clock += CACHE_TTL_MS - 1;
      await cache.get(`${a.base}/`);
    });
    expect(n).toBe(1);
    const m = await requestsDuring(a, async () => {
      clock += 1;
      await cache.get(`${a.base}/`);
    });
    expect(m).toBe(1);
  });

  it('honours a shorter max-age', async () => {
    a.handle((_req, res) => reply(res, 200, RULES, { 'cache-control': 'max-age=60' }));
    const cache = cacheFor();
    const n = await requestsDuring(a, async () => {
      const first = await cache.get(`${a.base}/`);
      expect(first.expiresAt - first.fetchedAt).toBe(60_000);
      clock += 59_000;
      await cache.get(`${a.base}/x`);
    });
    expect(n).toBe(1);
    const m = await requestsDuring(a, async () => {
      clock += 2_000;
      await cache.get(`${a.base}/x`);
    });
    expect(m).toBe(1);
  });

  it('caps a longer max-age at 24 h', async () => {
    a.handle((_req, res) => reply(res, 200, RULES, { 'cache-control': 'max-age=604800' }));
    const cache = cacheFor();
    const got = await cache.get(`${a.base}/`);
    expect(got.expiresAt - got.fetchedAt).toBe(CACHE_TTL_MS);
  });

  it('100 concurrent callers for one origin make exactly one request', async () => {
    a.handle((_req, res) => {
      setTimeout(() => reply(res, 200, RULES), 50);
    });
    const cache = cacheFor();
    const n = await requestsDuring(a, async () => {
      const verdicts = await Promise.all(
        Array.from({ length: 100 }, (_, i) => cache.isAllowed(`${a.base}/${i % 2 === 0 ? 'private/' : ''}p${i}`, 'Bot')),
      );
      expect(verdicts.filter((v) => !v).length).toBe(50);
    });
    expect(n).toBe(1);
  });

  it('retries a failing server with exponential backoff, not before it expires', async () => {
    a.handle((_req, res) => reply(res, 503));
    const cache = cacheFor();
    const url = `${a.base}/`;
    const before = a.count('/robots.txt');
    const seen = (): number => a.count('/robots.txt') - before;
    await cache.get(url);
    expect(seen()).toBe(1);
    // Bounded loop: 8 failures, each checked just before and at its backoff.
    for (let failures = 1; failures <= 8; failures++) {
      const delay = retryDelayMs(failures);
      clock += delay - 1;
      expect((await cache.get(url)).failures).toBe(failures);
      expect(seen()).toBe(failures);
      clock += 1;
      const got = await cache.get(url);
      expect(seen()).toBe(failures + 1);
      expect(got.failures).toBe(failures + 1);
      expect(got.expiresAt - got.fetchedAt).toBe(retryDelayMs(failures + 1));
    }
  });

  it('documents the backoff schedule: 1 min doubling, capped at 6 h', () => {
    expect([1, 2, 3, 4, 5].map(retryDelayMs)).toEqual([60_000, 120_000, 240_000, 480_000, 960_000]);
    expect(retryDelayMs(9)).toBe(256 * RETRY_BASE_MS);
    expect(retryDelayMs(10)).toBe(RETRY_MAX_MS);
    expect(retryDelayMs(1000)).toBe(RETRY_MAX_MS);
  });

  it('recovers when the server answers again', async () => {
    let status = 500;
    a.handle((_req, res) => reply(res, status, RULES));
    const cache = cacheFor();
    expect(await cache.isAllowed(`${a.base}/public`, 'X')).toBe(false);
    status = 200;
    clock += RETRY_BASE_MS;
    expect(await cache.isAllowed(`${a.base}/public`, 'X')).toBe(true);
    const got = await cache.get(`${a.base}/`);
    expect(got.failures).toBe(0);
    expect(got.failingSince).toBeUndefined();
  });

  it('after 30 days of failure uses the last good copy; before, disallows all', async () => {
    let status = 200;
    a.handle((_req, res) => reply(res, status, RULES));
    const cache = cacheFor();
    const url = `${a.base}/public`;
    expect(await cache.isAllowed(url, 'X')).toBe(true);
    status = 503;
    clock += CACHE_TTL_MS;
    const firstFailure = clock;
    expect(await cache.isAllowed(url, 'X')).toBe(false);
    // Bounded: at most 30 days / 6 h + 1 = 121 steps.
    let got = await cache.get(url);
    let steps = 0;
    while (clock - firstFailure < FAILURE_GRACE_MS && steps++ < 200) {
      expect(got.policy).toBe('disallow-all');
      clock = got.expiresAt;
      got = await cache.get(url);
    }
    expect(got.failingSince).toBe(firstFailure);
    expect(got.policy).toBe('last-good');
    expect(await cache.isAllowed(url, 'X')).toBe(true);
    expect(await cache.isAllowed(`${a.base}/private/x`, 'X')).toBe(false);
    expect(await cache.isAllowed(url, 'FooBot')).toBe(false);
  });

  it('after 30 days of failure with no good copy allows all', async () => {
    a.handle((_req, res) => reply(res, 500));
    const cache = cacheFor();
    const url = `${a.base}/x`;
    expect(await cache.isAllowed(url, 'X')).toBe(false);
    clock += FAILURE_GRACE_MS - 1;
    expect((await cache.get(url)).policy).toBe('disallow-all');
    clock += RETRY_MAX_MS + 1;
    const got = await cache.get(url);
    expect(got.policy).toBe('allow-all');
    expect(got.statusClass).toBe('server-error');
    expect(await cache.isAllowed(url, 'X')).toBe(true);
  });
});

describe('createRobotsCache origins', () => {
  it('folds scheme and host case into one origin, keeps other hosts apart', async () => {
    a.handle((_req, res) => reply(res, 200, RULES));
    const cache = cacheFor();
    const n = await requestsDuring(a, async () => {
      await cache.get(`${a.base}/a`);
      await cache.get(`HTTP://127.0.0.1:${a.port}/b?c`);
    });
    expect(n).toBe(1);
    const m = await requestsDuring(a, async () => {
      await cache.get(`http://localhost:${a.port}/a`);
    });
    expect(m).toBe(1);
  });

  it('folds default ports and IDN hosts (injected fetch)', async () => {
    const asked: string[] = [];
    const fake: typeof fetch = async (input) => {
      asked.push(String(input));
      return new Response('User-agent: *\nDisallow: /no\n', { status: 200 });
    };
    const cache = cacheFor({ fetch: fake });
    await cache.get('http://example.com/x');
    await cache.get('http://EXAMPLE.com:80/y');
    await cache.get('https://example.com:443/y');
    await cache.get('https://example.com/z');
    await cache.get('http://bücher.example/a');
    await cache.get('http://xn--bcher-kva.example:80/b');
    await cache.get('http://example.com:8080/');
    expect(asked).toEqual([
      'http://example.com/robots.txt',
      'https://example.com/robots.txt',
      'http://xn--bcher-kva.example/robots.txt',
      'http://example.com:8080/robots.txt',
    ]);
  });

  it('evicts the least recently used origin beyond maxEntries', async () => {
    let calls = 0;
    const fake: typeof fetch = async () => {
      calls++;
      return new Response('', { status: 404 });
    };
    const cache = cacheFor({ fetch: fake, maxEntries: 2 });
    await cache.get('http://a.example/');
    await cache.get('http://b.example/');
    await cache.get('http://a.example/');
    expect(calls).toBe(2);
    await cache.get('http://c.example/'); // evicts b
    await cache.get('http://a.example/');
    expect(calls).toBe(3);
    await cache.get('http://b.example/');
    expect(calls).toBe(4);
  });

  it('rejects non-http URLs and requires a userAgent', async () => {
    const cache = cacheFor();
    await expect(cache.isAllowed('ftp://example.com/', 'X')).rejects.toThrow(TypeError);
    await expect(cache.get('/relative')).rejects.toThrow(TypeError);
    expect(() => createRobotsCache({ userAgent: '' })).toThrow(TypeError);
  });

  it('a rejecting fetch is a network error: disallow all', async () => {
    const fake: typeof fetch = async () => {
      throw new TypeError('fetch failed', { cause: new Error('getaddrinfo ENOTFOUND nowhere.invalid') });
    };
    const cache = cacheFor({ fetch: fake });
    const got = await cache.get('http://nowhere.invalid/');
    expect(got.statusClass).toBe('network-error');
    expect(got.policy).toBe('disallow-all');
    expect(got.error).toContain('ENOTFOUND');
  });
});
