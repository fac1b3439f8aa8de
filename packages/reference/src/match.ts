// Patterns and the wildcard matcher (docs/semantics.md sections 4, 5 and 7), written for clarity.

const PERCENT = 0x25;
const STAR = 0x2a;
const DOLLAR = 0x24;
const SLASH = 0x2f;
const HEX = '0123456789ABCDEF';

function _hexValue(b: number | undefined): number {
  return b === undefined ? -1 : HEX.indexOf(String.fromCharCode(b).toUpperCase());
}

function _pushHex(out: number[], byte: number): void {
  out.push(PERCENT, HEX.charCodeAt(byte >> 4), HEX.charCodeAt(byte & 15));
}

function _isUnreserved(b: number): boolean {
  return /[A-Za-z0-9._~-]/.test(String.fromCharCode(b));
}

/**
 * Returns the escaped form of a rule value (docs/semantics.md section 4, the `google` form): `%` plus two hex
 * digits is kept with upper-case hex, bytes >= 0x80 become `%XX`, all else unchanged
 * (RFC 9309 section 2.2.2). O(n).
 */
export function escapePattern(value: Uint8Array): Uint8Array {
  const out: number[] = [];
  for (let i = 0; i < value.length; i++) {
    const b = value[i] ?? 0;
    const hi = _hexValue(value[i + 1]);
    const lo = _hexValue(value[i + 2]);
    if (b === PERCENT && hi >= 0 && lo >= 0) {
      _pushHex(out, hi * 16 + lo);
      i += 2;
    } else if (b >= 0x80) _pushHex(out, b);
    else out.push(b);
  }
  return Uint8Array.from(out);
}

/**
 * Returns the RFC 9309 canonical form (docs/semantics.md section 7) of a URL path (`isPattern` false) or a
 * rule value (`isPattern` true): `%XX` of an unreserved byte is decoded, other valid `%xx` get
 * upper-case hex, a lone `%` stays, bytes >= 0x80 become `%XX`. In a URL `*` and `$` become
 * `%2A` and `%24`; in a pattern `*` stays the wildcard, a final `$` stays the anchor and any
 * other `$` becomes `%24` (RFC 9309 section 2.2.2 percent-encoding). O(n).
 */
export function canonicalize(bytes: Uint8Array, isPattern: boolean): Uint8Array {
  const out: number[] = [];
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i] ?? 0;
    const hi = _hexValue(bytes[i + 1]);
    const lo = _hexValue(bytes[i + 2]);
    if (b === PERCENT && hi >= 0 && lo >= 0) {
      const decoded = hi * 16 + lo;
      if (_isUnreserved(decoded)) out.push(decoded);
      else _pushHex(out, decoded);
      i += 2;
    } else if (b >= 0x80) _pushHex(out, b);
    else if (b === STAR && !isPattern) _pushHex(out, b);
    else if (b === DOLLAR && !(isPattern && i === bytes.length - 1)) _pushHex(out, b);
    else out.push(b);
  }
  return Uint8Array.from(out);
}

/**
 * Returns whether `pattern` matches `path` from its start (docs/semantics.md section 4): `*` matches any run
 * of bytes, a final `$` anchors at the end of the path, every other byte is literal, and
 * without a final `$` the pattern is a prefix (RFC 9309 section 2.2.3). Simulates the set of path positions reachable
 * after each pattern byte (no backtracking, no RegExp). O(|path| x |pattern|).
 */
export function matchPattern(path: Uint8Array, pattern: Uint8Array): boolean {
  let reach: number[] = [0]; // sorted path positions reachable after the pattern bytes read so far
  for (let p = 0; p < pattern.length; p++) {
    const c = pattern[p];
    if (c === DOLLAR && p === pattern.length - 1) return reach.includes(path.length);
    if (c === STAR) {
      const first = reach[0] ?? 0;
      reach = Array.from({ length: path.length - first + 1 }, (_, i) => first + i);
    } else {
      reach = reach.filter((i) => i < path.length && path[i] === c).map((i) => i + 1);
      if (reach.length === 0) return false;
    }
  }
  return true;
}

/**
 * Returns the pattern the index.html rule derives from an allow pattern (docs/semantics.md section 5): when
 * the part after its last `/` starts with `index.htm`, the pattern cut after that `/` plus `$`;
 * otherwise `null` (Google's extension, not in RFC 9309). O(n).
 */
export function indexHtmlPattern(pattern: Uint8Array): Uint8Array | null {
  const slash = pattern.lastIndexOf(SLASH);
  if (slash < 0) return null;
  const rest = String.fromCharCode(...pattern.subarray(slash + 1, slash + 10));
  if (rest !== 'index.htm') return null;
  return Uint8Array.from([...pattern.subarray(0, slash + 1), DOLLAR]);
}
