/**
 * Crawl-delay per origin: the delay the selected group asks for (a non-standard directive RFC
 * 9309 section 2.2.4 leaves to crawlers), capped, applied through Crawlee's `delayRequest` seam:
 * a request that comes too early is handed back to its queue when its turn comes.
 */

import { originOf } from '@robomata/fetch';
import type { CachedRobots } from '@robomata/fetch';

/**
 * Default cap on a robots.txt crawl-delay, in seconds: Apache Nutch's `fetcher.max.crawl.delay`
 * (30 s). Longer values (some sites ask for 3600) would stall a crawl of that origin for hours.
 */
export const DEFAULT_MAX_CRAWL_DELAY_SECS = 30;

/**
 * Origins whose last request time is remembered; the oldest are forgotten past it (a forgotten
 * origin's next request goes at once and starts counting again). 100,000 origins is about 10 MB.
 */
export const MAX_DELAY_ORIGINS = 100_000;

/** Per-origin crawl-delay bookkeeping of one crawler. */
export class CrawlDelays {
  private readonly _delayOf = new WeakMap<CachedRobots, number>();
  private readonly _delayMs = new Map<string, number>();
  private readonly _lastAt = new Map<string, number>();

  /** `maxSecs`: the cap on any origin's delay; `productToken`: whose group's delay applies. */
  constructor(
    private readonly _maxSecs: number,
    private readonly _productToken: string,
  ) {}

  /** Records the crawl-delay of `info`'s origin (called whenever its robots.txt is looked up). */
  note(info: CachedRobots): void {
    let ms = this._delayOf.get(info);
    if (ms === undefined) {
      const secs = info.robots.crawlDelay(this._productToken);
      ms = secs !== undefined && Number.isFinite(secs) && secs > 0 ? Math.round(Math.min(secs, this._maxSecs) * 1000) : 0;
      this._delayOf.set(info, ms);
    }
    if (ms === 0) this._delayMs.delete(info.origin);
    else _setBounded(this._delayMs, info.origin, ms);
  }

  /** Returns the crawl-delay in ms applied to `origin` (0: none known). */
  delayOf(origin: string): number {
    return this._delayMs.get(origin) ?? 0;
  }

  /**
   * Returns how many ms `url` must still wait, or 0 when it may go now (then its time is
   * recorded as the origin's last request). O(1) plus parsing the URL's origin.
   */
  wait(url: string, now: number): number {
    let origin: string;
    try {
      origin = originOf(url).origin;
    } catch {
      return 0;
    }
    const delay = this._delayMs.get(origin) ?? 0;
    const last = this._lastAt.get(origin);
    if (delay > 0 && last !== undefined && now - last < delay) return last + delay - now;
    _setBounded(this._lastAt, origin, now);
    return 0;
  }
}

/** Sets `key` as the newest entry of `map`, forgetting the oldest past {@link MAX_DELAY_ORIGINS}. */
function _setBounded(map: Map<string, number>, key: string, value: number): void {
  map.delete(key);
  map.set(key, value);
  if (map.size > MAX_DELAY_ORIGINS) map.delete(map.keys().next().value as string);
}
