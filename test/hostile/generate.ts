/**
 * Seeded hostile-input generator: robots.txt bodies and URLs built to hurt a robots.txt engine
 * (issue 6). Everything is deterministic from a seed (mulberry32; no `Math.random`), so a
 * failing case is reproduced by its name and seed alone.
 *
 * The inputs target the limits named in docs/semantics.md and SECURITY.md: the 512,000-byte parse limit
 * (RFC 9309 section 2.5), the 16,663-byte line limit (docs/semantics.md section 1), wildcard patterns whose
 * subset construction explodes (docs/semantics.md section 4; DESIGN-NOTES.md "How big does an automaton
 * get?"), hostile bytes (NUL, CR, BOM, invalid UTF-8, binary), prototype-polluting names and
 * deep `%` escapes (docs/semantics.md section 7).
 *
 * This module has no imports on purpose: the artifact fuzzer's worker and the hostile bench
 * transpile it on their own.
 */

/** A seeded PRNG: returns uniformly distributed unsigned 32-bit integers. */
export type Rng = () => number;

/** One hostile robots.txt input with the URLs and agents designed against it. */
export interface HostileInput {
  /** Stable kebab-case name (used in reports and to reproduce a failure). */
  readonly name: string;
  /** One sentence: what the input attacks. */
  readonly description: string;
  /** Returns the full-size body (at most 512,000 bytes unless `maxBytes` says otherwise). */
  make(): Uint8Array;
  /**
   * Returns the same shape of input scaled down (a few KiB of patterns), so that the naive
   * reference (O(path x pattern) per rule) can cross-check it against 4 KB URLs quickly.
   */
  makeReduced(): Uint8Array;
  /** Parse limit to compile `make()` with, when the input is meant to exceed the default. */
  readonly maxBytes: number | undefined;
  /** Agents to check with: the ones the input names plus the usual hostile ones. */
  readonly agents: readonly string[];
  /** Returns hostile URLs (most about 4 KB) designed against this input, common ones included. */
  urls(): readonly string[];
}

/** Seed of {@link HOSTILE_INPUTS}; any other seed gives an equally hostile, different set. */
export const DEFAULT_SEED = 0x6b0b0ba7;

/** Line limit of docs/semantics.md section 1: a line keeps at most its first 16,663 bytes. */
export const LINE_LIMIT = 16_663;

/** Parse limit every full-size input stays within (DEFAULT_MAX_BYTES of the compiler). */
export const INPUT_BUDGET = 512_000;

/** Length of the "4 KB" hostile URLs: about the longest URL real clients send (4 KiB). */
export const HOSTILE_URL_LENGTH = 4_000;

/** Names that are dangerous as object keys in JavaScript: used as agents, keys and values. */
export const PROTOTYPE_NAMES: readonly string[] = [
  '__proto__',
  'constructor',
  'toString',
  'hasOwnProperty',
  'valueOf',
  'prototype',
  '__defineGetter__',
  'isPrototypeOf',
  'toLocaleString',
];

/** Agents every input is checked with (plus the input's own). */
export const COMMON_AGENTS: readonly string[] = ['Googlebot', 'robomata', '', '__proto__', 'constructor', 'toString'];

/**
 * Returns a mulberry32 generator (32-bit state; period 2^32): one multiply-xorshift round per
 * call, O(1). Same seed, same sequence, on every platform.
 */
export function createRng(seed: number): Rng {
  let state = seed >>> 0;
  return (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  };
}

/** Returns an integer in [0, n) drawn from `rng` (n <= 2^32). */
export function pickInt(rng: Rng, n: number): number {
  return Math.floor((rng() / 0x1_0000_0000) * n);
}

/** Returns a seed derived from a base seed and a name (FNV-1a of the name mixed in). */
export function deriveSeed(seed: number, name: string): number {
  let h = 0x811c9dc5 ^ seed;
  for (let i = 0; i < name.length; i++) h = Math.imul(h ^ name.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/**
 * Returns the bytes of a "binary string" (every char code < 256 is one byte). Used so inputs can
 * spell invalid UTF-8 and raw bytes directly (`'\xff'`). Throws on a char code >= 256 (a
 * generator bug). O(n).
 */
export function latin1Bytes(text: string): Uint8Array {
  const out = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c > 0xff) throw new Error(`generator bug: char code ${c} at ${i} is not a byte`);
    out[i] = c;
  }
  return out;
}

/** Returns the UTF-8 bytes of `text` as a binary string (for mixing into latin1 text). */
export function utf8Binary(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let out = '';
  for (let i = 0; i < bytes.length; i += 8192) {
    out += String.fromCharCode(...bytes.subarray(i, i + 8192));
  }
  return out;
}

/** Returns `chars` repeated/cut to exactly `length` chars. */
function _fill(chars: string, length: number): string {
  return chars.repeat(Math.ceil(length / chars.length)).slice(0, length);
}

/** Returns `i` spelt in `digits` letters of `alphabet`, least significant first (distinct for i < alphabet.length ** digits). */
function _spell(i: number, alphabet: string, digits: number): string {
  let out = '';
  for (let v = i, d = 0; d < digits; d++, v = Math.floor(v / alphabet.length)) out += alphabet[v % alphabet.length];
  return out;
}

