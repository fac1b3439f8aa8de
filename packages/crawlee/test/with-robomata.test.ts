/**
 * withRobomata on a real CheerioCrawler over the bundled local site (127.0.0.1): what the server
 * logs is what robots.txt allows, computed by @robomata/reference (the oracle), not by robomata.
 */

import { BasicCrawler } from '@crawlee/basic';
import { CheerioCrawler } from '@crawlee/cheerio';
import { HttpCrawler } from '@crawlee/http';
import { RobotsTxtFile } from '@crawlee/utils';
import { createReferenceMatcher } from '@robomata/reference';
import { describe, expect, it } from 'vitest';
import { withRobomata } from '@robomata/crawlee';
import type { RobotsTxtDecision } from '@robomata/crawlee';
import { SITE_BOT, SITE_PAGES, siteLinksOf, siteRobotsTxt } from '../examples/local-site.mjs';
import { QUICK, SITE_UA, memoryConfig, pathOf, recordingLog, useLocalSite } from './_crawl.js';

const localSite = useLocalSite();

/** The pages a crawler starting at / reaches when it follows links only through allowed pages. */
function reachableAllowed(allowed: (path: string) => boolean): Set<string> {
  const seen = new Set<string>(['/']);
  const queue = ['/'];
  while (queue.length > 0) {
    const path = queue.shift() as string;
    for (const next of siteLinksOf(path)) {
      if (!seen.has(next) && allowed(next)) {
        seen.add(next);
        queue.push(next);
      }
    }
  }
  return seen;
}

