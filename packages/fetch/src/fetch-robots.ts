/**
 * The fetch layer's download: one attempt to download a robots.txt (RFC 9309 sections 2.3.1
 * and 2.5; docs/semantics.md section 9).
 *
 * Redirects are followed by hand (`redirect: 'manual'`) so they can be counted and may cross
 * hosts; the body is streamed and the stream is cancelled as soon as more than `maxBytes` have
 * arrived, so a huge or endless body costs at most `maxBytes` plus one network chunk.
 * One timeout covers the whole attempt (every redirect hop and the body).
 */

/** How an attempt ended, before any caching policy is applied. */
export type FetchStatusClass =
  /** 2xx: the body is the robots.txt. */
  | 'success'
  /** 4xx other than 429: "unavailable", no restrictions (RFC 9309 section 2.3.1.3). */
  | 'client-error'
  /** More redirects than allowed (or a 3xx without Location): treated as 4xx. */
  | 'redirect-limit'
  /** 429 Too Many Requests: "unreachable", disallow everything (Google's documented behaviour). */
  | 'rate-limited'
  /** 5xx, and any status outside 200..599: "unreachable" (RFC 9309 section 2.3.1.4). */
  | 'server-error'
  /** No response within the timeout. */
  | 'timeout'
  /** DNS, connection, TLS or stream failure. */
  | 'network-error';

/** Result of {@link fetchRobotsTxt}. */
export interface FetchOutcome {
  readonly statusClass: FetchStatusClass;
  /** HTTP status of the last response, or 0 when no response arrived. */
  readonly httpStatus: number;
  /** The robots.txt URL requested first. */
  readonly sourceUrl: string;
  /** The URL of the last request (after redirects). */
  readonly finalUrl: string;
  /** Redirects followed. */
  readonly redirects: number;
  /**
   * The body: all of it, or when `truncated` its first `maxBytes + 1` bytes, so that compiling it
   * with the same `maxBytes` reports the cut (`robots.warnings` has 'truncated', as for a file
   * cut at the limit; the extra byte is never parsed). Empty unless `statusClass` is 'success'.
   */
  readonly body: Uint8Array;
  /** Body bytes received from the network (may exceed `maxBytes` by part of one chunk). */
  readonly bytesRead: number;
  /** True when the body was longer than `maxBytes` and reading stopped. */
  readonly truncated: boolean;
  /** `Cache-Control: max-age` of the last response in milliseconds, if present and valid. */
  readonly maxAgeMs: number | undefined;
  /** Error message for 'timeout' and 'network-error'; the status line otherwise when not 2xx. */
  readonly error: string | undefined;
}

/** Options of {@link fetchRobotsTxt} (the cache fills them in from its own options). */
export interface FetchRobotsOptions {
  readonly userAgent: string;
  /** The fetch implementation. Default: Node's global `fetch` (undici). */
  readonly fetch?: typeof globalThis.fetch;
  readonly timeoutMs: number;
  readonly maxBytes: number;
  readonly maxRedirects: number;
}

const _REDIRECT_STATUSES: ReadonlySet<number> = new Set([301, 302, 303, 307, 308]);

/**
 * Returns the outcome of downloading `robotsUrl`, following up to `maxRedirects` redirects.
 * Never throws for network trouble: every failure is an outcome.
 *
 * RFC 9309 section 2.3.1.2 ("crawlers SHOULD follow at least five consecutive redirects"):
 * with `maxRedirects` = 5, the 5th redirect is followed and a 6th response that is again a
 * redirect ends the attempt as 'redirect-limit'.
 * O(min(body size, maxBytes + one chunk)) bytes of memory.
 */