/** Returns `count` random chars from `alphabet`. */
function _randomText(rng: Rng, alphabet: string, count: number): string {
  let out = '';
  for (let i = 0; i < count; i++) out += alphabet[pickInt(rng, alphabet.length)];
  return out;
}

/** Appends lines to a budget; stops (returns false) when the next line would pass it. */
class _Body {
  private readonly _parts: string[] = [];
  private _bytes = 0;
  constructor(private readonly _budget: number) {}
  get bytes(): number {
    return this._bytes;
  }
  /** Adds `line` + LF when it fits the budget; returns whether it was added. */
  line(line: string): boolean {
    if (this._bytes + line.length + 1 > this._budget) return false;
    this._parts.push(line, '\n');
    this._bytes += line.length + 1;
    return true;
  }
  /** Adds raw text (no LF), ignoring the budget. */
  raw(text: string): void {
    this._parts.push(text);
    this._bytes += text.length;
  }
  toBytes(): Uint8Array {
    return latin1Bytes(this._parts.join(''));
  }
}

/** Scale of a generated body: the full attack or a reduced copy for the reference. */
type _Scale = 'full' | 'reduced';

/** Budget (bytes) of a reduced input: keeps the reference's O(path x pattern) affordable. */
const REDUCED_BUDGET = 1_500;

/** Returns the byte budget of a scale. */
function _budget(scale: _Scale): number {
  return scale === 'full' ? INPUT_BUDGET : REDUCED_BUDGET;
}

/** Returns a `/*a*a*...*b`-style pattern of `stars` wildcards over `letters`. */
function _stormPattern(rng: Rng, stars: number, letters: string, last: string): string {
  let out = '/';
  for (let i = 0; i < stars - 1; i++) out += '*' + letters[pickInt(rng, letters.length)];
  return out + '*' + last;
}

/** Returns `/` then `stars` segments of 1 to 3 random storm letters, each after a `*`. */
function _segmentStorm(rng: Rng, stars: number): string {
  let p = '/';
  for (let s = 0; s < stars; s++) p += '*' + _randomText(rng, STORM_LETTERS, 1 + pickInt(rng, 3));
  return p;
}

/**
 * Returns a `User-agent: *` body filled to the scale's budget with the lines `rule(0)`,
 * `rule(1)`, ... (the first line that does not fit ends it).
 */
function _ruleStormBody(scale: _Scale, rule: (i: number) => string): Uint8Array {
  const b = new _Body(_budget(scale));
  b.line('User-agent: *');
  for (let i = 0; b.line(rule(i)); i++);
  return b.toBytes();
}

/**
 * Returns the definition of a storm of long random-letter rules (up to 401 segments each, 31
 * reduced) against a random-letter URL: every rule a Disallow, or Disallow and Allow
 * alternating when `mixed`.
 */
function _longStormDefinition(name: string, description: string, mixed: boolean): _Definition {
  return {
    name,
    description,
    body(rng, scale) {
      return _ruleStormBody(scale, (i) => (mixed && i % 2 === 1 ? 'Allow: ' : 'Disallow: ') + _segmentStorm(rng, 2 + pickInt(rng, scale === 'full' ? 400 : 30)));
    },
    urls(rng) {
      return ['/' + _randomText(rng, STORM_LETTERS, HOSTILE_URL_LENGTH)];
    },
  };
}

/**
 * Returns `count` one-character variants of `url`, each with one character (never the first)
 * replaced by another character of `url`, drawn from a generator seeded with `seed`: the new
 * URLs a crawler meets, which a warm group has cached up to the changed character (the bench's
 * distinct-URL column). O(count x |url|). Throws on a URL of fewer than 2 chars.
 */
export function oneCharacterVariants(url: string, count: number, seed: number): string[] {
  if (url.length < 2) throw new RangeError(`oneCharacterVariants: url must have at least 2 chars, got ${url.length}`);
  const rng = createRng(seed);
  const variants: string[] = [];
  for (let k = 0; k < count; k++) {
    const at = 1 + pickInt(rng, url.length - 1);
    variants.push(url.slice(0, at) + url.charAt(pickInt(rng, url.length)) + url.slice(at + 1));
  }
  return variants;
}

/**
 * Returns `count` shuffles of `url`: its first char, then its other chars in an order drawn
 * (Fisher-Yates) from a generator seeded with `seed`. Each is a fresh URL with the same
 * characters, sharing no prefix with `url` beyond chance: what an attacker who serves both the
 * robots.txt and the links can send, every URL unlike the last (the bench's fresh-URL column and
 * the bounds test's new-URL check). Code units move alone, so a surrogate pair may come apart
 * into lone surrogates (hostile too). O(count x |url|).
 */
export function shuffledUrls(url: string, count: number, seed: number): string[] {
  const rng = createRng(seed);
  const out: string[] = [];
  for (let k = 0; k < count; k++) {
    const units = url.split('');
    for (let i = units.length - 1; i > 1; i--) {
      const j = 1 + pickInt(rng, i);
      const t = units[i] as string;
      units[i] = units[j] as string;
      units[j] = t;
    }
    out.push(units.join(''));
  }
  return out;
}

