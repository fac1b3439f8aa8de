// format.ts: the header constants agree with the documented layout, computeChecksum is FNV-1a 32
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

describe('computeChecksum', () => {
  it('is FNV-1a 32 (published test vectors) for inputs shorter than the checksum field', () => {
    const enc = new TextEncoder();
    expect(computeChecksum(new Uint8Array(0))).toBe(0x811c9dc5);
    expect(computeChecksum(enc.encode('a'))).toBe(0xe40c292c);
    expect(computeChecksum(enc.encode('foobar'))).toBe(0xbf9cf968);
  });

  it('reads bytes 12..15 (the checksum field) as 0 and every other byte as itself', () => {
    const a = new TextEncoder().encode('0123456789abcdefghij');
    const b = a.slice();
    b.set([0xde, 0xad, 0xbe, 0xef], 12);
    const zeroed = a.slice();
    zeroed.fill(0, 12, 16);
    expect(computeChecksum(b)).toBe(computeChecksum(a));
    expect(computeChecksum(a)).toBe(computeChecksum(zeroed));
    // Plain FNV-1a of the zeroed bytes: the field is hashed as zeros, not skipped.
    let h = 0x811c9dc5;
    for (const x of zeroed) h = Math.imul(h ^ x, 0x01000193);
    expect(computeChecksum(a)).toBe(h >>> 0);
    let raw = 0x811c9dc5;
    for (const x of a) raw = Math.imul(raw ^ x, 0x01000193);
    expect(computeChecksum(a)).not.toBe(raw >>> 0);
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
