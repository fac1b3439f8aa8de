/**
 * withRobomata on a browser crawler: PlaywrightCrawler drives Debian's Chromium (playwright never
 * downloads a browser here) over the bundled local localSite(). The README says browser crawlers work
 * by inheritance; this is the test that says it. What the server logs is checked against
 * @robomata/reference (the oracle), not against robomata.
 */

import { PlaywrightCrawler } from '@crawlee/playwright';
import { createReferenceMatcher } from '@robomata/reference';
import { chromium } from 'playwright';
import { describe, expect, it } from 'vitest';
import { withRobomata } from '@robomata/crawlee';
import { SITE_BOT, siteRobotsTxt } from '../examples/local-site.mjs';
import { findChromium, maySkipBrowserTests } from '../../../test/support/chromium.js';
import { SITE_UA, memoryConfig, pathOf, useLocalSite } from './_crawl.js';

const localSite = useLocalSite();

describe.skipIf(maySkipBrowserTests())('withRobomata(PlaywrightCrawler) in Chromium', () => {
  it('opens no disallowed page in the browser, opens the allowed ones it was given, and fetches robots.txt once', async () => {
    const oracle = createReferenceMatcher(siteRobotsTxt(localSite().base));
    const skipped: string[] = [];
    const Crawler = withRobomata(PlaywrightCrawler, { userAgent: SITE_UA, onRobotsTxtSkip: (d) => void skipped.push(pathOf(d.url)) });
    const opened: string[] = [];
    const crawler = new Crawler(
      {
        maxRequestRetries: 0,
        maxConcurrency: 2,
        requestHandlerTimeoutSecs: 30,
        browserPoolOptions: { useFingerprints: false },
        launchContext: {
          launcher: chromium,
          launchOptions: { executablePath: findChromium(), headless: true, args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] },
        },
        async requestHandler({ request, page }) {
          opened.push(`${pathOf(request.url)} ${await page.title()}`);
        },
      },
      memoryConfig(),
    );
    // Start URLs on both sides of the rules: a plain Disallow, a wildcard, an Allow inside a
    // disallowed directory, and pages no rule names.
    const starts = ['/', '/page/3', '/private/2', '/drafts/1', '/list?sort=asc', '/private/public-note'];
    await crawler.run(starts.map((p) => `${localSite().base}${p}`));

    const allowed = starts.filter((p) => oracle.isAllowed(SITE_BOT, `${localSite().base}${p}`));
    expect(allowed.length).toBeGreaterThan(1);
    expect(allowed.length).toBeLessThan(starts.length);
    // The page title is the path: each page was rendered by Chromium, not just fetched.
    expect(opened.sort()).toEqual(allowed.map((p) => `${p} ${p}`).sort());
    expect(skipped.sort()).toEqual(starts.filter((p) => !allowed.includes(p)).sort());
    // The browser requested only allowed pages (its favicon probe aside), robots.txt once.
    const pages = localSite().pageRequests().filter((p) => p !== '/favicon.ico');
    for (const p of pages) expect(oracle.isAllowed(SITE_BOT, `${localSite().base}${p}`), `Chromium requested ${p}`).toBe(true);
    expect(new Set(pages)).toEqual(new Set(allowed));
    expect(localSite().robotsRequests()).toBe(1);
  }, 120_000);
});
