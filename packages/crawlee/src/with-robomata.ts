/**
 * `withRobomata(CrawlerClass, options)`: a subclass of any Crawlee crawler whose robots.txt
 * answers come from robomata, through Crawlee's own seams:
 * - `getRobotsTxtFileForUrl(url)` (protected; used before every request, by `addRequests` and by
 *   `enqueueLinks`) returns a `RobotsTxtFile` answering through `@robomata/fetch`'s cache;
 * - `respectRobotsTxtFile` is switched on (unless the crawler options say `false`);
 * - `handleSkippedRequest` (reason `robotsTxt`) tells `onRobotsTxtSkip` the deciding rule;
 * - `delayRequest` applies the group's crawl-delay per origin, capped.
 */

import type { BasicCrawler } from '@crawlee/basic';
import { RequestQueueV1 } from '@crawlee/core';
import type { Request, SkippedRequestCallback } from '@crawlee/core';
import type { RobotsTxtFile } from '@crawlee/utils';
import { originOf } from '@robomata/fetch';
import type { CachedRobots, RobotsCacheOptions, RobotsCacheStats } from '@robomata/fetch';
import { CrawlDelays, DEFAULT_MAX_CRAWL_DELAY_SECS } from './crawl-delay.js';
import { describeDecision } from './decision.js';
import type { RobotsTxtDecision } from './decision.js';
import { createProxiedFetch } from './proxy-fetch.js';
import { RobotsReporter } from './report.js';
import { createRobotsTxtFinder, productTokenOf } from './robots-txt-file.js';
import type { RobotsTxtFinder } from './robots-txt-file.js';

/** Any Crawlee crawler class: BasicCrawler and its subclasses (HttpCrawler, CheerioCrawler, browser crawlers, ...). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a mixin takes any constructor arguments
export type CrawlerClass = new (...args: any[]) => BasicCrawler<any>;

/** Options of {@link withRobomata}: the robots.txt cache's (see `@robomata/fetch`), plus the crawler's. */
export interface RobomataOptions extends Omit<RobotsCacheOptions, 'log'> {
  /**
   * Required. The crawler's User-Agent: sent with robots.txt requests, and its crawler token
   * (`findProductToken` of `@robomata/runtime`: `MyBot` of `MyBot/1.0 (+https://...)` or of
   * `Mozilla/5.0 (compatible; MyBot/1.0)`) selects the robots.txt group. A header naming no
   * crawler is warned about through Crawlee's log; give `productToken` to choose the token.
   */
  readonly userAgent: string;
  /**
   * Fetch robots.txt through the crawler's `proxyConfiguration` when it has one (a new proxy URL
   * per request, as Crawlee does for pages). Default true. Ignored when `fetch` is given.
   */
  readonly useProxy?: boolean;
  /** Apply the selected group's `Crawl-delay` per origin. Default true. */
  readonly crawlDelay?: boolean;
  /** Cap on a robots.txt crawl-delay, in seconds. Default {@link DEFAULT_MAX_CRAWL_DELAY_SECS} (30). */
  readonly maxCrawlDelaySecs?: number;
  /**
   * Called for every URL skipped because of robots.txt (before Crawlee's `onSkippedRequest`,
   * which gets only `{ url, reason }`), with the deciding rule (line, pattern), the group and
   * the robots.txt fetch outcome. Errors it throws are logged, never rethrown.
   */
  readonly onRobotsTxtSkip?: (decision: RobotsTxtDecision) => void | Promise<void>;
}

/** Counters of `crawler.robomata.stats()`: the cache's, plus URLs skipped because of robots.txt. */
export interface RobomataStats extends RobotsCacheStats {
  /** URLs Crawlee skipped with reason `robotsTxt` (at `addRequests`, `enqueueLinks` or before fetching). */
  skipped: number;
}

/** What `crawler.robomata` offers: the finder of the crawler's cache, and its counters. */
export interface RobomataHandle extends RobotsTxtFinder {
  /** The User-Agent sent with robots.txt requests. */
  readonly userAgent: string;
  /** Returns the crawl-delay applied to `url`'s origin, in ms (0: none, unknown, or turned off). */
  crawlDelayOf(url: string): number;
  /** Returns a snapshot of the counters. */
  stats(): RobomataStats;
}

