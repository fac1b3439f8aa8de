/**
 * Strategy 2, "regex per rule": what a careful user writes. Each rule of the selected group
 * becomes one anchored RegExp over the profile's path form, the rules are sorted by priority
 * (allow wins ties, then earliest line) and the first hit decides. Follows docs/semantics.md sections
 * 3 to 7 (RFC 9309 sections 2.2.2 and 2.2.3) exactly, so it must agree with the reference.
 */
import type { parseRobotsTxt } from '@robomata/compiler';

/** The parse result this strategy consumes (`parseRobotsTxt` of @robomata/compiler). */
export type ParsedRobotsLike = ReturnType<typeof parseRobotsTxt>;

/** Matching profile (docs/semantics.md: 'google' raw bytes, 'rfc9309' canonical form). */
export type RegexProfile = 'rfc9309' | 'google';

/** One compiled rule: its regex and whether it allows. */
interface _RegexRule {
  readonly re: RegExp;
  readonly allow: boolean;
}

/** Returns true when the char code is an ASCII hex digit. */
function _isHex(c: number): boolean {
  return (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x46) || (c >= 0x61 && c <= 0x66);
}

/** Returns the value of an ASCII hex digit. */
function _hexValue(c: number): number {
  return c <= 0x39 ? c - 0x30 : (c | 0x20) - 0x61 + 10;
}

/** Returns true for RFC 3986 unreserved bytes (A-Z a-z 0-9 - . _ ~). */
function _isUnreserved(b: number): boolean {
  return (b >= 0x41 && b <= 0x5a) || (b >= 0x61 && b <= 0x7a) || (b >= 0x30 && b <= 0x39) || b === 0x2d || b === 0x2e || b === 0x5f || b === 0x7e;
}

const _HEX = '0123456789ABCDEF';

/** Returns `%XX` (upper-case hex) for a byte. */
function _pct(b: number): string {
  return '%' + _HEX[b >> 4] + _HEX[b & 15];
}

/**
 * Returns the path (with query) of a URL string per docs/semantics.md section 6 (Google's
 * GetPathParamsQuery): skip a leading `//`, an authority after `://`, cut at `#`; a NUL ends
 * the path. O(n).
 */
export function extractUrlPath(url: string): string {
  const u = url;
  const searchStart = u.startsWith('//') ? 2 : 0;
  const early = _findFirstOf(u, searchStart);
  let authorityEnd = u.indexOf('://', searchStart);
  if (authorityEnd >= 0 && early >= 0 && early < authorityEnd) authorityEnd = -1;
  authorityEnd = authorityEnd < 0 ? searchStart : authorityEnd + 3;
  const pathStart = _findFirstOf(u, authorityEnd);
  if (pathStart < 0) return '/';
  const hash = u.indexOf('#', searchStart);
  if (hash >= 0 && hash < pathStart) return '/';
  const pathEnd = hash < 0 ? u.length : hash;
  let path = u.slice(pathStart, pathEnd);
  const nul = path.indexOf('\0');
  if (nul >= 0) path = path.slice(0, nul);
  return u.charCodeAt(pathStart) === 0x2f ? path : '/' + path;
}

/** Returns the index of the first `/`, `?` or `;` at or after `from`, or -1. */
function _findFirstOf(s: string, from: number): number {
  for (let i = from; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 0x2f || c === 0x3f || c === 0x3b) return i;
  }
  return -1;
}

/**
 * Returns the rfc9309 canonical form of a URL path (docs/semantics.md section 7): `%XX` of unreserved
 * decoded, other `%xx` upper-cased, non-ASCII UTF-8 percent-encoded (lone surrogate as U+FFFD),
 * `*` as `%2A` and `$` as `%24`. O(n).
 */
export function canonicalizeUrlPath(path: string): string {
  let out = '';
  for (let i = 0; i < path.length; i++) {
    const c = path.charCodeAt(i);
    if (c === 0x25 && i + 2 < path.length && _isHex(path.charCodeAt(i + 1)) && _isHex(path.charCodeAt(i + 2))) {
      const b = _hexValue(path.charCodeAt(i + 1)) * 16 + _hexValue(path.charCodeAt(i + 2));
      out += _isUnreserved(b) ? String.fromCharCode(b) : _pct(b);
      i += 2;
    } else if (c >= 0x80) {
      let cp = c;
      if (c >= 0xd800 && c <= 0xdbff && i + 1 < path.length) {
        const d = path.charCodeAt(i + 1);
        if (d >= 0xdc00 && d <= 0xdfff) {
          cp = 0x10000 + ((c - 0xd800) << 10) + (d - 0xdc00);
          i++;
        } else cp = 0xfffd;
      } else if (c >= 0xd800 && c <= 0xdfff) cp = 0xfffd;
      for (const b of _utf8(cp)) out += _pct(b);
    } else if (c === 0x2a) out += '%2A';
    else if (c === 0x24) out += '%24';
    else out += path[i];
  }
  return out;
}

/** Returns the UTF-8 bytes of a code point. */
function _utf8(cp: number): number[] {
  if (cp < 0x80) return [cp];
  if (cp < 0x800) return [0xc0 | (cp >> 6), 0x80 | (cp & 63)];
  if (cp < 0x10000) return [0xe0 | (cp >> 12), 0x80 | ((cp >> 6) & 63), 0x80 | (cp & 63)];
  return [0xf0 | (cp >> 18), 0x80 | ((cp >> 12) & 63), 0x80 | ((cp >> 6) & 63), 0x80 | (cp & 63)];
}

