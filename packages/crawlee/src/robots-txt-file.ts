/**
 * Crawlee's `RobotsTxtFile`, answered by robomata: `find(url)` equivalents and the objects
 * `getRobotsTxtFileForUrl` hands to Crawlee. Each is a real `RobotsTxtFile` (so `instanceof`,
 * `getSitemaps()`, `parseSitemaps()` and `parseUrlsFromSitemaps()` behave as Crawlee's own, with
 * the sitemaps robomata read) whose `isAllowed` asks the runtime.
 */

import { RobotsTxtFile } from '@crawlee/utils';
import { createRobotsCache, originOf } from '@robomata/fetch';
import type { CachedRobots, RobotsCache, RobotsCacheOptions } from '@robomata/fetch';
import { findProductToken } from '@robomata/runtime';
import type { AgentRules } from '@robomata/runtime';
import { explainDecision } from './decision.js';
import type { RobotsTxtDecision } from './decision.js';
import { createProxiedFetch } from './proxy-fetch.js';

/**
 * A Crawlee `RobotsTxtFile` for one origin whose answers come from robomata.
 * `isAllowed(url, userAgent?)`: with no `userAgent` or `'*'` (what Crawlee passes) the crawler's
 * own product token selects the group; another string is matched as a product token. A URL of
 * the file's origin is answered by the file's rules (zero allocation when the URL spells the
 * origin canonically); a URL of another origin by that origin's cached rules, or allowed when
 * they are not cached yet (as Crawlee's file allows URLs it does not govern; the crawler checks
 * each request against its own origin's robots.txt before fetching it).
 */
export interface RobomataRobotsTxtFile extends RobotsTxtFile {
  isAllowed(url: string, userAgent?: string): boolean;
  /** Returns why `url` is allowed or not under this file (rule line and pattern, group, fetch outcome). */
  explain(url: string, userAgent?: string): RobotsTxtDecision;
  /** The origin's cached robots.txt: rules, policy, HTTP status, expiry, truncation, error. */
  readonly robomata: CachedRobots;
}

/** Options of {@link createRobotsTxtFinder} and {@link findRobotsTxtFile}: the cache's, plus a proxy. */
export interface RobotsTxtFinderOptions extends RobotsCacheOptions {
  /**
   * An HTTP(S) proxy for the robots.txt requests (as `RobotsTxtFile.find(url, proxyUrl)`), also
   * used by `parseSitemaps()`. Ignored when `fetch` is given.
   */
  readonly proxyUrl?: string;
}

/** Finds robots.txt files through one shared {@link RobotsCache}. */
export interface RobotsTxtFinder {
  /** The cache: `peek(url)` for hot loops, `stats()`, `clear()`. */
  readonly cache: RobotsCache;
  /** The product token that selects the crawler's group. */
  readonly productToken: string;
  /** False when `userAgent` names no crawler (a browser header): a warning was logged. */
  readonly productTokenRecognised: boolean;
  /**
   * The equivalent of Crawlee's `RobotsTxtFile.find(url)`: resolves to the file of `url`'s origin,
   * fetched once per origin and cached under RFC 9309's policy. Rejects with a `TypeError` for a
   * URL that is not absolute http(s).
   */
  find(url: string): Promise<RobomataRobotsTxtFile>;
  /** Resolves to why the crawler may or may not fetch `url` (fetching its robots.txt if needed). */
  explain(url: string): Promise<RobotsTxtDecision>;
  /** Returns the file object for a cached origin (one per cache entry, reused). */
  fileOf(info: CachedRobots): RobomataRobotsTxtFile;
}

/** Returns true when `url` belongs to `origin` (a canonical origin as `originOf` gives it). */
function _isOf(url: string, origin: string): boolean {
  try {
    return originOf(url).origin === origin;
  } catch {
    return false;
  }
}

/** Writes the sitemap lines robots-parser reads back (values are single lines by construction). */
function _sitemapText(sitemaps: readonly string[]): string {
  return sitemaps.map((s) => `Sitemap: ${s}`).join('\n');
}

/**
 * Returns a `RobotsTxtFile` for `info` answering through robomata. `peek` gives the fresh rules
 * of any cached origin; `proxyUrl` is what Crawlee's sitemap loading uses.
 */
