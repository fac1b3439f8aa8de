/**
 * robots.txt goes through the crawler's proxyConfiguration (undici ProxyAgent, CONNECT), unless
 * useProxy is false; findRobotsTxtFile takes a proxyUrl as RobotsTxtFile.find does.
 */

import { HttpCrawler } from '@crawlee/http';
import { ProxyConfiguration } from '@crawlee/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { findRobotsTxtFile, withRobomata } from '@robomata/crawlee';
import { SITE_BOT, startLocalSite } from '../examples/local-site.mjs';
import type { LocalSite } from '../examples/local-site.mjs';
import { QUICK, memoryConfig, pathOf } from './_crawl.js';
import { startTestProxy } from './_proxy.js';
import type { TestProxy } from './_proxy.js';

let site: LocalSite;
let proxy: TestProxy;
beforeEach(async () => {
  site = await startLocalSite();
  proxy = await startTestProxy();
});
afterEach(async () => {
  await proxy.close();
  await site.close();
});

describe('robots.txt through the crawler\'s proxy', () => {
  it('fetches robots.txt through proxyConfiguration', async () => {
    const Crawler = withRobomata(HttpCrawler, { userAgent: `${SITE_BOT}/1.0` });
    const handled: string[] = [];
    const crawler = new Crawler(
      { ...QUICK, proxyConfiguration: new ProxyConfiguration({ proxyUrls: [proxy.url] }), requestHandler: ({ request }) => void handled.push(pathOf(request.url)) },
      memoryConfig(),
    );
    await crawler.run([`${site.base}/page/1`, `${site.base}/drafts/1`]);
    expect(handled).toEqual(['/page/1']);
    expect(site.robotsRequests()).toBe(1);
    expect(proxy.log).toContain(`CONNECT 127.0.0.1:${site.port}`);
    // the proxy carried every request the site saw
    expect(proxy.log.length).toBeGreaterThanOrEqual(2);
  });

  it('fetches robots.txt directly with useProxy: false', async () => {
    const Crawler = withRobomata(HttpCrawler, { userAgent: `${SITE_BOT}/1.0`, useProxy: false });
    const crawler = new Crawler({ ...QUICK, proxyConfiguration: new ProxyConfiguration({ proxyUrls: [proxy.url] }), requestHandler: () => undefined }, memoryConfig());
    await crawler.robomata.find(`${site.base}/`);
    expect(site.robotsRequests()).toBe(1);
    expect(proxy.log).toEqual([]);
  });

  it('findRobotsTxtFile(url, { userAgent, proxyUrl }) goes through the proxy', async () => {
    const file = await findRobotsTxtFile(`${site.base}/page/1`, { userAgent: `${SITE_BOT}/1.0`, proxyUrl: proxy.url });
    expect(file.isAllowed(`${site.base}/drafts/1`)).toBe(false);
    expect(proxy.log).toEqual([`CONNECT 127.0.0.1:${site.port}`]);
  });
});
