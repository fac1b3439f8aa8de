/**
 * `pnpm bench --crawlee`: a local crawl of N pages over a few origins on 127.0.0.1 with a Crawlee
 * CheerioCrawler, once with Crawlee's built-in robots.txt support (`respectRobotsTxtFile:
 * { userAgent }`, robots-parser) and once with `withRobomata` (issue 21). Reports robots.txt
 * requests, pages crawled, wall time, the time spent in robots.txt checks per request (measured
 * around Crawlee's seams `getRobotsTxtFileForUrl` and `RobotsTxtFile#isAllowed`), and a warm
 * micro-measure of the same two calls over the URLs the crawl met. Writes bench/results/crawlee/.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { CheerioCrawler } from '@crawlee/cheerio';
import { Configuration, log } from '@crawlee/core';
import { MemoryStorage } from '@crawlee/memory-storage';
import type { RobotsTxtFile } from '@crawlee/utils';
import { withRobomata } from '@robomata/crawlee';
import { createPrng } from './prng.js';

/** Sizes of a crawl bench run. */
export interface CrawleeBenchConfig {
  /** Pages across all origins. */
  readonly pages: number;
  readonly origins: number;
  /** Links per page. */
  readonly links: number;
  /** Checks per warm micro-measure. */
  readonly checks: number;
  /**
   * Crawls per crawler, in alternating order after a warm-up crawl (the first crawl of a process
   * pays for loading Crawlee's HTTP client); the run with the least wall time is reported.
   */
  readonly rounds: number;
}

/** `--crawlee`: 600 pages over 4 origins, each crawler 3 times in alternating order (about a minute here). */
export const CRAWLEE_CONFIG: CrawleeBenchConfig = { pages: 600, origins: 4, links: 12, checks: 200_000, rounds: 3 };
/** `--crawlee --quick`: 120 pages over 2 origins, once each. */
export const CRAWLEE_QUICK_CONFIG: CrawleeBenchConfig = { pages: 120, origins: 2, links: 8, checks: 20_000, rounds: 1 };

const BOT = 'BenchBot';
const SECTIONS = ['news', 'shop', 'blog', 'docs', 'private', 'tmp', 'search', 'account'];

/** The robots.txt every origin serves: a `*` group and a BenchBot group with wildcards (30 rules). */
function robotsTxt(): string {
  const common = ['Disallow: /private/', 'Disallow: /tmp/', 'Disallow: /*?session=', 'Disallow: /*.pdf$', 'Allow: /private/public-'];
  const extra = Array.from({ length: 25 }, (_, i) => `Disallow: /${SECTIONS[i % SECTIONS.length]}/archive-${i}*`);
  return ['User-agent: *', ...common, 'Disallow: /account/', '', `User-agent: ${BOT}`, ...common, ...extra, 'Disallow: /search?', '', 'Sitemap: /sitemap.xml', ''].join('\n');
}

/** Path of page `i` of an origin (deterministic). */
function pagePath(i: number): string {
  const section = SECTIONS[i % SECTIONS.length] as string;
  if (i % 17 === 0) return `/${section}/item-${i}?session=${i}`;
  if (i % 23 === 0) return `/${section}/archive-${i % 25}-${i}`;
  return `/${section}/item-${i}`;
}

interface Site {
  readonly servers: Server[];
  readonly bases: string[];
  robotsRequests: number;
  pageRequests: number;
}

