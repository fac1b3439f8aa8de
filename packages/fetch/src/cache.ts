/**
 * Stage 3 of the fetch layer: the per-origin robots.txt cache and its policy (RFC 9309 sections
 * 2.3.1 and 2.4; Google's documented behaviour; SPEC.md section 9).
 *
 * Policy, per origin (see {@link createRobotsCache} for the numbers):
 * - 2xx: the body (first `maxBytes`) is compiled and cached for 24 h, or for
 *   `Cache-Control: max-age` when that is shorter (a longer max-age is capped at 24 h).
 * - 3xx: followed by {@link fetchRobotsTxt}, at most `maxRedirects`; one more means "treat as 4xx".
 * - 4xx other than 429: allow all, cached like a 2xx.
 * - 429, 5xx, timeouts, network errors (and a body the compiler rejects): disallow all, and a
 *   retry is scheduled with exponential backoff. Until the backoff expires every caller gets
 *   the cached failure without a request. After 30 days of continuous failure the last good
 *   copy (last 2xx or 4xx result) is used again, or allow all when there never was one. The
 *   last good copy is kept, however old, for as long as the server stays unreachable.
 * - At most one request per origin is in flight: concurrent callers share its promise.
 *
 * Every outcome is a real compiled {@link Robots} (allow all = `compileRobots('')`, disallow
 * all = `compileRobots('User-agent: *\nDisallow: /')`), so callers answer through one API.
 */

import { LRUCache } from 'lru-cache';
import { compileRobots } from '@robomata/compiler';
import type { Profile, Robots } from '@robomata/runtime';
import { fetchRobotsTxt } from './fetch-robots.js';
import type { FetchOutcome, FetchStatusClass } from './fetch-robots.js';
import { originOf } from './origin.js';

/** Options of {@link createRobotsCache}. */
export interface RobotsCacheOptions {
  /** Sent as the User-Agent header of every robots.txt request. Required. */
  readonly userAgent: string;
  /** The fetch implementation. Default `globalThis.fetch`. */
  readonly fetch?: typeof globalThis.fetch;
  /** Timeout of one attempt, redirects and body included. Default {@link DEFAULT_TIMEOUT_MS}. */
  readonly timeoutMs?: number;
  /** Origins kept (least recently used evicted first). Default {@link DEFAULT_MAX_ENTRIES}. */
  readonly maxEntries?: number;
  /** Body bytes read and parsed (>= 500 KiB per RFC 9309 section 2.5). Default 512,000. */
  readonly maxBytes?: number;
  /** Matching profile the bodies are compiled with. Default 'rfc9309'. */
  readonly profile?: Profile;
  /** Clock in milliseconds since the epoch. Default `Date.now`. */
  readonly now?: () => number;
  /** Redirects followed before treating the result as 4xx. Default {@link DEFAULT_MAX_REDIRECTS}. */
  readonly maxRedirects?: number;
}

/** How the cached answer was chosen. */
export type RobotsPolicy =
  /** The compiled robots.txt body. */
  | 'rules'
  /** Everything allowed (4xx, too many redirects, or 30 days of failure with no good copy). */
  | 'allow-all'
  /** Everything disallowed (429, 5xx, timeout, network or compile error, < 30 days). */
  | 'disallow-all'
  /** The last good copy, after 30 days of continuous failure. */
  | 'last-good';

/** The status class of the latest attempt: a fetch outcome, or the compiler rejecting the body. */
export type RobotsStatusClass = FetchStatusClass | 'compile-error';

/** What {@link RobotsCache.get} returns: the rules for one origin and how they were obtained. */
export interface CachedRobots {
  /** The canonical origin (cache key), e.g. `https://xn--bcher-kva.example:8443`. */
  readonly origin: string;
  /** The rules to apply to every URL of the origin. */
  readonly robots: Robots;
  readonly policy: RobotsPolicy;
  /** Status class of the latest attempt. */
  readonly statusClass: RobotsStatusClass;
  /** HTTP status of the latest attempt's last response, 0 when none arrived. */
  readonly httpStatus: number;
  /** When the latest attempt finished (clock milliseconds). */
  readonly fetchedAt: number;
  /** When the entry is refetched (after a failure: when the backoff expires). */
  readonly expiresAt: number;
  /** The robots.txt URL requested. */
  readonly sourceUrl: string;
  /** The URL of the last request, after redirects. */
  readonly finalUrl: string;
  readonly redirects: number;
  /** Body bytes received (may exceed `maxBytes` by part of one network chunk). */
  readonly bytesRead: number;
  /** True when the body was longer than `maxBytes`; the rest was not read. */
  readonly truncated: boolean;
  /** Error message of the latest attempt, if it failed or was not 2xx. */
  readonly error: string | undefined;
  /** Consecutive failed attempts (0 after a 2xx or 4xx). */
  readonly failures: number;
  /** Start of the current run of failures, or undefined. */
  readonly failingSince: number | undefined;
}