/** The members `withRobomata` adds to a crawler. */
export interface RobomataCrawler {
  /** robots.txt through robomata: `find(url)`, `explain(url)`, `cache`, `stats()`. */
  readonly robomata: RobomataHandle;
}

/**
 * The class `withRobomata(C, options)` returns: constructed with C's arguments, an instance of C
 * that is also a {@link RobomataCrawler}; C's static members are kept.
 */
export type RobomataCrawlerClass<C extends CrawlerClass> = (new (...args: ConstructorParameters<C>) => InstanceType<C> & RobomataCrawler) & C;

/** The part of Crawlee's `ProxyConfiguration` used here. */
interface ProxySource {
  newUrl(sessionId?: string | number): Promise<string | undefined>;
}

/** The part of a request source used to hand a delayed request back. */
interface ReclaimSource {
  reclaimRequest(request: Request, options?: { forefront?: boolean }): Promise<unknown>;
}

/** Validates the options that do not belong to the cache; throws a `TypeError`. */
function _checkOptions(options: RobomataOptions): void {
  if (typeof options !== 'object' || options === null) throw new TypeError('withRobomata: options with a userAgent are required');
  productTokenOf(options.userAgent, options.productToken);
  const max = options.maxCrawlDelaySecs;
  if (max !== undefined && !(typeof max === 'number' && max >= 0 && Number.isFinite(max))) {
    throw new TypeError('withRobomata: options.maxCrawlDelaySecs must be a finite number >= 0');
  }
  if (options.onRobotsTxtSkip !== undefined && typeof options.onRobotsTxtSkip !== 'function') {
    throw new TypeError('withRobomata: options.onRobotsTxtSkip must be a function');
  }
}

/** The part of Crawlee's `Log` used here. */
interface CrawlerLog {
  debug(message: string): void;
  warning(message: string, data?: Record<string, unknown>): void;
}

/**
 * One crawler's robomata state, behind the three seams the mixin overrides: its finder (cache,
 * proxy, store), the once-per-origin reporter, the crawl-delays and the skip counter.
 */
class RobomataCore {
  readonly handle: RobomataHandle;
  private readonly _reporter: RobotsReporter;
  private readonly _delays: CrawlDelays | undefined;
  private _skipped = 0;

  constructor(
    options: RobomataOptions,
    private readonly _log: CrawlerLog,
    proxy: ProxySource | undefined,
  ) {
    const { useProxy = true, crawlDelay = true, maxCrawlDelaySecs = DEFAULT_MAX_CRAWL_DELAY_SECS, onRobotsTxtSkip: _skip, ...cacheOptions } = options;
    const fetch = cacheOptions.fetch ?? (useProxy && proxy !== undefined ? createProxiedFetch(() => proxy.newUrl()) : undefined);
    const finder = createRobotsTxtFinder({
      ...cacheOptions,
      ...(fetch !== undefined ? { fetch } : {}),
      log: (message: string) => _log.warning(`robots.txt: ${message}`),
    });
    this._reporter = new RobotsReporter(_log);
    const delays = crawlDelay ? new CrawlDelays(maxCrawlDelaySecs, finder.productToken) : undefined;
    this._delays = delays;
    this.handle = {
      ...finder,
      userAgent: options.userAgent,
      crawlDelayOf: (url: string) => {
        if (delays === undefined) return 0;
        try {
          return delays.delayOf(originOf(url).origin);
        } catch {
          return 0;
        }
      },
      stats: () => ({ ...finder.cache.stats(), skipped: this._skipped }),
    };
  }

  /** Returns the file of `url`'s origin (undefined for a URL no robots.txt governs), reporting and noting it. */
  async fileFor(url: string): Promise<RobotsTxtFile | undefined> {
    let info: CachedRobots;
    try {
      info = await this.handle.cache.get(url);
    } catch {
      return undefined; // not an http(s) URL: no robots.txt governs it (Crawlee's behaviour)
    }
    this._reporter.report(info);
    this._delays?.note(info);
    return this.handle.fileOf(info);
  }

