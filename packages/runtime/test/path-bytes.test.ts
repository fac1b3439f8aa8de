// path-bytes.ts: findPathStart (docs/semantics.md section 6 examples) and fillPath: the path bytes of a URL
// in each profile (docs/semantics.md section 7: %XX of unreserved bytes decoded in rfc9309 only, other
// escapes upper-cased, `*` and `$` as %2A and %24, non-ASCII as UTF-8, lone surrogates as
// U+FFFD), the `need` cut, and URLs longer than the buffer. Expected bytes come from
// @robomata/reference's pathFromUrl and canonicalize, or are written out by hand.
import { THREAD_SCRATCH as sc } from '../src/scratch.js';
import { describe, expect, it } from 'vitest';
import { NO_RANK } from '../src/format.js';
import * as pathBytes from '../src/path-bytes.js';
import { copyPrefix, fillPath, findPathStart, httpAuthorityStart } from '../src/path-bytes.js';
import { canonicalize } from '../../reference/src/match.js';
import { pathFromUrl } from '../../reference/src/url.js';

const latin1 = (b: Uint8Array): string => String.fromCharCode(...b);

/** The path fillPath writes for `url`, as Latin-1 text. */
function filled(url: string, rfc: boolean, need = NO_RANK): string {
  const m = fillPath(url, rfc, need, sc);
  return latin1(sc.path.subarray(0, m));
}

/** The reference's path bytes for `url` in a profile, as Latin-1 text. */
function referencePath(url: string, rfc: boolean): string {
  const raw = pathFromUrl(url);
  return latin1(rfc ? canonicalize(raw, false) : raw);
}

/** The path docs/semantics.md section 6 gives, from findPathStart (before the `#` cut). */
function pathOf(url: string): string {
  const i = findPathStart(url);
  if (i < 0) return '/';
  let path = url.slice(i);
  const hash = path.indexOf('#');
  if (hash >= 0) path = path.slice(0, hash);
  return path.startsWith('/') ? path : `/${path}`;
}

describe('findPathStart (docs/semantics.md section 6)', () => {
  it('handles every example of docs/semantics.md section 6', () => {
    expect(findPathStart('http://www.example.com')).toBe(-1);
    expect(pathOf('http://www.example.com')).toBe('/');
    expect(findPathStart('example.com?a')).toBe(11);
    expect(pathOf('example.com?a')).toBe('/?a');
    expect(findPathStart('a/b')).toBe(1);
    expect(pathOf('a/b')).toBe('/b');
    expect(findPathStart('//a/b/c')).toBe(3);
    expect(pathOf('//a/b/c')).toBe('/b/c');
    expect(findPathStart('example.com/a;b#c')).toBe(11);
    expect(pathOf('example.com/a;b#c')).toBe('/a;b');
  });

  it('starts the path at the first / ? or ; after the authority', () => {
    expect(findPathStart('http://example.com/path?q')).toBe(18);
    expect(findPathStart('https://h:8080;p')).toBe(14);
    expect(findPathStart('http://h?x/y')).toBe(8);
    expect(findPathStart('/')).toBe(0);
    expect(findPathStart('?q')).toBe(0);
    expect(findPathStart(';p')).toBe(0);
    expect(findPathStart('')).toBe(-1);
    expect(findPathStart('example.com')).toBe(-1);
  });

  it('gives -1 (the path /) when a # comes before the path', () => {
    expect(findPathStart('http://example.com#frag/x')).toBe(-1);
    expect(findPathStart('a#b/c')).toBe(-1);
    expect(findPathStart('//h#/x')).toBe(-1);
    expect(findPathStart('x#y://h/p')).toBe(-1);
  });

  it('takes :// as the authority start only before any / ? or ;', () => {
    expect(findPathStart('a/b://c')).toBe(1);
    expect(findPathStart('/x://y/z')).toBe(0);
    expect(findPathStart('h?q=http://x/y')).toBe(1);
    expect(findPathStart('h;http://x/y')).toBe(1);
    expect(findPathStart('ftp://a/b://c')).toBe(7);
  });

  it('skips a leading // only, and needs all of ://', () => {
    expect(findPathStart('//a')).toBe(-1);
    expect(findPathStart('//a?b')).toBe(3);
    expect(findPathStart('///a')).toBe(2);
    expect(findPathStart('//h://x/p')).toBe(7);
    expect(findPathStart('http:/x')).toBe(5);
    expect(findPathStart('http:x/y')).toBe(6);
  });
});

