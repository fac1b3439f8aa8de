/**
 * Reports what a crawler should know about a robots.txt through Crawlee's log: a body cut at the
 * size limit, an HTML or binary body (once per origin), and an unavailable robots.txt (once per
 * failed attempt, with the retry time). Nothing about a robots.txt is dropped silently.
 */

import type { CachedRobots } from '@robomata/fetch';

/** The part of Crawlee's `Log` (`@apify/log`) used here. */
export interface WarningLog {
  warning(message: string, data?: Record<string, unknown>): void;
}

/**
 * Origins remembered as already reported; past it the memory is cleared and an origin may be
 * reported once more (at 50,000 origins the sets hold about 5 MB).
 */
export const MAX_REPORTED_ORIGINS = 50_000;

/** Logs each robots.txt problem once (see the module comment). */
export class RobotsReporter {
  private readonly _bodyReported = new Set<string>();
  private readonly _failureReported = new Map<string, number>();

  constructor(private readonly _log: WarningLog) {}

  /** Looks at an origin's cached robots.txt and logs what was not logged before. O(warnings). */
  report(info: CachedRobots): void {
    if (info.policy === 'disallow-all' && this._failureReported.get(info.origin) !== info.fetchedAt) {
      if (this._failureReported.size >= MAX_REPORTED_ORIGINS) this._failureReported.clear();
      this._failureReported.set(info.origin, info.fetchedAt);
      this._log.warning(
        `robots.txt of ${info.origin} is unavailable (${info.statusClass}${info.httpStatus > 0 ? ` ${info.httpStatus}` : ''}): every URL of the origin is disallowed until ${new Date(info.expiresAt).toISOString()} (RFC 9309 section 2.3.1.4)`,
        { robotsTxtUrl: info.sourceUrl, failures: info.failures, error: info.error },
      );
    }
    // A cut body is compiled from its first maxBytes + 1 bytes, so its rules carry 'truncated'
    // (fetch-robots.ts); under any other policy the rules applied are not the body's.
    const warnings = info.robots.warnings;
    if (warnings.length === 0 || this._bodyReported.has(info.origin)) return;
    if (this._bodyReported.size >= MAX_REPORTED_ORIGINS) this._bodyReported.clear();
    this._bodyReported.add(info.origin);
    for (const w of warnings) {
      this._log.warning(`robots.txt of ${info.origin}, line ${w.line}: ${w.message}`, { robotsTxtUrl: info.sourceUrl, code: w.code });
    }
  }
}
