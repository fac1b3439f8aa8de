/**
 * Crawl-delay through Crawlee's delayRequest seam: requests to one origin are spaced by the
 * selected group's delay, capped by maxCrawlDelaySecs, and not at all when turned off. The
 * spacing asserted is the work done (the server's log), not a speed.
 */

import { HttpCrawler } from '@crawlee/http';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { withRobomata } from '@robomata/crawlee';
import { DEFAULT_MAX_CRAWL_DELAY_SECS } from '@robomata/crawlee/testing';
import { SITE_BOT, startLocalSite } from '../examples/local-site.mjs';
import type { LocalSite } from '../examples/local-site.mjs';
import { QUICK, memoryConfig, pathOf } from './_crawl.js';

/**
 * Slack for the network between the crawler's dispatch (where the delay is measured, as Crawlee's
 * sameDomainDelaySecs does) and the server's log; without a delay the gaps are a few ms.
 */
const SLACK_MS = 100;

let site: LocalSite;
beforeAll(async () => {
  // Warm up: the first request of a process loads Crawlee's HTTP client, which delays it alone.
  const warm = await startLocalSite();
  await new HttpCrawler({ ...QUICK, requestHandler: () => undefined }, memoryConfig()).run([`${warm.base}/`]);
  await warm.close();
});
beforeEach(async () => {
  site = await startLocalSite();
});
afterEach(async () => {
  await site.close();
});

/** Milliseconds between consecutive page requests in the server's log. */
function gaps(): number[] {
  const at = site.log.filter((r) => r.path !== '/robots.txt').map((r) => r.at);
  return at.slice(1).map((t, i) => t - (at[i] as number));
}

const PAGES = ['/page/1', '/page/2', '/page/3', '/page/4'];

describe('crawl-delay', () => {
  it('spaces requests to an origin by the group\'s Crawl-delay', async () => {
    site.setRobots({ status: 200, body: `User-agent: *\nCrawl-delay: 5\nDisallow: /private/\n\nUser-agent: ${SITE_BOT}\nCrawl-delay: 0.4\nDisallow: /private/\n` });
    const Crawler = withRobomata(HttpCrawler, { userAgent: `${SITE_BOT}/1.0` });
    const handled: string[] = [];
    const crawler = new Crawler({ ...QUICK, requestHandler: ({ request }) => void handled.push(pathOf(request.url)) }, memoryConfig());
    await crawler.run(PAGES.map((p) => `${site.base}${p}`));
    expect(handled.sort()).toEqual(PAGES);
    expect(crawler.robomata.crawlDelayOf(`${site.base}/`)).toBe(400);
    expect(gaps()).toHaveLength(3);
    for (const g of gaps()) expect(g).toBeGreaterThanOrEqual(400 - SLACK_MS);
  });

  it('caps a long Crawl-delay at maxCrawlDelaySecs (default 30 s)', async () => {
    expect(DEFAULT_MAX_CRAWL_DELAY_SECS).toBe(30);
    site.setRobots({ status: 200, body: 'User-agent: *\nCrawl-delay: 3600\n' });
    const Crawler = withRobomata(HttpCrawler, { userAgent: `${SITE_BOT}/1.0`, maxCrawlDelaySecs: 0.3 });
    const handled: string[] = [];
    const crawler = new Crawler({ ...QUICK, requestHandler: ({ request }) => void handled.push(pathOf(request.url)) }, memoryConfig());
    await crawler.run(PAGES.slice(0, 3).map((p) => `${site.base}${p}`));
    expect(handled).toHaveLength(3);
    expect(crawler.robomata.crawlDelayOf(`${site.base}/x`)).toBe(300);
    for (const g of gaps()) expect(g).toBeGreaterThanOrEqual(300 - SLACK_MS);
  });

  it('is not applied with crawlDelay: false', async () => {
    site.setRobots({ status: 200, body: 'User-agent: *\nCrawl-delay: 3600\n' });
    const Crawler = withRobomata(HttpCrawler, { userAgent: `${SITE_BOT}/1.0`, crawlDelay: false });
    const handled: string[] = [];
    const crawler = new Crawler({ ...QUICK, requestHandler: ({ request }) => void handled.push(pathOf(request.url)) }, memoryConfig());
    await crawler.run(PAGES.map((p) => `${site.base}${p}`));
    expect(handled).toHaveLength(4);
    expect(crawler.robomata.crawlDelayOf(`${site.base}/`)).toBe(0);
  });
});
