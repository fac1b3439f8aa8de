/**
 * The fetch layer's cache: the per-origin robots.txt cache and its policy (RFC 9309 sections
 * 2.3.1 and 2.4; Google's documented behaviour; docs/semantics.md section 9).
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
 * - At most one request per origin is in flight: concurrent callers share its promise; with a
 *   shared `store`, at most one per origin across every process sharing it (./fleet.ts).
 *
 * Every outcome is a real compiled {@link Robots} (allow all = `compileRobots('')`, disallow
 * all = `compileRobots('User-agent: *\nDisallow: /')`), so callers answer through one API.
 */

import { LRUCache } from 'lru-cache';
import { compile } from '@robomata/compiler';
import { findProductToken } from '@robomata/runtime';
import type { AgentRules, Profile, Robots } from '@robomata/runtime';
import { compileArtifact } from './compile-artifact.js';
import { fetchRobotsTxt } from './fetch-robots.js';
import { DEFAULT_LEASE_MS, DEFAULT_LEASE_WAIT_MS, DEFAULT_STORE_NAMESPACE, DEFAULT_STORE_RETENTION_MS, DEFAULT_STORE_TIMEOUT_MS, _SharedTier, _emptyStats } from './fleet.js';
import type { RobotsCacheStats } from './fleet.js';
import { originOf } from './origin.js';
import { DEFAULT_FETCH_MAX_BYTES, DEFAULT_MAX_CACHE_BYTES, DEFAULT_MAX_ENTRIES, DEFAULT_MAX_REDIRECTS, DEFAULT_TIMEOUT_MS, ENTRY_OVERHEAD_BYTES, _applyPolicy } from './policy.js';
import { _artifactOf, _loadArtifact } from './record.js';
import type { CachedRobots, _Constants, _Entry } from './entry.js';
import type { RobotsStore } from './store.js';

/** Options of {@link createRobotsCache}. */
export interface RobotsCacheOptions {
  /** Sent as the User-Agent header of every robots.txt request. Required. */
  readonly userAgent: string;
  /**
   * The crawler's product token, the group `isAllowed(url)` and `peek(url)` select. Default:
   * the crawler token of `userAgent` (`findProductToken` of `@robomata/runtime`, docs/semantics.md
   * section 3: `ExampleCrawler/1.0 (+https://...)` gives `ExampleCrawler`,
   * `Mozilla/5.0 (compatible; ExampleCrawler/1.0; +https://...)` too). When `userAgent` has no
   * crawler token (a browser header) the cache warns through `log` and uses the leading
   * product (`Mozilla`): pass `productToken` then. {@link RobotsCache.productToken} tells.
   */
  readonly productToken?: string;
  /** The fetch implementation. Default `globalThis.fetch` (Node's built-in fetch). */
  readonly fetch?: typeof globalThis.fetch;
  /** Timeout of one attempt, redirects and body included. Default {@link DEFAULT_TIMEOUT_MS}. */
  readonly timeoutMs?: number;
  /** Origins kept in process (least recently used evicted first). Default {@link DEFAULT_MAX_ENTRIES}. */
  readonly maxEntries?: number;
  /**
   * Bytes of artifacts kept in process (`lru-cache`'s `maxSize`): each entry counts its
   * artifacts plus {@link ENTRY_OVERHEAD_BYTES}; least recently used evicted first. An entry
   * larger than the whole budget is still kept, alone. Default {@link DEFAULT_MAX_CACHE_BYTES}.
   */
  readonly maxCacheBytes?: number;
  /** Body bytes read and parsed (>= 500 KiB per RFC 9309 section 2.5). Default 512,000. */
  readonly maxBytes?: number;
  /** Matching profile the bodies are compiled with. Default 'rfc9309'. */
  readonly profile?: Profile;
  /** Clock in milliseconds since the epoch (expiry and backoff). Default `Date.now`. */
  readonly now?: () => number;
  /** Redirects followed before treating the result as 4xx. Default {@link DEFAULT_MAX_REDIRECTS}. */
  readonly maxRedirects?: number;
  /**
   * A store shared with other caches, processes or machines (e.g. `createRedisStore` of
   * `@robomata/redis`): one fetch per origin across all of them (./fleet.ts). Default: none,
   * every process fetches for itself.
   */
  readonly store?: RobotsStore;
  /** Key prefix in the store (no `{` or `}`). Default `'robomata'`. */
  readonly storeNamespace?: string;
  /** Bound on each store call; past it the store counts as down. Default 1 s. */
  readonly storeTimeoutMs?: number;
  /** Lease of a fetching process, renewed while it works: a crashed holder blocks others this long. Default 10 s. */
  readonly leaseMs?: number;
  /** Longest wait for another process's fetch before fetching oneself. Default 60 s. */
  readonly leaseWaitMs?: number;
  /** How long a record outlives its expiry in the store. Default 7 days. */
  readonly storeRetentionMs?: number;
  /**
   * Where the store's state changes (once per outage) and a `userAgent` with no crawler token
   * (once, at creation) are reported. Default `console.warn`.
   */
  readonly log?: (message: string) => void;
}

