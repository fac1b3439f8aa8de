/**
 * What the cache holds for one origin: the answer callers get ({@link CachedRobots}, how it was
 * chosen and from which attempt) and the internal entry behind it. The shared types of the
 * cache, its policy, its store records and the fleet path, in a module of their own so that none
 * of those imports another for a type.
 */

import type { Profile, Robots } from '@robomata/runtime';
import type { FetchStatusClass } from './fetch-robots.js';

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

/** One cache entry: the latest answer and the last good (2xx/4xx) rules. */
export interface _Entry {
  readonly current: CachedRobots;
  readonly lastGood: Robots | undefined;
}

/** The shared allow-all / disallow-all Robots, named rather than stored. */
export interface _Constants {
  readonly profile: Profile;
  readonly allowAll: () => Robots;
  readonly disallowAll: () => Robots;
}
