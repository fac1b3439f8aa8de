/**
 * The types of `@robomata/fetch` this package's API shows, declared here so that CommonJS
 * consumers can read them: `@robomata/fetch` ships ES-module declarations only, which a CommonJS
 * declaration file may not import (TS1479/TS1541). The checks at the end fail the build when
 * these and `@robomata/fetch`'s drift apart, so both stay one type.
 */

import type * as Fetch from '@robomata/fetch';
import type { AgentRules, Profile, Robots } from '@robomata/runtime';

/** How a robots.txt request ended (see `@robomata/fetch`'s README, "Outcomes"). */
export type FetchStatusClass = 'success' | 'client-error' | 'redirect-limit' | 'rate-limited' | 'server-error' | 'timeout' | 'network-error';

/** The status class of the latest attempt: a fetch outcome, or the compiler rejecting the body. */
export type RobotsStatusClass = FetchStatusClass | 'compile-error';

/** How the cached answer was chosen: the body's rules, allow all, disallow all, or the last good copy. */
export type RobotsPolicy = 'rules' | 'allow-all' | 'disallow-all' | 'last-good';

/** One origin's robots.txt as `@robomata/fetch` caches it (its `CachedRobots`). */
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

/** A store shared by caches across processes (`@robomata/fetch`'s `RobotsStore`; `createRedisStore` of `@robomata/redis`). */
export interface RobotsStore {
  get(key: string): Promise<Uint8Array | undefined>;
  set(key: string, value: Uint8Array, ttlMs: number): Promise<void>;
  delete(key: string): Promise<void>;
  acquireLease(key: string, token: string, ttlMs: number): Promise<boolean>;
  releaseLease(key: string, token: string): Promise<void>;
}

/** Counters of a robots.txt cache (`@robomata/fetch`'s `RobotsCacheStats`). */
export interface RobotsCacheStats {
  fetches: number;
  localFallbacks: number;
  storeHits: number;
  storeWrites: number;
  leaseWaits: number;
  waitTimeouts: number;
  leasesLost: number;
  rejectedRecords: number;
  storeErrors: number;
  compiledInWorker: number;
  compiledInline: number;
  storeAvailable: boolean;
}

/** A robots.txt cache for many origins (`@robomata/fetch`'s `RobotsCache`). */
export interface RobotsCache {
  /** The product token `isAllowed(url)` and `peek(url)` select a group by. */
  readonly productToken: string;
  /** False when the token came from a `userAgent` with no crawler token. */
  readonly productTokenRecognised: boolean;
  /** Whether the crawler may fetch `url`, fetching its robots.txt first when needed. */
  isAllowed(url: string, productToken?: string): Promise<boolean>;
  /** The cached rules of the URL's origin and their fetch outcome, fetching if needed. */
  get(url: string): Promise<CachedRobots>;
  /** The crawler's rules for a cached, fresh origin, else undefined; never fetches, never throws. */
  peek(url: string): AgentRules | undefined;
  stats(): RobotsCacheStats;
  clear(): void;
}

/** Options of `createRobotsCache` (see `@robomata/fetch`'s README for each default). */
export interface RobotsCacheOptions {
  readonly userAgent: string;
  readonly productToken?: string;
  readonly fetch?: typeof globalThis.fetch;
  readonly timeoutMs?: number;
  readonly maxEntries?: number;
  readonly maxCacheBytes?: number;
  readonly maxBytes?: number;
  readonly profile?: Profile;
  readonly now?: () => number;
  readonly maxRedirects?: number;
  readonly store?: RobotsStore;
  readonly storeNamespace?: string;
  readonly storeTimeoutMs?: number;
  readonly leaseMs?: number;
  readonly leaseWaitMs?: number;
  readonly storeRetentionMs?: number;
  readonly log?: (message: string) => void;
}

type _Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type _Assert<T extends true> = T;
// Drift checks: each fails to compile when the two declarations stop being the same type.
type _FetchTypesMatch = [
  _Assert<_Same<FetchStatusClass, Fetch.FetchStatusClass>>,
  _Assert<_Same<RobotsStatusClass, Fetch.RobotsStatusClass>>,
  _Assert<_Same<RobotsPolicy, Fetch.RobotsPolicy>>,
  _Assert<_Same<CachedRobots, Fetch.CachedRobots>>,
  _Assert<_Same<RobotsStore, Fetch.RobotsStore>>,
  _Assert<_Same<RobotsCacheStats, Fetch.RobotsCacheStats>>,
  _Assert<_Same<RobotsCache, Fetch.RobotsCache>>,
  _Assert<_Same<RobotsCacheOptions, Fetch.RobotsCacheOptions>>,
];
