/**
 * Stage 1 of the compiler: robots.txt bytes to groups, rules, sitemaps, other directives and
 * per-line diagnostics (docs/semantics.md sections 1 to 3 and 8; RFC 9309 section 2).
 *
 * CONTRACT (consumed by merge-groups.ts, normalize-pattern.ts, build-parts.ts, serialize.ts).
 */
import { WARNING_MESSAGES, type WarningCode } from '@robomata/runtime/format';

import {
  checkPreferencePath, nearMissPreferenceKey, readPreference, splitPreferenceValue,
  type ParsedPreference, type PreferenceDiagnosticCode, type PreferenceKind,
} from './parse-preference.js';

/** Kind of an allow/disallow rule. */
export type RuleKind = 'allow' | 'disallow';

/** Options of {@link parseRobotsTxt}. */
export interface ParseOptions {
  /** Bytes of input parsed; content beyond is ignored and reported. Default {@link DEFAULT_MAX_BYTES}. */
  readonly maxBytes?: number;
  /**
   * Grouping profile (docs/semantics.md sections 7 and 10): in `rfc9309` (default) a
   * Content-Usage line is a rule and ends a run of user-agent lines as Allow/Disallow do; in
   * `google` it does not (Google's parser ignores the line).
   */
  readonly profile?: 'rfc9309' | 'google';
}

/**
 * Default parse limit: 512,000 bytes (500 KiB as RFC 9309 section 2.5 requires at least;
 * the corpus has two files above it).
 */
export const DEFAULT_MAX_BYTES = 512_000;

/** One allow/disallow line inside a group. */
export interface ParsedRule {
  /** 1-based line number. */
  readonly line: number;
  readonly kind: RuleKind;
  /** The value as written (trimmed), decoded as UTF-8 with U+FFFD for invalid bytes ('' from the compile-only parse, which builds no texts). */
  readonly pattern: string;
  /** The value's raw bytes as written (trimmed). */
  readonly rawBytes: Uint8Array;
  /** docs/semantics.md section 4 escaping of rawBytes: `%xx` hex upper-cased, bytes >= 0x80 as `%XX`. */
  readonly escaped: Uint8Array;
  /**
   * @internal What the parse's scan found in rawBytes, for the pattern stage to skip its own
   * scans: {@link SHAPE_PERCENT}, {@link SHAPE_STAR}, {@link SHAPE_INNER_DOLLAR}, {@link SHAPE_HIGH}
   * or'ed (a flag may be set without its byte: never the other way); absent: any
   * ({@link SHAPE_ANY}, every scan done). Optional so a rule built by hand still types.
   */
  readonly shape?: number;
}

/** @internal ParsedRule.shape: a `%`. */
export const SHAPE_PERCENT = 8;
/** @internal ParsedRule.shape: a `*`. */
export const SHAPE_STAR = 16;
/** @internal ParsedRule.shape: a `$` before the last byte. */
export const SHAPE_INNER_DOLLAR = 32;
/** @internal ParsedRule.shape: a byte >= 0x80. */
export const SHAPE_HIGH = 64;
/** @internal Every ParsedRule.shape flag: a value of unknown shape. */
export const SHAPE_ANY = SHAPE_PERCENT | SHAPE_STAR | SHAPE_INNER_DOLLAR | SHAPE_HIGH;

/** A rule while parsing (its pattern text of a non-ASCII file is set once the file is parsed). */
type _MutableRule = { -readonly [K in keyof ParsedRule]: ParsedRule[K] };

/** One user-agent line of a group. */
export interface ParsedAgent {
  readonly line: number;
  /** The value as written (trimmed). */
  readonly value: string;
  /** True for `*` alone or `*` followed by whitespace (docs/semantics.md section 3). */
  readonly global: boolean;
  /** Product token: longest leading run of `[A-Za-z_-]`, as written (not lower-cased). "" for global. */
  readonly token: string;
}

/** A group: consecutive user-agent lines and the rules after them (docs/semantics.md section 3). */
export interface ParsedGroup {
  readonly agents: readonly ParsedAgent[];
  readonly rules: readonly ParsedRule[];
  /** First crawl-delay of the group as a number of seconds, if one parsed as a finite number >= 0. */
  readonly crawlDelay: number | undefined;
  /** Content-Usage and Content-Signal lines of the group, in line order (docs/semantics.md section 10). */
  readonly preferences: readonly ParsedPreference[];
}

/** Any line with a key other than user-agent/allow/disallow/sitemap (crawl-delay, host, ...). */
export interface ParsedDirective {
  readonly line: number;
  /** Key as written (trimmed). */
  readonly key: string;
  readonly value: string;
  /** Index into `groups` of the group the line sits in, or -1 before the first user-agent line. */
  readonly group: number;
}

/**
 * A fully-qualified URL: a scheme, `://` and a host. Google ignores any other sitemap value, so
 * the parser reports it ('relative-sitemap') but still lists it (docs/semantics.md section 8).
 */
