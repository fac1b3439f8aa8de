/**
 * Generating check URLs from a file's own rules: hits, near misses, misses, query strings,
 * percent escapes and non-ASCII characters (seeded, reproducible).
 */
import type { Prng } from './prng.js';

/** What a generated URL is meant to exercise. */
export type UrlKind = 'hit' | 'near-miss' | 'miss' | 'query' | 'percent' | 'non-ascii';

/** One generated URL. */
export interface GeneratedUrl {
  readonly url: string;
  readonly kind: UrlKind;
}

/** Options of {@link generateUrls}. */
export interface UrlGenOptions {
  /** Prefix put before every path, e.g. `https://example.com`; '' gives bare paths. */
  readonly base?: string;
  /** Only ASCII output (no 'non-ascii' kind). */
  readonly asciiOnly?: boolean;
}

/** Path words used for misses and for filling wildcards (common in crawled URLs). */
const WORDS = [
  'about', 'products', 'search', 'cart', 'login', 'img', 'static', 'news', '2024', 'item',
  'page', 'user', 'api', 'v1', 'tag', 'category', 'en', 'de', 'blog', 'assets', 'index.html',
  'view', 'p', 'id', 'wp-admin', 'feed', 'print', 'sort', 'share', 'amp',
] as const;

/** Non-ASCII fragments: 2-, 3- and 4-byte UTF-8, NBSP and a lone surrogate (encodes as U+FFFD). */
const NON_ASCII = ['é', 'ü', 'ツ', '日本', '😀', '\u00a0', 'ß', '\ud800'] as const;

/**
 * Kind mix of {@link generateUrls} in percent: chosen so that, like real crawls, most checks hit
 * or nearly hit a rule; 12% carry a query string as in DESIGN-NOTES (real crawled URLs).
 */
const KIND_WEIGHTS: readonly [UrlKind, number][] = [
  ['hit', 30], ['near-miss', 20], ['miss', 18], ['query', 12], ['percent', 10], ['non-ascii', 10],
];

/** Returns a random path segment of 0 to 2 words. */
function _randomFill(prng: Prng): string {
  const n = prng.int(3);
  let s = '';
  for (let i = 0; i < n; i++) s += (i > 0 ? '/' : '') + prng.pick(WORDS);
  return s;
}

/** Returns a random path of 1 to 4 segments. */
function _randomPath(prng: Prng): string {
  const n = 1 + prng.int(4);
  let s = '';
  for (let i = 0; i < n; i++) s += '/' + prng.pick(WORDS);
  return s;
}

/** Returns a random query string (with its `?`), sometimes followed by a fragment. */
function _randomQuery(prng: Prng): string {
  const n = 1 + prng.int(3);
  let q = '?';
  for (let i = 0; i < n; i++) q += (i > 0 ? '&' : '') + prng.pick(WORDS) + '=' + prng.int(1000);
  if (prng.chance(0.1)) q += '#' + prng.pick(WORDS);
  return q;
}

/**
 * Returns a path matched by `pattern` (wildcards filled with words, a suffix appended unless the
 * pattern ends in `$`), or undefined for a pattern that can never match (empty, or not starting
 * with `/` or `*`).
 */
export function instantiatePattern(pattern: string, prng: Prng): string | undefined {
  if (pattern.length === 0) return undefined;
  const c0 = pattern[0];
  if (c0 !== '/' && c0 !== '*') return undefined;
  const anchored = pattern.endsWith('$');
  const body = anchored ? pattern.slice(0, -1) : pattern;
  let out = body.replace(/\*/g, () => _randomFill(prng));
  if (!out.startsWith('/')) out = '/' + out;
  if (!anchored && prng.chance(0.5)) out += (out.endsWith('/') ? '' : '/') + prng.pick(WORDS);
  return out;
}

/** Returns `path` with one character changed, removed or case-flipped (never the leading `/`). */
function _nearMiss(path: string, prng: Prng): string {
  if (path.length <= 1) return path + prng.pick(WORDS);
  const i = 1 + prng.int(path.length - 1);
  const c = path[i] as string;
  switch (prng.int(3)) {
    case 0: {
      const lower = c.toLowerCase();
      const flipped = c === lower ? c.toUpperCase() : lower;
      if (flipped !== c) return path.slice(0, i) + flipped + path.slice(i + 1);
      return path.slice(0, i) + 'x' + path.slice(i + 1);
    }
    case 1:
      return path.slice(0, i) + path.slice(i + 1);
    default:
      return path.slice(0, i) + (c === 'q' ? 'z' : 'q') + path.slice(i + 1);
  }
}

/** Returns `path` with one ASCII letter or digit (or a `/`) written as a `%XX` escape. */
function _percentEscape(path: string, prng: Prng): string {
  const candidates: number[] = [];
  for (let i = 1; i < path.length; i++) {
    const code = path.charCodeAt(i);
    if ((code >= 0x30 && code <= 0x39) || (code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a) || code === 0x2f) candidates.push(i);
  }
  if (candidates.length === 0) return path + '/%7Euser';
  const i = prng.pick(candidates);
  let hex = path.charCodeAt(i).toString(16).padStart(2, '0');
  hex = prng.chance(0.5) ? hex.toUpperCase() : hex.toLowerCase();
  return path.slice(0, i) + '%' + hex + path.slice(i + 1);
}

/** Returns `path` with a non-ASCII fragment inserted after its first character. */
function _insertNonAscii(path: string, prng: Prng): string {
  const i = 1 + prng.int(path.length);
  return path.slice(0, i) + prng.pick(NON_ASCII) + path.slice(i);
}

/** Returns a kind drawn with {@link KIND_WEIGHTS}. */
function _pickKind(prng: Prng, asciiOnly: boolean): UrlKind {
  for (;;) {
    let r = prng.int(100);
    for (const [kind, w] of KIND_WEIGHTS) {
      if (r < w) {
        if (asciiOnly && kind === 'non-ascii') break;
        return kind;
      }
      r -= w;
    }
  }
}

/**
 * Returns `count` URLs derived from `patterns` (the rules' values as written). Patterns that can
 * never match only feed misses. O(count x pattern length).
 */
export function generateUrls(patterns: readonly string[], count: number, prng: Prng, options: UrlGenOptions = {}): GeneratedUrl[] {
  const base = options.base ?? '';
  const usable = patterns.filter((p) => p.length > 0 && (p[0] === '/' || p[0] === '*'));
  const out: GeneratedUrl[] = [];
  const hitPath = (): string => {
    if (usable.length === 0) return _randomPath(prng);
    return instantiatePattern(prng.pick(usable), prng) ?? _randomPath(prng);
  };
  for (let n = 0; n < count; n++) {
    const kind = _pickKind(prng, options.asciiOnly === true);
    let path: string;
    switch (kind) {
      case 'hit': path = hitPath(); break;
      case 'near-miss': path = _nearMiss(hitPath(), prng); break;
      case 'miss': path = _randomPath(prng); break;
      case 'query': path = (prng.chance(0.7) ? hitPath() : _randomPath(prng)) + _randomQuery(prng); break;
      case 'percent': path = _percentEscape(hitPath(), prng); break;
      default: path = _insertNonAscii(hitPath(), prng); break;
    }
    out.push({ url: base + path, kind });
  }
  return out;
}

/**
 * Returns `url` cut or extended (with `/word` segments, then `?q=` padding) to exactly `length`
 * UTF-16 code units; for ASCII input that is `length` bytes.
 */
export function padUrlToLength(url: string, length: number, prng: Prng): string {
  let s = url;
  while (s.length < length) s += '/' + prng.pick(WORDS);
  return s.slice(0, length);
}
