import { describe, expect, it } from 'vitest';
import { compile } from '@robomata/compiler';
import { createRobotsCache } from '../src/cache.js';
import { ENTRY_OVERHEAD_BYTES } from '../src/policy.js';
import { COMPILE_IN_WORKER_MIN_BYTES, compileArtifact } from '../src/compile-artifact.js';
import { fetchRobotsTxt } from '../src/fetch-robots.js';
import { useRulesServers } from './_server.js';

const RULES = 'User-agent: *\nDisallow: /private/\n\nUser-agent: FooBot\nDisallow: /\n';
const servers = useRulesServers(RULES);

describe('the crawler bound at creation', () => {
  it('productToken defaults to the User-Agent header product token', async () => {
    const cache = createRobotsCache({ userAgent: 'FooBot/2.1 (+https://foo.example/bot)' });
    expect(await cache.isAllowed(`${servers.a.base}/public`)).toBe(false); // FooBot's group: Disallow: /
    expect(await cache.isAllowed(`${servers.a.base}/public`, 'OtherBot')).toBe(true); // explicit token
  });

  it('finds the crawler token in a Mozilla-compatible header and says which', async () => {
    const logged: string[] = [];
    const cache = createRobotsCache({ userAgent: 'Mozilla/5.0 (compatible; FooBot/2.1; +https://foo.example/bot)', log: (m) => logged.push(m) });
    expect(cache.productToken).toBe('FooBot');
    expect(cache.productTokenRecognised).toBe(true);
    expect(await cache.isAllowed(`${servers.a.base}/public`)).toBe(false); // FooBot's group: Disallow: /
    expect(logged).toEqual([]);
  });

  it('warns once when the User-Agent names no crawler token, and uses Mozilla', async () => {
    const logged: string[] = [];
    const cache = createRobotsCache({ userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36', log: (m) => logged.push(m) });
    expect(cache.productToken).toBe('Mozilla');
    expect(cache.productTokenRecognised).toBe(false);
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatch(/names no crawler product token.*"Mozilla".*options\.productToken/);
    expect(await cache.isAllowed(`${servers.a.base}/private/x`)).toBe(false); // the * group
    const quiet: string[] = [];
    expect(createRobotsCache({ userAgent: 'Mozilla/5.0 (X11)', productToken: 'FooBot', log: (m) => quiet.push(m) }).productToken).toBe('FooBot');
    expect(quiet).toEqual([]);
  });

  it('productToken overrides it', async () => {
    const cache = createRobotsCache({ userAgent: 'FooBot/2.1', productToken: 'BarBot' });
    expect(await cache.isAllowed(`${servers.a.base}/public`)).toBe(true);
    expect(await cache.isAllowed(`${servers.a.base}/private/x`)).toBe(false);
    expect(() => createRobotsCache({ userAgent: 'FooBot/2.1', productToken: '' })).toThrow(TypeError);
  });
});

describe('peek: the synchronous fast path', () => {
  it('is undefined until the origin is cached, then the bound crawler rules, until expiry', async () => {
    let clock = 1_000;
    const cache = createRobotsCache({ userAgent: 'BarBot/1.0', now: () => clock });
    const before = servers.a.count('/robots.txt');
    expect(cache.peek(`${servers.a.base}/private/x`)).toBeUndefined();
    expect(servers.a.count('/robots.txt')).toBe(before); // peek never fetches
    await cache.get(`${servers.a.base}/`);
    const rules = cache.peek(`${servers.a.base}/anything`);
    expect(rules?.isAllowed('/private/x')).toBe(false);
    expect(rules?.isAllowed(`${servers.a.base}/public`)).toBe(true);
    expect(cache.peek(`${servers.a.base}/other`)).toBe(rules); // one matcher per origin, kept
    expect(cache.peek(`${servers.b.base}/`)).toBeUndefined(); // another origin
    expect(cache.peek('not a url')).toBeUndefined();
    clock += 25 * 60 * 60 * 1000;
    expect(cache.peek(`${servers.a.base}/`)).toBeUndefined(); // stale: get() refetches
  });
});

describe('byte budget (maxCacheBytes)', () => {
  it('evicts the least recently used origin once the artifacts exceed the budget', async () => {
    const size = compile(RULES).byteLength + ENTRY_OVERHEAD_BYTES;
    const cache = createRobotsCache({ userAgent: 'BarBot/1.0', maxCacheBytes: size + size / 2 });
    await cache.get(`${servers.a.base}/`);
    expect(cache.peek(`${servers.a.base}/`)).toBeDefined();
    await cache.get(`${servers.b.base}/`);
    expect(cache.peek(`${servers.b.base}/`)).toBeDefined();
    expect(cache.peek(`${servers.a.base}/`)).toBeUndefined();
  });

  it('keeps an entry larger than the whole budget (alone) rather than refetching it on every call', async () => {
    const cache = createRobotsCache({ userAgent: 'BarBot/1.0', maxCacheBytes: 10 });
    const before = servers.a.count('/robots.txt');
    await cache.isAllowed(`${servers.a.base}/x`);
    await cache.isAllowed(`${servers.a.base}/y`);
    expect(servers.a.count('/robots.txt')).toBe(before + 1);
  });
});

describe('default fetch', () => {
  it('fetchRobotsTxt without a fetch option uses Node global fetch', async () => {
    const outcome = await fetchRobotsTxt(`${servers.a.base}/robots.txt`, { userAgent: 'BarBot/1.0', timeoutMs: 2_000, maxBytes: 512_000, maxRedirects: 5 });
    expect(outcome.statusClass).toBe('success');
    expect(new TextDecoder().decode(outcome.body)).toBe(RULES);
  });
});

describe('compile off the event loop', () => {
  const big = `${RULES}${Array.from({ length: 40 }, (_, i) => `Disallow: /p${i}/*/x$\n`).join('')}`;

  it('the built worker compiles the same bytes as the calling thread', async () => {
    // The sources run under vitest have no worker script next to them; the built module does.
    const built = (await import(new URL('../dist/compile-artifact.js', import.meta.url).href)) as typeof import('../src/compile-artifact.js');
    const body = new TextEncoder().encode(big);
    expect(body.byteLength).toBeGreaterThanOrEqual(COMPILE_IN_WORKER_MIN_BYTES);
    const off = await built.compileArtifact(body, 'rfc9309', 512_000);
    expect(off.site).toBe('worker');
    expect(off.artifact).toEqual(compile(body));
    const small = await built.compileArtifact(new TextEncoder().encode('User-agent: *\n'), 'google', 512_000);
    expect(small.site).toBe('inline');
    await expect(built.compileArtifact(body, 'rfc9309', -1)).rejects.toThrow(/maxBytes/);
  });

  it('without the worker script (sources) it compiles inline, same bytes', async () => {
    const body = new TextEncoder().encode(big);
    const here = await compileArtifact(body, 'rfc9309', 512_000);
    expect(here.site).toBe('inline');
    expect(here.artifact).toEqual(compile(body));
  });
});
