/**
 * Stage 1 of a check: a URL (or path) to the bytes the matcher compares, written into one
 * thread-wide buffer with no allocation in steady state: the path found as docs/semantics.md section 6
 * says, and in the rfc9309 profile put in the canonical form of section 7 (RFC 9309 section
 * 2.2.2).
 */
import { isUnreservedByte } from './format.js';
import type { Scratch } from './scratch.js';

/** Per ASCII code: 1 when the byte is copied as is in the google profile. */
export const FAST_GOOGLE = new Uint8Array(128);
/** Per ASCII code: 1 when the byte is copied as is in the rfc9309 profile. */
export const FAST_RFC = new Uint8Array(128);
for (let c = 1; c < 128; c++) {
  FAST_GOOGLE[c] = c === 0x23 ? 0 : 1;
  FAST_RFC[c] = c === 0x23 || c === 0x25 || c === 0x2a || c === 0x24 ? 0 : 1;
}
/** Per ASCII code: 1 for an unreserved byte (a `%XX` of it reads as the byte, docs/semantics.md section 7). */
export const UNRESERVED_ASCII = new Uint8Array(128);
for (let c = 0; c < 128; c++) UNRESERVED_ASCII[c] = isUnreservedByte(c) ? 1 : 0;
/** `/robots.txt` as bytes: the path RFC 9309 section 2.2.2 always allows (rfc9309 profile). */
export const ROBOTS_TXT_BYTES = new Uint8Array([47, 114, 111, 98, 111, 116, 115, 46, 116, 120, 116]);

/** The upper-case hex digits as bytes (rfc9309 writes `%XX` with them). */
export const HEX_DIGITS = new Uint8Array([48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 65, 66, 67, 68, 69, 70]);

/** Shift of the code units a rare unit consumed, minus one, in {@link decodeRareUnit}'s result. */
export const RARE_LENGTH_SHIFT = 22;
/** Mask of the unit in {@link decodeRareUnit}'s result. */
export const RARE_UNIT_MASK = (1 << RARE_LENGTH_SHIFT) - 1;

/**
 * Per ASCII code unit: 1 for the units that end an authority: `/`, `?`, `;` (the path starts)
 * and `#` (no path). 128 entries so that the scan's range test (ASCII) is always taken in an
 * authority: below 64 it split letters from digits, dots and hyphens, a branch that follows the
 * host name (findPathStart over the new-URL workload's URLs: 79.5 against 86.4 ns).
 */
const _AUTHORITY_STOP = new Uint8Array(128);
_AUTHORITY_STOP[47] = 1;
_AUTHORITY_STOP[63] = 1;
_AUTHORITY_STOP[59] = 1;
_AUTHORITY_STOP[35] = 1;

/** Returns true for a code unit that ends an authority or host: `/`, `?`, `;` or `#` (docs/semantics.md section 6). O(1). */
export function endsAuthority(c: number): boolean {
  return c < 128 && _AUTHORITY_STOP[c] === 1;
}

/**
 * Returns the index in `url` where the path starts (a `/`, `?` or `;`), or -1 when the path
 * is `/` (none found, or a `#` comes first). docs/semantics.md section 6. O(length of scheme+authority).
 */
export function findPathStart(url: string): number {
  // Invariant: one pass over the code units before the path start; a `#` anywhere before it
  // (scheme included) means the path is `/`. Hot: run pnpm bench. Kept small (the general
  // form in its own function) so that the check loops inline it.
  const a = httpAuthorityStart(url);
  return a > 0 ? findAuthorityEnd(url, a) : findPathStartGeneral(url);
}

/**
 * Returns the index where the authority of an `http://` or `https://` URL (scheme in any case)
 * starts (7 or 8), or -1 for any other form: the form whose authority findAuthorityEnd scans, where the path
 * start depends only on the code units up to the first `/`, `?`, `;` or `#` from that index on.
 * O(1).
 */