export function createRobotsTxtFile(
  info: CachedRobots,
  productToken: string,
  peek: (url: string) => AgentRules | undefined,
  proxyUrl?: string,
): RobomataRobotsTxtFile {
  const own = info.robots.agent(productToken);
  const file = RobotsTxtFile.from(info.sourceUrl, _sitemapText(info.robots.sitemaps), proxyUrl);
  // A URL written with this canonical origin is this origin's (no parse needed); any other
  // spelling (upper case, explicit default port, userinfo, another origin) is parsed.
  const prefix = `${info.origin}/`;
  const isAllowed = (url: string, userAgent?: string): boolean => {
    if (typeof url !== 'string') return true;
    if (userAgent !== undefined && userAgent !== '*' && userAgent !== productToken) {
      return url.startsWith(prefix) || _isOf(url, info.origin) ? info.robots.isAllowed(url, userAgent) : true;
    }
    if (url.startsWith(prefix)) return own.isAllowed(url);
    const cached = peek(url);
    if (cached !== undefined) return cached.isAllowed(url);
    return _isOf(url, info.origin) ? own.isAllowed(url) : true;
  };
  const explain = (url: string, userAgent?: string): RobotsTxtDecision =>
    explainDecision(info, url, userAgent === undefined || userAgent === '*' ? productToken : userAgent);
  Object.defineProperties(file, {
    isAllowed: { value: isAllowed, enumerable: false, writable: true, configurable: true },
    explain: { value: explain, enumerable: false, writable: true, configurable: true },
    robomata: { value: info, enumerable: true },
  });
  return file as RobomataRobotsTxtFile;
}

/** The crawler token a `userAgent` selects groups by, and whether it names a crawler at all. */
export interface CrawlerToken {
  readonly token: string;
  /** False for a browser header (`Mozilla/5.0 (X11; ...)`): its leading product is used, a warning is due. */
  readonly recognised: boolean;
}

/**
 * Returns the crawler token of `userAgent` (`findProductToken` of `@robomata/runtime`,
 * docs/semantics.md section 3), or `productToken` when given. Throws a `TypeError` when
 * `userAgent` is missing or has no product token at all.
 */
export function productTokenOf(userAgent: unknown, productToken?: unknown): CrawlerToken {
  if (typeof userAgent !== 'string' || userAgent.trim() === '') {
    throw new TypeError('@robomata/crawlee: options.userAgent is required (e.g. "MyBot/1.0 (+https://example.com/bot)"): its product token selects the robots.txt group');
  }
  if (productToken !== undefined) {
    if (typeof productToken !== 'string' || productToken === '') throw new TypeError('@robomata/crawlee: options.productToken must be a non-empty string');
    return { token: productToken, recognised: true };
  }
  const found = findProductToken(userAgent);
  if (found.token === '') {
    throw new TypeError(`@robomata/crawlee: options.userAgent ${JSON.stringify(userAgent)} has no product token ([A-Za-z_-]+); give options.productToken`);
  }
  return found;
}

/** The warning for a `userAgent` that names no crawler (logged once per cache). */
export function unrecognisedTokenMessage(userAgent: string, token: string): string {
  return `userAgent ${JSON.stringify(userAgent)} names no crawler product token (a browser header?): robots.txt groups are selected as ${JSON.stringify(token)}; give options.productToken or a crawler User-Agent such as "MyBot/1.0 (+https://example.com/bot)"`;
}

/**
 * Returns a finder over a new {@link RobotsCache} made from `options` (or over `cache` when one
 * is given, which then fixes the user agent). Use one finder for many URLs: each origin's
 * robots.txt is fetched once, in-flight requests are shared, entries expire per RFC 9309.
 */
export function createRobotsTxtFinder(options: RobotsTxtFinderOptions, cache?: RobotsCache): RobotsTxtFinder {
  const found = productTokenOf(options.userAgent, options.productToken);
  const productToken = found.token;
  const { proxyUrl, ...cacheOptions } = options;
  if (!found.recognised && cache === undefined) (options.log ?? ((m: string) => console.warn(`@robomata/crawlee: ${m}`)))(unrecognisedTokenMessage(options.userAgent, productToken));
  const fetch = cacheOptions.fetch ?? (proxyUrl !== undefined ? createProxiedFetch(() => proxyUrl) : undefined);
  const robots = cache ?? createRobotsCache({ ...cacheOptions, productToken, ...(fetch !== undefined ? { fetch } : {}) });
  const files = new WeakMap<CachedRobots, RobomataRobotsTxtFile>();
  const peek = (url: string): AgentRules | undefined => robots.peek(url);
  const fileOf = (info: CachedRobots): RobomataRobotsTxtFile => {
    let file = files.get(info);
    if (file === undefined) {
      file = createRobotsTxtFile(info, productToken, peek, proxyUrl);
      files.set(info, file);
    }
    return file;
  };
  return {
    cache: robots,
    productToken,
    productTokenRecognised: found.recognised,
    fileOf,
    find: async (url) => fileOf(await robots.get(url)),
    explain: async (url) => explainDecision(await robots.get(url), url, productToken),
  };
}

/**
 * The equivalent of Crawlee's `RobotsTxtFile.find(url, proxyUrl)`: resolves to a
 * {@link RobomataRobotsTxtFile} for `url`'s origin. One call, one new cache: to check many URLs,
 * keep a {@link createRobotsTxtFinder} (or use `crawler.robomata.find(url)`).
 */
export async function findRobotsTxtFile(url: string, options: RobotsTxtFinderOptions): Promise<RobomataRobotsTxtFile> {
  return createRobotsTxtFinder(options).find(url);
}
