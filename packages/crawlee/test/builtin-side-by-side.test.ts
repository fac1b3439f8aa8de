/**
 * The same two origins crawled by Crawlee's built-in robots.txt support (`respectRobotsTxtFile`)
 * and by withRobomata, side by side: origin A answers a robots.txt with a group for the crawler's
 * product token, origin B answers 503 and origin C resets the connection (RFC 9309 section
 * 2.3.1.4: both disallow everything). The test
 * records every page each crawler requests that it must not (per @robomata/reference, the
 * oracle) and asserts that robomata requests none. Pinned to the Crawlee version below: the
 * built-in's record is asserted for that version only.
 */

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { CheerioCrawler } from '@crawlee/cheerio';
import { createReferenceMatcher } from '@robomata/reference';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withRobomata } from '@robomata/crawlee';
import { SITE_BOT, siteRobotsTxt, startLocalSite } from '../examples/local-site.mjs';
import type { LocalSite } from '../examples/local-site.mjs';
import { QUICK, memoryConfig, pathOf, recordingLog } from './_crawl.js';

/** The Crawlee release this comparison was written against (the devDependency). */
const PINNED_CRAWLEE = '3.18.1';
const require = createRequire(import.meta.url);
const crawleeVersion = (JSON.parse(readFileSync(require.resolve('@crawlee/basic/package.json'), 'utf8')) as { version: string }).version;

const UA = `${SITE_BOT}/1.0 (+https://example.com/bot)`;

/** Sites A (rules), B (robots.txt answers 503) and C (connection reset), on 127.0.0.1. */
let a: LocalSite, b: LocalSite, c: LocalSite;
beforeAll(async () => {
  [a, b, c] = await Promise.all([startLocalSite(), startLocalSite(), startLocalSite()]);
});
afterAll(async () => Promise.all([a, b, c].map((s) => s.close())));

interface Record {
  readonly crawler: string;
  /** Pages of A requested although LocalBot's group disallows them. */
  readonly wrongOnA: string[];
  /** Pages of B requested while its robots.txt answered 503. */
  readonly wrongOnB: string[];
  /** Pages of C requested while its robots.txt could not be fetched (connection reset). */
  readonly wrongOnC: string[];
  readonly robotsRequestsA: number;
  readonly robotsRequestsB: number;
  readonly robotsRequestsC: number;
}

/** Crawls A and B from their home pages with `crawler`; returns what it requested that it must not. */
async function crawlBoth(name: string, crawler: { run(urls: string[]): Promise<unknown> }): Promise<Record> {
  const oracle = createReferenceMatcher(siteRobotsTxt(a.base));
  const [fromA, fromB, fromC] = [a.log.length, b.log.length, c.log.length];
  const [robotsA, robotsB, robotsC] = [a.robotsRequests(), b.robotsRequests(), c.robotsRequests()];
  await crawler.run([`${a.base}/`, `${b.base}/`, `${c.base}/`]);
  const pages = (s: LocalSite, from: number) => s.log.slice(from).map((r) => r.path).filter((p) => p !== '/robots.txt');
  return {
    crawler: name,
    wrongOnA: [...new Set(pages(a, fromA).filter((p) => !oracle.isAllowed(SITE_BOT, `${a.base}${p}`)))].sort(),
    wrongOnB: [...new Set(pages(b, fromB))].sort(),
    wrongOnC: [...new Set(pages(c, fromC))].sort(),
    robotsRequestsA: a.robotsRequests() - robotsA,
    robotsRequestsB: b.robotsRequests() - robotsB,
    robotsRequestsC: c.robotsRequests() - robotsC,
  };
}

/** A CheerioCrawler following every link of the page (same origin). */
function crawlerOptions() {
  const { log } = recordingLog();
  return {
    ...QUICK,
    log,
    async requestHandler({ enqueueLinks }: { enqueueLinks: () => Promise<unknown> }) {
      await enqueueLinks();
    },
  };
}

describe(`Crawlee ${crawleeVersion} built-in respectRobotsTxtFile vs withRobomata`, () => {
  it('records where the built-in crawls what it must not; robomata crawls none of it', async () => {
    b.setRobots({ status: 503 });
    c.setRobots({ reset: true });
    const records: Record[] = [];
    records.push(await crawlBoth('built-in respectRobotsTxtFile: true', new CheerioCrawler({ ...crawlerOptions(), respectRobotsTxtFile: true }, memoryConfig())));
    records.push(await crawlBoth(`built-in respectRobotsTxtFile: { userAgent: '${SITE_BOT}' }`, new CheerioCrawler({ ...crawlerOptions(), respectRobotsTxtFile: { userAgent: SITE_BOT } }, memoryConfig())));
    const Robomata = withRobomata(CheerioCrawler, { userAgent: UA });
    records.push(await crawlBoth('withRobomata', new Robomata(crawlerOptions(), memoryConfig())));
    console.table(records.map((r) => ({ ...r, wrongOnA: r.wrongOnA.length, wrongOnB: r.wrongOnB.length, wrongOnC: r.wrongOnC.length })));

    const robomata = records[2] as Record;
    expect(robomata.wrongOnA).toEqual([]);
    expect(robomata.wrongOnB).toEqual([]);
    expect(robomata.wrongOnC).toEqual([]);
    expect(robomata.robotsRequestsA).toBe(1);
    expect(robomata.robotsRequestsB).toBe(1);
    expect(robomata.robotsRequestsC).toBe(1);

    if (crawleeVersion !== PINNED_CRAWLEE) return; // the built-in's record below is that of the pinned release
    const [star, token] = records as [Record, Record];
    // `*` group instead of LocalBot's: the drafts, the sorted lists and the PDF are crawled.
    expect(star.wrongOnA).toEqual(expect.arrayContaining(['/docs/report.pdf', '/drafts/1', '/list?sort=asc']));
    // The 503 body is read as an empty robots.txt (and cached as such): every page of B is crawled,
    // even /private/ and /drafts/, which the file B would serve when it recovers disallows.
    for (const r of [star, token]) {
      expect(r.wrongOnB).toEqual(expect.arrayContaining(['/', '/page/1', '/private/1', '/drafts/1']));
      expect(r.robotsRequestsB).toBe(1);
      // A failed fetch is logged, answered "allowed" and not cached: C is crawled, robots.txt asked per URL.
      expect(r.wrongOnC).toEqual(expect.arrayContaining(['/', '/page/1', '/private/1']));
      expect(r.robotsRequestsC).toBeGreaterThan(r.wrongOnC.length);
    }
    expect(token.wrongOnA).toEqual([]);
  });
});