export async function fetchRobotsTxt(robotsUrl: string, options: FetchRobotsOptions): Promise<FetchOutcome> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort(new Error(`timed out after ${options.timeoutMs} ms`));
  }, options.timeoutMs);
  timer.unref?.();
  let url = robotsUrl;
  let redirects = 0;
  let httpStatus = 0;
  const base = { sourceUrl: robotsUrl, body: new Uint8Array(0), bytesRead: 0, truncated: false };
  const fetchImpl = options.fetch ?? globalThis.fetch;
  try {
    // Bounded: at most maxRedirects + 1 requests.
    for (;;) {
      const response = await fetchImpl(url, {
        method: 'GET',
        redirect: 'manual',
        signal: controller.signal,
        headers: { 'user-agent': options.userAgent, accept: 'text/plain, */*;q=0.5' },
      });
      httpStatus = response.status;
      const maxAgeMs = _parseMaxAge(response.headers.get('cache-control'));
      if (_REDIRECT_STATUSES.has(httpStatus)) {
        const location = response.headers.get('location');
        await _discard(response);
        if (location === null || redirects >= options.maxRedirects) {
          const why = location === null ? `${httpStatus} without Location` : `more than ${options.maxRedirects} redirects`;
          return { ...base, statusClass: 'redirect-limit', httpStatus, finalUrl: url, redirects, maxAgeMs, error: why };
        }
        url = new URL(location, url).href;
        redirects++;
        continue;
      }
      if (httpStatus >= 200 && httpStatus < 300) {
        const read = await _readLimited(response, options.maxBytes);
        return { ...base, ...read, statusClass: 'success', httpStatus, finalUrl: url, redirects, maxAgeMs, error: undefined };
      }
      await _discard(response);
      const statusClass: FetchStatusClass =
        httpStatus === 429 ? 'rate-limited' : httpStatus >= 400 && httpStatus < 500 ? 'client-error' : 'server-error';
      return { ...base, statusClass, httpStatus, finalUrl: url, redirects, maxAgeMs, error: `HTTP ${httpStatus}` };
    }
  } catch (err) {
    const statusClass: FetchStatusClass = timedOut ? 'timeout' : 'network-error';
    const message = timedOut ? `timed out after ${options.timeoutMs} ms` : _describeError(err);
    return { ...base, statusClass, httpStatus, finalUrl: url, redirects, maxAgeMs: undefined, error: message };
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Reads at most `maxBytes` of a body through its stream reader, cancelling the stream as soon
 * as more arrived. Returns the kept bytes (`maxBytes + 1` when cut: the compiler then knows),
 * the bytes received and whether the body was cut.
 */
async function _readLimited(
  response: Response,
  maxBytes: number,
): Promise<{ body: Uint8Array; bytesRead: number; truncated: boolean }> {
  if (response.body === null) return { body: new Uint8Array(0), bytesRead: 0, truncated: false };
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let bytesRead = 0;
  let truncated = false;
  // Bounded: each iteration consumes a non-empty chunk or ends; stops once bytesRead > maxBytes.
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    bytesRead += value.byteLength;
    chunks.push(value);
    if (bytesRead > maxBytes) {
      truncated = true;
      await reader.cancel().catch(() => undefined);
      break;
    }
  }
  // Invariant: one byte past the limit is kept when cut, so the parser reports the truncation.
  const kept = truncated ? maxBytes + 1 : bytesRead;
  const body = new Uint8Array(kept);
  let offset = 0;
  for (const chunk of chunks) {
    if (offset >= kept) break;
    const take = Math.min(chunk.byteLength, kept - offset);
    body.set(take === chunk.byteLength ? chunk : chunk.subarray(0, take), offset);
    offset += take;
  }
  return { body, bytesRead, truncated };
}

/** Releases the connection of a response whose body is not needed. */
async function _discard(response: Response): Promise<void> {
  try {
    await response.body?.cancel();
  } catch {
    // The body is unused; a failure to cancel it changes nothing.
  }
}

/** Parses `max-age=N` (seconds) of a Cache-Control header into milliseconds. */
function _parseMaxAge(header: string | null): number | undefined {
  if (header === null) return undefined;
  const match = /(?:^|[,\s])max-age\s*=\s*"?(\d+)"?/i.exec(header);
  if (match === null || match[1] === undefined) return undefined;
  const seconds = Number(match[1]);
  return Number.isFinite(seconds) ? seconds * 1000 : undefined;
}

/** One-line description of a fetch error, including undici's `cause` (e.g. ECONNREFUSED). */
function _describeError(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  const cause = (err as { cause?: unknown }).cause;
  if (cause instanceof Error && cause.message !== '' && cause.message !== err.message) {
    return `${err.message}: ${cause.message}`;
  }
  return err.message;
}
