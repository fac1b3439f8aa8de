/**
 * The caching policy of docs/semantics.md section 9 (RFC 9309 sections 2.3.1 and 2.4; Google's documented
 * behaviour): its constants, the retry backoff, and {@link _applyPolicy}, which turns one fetch
 * outcome into the next cache entry. Shared by the in-process and the fleet paths of the cache,
 * so both apply exactly the same rules.
 */

import type { Robots } from '@robomata/runtime';
import type { CachedRobots, RobotsPolicy, RobotsStatusClass, _Entry } from './entry.js';
import type { FetchOutcome } from './fetch-robots.js';

/** Default timeout of one attempt: 10 s, a common crawler budget for one small text file. */
export const DEFAULT_TIMEOUT_MS = 10_000;
/** Default origins kept in process: 10,000 (with {@link DEFAULT_MAX_CACHE_BYTES} the byte budget usually binds first). */
export const DEFAULT_MAX_ENTRIES = 10_000;
/**
 * Default byte budget of the in-process tier: 128 MiB, about 3,500 origins at the corpus mean
 * artifact size (38 KB over 4,231 real files) or 25,000 at its median (5.4 KB).
 */
export const DEFAULT_MAX_CACHE_BYTES = 128 * 1024 * 1024;
/** Bytes an entry counts beyond its artifacts (its metadata object and strings): 512, an estimate. */
export const ENTRY_OVERHEAD_BYTES = 512;
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

/** The shared allow-all and disallow-all rules the policy hands out. */
export interface _PolicyContext {
  readonly allowAll: () => Robots;
  readonly disallowAll: () => Robots;
}

/**
 * Turns one fetch outcome into the next cache entry (the policy of the module comment).
 * `compiled` is the body's rules for a 2xx, or the compiler's error; ignored otherwise.
 * O(1).
 */
export function _applyPolicy(
  origin: string,
  outcome: FetchOutcome,
  compiled: Robots | Error | undefined,
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
    if (compiled !== undefined && !(compiled instanceof Error)) return fresh(compiled, 'rules');
    statusClass = 'compile-error';
    error = compiled instanceof Error ? compiled.message : 'not compiled';
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
