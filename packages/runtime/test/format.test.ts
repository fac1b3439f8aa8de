// format.ts: the header constants agree with the documented layout, computeChecksum is MurmurHash3 x86_32
// over every byte with the checksum field (bytes 12..15) read as 0, and isUnreservedByte is
// exactly RFC 3986's unreserved set.
import { describe, expect, it } from 'vitest';
import { compile } from '@robomata/compiler';
import {
  FLAG_PATTERNS, FLAG_PROFILE_GOOGLE, FLAG_SCOPED, FORMAT_VERSION, GROUP_FLAG_GLOBAL, HEADER_BYTES, KNOWN_FLAGS, MAGIC,
  NO_RANK, WARNING_CODES, computeChecksum, isUnreservedByte,
} from '../src/format.js';
import * as formatSubpath from '@robomata/runtime/format';
import { FORMAT_VERSION as PUBLIC_FORMAT_VERSION } from '@robomata/runtime';

describe('format constants', () => {
  it('spells "RBMT" with the magic read little-endian', () => {
    const bytes = new Uint8Array(4);
    new DataView(bytes.buffer).setUint32(0, MAGIC, true);
    expect(new TextDecoder().decode(bytes)).toBe('RBMT');
  });

  it('is format version 3 with a 16-byte header, exported from the main entry and the format subpath', () => {
    expect(FORMAT_VERSION).toBe(3);
    expect(HEADER_BYTES).toBe(16);
    expect(PUBLIC_FORMAT_VERSION).toBe(3);
    expect(formatSubpath.FORMAT_VERSION).toBe(3);
    expect(formatSubpath.computeChecksum).toBe(computeChecksum);
  });

  it('has three distinct single-bit flags and KNOWN_FLAGS is exactly their union', () => {
    const flags = [FLAG_PROFILE_GOOGLE, FLAG_PATTERNS, FLAG_SCOPED];
    for (const f of flags) expect(f & (f - 1), String(f)).toBe(0);
    expect(new Set(flags).size).toBe(3);
    expect(KNOWN_FLAGS).toBe(FLAG_PROFILE_GOOGLE | FLAG_PATTERNS | FLAG_SCOPED);
    expect(KNOWN_FLAGS).toBe(7);
    expect(GROUP_FLAG_GLOBAL).toBe(1);
  });

  it('numbers the warning codes truncated, html, binary and puts NO_RANK above every rank', () => {
    expect([...WARNING_CODES]).toEqual(['truncated', 'html', 'binary']);
    expect(NO_RANK).toBe(2 ** 31 - 1);
  });

  it('writes the header fields where the layout says (compiled artifact)', () => {
    const art = compile('User-agent: *\nDisallow: /x\n', { profile: 'google' });
    const dv = new DataView(art.buffer, art.byteOffset, art.byteLength);
    expect(dv.getUint32(0, true)).toBe(MAGIC);
    expect(dv.getUint16(4, true)).toBe(FORMAT_VERSION);
    expect(dv.getUint16(6, true)).toBe(FLAG_PROFILE_GOOGLE | FLAG_PATTERNS);
    expect(dv.getUint32(8, true)).toBe(art.length);
    expect(dv.getUint32(12, true)).toBe(computeChecksum(art));
    const scoped = compile('User-agent: *\nDisallow: /x\n', { agents: ['a'], patterns: false });
    expect(new DataView(scoped.buffer, scoped.byteOffset).getUint16(6, true)).toBe(FLAG_SCOPED);
  });
});