describe('withRobomata(CheerioCrawler) crawling the local site', () => {
  it('requests no disallowed page, crawls every allowed one, fetches robots.txt once and reports each skip with its line', async () => {
    const oracle = createReferenceMatcher(siteRobotsTxt(localSite().base));
    const skips: RobotsTxtDecision[] = [];
    const crawleeSkips: string[] = [];
    const Crawler = withRobomata(CheerioCrawler, { userAgent: SITE_UA, onRobotsTxtSkip: (d) => void skips.push(d) });
    const crawled: string[] = [];
    const crawler = new Crawler(
      {
        ...QUICK,
        onSkippedRequest: ({ url, reason }) => void crawleeSkips.push(`${reason} ${pathOf(url)}`),
        async requestHandler({ request, enqueueLinks }) {
          crawled.push(pathOf(request.url));
          await enqueueLinks();
        },
      },
      memoryConfig(),
    );
    await crawler.run([`${localSite().base}/`]);

    const expected = reachableAllowed((p) => oracle.isAllowed(SITE_BOT, `${localSite().base}${p}`));
    const requested = localSite().pageRequests();
    for (const p of requested) expect(oracle.isAllowed(SITE_BOT, `${localSite().base}${p}`), `requested ${p}`).toBe(true);
    expect(new Set(requested)).toEqual(expected);
    expect(new Set(crawled)).toEqual(expected);
    expect(localSite().robotsRequests()).toBe(1);
    expect(localSite().log.find((r) => r.path === '/robots.txt')?.userAgent).toBe(SITE_UA);
    // Some pages are disallowed through wildcards (/*?sort=, /*.pdf$) and one allowed inside /private/.
    expect(expected.has('/private/public-note')).toBe(true);
    expect(expected.has('/docs/report.pdf?download=1')).toBe(true);

    // Every skip names the rule the oracle names, and Crawlee's own callback saw the same URLs.
    const skippedPaths = new Set(skips.map((d) => pathOf(d.url)));
    expect(skippedPaths).toEqual(new Set(SITE_PAGES.filter((p) => !oracle.isAllowed(SITE_BOT, `${localSite().base}${p}`) && [...expected].some((from) => siteLinksOf(from).includes(p)))));
    for (const d of skips) {
      const truth = oracle.decide(SITE_BOT, d.url);
      expect(d.allowed).toBe(false);
      expect(d.reason).toBe('rule');
      expect(d.group).toBe('specific');
      expect(d.productToken).toBe(SITE_BOT);
      expect(d.rule).toEqual({ line: truth.line, kind: 'disallow', pattern: truth.pattern });
    }
    expect(new Set(crawleeSkips)).toEqual(new Set([...skippedPaths].map((p) => `robotsTxt ${p}`)));
    expect(crawler.robomata.stats()).toMatchObject({ fetches: 1, skipped: skips.length });
  });

  it('skips disallowed start URLs given to run()/addRequests before they are queued', async () => {
    const skips: RobotsTxtDecision[] = [];
    const Crawler = withRobomata(HttpCrawler, { userAgent: SITE_UA, onRobotsTxtSkip: (d) => void skips.push(d) });
    const crawled: string[] = [];
    const crawler = new Crawler({ ...QUICK, requestHandler: ({ request }) => void crawled.push(pathOf(request.url)) }, memoryConfig());
    await crawler.run(['/page/1', '/private/2', '/drafts/1', '/list?sort=asc', '/private/public-note'].map((p) => `${localSite().base}${p}`));
    expect(crawled.sort()).toEqual(['/page/1', '/private/public-note']);
    expect(localSite().pageRequests().sort()).toEqual(['/page/1', '/private/public-note']);
    expect(skips.map((d) => `${pathOf(d.url)} ${d.rule?.line}`).sort()).toEqual(['/drafts/1 8', '/list?sort=asc 9', '/private/2 6']);
  });

  it('checks requests queued behind its back (straight into the request queue) before fetching them', async () => {
    const skips: string[] = [];
    const Crawler = withRobomata(BasicCrawler, { userAgent: SITE_UA, onRobotsTxtSkip: (d) => void skips.push(pathOf(d.url)) });
    const handled: string[] = [];
    const crawler = new Crawler({ ...QUICK, requestHandler: ({ request }) => void handled.push(pathOf(request.url)) }, memoryConfig());
    const queue = await crawler.getRequestQueue();
    await queue.addRequests([{ url: `${localSite().base}/drafts/2` }, { url: `${localSite().base}/about` }]);
    await crawler.run();
    expect(handled).toEqual(['/about']);
    expect(skips).toEqual(['/drafts/2']);
  });

  it('selects the group by the product token of userAgent: another token gets the * group', async () => {
    const Crawler = withRobomata(HttpCrawler, { userAgent: 'OtherBot/1.0' });
    const crawled: string[] = [];
    const crawler = new Crawler({ ...QUICK, requestHandler: ({ request }) => void crawled.push(pathOf(request.url)) }, memoryConfig());
    await crawler.run(['/drafts/1', '/private/1', '/list?sort=asc'].map((p) => `${localSite().base}${p}`));
    expect(crawled.sort()).toEqual(['/drafts/1', '/list?sort=asc']);
    const d = await crawler.robomata.explain(`${localSite().base}/private/1`);
    expect(d).toMatchObject({ allowed: false, group: 'global', productToken: 'OtherBot', rule: { line: 3, pattern: '/private/' } });
  });

  it('finds the crawler token in a Mozilla-compatible header, and warns through Crawlee\'s log when a header names no crawler', async () => {
    const compatible = withRobomata(HttpCrawler, { userAgent: `Mozilla/5.0 (compatible; ${SITE_BOT}/2.1; +https://example.com/bot)` });
    const first = new compatible({ ...QUICK, requestHandler: () => undefined }, memoryConfig());
    expect(first.robomata.productToken).toBe(SITE_BOT);
    expect(first.robomata.productTokenRecognised).toBe(true);
    expect((await first.robomata.explain(`${localSite().base}/drafts/1`)).group).toBe('specific');

    const { log, warnings } = recordingLog();
    const browser = withRobomata(HttpCrawler, { userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36' });
    const second = new browser({ ...QUICK, log, requestHandler: () => undefined }, memoryConfig());
    expect(second.robomata.productTokenRecognised).toBe(false);
    expect(second.robomata.productToken).toBe('Mozilla');
    expect(warnings.filter((w) => w.includes('names no crawler product token'))).toHaveLength(1);
    expect((await second.robomata.explain(`${localSite().base}/private/1`)).group).toBe('global');
  });

  it('honours respectRobotsTxtFile: false in the crawler options', async () => {
    const Crawler = withRobomata(HttpCrawler, { userAgent: SITE_UA });
    const crawled: string[] = [];
    const crawler = new Crawler({ ...QUICK, respectRobotsTxtFile: false, requestHandler: ({ request }) => void crawled.push(pathOf(request.url)) }, memoryConfig());
    await crawler.run([`${localSite().base}/private/1`]);
    expect(crawled).toEqual(['/private/1']);
    expect(localSite().robotsRequests()).toBe(0);
  });

  it('logs an onRobotsTxtSkip that throws and goes on crawling', async () => {
    const { log, warnings } = recordingLog();
    const Crawler = withRobomata(HttpCrawler, {
      userAgent: SITE_UA,
      onRobotsTxtSkip: () => {
        throw new Error('boom');
      },
    });
    const crawled: string[] = [];
    const crawler = new Crawler({ ...QUICK, log, requestHandler: ({ request }) => void crawled.push(pathOf(request.url)) }, memoryConfig());
    await crawler.run([`${localSite().base}/private/3`, `${localSite().base}/about`]);
    expect(crawled).toEqual(['/about']);
    expect(warnings.filter((w) => w.includes('onRobotsTxtSkip failed') && w.includes('boom'))).toHaveLength(1);
    expect(crawler.robomata.stats().skipped).toBe(1);
  });

  it('keeps the class: instanceof, static members, name, constructor arguments', () => {
    const Crawler = withRobomata(CheerioCrawler, { userAgent: SITE_UA });
    const config = memoryConfig();
    const crawler = new Crawler({ maxRequestRetries: 7 }, config);
    expect(crawler).toBeInstanceOf(CheerioCrawler);
    expect(crawler).toBeInstanceOf(BasicCrawler);
    expect(Crawler.name).toBe('RobomataCheerioCrawler');
    expect(crawler.config).toBe(config);
    expect(crawler.robomata.productToken).toBe(SITE_BOT);
    expect(crawler.robomata.userAgent).toBe(SITE_UA);
  });

  it('rejects a missing userAgent or one with no product token', () => {
    expect(() => withRobomata(CheerioCrawler, {} as never)).toThrow(/userAgent is required/);
    expect(() => withRobomata(CheerioCrawler, { userAgent: '' })).toThrow(/userAgent is required/);
    expect(() => withRobomata(CheerioCrawler, { userAgent: '/1.0 (compatible)' })).toThrow(/no product token/);
    expect(withRobomata(CheerioCrawler, { userAgent: '/1.0', productToken: 'MyBot' }).name).toBe('RobomataCheerioCrawler');
    expect(() => withRobomata(CheerioCrawler, { userAgent: SITE_UA, maxCrawlDelaySecs: -1 })).toThrow(/maxCrawlDelaySecs/);
  });

  it('hands enqueueLinks and users a real RobotsTxtFile: sitemaps, isAllowed for the crawler token by default', async () => {
    const Crawler = withRobomata(CheerioCrawler, { userAgent: SITE_UA });
    const crawler = new Crawler({ ...QUICK, requestHandler: () => undefined }, memoryConfig());
    const file = await crawler.robomata.find(`${localSite().base}/anything`);
    expect(file).toBeInstanceOf(RobotsTxtFile);
    expect(file.getSitemaps()).toEqual([`${localSite().base}/sitemap.xml`]);
    expect(file.isAllowed(`${localSite().base}/drafts/1`)).toBe(false); // LocalBot's group
    expect(file.isAllowed(`${localSite().base}/drafts/1`, '*')).toBe(false); // what Crawlee passes: still LocalBot's
    expect(file.isAllowed(`${localSite().base}/drafts/1`, 'SomeoneElse')).toBe(true); // another token: the * group
    expect(file.isAllowed('http://127.0.0.1:1/private/x')).toBe(true); // another origin, not cached: checked before fetching
    expect(file.explain(`${localSite().base}/private/public-note`)).toMatchObject({ allowed: true, reason: 'rule', rule: { line: 7, kind: 'allow' } });
    expect(file.robomata.httpStatus).toBe(200);
    expect(await crawler.robomata.find(`${localSite().base}/other`)).toBe(file);
    expect(localSite().robotsRequests()).toBe(1);
  });
});