/** A robots.txt cache for many origins; see the module comment for the policy. */
export interface RobotsCache {
  /**
   * Returns whether `userAgent` may fetch `url` under the robots.txt of the URL's origin,
   * fetching it first when needed. `userAgent` is matched verbatim against the product tokens
   * (pass a product token like `FooBot`; `extractProductToken` from `@robomata/runtime` cuts
   * a full header). Rejects with a `TypeError` for a URL that is not absolute http(s).
   */
  isAllowed(url: string, userAgent: string): Promise<boolean>;
  /** Returns the cached rules of the URL's origin and their fetch outcome, fetching if needed. */
  get(url: string): Promise<CachedRobots>;
  /** Forgets every origin (requests in flight still complete and are stored). */
  clear(): void;
}

/** Default timeout of one attempt: 10 s, a common crawler budget for one small text file. */
export const DEFAULT_TIMEOUT_MS = 10_000;
/** Default origins kept: 10,000 (each entry is a few KB of artifact for typical files). */
export const DEFAULT_MAX_ENTRIES = 10_000;
/** Default redirects followed: 5, the minimum RFC 9309 section 2.3.1.2 asks for. */
export const DEFAULT_MAX_REDIRECTS = 5;
/** Default body limit, the parser's 512,000 bytes (RFC 9309 section 2.5 asks for >= 500 KiB). */
export const DEFAULT_FETCH_MAX_BYTES = 512_000;
/** Longest time a result is used without refetching: 24 h (RFC 9309 section 2.4). */
export const CACHE_TTL_MS = 24 * 60 * 60 * 1000;
/** After this long of continuous failure the last good copy (or allow all) applies: 30 days (Google). */
export const FAILURE_GRACE_MS = 30 * 24 * 60 * 60 * 1000;
/**
 * Backoff after the 1st consecutive failure: 1 min; it doubles with each further failure
 * (1, 2, 4, 8, ... min). Chosen so that a brief outage costs a crawler one minute of the site.
 */
export const RETRY_BASE_MS = 60_000;
/**
 * Longest backoff: 6 h (reached after the 10th failure), so a site that is down for a long time
 * is still retried 4 times a day and is picked up within 6 h of recovering.
 */
export const RETRY_MAX_MS = 6 * 60 * 60 * 1000;

/** Returns the backoff after `failures` (>= 1) consecutive failures: min(1 min * 2^(n-1), 6 h). */
export function retryDelayMs(failures: number): number {
  const exponent = Math.min(Math.max(failures, 1) - 1, 30);
  return Math.min(RETRY_BASE_MS * 2 ** exponent, RETRY_MAX_MS);
}

/** A stored entry: the latest answer plus the last good one. */
interface _Entry {
  readonly current: CachedRobots;
  /** Robots of the last 2xx/4xx result. */
  readonly lastGood: Robots | undefined;
}

/**
 * Returns a robots.txt cache (see the module comment for the RFC 9309 policy).
 * `get` is O(1) for a cached origin; a miss costs one HTTP attempt shared by all callers
 * plus compiling the body.
 */