/** Returns the google-profile path: the UTF-8 bytes of the path as a latin1 string (no normalisation). */
export function rawUrlPath(path: string): string {
  for (let i = 0; i < path.length; i++) {
    if (path.charCodeAt(i) >= 0x80) return Buffer.from(path, 'utf8').toString('latin1');
  }
  return path;
}

/**
 * Returns the rfc9309 canonical pattern (docs/semantics.md section 7) of a rule's raw bytes, as a string
 * in which `*` is the wildcard and a final `$` the end anchor (a non-final `$` became `%24`). O(n).
 */
export function canonicalizePattern(raw: Uint8Array): string {
  let out = '';
  const last = raw.length - 1;
  for (let i = 0; i < raw.length; i++) {
    const b = raw[i] as number;
    if (b === 0x25 && i + 2 < raw.length && _isHex(raw[i + 1] as number) && _isHex(raw[i + 2] as number)) {
      const v = _hexValue(raw[i + 1] as number) * 16 + _hexValue(raw[i + 2] as number);
      out += _isUnreserved(v) ? String.fromCharCode(v) : _pct(v);
      i += 2;
    } else if (b >= 0x80) out += _pct(b);
    else if (b === 0x24 && i !== last) out += '%24';
    else out += String.fromCharCode(b);
  }
  return out;
}

/** Returns the anchored RegExp source of a pattern: `*` as `.*`, a final `$` as `$`, all else escaped. */
export function patternToRegExp(pattern: string): RegExp {
  let src = '^';
  const last = pattern.length - 1;
  for (let i = 0; i < pattern.length; i++) {
    const ch = pattern[i] as string;
    if (ch === '*') src += '.*';
    else if (ch === '$' && i === last) src += '$';
    else src += ch.replace(/[\\^$.*+?()[\]{}|/-]/g, '\\$&');
  }
  return new RegExp(src, 's');
}

/** Returns the ASCII-lower-cased string (other characters unchanged). */
function _asciiLower(s: string): string {
  return s.replace(/[A-Z]/g, (c) => String.fromCharCode(c.charCodeAt(0) | 0x20));
}

/** A rule before sorting. */
interface _RankedRule {
  readonly pattern: string;
  readonly allow: boolean;
  readonly line: number;
}

/**
 * Returns the rules that apply to `userAgent` (docs/semantics.md section 3): all groups naming the crawler
 * (verbatim, ASCII-case-insensitive token equality) merged, else all global groups merged, else
 * none (everything allowed).
 */
export function selectGroupRules(parsed: ParsedRobotsLike, userAgent: string): ParsedRobotsLike['groups'][number]['rules'][number][] {
  const wanted = _asciiLower(userAgent);
  const specific = parsed.groups.filter((g) => g.agents.some((a) => !a.global && _asciiLower(a.token) === wanted));
  const chosen = specific.length > 0 ? specific : parsed.groups.filter((g) => g.agents.some((a) => a.global));
  return chosen.flatMap((g) => g.rules);
}

/** Returns the profile's pattern form of a rule: canonical (rfc9309) or escaped (google). */
function _patternForm(rule: { readonly rawBytes: Uint8Array; readonly escaped: Uint8Array }, profile: RegexProfile): string {
  return profile === 'rfc9309' ? canonicalizePattern(rule.rawBytes) : Buffer.from(rule.escaped).toString('latin1');
}

/**
 * The regex-per-rule matcher of one crawler's group. `isAllowed` costs one path extraction and
 * normalisation plus up to one RegExp test per rule (first hit in priority order wins).
 */
export class RegexMatcher {
  readonly #rules: readonly _RegexRule[];
  readonly #rfc: boolean;

  /** Builds the matcher; use {@link buildRegexMatcher}. */
  constructor(rules: readonly _RegexRule[], profile: RegexProfile) {
    this.#rules = rules;
    this.#rfc = profile === 'rfc9309';
  }

  /** Returns true when the URL (absolute or path) may be crawled. */
  isAllowed(url: string): boolean {
    const extracted = extractUrlPath(url);
    let path: string;
    if (this.#rfc) {
      path = canonicalizeUrlPath(extracted);
      if (path === '/robots.txt' || path.startsWith('/robots.txt?')) return true;
    } else path = rawUrlPath(extracted);
    const rules = this.#rules;
    for (let i = 0; i < rules.length; i++) {
      const r = rules[i] as _RegexRule;
      if (r.re.test(path)) return r.allow;
    }
    return true;
  }

  /** Returns the number of regexes (rules plus derived index.html rules). */
  get ruleCount(): number {
    return this.#rules.length;
  }
}

/**
 * Returns the regex-per-rule matcher for `userAgent` over a parsed file. Build cost O(r log r)
 * for r rules plus one RegExp compilation per rule.
 */
export function buildRegexMatcher(parsed: ParsedRobotsLike, userAgent: string, profile: RegexProfile = 'rfc9309'): RegexMatcher {
  const ranked: _RankedRule[] = [];
  for (const rule of selectGroupRules(parsed, userAgent)) {
    const pattern = _patternForm(rule, profile);
    if (pattern.length === 0) continue;
    const allow = rule.kind === 'allow';
    ranked.push({ pattern, allow, line: rule.line });
    if (allow) {
      const slash = pattern.lastIndexOf('/');
      if (slash >= 0 && pattern.startsWith('index.htm', slash + 1)) {
        ranked.push({ pattern: pattern.slice(0, slash + 1) + '$', allow, line: rule.line });
      }
    }
  }
  ranked.sort((a, b) => b.pattern.length - a.pattern.length || Number(b.allow) - Number(a.allow) || a.line - b.line);
  return new RegexMatcher(ranked.map((r) => ({ re: patternToRegExp(r.pattern), allow: r.allow })), profile);
}