/** MurmurHash3 x86_32 of `bytes` as its reference text states it, a byte at a time (no field zeroed). */
function murmur3(bytes: Uint8Array, seed = 0): number {
  const scramble = (k: number): number => Math.imul((Math.imul(k, 0xcc9e2d51) << 15) | (Math.imul(k, 0xcc9e2d51) >>> 17), 0x1b873593);
  let h = seed | 0;
  const blocks = bytes.length >> 2;
  for (let i = 0; i < blocks; i++) {
    const k = bytes[4 * i]! | (bytes[4 * i + 1]! << 8) | (bytes[4 * i + 2]! << 16) | (bytes[4 * i + 3]! << 24);
    h ^= scramble(k);
    h = (h << 13) | (h >>> 19);
    h = (Math.imul(h, 5) + 0xe6546b64) | 0;
  }
  let k = 0;
  for (let j = bytes.length - 1; j >= 4 * blocks; j--) k = (k << 8) | bytes[j]!;
  if (bytes.length % 4 !== 0) h ^= scramble(k);
  h ^= bytes.length;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

describe('computeChecksum', () => {
  const enc = new TextEncoder();
  it('is MurmurHash3 x86_32, seed 0 (published test vectors) for inputs no longer than 12 bytes', () => {
    // Vectors of github.com/spaolacci/murmur3's murmur_test.go (h32, seed 0; seeds 1 and 42 for the reference below).
    expect(computeChecksum(new Uint8Array(0))).toBe(0);
    expect(computeChecksum(enc.encode('hello'))).toBe(0x248bfa47);
    expect(computeChecksum(enc.encode('hello, world'))).toBe(0x149bbb7f);
  });

  it('agrees with the byte-at-a-time reference, which gives the published vectors', () => {
    const vectors: [number, number, string][] = [
      [0, 0x00000000, ''], [0, 0x248bfa47, 'hello'], [0, 0x149bbb7f, 'hello, world'], [0, 0xe31e8a70, '19 Jan 2038 at 3:14:07 AM'],
      [0, 0xd5c48bfc, 'The quick brown fox jumps over the lazy dog.'], [1, 0x514e28b7, ''], [1, 0xf50e1f30, '19 Jan 2038 at 3:14:07 AM'],
      [0x2a, 0xc02d1434, 'The quick brown fox jumps over the lazy dog.'],
    ];
    for (const [seed, want, s] of vectors) expect(murmur3(enc.encode(s), seed), s).toBe(want);
    // Every length 0..40 (each tail, the field in the tail or in a block), aligned and not.
    const src = new Uint8Array(41).map((_, i) => (i * 151 + 7) & 0xff);
    for (let n = 0; n <= 40; n++) {
      for (const shift of [0, 1, 2, 3, 4]) {
        const buf = new Uint8Array(n + shift);
        buf.set(src.subarray(0, n), shift);
        const view = buf.subarray(shift);
        const zeroed = view.slice();
        zeroed.fill(0, 12, 16);
        expect(computeChecksum(view), `length ${n}, offset ${shift}`).toBe(murmur3(zeroed));
      }
    }
  });

  it('reads bytes 12..15 (the checksum field) as 0 and every other byte as itself', () => {
    const a = enc.encode('0123456789abcdefghij');
    const b = a.slice();
    b.set([0xde, 0xad, 0xbe, 0xef], 12);
    const zeroed = a.slice();
    zeroed.fill(0, 12, 16);
    expect(computeChecksum(b)).toBe(computeChecksum(a));
    expect(computeChecksum(a)).toBe(computeChecksum(zeroed));
    // The field is hashed as zeros, not skipped.
    expect(computeChecksum(a)).toBe(murmur3(zeroed));
    expect(computeChecksum(a)).not.toBe(murmur3(a));
  });

  it('changes when any byte of an artifact outside the checksum field changes', () => {
    const art = compile('User-agent: *\nDisallow: /x\nAllow: /x/y$\nDisallow: /*a*b\nSitemap: https://e.com/s\n');
    const base = computeChecksum(art);
    for (let i = 0; i < art.length; i++) {
      const copy = art.slice();
      copy[i] = (copy[i] as number) ^ 0x01;
      if (i >= 12 && i < 16) expect(computeChecksum(copy), `byte ${i}`).toBe(base);
      else expect(computeChecksum(copy), `byte ${i}`).not.toBe(base);
    }
  });

  it('returns an unsigned 32-bit integer', () => {
    for (const txt of ['', 'User-agent: *\nDisallow: /\n', 'x'.repeat(1000)]) {
      const sum = computeChecksum(new TextEncoder().encode(txt));
      expect(Number.isInteger(sum) && sum >= 0 && sum < 2 ** 32).toBe(true);
    }
  });
});

describe('isUnreservedByte (RFC 3986 unreserved)', () => {
  it('is true exactly for A-Z a-z 0-9 - . _ ~', () => {
    const expected = new Set('ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~'.split('').map((c) => c.charCodeAt(0)));
    for (let b = 0; b < 256; b++) expect(isUnreservedByte(b), `byte ${b}`).toBe(expected.has(b));
  });

  it('is false for the reserved and special bytes a path holds', () => {
    for (const ch of '/?#[]@!$&\'()*+,;=% ') expect(isUnreservedByte(ch.charCodeAt(0)), ch).toBe(false);
  });
});
