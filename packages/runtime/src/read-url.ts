/**
 * Which strings `isAllowed` / `decide` read as a URL or a path (docs/semantics.md section 6,
 * "Readable forms"): a separate check for callers that want to tell, so the hot path stays
 * one branch-free pass. Every string is still answered, by the path section 6 finds.
 */
import { endsAuthority } from './path-bytes.js';

/** How {@link classifyUrl} reads a string (docs/semantics.md section 6). */
export type UrlForm =
  /** `scheme://authority[/path]`: the path after the authority. */
  | 'absolute'
  /** `//authority[/path]`: the path after the authority. */
  | 'scheme-relative'
  /** Starts with `/`, `?` or `;` (not `//`): the string itself is the path. */
  | 'path'
  /** `host[:port][/path]` without a scheme (`example.com/a`): the path after the host. */
  | 'host-relative'
  /** Anything else (`''`, `http://`, `https://exa mple.com/x`, `mailto:a@b.c`, `not a url`): answered as the path section 6 finds (mostly `/`). */
  | 'unreadable';

/** True for `[A-Za-z]`. */
function _isAlpha(c: number): boolean {
  return (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
}

/** True for `[0-9]`. */
function _isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

/** Returns the end of the authority that starts at `i` (the first `/`, `?`, `;`, `#` or the end). */
function _authorityEnd(url: string, i: number): number {
  let k = i;
  while (k < url.length && !endsAuthority(url.charCodeAt(k))) k++;
  return k;
}

/** True when `url[i, j)` is a non-empty authority without ASCII whitespace, controls or DEL. */
function _isAuthority(url: string, i: number, j: number): boolean {
  if (j === i) return false;
  for (let k = i; k < j; k++) {
    const c = url.charCodeAt(k);
    if (c <= 32 || c === 127) return false;
  }
  return true;
}

/** Returns the index after a scheme `[A-Za-z][A-Za-z0-9+.-]*` followed by `://`, or -1. */
function _schemeEnd(url: string): number {
  if (url.length === 0 || !_isAlpha(url.charCodeAt(0))) return -1;
  let k = 1;
  for (; k < url.length; k++) {
    const c = url.charCodeAt(k);
    if (!(_isAlpha(c) || _isDigit(c) || c === 43 || c === 45 || c === 46)) break;
  }
  return url.startsWith('://', k) ? k + 3 : -1;
}

/** True when `url[0, j)` is `host[:port]`: host `[A-Za-z0-9.-]+` (with a letter or digit), port digits. */
function _isHostAndPort(url: string, j: number): boolean {
  let k = 0;
  let named = false;
  for (; k < j; k++) {
    const c = url.charCodeAt(k);
    if (_isAlpha(c) || _isDigit(c)) named = true;
    else if (c !== 45 && c !== 46) break;
  }
  if (!named) return false;
  if (k === j) return true;
  if (url.charCodeAt(k) !== 58 || k + 1 === j) return false;
  for (k++; k < j; k++) if (!_isDigit(url.charCodeAt(k))) return false;
  return true;
}

/**
 * Returns how `isAllowed` and `decide` read `url` (docs/semantics.md section 6, "Readable
 * forms"): an absolute URL (`https://example.com/a`), a scheme-relative one (`//example.com/a`),
 * a path (`/a`, `?q`), a host-relative form (`example.com/a`), or 'unreadable' (`http://`,
 * `https://exa mple.com/x`, `mailto:a@b.c`, `not a url`, `''`), which the checks still answer
 * as the path section 6 finds, usually `/`. Call it where URLs enter, not in the hot loop.
 * Throws TypeError for a non-string. O(scheme + authority); no allocation.
 */
export function classifyUrl(url: string): UrlForm {
  if (typeof url !== 'string') throw new TypeError(`url must be a string, got ${url === null ? 'null' : typeof url}`);
  const n = url.length;
  if (n === 0) return 'unreadable';
  const first = url.charCodeAt(0);
  if (first === 47 && n >= 2 && url.charCodeAt(1) === 47) {
    return _isAuthority(url, 2, _authorityEnd(url, 2)) ? 'scheme-relative' : 'unreadable';
  }
  if (first === 47 || first === 63 || first === 59) return 'path';
  const scheme = _schemeEnd(url);
  if (scheme >= 0) return _isAuthority(url, scheme, _authorityEnd(url, scheme)) ? 'absolute' : 'unreadable';
  return _isHostAndPort(url, _authorityEnd(url, 0)) ? 'host-relative' : 'unreadable';
}

/** Returns true unless {@link classifyUrl} says 'unreadable'. O(scheme + authority). */
export function isReadableUrl(url: string): boolean {
  return classifyUrl(url) !== 'unreadable';
}