  /** Counts a URL skipped because of robots.txt and tells `onSkip` why; never throws. */
  async skipped(url: string, onSkip: RobomataOptions['onRobotsTxtSkip']): Promise<void> {
    this._skipped++;
    try {
      const decision = await this.handle.explain(url);
      this._log.debug(`robots.txt: ${url} ${describeDecision(decision)}`);
      await onSkip?.(decision);
    } catch (err) {
      this._log.warning(`@robomata/crawlee: onRobotsTxtSkip failed for ${url}: ${err instanceof Error ? err.message : String(err)}`);
    }
  }

  /** Returns true when `request` must wait for its origin's crawl-delay (it is then handed back later). */
  delay(request: Request, source: ReclaimSource): boolean {
    const wait = this._delays?.wait(request.url, Date.now()) ?? 0;
    if (wait <= 0) return false;
    _reclaimLater(request, source, wait, this._log);
    return true;
  }
}

/**
 * Returns a subclass of `Crawler` (any Crawlee crawler class) that respects robots.txt through
 * robomata: `new (withRobomata(CheerioCrawler, { userAgent }))(crawlerOptions, config)`.
 * Throws a `TypeError` when `options.userAgent` is missing or names no product token.
 */
export function withRobomata<C extends CrawlerClass>(Crawler: C, options: RobomataOptions): RobomataCrawlerClass<C> {
  if (typeof Crawler !== 'function') throw new TypeError('withRobomata: the first argument must be a Crawlee crawler class');
  _checkOptions(options);
  const onSkip = options.onRobotsTxtSkip;

  class RobomataCrawlerImpl extends (Crawler as CrawlerClass) implements RobomataCrawler {
    private readonly _robomata: RobomataCore;

    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- C's constructor arguments, passed through
    constructor(...args: any[]) {
      super(...args);
      const crawlerOptions = args[0] as { respectRobotsTxtFile?: unknown } | undefined;
      if (crawlerOptions?.respectRobotsTxtFile !== false) this.respectRobotsTxtFile = true;
      const proxy = (this as unknown as { proxyConfiguration?: ProxySource }).proxyConfiguration;
      this._robomata = new RobomataCore(options, this.log, proxy);
    }

    get robomata(): RobomataHandle {
      return this._robomata.handle;
    }

    /** Crawlee's seam: the robots.txt of `url`'s origin, from robomata's cache. */
    protected override async getRobotsTxtFileForUrl(url: string): Promise<RobotsTxtFile | undefined> {
      return this.respectRobotsTxtFile === false ? undefined : this._robomata.fileFor(url);
    }

    /** Crawlee's seam: tells `onRobotsTxtSkip` the deciding rule, then Crawlee's own handling. */
    protected override async handleSkippedRequest(skipped: Parameters<SkippedRequestCallback>[0]): Promise<void> {
      if (skipped.reason === 'robotsTxt') await this._robomata.skipped(skipped.url, onSkip);
      await super.handleSkippedRequest(skipped);
    }

    /** Crawlee's seam: `sameDomainDelaySecs` first, then the origin's robots.txt crawl-delay. */
    protected override delayRequest(request: Request, source: unknown): boolean {
      return super.delayRequest(request, source as never) || this._robomata.delay(request, source as ReclaimSource);
    }
  }
  Object.defineProperty(RobomataCrawlerImpl, 'name', { value: `Robomata${Crawler.name}` });
  return RobomataCrawlerImpl as unknown as RobomataCrawlerClass<C>;
}

/** Hands `request` back to `source` after `delayMs` (as Crawlee's own `delayRequest` does). */
function _reclaimLater(request: Request, source: ReclaimSource, delayMs: number, log: CrawlerLog): void {
  const v1 = source instanceof RequestQueueV1 ? (source as unknown as { inProgress?: Set<string> }).inProgress : undefined;
  if (request.id !== undefined) v1?.delete(request.id);
  log.debug(`robots.txt crawl-delay: ${request.url} goes back to the queue in ${delayMs} ms`);
  setTimeout(() => {
    if (request.id !== undefined) v1?.add(request.id);
    const forefront = (request.userData as { __crawlee?: { forefront?: boolean } } | undefined)?.__crawlee?.forefront;
    source.reclaimRequest(request, forefront === undefined ? {} : { forefront }).catch((err: unknown) => {
      log.warning(`@robomata/crawlee: could not hand ${request.url} back to the queue after its crawl-delay: ${err instanceof Error ? err.message : String(err)}`);
    });
  }, delayMs);
}