/** A robots.txt cache for many origins; see the module comment for the policy. */
export interface RobotsCache {
  /** The product token `isAllowed(url)` and `peek(url)` select a group by (`options.productToken`, or the crawler token of `userAgent`). */
  readonly productToken: string;
  /** False when the token came from a `userAgent` with no crawler token (a warning was logged). */
  readonly productTokenRecognised: boolean;
  /**
   * Returns whether the crawler may fetch `url` under the robots.txt of the URL's origin,
   * fetching it first when needed. `productToken` defaults to the one bound at creation; when
   * given it is matched verbatim against the groups (`extractProductToken` of
   * `@robomata/runtime` cuts a full header). Rejects with a `TypeError` for a URL that is not
   * absolute http(s). A cached origin answers without fetching (the same as {@link peek}).
   */
  isAllowed(url: string, productToken?: string): Promise<boolean>;
  /** Returns the cached rules of the URL's origin and their fetch outcome, fetching if needed. */
  get(url: string): Promise<CachedRobots>;
  /**
   * The synchronous fast path for hot loops: returns the bound crawler's rules for the URL's
   * origin when they are cached and fresh, else `undefined` (then `await get(url)` or
   * `isAllowed(url)` once). Never fetches, never throws (an invalid URL gives `undefined`).
   * Keep the returned `AgentRules` for the origin and call `rules.isAllowed(url)`: zero
   * allocation per check. Costs one URL parse (the origin) and an LRU lookup.
   */
  peek(url: string): AgentRules | undefined;
  /** Returns a snapshot of the cache's counters (fetches, store hits, rejections, ...). */
  stats(): RobotsCacheStats;
  /** Forgets every origin held in process (requests in flight still complete and are stored). */
  clear(): void;
}

/** Validates the options a cache cannot work without; throws a `TypeError`. */
function _checkOptions(options: RobotsCacheOptions): void {
  if (typeof options.userAgent !== 'string' || options.userAgent === '') {
    throw new TypeError('createRobotsCache: options.userAgent is required');
  }
  const ns = options.storeNamespace;
  if (ns !== undefined && (ns === '' || /[{}]/.test(ns))) {
    throw new TypeError('createRobotsCache: options.storeNamespace must be non-empty and contain no { or }');
  }
  if (options.productToken !== undefined && options.productToken === '') {
    throw new TypeError('createRobotsCache: options.productToken must not be empty');
  }
}

/**
 * Returns a robots.txt cache (see the module comment for the RFC 9309 policy).
 * `get` and `peek` are O(1) for a cached origin (plus parsing the URL); a miss costs one HTTP
 * attempt shared by all callers (all processes, with a `store`) plus compiling the body,
 * off the event loop for bodies of 256 bytes or more.
 */