/** Returns the URLs every input is checked with: about 4 KB each, seeded where random. */
export function commonHostileUrls(seed: number): string[] {
  const rng = createRng(deriveSeed(seed, 'common-urls'));
  const n = HOSTILE_URL_LENGTH;
  const printable = _randomText(rng, 'abcdefghijklmnopqrstuvwxyz0123456789-._~/?;=&%*$#', n);
  return [
    '/',
    '',
    '/robots.txt',
    '/' + 'a'.repeat(n),
    '/' + 'a'.repeat(n - 1) + 'b',
    '/' + 'ab'.repeat(n / 2),
    '/' + '/'.repeat(n),
    '/' + '%'.repeat(n),
    '/' + '%41'.repeat(n / 3),
    '/' + '%2a'.repeat(n / 3),
    '/' + '%25'.repeat(n / 3),
    '/' + '%e3%83%84'.repeat(n / 9),
    '/' + '%zz%'.repeat(n / 4),
    '/' + 'ツ'.repeat(n / 3),
    '/' + '\u00e9'.repeat(n / 2),
    '/' + '\ud83d\ude00'.repeat(n / 4),
    '/' + '\ud800'.repeat(n),
    '/' + '\udc00\ud800'.repeat(n / 2),
    '/a\ud800',
    '/' + '*'.repeat(n),
    '/' + '$'.repeat(n),
    '/' + '*$'.repeat(n / 2),
    '/?' + '?'.repeat(n),
    '/;' + ';'.repeat(n),
    '/' + 'index.html'.repeat(n / 10),
    '/robots.txt?' + 'a'.repeat(n),
    '/\u0000' + 'a'.repeat(n),
    '/a#' + 'a'.repeat(n),
    '#' + 'a'.repeat(n),
    'http://' + 'h'.repeat(n) + '/x',
    'https://example.com:' + '9'.repeat(n) + '/a',
    '//' + 'a'.repeat(n) + '/b',
    'a'.repeat(n) + '/b',
    '?' + 'a'.repeat(n),
    'http://example.com/' + 'a'.repeat(n),
    'http://other.example/' + 'a'.repeat(n - 1) + 'b',
    '/' + printable,
    '/' + ' '.repeat(n),
    '/' + '\t\r\n'.repeat(n / 3),
  ];
}

/** Returns common agents plus `extra`, without duplicates. */
function _agents(extra: readonly string[]): string[] {
  return [...new Set([...COMMON_AGENTS, ...extra])];
}

/** A generator definition: the body by scale, plus input-specific URLs and agents. */
interface _Definition {
  readonly name: string;
  readonly description: string;
  readonly maxBytes?: number;
  readonly agents?: readonly string[];
  body(rng: Rng, scale: _Scale): Uint8Array;
  urls?(rng: Rng): string[];
}

/** Letters of the random-letter storms: a small alphabet makes rules interact. */
const STORM_LETTERS = 'abcdefgh';