export function httpAuthorityStart(url: string): number {
  // Invariant: `http://` or `https://` (any case): its `://` is the first, so the authority follows it. Hot: run pnpm bench.
  const n = url.length;
  const c0 = n > 8 ? url.charCodeAt(4) : 0;
  if (c0 !== 58 && !(c0 === 115 && url.charCodeAt(5) === 58)) return -1;
  const a = c0 === 58 ? 5 : 6;
  const http = url.charCodeAt(a) === 47 && url.charCodeAt(a + 1) === 47 && (url.charCodeAt(0) | 32) === 104 && (url.charCodeAt(1) | 32) === 116 && (url.charCodeAt(2) | 32) === 116 && (url.charCodeAt(3) | 32) === 112;
  return http ? a + 2 : -1;
}

/**
 * Returns findPathStart for an http(s) URL whose authority starts at `a` (httpAuthorityStart):
 * the first `/`, `?` or `;` from `a` on, or -1 when a `#` comes first or there is none. One
 * table read per code unit; O(authority).
 */
export function findAuthorityEnd(url: string, a: number): number {
  // Invariant: `a` is httpAuthorityStart(url) > 0. Hot: run pnpm bench.
  const n = url.length;
  // In a local: a module-level binding is read again from its cell at every use.
  const stop = _AUTHORITY_STOP;
  for (let k = a; k < n; k++) {
    const c = url.charCodeAt(k);
    if ((c < 128 ? (stop[c] as number) : 0) !== 0) return c === 35 ? -1 : k;
  }
  return -1;
}

/**
 * Longest scheme and authority a group remembers to find path starts by one `indexOf`, in code
 * units (tier 0: robots.ts `AgentRules`; tier 1: lazy-dfa.ts `LazyDfa`): it bounds the copy and
 * the `indexOf` per check; real hosts are at most 253 bytes.
 */
export const AUTHORITY_MAX = 300;

/**
 * Returns true when `url` starts with `authority`, a group's remembered scheme and authority
 * (empty: none), followed by `/`: its path starts at `authority.length` (both tiers; exact
 * because the path start of an `http(s)://` URL depends only on the units before its
 * authority's end). The `/` test first, an O(1) rejection of nearly every miss; then one native
 * compare instead of a code unit at a time (findPathStart over the new-URL workload's URLs: 35
 * against 50 ns; `startsWith` 57 against `indexOf`'s 25). O(authority), O(url) for a miss with a
 * `/` at that index.
 */
export function startsWithAuthority(url: string, authority: string): boolean {
  // Invariant: none. Hot: run pnpm bench.
  const n = authority.length;
  return n !== 0 && url.charCodeAt(n) === 47 && url.indexOf(authority) === 0;
}

/**
 * Returns a copy of `url`'s first `length` code units (no slice that keeps `url` alive);
 * `length` is at most {@link AUTHORITY_MAX} (a group's remembered authority), one argument list. Allocates; O(length).
 */
export function copyPrefix(url: string, length: number): string {
  const units: number[] = [];
  for (let k = 0; k < length; k++) units.push(url.charCodeAt(k));
  return String.fromCharCode(...units);
}

/** Returns findPathStart for any other form than http(s)://: a path, `//authority`, another scheme, `host/path`. O(length of scheme+authority). */
export function findPathStartGeneral(url: string): number {
  const n = url.length;
  let k = n >= 2 && url.charCodeAt(0) === 47 && url.charCodeAt(1) === 47 ? 2 : 0;
  let protocol = false;
  for (; k < n; k++) {
    const c = url.charCodeAt(k);
    if (c === 47 || c === 63 || c === 59) return k;
    if (c === 35) return -1;
    // The first "://" before any '/', '?' or ';' ends the scheme; the authority follows it.
    if (c === 58 && !protocol && k + 2 < n && url.charCodeAt(k + 1) === 47 && url.charCodeAt(k + 2) === 47) {
      protocol = true;
      k += 2;
    }
  }
  return -1;
}