export function createRobotsCache(options: RobotsCacheOptions): RobotsCache {
  _checkOptions(options);
  const profile: Profile = options.profile ?? 'rfc9309';
  const maxBytes = options.maxBytes ?? DEFAULT_FETCH_MAX_BYTES;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const fetchOptions = {
    userAgent: options.userAgent,
    fetch: options.fetch ?? globalThis.fetch.bind(globalThis),
    timeoutMs,
    maxBytes,
    maxRedirects: options.maxRedirects ?? DEFAULT_MAX_REDIRECTS,
  };
  const found = options.productToken === undefined ? findProductToken(options.userAgent) : { token: options.productToken, recognised: true };
  const productToken = found.token === '' ? options.userAgent : found.token;
  const log = options.log ?? ((message: string) => console.warn(`@robomata/fetch: ${message}`));
  if (!found.recognised) {
    log(
      `userAgent ${JSON.stringify(options.userAgent)} names no crawler product token (docs/semantics.md section 3): ` +
        `checks use ${JSON.stringify(productToken)}; pass options.productToken`,
    );
  }
  const now = options.now ?? Date.now;
  const stats = _emptyStats();
  const maxSize = options.maxCacheBytes ?? DEFAULT_MAX_CACHE_BYTES;
  const entries = new LRUCache<string, _Entry>({
    max: options.maxEntries ?? DEFAULT_MAX_ENTRIES,
    maxSize,
    sizeCalculation: (e) => Math.min(_entryBytes(e), maxSize),
  });
  const inFlight = new Map<string, Promise<CachedRobots>>();
  const matchers = new WeakMap<Robots, AgentRules>();
  let allowAll: Robots | undefined;
  let disallowAll: Robots | undefined;
  const constants: _Constants = {
    profile,
    allowAll: () => (allowAll ??= _loadArtifact(compile('', { profile }))),
    disallowAll: () => (disallowAll ??= _loadArtifact(compile('User-agent: *\nDisallow: /', { profile }))),
  };
  const shared = options.store === undefined ? undefined : new _SharedTier({
    store: options.store,
    namespace: options.storeNamespace ?? DEFAULT_STORE_NAMESPACE,
    profile,
    constants,
    storeTimeoutMs: options.storeTimeoutMs ?? DEFAULT_STORE_TIMEOUT_MS,
    leaseMs: options.leaseMs ?? DEFAULT_LEASE_MS,
    leaseWaitMs: options.leaseWaitMs ?? DEFAULT_LEASE_WAIT_MS,
    retentionMs: options.storeRetentionMs ?? DEFAULT_STORE_RETENTION_MS,
    now,
    log,
    stats,
  });

  /** One attempt: fetch, compile a 2xx body (off the event loop when large), apply the policy. */
  const refresh = async (origin: string, robotsUrl: string, previous: _Entry | undefined): Promise<_Entry> => {
    stats.fetches++;
    const outcome = await fetchRobotsTxt(robotsUrl, fetchOptions);
    const fetchedAt = now();
    let compiled: Robots | Error | undefined;
    if (outcome.statusClass === 'success') {
      try {
        const { artifact, site } = await compileArtifact(outcome.body, profile, maxBytes);
        stats[site === 'worker' ? 'compiledInWorker' : 'compiledInline']++;
        compiled = _loadArtifact(artifact);
      } catch (err) {
        compiled = err instanceof Error ? err : new Error(String(err));
      }
    }
    return _applyPolicy(origin, outcome, compiled, fetchedAt, previous, constants);
  };

  const fresh = (origin: string): _Entry | undefined => {
    const entry = entries.get(origin);
    return entry !== undefined && now() < entry.current.expiresAt ? entry : undefined;
  };

  const get = (url: string): Promise<CachedRobots> => {
    let key;
    try {
      key = originOf(url);
    } catch (err) {
      return Promise.reject(err);
    }
    const entry = fresh(key.origin);
    if (entry !== undefined) return Promise.resolve(entry.current);
    const pending = inFlight.get(key.origin);
    if (pending !== undefined) return pending;
    const local = entries.get(key.origin);
    const load = (previous: _Entry | undefined): Promise<_Entry> => refresh(key.origin, key.robotsUrl, previous);
    const started = (shared === undefined ? load(local) : shared.resolve(key.origin, local, load))
      .then((next) => {
        entries.set(key.origin, next);
        return next.current;
      })
      .finally(() => inFlight.delete(key.origin));
    inFlight.set(key.origin, started);
    return started;
  };

  const matcherOf = (robots: Robots): AgentRules => {
    let m = matchers.get(robots);
    if (m === undefined) {
      m = robots.agent(productToken);
      matchers.set(robots, m);
    }
    return m;
  };

  const peek = (url: string): AgentRules | undefined => {
    let origin: string;
    try {
      origin = originOf(url).origin;
    } catch {
      return undefined;
    }
    const entry = fresh(origin);
    return entry === undefined ? undefined : matcherOf(entry.current.robots);
  };

  return {
    productToken,
    productTokenRecognised: found.recognised,
    get,
    peek,
    async isAllowed(url: string, token?: string): Promise<boolean> {
      if (token === undefined) {
        const hot = peek(url);
        if (hot !== undefined) return hot.isAllowed(url);
      }
      const cached = await get(url);
      return token === undefined ? matcherOf(cached.robots).isAllowed(url) : cached.robots.isAllowed(url, token);
    },
    stats: () => ({ ...stats }),
    clear(): void {
      entries.clear();
    },
  };
}

/** Bytes an entry counts against `maxCacheBytes`: its distinct artifacts plus the overhead. */
function _entryBytes(entry: _Entry): number {
  const current = entry.current.robots;
  let bytes = ENTRY_OVERHEAD_BYTES + (_artifactOf(current)?.byteLength ?? 0);
  if (entry.lastGood !== undefined && entry.lastGood !== current) bytes += _artifactOf(entry.lastGood)?.byteLength ?? 0;
  return bytes;
}