describe('fillPath: the path (docs/semantics.md section 6)', () => {
  const examples: [string, string][] = [
    ['http://www.example.com', '/'],
    ['example.com?a', '/?a'],
    ['a/b', '/b'],
    ['//a/b/c', '/b/c'],
    ['example.com/a;b#c', '/a;b'],
    ['https://h:8080;p', '/;p'],
    ['http://example.com/#x', '/'],
    ['http://example.com/a#/b', '/a'],
    ['/a\u0000b', '/a'],
    ['/a/b?q=1&r=2', '/a/b?q=1&r=2'],
    ['', '/'],
  ];
  for (const rfc of [true, false]) {
    it(`writes the docs/semantics.md section 6 path of each example (${rfc ? 'rfc9309' : 'google'})`, () => {
      for (const [url, path] of examples) {
        expect(filled(url, rfc), JSON.stringify(url)).toBe(path);
        expect(referencePath(url, rfc), `reference ${JSON.stringify(url)}`).toBe(path);
      }
    });
  }
});

describe('fillPath: the canonical form per profile (docs/semantics.md section 7)', () => {
  const cases: [url: string, rfc9309: string, google: string][] = [
    ['/%41', '/A', '/%41'],
    ['/%7ex%7E', '/~x~', '/%7ex%7E'],
    ['/%2d%2E%5f%30', '/-._0', '/%2d%2E%5f%30'],
    ['/%2f', '/%2F', '/%2f'],
    ['/a%3fb', '/a%3Fb', '/a%3fb'],
    ['/%e3%83%84', '/%E3%83%84', '/%e3%83%84'],
    ['/a*b', '/a%2Ab', '/a*b'],
    ['/a$', '/a%24', '/a$'],
    ['/a%', '/a%', '/a%'],
    ['/a%4', '/a%4', '/a%4'],
    ['/a%g1', '/a%g1', '/a%g1'],
    ['/%%41', '/%A', '/%%41'],
    ['/%2541', '/%2541', '/%2541'],
    ['/ツ', '/%E3%83%84', '/\u00e3\u0083\u0084'],
    ['/é', '/%C3%A9', '/\u00c3\u00a9'],
    ['/😀', '/%F0%9F%98%80', '/\u00f0\u009f\u0098\u0080'],
    ['/\u0080', '/%C2%80', '/\u00c2\u0080'],
    ['/\u07ff\u0800', '/%DF%BF%E0%A0%80', '/\u00df\u00bf\u00e0\u00a0\u0080'],
  ];
  it('decodes unreserved %XX and encodes specials in rfc9309 only; google copies ASCII and writes UTF-8 octets', () => {
    for (const [url, rfc, google] of cases) {
      expect(filled(url, true), `rfc9309 ${url}`).toBe(rfc);
      expect(filled(url, false), `google ${url}`).toBe(google);
      expect(referencePath(url, true), `reference rfc9309 ${url}`).toBe(rfc);
      expect(referencePath(url, false), `reference google ${url}`).toBe(google);
    }
  });

  it('encodes a lone surrogate as U+FFFD (EF BF BD) and a valid pair as its code point', () => {
    const fffd = '%EF%BF%BD';
    expect(filled('/\uD800', true)).toBe(`/${fffd}`);
    expect(filled('/\uDC00', true)).toBe(`/${fffd}`);
    expect(filled('/\uD83Dx', true)).toBe(`/${fffd}x`);
    expect(filled('/x\uDC00\uD800', true)).toBe(`/x${fffd}${fffd}`);
    expect(filled('/\uD800\uD800\uDC00', true)).toBe(`/${fffd}%F0%90%80%80`);
    expect(filled('/\uD83D\uDE00', true)).toBe('/%F0%9F%98%80');
    expect(filled('/\uD800', false)).toBe('/\u00ef\u00bf\u00bd');
    for (const url of ['/\uD800', '/\uDC00', '/\uD83Dx', '/x\uDC00\uD800', '/\uD800\uD800\uDC00', '/a\uD800']) {
      for (const rfc of [true, false]) expect(filled(url, rfc), JSON.stringify(url)).toBe(referencePath(url, rfc));
    }
  });

  it('ends the path at # and NUL, also right after an escape', () => {
    for (const rfc of [true, false]) {
      expect(filled('/a%41#b', rfc)).toBe(rfc ? '/aA' : '/a%41');
      expect(filled('/ツ\u0000x', rfc)).toBe(rfc ? '/%E3%83%84' : '/\u00e3\u0083\u0084');
      expect(filled('/%4#1', rfc)).toBe('/%4');
    }
  });
});