/** Returns the value of hex digit `c` (either case), or -1. */
export function hexValue(c: number): number {
  // Invariant: none (any code unit); no allocation. Hot (fillPath, tier 1's run loop): run pnpm bench.
  if (c >= 48 && c <= 57) return c - 48;
  if (c >= 65 && c <= 70) return c - 55;
  if (c >= 97 && c <= 102) return c - 87;
  return -1;
}

/**
 * Returns the rare unit at `i` (a `%`, `*` or `$` in rfc9309, or a non-ASCII character) with
 * the number of code units it takes, minus one, at {@link RARE_LENGTH_SHIFT}. docs/semantics.md
 * section 7: a `%` without two hex digits is itself and a valid `%XX` of an unreserved byte is
 * that byte (units below 0x100: one raw byte); any other escape and a literal `*` or `$` are
 * octet `v` read as `%XX` with upper-case hex (unit `0x100 | v`); a character is its UTF-8
 * octets, a lone surrogate U+FFFD (unit `0x200 + cp`). No allocation.
 */
export function decodeRareUnit(url: string, i: number, n: number): number {
  const c = url.charCodeAt(i);
  if (c < 128) {
    // Only rfc9309 sends ASCII here (google copies every ASCII byte but '#' and NUL).
    if (c !== 37) return 0x100 | c; // '*' or '$'
    const hi = i + 2 < n ? hexValue(url.charCodeAt(i + 1)) : -1;
    const lo = hi >= 0 ? hexValue(url.charCodeAt(i + 2)) : -1;
    if (lo < 0) return 37;
    const v = (hi << 4) | lo;
    return (2 << 22 /* RARE_LENGTH_SHIFT */) | (v < 128 && UNRESERVED_ASCII[v] === 1 ? v : 0x100 | v);
  }
  if (c < 0xd800 || c > 0xdfff) return 0x200 + c;
  const d = i + 1 < n ? url.charCodeAt(i + 1) : 0;
  if (c <= 0xdbff && d >= 0xdc00 && d <= 0xdfff) return (1 << 22 /* RARE_LENGTH_SHIFT */) | (0x200 + 0x10000 + ((c - 0xd800) << 10) + (d - 0xdc00));
  return 0x200 + 0xfffd;
}

/**
 * Returns true when the rfc9309 path bytes of `url` from `i` (a `/`) are `/robots.txt` or start
 * with `/robots.txt?` (RFC 9309 section 2.2.2: always allowed), read in place: a `%XX` of an
 * unreserved byte reads as the byte (`/%72obots.txt`), any other rare unit is a byte outside
 * `/robots.txt`, and the path ends at `#`, NUL or the string's end (docs/semantics.md section
 * 7). O(12) code units; no allocation.
 */
export function isRobotsTxtAt(url: string, i: number): boolean {
  // Invariant: url[i] is the path's leading `/`; k path bytes read equal ROBOTS_TXT_BYTES[0, k). Hot: run pnpm bench.
  const n = url.length;
  for (let k = 0; k < 11; k++) {
    if (i >= n) return false;
    let b = url.charCodeAt(i);
    if (b === 37) {
      const u = decodeRareUnit(url, i, n);
      // An escape of a reserved byte is `%`, two hex digits (unit 0x100 | v): never a byte of `/robots.txt`.
      b = u & 4194303 /* RARE_UNIT_MASK */;
      i += (u >>> 22 /* RARE_LENGTH_SHIFT */) + 1;
    } else i++;
    if (b !== ROBOTS_TXT_BYTES[k]) return false;
  }
  if (i >= n) return true;
  const c = url.charCodeAt(i);
  return c === 63 || c === 35 || c === 0;
}