const _ABSOLUTE_URL = /^[A-Za-z][A-Za-z0-9+.-]*:\/\/[^/?#\s]/;

/** A sitemap line. */
export interface ParsedSitemap {
  readonly line: number;
  readonly url: string;
}

/** Stable machine-readable diagnostic codes. */
export type DiagnosticCode =
  | 'typo-key'
  | 'missing-colon'
  | 'line-too-long'
  | 'rule-outside-group'
  | 'unknown-key'
  | 'invalid-utf8'
  | 'past-size-limit'
  | 'no-directive'
  | 'invalid-crawl-delay'
  | 'pattern-never-matches'
  | 'nul-byte'
  | 'bom-mid-file'
  | 'key-prefix'
  | 'empty-sitemap'
  | 'relative-sitemap'
  | 'near-miss-key'
  | 'preference-outside-group'
  | PreferenceDiagnosticCode;

/** One linter-style finding about one line. */
export interface Diagnostic {
  readonly line: number;
  readonly severity: 'error' | 'warning' | 'info';
  readonly code: DiagnosticCode;
  readonly message: string;
}

/** Result of {@link parseRobotsTxt}. */
export interface ParsedRobots {
  /** Groups in file order (a group with no agent matching nobody is still listed). */
  readonly groups: readonly ParsedGroup[];
  /** Sitemap URLs, global, in file order. */
  readonly sitemaps: readonly ParsedSitemap[];
  /**
   * Other directives with their lines, in file order: every line no other field answers.
   * Content-Usage/Content-Signal lines inside a group are its `preferences`, not listed here;
   * one before any user-agent line applies to no group and is listed here.
   */
  readonly others: readonly ParsedDirective[];
  readonly diagnostics: readonly Diagnostic[];
  /** Number of lines seen. */
  readonly lineCount: number;
  /** Bytes of input (before truncation). */
  readonly byteLength: number;
  /** True when input was longer than maxBytes and the rest was ignored. */
  readonly truncated: boolean;
  /**
   * Whole-file findings that mean the answers may not be what the site intended: the file was
   * cut at maxBytes, or the body is an HTML page or binary data rather than a robots.txt (see
   * {@link ParseWarning}). Empty for an ordinary robots.txt. At most one warning per code.
   */
  readonly warnings: readonly ParseWarning[];
}

/**
 * A whole-file warning of {@link parseRobotsTxt}: nothing is thrown and the file is still parsed
 * as RFC 9309 says, but the caller should know the answers may not reflect the site's intent.
 *
 * - `truncated`: the body is longer than `maxBytes` (RFC 9309 section 2.5); `line` is the line
 *   where the cut falls. Rules past the cut do not apply, so a URL no kept rule matches may be
 *   disallowed by a rule that was cut.
 * - `html`: an HTML page served as robots.txt (an error or login page). Heuristic: the first
 *   non-blank byte (after a byte-order mark) is `<` and the first {@link SNIFF_BYTES} bytes contain
 *   one of the tags `<!doctype html`, `<html`, `<head`, `<body`, `<meta`, `<title`, `<script`,
 *   `<div` (ASCII case-insensitive). A robots.txt that only opens with HTML comments is not one.
 *   `line` is the line of that first `<`. Its lines are mostly not directives: usually allow-all.
 * - `binary`: not text. Heuristic over the first {@link SNIFF_BYTES} bytes: a UTF-16 byte-order
 *   mark (`FF FE` / `FE FF`), or at least {@link BINARY_CONTROL_PERCENT}% (and at least
 *   {@link BINARY_MIN_CONTROL_BYTES}) control bytes (below 0x20 except TAB, LF, VT, FF, CR; 0x7F).
 *   Text in another encoding than UTF-8 is not binary. `line` is the line of the first control
 *   byte (1 for a byte-order mark).
 */
export interface ParseWarning {
  readonly code: WarningCode;
  readonly line: number;
  /** The code's one text, `WARNING_MESSAGES[code]` of `@robomata/runtime/format` (what `Robots#warnings` says too). */
  readonly message: string;
}

/**
 * Bytes at the start of the body that the `html` and `binary` heuristics read: 8 KiB. Every HTML
 * page of the protego corpus (165 files) shows its first tag within 200 bytes.
 */
export const SNIFF_BYTES = 8_192;

/**
 * Share of control bytes (percent of the sniffed bytes) from which a body is `binary`: on the
 * protego corpus the icon scores 22% and the two UTF-16 files 50% (they have a BOM too), every
 * text file 0%, including the 7 that are not UTF-8; uniformly random (compressed) bytes about 10%.
 */
export const BINARY_CONTROL_PERCENT = 2;

/** Fewest control bytes that make a body `binary`: one stray NUL in a short file does not. */
export const BINARY_MIN_CONTROL_BYTES = 4;

// ---------------------------------------------------------------------------------------------
// Implementation
// ---------------------------------------------------------------------------------------------

/**
 * Bytes of a line that are kept: Google's robots.cc line buffer is `2083 * 8` = 16,664 bytes
 * including its terminating NUL (2,083 being the longest URL old browsers accepted), so a line
 * keeps its first 16,663 bytes (docs/semantics.md section 1).
 */
export const MAX_LINE_BYTES = 16_663;

/** One decoder for every string; `ignoreBOM` keeps a mid-file U+FEFF instead of dropping it. */
const _DECODER = new TextDecoder('utf-8', { ignoreBOM: true });
const _ENCODER = new TextEncoder();

const _LF = 0x0a;
const _CR = 0x0d;
const _NUL = 0x00;
const _HASH = 0x23;
const _COLON = 0x3a;
const _SP = 0x20;
const _HT = 0x09;
const _VT = 0x0b;
const _FF = 0x0c;
const _STAR = 0x2a;
const _SLASH = 0x2f;
const _PERCENT = 0x25;
const _DOLLAR = 0x24;
const _HEX_UPPER = '0123456789ABCDEF';

/**
 * What parseLine notes of a byte ({@link _LINE_BYTE}): nothing, a line break (LF, CR), NUL, `#`,
 * `:`, another control byte, or from _B_MARK on a flag of the line's marks (`%`, `*`, `$`,
 * >= 0x80: a rule value is scanned for its shape only when its line has one).
 */
const _B_PLAIN = 0;
const _B_BREAK = 1;
const _B_NUL = 2;
const _B_HASH = 3;
const _B_COLON = 4;
const _B_CONTROL = 6;
const _B_MARK = SHAPE_PERCENT;

/** Per byte value, its `_B_*` class: control bytes are those below 0x20 other than TAB, LF, CR and NUL, and 0x7F. */
const _LINE_BYTE: Uint8Array = (() => {
  const t = new Uint8Array(256);
  for (let b = 0; b < 0x20; b++) if (b !== _HT) t[b] = _B_CONTROL;
  t[0x7f] = _B_CONTROL;
  for (let b = 0x80; b < 0x100; b++) t[b] = SHAPE_HIGH;
  t[_PERCENT] = SHAPE_PERCENT;
  t[_STAR] = SHAPE_STAR;
  t[_DOLLAR] = SHAPE_INNER_DOLLAR;
  t[_LF] = _B_BREAK;
  t[_CR] = _B_BREAK;
  t[_NUL] = _B_NUL;
  t[_HASH] = _B_HASH;
  t[_COLON] = _B_COLON;
  return t;
})();

/** Kinds of recognised keys (indices into {@link _CANONICAL_KEY}). */
const _KeyKind = { UserAgent: 0, Allow: 1, Disallow: 2, Sitemap: 3 } as const;
type _KeyKind = (typeof _KeyKind)[keyof typeof _KeyKind];

interface _KeyForm {
  /** Lower-case form, compared as a case-insensitive prefix of the key. */
  readonly bytes: Uint8Array;
  readonly kind: _KeyKind;
  /** True for the misspellings Google accepts. */
  readonly typo: boolean;
}

/** Spelling shown in messages for each key kind. */
const _CANONICAL_KEY: readonly string[] = ['User-agent', 'Allow', 'Disallow', 'Sitemap'];

/** Recognised key forms in test order (docs/semantics.md section 2). */
const _KEY_FORMS: readonly _KeyForm[] = (
  [
    ['user-agent', _KeyKind.UserAgent, false],
    ['useragent', _KeyKind.UserAgent, true],
    ['user agent', _KeyKind.UserAgent, true],
    ['allow', _KeyKind.Allow, false],
    ['disallow', _KeyKind.Disallow, false],
    ['dissallow', _KeyKind.Disallow, true],
    ['dissalow', _KeyKind.Disallow, true],
    ['disalow', _KeyKind.Disallow, true],
    ['diasllow', _KeyKind.Disallow, true],
    ['disallaw', _KeyKind.Disallow, true],
    ['sitemap', _KeyKind.Sitemap, false],
    ['site-map', _KeyKind.Sitemap, true],
  ] as const
).map(([form, kind, typo]) => ({ bytes: _ENCODER.encode(form), kind, typo }));

/**
 * Other keys seen in real robots.txt files (lower-case, exact); anything else gets 'unknown-key'.
 * Chosen from the key counts of the corpus (crawl-delay, host, clean-param, request-rate,
 * visit-time, noindex, noarchive appear there) plus documented extensions.
 */
const _KNOWN_OTHER_KEYS: ReadonlySet<string> = new Set([
  'crawl-delay',
  'host',
  'clean-param',
  'request-rate',
  'visit-time',
  'noindex',
  'nofollow',
  'noarchive',
  'nosnippet',
  'noimageindex',
  'cache-delay',
  'content-signal',
  'content-usage',
  'robot-version',
  'comment',
]);

/** Prefix of the ACAP extension keys (`ACAP-crawler`, `ACAP-disallow-crawl`, ...). */
const _ACAP_PREFIX = 'acap-';

/** Crawl-delay syntax: a decimal number of seconds (`10`, `0.5`, `.5`, `2.`). */
const _CRAWL_DELAY_RE = /^(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)$/;

interface _MutableGroup {
  agents: ParsedAgent[];
  rules: ParsedRule[];
  crawlDelay: number | undefined;
  preferences: ParsedPreference[];
}

/** True for the bytes C `isspace` accepts: SP, HT, LF, VT, FF, CR. */
function _isSpace(b: number): boolean {
  return b === _SP || (b >= 0x09 && b <= 0x0d);
}

/**
 * Returns true when the line at `start` has content (a byte other than SP, HT, VT and FF before
 * its end) that opens with a byte no key a lean parse reads can start with (_LEAN_KEY_START).
 * Such a line is a comment, or a directive the lean parse ignores. O(leading blanks).
 */
function _opensNoLeanKey(bytes: Uint8Array, start: number, n: number): boolean {
  let i = start;
  while (i < n && (bytes[i] === _SP || bytes[i] === _HT || bytes[i] === _VT || bytes[i] === _FF)) i++;
  if (i >= n) return false;
  const b = bytes[i]!;
  return b !== _LF && b !== _CR && _LEAN_KEY_START[b] === 0;
}

/** True for an ASCII hex digit `0-9`, `A-F`, `a-f` (the compiler's one test, normalize-pattern.ts uses it too). */
export function isHexDigit(b: number): boolean {
  return (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x46) || (b >= 0x61 && b <= 0x66);
}

/** True for the bytes of a product token: `[A-Za-z_-]`. */
function _isTokenByte(b: number): boolean {
  return (b >= 0x41 && b <= 0x5a) || (b >= 0x61 && b <= 0x7a) || b === 0x5f || b === 0x2d;
}

function _lowerAscii(b: number): number {
  return b >= 0x41 && b <= 0x5a ? b + 0x20 : b;
}

/** Formats a count with thousands separators, independent of the host locale. */
function _formatCount(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** Longest text quoted in a diagnostic message, in UTF-16 units (keeps one line readable). */
const _MESSAGE_QUOTE_MAX = 60;

/** Returns `text` for a message: control characters as `\xNN`, cut to {@link _MESSAGE_QUOTE_MAX}. */
function _quote(text: string): string {
  const cut = text.length > _MESSAGE_QUOTE_MAX ? `${text.slice(0, _MESSAGE_QUOTE_MAX)}...` : text;
  let control = false;
  for (let i = 0; i < cut.length && !control; i++) {
    const c = cut.charCodeAt(i);
    control = c < 0x20 || c === 0x7f;
  }
  if (!control) return cut;
  return cut.replace(/[\x00-\x1f\x7f]/g, (c) => `\\x${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`);
}

/**
 * Each key kind's canonical form of _KEY_FORMS, by _KeyKind (no earlier form is a prefix of one:
 * an exact match is _matchKey's answer), and its length.
 */
const _CANONICAL_FORMS: readonly _KeyForm[] = [_KeyKind.UserAgent, _KeyKind.Allow, _KeyKind.Disallow, _KeyKind.Sitemap].map(_canonicalForm);
const _CANONICAL_LENGTH: Uint8Array = Uint8Array.from(_CANONICAL_FORMS, (f) => f.bytes.length);

/** Returns the _KeyKind whose forms start with the lower-case letter `first` (every form of _KEY_FORMS starts with a, d, s or u), or -1. */
function _kindOfFirst(first: number): number {
  return first === 0x64 ? _KeyKind.Disallow : first === 0x61 ? _KeyKind.Allow : first === 0x75 ? _KeyKind.UserAgent : first === 0x73 ? _KeyKind.Sitemap : -1;
}

/** Returns the form of _KEY_FORMS that spells `kind` without a typo (by kind, not by place in the table). */
function _canonicalForm(kind: _KeyKind): _KeyForm {
  return _KEY_FORMS.find((f) => f.kind === kind && !f.typo) as _KeyForm;
}

/** Returns the first recognised key form that is a case-insensitive prefix of `bytes[s, e)`. */
function _matchKey(bytes: Uint8Array, s: number, e: number): _KeyForm | undefined {
  // Every form starts with a, d, s or u: other keys need no comparison.
  const first = _lowerAscii(bytes[s]!);
  const kind = _kindOfFirst(first);
  if (kind < 0) return undefined;
  // A key spelt as its canonical form (nearly every line): one comparison, not a walk of the
  // forms (the walk was a tenth of the corpus's median parse in a CPU profile).
  const exact = _CANONICAL_FORMS[kind]!;
  if (_isKey(bytes, s, e, exact.bytes)) return exact;
  // Indexed, first byte first: this runs once per line.
  outer: for (let k = 0; k < _KEY_FORMS.length; k++) {
    const form = _KEY_FORMS[k]!;
    const f = form.bytes;
    if (f[0] !== first || e - s < f.length) continue;
    for (let i = 1; i < f.length; i++) {
      if (_lowerAscii(bytes[s + i]!) !== f[i]) continue outer;
    }
    return form;
  }
  return undefined;
}

/**
 * Returns the offset of the first byte of `bytes[s, e)` that starts an invalid or incomplete
 * UTF-8 sequence, or -1 when the range is valid UTF-8 (Unicode table 3-7; no overlongs,
 * surrogates or code points above U+10FFFF). O(e - s).
 */
function _findInvalidUtf8(bytes: Uint8Array, s: number, e: number): number {
  let i = s;
  while (i < e) {
    const b = bytes[i]!;
    if (b < 0x80) {
      i++;
      continue;
    }
    let need: number;
    let lo = 0x80;
    let hi = 0xbf;
    if (b >= 0xc2 && b <= 0xdf) need = 1;
    else if (b >= 0xe0 && b <= 0xef) {
      need = 2;
      if (b === 0xe0) lo = 0xa0;
      else if (b === 0xed) hi = 0x9f;
    } else if (b >= 0xf0 && b <= 0xf4) {
      need = 3;
      if (b === 0xf0) lo = 0x90;
      else if (b === 0xf4) hi = 0x8f;
    } else return i;
    if (i + need >= e) return i; // fewer than `need` continuation bytes remain
    const c1 = bytes[i + 1]!;
    if (c1 < lo || c1 > hi) return i;
    for (let k = 2; k <= need; k++) {
      const c = bytes[i + k]!;
      if (c < 0x80 || c > 0xbf) return i;
    }
    i += need + 1;
  }
  return -1;
}

/**
 * Returns the start of an incomplete UTF-8 sequence that ends exactly at `e` (a multi-byte
 * character cut by the size limit), or `e` when there is none.
 */
function _incompleteTailStart(bytes: Uint8Array, s: number, e: number): number {
  for (let k = 1; k <= 3 && e - k >= s; k++) {
    const b = bytes[e - k]!;
    if (b >= 0x80 && b <= 0xbf) continue; // continuation byte: look further back
    if (b < 0xc2 || b > 0xf4) return e; // ASCII or never a lead byte: nothing cut here
    const len = b >= 0xf0 ? 4 : b >= 0xe0 ? 3 : 2;
    return len > k ? e - k : e;
  }
  return e;
}

/**
 * Returns the docs/semantics.md section 4 escaping of `raw`: `%` plus two hex digits is kept with the
 * hex upper-cased, every byte >= 0x80 becomes `%XX`, all else is unchanged. Returns `raw`
 * itself when nothing changes. O(n).
 */
function _escapePattern(raw: Uint8Array, arena: _Arena): Uint8Array {
  const n = raw.length;
  let extra = 0;
  let change = false;
  for (let i = 0; i < n; i++) {
    const b = raw[i]!;
    if (b === _PERCENT && i + 2 < n && isHexDigit(raw[i + 1]!) && isHexDigit(raw[i + 2]!)) {
      if (raw[i + 1]! >= 0x61 || raw[i + 2]! >= 0x61) change = true;
      i += 2;
    } else if (b >= 0x80) {
      extra += 2;
      change = true;
    }
  }
  if (!change) return raw;
  const out = arena.take(n + extra);
  let o = 0;
  for (let i = 0; i < n; i++) {
    const b = raw[i]!;
    if (b === _PERCENT && i + 2 < n && isHexDigit(raw[i + 1]!) && isHexDigit(raw[i + 2]!)) {
      out[o++] = _PERCENT;
      out[o++] = upperHexDigit(raw[i + 1]!);
      out[o++] = upperHexDigit(raw[i + 2]!);
      i += 2;
    } else if (b >= 0x80) {
      out[o++] = _PERCENT;
      out[o++] = _HEX_UPPER.charCodeAt(b >> 4);
      out[o++] = _HEX_UPPER.charCodeAt(b & 0xf);
    } else {
      out[o++] = b;
    }
  }
  return out;
}

/** Returns the ParsedRule.shape of the value `bytes[s, e)`. O(e - s). */
function _shapeOf(bytes: Uint8Array, s: number, e: number): number {
  let shape = 0;
  for (let i = s; i < e; i++) {
    const b = bytes[i]!;
    if (b === _PERCENT) shape |= SHAPE_PERCENT;
    else if (b === _STAR) shape |= SHAPE_STAR;
    else if (b >= 0x80) shape |= SHAPE_HIGH;
    else if (b === _DOLLAR && i !== e - 1) shape |= SHAPE_INNER_DOLLAR;
  }
  return shape;
}

/**
 * Chunks the escaped values of one parse are cut from: one backing store per 64 KiB instead of
 * one per escaped rule (invalid-utf8, 16,000 rules of escapes, spent a fifth of its compile in
 * the collector).
 */
class _Arena {
  private _chunk = _NO_BYTES;
  private _used = 0;
  /** Chunk bytes: at most three times the input (every escape triples a byte at most), so a small file keeps a small chunk. */
  private readonly _size: number;

  constructor(inputBytes: number) {
    this._size = Math.min(_ARENA_CHUNK, 3 * inputBytes);
  }

  /** Returns `n` fresh zero bytes (a subarray of the current chunk). */
  take(n: number): Uint8Array {
    if (this._used + n > this._chunk.length) {
      this._chunk = new Uint8Array(n > this._size ? n : this._size);
      this._used = 0;
    }
    // The view constructor, not subarray (see handleRule).
    const out = new Uint8Array(this._chunk.buffer, this._used, n);
    this._used += n;
    return out;
  }
}

const _NO_BYTES = new Uint8Array(0);

/**
 * Bytes at the start of a file scanned for a byte >= 0x80 before the whole file is decoded to
 * test for ASCII: 4 KiB. The scan costs about 2 ms per 512,000 bytes in a fresh process, the
 * decode 0.5 ms of ASCII but 4.5 ms of invalid UTF-8 (invalid-utf8, `node --single-threaded`).
 */
const _ASCII_PROBE_BYTES = 4_096;

/** True when one of the first `limit` bytes of `bytes` is >= 0x80. O(limit). */
function _hasHighByte(bytes: Uint8Array, limit: number): boolean {
  const n = bytes.length < limit ? bytes.length : limit;
  for (let i = 0; i < n; i++) if (bytes[i]! >= 0x80) return true;
  return false;
}

/** The characters finishLongLine searches for, by index: LF, CR, `:`, `#`, NUL. */
const _LONG_LINE_SEARCHES = ['\n', '\r', ':', '#', '\0'] as const;
const _FIND_LF = 0;
const _FIND_CR = 1;
const _FIND_COLON = 2;
const _FIND_HASH = 3;
const _FIND_NUL = 4;

/** finishLongLine's marks: any flag but SHAPE_HIGH (no byte >= 0x80 in ASCII), so a rule value's shape is scanned. */
const _ASCII_MARKS = SHAPE_PERCENT | SHAPE_STAR | SHAPE_INNER_DOLLAR;

/**
 * Bytes of a line the byte loop reads before an ASCII text's line is finished by string
 * searches: 256. Over the corpus (1,000 hosts) the searches took 1.7 against 3.1 ms on files
 * whose lines average 100 bytes or more, but were no faster on short lines, where the one
 * loop also finds the control bytes.
 */
const LONG_LINE_BYTES = 256;

/** Bytes of one arena chunk. */
const _ARENA_CHUNK = 65_536;

/** Returns hex digit `b` in canonical (upper) case. */
export function upperHexDigit(b: number): number {
  return b >= 0x61 && b <= 0x66 ? b - 0x20 : b;
}

function _resolveMaxBytes(options: ParseOptions | undefined): number {
  const maxBytes = options?.maxBytes;
  if (maxBytes === undefined) return DEFAULT_MAX_BYTES;
  if (typeof maxBytes !== 'number' || Number.isNaN(maxBytes) || maxBytes < 0) {
    throw new RangeError(`maxBytes must be a number >= 0 (or Infinity), got ${String(maxBytes)}`);
  }
  return maxBytes === Infinity ? Infinity : Math.floor(maxBytes);
}

/**
 * State of one parse. A class with all fields set in the constructor keeps one object shape,
 * and the per-line work sits in small methods that V8 optimises after a few hundred lines
 * (one big loop body waits for on-stack replacement and ran ~5x slower on a cold 100,000-line
 * file in measurement).
 */
class _Parser {
  readonly bytes: Uint8Array;
  /** `bytes.buffer` and `bytes.byteOffset`, read once: each rule's bytes are a view of them. */
  readonly buffer: ArrayBufferLike;
  readonly offset: number;
  readonly n: number;
  readonly truncated: boolean;
  /**
   * The whole input as a string when it is pure ASCII (then byte offsets are string offsets
   * and values are cheap slices of it), else undefined (values are sliced from the source
   * string when there is one and both ends are character boundaries, else decoded from the
   * bytes: see `decode`; rule patterns in one batch, `decodePatterns`).
   */
  readonly asciiText: string | undefined;
  /** The input string, if it was one (see the constructor). */
  readonly source: string | undefined;
  /** Byte offset and UTF-16 offset in `source` of the same character (unitOf's cursor). */
  cursorByte = 0;
  cursorUnit = 0;
  /** True when unitOf's cursor passed an unpaired surrogate (written as U+FFFD) since it was last cleared. */
  passedLone = false;
  readonly groups: _MutableGroup[] = [];
  readonly arena: _Arena;
  readonly sitemaps: ParsedSitemap[] = [];
  readonly others: ParsedDirective[] = [];
  readonly diagnostics: Diagnostic[] = [];
  /** Rules of a non-ASCII file whose pattern text decodePatterns sets. */
  undecoded: _MutableRule[] = [];
  current: _MutableGroup | undefined = undefined;
  /** True once the current group has had an allow/disallow line: the next user-agent starts a new group. */
  seenRule = false;
  /** True once a byte below 0x20 other than TAB, LF and CR, or 0x7F, was seen: the `binary` heuristic must count them. */
  sawControl = false;
  lineCount = 0;
  /** The SHAPE_* flags of the bytes of the line being parsed (its `%`, `*`, `$` and bytes >= 0x80), or more. */
  marks = 0;
  /** finishLongLine's searches, per character of _LONG_LINE_SEARCHES: the next one at or after where its last search started; -1: none left, -2: not searched yet (made at the first long line). */
  next: Int32Array | null = null;

  /** True in the rfc9309 profile: a Content-Usage line is a rule and ends a run of user-agent lines. */
  readonly usageIsRule: boolean;
  /**
   * False for a compile that returns only its artifact (parseForCompile): no diagnostic and no
   * rule pattern text is built (a 500 KiB file of invalid UTF-8 has 27,000 of each); every
   * other field is the same.
   */
  readonly diagnose: boolean;
  /**
   * True for compileRobots' parse (parseLean): `others` stays empty (its artifacts write no
   * directives; the whole file's is written from a parse of its own) and a directive line
   * other than a group's first crawl-delay decodes nothing. Every other field is the same.
   */
  readonly lean: boolean;
  /**
   * Where a lean parse starts counting lines that open with no key it reads without parsing
   * them (parseLine; also anywhere once sawControl is set): past SNIFF_BYTES, or from the start
   * in an HTML page (its warning settled before the parse). Not from the start of every file:
   * that measured slower on the cold-host workload's one-group hosts (`cold-split.js --against
   * --paired`: 1.013-1.017x), whose short lines parse about as fast as they are skipped.
   */
  skipFrom = SNIFF_BYTES;

  /**
   * `source`: the string whose UTF-8 `bytes` are (their first `bytes.length`, cut when
   * `truncated`), if the input was one: the text when ASCII, else where values are sliced from
   * (decode). `lean`: see {@link _Parser.lean}.
   */
  constructor(bytes: Uint8Array, truncated: boolean, usageIsRule: boolean, source: string | undefined, diagnose: boolean, lean = false) {
    this.usageIsRule = usageIsRule;
    this.diagnose = diagnose;
    this.lean = lean;
    this.arena = new _Arena(bytes.length);
    this.bytes = bytes;
    this.buffer = bytes.buffer;
    this.offset = bytes.byteOffset;
    this.n = bytes.length;
    this.truncated = truncated;
    this.source = source;
    // A string whose UTF-8 is as long as it is holds only ASCII (any other code unit takes 2 or
    // more bytes): it is the text, no decode needed; a longer one holds some other character.
    if (source !== undefined && !truncated) {
      this.asciiText = source.length === bytes.length ? source : undefined;
      return;
    }
    // A byte >= 0x80 near the start settles it without decoding the file (a 500 KiB file of
    // invalid UTF-8 took 4.5 ms to decode).
    if (_hasHighByte(bytes, _ASCII_PROBE_BYTES)) {
      this.asciiText = undefined;
      return;
    }
    // Decoding is all-native and fast; the text is usable only if every byte is ASCII: then
    // the length equals the byte count and no U+FFFD appears (any non-ASCII byte either
    // shortens the text, being part of a valid multi-byte character, or yields U+FFFD).
    const text = _DECODER.decode(bytes);
    this.asciiText = text.length === bytes.length && !text.includes('\uFFFD') ? text : undefined;
  }

  diag(line: number, severity: Diagnostic['severity'], code: DiagnosticCode, message: string): void {
    this.diagnostics.push({ line, severity, code, message });
  }

  /**
   * Returns bytes `[s, e)` decoded as UTF-8 (U+FFFD for invalid bytes): a slice of the source
   * string when the input was one and both ends are character boundaries (a string's UTF-8 is
   * well-formed, so the slice is the decode; a TextDecoder call per value was a tenth of the
   * corpus's parse, on its 39 non-ASCII strings), else a decode of the bytes.
   */
  decode(s: number, e: number): string {
    const text = this.asciiText;
    if (text !== undefined) return text.slice(s, e);
    const source = this.source;
    const bytes = this.bytes;
    // A boundary: not a continuation byte; the end of the bytes only when nothing was cut there.
    if (source !== undefined && (s >= this.n || (bytes[s]! & 0xc0) !== 0x80) && (e < this.n ? (bytes[e]! & 0xc0) !== 0x80 : !this.truncated)) {
      const from = this.unitOf(s);
      this.passedLone = false;
      const to = this.unitOf(e);
      // An unpaired surrogate in the value: its decode has U+FFFD there, the string does not.
      if (!this.passedLone) return source.slice(from, to);
    }
    return _DECODER.decode(new Uint8Array(this.buffer, this.offset + s, e - s));
  }

  /**
   * Returns the UTF-16 offset in `source` of byte `b` of its UTF-8, `b` a character boundary.
   * A cursor moves over the bytes from the last offset asked (values are asked in line order;
   * a preference line asks for its path after its value, back within the line): O(n) over a
   * parse.
   */
  unitOf(b: number): number {
    let byte = this.cursorByte;
    let unit = this.cursorUnit;
    const bytes = this.bytes;
    // Back: each lead byte stepped onto ends a character of 1 unit (2 for 4 bytes).
    while (byte > b) {
      const x = bytes[--byte]!;
      if ((x & 0xc0) !== 0x80) unit -= x >= 0xf0 ? 2 : 1;
    }
    while (byte < b) {
      const x = bytes[byte]!;
      // 1 to 3 bytes: one UTF-16 unit (an unpaired surrogate was written as U+FFFD, 3 bytes); 4 bytes: a surrogate pair.
      if (x < 0x80) {
        byte++;
        unit++;
      } else if (x < 0xe0) {
        byte += 2;
        unit++;
      } else if (x < 0xf0) {
        // U+FFFD (EF BF BD) written for an unpaired surrogate of the string.
        if (x === 0xef && bytes[byte + 1] === 0xbf && bytes[byte + 2] === 0xbd && (this.source!.charCodeAt(unit) & 0xf800) === 0xd800) this.passedLone = true;
        byte += 3;
        unit++;
      } else {
        byte += 4;
        unit += 2;
      }
    }
    this.cursorByte = byte;
    this.cursorUnit = unit;
    return unit;
  }

  /** Parses every line (the caller then calls decodePatterns); O(n). */
  run(): void {
    const bytes = this.bytes;
    const n = this.n;
    // Skip a leading byte-order mark, also a partial one (docs/semantics.md section 1).
    let pos = 0;
    if (pos < n && bytes[pos] === 0xef) {
      pos++;
      if (pos < n && bytes[pos] === 0xbb) {
        pos++;
        if (pos < n && bytes[pos] === 0xbf) pos++;
      }
    }
    for (;;) {
      const end = this.parseLine(pos);
      if (end >= n) break;
      pos = bytes[end] === _CR && end + 1 < n && bytes[end + 1] === _LF ? end + 2 : end + 1;
    }
  }

  /**
   * Sets the pattern text of the rules of a non-ASCII file with one decode of their values
   * joined by LF (a decode per value was a third of a 500 KiB invalid-UTF-8 file's compile).
   * Same text as decoding each value alone: a value holds no LF, and an incomplete sequence
   * before an ASCII byte gives one U+FFFD, as it does at the end of the input.
   */
  decodePatterns(): void {
    const rules = this.undecoded;
    if (rules.length === 0) return;
    let total = 0;
    for (let i = 0; i < rules.length; i++) total += (rules[i] as _MutableRule).rawBytes.length + 1;
    const joined = new Uint8Array(total);
    let o = 0;
    for (let i = 0; i < rules.length; i++) {
      const raw = (rules[i] as _MutableRule).rawBytes;
      joined.set(raw, o);
      o += raw.length;
      joined[o++] = _LF;
    }
    const texts = _DECODER.decode(joined).split('\n');
    for (let i = 0; i < rules.length; i++) (rules[i] as _MutableRule).pattern = texts[i] as string;
    this.undecoded = [];
  }

  /**
   * Parses the line starting at `start` and returns the offset of its line break (or n).
   * One scan finds the line end and the first NUL, `#` and `:` (after the colon of a canonical
   * key that opens the line, matchLineKey); lines with bytes >= 0x80 get a second scan for
   * UTF-8 validity and byte-order marks.
   */
  parseLine(start: number): number {
    const bytes = this.bytes;
    const n = this.n;
    let nul = -1;
    let hash = -1;
    let colon = -1;
    let marks = 0;
    let control = false;
    // A line that opens with a canonical key and its colon (most lines): the scan starts after
    // the colon, and parseContent takes the key as found.
    const key = this.matchLineKey(start);
    // compileRobots' parse (from skipFrom, or once sawControl needs no more bytes noted): a line
    // that cannot open with a key it reads changes nothing but the line count, so only its end
    // is looked for.
    if (key < 0 && this.lean && (start >= this.skipFrom || this.sawControl) && _opensNoLeanKey(bytes, start, n)) return this.skipLine(start);
    if (key >= 0) colon = start + _CANONICAL_LENGTH[key]!;
    let end = key >= 0 ? colon + 1 : start;
    // One table load and test per ordinary byte (a chain of range tests was a tenth of the
    // corpus's median compile in a CPU profile); an ASCII text's line longer than
    // LONG_LINE_BYTES is finished by string searches (finishLongLine).
    const table = _LINE_BYTE;
    const stop = this.asciiText !== undefined && n - start > LONG_LINE_BYTES ? start + LONG_LINE_BYTES : n;
    while (end < stop) {
      const c = table[bytes[end]!]!;
      if (c !== _B_PLAIN) {
        if (c >= _B_MARK) marks |= c;
        else if (c === _B_BREAK) break;
        else if (c === _B_NUL) {
          if (nul < 0) nul = end;
        } else if (c === _B_HASH) {
          if (hash < 0) hash = end;
        } else if (c === _B_COLON) {
          if (colon < 0) colon = end;
        } else control = true;
      }
      end++;
    }
    if (control || nul >= 0) this.sawControl = true;
    if (end === stop && stop < n) return this.finishLongLine(start, stop, nul, hash, colon, marks, key);
    return this.endLine(start, end, nul, hash, colon, marks, key);
  }

  /**
   * Counts the line at `start` and returns its end (its LF or CR, or n) without parsing it: for a
   * line parseContent would read nothing of (see _opensNoLeanKey). Within the first SNIFF_BYTES
   * (an HTML page's, see skipFrom) its control bytes still set sawControl. O(line).
   */
  skipLine(start: number): number {
    ++this.lineCount;
    const n = this.n;
    if (start < SNIFF_BYTES && !this.sawControl) return this.skipSniffedLine(start);
    if (this.asciiText !== undefined) {
      const lf = this.nextAt(_FIND_LF, start);
      const cr = this.nextAt(_FIND_CR, start);
      const e = lf < 0 ? n : lf;
      return cr >= 0 && cr < e ? cr : e;
    }
    const bytes = this.bytes;
    let end = start;
    while (end < n) {
      const b = bytes[end]!;
      if (b === _LF || b === _CR) break;
      end++;
    }
    return end;
  }

  /** skipLine for a line that starts within the bytes the binary heuristic counts: one table loop that notes control bytes. O(line). */
  skipSniffedLine(start: number): number {
    const bytes = this.bytes;
    const n = this.n;
    const table = _LINE_BYTE;
    let end = start;
    let control = false;
    while (end < n) {
      const c = table[bytes[end]!]!;
      if (c === _B_BREAK) break;
      if (c === _B_CONTROL || c === _B_NUL) control = true;
      end++;
    }
    if (control) this.sawControl = true;
    return end;
  }

  /**
   * Returns the _KeyKind of the canonical key that opens the line at `start` followed at once by
   * `:` (ASCII case-insensitive), or -1: its bytes are letters and `-`, so the line's first `:`
   * is that one and the key holds no byte the line scan notes. O(key).
   */
  matchLineKey(start: number): number {
    const bytes = this.bytes;
    if (start >= this.n) return -1;
    const kind = _kindOfFirst(bytes[start]! | 0x20);
    if (kind < 0) return -1;
    const len = _CANONICAL_LENGTH[kind]!;
    if (start + len >= this.n || bytes[start + len] !== _COLON || !_isKey(bytes, start, start + len, _CANONICAL_FORMS[kind]!.bytes)) return -1;
    // _isKey's `| 0x20` maps CR to `-` too: the line is not scanned yet, so the `-` of
    // user-agent is compared as it is (a loop unrolled against constants was no faster in a
    // one-process A/B of the parse, 1.01x).
    if (kind === _KeyKind.UserAgent && bytes[start + 4] !== 0x2d) return -1;
    return kind;
  }

  /**
   * Returns the first `_LONG_LINE_SEARCHES[k]` at or after `from` in the ASCII text, or -1: the
   * last find is kept and searched again only once `from` passes it, so each character's
   * searches cost O(n) over the whole file.
   */
  nextAt(k: number, from: number): number {
    const next = (this.next ??= new Int32Array(_LONG_LINE_SEARCHES.length).fill(-2));
    let x = next[k]!;
    if (x !== -1 && x < from) next[k] = x = (this.asciiText as string).indexOf(_LONG_LINE_SEARCHES[k]!, from);
    return x;
  }

  /**
   * Finishes parseLine for a line of the ASCII text whose first LONG_LINE_BYTES bytes
   * `[start, from)` hold no line break and the first NUL, `#` and `:` `nul`, `hash`, `colon`
   * (-1: none) and the marks `marks`: the line end and the rest's first NUL, `#` and `:` are
   * found by the string's native search (the byte loop was a third of compileRobots' parse
   * over the corpus, most of it in a few HTML pages of long lines), each search resumed from
   * where the last one stopped, so every byte is searched once per character. The rest's marks
   * are every flag but SHAPE_HIGH (a rule value is scanned for its shape); its control bytes are
   * looked for within the SNIFF_BYTES the binary heuristic counts. `key`: matchLineKey's answer
   * for the line (-1: none), passed on to endLine.
   */
  finishLongLine(start: number, from: number, nul: number, hash: number, colon: number, marks: number, key: number): number {
    const lf = this.nextAt(_FIND_LF, from);
    const cr = this.nextAt(_FIND_CR, from);
    let end = lf < 0 ? this.n : lf;
    if (cr >= 0 && cr < end) end = cr;
    if (colon < 0) {
      const c = this.nextAt(_FIND_COLON, from);
      colon = c < end ? c : -1;
    }
    if (hash < 0) {
      const h = this.nextAt(_FIND_HASH, from);
      hash = h < end ? h : -1;
    }
    if (nul < 0) {
      const z = this.nextAt(_FIND_NUL, from);
      nul = z < end ? z : -1;
    }
    if (nul >= 0) this.sawControl = true;
    const bytes = this.bytes;
    const sniffEnd = end < SNIFF_BYTES ? end : SNIFF_BYTES;
    // The line has no LF, CR or NUL past `from` here: a control byte is one of the table's.
    for (let i = from; i < sniffEnd && !this.sawControl; i++) if (_LINE_BYTE[bytes[i]!] === _B_CONTROL) this.sawControl = true;
    return this.endLine(start, end, nul, hash, colon, marks | _ASCII_MARKS, key);
  }

  /**
   * Parses the line `[start, end)` (end: its line break or n) whose first NUL, `#` and `:` are
   * `nul`, `hash` and `colon` (-1: none) and whose bytes have the SHAPE_* flags `marks` (or
   * more) and which opens with the canonical key `key` and its colon (-1: not known); returns `end`.
   */
  endLine(start: number, end: number, nul: number, hash: number, colon: number, marks: number, key: number): number {
    const bytes = this.bytes;
    const line = ++this.lineCount;

    const keptEnd = end - start > MAX_LINE_BYTES ? start + MAX_LINE_BYTES : end;
    this.marks = marks;
    if ((marks & SHAPE_HIGH) !== 0 && this.diagnose) this.checkHighBytes(line, start, end, keptEnd);
    if (keptEnd < end) {
      if (this.diagnose) this.diag(
        line,
        'warning',
        'line-too-long',
        `line ${line} is ${_formatCount(end - start)} bytes long; only its first ${_formatCount(MAX_LINE_BYTES)} bytes are used and the rest of the line is ignored`,
      );
    }
    let contentEnd = keptEnd;
    if (nul >= 0 && nul < keptEnd) {
      contentEnd = nul;
      if (this.diagnose) this.diag(
        line,
        'warning',
        'nul-byte',
        `line ${line}: a NUL byte at byte ${nul - start + 1} of the line ends the line; the rest of the line is ignored`,
      );
    }
    // Cut the comment and trim (docs/semantics.md sections 1 and 2).
    let e = hash >= 0 && hash < contentEnd ? hash : contentEnd;
    let s = start;
    while (s < e && _isSpace(bytes[s]!)) s++;
    while (e > s && _isSpace(bytes[e - 1]!)) e--;
    if (s < e) this.parseContent(line, s, e, colon >= 0 && colon < e ? colon : -1, key);
    return end;
  }

  /** Reports invalid UTF-8 (whole physical line) and a mid-file byte-order mark (kept part). */
  checkHighBytes(line: number, start: number, end: number, keptEnd: number): void {
    const bytes = this.bytes;
    // A multi-byte character cut by the size limit is an artefact of the limit, not an error.
    const checkEnd = this.truncated && end === this.n ? _incompleteTailStart(bytes, start, end) : end;
    const bad = _findInvalidUtf8(bytes, start, checkEnd);
    if (bad >= 0) {
      const hex = bytes[bad]!.toString(16).toUpperCase().padStart(2, '0');
      this.diag(
        line,
        'warning',
        'invalid-utf8',
        `line ${line}: invalid UTF-8 at byte ${bad - start + 1} of the line (0x${hex}); it is read as U+FFFD in text and percent-encoded in patterns`,
      );
    }
    for (let i = start; i + 2 < keptEnd; i++) {
      if (bytes[i] === 0xef && bytes[i + 1] === 0xbb && bytes[i + 2] === 0xbf) {
        this.diag(
          line,
          'warning',
          'bom-mid-file',
          i === start
            ? `line ${line}: a byte-order mark (EF BB BF) starts the line but not the file, so it is read as ordinary bytes and the key after it is not recognised`
            : `line ${line}: a byte-order mark (EF BB BF) at byte ${i - start + 1} of the line is not at the start of the file, so it is read as ordinary bytes`,
        );
        break;
      }
    }
  }

  /**
   * Splits the trimmed, comment-free content `[s, e)` into key and value (docs/semantics.md
   * section 2); `key`: the _KeyKind of the canonical key `[s, colon)` (matchLineKey), or -1.
   */
  parseContent(line: number, s: number, e: number, colon: number, key: number): void {
    if (key >= 0) {
      this.parseCanonicalLine(line, colon, e, key as _KeyKind);
      return;
    }
    const bytes = this.bytes;
    let ke: number;
    let vs: number;
    let missingColon = false;
    if (colon >= 0) {
      ke = colon;
      vs = colon + 1;
    } else {
      // No colon: accept exactly two SP/HT-separated tokens as key and value.
      let sep = s;
      while (sep < e && bytes[sep] !== _SP && bytes[sep] !== _HT) sep++;
      let v = sep;
      while (v < e && (bytes[v] === _SP || bytes[v] === _HT)) v++;
      let more = v;
      while (more < e && bytes[more] !== _SP && bytes[more] !== _HT) more++;
      if (sep === e || more < e) {
        if (this.diagnose) this.diag(
          line,
          'warning',
          'no-directive',
          `line ${line}: no 'key: value' directive found (no ':' and not exactly two words); the line is ignored`,
        );
        return;
      }
      ke = sep;
      vs = v;
      missingColon = true;
    }
    let ks = s;
    while (ke > ks && _isSpace(bytes[ke - 1]!)) ke--;
    while (ks < ke && _isSpace(bytes[ks]!)) ks++;
    if (ke <= ks) {
      if (this.diagnose) this.diag(line, 'warning', 'no-directive', `line ${line}: the key before ':' is empty; the line is ignored`);
      return;
    }
    let ve = e;
    while (vs < ve && _isSpace(bytes[vs]!)) vs++;
    while (ve > vs && _isSpace(bytes[ve - 1]!)) ve--;
    if (missingColon) {
      if (this.diagnose) this.diag(
        line,
        'warning',
        'missing-colon',
        `line ${line}: missing ':' after the key '${_quote(this.decode(ks, ke))}'; the two words are read as key and value`,
      );
    }
    const preference = _preferenceKind(bytes, ks, ke);
    if (preference !== undefined) {
      this.handlePreference(line, preference, ks, ke, vs, ve);
      return;
    }
    const form = _matchKey(bytes, ks, ke);
    if (form === undefined) {
      this.handleOther(line, ks, ke, vs, ve);
      return;
    }
    const canonical = _CANONICAL_KEY[form.kind]!;
    if (form.typo) {
      if (this.diagnose) this.diag(
        line,
        'warning',
        'typo-key',
        `line ${line}: '${_quote(this.decode(ks, ke))}' is a typo of '${canonical}'; accepted as ${canonical}`,
      );
    } else if (ke - ks > form.bytes.length) {
      if (this.diagnose) this.diag(
        line,
        'info',
        'key-prefix',
        `line ${line}: key '${_quote(this.decode(ks, ke))}' is not '${canonical}' but starts with it; accepted as ${canonical}`,
      );
    }
    this.handleKey(line, form.kind, vs, ve);
  }

  /**
   * parseContent for a line that opens with canonical key `key` and its colon at `colon`
   * (matchLineKey): exactly the canonical form, so there is no key to trim and no typo or
   * prefix to report, and it is no preference key (Content-Usage and Content-Signal start with
   * `c`); the value `(colon, e)` is trimmed and handed on. O(value).
   */
  parseCanonicalLine(line: number, colon: number, e: number, key: _KeyKind): void {
    const bytes = this.bytes;
    let vs = colon + 1;
    let ve = e;
    while (vs < ve && _isSpace(bytes[vs]!)) vs++;
    while (ve > vs && _isSpace(bytes[ve - 1]!)) ve--;
    this.handleKey(line, key, vs, ve);
  }

  /** Hands the value `[vs, ve)` of a user-agent, allow, disallow or sitemap line to its handler. */
  handleKey(line: number, kind: _KeyKind, vs: number, ve: number): void {
    if (kind === _KeyKind.UserAgent) this.handleUserAgent(line, vs, ve);
    else if (kind === _KeyKind.Sitemap) this.handleSitemap(line, vs, ve);
    else this.handleRule(line, kind === _KeyKind.Allow ? 'allow' : 'disallow', _CANONICAL_KEY[kind]!, vs, ve);
  }

  /** A user-agent line: opens a group after a rule, else joins the current one (docs/semantics.md section 3). */
  handleUserAgent(line: number, vs: number, ve: number): void {
    const bytes = this.bytes;
    const value = this.decode(vs, ve);
    const global = ve > vs && bytes[vs] === _STAR && (ve - vs === 1 || _isSpace(bytes[vs + 1]!));
    let t = vs;
    if (!global) while (t < ve && _isTokenByte(bytes[t]!)) t++;
    // The token bytes are ASCII, so they are the first (t - vs) UTF-16 units of value.
    const agent: ParsedAgent = { line, value, global, token: t === ve ? value : value.slice(0, t - vs) };
    const group = this.current;
    if (group === undefined || this.seenRule) {
      // Array literals are allocated at their exact size; a push onto [] reserves 17 slots.
      const opened: _MutableGroup = { agents: [agent], rules: [], crawlDelay: undefined, preferences: [] };
      this.groups.push(opened);
      this.current = opened;
      this.seenRule = false;
    } else group.agents.push(agent);
  }

  /** An allow/disallow line: a rule of the current group, or dropped before any group. */
  handleRule(line: number, kind: RuleKind, canonical: string, vs: number, ve: number): void {
    const bytes = this.bytes;
    const group = this.current;
    if (group === undefined) {
      if (this.diagnose) this.diag(
        line,
        'warning',
        'rule-outside-group',
        `line ${line}: this ${canonical} rule comes before any User-agent line, so it applies to no crawler and is ignored`,
      );
      return;
    }
    this.seenRule = true;
    if (ve > vs && bytes[vs] !== _SLASH && bytes[vs] !== _STAR) {
      if (this.diagnose) this.diag(
        line,
        'warning',
        'pattern-never-matches',
        `line ${line}: the ${canonical} pattern does not start with '/' or '*', so it can never match a URL path`,
      );
    }
    // The view constructor, not subarray: subarray looks up a species constructor on every call
    // and made handleRule's optimised code three times as long to compile.
    const rawBytes = new Uint8Array(this.buffer, this.offset + vs, ve - vs);
    const text = this.asciiText;
    // A line without `%`, `*`, `$` or bytes >= 0x80 (most rules): nothing to scan or escape.
    const shape = this.marks === 0 ? 0 : _shapeOf(bytes, vs, ve);
    const escaped = (shape & (SHAPE_PERCENT | SHAPE_HIGH)) === 0 ? rawBytes : _escapePattern(rawBytes, this.arena);
    const rule: _MutableRule = { line, kind, pattern: text !== undefined && this.diagnose ? text.slice(vs, ve) : '', rawBytes, escaped, shape };
    if (text === undefined && this.diagnose) this.undecoded.push(rule);
    // Most groups have few rules: start with an exact-size literal instead of growing [].
    if (group.rules.length === 0) group.rules = [rule];
    else group.rules.push(rule);
  }

  /**
   * A Content-Usage or Content-Signal line (docs/semantics.md section 10): a preference of the
   * current group, answered by usage()/signal() and not listed with the other directives; a line
   * outside any group answers nothing, so it stays listed there. In rfc9309 a Content-Usage line
   * is a rule (attach-05 extends RFC 9309's `rule`), so the next user-agent line opens a new group.
   */
  handlePreference(line: number, kind: PreferenceKind, ks: number, ke: number, vs: number, ve: number): void {
    const bytes = this.bytes;
    const group = this.current;
    const label = kind === 'usage' ? 'Content-Usage' : 'Content-Signal';
    if (group === undefined) {
      if (!this.lean) this.others.push({ line, key: this.decode(ks, ke), value: this.decode(vs, ve), group: -1 });
      if (this.diagnose) this.diag(line, 'warning', 'preference-outside-group', `line ${line}: this ${label} line comes before any User-agent line, so it applies to no crawler and is ignored`);
      return;
    }
    if (kind === 'usage' && this.usageIsRule) this.seenRule = true;
    const { pathEnd, prefStart } = splitPreferenceValue(bytes, vs, ve);
    const text = this.decode(prefStart, ve);
    const read = readPreference(kind, text, this.diagnose);
    if (this.diagnose) {
      const finding = pathEnd === vs ? checkPreferencePath(kind, text) : undefined;
      if (finding !== undefined) read.findings.unshift(finding);
      for (const f of read.findings) this.diag(line, f.severity, f.code, `line ${line}: ${f.message}`);
    }
    const rawPath = new Uint8Array(this.buffer, this.offset + vs, pathEnd - vs);
    group.preferences.push({
      line, kind, path: this.decode(vs, pathEnd), rawPath, escaped: _escapePattern(rawPath, this.arena), preference: text, parsed: read.parsed, answers: read.answers,
    });
  }

  /** A sitemap line: a global URL (docs/semantics.md section 8). */
  handleSitemap(line: number, vs: number, ve: number): void {
    if (ve <= vs) {
      if (this.diagnose) this.diag(line, 'warning', 'empty-sitemap', `line ${line}: the Sitemap line has no URL; it is ignored`);
      return;
    }
    const url = this.decode(vs, ve);
    this.sitemaps.push({ line, url });
    if (this.diagnose && !_ABSOLUTE_URL.test(url)) {
      this.diag(
        line,
        'warning',
        'relative-sitemap',
        `line ${line}: the Sitemap URL ${JSON.stringify(url)} is not fully qualified (https://host/...): Google ignores it`,
      );
    }
  }

  /** Sets the delay of `group` (which has none) from a crawl-delay line's `value`, or reports it invalid. */
  setCrawlDelay(group: _MutableGroup, line: number, value: string): void {
    const delay = _CRAWL_DELAY_RE.test(value) ? Number(value) : Number.NaN;
    if (Number.isFinite(delay) && delay >= 0) group.crawlDelay = delay;
    else if (this.diagnose) {
      this.diag(line, 'warning', 'invalid-crawl-delay', `line ${line}: crawl-delay '${_quote(value)}' is not a number of seconds (such as 10 or 0.5); it is ignored`);
    }
  }

  /** Any other key: kept with its group; crawl-delay sets the group's delay (docs/semantics.md section 8). */
  handleOther(line: number, ks: number, ke: number, vs: number, ve: number): void {
    if (this.lean) {
      const group = this.current;
      // The one directive a lean parse reads; no diagnostics (diagnose is false).
      if (group !== undefined && group.crawlDelay === undefined && _isKey(this.bytes, ks, ke, _CRAWL_DELAY)) this.setCrawlDelay(group, line, this.decode(vs, ve));
      return;
    }
    const key = this.decode(ks, ke);
    const value = this.decode(vs, ve);
    const group = this.current;
    this.others.push({ line, key, value, group: group === undefined ? -1 : this.groups.length - 1 });
    if (_isKey(this.bytes, ks, ke, _CRAWL_DELAY)) {
      if (group === undefined) {
        if (this.diagnose) this.diag(
          line,
          'warning',
          'rule-outside-group',
          `line ${line}: '${_quote(key)}' comes before any User-agent line, so it applies to no group`,
        );
      } else if (group.crawlDelay === undefined) this.setCrawlDelay(group, line, value);
    } else if (this.diagnose) this.checkOtherKey(line, key);
  }

  /** Reports a key other than crawl-delay that is not a known one (diagnostics only; no known key is a near miss of Content-Usage or Content-Signal). */
  checkOtherKey(line: number, key: string): void {
    const lowerKey = key.toLowerCase();
    if (!_KNOWN_OTHER_KEYS.has(lowerKey) && !lowerKey.startsWith(_ACAP_PREFIX)) {
      const near = nearMissPreferenceKey(lowerKey);
      if (near !== undefined) {
        const meant = near === 'content-usage' ? 'Content-Usage' : 'Content-Signal';
        this.diag(
          line,
          'warning',
          'near-miss-key',
          `line ${line}: '${_quote(key)}' is not '${meant}' (the key must be exact, in any letter case); the line is ignored`,
        );
      } else {
        this.diag(
          line,
          'info',
          'unknown-key',
          `line ${line}: '${_quote(key)}' is not a known robots.txt key; the line has no effect on crawling`,
        );
      }
    }
  }
}

/**
 * Returns the groups, rules, sitemaps, other directives and linter diagnostics of a robots.txt
 * file (RFC 9309 section 2.1 protocol definition and groups, 2.2 rules, 2.5 limits; the exact
 * semantics are docs/semantics.md sections 1 to 3 and 8, which follow Google's robots.cc parser).
 *
 * Works on bytes: a string is UTF-8 encoded first (a lone surrogate becomes U+FFFD). Only the
 * first `options.maxBytes` bytes (default {@link DEFAULT_MAX_BYTES}) are read; the rest is
 * ignored and reported (`truncated`, diagnostic 'past-size-limit' on the line where the cut
 * falls). Line numbers are 1-based and count LF, CR and CRLF as one break each; like Google's
 * parser, the text after the last break is one more line, so `lineCount` is the number of
 * breaks plus one.
 *
 * Never throws on content; throws a RangeError only for an invalid `maxBytes` (NaN or
 * negative) and a TypeError when the input is neither a string nor a Uint8Array. The result
 * does not share memory with a caller's Uint8Array (the parsed bytes are copied once); a
 * rule's `escaped` may be the same array as its `rawBytes` when escaping changes nothing.
 *
 * Complexity: O(n) time in the number of input bytes: one scan per line plus a UTF-8 check
 * of lines with bytes >= 0x80; values kept are slices of the text (of a string input, also
 * when it is not ASCII; a TextDecoder only across a cut or a lone surrogate, or for bytes that
 * are not all ASCII); an ASCII line past LONG_LINE_BYTES is finished by native searches, each
 * byte searched at most once per character sought.
 */
export function parseRobotsTxt(robotsTxt: string | Uint8Array, options?: ParseOptions): ParsedRobots {
  return _parse(robotsTxt, options, true);
}

/**
 * @internal Returns {@link parseRobotsTxt}'s result without what only a reader of the parse
 * uses: `diagnostics` is empty and each rule's `pattern` is '' (its bytes are kept). For
 * `compile` and `compileRobots`, which return no parse; same groups, rules, sitemaps,
 * directives, warnings and counts. O(n), without the UTF-8 check of lines with bytes >= 0x80.
 */
export function parseForCompile(robotsTxt: string | Uint8Array, options?: ParseOptions): ParsedRobots {
  return _parse(robotsTxt, options, false);
}

/**
 * @internal {@link parseForCompile} for a caller that keeps nothing of the result past its own
 * synchronous use (`compile`, which returns only the artifact bytes): the rules' bytes are
 * views of the caller's Uint8Array, or of one encoding buffer shared by every borrowed parse
 * of a string (overwritten by the next). No copy of the input and, for a string of up to
 * {@link BORROW_BUFFER_MAX_BYTES} bytes of UTF-8, no buffer allocated for it (but the shared
 * buffer's one growth, see BORROW_BUFFER_MAX_BYTES). O(n).
 */
export function parseBorrowed(robotsTxt: string | Uint8Array, options?: ParseOptions): ParsedRobots {
  return _parse(robotsTxt, options, false, true);
}

/**
 * Bytes of the encoding buffer of borrowed parses (64 KiB, kept for the process): a fresh
 * buffer per string (TextEncoder#encode) was a tenth of a one-rule file's compile in a CPU
 * profile, and the corpus median file is about 600 bytes.
 */
const BORROW_BUFFER_BYTES = 65_536;
/**
 * Bytes the encoding buffer grows to for a longer string (512 KiB, then kept: it holds any ASCII
 * string up to the default maxBytes). A fresh buffer per string of 91 and 118 KB (an HTML page, a
 * 5,000-rule file of the bench's sample) was 7-14% of their compiles; at 128 KiB the fresh encode
 * was a fifth of a CPU profile of compileRobots + agent() over the cold-host workload's eight
 * HTML pages of 103-483 KB, which took 534 us a host with 512 KiB against 598 with 128 KiB.
 * Longer strings are encoded into a buffer of their own.
 */
const BORROW_BUFFER_MAX_BYTES = 524_288;
let _borrowBuffer: Uint8Array | undefined;

/**
 * The borrowed parse a caller keeps past its call (compileRobots' host) while its views may be
 * in the shared encoding buffer, or null: owned ({@link ownBorrowedParse}) right before that
 * buffer is written again, so a parse let go first (a crawler's host after its first agent())
 * copies nothing (the copy was 1.3% of the cold workload's CPU profile). One at a time.
 */
let _heldParse: ParsedRobots | null = null;

/**
 * @internal Keeps `parsed`, the last borrowed parse of a string, valid past the next borrowed
 * parse: its views of the shared encoding buffer get bytes of their own before that buffer is
 * written again (not at all if {@link releaseBorrowedParse} lets it go first). A parse with no
 * view there (a slab copy, or a string encoded into a buffer of its own) is not held. O(groups).
 */
export function holdBorrowedParse(parsed: ParsedRobots): void {
  const shared = _borrowBuffer;
  if (shared === undefined || _sharedViewsEnd(parsed, shared.buffer) === 0) return;
  // A guard: a parse with views there is the last borrowed one, whose encode owned any held before.
  _ownHeldParse();
  _heldParse = parsed;
}

/** @internal Lets go of `parsed` when {@link holdBorrowedParse} holds it (its caller reads it no more): nothing is copied for it. O(1). */
export function releaseBorrowedParse(parsed: ParsedRobots): void {
  if (_heldParse === parsed) _heldParse = null;
}

/** Gives the held parse, if any, bytes of its own and holds none. */
function _ownHeldParse(): void {
  const held = _heldParse;
  if (held === null) return;
  _heldParse = null;
  ownBorrowedParse(held);
}

/**
 * @internal Gives a borrowed parse (parseBorrowed's, parseLean's with `borrow`) of a string
 * bytes of its own, so it may be kept past the next borrowed parse: when its rules' and
 * preferences' bytes are views of the shared encoding buffer, they become views of one copy of
 * the bytes there up to the end of the last such view (its encoding starts at 0; a truncated
 * string keeps no more than was parsed), in a buffer of their own.
 * Call it before the next borrowed parse of a string (or hold the parse, {@link
 * holdBorrowedParse}): the buffer holds the last one's string. In place; O(parsed bytes + rules).
 */
export function ownBorrowedParse(parsed: ParsedRobots): void {
  const shared = _borrowBuffer;
  if (shared === undefined) return;
  const from = shared.buffer;
  const end = _sharedViewsEnd(parsed, from);
  if (end === 0) return;
  // A buffer of its own: parseLean reads a string of up to OWN_SLAB_MAX_COPY bytes from the
  // slab already, so the slab is cut in _parse alone.
  const copy = shared.slice(0, end).buffer;
  // Plain loops, no callback per view (two passes with a closure each were 4% of the cold
  // workload's CPU profile). A view that is its own escaped form stays one view.
  const groups = parsed.groups;
  for (let g = 0; g < groups.length; g++) {
    const group = groups[g]!;
    const rules = group.rules as _MutableRule[];
    for (let i = 0; i < rules.length; i++) {
      const rule = rules[i]!;
      const raw = rule.rawBytes;
      rule.rawBytes = _viewIn(raw, from, copy);
      if (rule.escaped === raw) rule.escaped = rule.rawBytes;
    }
    const preferences = group.preferences as _MutablePreference[];
    for (let i = 0; i < preferences.length; i++) {
      const p = preferences[i]!;
      const raw = p.rawPath;
      p.rawPath = _viewIn(raw, from, copy);
      if (p.escaped === raw) p.escaped = p.rawPath;
    }
  }
}

/** Returns `view` re-pointed at the same offsets of `copy` when it views `from`, else `view` itself. O(1). */
function _viewIn(view: Uint8Array, from: ArrayBufferLike, copy: ArrayBuffer): Uint8Array {
  return view.buffer === from ? new Uint8Array(copy, view.byteOffset, view.length) : view;
}

/**
 * Bytes of the slab that parseLean's copies of strings of up to {@link OWN_SLAB_MAX_COPY} bytes are cut from: 8 KiB.
 * A buffer of its own per copy cost about 250 ns each (its backing store), a quarter of a
 * 2-line file's lean parse; a slab lives while any parse cut from it is held, so a held parse
 * keeps at most 8 KiB more than its bytes.
 */
const OWN_SLAB_BYTES = 8_192;
/** Longest copy cut from the slab (2 KiB: a quarter of it, so a slab serves at least 4 parses); longer ones get a buffer of their own. */
const OWN_SLAB_MAX_COPY = 2_048;
let _ownSlab: ArrayBuffer | undefined;
let _ownSlabUsed = OWN_SLAB_BYTES;

/** Returns `n` (at most OWN_SLAB_MAX_COPY) bytes taken from the slab, a new one when they do not fit. */
function _slabOf(n: number): Uint8Array {
  let slab = _ownSlab;
  if (slab === undefined || _ownSlabUsed + n > OWN_SLAB_BYTES) {
    _ownSlab = slab = new ArrayBuffer(OWN_SLAB_BYTES);
    _ownSlabUsed = 0;
  }
  _ownSlabUsed += n;
  return new Uint8Array(slab, _ownSlabUsed - n, n);
}

type _MutablePreference = { -readonly [K in keyof ParsedPreference]: ParsedPreference[K] };

/**
 * Returns where the views of buffer `from` among the rules' and preferences' bytes of `parsed`
 * end (0: none). A parse makes its views in line order and its groups, rules and preferences
 * are in line order, so the last group with a rule or preference holds the last view; an
 * escaped form is its value's own view or arena bytes, never a view of `from` but for the
 * value itself. O(groups).
 */
function _sharedViewsEnd(parsed: ParsedRobots, from: ArrayBufferLike): number {
  const groups = parsed.groups;
  for (let g = groups.length - 1; g >= 0; g--) {
    const { rules, preferences } = groups[g]!;
    if (rules.length === 0 && preferences.length === 0) continue;
    const rule = rules.length === 0 ? undefined : rules[rules.length - 1]!.rawBytes;
    const pref = preferences.length === 0 ? undefined : preferences[preferences.length - 1]!.rawPath;
    const ruleEnd = rule !== undefined && rule.buffer === from ? rule.byteOffset + rule.length : 0;
    const prefEnd = pref !== undefined && pref.buffer === from ? pref.byteOffset + pref.length : 0;
    return ruleEnd > prefEnd ? ruleEnd : prefEnd;
  }
  return 0;
}

/**
 * @internal {@link parseForCompile} for compileRobots, whose artifacts write no directives:
 * `others` is empty (a directive line is not decoded, but for a group's first crawl-delay).
 * `borrow` as for {@link parseBorrowed}, but a string of up to OWN_SLAB_MAX_COPY bytes of UTF-8
 * is read from a copy of its own in the slab (ownBorrowedParse then has nothing to copy). Same
 * groups, rules, sitemaps, warnings and counts. O(n).
 */
export function parseLean(robotsTxt: string | Uint8Array, options: ParseOptions | undefined, borrow: boolean): ParsedRobots {
  return _parse(robotsTxt, options, false, borrow, true);
}

/** Returns the UTF-8 of `text` in the shared encoding buffer when it fits, else in a fresh one. */
function _encodeBorrowed(text: string): Uint8Array {
  // At least a byte per UTF-16 unit: more units than the buffer's bytes never fit.
  if (text.length > BORROW_BUFFER_MAX_BYTES) return _ENCODER.encode(text);
  // One native encode: a string whose UTF-8 overflows the buffer (over a third of its bytes in
  // units of mostly non-ASCII text) stops short of its end and is encoded again into a buffer of its own.
  // The buffer is written again: a held parse's views of it get bytes of their own first.
  _ownHeldParse();
  let buffer = (_borrowBuffer ??= new Uint8Array(BORROW_BUFFER_BYTES));
  if (text.length > buffer.length) _borrowBuffer = buffer = new Uint8Array(BORROW_BUFFER_MAX_BYTES);
  const done = _ENCODER.encodeInto(text, buffer);
  if (done.read !== text.length) return _ENCODER.encode(text);
  return new Uint8Array(buffer.buffer, 0, done.written);
}

function _parse(robotsTxt: string | Uint8Array, options: ParseOptions | undefined, diagnose: boolean, borrow = false, lean = false): ParsedRobots {
  const maxBytes = _resolveMaxBytes(options);
  let input: Uint8Array;
  if (typeof robotsTxt === 'string') input = borrow ? _encodeBorrowed(robotsTxt) : _ENCODER.encode(robotsTxt);
  else if (robotsTxt instanceof Uint8Array) input = robotsTxt;
  else throw new TypeError('robotsTxt must be a string or a Uint8Array');
  const byteLength = input.length;
  const truncated = byteLength > maxBytes;
  const n = truncated ? maxBytes : byteLength;
  // One copy of the parsed part: rules hold subarrays of it, never of the caller's buffer (a
  // string's encoding is already a buffer of our own: kept as it is unless cut). A borrowed
  // parse reads the caller's bytes, or the shared encoding buffer, in place: its caller keeps
  // nothing of it past the call.
  let bytes = input;
  // Not a shared buffer's bytes: another thread could change them between the parse's passes.
  if (borrow && (typeof robotsTxt === 'string' || input.buffer instanceof ArrayBuffer)) {
    const parsed = truncated ? new Uint8Array(input.buffer, input.byteOffset, n) : input;
    if (lean && typeof robotsTxt === 'string' && n <= OWN_SLAB_MAX_COPY) {
      // compileRobots' parse of a short string reads a copy in the slab: its views are already
      // what ownBorrowedParse would copy them to (a second view per rule and preference there
      // was a sixth of a 20-rule file's lean parse), at the cost of one copy for a file that
      // keeps nothing.
      bytes = _slabOf(n);
      bytes.set(parsed);
    } else bytes = parsed;
  } else if (typeof robotsTxt !== 'string' || truncated) {
    bytes = new Uint8Array(n);
    bytes.set(input.subarray(0, n));
  }

  const profile = options?.profile ?? 'rfc9309';
  if (profile !== 'rfc9309' && profile !== 'google') throw new TypeError(`profile must be 'rfc9309' or 'google', got ${String(profile)}`);
  const parser = new _Parser(bytes, truncated, profile === 'rfc9309', typeof robotsTxt === 'string' ? robotsTxt : undefined, diagnose, lean);
  // An HTML page (a `<` first: a normal file answers at its first byte) is skipped through from its first line.
  const sample = _sniffedBytes(bytes);
  const htmlAt = lean ? _htmlStart(sample) : _HTML_UNKNOWN;
  if (htmlAt >= 0) parser.skipFrom = 0;
  // Apart from run: code after run's line loop, reached with no feedback in a cold process,
  // threw away the loop's on-stack compiled code.
  parser.run();
  parser.decodePatterns();
  const lineCount = parser.lineCount;
  if (truncated && diagnose) {
    parser.diag(
      lineCount,
      'error',
      'past-size-limit',
      `line ${lineCount}: the file is ${_formatCount(byteLength)} bytes but only the first ${_formatCount(n)} bytes are read; everything from here on is ignored`,
    );
  }
  const warnings = _detectContentWarnings(bytes, sample, parser.sawControl, htmlAt);
  if (truncated) {
    warnings.push({ code: 'truncated', line: lineCount, message: WARNING_MESSAGES.truncated });
  }
  return {
    groups: parser.groups,
    sitemaps: parser.sitemaps,
    others: parser.others,
    diagnostics: parser.diagnostics,
    lineCount,
    byteLength,
    truncated,
    warnings,
  };
}

/** `content-usage` and `content-signal` as bytes. */
const _CONTENT_USAGE = _ENCODER.encode('content-usage');
const _CONTENT_SIGNAL = _ENCODER.encode('content-signal');

/**
 * Returns the preference kind of key `bytes[ks, ke)`: `usage` for exactly `content-usage`,
 * `signal` for exactly `content-signal` (ASCII case-insensitive, no prefix test), else undefined.
 */
function _preferenceKind(bytes: Uint8Array, ks: number, ke: number): PreferenceKind | undefined {
  if (_lowerAscii(bytes[ks]!) !== 0x63) return undefined;
  const form = ke - ks === _CONTENT_USAGE.length ? _CONTENT_USAGE : ke - ks === _CONTENT_SIGNAL.length ? _CONTENT_SIGNAL : undefined;
  if (form === undefined || !_isKey(bytes, ks, ke, form)) return undefined;
  return form === _CONTENT_USAGE ? 'usage' : 'signal';
}

/**
 * True when key `bytes[ks, ke)` is the lower-case ASCII `form` in any ASCII letter case. O(form).
 * Invariant: `form` holds only letters, `-` and SP, and the key lies in a line's content: `| 0x20`
 * maps a byte to a letter of the form only from its own two cases, to `-` only from `-` or CR
 * (a line break) and to SP only from SP or NUL (which ends the content), so it lower-cases here.
 */
function _isKey(bytes: Uint8Array, ks: number, ke: number, form: Uint8Array): boolean {
  if (ke - ks !== form.length) return false;
  for (let i = 0; i < form.length; i++) if ((bytes[ks + i]! | 0x20) !== form[i]) return false;
  return true;
}

/** `crawl-delay` as bytes: a key `_isKey` matches in any ASCII letter case is what `toLowerCase()` of its decode equals (no other character lower-cases to one of its letters). */
const _CRAWL_DELAY = _ENCODER.encode('crawl-delay');

/**
 * Per byte, 1 when a key a lean parse reads can start with it (_opensNoLeanKey): the first
 * letter of every form of _KEY_FORMS, crawl-delay, content-usage and content-signal, in either
 * case (_matchKey and _isKey compare `| 0x20`, which gives a letter only from its two cases).
 */
const _LEAN_KEY_START: Uint8Array = (() => {
  const starts = new Uint8Array(256);
  for (const form of [..._KEY_FORMS.map((f) => f.bytes), _CRAWL_DELAY, _CONTENT_USAGE, _CONTENT_SIGNAL]) {
    const first = form[0]!;
    starts[first] = 1;
    starts[first ^ 0x20] = 1;
  }
  return starts;
})();


/** Tags whose presence in a body that opens with `<` makes it an HTML page (lower case). */
const _HTML_TAGS: readonly string[] = ['<!doctype html', '<html', '<head', '<body', '<meta', '<title', '<script', '<div'];

/** _detectContentWarnings' `htmlAt` when _htmlStart has not run. */
const _HTML_UNKNOWN = -2;

/** Returns the first SNIFF_BYTES of `bytes`: no subarray for the usual short file (it looks up a species constructor on every call). */
function _sniffedBytes(bytes: Uint8Array): Uint8Array {
  return bytes.length <= SNIFF_BYTES ? bytes : bytes.subarray(0, SNIFF_BYTES);
}

/**
 * Returns the `html` and `binary` warnings of the parsed bytes (see {@link ParseWarning}) from
 * `sample`, their _sniffedBytes; `htmlAt`: _htmlStart's answer for them, or _HTML_UNKNOWN. O(SNIFF_BYTES).
 */
function _detectContentWarnings(bytes: Uint8Array, sample: Uint8Array, sawControl: boolean, htmlAt: number): ParseWarning[] {
  const warnings: ParseWarning[] = [];
  if (sample.length >= 2 && ((sample[0] === 0xff && sample[1] === 0xfe) || (sample[0] === 0xfe && sample[1] === 0xff))) {
    warnings.push({ code: 'binary', line: 1, message: WARNING_MESSAGES.binary });
    return warnings;
  }
  // The parse saw every byte: without a control byte there is nothing to count.
  const suspect = sawControl ? _countControlBytes(sample) : _NO_CONTROL;
  if (suspect.count >= BINARY_MIN_CONTROL_BYTES && suspect.count * 100 >= sample.length * BINARY_CONTROL_PERCENT) {
    warnings.push({ code: 'binary', line: _lineAt(bytes, suspect.first), message: WARNING_MESSAGES.binary });
    return warnings;
  }
  const html = htmlAt === _HTML_UNKNOWN ? _htmlStart(sample) : htmlAt;
  if (html >= 0) {
    warnings.push({ code: 'html', line: _lineAt(bytes, html), message: WARNING_MESSAGES.html });
  }
  return warnings;
}

const _NO_CONTROL = { count: 0, first: -1 };

/**
 * Returns the number of control bytes of `sample` (below 0x20 other than TAB, LF, VT, FF, CR, and
 * 0x7F) and the offset of the first one (-1 for none). O(n).
 */
function _countControlBytes(sample: Uint8Array): { count: number; first: number } {
  let count = 0;
  let first = -1;
  for (let i = 0; i < sample.length; i++) {
    const b = sample[i]!;
    if ((b < 0x20 && (b < 0x09 || b > 0x0d)) || b === 0x7f) {
      count++;
      if (first < 0) first = i;
    }
  }
  return { count, first };
}

/** Returns the offset of the first non-blank byte when it opens an HTML page, else -1. O(n). */
function _htmlStart(sample: Uint8Array): number {
  let s = 0;
  if (sample[0] === 0xef && sample[1] === 0xbb && sample[2] === 0xbf) s = 3;
  while (s < sample.length && _isSpace(sample[s]!)) s++;
  if (sample[s] !== 0x3c) return -1;
  // Latin-1 keeps one character per byte, so offsets in the text are byte offsets.
  const lower = _LATIN1.decode(sample).toLowerCase();
  return _HTML_TAGS.some((tag) => lower.includes(tag)) ? s : -1;
}

const _LATIN1 = new TextDecoder('latin1');

/** Returns the 1-based line of byte `offset` (LF, CR and CRLF each one break). O(offset). */
function _lineAt(bytes: Uint8Array, offset: number): number {
  let line = 1;
  for (let i = 0; i < offset; i++) {
    const b = bytes[i];
    if (b === _LF || (b === _CR && bytes[i + 1] !== _LF)) line++;
  }
  return line;
}