describe('writeUnit: the bytes of a rare unit as fillPath writes them (tier 1 feeds the same octets, lazy-dfa.test.ts)', () => {
  /** The bytes writeUnit gives for the rare unit at `url[0]` (decodeRareUnit's answer), as Latin-1 text, written after two bytes already there. */
  function unitBytes(url: string, rfc: boolean): string {
    const out = new Uint8Array(16);
    const u = pathBytes.decodeRareUnit(url, 0, url.length) & pathBytes.RARE_UNIT_MASK;
    const end = pathBytes.writeUnit(out, 2, u, rfc);
    return latin1(out.subarray(2, end));
  }

  it('writes what fillPath writes for the unit, in both profiles, at most 12 bytes', () => {
    const units = ['%41', '%2f', '%zz', 'é', '€', '😀', '\ud800', '\udc00x'];
    for (const unit of units) {
      for (const rfc of [true, false]) {
        // google copies `%` as is, so only rfc9309 sends an escape through writeUnit.
        if (!rfc && unit.startsWith('%')) continue;
        const want = filled(`/${unit}`, rfc).slice(1, 1 + unitBytes(unit, rfc).length);
        expect(unitBytes(unit, rfc), `${unit} ${rfc}`).toBe(want);
        expect(unitBytes(unit, rfc).length).toBeLessThanOrEqual(12);
      }
    }
    expect(unitBytes('😀', true)).toBe('%F0%9F%98%80');
    expect(unitBytes('😀', false)).toBe('\xf0\x9f\x98\x80');
    expect(unitBytes('%41', true)).toBe('A');
    expect(unitBytes('%2f', true)).toBe('%2F');
    expect(unitBytes('*', true)).toBe('%2A');
  });
});

describe('fillPath: the need cut', () => {
  it('writes at least `need` bytes when the path has them, a prefix of the full path', () => {
    const url = 'http://h/abcdefghijklmnopqrstuvwxyz/0123456789';
    const full = filled(url, true);
    for (let need = 0; need <= full.length + 2; need++) {
      const m = fillPath(url, true, need, sc);
      if (full.length >= need) {
        expect(m, `need ${need}`).toBeGreaterThanOrEqual(need);
        expect(m).toBeLessThanOrEqual(need + 11);
      } else {
        expect(m, `need ${need}`).toBe(full.length);
      }
      expect(latin1(sc.path.subarray(0, m))).toBe(full.slice(0, m));
    }
  });

  it('finishes the character in progress: a 4-byte character in rfc9309 writes 12 bytes at once', () => {
    const m = fillPath('/😀😀', true, 2, sc);
    expect(m).toBe(13);
    expect(latin1(sc.path.subarray(0, m))).toBe('/%F0%9F%98%80');
    expect(fillPath('/😀😀', false, 2, sc)).toBe(5);
  });

  it('writes the leading / of a ?-path first, and / alone for no path', () => {
    expect(filled('h?q', true, 1)).toBe('/');
    expect(filled('h?q', true, 2)).toBe('/?');
    expect(filled('h', true, 0)).toBe('/');
  });
});

describe('fillPath: long URLs', () => {
  it('grows the buffer for a URL longer than any before, and keeps working for short ones after', () => {
    const before = sc.path.length;
    const long = `http://h/${'ツ'.repeat(before)}x`;
    const m = fillPath(long, true, NO_RANK, sc);
    expect(m).toBe(1 + 9 * before + 1);
    expect(sc.path.length).toBeGreaterThanOrEqual(m);
    expect(latin1(sc.path.subarray(0, m))).toBe(referencePath(long, true));
    const ascii = `/${'a'.repeat(5 * before)}`;
    expect(filled(ascii, false)).toBe(ascii);
    expect(filled('/short', true)).toBe('/short');
  });
});

describe('httpAuthorityStart and copyPrefix (tier 1 remembered authority)', () => {
  it('finds the authority of http(s) URLs in any case, and -1 for every other form', () => {
    expect(httpAuthorityStart('https://example.com/a')).toBe(8);
    expect(httpAuthorityStart('HTTP://example.com/a')).toBe(7);
    expect(httpAuthorityStart('hTtPs://x')).toBe(8);
    for (const u of ['/a', 'ftp://example.com/a', 'https:/example.com', 'https//x.com/', 'httpx://a/b', 'http:', 'https://', '//example.com/a', 'xhttp://a/b']) expect(httpAuthorityStart(u), u).toBe(-1);
  });

  it('copies a prefix unit for unit, non-ASCII and up to the 300 units remembered', () => {
    expect(copyPrefix('https://exämple.com/a', 19)).toBe('https://exämple.com');
    const long = `https://${'ab'.repeat(200)}/x`;
    expect(copyPrefix(long, 300)).toBe(long.slice(0, 300));
    expect(copyPrefix('abc', 0)).toBe('');
  });
});
