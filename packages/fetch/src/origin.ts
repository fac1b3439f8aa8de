/**
 * The fetch layer's cache key: which robots.txt governs a URL (RFC 9309 section 2.3; docs/semantics.md
 * section 9, first bullet).
 *
 * A robots.txt applies to exactly one scheme + host + port. Two URLs share a robots.txt when
 * their origins, as computed here, are equal strings:
 * - scheme lower-cased, only `http:` and `https:` accepted;
 * - host lower-cased, an IDN host converted to punycode (`domainToASCII`), IPv6 kept in brackets;
 * - the default port of the scheme (80 for http, 443 for https) folded into its absence.
 */

import { domainToASCII } from 'node:url';

/** The origin a URL belongs to and the robots.txt URL that governs it. */
export interface RobotsOrigin {
  /** `scheme://host[:port]`, canonical (see the module comment); the cache key. */
  readonly origin: string;
  /** `origin + '/robots.txt'`. */
  readonly robotsUrl: string;
}

const _DEFAULT_PORTS: Readonly<Record<string, string>> = { 'http:': '80', 'https:': '443' };

/**
 * Returns the canonical origin of an absolute http(s) URL and its robots.txt URL
 * (RFC 9309 section 2.3: "the rules apply to the host, protocol and port number").
 *
 * Throws a `TypeError` for a string that is not an absolute http or https URL.
 * O(length of the URL).
 */
export function originOf(url: string): RobotsOrigin {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new TypeError(`not an absolute URL: ${JSON.stringify(url)}`);
  }
  const scheme = parsed.protocol.toLowerCase();
  const defaultPort = _DEFAULT_PORTS[scheme];
  if (defaultPort === undefined) {
    throw new TypeError(`robots.txt only governs http and https URLs, not ${JSON.stringify(url)}`);
  }
  const host = _canonicalHost(parsed.hostname);
  if (host === '') throw new TypeError(`URL has no host: ${JSON.stringify(url)}`);
  const port = parsed.port === '' || parsed.port === defaultPort ? '' : `:${parsed.port}`;
  const origin = `${scheme}//${host}${port}`;
  return { origin, robotsUrl: `${origin}/robots.txt` };
}

/** Lower-cases a host name and converts an IDN to punycode; IPv6 literals are kept as they are. */
function _canonicalHost(hostname: string): string {
  if (hostname.startsWith('[')) return hostname.toLowerCase();
  const lower = hostname.toLowerCase();
  // WHATWG URL already applies UTS #46, but do it explicitly so the rule is visible here and
  // survives a different URL parser.
  const ascii = domainToASCII(lower);
  return ascii === '' ? lower : ascii;
}
