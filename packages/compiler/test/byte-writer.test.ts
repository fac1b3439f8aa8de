// byte-writer.ts: s() writes a string as its UTF-8 length (varint) and bytes, the same bytes
// whichever road it takes (the loop for short strings, one encodeInto for longer ones), also
// where the encoding's varint is longer than the units' and where the writer must grow.
import { describe, expect, it } from 'vitest';
import { ByteWriter } from '../src/byte-writer.js';

/** Returns what s() must write for `x`: the varint of its UTF-8 length, then the UTF-8. */
function expected(x: string): number[] {
  const utf8 = [...new TextEncoder().encode(x)];
  const out: number[] = [];
  let n = utf8.length;
  while (n >= 0x80) {
    out.push((n & 0x7f) | 0x80);
    n >>>= 7;
  }
  out.push(n);
  return [...out, ...utf8];
}

/** Returns the bytes written by s() of each of `strings` on a writer of `initial` bytes. */
function written(strings: readonly string[], initial: number): number[] {
  const w = new ByteWriter(new Uint8Array(initial), 0);
  for (const x of strings) w.s(x);
  return [...w.bytes.subarray(0, w.length)];
}

describe('ByteWriter.s', () => {
  const cases: [string, string][] = [
    ['short ASCII (the loop)', 'crawl-delay'],
    ['long ASCII (encodeInto)', 'https://example.com/sitemap.xml?page=1&lang=en'],
    ['long non-ASCII, same varint length', 'é'.repeat(30)],
    ['non-ASCII whose UTF-8 length needs a longer varint', `${'a'.repeat(126)}é`],
    ['non-ASCII past the room an ASCII string needs', 'ü'.repeat(300)],
    ['astral characters', '😀'.repeat(40)],
    ['a lone surrogate (U+FFFD)', `${'x'.repeat(40)}\ud800y`],
    ['ASCII longer than a varint byte', 'z'.repeat(20_000)],
  ];
  for (const [name, x] of cases) {
    it(`writes ${name} as its UTF-8 length and bytes, on a full, a short and an empty buffer`, () => {
      const want = [...expected('pre'), ...expected(x), ...expected(x + x)];
      for (const initial of [0, 16, 200_000]) expect(written(['pre', x, x + x], initial)).toEqual(want);
    });
  }
});
