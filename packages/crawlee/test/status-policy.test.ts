/**
 * RFC 9309 section 2.3.1 through a real crawler: 503 disallows everything until the retry time
 * (a fake clock), 404 allows everything, a timeout disallows, a redirect loop allows (as 4xx,
 * @robomata/fetch README), and odd bodies are logged once per origin through Crawlee's log.
 */

import { HttpCrawler } from '@crawlee/http';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { withRobomata } from '@robomata/crawlee';
import type { RobotsTxtDecision } from '@robomata/crawlee';
import { SITE_BOT, startLocalSite } from '../examples/local-site.mjs';
import type { LocalSite } from '../examples/local-site.mjs';
import { QUICK, memoryConfig, pathOf, recordingLog } from './_crawl.js';

const UA = `${SITE_BOT}/2.0`;

let site: LocalSite;
beforeEach(async () => {
  site = await startLocalSite();
});
afterEach(async () => {
  await site.close();
});

/** A crawler over the site recording what it handled and what robots.txt skipped. */
function makeCrawler(extra: { now?: () => number; timeoutMs?: number } = {}) {
  const skips: RobotsTxtDecision[] = [];
  const handled: string[] = [];
  const { log, warnings } = recordingLog();
  const Crawler = withRobomata(HttpCrawler, { userAgent: UA, onRobotsTxtSkip: (d) => void skips.push(d), ...extra });
  const crawler = new Crawler({ ...QUICK, log, requestHandler: ({ request }) => void handled.push(pathOf(request.url)) }, memoryConfig());
  const run = (paths: string[]) => crawler.run(paths.map((p) => `${site.base}${p}`));
  return { crawler, skips, handled, warnings, run };
}

describe('robots.txt status policy in a crawl', () => {
  it('503: nothing of the origin is requested while it fails; after recovery and the retry time new URLs are crawled', async () => {
    let clock = Date.now();
    site.setRobots({ status: 503 });
    const c = makeCrawler({ now: () => clock });
    await c.run(['/', '/page/1', '/page/2']);
    expect(site.pageRequests()).toEqual([]);
    expect(c.handled).toEqual([]);
    expect(site.robotsRequests()).toBe(1);
    expect(c.skips.map((d) => [pathOf(d.url), d.reason, d.robots.httpStatus])).toEqual([
      ['/', 'unavailable', 503],
      ['/page/1', 'unavailable', 503],
      ['/page/2', 'unavailable', 503],
    ]);
    const retryAt = c.skips[0]?.retryAt ?? 0;
    expect(retryAt - clock).toBeGreaterThanOrEqual(60_000);
    expect(c.warnings.filter((w) => w.includes('is unavailable (server-error 503)'))).toHaveLength(1);

    // The server recovers, but the retry time has not come: still nothing requested, robots.txt not asked again.
    site.setRobots({ status: 200, body: 'User-agent: *\nDisallow: /private/\n' });
    await c.run(['/page/3']);
    expect(site.pageRequests()).toEqual([]);
    expect(site.robotsRequests()).toBe(1);

    clock = retryAt + 1;
    await c.run(['/page/4', '/page/5', '/private/1']);
    expect(site.robotsRequests()).toBe(2);
    expect(site.pageRequests().sort()).toEqual(['/page/4', '/page/5']);
    expect(c.handled.sort()).toEqual(['/page/4', '/page/5']);
  });

  it('404: everything is crawled, robots.txt asked once', async () => {
    site.setRobots({ status: 404 });
    const c = makeCrawler();
    await c.run(['/', '/private/1', '/drafts/1', '/list?sort=asc']);
    expect(c.handled.sort()).toEqual(['/', '/drafts/1', '/list?sort=asc', '/private/1']);
    expect(site.robotsRequests()).toBe(1);
    expect(c.skips).toEqual([]);
    expect(await c.crawler.robomata.explain(`${site.base}/private/1`)).toMatchObject({ allowed: true, reason: 'unrestricted' });
  });

  it('timeout: disallowed like a 5xx, without asking again before the retry time', async () => {
    site.setRobots({ hang: true });
    const c = makeCrawler({ timeoutMs: 300 });
    await c.run(['/', '/page/1']);
    expect(site.pageRequests()).toEqual([]);
    expect(c.skips.map((d) => [d.reason, d.robots.statusClass])).toEqual([
      ['unavailable', 'timeout'],
      ['unavailable', 'timeout'],
    ]);
    await c.run(['/page/2']);
    expect(site.robotsRequests()).toBe(1);
    expect(site.pageRequests()).toEqual([]);
  });

  it('redirect loop: followed 5 times, then everything allowed (as 4xx)', async () => {
    site.setRobots({ redirectLoop: true });
    const c = makeCrawler();
    await c.run(['/private/1', '/drafts/1']);
    expect(site.robotsRequests()).toBe(6);
    expect(c.handled.sort()).toEqual(['/drafts/1', '/private/1']);
    expect((await c.crawler.robomata.explain(`${site.base}/private/1`)).robots).toMatchObject({ statusClass: 'redirect-limit', policy: 'allow-all', redirects: 5 });
  });

  it('logs an HTML robots.txt once per origin through Crawlee\'s log', async () => {
    site.setRobots({ status: 200, body: '<!DOCTYPE html>\n<html><head><title>Not found</title></head><body>Disallow: /</body></html>\n', headers: { 'content-type': 'text/html' } });
    const c = makeCrawler();
    await c.run(['/', '/page/1', '/page/2', '/page/3']);
    const html = c.warnings.filter((w) => w.includes('is an HTML page'));
    expect(html).toHaveLength(1);
    expect(html[0]).toContain(site.base);
  });

  it('logs a truncated robots.txt once per origin: rules past 512,000 bytes do not apply', async () => {
    const filler = `# ${'x'.repeat(98)}\n`.repeat(5200); // 520,000 bytes of comments
    site.setRobots({ status: 200, body: `User-agent: *\nDisallow: /drafts/\n${filler}Disallow: /private/\n` });
    const c = makeCrawler();
    await c.run(['/private/1', '/drafts/1', '/page/1']);
    expect(c.handled.sort()).toEqual(['/page/1', '/private/1']);
    // One warning, the compiler's (with its line: the cut body is compiled from maxBytes + 1 bytes).
    expect(c.warnings.filter((w) => w.includes('size limit'))).toEqual([expect.stringMatching(new RegExp(`^robots\\.txt of ${site.base}, line \\d+: `))]);
    expect((await c.crawler.robomata.explain(`${site.base}/`)).robots.truncated).toBe(true);
  });
});