/** The hostile inputs, in report order. */
const _DEFINITIONS: readonly _Definition[] = [
  {
    name: 'storm-single-line',
    description: 'one `/*a*a*...*b` rule filling the 16,663-byte line limit exactly, and one 40,000-byte variant cut by it',
    body(_rng, scale) {
      const b = new _Body(Infinity);
      b.line('User-agent: *');
      const room = scale === 'full' ? LINE_LIMIT - 'Disallow: '.length : 200;
      // '/' + '*a' x k + '*b' fills `room` exactly when room is even.
      const k = Math.floor((room - 3) / 2);
      const pattern = '/' + '*a'.repeat(k) + '*b';
      b.line('Disallow: ' + pattern + (pattern.length < room ? 'b' : ''));
      b.line('Allow: /' + '*a'.repeat(k) + '*c');
      b.line('User-agent: robomata');
      b.line('Disallow: /' + '*a'.repeat(scale === 'full' ? 20_000 : 150) + '*b');
      return b.toBytes();
    },
    urls() {
      return ['/' + 'a'.repeat(HOSTILE_URL_LENGTH - 2) + 'c', '/' + 'a'.repeat(9000) + 'b'];
    },
  },
  {
    name: 'storm-same-letter',
    description: 'thousands of `/*a*a*...*b` rules in one group (1 to 60 stars, allow and disallow, some `$`)',
    body(rng, scale) {
      const b = new _Body(_budget(scale));
      b.line('User-agent: *');
      for (let i = 0; ; i++) {
        const stars = 1 + pickInt(rng, scale === 'full' ? 60 : 12);
        const last = 'abcdefghijklmnopqrstuvwxyz'[pickInt(rng, 26)] ?? 'b';
        const prefix = i % 7 === 0 ? '/x' : '';
        const kind = i % 3 === 0 ? 'Allow' : 'Disallow';
        const end = i % 5 === 0 ? '$' : '';
        if (!b.line(`${kind}: ${prefix}${'/*a'.slice(prefix ? 1 : 0)}${'*a'.repeat(stars - 1)}*${last}${end}`)) break;
      }
      return b.toBytes();
    },
  },
  {
    name: 'storm-random-letters',
    description: 'thousands of `/*x*q*...` rules over a small alphabet in one group: the subset construction explodes',
    agents: ['stormbot'],
    body(rng, scale) {
      const b = new _Body(_budget(scale));
      b.line('User-agent: *');
      b.line('User-agent: stormbot');
      for (let i = 0; ; i++) {
        const stars = 2 + pickInt(rng, scale === 'full' ? 15 : 6);
        const last = STORM_LETTERS[pickInt(rng, STORM_LETTERS.length)] ?? 'a';
        const kind = i % 2 === 0 ? 'Disallow' : 'Allow';
        const end = i % 4 === 0 ? '$' : '';
        if (!b.line(`${kind}: ${_stormPattern(rng, stars, STORM_LETTERS, last)}${end}`)) break;
      }
      return b.toBytes();
    },
    urls(rng) {
      return [
        '/' + _randomText(rng, STORM_LETTERS, HOSTILE_URL_LENGTH),
        '/' + _randomText(rng, STORM_LETTERS + '/', HOSTILE_URL_LENGTH),
        '/' + _fill(STORM_LETTERS, HOSTILE_URL_LENGTH),
      ];
    },
  },
  _longStormDefinition('storm-long-random', 'hundreds of long (up to ~1 KB) random-letter wildcard rules: many NFA positions per rule', false),
  _longStormDefinition(
    'storm-long-mixed',
    'storm-long-random with Allow and Disallow alternating: isAllowed, not only decide, needs the longest of hundreds of matching candidates',
    true,
  ),
  {
    name: 'segment-probe-storm',
    description: 'hundreds of `/*a*a*...*ac` rules whose last segment starts with the URL\'s commonest byte but never occurs (matching each rule alone reads the URL once per rule), behind a storm of wildcard rules',
    body(rng, scale) {
      const b = new _Body(_budget(scale));
      b.line('User-agent: *');
      for (let i = 0; i < (scale === 'full' ? 100 : 10); i++) b.line('Disallow: ' + _segmentStorm(rng, 2 + pickInt(rng, 30)));
      for (let k = 1; ; k++) {
        const pattern = '/' + '*a'.repeat(k % 300) + '*' + 'b'.repeat(1 + Math.floor(k / 300)) + '*ac';
        if (!b.line((k % 2 === 0 ? 'Disallow: ' : 'Allow: ') + pattern)) break;
      }
      return b.toBytes();
    },
    urls(rng) {
      let mostlyA = '/' + 'b'.repeat(20);
      while (mostlyA.length < HOSTILE_URL_LENGTH - 2) mostlyA += pickInt(rng, 10) === 0 ? 'b' : 'a';
      return [mostlyA + 'bc', '/' + 'b'.repeat(20) + 'a'.repeat(HOSTILE_URL_LENGTH - 23) + 'bc'];
    },
  },
  {
    name: 'storm-two-letters',
    description: 'hundreds of rules of one-letter segments over `a` and `b`, each ending in a `z` no URL holds: a new URL walks every rule to its end, one sweep step per segment of the group (the rule scan\'s worst case)',
    body(rng, scale) {
      return _ruleStormBody(scale, (i) => (i % 2 === 0 ? 'Disallow: ' : 'Allow: ') + _stormPattern(rng, 2 + pickInt(rng, scale === 'full' ? 400 : 30), 'ab', 'z'));
    },
    urls(rng) {
      return ['/' + _randomText(rng, 'ab', HOSTILE_URL_LENGTH), '/' + _fill('ab', HOSTILE_URL_LENGTH)];
    },
  },
  {
    name: 'distinct-rules-500k',
    description: '500 KiB of distinct literal rules in one group, sharing long prefixes (a deep trie)',
    body(rng, scale) {
      const b = new _Body(_budget(scale));
      b.line('User-agent: *');
      const shared = '/' + 'a'.repeat(scale === 'full' ? 200 : 20);
      for (let i = 0; ; i++) {
        const base = i % 4 === 0 ? shared : '/p/' + i.toString(36);
        const tail = _randomText(rng, 'abcdefghijklmnopqrstuvwxyz0123456789/-_.', 4 + pickInt(rng, 24));
        const kind = i % 3 === 0 ? 'Allow' : 'Disallow';
        if (!b.line(`${kind}: ${base}${tail}${i % 9 === 0 ? '$' : ''}`)) break;
      }
      return b.toBytes();
    },
    urls() {
      return ['/' + 'a'.repeat(HOSTILE_URL_LENGTH), '/p/' + 'z'.repeat(HOSTILE_URL_LENGTH)];
    },
  },
  {
    name: 'agents-100k',
    description: '100,000 distinct user-agent lines in one group (about 1.4 MB, compiled with a raised parse limit)',
    maxBytes: 2_000_000,
    agents: ['aaaa', 'ZZZZ', 'xyz'],
    body(_rng, scale) {
      const count = scale === 'full' ? 100_000 : 100;
      const letters = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';
      const parts: string[] = [];
      for (let i = 0; i < count; i++) parts.push(`User-agent: ${_spell(i, letters, 4)}\n`);
      parts.push('Disallow: /private\nAllow: /private/ok\n');
      return latin1Bytes(parts.join(''));
    },
  },
  {
    name: 'agent-groups-100k',
    description: '100,000 distinct user-agents (four lower-case letters: distinct in any letter case), each opening a group of its own with one rule of its own (3.1 MB, compiled with a raised parse limit): 100,000 merged groups and parts',
    maxBytes: 3_200_000,
    agents: ['aaaa', 'ZZZZ', 'zzz', 'xyzw'],
    body(_rng, scale) {
      const count = scale === 'full' ? 100_000 : 50;
      const letters = 'abcdefghijklmnopqrstuvwxyz';
      const parts: string[] = [];
      for (let i = 0; i < count; i++) {
        const token = _spell(i, letters, 4);
        parts.push(`User-agent:${token}\nDisallow:/${token}\n`);
      }
      return latin1Bytes(parts.join(''));
    },
  },
  {
    name: 'shared-group-3000',
    description: '3,000 product tokens naming one large group of mixed literal and wildcard rules, each token also naming a small group of its own: 3,000 merged groups that must share the large part',
    agents: ['shaaa', 'SHBBB', 'shzzz', 'shdqe'],
    body(rng, scale) {
      const tokens = scale === 'full' ? 3_000 : 6;
      const token = (i: number): string => 'sh' + _spell(i, 'abcdefghijklmnopqrstuvwxyz', 3);
      const own: string[] = [];
      for (let i = 0; i < tokens; i++) own.push(`User-agent: ${token(i)}\nDisallow: /own/${token(i)}\n`);
      const ownText = own.join('');
      const b = new _Body(_budget(scale) - ownText.length);
      for (let i = 0; i < tokens; i++) b.line(`User-agent: ${token(i)}`);
      for (let i = 0; ; i++) {
        const line =
          i % 4 === 0
            ? `Allow: /big/*${_randomText(rng, STORM_LETTERS, 1 + pickInt(rng, 3))}*${_randomText(rng, STORM_LETTERS, 1 + pickInt(rng, 3))}`
            : i % 4 === 1
              ? `Disallow: /*${_randomText(rng, STORM_LETTERS, 2 + pickInt(rng, 6))}$`
              : `Disallow: /big/${_randomText(rng, STORM_LETTERS + '/', 8 + pickInt(rng, 40))}`;
        if (!b.line(line)) break;
      }
      b.raw(ownText);
      return b.toBytes();
    },
    urls(rng) {
      return ['/big/' + _randomText(rng, STORM_LETTERS, HOSTILE_URL_LENGTH), '/own/shaaa/' + 'a'.repeat(HOSTILE_URL_LENGTH)];
    },
  },
  {
    name: 'groups-many',
    description: 'as many one-rule groups as fit in 500 KiB, agent tokens differing in case and digits, plus prototype names',
    agents: ['bota', 'BOTA', 'Bot', 'zz'],
    body(rng, scale) {
      const b = new _Body(_budget(scale));
      for (let i = 0; ; i++) {
        const token = 'bot' + _randomText(rng, 'abcdefgABCDEFG_-', 1 + pickInt(rng, 3));
        const agent = i % 11 === 0 ? PROTOTYPE_NAMES[i % PROTOTYPE_NAMES.length] ?? 'x' : i % 13 === 0 ? token + '2/1.0' : token;
        if (!b.line(`User-agent: ${agent}`)) break;
        if (!b.line(`Disallow: /${token}/${i.toString(36)}`)) break;
        if (i % 5 === 0 && !b.line(`Crawl-delay: ${i % 17}`)) break;
      }
      return b.toBytes();
    },
  },
  {
    name: 'long-lines',
    description: 'lines of 16,662, 16,663, 16,664 and 100,000 bytes: patterns, agents and comments cut at the line limit',
    agents: ['longbot', 'l'],
    body(_rng, scale) {
      const lim = scale === 'full' ? LINE_LIMIT : 120;
      const b = new _Body(Infinity);
      b.line('User-agent: ' + 'l'.repeat(lim));
      b.line('User-agent: longbot');
      b.line('Disallow: /' + 'x'.repeat(lim - 'Disallow: /'.length - 1));
      b.line('Disallow: /' + 'y'.repeat(lim - 'Disallow: /'.length));
      b.line('Disallow: /' + 'z'.repeat(lim - 'Disallow: /'.length) + '$');
      b.line('Allow: /' + 'a'.repeat(scale === 'full' ? 100_000 : 400) + '$');
      b.line('Disallow: /' + '*'.repeat(lim));
      b.line('# ' + 'c'.repeat(scale === 'full' ? 100_000 : 400));
      b.line('Sitemap: http://example.com/' + 's'.repeat(scale === 'full' ? 50_000 : 300));
      b.line('Disallow: ' + ' '.repeat(lim - 'Disallow: '.length - 2) + '/w');
      b.line('User-agent: *');
      b.line('Disallow: /' + 'q'.repeat(lim * (scale === 'full' ? 3 : 1)));
      return b.toBytes();
    },
    urls() {
      const lim = LINE_LIMIT;
      return [
        '/' + 'x'.repeat(lim),
        '/' + 'y'.repeat(lim),
        '/' + 'z'.repeat(lim - 10),
        '/' + 'a'.repeat(100_000),
        '/' + 'q'.repeat(lim),
      ];
    },
  },
  {
    name: 'nul-flood',
    description: 'NUL bytes everywhere: whole lines of NULs, NUL inside keys, values and agents',
    body(rng, scale) {
      const b = new _Body(_budget(scale));
      b.line('User-agent: *\u0000bot');
      b.line('Dis\u0000allow: /a');
      b.line('Disallow: /b\u0000/c');
      b.line('Disallow: /d\u0000');
      b.line('\u0000Disallow: /e');
      for (let i = 0; ; i++) {
        const nuls = '\u0000'.repeat(1 + pickInt(rng, 200));
        const line = i % 3 === 0 ? nuls : i % 3 === 1 ? `Disallow: /n${i}${nuls}/hidden` : `Allow${nuls}: /m${i}`;
        if (!b.line(line)) break;
      }
      return b.toBytes();
    },
    urls() {
      return ['/b\u0000/c', '/d' + '\u0000'.repeat(HOSTILE_URL_LENGTH), '\u0000'.repeat(HOSTILE_URL_LENGTH)];
    },
  },
  {
    name: 'cr-flood',
    description: '500 KiB of CR, CRLF and LFCR line breaks (hundreds of thousands of empty lines) between rules',
    body(rng, scale) {
      const b = new _Body(_budget(scale));
      b.raw('User-agent: *\r');
      for (let i = 0; b.bytes < _budget(scale) - 64; i++) {
        const breaks = _randomText(rng, '\r\r\r\n', 1 + pickInt(rng, 400)).slice(0, _budget(scale) - b.bytes - 40);
        b.raw(breaks);
        b.raw(i % 2 === 0 ? `Disallow: /r${i}` : `Allow: /r${i}/\n\r`);
      }
      return b.toBytes();
    },
    urls() {
      return ['/r0\r', '/r' + '\r'.repeat(HOSTILE_URL_LENGTH), '/\r\n' + 'a'.repeat(HOSTILE_URL_LENGTH)];
    },
  },
  {
    name: 'bom-mid-file',
    description: 'byte-order marks at the start, partial BOMs, and BOMs before keys and inside patterns mid-file',
    body(rng, scale) {
      const bom = '\xef\xbb\xbf';
      const b = new _Body(_budget(scale));
      b.raw(bom + bom);
      b.line('User-agent: *');
      for (let i = 0; ; i++) {
        const which = i % 6;
        const line =
          which === 0 ? `${bom}Disallow: /bom${i}` :
          which === 1 ? `Disallow: /in${bom}side${i}` :
          which === 2 ? `\xef\xbbAllow: /partial${i}` :
          which === 3 ? `\xefDisallow: /one${i}` :
          which === 4 ? `Disallow: ${bom}/lead${i}` :
          `User-agent: ${bom}bombot${pickInt(rng, 3)}`;
        if (!b.line(line)) break;
      }
      return b.toBytes();
    },
    urls() {
      return ['/in\ufeffside1', '/in%EF%BB%BFside1', '/' + '\ufeff'.repeat(HOSTILE_URL_LENGTH / 3)];
    },
  },
  {
    name: 'invalid-utf8',
    description: 'invalid UTF-8 in keys, agents and patterns: lone continuation bytes, overlongs, encoded surrogates, 0xFF',
    body(rng, scale) {
      const bad = ['\x80', '\xbf', '\xc0\xaf', '\xe0\x80\xaf', '\xed\xa0\x80', '\xed\xbf\xbf', '\xf4\x90\x80\x80', '\xff', '\xfe', '\xc3', '\xe3\x83'];
      const b = new _Body(_budget(scale));
      b.line('User-agent: *');
      b.line('User-agent: \xff\xfebot');
      b.line('\xffDisallow: /x');
      for (let i = 0; ; i++) {
        let p = '/';
        for (let k = 0; k < 1 + pickInt(rng, 6); k++) p += (bad[pickInt(rng, bad.length)] ?? '') + _randomText(rng, 'abc*', pickInt(rng, 3));
        if (!b.line(`${i % 2 ? 'Allow' : 'Disallow'}: ${p}`)) break;
      }
      return b.toBytes();
    },
    urls() {
      return ['/\ufffd', '/%FF', '/%ED%A0%80', '/' + '\ufffd'.repeat(HOSTILE_URL_LENGTH / 3), '/' + '%80'.repeat(HOSTILE_URL_LENGTH / 3)];
    },
  },
  {
    name: 'html-body',
    description: 'an HTML error page served as robots.txt, with rule-like text inside tags and attributes',
    body(rng, scale) {
      const b = new _Body(_budget(scale));
      b.line('<!DOCTYPE html><html><head><title>404 Not Found</title>');
      b.line('<meta name="robots" content="noindex"><script>var a = {"Disallow": "/"};</script></head><body>');
      b.line('<p>User-agent: *</p>');
      b.line('<a href="/x">Disallow: /x</a>');
      b.line('User-agent: *<br>Disallow: /<br>');
      for (let i = 0; ; i++) {
        const line = `<div class="c${i}" data-x="${_randomText(rng, 'abc:/*$#%', 12)}">Allow: /${i}</div><!-- Disallow: /${i} -->`;
        if (!b.line(line)) break;
      }
      return b.toBytes();
    },
    urls() {
      return ['/x', '/<br>', '/%3Cbr%3E', '/' + '<div>'.repeat(HOSTILE_URL_LENGTH / 5)];
    },
  },
  {
    name: 'binary-body',
    description: '500 KiB of seeded random bytes behind a gzip header (a compressed body served raw)',
    body(rng, scale) {
      const n = _budget(scale);
      const out = new Uint8Array(n);
      for (let i = 0; i < n; i += 4) {
        const r = rng();
        out[i] = r & 0xff;
        if (i + 1 < n) out[i + 1] = (r >>> 8) & 0xff;
        if (i + 2 < n) out[i + 2] = (r >>> 16) & 0xff;
        if (i + 3 < n) out[i + 3] = r >>> 24;
      }
      out.set([0x1f, 0x8b, 0x08, 0x00], 0);
      // Sprinkle real directives so some of the binary ends up inside groups.
      const directive = latin1Bytes('\nUser-agent: *\nDisallow: /*\xff*\x00*\nAllow: /$\n');
      for (let at = 1000; at + directive.length < n; at += scale === 'full' ? 50_000 : 700) out.set(directive, at);
      return out;
    },
  },
  {
    name: 'binary-png',
    description: 'a PNG-like body: signature, chunk headers, and bytes that form CR/LF/`:` at random',
    body(rng, scale) {
      const n = _budget(scale);
      const out = new Uint8Array(n);
      const alphabet = [0x00, 0x0a, 0x0d, 0x3a, 0x2a, 0x24, 0x2f, 0x25, 0x23, 0x20, 0x41, 0xff, 0x80];
      for (let i = 0; i < n; i++) out[i] = alphabet[pickInt(rng, alphabet.length)] ?? 0;
      out.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 0);
      out.set(latin1Bytes('\nuser-agent:*\nAllow:/\n'), 9);
      return out;
    },
  },
  {
    name: 'prototype-names',
    description: '`__proto__`, `constructor`, `toString`, `hasOwnProperty` ... as agents, keys, values and sitemaps',
    agents: [...PROTOTYPE_NAMES],
    body(_rng) {
      const b = new _Body(Infinity);
      b.line('Sitemap: __proto__');
      b.line('__proto__: {"polluted": true}');
      b.line('constructor: prototype');
      for (const name of PROTOTYPE_NAMES) {
        b.line(`User-agent: ${name}`);
        b.line(`Disallow: /${name}`);
        b.line(`Allow: /${name}/ok`);
        b.line(`Crawl-delay: ${name}`);
        b.line(`${name}: ${name}`);
        b.line(`Sitemap: ${name}`);
      }
      b.line('User-agent: *');
      b.line('Disallow: /__proto__');
      b.line('Crawl-delay: 5');
      b.line('toString: 1');
      b.line('hasOwnProperty: 2');
      b.line('Crawl-delay: constructor');
      b.line('Disallow /valueOf');
      return b.toBytes();
    },
    urls() {
      return PROTOTYPE_NAMES.flatMap((n) => ['/' + n, '/' + n + '/ok', '/' + n.repeat(Math.floor(HOSTILE_URL_LENGTH / n.length))]);
    },
  },
  {
    name: 'percent-deep',
    description: 'deep `%` escapes: `%25` chains, `%%%`, bad hex, lower-case hex, escaped `*`/`$`, trailing `%`',
    body(rng, scale) {
      const b = new _Body(_budget(scale));
      b.line('User-agent: *');
      const pieces = ['%25', '%2525', '%%', '%', '%zz', '%4', '%41', '%2a', '%2A', '%24', '%7e', '%e3%83%84', '%c3', '%00', '%0a', '%2F', '%3f'];
      for (let i = 0; ; i++) {
        let p = '/';
        for (let k = 0; k < 1 + pickInt(rng, scale === 'full' ? 40 : 8); k++) p += pieces[pickInt(rng, pieces.length)] ?? '';
        if (i % 5 === 0) p += '*';
        if (!b.line(`${i % 2 ? 'Allow' : 'Disallow'}: ${p}${i % 7 === 0 ? '$' : ''}`)) break;
      }
      b.line('Disallow: /' + '%25'.repeat(scale === 'full' ? 5_000 : 30));
      return b.toBytes();
    },
    urls(rng) {
      const pieces = ['%25', '%', '%41', 'A', '%2a', '*', '%24', '$', 'ツ', '%e3%83%84', '%zz'];
      let u = '/';
      while (u.length < HOSTILE_URL_LENGTH) u += pieces[pickInt(rng, pieces.length)] ?? '';
      return [u, '/' + '%25'.repeat(HOSTILE_URL_LENGTH / 3), '/' + '%2525'.repeat(HOSTILE_URL_LENGTH / 5)];
    },
  },
  {
    name: 'only-specials',
    description: 'patterns made only of `*` and `$`: `*`, `$`, 16,000 stars, `$$$`, `*$*$`, `/$$`',
    body(_rng, scale) {
      const b = new _Body(Infinity);
      const big = scale === 'full' ? 16_000 : 100;
      b.line('User-agent: *');
      b.line('Disallow: *');
      b.line('Allow: $');
      b.line('Disallow: $$');
      b.line('Allow: /$$');
      b.line('Disallow: ' + '*'.repeat(big));
      b.line('Allow: ' + '*'.repeat(big) + '$');
      b.line('Disallow: ' + '$'.repeat(big));
      b.line('Allow: ' + '*$'.repeat(big / 2));
      b.line('Disallow: /' + '$*'.repeat(big / 2));
      b.line('User-agent: specials');
      b.line('Allow: *');
      b.line('Disallow: *$');
      b.line('Disallow: /*$');
      return b.toBytes();
    },
    agents: ['specials'],
  },
  {
    name: 'index-html-storm',
    description: 'thousands of `Allow: .../index.html` rules with wildcards: the index.html rule doubles every pattern',
    body(rng, scale) {
      const b = new _Body(_budget(scale));
      b.line('User-agent: *');
      b.line('Disallow: /');
      for (let i = 0; ; i++) {
        const dir = _randomText(rng, 'ab*', 1 + pickInt(rng, 8));
        if (!b.line(`Allow: /${dir}/index.htm${i % 2 ? 'l' : ''}${i % 3 === 0 ? '*' : ''}`)) break;
      }
      return b.toBytes();
    },
    urls() {
      return ['/a/', '/' + 'ab/'.repeat(HOSTILE_URL_LENGTH / 3), '/' + 'a/index.html'.repeat(HOSTILE_URL_LENGTH / 12)];
    },
  },
  {
    name: 'colonless',
    description: '`Disallow /x` lines without a colon, three-token lines, and key-only lines, filling 500 KiB',
    body(rng, scale) {
      const b = new _Body(_budget(scale));
      b.line('User-agent *');
      for (let i = 0; ; i++) {
        const line =
          i % 4 === 0 ? `Disallow /c${i}` :
          i % 4 === 1 ? `Disallow\t/t${i} extra` :
          i % 4 === 2 ? `Allow /c${i}/*${_randomText(rng, 'xyz', 3)}` :
          'Disallow';
        if (!b.line(line)) break;
      }
      return b.toBytes();
    },
  },
  {
    name: 'whitespace-only',
    description: '500 KiB of spaces, tabs, vertical tabs and form feeds around a single rule',
    body(rng, scale) {
      const n = _budget(scale);
      const body = _randomText(rng, ' \t\v\f  ', n - 40);
      return latin1Bytes(body.slice(0, n / 2) + '\nUser-agent: *\nDisallow: /ws\n' + body.slice(n / 2));
    },
  },
  {
    name: 'over-limit',
    description: 'a 2 MB body: everything past the 512,000-byte parse limit (a catch-all `Disallow: /`) must be ignored',
    body(rng, scale) {
      const limit = scale === 'full' ? INPUT_BUDGET : REDUCED_BUDGET;
      const b = new _Body(limit);
      b.line('User-agent: *');
      for (let i = 0; b.line(`Disallow: /o${i}/${_randomText(rng, 'abc', 6)}`); i++);
      b.raw('\n'.repeat(limit - b.bytes));
      b.raw('Disallow: /\nUser-agent: Googlebot\nDisallow: /\n');
      b.raw(('Disallow: /' + 'x'.repeat(50) + '\n').repeat(scale === 'full' ? 25_000 : 10));
      return b.toBytes();
    },
    urls() {
      return ['/anything', '/o1/abc'];
    },
  },
  {
    name: 'preferences-500k',
    description: '500 KiB of Content-Usage and Content-Signal lines in one group: wildcard paths with repeated segments, duplicates, long and unparseable statements (docs/semantics.md section 10)',
    body(rng, scale) {
      const b = new _Body(_budget(scale));
      b.line('User-agent: *');
      b.line('Allow: /');
      const seg = scale === 'full' ? 'a'.repeat(40) : 'aaaa';
      for (let i = 0; ; i++) {
        const key = i % 2 === 0 ? 'Content-Usage' : 'Content-Signal';
        const [yes, no] = i % 2 === 0 ? ['y', 'n'] : ['yes', 'no'];
        const r = i % 6;
        const path = r === 0 ? '' : r === 1 ? `/*${seg}*${seg}b$ ` : r === 2 ? `/${_randomText(rng, 'ab*', 2 + pickInt(rng, 30))} `
          : r === 3 ? `/*a*a*a*a*a*a*a*a*b${i % 5 === 0 ? '' : i.toString(36)} ` : r === 4 ? `/${'a'.repeat(1 + pickInt(rng, 60))} ` : '/a ';
        const pref = i % 11 === 0 ? 'Train-AI=N, ((' : `train-ai=${i % 3 === 0 ? no : yes}, search=${yes}, ai-train=${no}, x${i.toString(36)}=${yes}`;
        if (!b.line(`${key}: ${path}${pref}`)) break;
      }
      return b.toBytes();
    },
    urls() {
      return ['/' + 'a'.repeat(HOSTILE_URL_LENGTH), '/' + 'ab'.repeat(HOSTILE_URL_LENGTH / 2), '/' + 'a'.repeat(HOSTILE_URL_LENGTH - 1) + 'b'];
    },
  },
  {
    name: 'empty',
    description: 'a zero-byte body',
    body() {
      return new Uint8Array(0);
    },
  },
];