export function createRobotsCache(options: RobotsCacheOptions): RobotsCache {
  if (typeof options.userAgent !== 'string' || options.userAgent === '') {
    throw new TypeError('createRobotsCache: options.userAgent is required');
  }
  const profile: Profile = options.profile ?? 'rfc9309';
  const maxBytes = options.maxBytes ?? DEFAULT_FETCH_MAX_BYTES;
  const fetchOptions = {
    userAgent: options.userAgent,
    fetch: options.fetch ?? globalThis.fetch.bind(globalThis),
    timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    maxBytes,
    maxRedirects: options.maxRedirects ?? DEFAULT_MAX_REDIRECTS,
  };
  const now = options.now ?? Date.now;
  const entries = new LRUCache<string, _Entry>({ max: options.maxEntries ?? DEFAULT_MAX_ENTRIES });
  const inFlight = new Map<string, Promise<CachedRobots>>();
  let allowAll: Robots | undefined;
  let disallowAll: Robots | undefined;
  const getAllowAll = (): Robots => (allowAll ??= compileRobots('', { profile }));
  const getDisallowAll = (): Robots => (disallowAll ??= compileRobots('User-agent: *\nDisallow: /', { profile }));

  const refresh = async (origin: string, robotsUrl: string): Promise<CachedRobots> => {
    const outcome = await fetchRobotsTxt(robotsUrl, fetchOptions);
    const fetchedAt = now();
    const previous = entries.get(origin);
    const next = _applyPolicy(origin, outcome, fetchedAt, previous, {
      profile,
      maxBytes,
      allowAll: getAllowAll,
      disallowAll: getDisallowAll,
    });
    entries.set(origin, next);
    return next.current;
  };

  const get = (url: string): Promise<CachedRobots> => {
    let key;
    try {
      key = originOf(url);
    } catch (err) {
      return Promise.reject(err);
    }
    const entry = entries.get(key.origin);
    if (entry !== undefined && now() < entry.current.expiresAt) return Promise.resolve(entry.current);
    const pending = inFlight.get(key.origin);
    if (pending !== undefined) return pending;
    const started = refresh(key.origin, key.robotsUrl).finally(() => inFlight.delete(key.origin));
    inFlight.set(key.origin, started);
    return started;
  };

  return {
    get,
    async isAllowed(url: string, userAgent: string): Promise<boolean> {
      const cached = await get(url);
      return cached.robots.isAllowed(url, userAgent);
    },
    clear(): void {
      entries.clear();
    },
  };
}

/** What {@link _applyPolicy} needs besides the outcome. */
interface _PolicyContext {
  readonly profile: Profile;
  readonly maxBytes: number;
  readonly allowAll: () => Robots;
  readonly disallowAll: () => Robots;
}

/** Turns one fetch outcome into the next cache entry (the policy of the module comment). */
function _applyPolicy(
  origin: string,
  outcome: FetchOutcome,
  fetchedAt: number,
  previous: _Entry | undefined,
  context: _PolicyContext,
): _Entry {
  const common = {
    origin,
    httpStatus: outcome.httpStatus,
    fetchedAt,
    sourceUrl: outcome.sourceUrl,
    finalUrl: outcome.finalUrl,
    redirects: outcome.redirects,
    bytesRead: outcome.bytesRead,
    truncated: outcome.truncated,
  };
  const freshFor = Math.min(outcome.maxAgeMs ?? CACHE_TTL_MS, CACHE_TTL_MS);
  let statusClass: RobotsStatusClass = outcome.statusClass;
  let error = outcome.error;
  // A usable answer (rules, or allow-all for 4xx): fresh for `freshFor`, failures reset.
  const fresh = (robots: Robots, policy: 'rules' | 'allow-all'): _Entry => ({
    current: { ...common, robots, policy, statusClass, expiresAt: fetchedAt + freshFor, error, failures: 0, failingSince: undefined },
    lastGood: robots,
  });
  if (statusClass === 'success') {
    try {
      const robots = compileRobots(outcome.body, { profile: context.profile, maxBytes: context.maxBytes });
      return fresh(robots, 'rules');
    } catch (err) {
      statusClass = 'compile-error';
      error = err instanceof Error ? err.message : String(err);
    }
  }
  if (statusClass === 'client-error' || statusClass === 'redirect-limit') {
    return fresh(context.allowAll(), 'allow-all');
  }
  // Unreachable: 429, 5xx, timeout, network error, compile error.
  const failures = (previous?.current.failures ?? 0) + 1;
  const failingSince = previous?.current.failingSince ?? fetchedAt;
  const lastGood = previous?.lastGood;
  let policy: RobotsPolicy = 'disallow-all';
  let robots = context.disallowAll();
  if (fetchedAt - failingSince >= FAILURE_GRACE_MS) {
    policy = lastGood === undefined ? 'allow-all' : 'last-good';
    robots = lastGood ?? context.allowAll();
  }
  const current: CachedRobots = {
    ...common,
    robots,
    policy,
    statusClass,
    expiresAt: fetchedAt + retryDelayMs(failures),
    error,
    failures,
    failingSince,
  };
  return { current, lastGood };
}