/** Starts the origins: each serves `perOrigin` pages linking to `links` pages of its own origin. */
async function startSite(config: CrawleeBenchConfig, seed: number): Promise<Site> {
  const perOrigin = Math.ceil(config.pages / config.origins);
  const site: Site = { servers: [], bases: [], robotsRequests: 0, pageRequests: 0 };
  const body = robotsTxt();
  for (let o = 0; o < config.origins; o++) {
    const prng = createPrng(seed + o);
    const paths = Array.from({ length: perOrigin }, (_, i) => pagePath(i));
    const index = new Map(paths.map((p, i) => [p, i]));
    const linksOf = paths.map((_, i) => Array.from({ length: config.links }, (_, k) => paths[k === 0 ? (i + 1) % perOrigin : prng.int(perOrigin)] as string));
    const server = createServer((req, res) => {
      const path = req.url ?? '/';
      if (path === '/robots.txt') {
        site.robotsRequests++;
        res.writeHead(200, { 'content-type': 'text/plain' }).end(body);
        return;
      }
      site.pageRequests++;
      const i = path === '/' ? 0 : index.get(path);
      if (i === undefined) {
        res.writeHead(404).end();
        return;
      }
      const links = (linksOf[i] as string[]).map((l) => `<a href="${l.replace(/&/g, '&amp;')}">x</a>`).join(' ');
      res.writeHead(200, { 'content-type': 'text/html' }).end(`<!doctype html><html><body>${links}</body></html>`);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    site.servers.push(server);
    site.bases.push(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  }
  return site;
}

/** Time spent in Crawlee's robots.txt seams during one crawl. */
interface SeamTimes {
  lookups: number;
  lookupMs: number;
  /** Each lookup's duration, ms (the median is a cached lookup; the tail waits for a fetch). */
  readonly lookupEach: number[];
  checks: number;
  checkMs: number;
  /** Each origin's file and its own (untimed) isAllowed. */
  readonly raw: Map<string, (url: string, userAgent?: string) => boolean>;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any crawler class
type AnyCrawlerClass = new (...args: any[]) => CheerioCrawler;

/** Returns a subclass of `Base` timing `getRobotsTxtFileForUrl` and each returned file's `isAllowed`. */
function timed(Base: AnyCrawlerClass, times: SeamTimes): AnyCrawlerClass {
  return class extends Base {
    protected override async getRobotsTxtFileForUrl(url: string): Promise<RobotsTxtFile | undefined> {
      const t0 = performance.now();
      const file = await super.getRobotsTxtFileForUrl(url);
      const spent = performance.now() - t0;
      times.lookupMs += spent;
      times.lookupEach.push(spent);
      times.lookups++;
      const origin = new URL(url).origin;
      if (file !== undefined && !times.raw.has(origin)) {
        const inner = file.isAllowed.bind(file);
        times.raw.set(origin, inner);
        Object.defineProperty(file, 'isAllowed', {
          value: (u: string, ua?: string) => {
            const t = performance.now();
            const r = inner(u, ua);
            times.checkMs += performance.now() - t;
            times.checks++;
            return r;
          },
        });
      }
      return file;
    }
  };
}

/** One crawl's figures. */
export interface CrawlFigures {
  readonly crawler: string;
  readonly pagesCrawled: number;
  readonly pageRequests: number;
  readonly robotsRequests: number;
  readonly wallMs: number;
  /** getRobotsTxtFileForUrl calls during the crawl and their total time (robots.txt fetches included). */
  readonly lookups: number;
  readonly lookupMs: number;
  /** Median getRobotsTxtFileForUrl during the crawl, µs (a cached origin). */
  readonly lookupMedianUs: number;
  /** RobotsTxtFile#isAllowed calls during the crawl and their total time (each timed alone). */
  readonly checks: number;
  readonly checkMs: number;
  /** Robots time (lookups + checks) per page crawled, µs: includes waiting for robots.txt fetches and compiles. */
  readonly robotsUsPerPage: number;
  /** Warm, after the crawl: one getRobotsTxtFileForUrl + isAllowed per URL met, µs per URL. */
  readonly warmUsPerRequest: number;
  /** Warm: RobotsTxtFile#isAllowed alone over the URLs met, ns per check. */
  readonly warmNsPerCheck: number;
}

/** Crawls the site with `Crawler` and measures it; `urls` collects every link met. */
async function crawl(name: string, Crawler: AnyCrawlerClass, options: object, site: Site, config: CrawleeBenchConfig, urls: Set<string>): Promise<CrawlFigures> {
  const times: SeamTimes = { lookups: 0, lookupMs: 0, lookupEach: [], checks: 0, checkMs: 0, raw: new Map() };
  const Timed = timed(Crawler, times);
  const dir = mkdtempSync(join(tmpdir(), 'robomata-bench-crawlee-'));
  let pagesCrawled = 0;
  const [robots0, pages0] = [site.robotsRequests, site.pageRequests];
  const crawler = new Timed(
    {
      ...options,
      maxRequestRetries: 0,
      maxConcurrency: 16,
      async requestHandler({ $, request, enqueueLinks }: { $: (s: string) => { each(f: (i: number, el: { attribs: Record<string, string> }) => void): void }; request: { url: string }; enqueueLinks: () => Promise<unknown> }) {
        pagesCrawled++;
        $('a').each((_i, el) => void urls.add(new URL(el.attribs['href'] ?? '/', request.url).href));
        await enqueueLinks();
      },
    },
    new Configuration({ persistStorage: false, purgeOnStart: false, storageClient: new MemoryStorage({ persistStorage: false, localDataDirectory: dir }) }),
  );
  const t0 = performance.now();
  await crawler.run(site.bases.map((b) => `${b}/`));
  const wallMs = performance.now() - t0;
  rmSync(dir, { recursive: true, force: true });
  const sorted = [...times.lookupEach].sort((x, y) => x - y);
  const during = { lookups: times.lookups, lookupMs: times.lookupMs, lookupMedianUs: (sorted[sorted.length >> 1] ?? 0) * 1000, checks: times.checks, checkMs: times.checkMs };

  const all = [...urls];
  if (times.raw.size === 0 || all.length === 0) {
    return { crawler: name, pagesCrawled, pageRequests: site.pageRequests - pages0, robotsRequests: site.robotsRequests - robots0, wallMs, ...during, robotsUsPerPage: 0, warmUsPerRequest: Number.NaN, warmNsPerCheck: Number.NaN };
  }
  // Warm, every origin cached: what Crawlee does per request (lookup, then check) over the URLs met.
  const seam = (crawler as unknown as { getRobotsTxtFileForUrl(u: string): Promise<RobotsTxtFile | undefined> }).getRobotsTxtFileForUrl.bind(crawler);
  const tw = performance.now();
  for (const u of all) (await seam(u))?.isAllowed(u, BOT);
  const warmUsPerRequest = ((performance.now() - tw) * 1000) / all.length;
  const checksOf = all.map((u) => times.raw.get(new URL(u).origin) as (url: string, userAgent?: string) => boolean);
  let allowed = 0;
  const tc = performance.now();
  for (let i = 0; i < config.checks; i++) {
    const k = i % all.length;
    if ((checksOf[k] as (url: string, userAgent?: string) => boolean)(all[k] as string, BOT)) allowed++;
  }
  const warmNsPerCheck = ((performance.now() - tc) * 1e6) / config.checks;
  if (allowed === 0) throw new Error(`${name}: no URL allowed in the warm loop`);
  return {
    crawler: name,
    pagesCrawled,
    pageRequests: site.pageRequests - pages0,
    robotsRequests: site.robotsRequests - robots0,
    wallMs,
    ...during,
    robotsUsPerPage: ((during.lookupMs + during.checkMs) * 1000) / Math.max(1, pagesCrawled),
    warmUsPerRequest,
    warmNsPerCheck,
  };
}

/** The figures of a `--crawlee` run. */
export interface CrawleeBenchResults {
  readonly config: CrawleeBenchConfig;
  readonly crawlee: string;
  readonly runs: CrawlFigures[];
  /** Wall ms of every crawl, per crawler, in the order run. */
  readonly wallMsEach: Record<string, number[]>;
  /** Pages one crawler requested and the other did not (both obey the same BenchBot group). */
  readonly pagesDiffering: number;
}

/** Runs the built-in crawl and the robomata crawl over the same site. */
export async function runCrawleeBench(config: CrawleeBenchConfig, seed = 9309): Promise<CrawleeBenchResults> {
  log.setLevel(log.LEVELS.ERROR);
  const site = await startSite(config, seed);
  try {
    await crawl('warm-up (no robots.txt)', CheerioCrawler, {}, site, { ...config, checks: 1 }, new Set<string>());
    const crawlers = [
      () => crawl('built-in respectRobotsTxtFile', CheerioCrawler, { respectRobotsTxtFile: { userAgent: BOT } }, site, config, new Set<string>()),
      () => crawl('withRobomata', withRobomata(CheerioCrawler, { userAgent: `${BOT}/1.0` }), {}, site, config, new Set<string>()),
    ];
    const runs: CrawlFigures[][] = [[], []];
    for (let r = 0; r < config.rounds; r++) {
      for (const k of r % 2 === 0 ? [0, 1] : [1, 0]) (runs[k] as CrawlFigures[]).push(await (crawlers[k] as () => Promise<CrawlFigures>)());
    }
    const best = (rs: CrawlFigures[]): CrawlFigures => rs.reduce((a, b) => (b.wallMs < a.wallMs ? b : a));
    const builtin = best(runs[0] as CrawlFigures[]);
    const robomata = best(runs[1] as CrawlFigures[]);
    const { version } = createRequire(import.meta.url)('@crawlee/core/package.json') as { version: string };
    const wallMsEach = Object.fromEntries(runs.map((rs) => [(rs[0] as CrawlFigures).crawler, rs.map((f) => Math.round(f.wallMs))]));
    return { config, crawlee: version, runs: [builtin, robomata], wallMsEach, pagesDiffering: Math.abs(builtin.pagesCrawled - robomata.pagesCrawled) };
  } finally {
    for (const s of site.servers) {
      s.closeAllConnections();
      s.close();
    }
  }
}

/** Returns the results as a Markdown table. */
export function formatCrawleeResults(r: CrawleeBenchResults): string {
  const head = `Crawlee ${r.crawlee} CheerioCrawler, ${r.config.pages} pages over ${r.config.origins} origins on 127.0.0.1, ${r.config.links} links per page; best of ${r.config.rounds} crawl(s) each after a warm-up`;
  const rows = r.runs.map((f) => `| ${f.crawler} | ${f.pagesCrawled} | ${f.robotsRequests} | ${f.wallMs.toFixed(0)} | ${f.lookups} / ${f.lookupMs.toFixed(1)} / ${f.lookupMedianUs.toFixed(1)} | ${f.checks} / ${f.checkMs.toFixed(1)} | ${f.robotsUsPerPage.toFixed(1)} | ${f.warmUsPerRequest.toFixed(2)} | ${f.warmNsPerCheck.toFixed(0)} |`);
  return [
    head,
    '',
    '| crawler | pages crawled | robots.txt requests | wall ms | getRobotsTxtFileForUrl calls / total ms / median µs | isAllowed calls / total ms | robots µs per page (fetch waits included) | warm µs per request (lookup + check) | warm ns per isAllowed |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...rows,
    '',
    `wall ms of every crawl: ${Object.entries(r.wallMsEach).map(([k, v]) => `${k} ${v.join(', ')}`).join('; ')}`,
    '',
    `pages crawled differ by ${r.pagesDiffering} (both obey the same ${BOT} group). Lookup totals include every concurrent caller's wait for an`,
    'origin\'s first robots.txt fetch (robomata: also its compile, on a worker thread started on first use); the warm columns repeat, after',
    'the crawl, what Crawlee does per request (lookup, then check) and the check alone over the URLs the crawl met.',
  ].join('\n');
}

/** Writes results.json and report.md to bench/results/crawlee/ (quick: bench/results/quick/crawlee/, not kept). */
export function writeCrawleeResults(r: CrawleeBenchResults, quick: boolean): string[] {
  const dir = fileURLToPath(new URL(`../results/${quick ? 'quick/crawlee' : 'crawlee'}/`, import.meta.url));
  mkdirSync(dir, { recursive: true });
  const json = join(dir, 'results.json');
  const md = join(dir, 'report.md');
  writeFileSync(json, `${JSON.stringify(r, null, 2)}\n`);
  writeFileSync(md, `# pnpm bench --crawlee${quick ? ' --quick' : ''}\n\n${formatCrawleeResults(r)}\n`);
  return [json, md];
}