/**
 * Returns the hostile inputs for `seed`. Bodies and URLs are generated lazily on each call of
 * `make()` / `makeReduced()` / `urls()`, deterministically from the seed and the input's name.
 */
export function createHostileInputs(seed: number = DEFAULT_SEED): HostileInput[] {
  return _DEFINITIONS.map((def): HostileInput => {
    const s = deriveSeed(seed, def.name);
    return {
      name: def.name,
      description: def.description,
      make: () => def.body(createRng(s), 'full'),
      makeReduced: () => def.body(createRng(s), 'reduced'),
      maxBytes: def.maxBytes,
      agents: _agents(def.agents ?? []),
      urls: () => [...commonHostileUrls(seed), ...(def.urls?.(createRng(s ^ 0x5eed)) ?? [])],
    };
  });
}

/** The hostile inputs for {@link DEFAULT_SEED}. */
export const HOSTILE_INPUTS: readonly HostileInput[] = createHostileInputs(DEFAULT_SEED);

/** Returns the hostile input called `name`; throws when there is none (a test typo). */
export function findHostileInput(name: string, seed: number = DEFAULT_SEED): HostileInput {
  const found = createHostileInputs(seed).find((i) => i.name === name);
  if (found === undefined) throw new Error(`no hostile input named ${JSON.stringify(name)}`);
  return found;
}
