// URL to path (docs/semantics.md section 6), written for clarity.

const SLASH = 0x2f;
const HASH = 0x23;

function _isPathStart(b: number | undefined): boolean {
  return b === SLASH || b === 0x3f || b === 0x3b; // '/', '?', ';'
}

function _indexOf(bytes: Uint8Array, from: number, test: (b: number) => boolean): number {
  for (let i = from; i < bytes.length; i++) if (test(bytes[i] ?? 0)) return i;
  return -1;
}

/**
 * Returns the path (with params and query, without fragment) of a URL or path, as UTF-8 bytes,
 * without any normalisation (docs/semantics.md section 6, Google's GetPathParamsQuery): a leading `//` is
 * skipped, `://` before any `/`, `?` or `;` ends the scheme, the path starts at the next `/`,
 * `?` or `;` (none, or a `#` before it: `/`), ends at `#` or NUL, and always starts with `/`.
 * Non-ASCII is UTF-8 encoded (a lone surrogate as U+FFFD). RFC 9309 section 2.2.2 matches
 * rules against this path. O(n).
 */
export function pathFromUrl(url: string): Uint8Array {
  const u = new TextEncoder().encode(url);
  const searchStart = u[0] === SLASH && u[1] === SLASH ? 2 : 0;
  const early = _indexOf(u, searchStart, _isPathStart);
  let authority = searchStart;
  for (let i = searchStart; i + 2 < u.length; i++) {
    if (u[i] === 0x3a && u[i + 1] === SLASH && u[i + 2] === SLASH) {
      if (early < 0 || i < early) authority = i + 3;
      break;
    }
  }
  const start = _indexOf(u, authority, _isPathStart);
  if (start < 0) return Uint8Array.of(SLASH);
  const hash = _indexOf(u, searchStart, (b) => b === HASH);
  if (hash >= 0 && hash < start) return Uint8Array.of(SLASH);
  let path = u.subarray(start, hash < 0 ? u.length : hash);
  const nul = path.indexOf(0);
  if (nul >= 0) path = path.subarray(0, nul);
  return path[0] === SLASH ? path : Uint8Array.from([SLASH, ...path]);
}
