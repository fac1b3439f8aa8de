/**
 * The path a URL is matched by (docs/semantics.md sections 6 and 7), for display by `explain`.
 * The runtime computes the same thing internally without allocating; this copy builds strings.
 */

import { classifyUrl } from '@robomata/runtime';
import type { Profile } from '@robomata/runtime';

const _UNRESERVED = /[A-Za-z0-9\-._~]/;
const _HEX = /^[0-9A-Fa-f]{2}$/;

/**
 * Returns the path-and-query of `url` that robots.txt rules are matched against: google keeps
 * it raw; rfc9309 returns the canonical form (docs/semantics.md section 7) with non-ASCII as `%XX`.
 * O(length of url).
 */
export function matchedPath(url: string, profile: Profile): string {
  const path = _extractPath(url);
  return profile === 'rfc9309' ? _canonicalPath(path) : path;
}

/**
 * Returns a warning when `url` has no parsable path of its own: no `scheme://` and no leading `/`
 * (or `?`, `;`), so docs/semantics.md section 6 reads what precedes its first `/` as a host
 * (`private/x` is matched as `/x`, `example.com` as `/`); undefined for a URL or an absolute path.
 * O(length of url).
 */
export function describeUrlWithoutPath(url: string): string | undefined {
  if (classifyUrl(url) !== 'host-relative') return undefined;
  const path = _extractPath(url);
  return `${_shown(url)} has neither a scheme (https://...) nor a leading "/": it is read as host/path and matched as path ${JSON.stringify(path)}`;
}

/**
 * Returns a warning when `url` is not a URL or path robomata can read (`classifyUrl` of the
 * runtime says 'unreadable': `http://`, `https://exa mple.com/x`, `mailto:a@b.c`, `not a url`;
 * docs/semantics.md section 6), saying which path it is answered as; undefined otherwise.
 * O(length of url).
 */
export function describeUnreadableUrl(url: string): string | undefined {
  if (classifyUrl(url) !== 'unreadable') return undefined;
  return `${_shown(url)} is not a URL or path robomata can read (docs/semantics.md section 6): it is answered as path ${JSON.stringify(_extractPath(url))}`;
}

/** Returns `url` quoted for a message, cut at 80 code units. */
function _shown(url: string): string {
  return JSON.stringify(url.length > 80 ? `${url.slice(0, 80)}...` : url);
}

/** docs/semantics.md section 6 (google/robotstxt GetPathParamsQuery): the path, params and query of a URL. */
function _extractPath(full: string): string {
  const nul = full.indexOf('\0');
  const url = nul === -1 ? full : full.slice(0, nul);
  const searchStart = url.startsWith('//') ? 2 : 0;
  const earlyPath = _findFirstOf(url, '/?;', searchStart);
  let protocolEnd = url.indexOf('://', searchStart);
  if (protocolEnd !== -1 && earlyPath !== -1 && earlyPath < protocolEnd) protocolEnd = -1;
  const authorityStart = protocolEnd === -1 ? searchStart : protocolEnd + 3;
  const pathStart = _findFirstOf(url, '/?;', authorityStart);
  if (pathStart === -1) return '/';
  const hash = url.indexOf('#', searchStart);
  if (hash !== -1 && hash < pathStart) return '/';
  const path = url.slice(pathStart, hash === -1 ? url.length : hash);
  return path.startsWith('/') ? path : `/${path}`;
}

function _findFirstOf(s: string, chars: string, from: number): number {
  for (let i = from; i < s.length; i++) if (chars.includes(s.charAt(i))) return i;
  return -1;
}

/** docs/semantics.md section 7 canonical form of a URL path, as a string of ASCII. */
function _canonicalPath(path: string): string {
  const bytes = new TextEncoder().encode(path); // lone surrogates become U+FFFD
  let out = '';
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i] ?? 0;
    if (b === 0x25) {
      const hex = String.fromCharCode(bytes[i + 1] ?? 0, bytes[i + 2] ?? 0);
      if (_HEX.test(hex)) {
        const decoded = String.fromCharCode(parseInt(hex, 16));
        out += _UNRESERVED.test(decoded) ? decoded : `%${hex.toUpperCase()}`;
        i += 2;
        continue;
      }
      out += '%';
    } else if (b >= 0x80 || b === 0x2a || b === 0x24) {
      out += `%${b.toString(16).toUpperCase().padStart(2, '0')}`;
    } else {
      out += String.fromCharCode(b);
    }
  }
  return out;
}
