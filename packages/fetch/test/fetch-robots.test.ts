import { describe, expect, it } from 'vitest';
import { fetchRobotsTxt } from '../src/fetch-robots.js';
import type { FetchRobotsOptions } from '../src/fetch-robots.js';
import { redirectChain, reply, startTestServer, useTestServers } from './_server.js';
import type { TestServer } from './_server.js';

const OPTIONS: FetchRobotsOptions = {
  userAgent: 'RobomataTest/1.0',
  fetch: globalThis.fetch,
  timeoutMs: 2_000,
  maxBytes: 512_000,
  maxRedirects: 5,
};

const text = (bytes: Uint8Array): string => new TextDecoder().decode(bytes);

/** Redirect chain: /robots.txt -> /r1 -> ... -> /rN (200, disallowing /hopN), N hops. */
const chain = (hops: number, status = 302) => redirectChain(hops, status, (at) => `User-agent: *\nDisallow: /hop${at}\n`);

let a: TestServer;
let b: TestServer;
useTestServers((x, y) => {
  a = x;
  b = y;
});

describe('fetchRobotsTxt status classes', () => {
  it('2xx returns the body and sends the User-Agent header', async () => {
    a.handle((_req, res) => reply(res, 200, 'User-agent: *\nDisallow: /x\n'));
    const before = a.requests.length;
    const out = await fetchRobotsTxt(`${a.base}/robots.txt`, OPTIONS);
    expect(out.statusClass).toBe('success');
    expect(out.httpStatus).toBe(200);
    expect(text(out.body)).toBe('User-agent: *\nDisallow: /x\n');
    expect(out.bytesRead).toBe(27);
    expect(out.truncated).toBe(false);
    expect(out.redirects).toBe(0);
    expect(a.requests.slice(before)).toEqual([{ path: '/robots.txt', userAgent: 'RobomataTest/1.0' }]);
  });

  it.each([
    [404, 'client-error'],
    [401, 'client-error'],
    [403, 'client-error'],
    [410, 'client-error'],
    [429, 'rate-limited'],
    [500, 'server-error'],
    [503, 'server-error'],
  ] as const)('HTTP %i is %s with no body kept', async (status, statusClass) => {
    a.handle((_req, res) => reply(res, status, 'User-agent: *\nDisallow: /\n'));
    const out = await fetchRobotsTxt(`${a.base}/robots.txt`, OPTIONS);
    expect(out.statusClass).toBe(statusClass);
    expect(out.httpStatus).toBe(status);
    expect(out.body.byteLength).toBe(0);
    expect(out.error).toBe(`HTTP ${status}`);
  });

  it.each([301, 302, 303, 307, 308])('follows a %i redirect', async (status) => {
    a.handle(chain(1, status));
    const out = await fetchRobotsTxt(`${a.base}/robots.txt`, OPTIONS);
    expect(out.statusClass).toBe('success');
    expect(out.redirects).toBe(1);
    expect(out.finalUrl).toBe(`${a.base}/r1`);
    expect(text(out.body)).toContain('Disallow: /hop1');
  });

  it.each([4, 5])('follows a chain of %i redirects', async (hops) => {
    a.handle(chain(hops));
    const before = a.requests.length;
    const out = await fetchRobotsTxt(`${a.base}/robots.txt`, OPTIONS);
    expect(out.statusClass).toBe('success');
    expect(out.redirects).toBe(hops);
    expect(text(out.body)).toContain(`Disallow: /hop${hops}`);
    expect(a.requests.length - before).toBe(hops + 1);
  });

  it('a 6th redirect ends the attempt as redirect-limit after exactly 6 requests', async () => {
    a.handle(chain(6));
    const before = a.requests.length;
    const out = await fetchRobotsTxt(`${a.base}/robots.txt`, OPTIONS);
    expect(out.statusClass).toBe('redirect-limit');
    expect(out.redirects).toBe(5);
    expect(out.httpStatus).toBe(302);
    expect(a.requests.slice(before).map((r) => r.path)).toEqual(['/robots.txt', '/r1', '/r2', '/r3', '/r4', '/r5']);
  });

  it('maxRedirects 0 refuses the first redirect', async () => {
    a.handle(chain(1));
    const out = await fetchRobotsTxt(`${a.base}/robots.txt`, { ...OPTIONS, maxRedirects: 0 });
    expect(out.statusClass).toBe('redirect-limit');
    expect(out.redirects).toBe(0);
  });

  it('a redirect without Location is redirect-limit', async () => {
    a.handle((_req, res) => reply(res, 302));
    const out = await fetchRobotsTxt(`${a.base}/robots.txt`, OPTIONS);
    expect(out.statusClass).toBe('redirect-limit');
  });

  it('follows redirects across hosts (another origin)', async () => {
    a.handle((_req, res) => reply(res, 301, '', { location: `${b.base}/robots.txt` }));
    b.handle((_req, res) => reply(res, 200, 'User-agent: *\nDisallow: /from-b\n'));
    const out = await fetchRobotsTxt(`${a.base}/robots.txt`, OPTIONS);
    expect(out.statusClass).toBe('success');
    expect(out.finalUrl).toBe(`${b.base}/robots.txt`);
    expect(out.sourceUrl).toBe(`${a.base}/robots.txt`);
    expect(text(out.body)).toContain('/from-b');
  });

  it('parses Cache-Control max-age into milliseconds', async () => {
    a.handle((_req, res) => reply(res, 200, '', { 'cache-control': 'public, max-age=120' }));
    const out = await fetchRobotsTxt(`${a.base}/robots.txt`, OPTIONS);
    expect(out.maxAgeMs).toBe(120_000);
    a.handle((_req, res) => reply(res, 200, '', { 'cache-control': 'no-cache' }));
    expect((await fetchRobotsTxt(`${a.base}/robots.txt`, OPTIONS)).maxAgeMs).toBeUndefined();
  });
});

