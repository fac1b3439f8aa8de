/**
 * User-agent lookup: the caller's agent string to a merged group (docs/semantics.md section 3; RFC 9309
 * section 2.2.1), by binary search over the artifact's sorted token table, with no allocation.
 */
import { TOKEN_GROUP, TOKEN_LEN, TOKEN_OFF, TOKEN_WORDS } from './tables.js';

function _isTokenChar(c: number): boolean {
  return (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 45 || c === 95;
}

/**
 * Returns the merged-group index whose token equals `agent` ASCII-case-insensitively, or -1,
 * among the `count` token records (string offset, string length, group) from `base` of
 * `entries`, their bytes in `strings`. Invariant (checked by the loader): the records' token
 * bytes are strictly ascending and lie in `strings`. The agent is compared verbatim: a string
 * with any character outside `[A-Za-z_-]` can equal no token (tokens are product tokens), so
 * `FooBot/1.2` does not select `FooBot` (use `extractProductToken` first). A loaded artifact's
 * index holds the records; no table object. O(|agent| log tokens).
 */
export function findAgentGroupIn(strings: Uint8Array, entries: Int32Array, base: number, count: number, agent: string): number {
  if (!_isTokenText(agent)) return -1;
  let lo = 0;
  let hi = count - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const rec = base + mid * TOKEN_WORDS;
    const cmp = _compareToken(strings, entries, rec, agent);
    if (cmp === 0) return entries[rec + TOKEN_GROUP] as number;
    if (cmp < 0) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}

/**
 * @internal Returns the merged-group index whose token equals `agent` ASCII-case-insensitively,
 * or -1, in `byToken` (lower-cased product tokens to their group): {@link findAgentGroupIn}'s
 * answer over the tokens an artifact's agent table would hold, before any artifact exists
 * (compileRobots selects its first group so; internal.ts `robotsOfPending`). The same rule: an
 * agent with a character outside `[A-Za-z_-]` equals no token. O(|agent|); allocates the
 * lower-cased agent.
 */
export function findAgentGroupOf(byToken: ReadonlyMap<string, number>, agent: string): number {
  // Only [A-Za-z_-] past this check: toLowerCase is the ASCII lower-casing the token table's compare does.
  if (!_isTokenText(agent)) return -1;
  return byToken.get(agent.toLowerCase()) ?? -1;
}

/** Returns true when `agent` equals one of `tokens` (lower-cased product tokens) ASCII-case-insensitively, as findAgentGroupOf compares. O(|agent|). */
export function hasAgentToken(tokens: ReadonlySet<string>, agent: string): boolean {
  return _isTokenText(agent) && tokens.has(agent.toLowerCase());
}

/** Returns true when every character of `agent` is a token character (`[A-Za-z_-]`): only such a string can equal a token. */
function _isTokenText(agent: string): boolean {
  for (let k = 0; k < agent.length; k++) if (!_isTokenChar(agent.charCodeAt(k))) return false;
  return true;
}

/** Compares the token of the record at `rec` of `entries` with the lower-cased agent: <0, 0, >0. */
function _compareToken(strings: Uint8Array, entries: Int32Array, rec: number, agent: string): number {
  const off = entries[rec + TOKEN_OFF] as number;
  const len = entries[rec + TOKEN_LEN] as number;
  const n = agent.length;
  const m = len < n ? len : n;
  for (let k = 0; k < m; k++) {
    let c = agent.charCodeAt(k);
    if (c >= 65 && c <= 90) c += 32;
    const t = strings[off + k] as number;
    if (t !== c) return t - c;
  }
  return len - n;
}

/** Returns the index of the first code unit of `header` after leading whitespace. */
export function productTokenStart(header: string): number {
  let i = 0;
  while (i < header.length && /\s/.test(header.charAt(i))) i++;
  return i;
}

/** Returns the index after the run of `[A-Za-z_-]` that starts at `i` in `header`. */
export function productTokenEnd(header: string, i: number): number {
  let j = i;
  while (j < header.length && _isTokenChar(header.charCodeAt(j))) j++;
  return j;
}

/** The crawler token a User-Agent string yields (docs/semantics.md section 3, "Which token a User-Agent header yields"). */
export interface ProductToken {
  /** The token the rfc9309 lookup compares ("" when the string has no product token at all, such as `*`). */
  readonly token: string;
  /** True when a crawler's product token was found; false for a browser header (`Mozilla/5.0 (X11; ...)`) or no token. */
  readonly recognised: boolean;
}

/**
 * Leading products that only claim browser compatibility (ASCII-case-insensitive): a header
 * that starts with one names its crawler further on, or names none. Lower case.
 */
export const BROWSER_COMPATIBILITY_PRODUCTS: readonly string[] = ['mozilla', 'opera'];

/** Whitespace as User-Agent headers use it (SP, HTAB, CR, LF, VT, FF). */
function _isSpace(c: number): boolean {
  return c === 32 || (c >= 9 && c <= 13);
}

/** Returns true when `header[i, j)` equals one of BROWSER_COMPATIBILITY_PRODUCTS ASCII-case-insensitively. */
function _isBrowserProduct(header: string, i: number, j: number): boolean {
  for (const name of BROWSER_COMPATIBILITY_PRODUCTS) {
    if (j - i !== name.length) continue;
    let k = 0;
    while (k < name.length && (header.charCodeAt(i + k) | 32) === name.charCodeAt(k)) k++;
    if (k === name.length) return true;
  }
  return false;
}

/** Returns true when `header[s, e)` is `compatible`, ASCII-case-insensitively. */
function _isCompatible(header: string, s: number, e: number): boolean {
  const word = 'compatible';
  if (e - s !== word.length) return false;
  for (let k = 0; k < word.length; k++) if ((header.charCodeAt(s + k) | 32) !== word.charCodeAt(k)) return false;
  return true;
}

/**
 * Returns the end of the product token when `header[s, e)` is one product, `Name` or
 * `Name/version` (Name: `[A-Za-z_-]` then `[A-Za-z0-9_.-]`; version: no whitespace, not
 * empty), or -1. `needVersion` rejects a bare `Name`. The token is Name's leading run of
 * `[A-Za-z_-]`, as the compiler cuts `User-agent:` values (`MJ12bot/1.4` gives `MJ`).
 */
function _productTokenOf(header: string, s: number, e: number, needVersion: boolean): number {
  const t = productTokenEnd(header, s);
  if (t === s) return -1;
  let k = t;
  while (k < e) {
    const c = header.charCodeAt(k);
    if (!(_isTokenChar(c) || (c >= 48 && c <= 57) || c === 46)) break;
    k++;
  }
  if (k === e) return needVersion ? -1 : t;
  if (header.charCodeAt(k) !== 47 || k + 1 === e) return -1;
  for (let v = k + 1; v < e; v++) if (_isSpace(header.charCodeAt(v))) return -1;
  return t;
}

/**
 * Finds the crawler token of `header` (docs/semantics.md section 3) and writes its bounds to
 * `out[0]` (start) and `out[1]` (end); returns true when it is a crawler's token. The rule:
 * 1. the leading product (after whitespace, the run of `[A-Za-z_-]`) is the crawler's when it
 *    is not a browser-compatibility product (`FooBot/2.1 (+https://x)` gives `FooBot`);
 * 2. after a leading `Mozilla` (or `Opera`), the header is read as items separated by `(`,
 *    `)` and `;`, each trimmed: the item after a `compatible;` item, when it is one product
 *    (`Name` or `Name/version`), names the crawler (`(compatible; Googlebot/2.1; +http://...)`);
 * 3. failing that, the first comment whose first item is `Name/version` names it
 *    (`Safari/605.1.15 (Applebot/0.1; +http://...)`);
 * 4. failing that, none is recognised: the bounds are the leading product's (`Mozilla`).
 * O(|header|), no allocation.
 */
export function locateProductToken(header: string, out: Int32Array): boolean {
  const i = productTokenStart(header);
  const j = productTokenEnd(header, i);
  out[0] = i;
  out[1] = j;
  if (j === i) return false;
  if (!_isBrowserProduct(header, i, j)) return true;
  let commentStart = -1;
  let commentEnd = -1;
  let afterCompatible = false;
  let opensComment = false;
  let itemStart = j;
  const n = header.length;
  for (let k = j; k <= n; k++) {
    const c = k < n ? header.charCodeAt(k) : 59;
    if (c !== 40 && c !== 41 && c !== 59) continue;
    let s = itemStart;
    let e = k;
    while (s < e && _isSpace(header.charCodeAt(s))) s++;
    while (e > s && _isSpace(header.charCodeAt(e - 1))) e--;
    const compatible = _isCompatible(header, s, e);
    if (afterCompatible && !compatible) {
      const t = _productTokenOf(header, s, e, false);
      if (t >= 0) {
        out[0] = s;
        out[1] = t;
        return true;
      }
    }
    if (opensComment && commentStart < 0) {
      const t = _productTokenOf(header, s, e, true);
      if (t >= 0) {
        commentStart = s;
        commentEnd = t;
      }
    }
    afterCompatible = c === 59 && compatible;
    opensComment = c === 40;
    itemStart = k + 1;
  }
  if (commentStart < 0) return false;
  out[0] = commentStart;
  out[1] = commentEnd;
  return true;
}

/** Scratch for the token bounds of {@link crawlerToken} (single-threaded: used and read at once). */
const _BOUNDS = new Int32Array(2);

/**
 * Returns the token the rfc9309 profile looks a crawler up by: {@link findProductToken}'s token,
 * or the string itself when it has no product token at all (`*`, `/1.0`): cutting those to ""
 * would select groups whose token is empty, such as `User-agent: 008`. Allocates only for a
 * header that needs cutting. O(|header|).
 */
export function crawlerToken(userAgent: string): string {
  locateProductToken(userAgent, _BOUNDS);
  const i = _BOUNDS[0] as number;
  const j = _BOUNDS[1] as number;
  return j > i && (i !== 0 || j !== userAgent.length) ? userAgent.slice(i, j) : userAgent;
}

function _checkHeader(userAgentHeader: unknown): void {
  if (typeof userAgentHeader !== 'string') {
    throw new TypeError(`userAgentHeader must be a string, got ${userAgentHeader === null ? 'null' : typeof userAgentHeader}`);
  }
}

/**
 * Returns the crawler token of a User-Agent header and whether one was recognised
 * (docs/semantics.md section 3): `FooBot/2.1 (+https://x)` gives `FooBot`;
 * `Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)` gives `Googlebot`;
 * a browser header such as `Mozilla/5.0 (X11; Linux x86_64) ... Safari/537.36` gives
 * `{ token: 'Mozilla', recognised: false }`; `*` or `""` give `{ token: '', recognised: false }`.
 * This is the token `Robots#agent` looks up in the rfc9309 profile (the google profile compares
 * verbatim: pass this token). Throws TypeError for a non-string. O(|header|).
 */
export function findProductToken(userAgentHeader: string): ProductToken {
  _checkHeader(userAgentHeader);
  const recognised = locateProductToken(userAgentHeader, _BOUNDS);
  return { token: userAgentHeader.slice(_BOUNDS[0], _BOUNDS[1]), recognised };
}

/**
 * Returns the crawler token of a User-Agent header: `findProductToken(header).token`
 * (`FooBot/1.2 (+https://x)` gives `FooBot`, `Mozilla/5.0 (compatible; Googlebot/2.1; ...)`
 * gives `Googlebot`). `Robots#agent` does this itself in the rfc9309 profile; in the google
 * profile the lookup never cuts (docs/semantics.md section 3): call this when you hold a full header.
 * Use {@link findProductToken} to learn whether a crawler token was recognised. O(|header|).
 */
export function extractProductToken(userAgentHeader: string): string {
  _checkHeader(userAgentHeader);
  locateProductToken(userAgentHeader, _BOUNDS);
  return userAgentHeader.slice(_BOUNDS[0], _BOUNDS[1]);
}