/** Writes octet `b` at `out[m]` as the matcher reads it (`%XX` upper-case in rfc9309, raw in google); returns the next index. */
function _putOctet(out: Uint8Array, m: number, b: number, rfc: boolean): number {
  if (!rfc) {
    out[m] = b;
    return m + 1;
  }
  out[m] = 37;
  out[m + 1] = HEX_DIGITS[b >> 4] as number;
  out[m + 2] = HEX_DIGITS[b & 15] as number;
  return m + 3;
}

/**
 * Writes the bytes of rare unit `unit` (see {@link decodeRareUnit}) at `out[m]` as the matcher
 * reads them (octets as `%XX` upper-case in rfc9309, raw in google); returns the next index.
 * At most 12 bytes (tier 1, lazy-dfa.ts, feeds the same bytes without writing them). O(1).
 */
export function writeUnit(out: Uint8Array, m: number, unit: number, rfc: boolean): number {
  if (unit < 0x100) {
    out[m] = unit;
    return m + 1;
  }
  if (unit < 0x200) return _putOctet(out, m, unit & 0xff, true);
  const cp = unit - 0x200;
  if (cp < 0x800) {
    m = _putOctet(out, m, 0xc0 | (cp >> 6), rfc);
  } else {
    if (cp < 0x10000) {
      m = _putOctet(out, m, 0xe0 | (cp >> 12), rfc);
    } else {
      m = _putOctet(out, m, 0xf0 | (cp >> 18), rfc);
      m = _putOctet(out, m, 0x80 | ((cp >> 12) & 63), rfc);
    }
    m = _putOctet(out, m, 0x80 | ((cp >> 6) & 63), rfc);
  }
  return _putOctet(out, m, 0x80 | (cp & 63), rfc);
}

/**
 * Writes the path bytes of `url` into `sc.path` (grown when too short) and returns their count: at least
 * `need` bytes when the path has them (at most 11 more: the last character written may expand
 * to 12), else all of it, so a count below `need` means the path ends there. The path ends at
 * `#`, NUL or the string's end; a path starting with `?` or `;` gets a leading `/`; no path
 * is `/`. O(bytes written + scheme and authority); allocates only for a URL longer than any
 * before.
 */
export function fillPath(url: string, rfc: boolean, need: number, sc: Scratch): number {
  return fillPathFrom(url, findPathStart(url), rfc, need, sc);
}

/** Returns {@link fillPath} for a URL whose path starts at `i`, its {@link findPathStart} (-1: the path is `/`). Same bound. */
export function fillPathFrom(url: string, i: number, rfc: boolean, need: number, sc: Scratch): number {
  // Invariant: sc.path holds 9 bytes per remaining code unit plus the leading '/'. Hot: run
  // pnpm bench.
  if (i < 0) {
    sc.path[0] = 47;
    return 1;
  }
  const n = url.length;
  if (sc.path.length < 9 * (n - i) + 1) sc.path = new Uint8Array(9 * (n - i) + 1);
  const out = sc.path;
  let m = 0;
  if (url.charCodeAt(i) !== 47) out[m++] = 47;
  const fast = rfc ? FAST_RFC : FAST_GOOGLE;
  for (;;) {
    // A run of plain units in a loop with one exit test per unit (a unit copied as is is one
    // byte): 108 against 183 ns per corpus URL for the loop testing every case per unit.
    const end = n - i < need - m ? n : i + need - m;
    for (; i < end; i++) {
      const c = url.charCodeAt(i);
      if (c >= 128 || fast[c] !== 1) break;
      out[m++] = c;
    }
    if (i >= end) return m;
    const c = url.charCodeAt(i);
    if (c === 35 || c === 0) return m;
    const u = decodeRareUnit(url, i, n);
    m = writeUnit(out, m, u & 4194303 /* RARE_UNIT_MASK */, rfc);
    i += (u >>> 22 /* RARE_LENGTH_SHIFT */) + 1;
  }
}