describe('fetchRobotsTxt limits', () => {
  it('times out on a response that never starts', async () => {
    a.handle(() => undefined); // never answers
    const before = a.count('/robots.txt');
    const out = await fetchRobotsTxt(`${a.base}/robots.txt`, { ...OPTIONS, timeoutMs: 200 });
    expect(a.count('/robots.txt') - before).toBe(1); // one attempt, given up (no retry)
    expect(out.statusClass).toBe('timeout');
    expect(out.httpStatus).toBe(0);
    expect(out.error).toContain('200 ms');
  });

  it('times out on a body that trickles too slowly', async () => {
    a.handle((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.write('User-agent: *\n');
      const timer = setInterval(() => res.write('# slow\n'), 50);
      res.on('close', () => clearInterval(timer));
    });
    const out = await fetchRobotsTxt(`${a.base}/robots.txt`, { ...OPTIONS, timeoutMs: 300 });
    expect(out.statusClass).toBe('timeout');
    expect(out.httpStatus).toBe(200);
  });

  it('reports a refused connection as network-error', async () => {
    const gone = await startTestServer();
    const url = `${gone.base}/robots.txt`;
    await gone.close();
    const out = await fetchRobotsTxt(url, OPTIONS);
    expect(out.statusClass).toBe('network-error');
    expect(out.httpStatus).toBe(0);
    expect(out.error).toBeTruthy();
  });

  it('stops reading a 2 MB body near the limit and keeps maxBytes plus the byte that shows the cut', async () => {
    const total = 2 * 1024 * 1024;
    let written = 0;
    a.handle((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      const chunk = Buffer.alloc(16 * 1024, 0x61); // 'a'
      const pump = (): void => {
        // Bounded: total / chunk writes at most.
        while (written < total) {
          written += chunk.byteLength;
          if (!res.write(chunk)) {
            res.once('drain', pump);
            return;
          }
        }
        res.end();
      };
      res.on('close', () => undefined);
      pump();
    });
    const out = await fetchRobotsTxt(`${a.base}/robots.txt`, { ...OPTIONS, maxBytes: 512_000 });
    expect(out.statusClass).toBe('success');
    expect(out.truncated).toBe(true);
    expect(out.body.byteLength).toBe(512_001);
    expect(out.bytesRead).toBeGreaterThan(512_000);
    expect(out.bytesRead).toBeLessThan(512_000 + 256 * 1024);
  });

  it('a body of exactly maxBytes is not truncated', async () => {
    a.handle((_req, res) => reply(res, 200, 'x'.repeat(1000)));
    const out = await fetchRobotsTxt(`${a.base}/robots.txt`, { ...OPTIONS, maxBytes: 1000 });
    expect(out.truncated).toBe(false);
    expect(out.body.byteLength).toBe(1000);
  });
});
