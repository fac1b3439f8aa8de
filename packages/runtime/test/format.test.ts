// format.ts: the layout constants agree with the documented table, and computeChecksum is
// FNV-1a 32 over every byte with the checksum word read as 0.
import { describe, expect, it } from 'vitest';
import {
  AGENT_WORDS, CLASS_MAP_WORDS, DIRECTIVE_WORDS, FLAG_PROFILE_GOOGLE, FORMAT_VERSION, FRONTIER_BEST,
  FRONTIER_END, FRONTIER_LEVEL, FRONTIER_LIST_LENGTH, FRONTIER_LIST_OFFSET, FRONTIER_WORDS,
  GROUP_CRAWL_DELAY_HI, GROUP_CRAWL_DELAY_LO, GROUP_FIRST_PART, GROUP_FLAGS, GROUP_PART_COUNT,
  GROUP_RANK_COUNT, GROUP_RANK_OFFSET, GROUP_RULES_COUNT, GROUP_RULES_OFFSET, GROUP_WORDS,
  HEADER_CHECKSUM, HEADER_LENGTH, HEADER_MAGIC, HEADER_SECTION_COUNT, HEADER_SECTIONS,
  HEADER_VERSION_FLAGS, HEADER_WORDS, KIND_ALLOW, KIND_DISALLOW, MAGIC, NFA_ALLOW, NFA_ANCHORED,
  NFA_KIND_END, NFA_KIND_MASK, NFA_KIND_STAR, NO_RANK, PART_CLASS_COUNT, PART_CLASS_OFFSET,
  PART_END_OFFSET, PART_FRONTIER_COUNT, PART_FRONTIER_OFFSET, PART_HEADER_OFFSET, PART_LISTS_LENGTH,
  PART_LISTS_OFFSET, PART_NFA_OFFSET, PART_NFA_POSITIONS, PART_PAIRS_OFFSET, PART_PAIR_COUNT,
  PART_SETTLE_RULE, PART_SETTLE_VERDICT, PART_START, PART_STATE_COUNT, PART_WORDS, RULE_KIND,
  RULE_LINE, RULE_PATTERN_LENGTH, RULE_PATTERN_OFFSET, RULE_WORDS, SECTION_AGENTS, SECTION_COUNT,
  SECTION_DIRECTIVES, SECTION_GROUPS, SECTION_PARTS, SECTION_POOL, SECTION_RULES, SECTION_SITEMAPS,
  SECTION_STRINGS, SITEMAP_WORDS, computeChecksum,
} from '../src/format.js';
import { compile } from '@robomata/compiler';

/** Expects the field offsets to be exactly 0..size-1 (distinct, dense, inside the record). */
function expectDense(fields: readonly number[], size: number): void {
  expect([...fields].sort((a, b) => a - b)).toEqual(Array.from({ length: size }, (_, i) => i));
}

describe('format constants', () => {
  it('has a 22-word header: 6 fixed words plus offset and length per section', () => {
    expect(HEADER_SECTIONS).toBe(6);
    expect(SECTION_COUNT).toBe(8);
    expect(HEADER_WORDS).toBe(HEADER_SECTIONS + 2 * SECTION_COUNT);
    expect(HEADER_WORDS).toBe(22);
    expect([HEADER_MAGIC, HEADER_VERSION_FLAGS, HEADER_LENGTH, HEADER_CHECKSUM, HEADER_SECTION_COUNT]).toEqual([0, 1, 2, 3, 4]);
  });

  it('spells "RBMT" with the magic word read little-endian', () => {
    const bytes = new Uint8Array(4);
    new DataView(bytes.buffer).setUint32(0, MAGIC, true);
    expect(new TextDecoder().decode(bytes)).toBe('RBMT');
  });

  it('numbers the sections 0..7 in the documented order', () => {
    expect([SECTION_STRINGS, SECTION_AGENTS, SECTION_GROUPS, SECTION_PARTS, SECTION_POOL, SECTION_RULES, SECTION_SITEMAPS, SECTION_DIRECTIVES])
      .toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
  });

  it('lays records out densely', () => {
    expectDense([GROUP_FIRST_PART, GROUP_PART_COUNT, GROUP_RANK_OFFSET, GROUP_RANK_COUNT, GROUP_RULES_OFFSET, GROUP_RULES_COUNT,
      GROUP_CRAWL_DELAY_LO, GROUP_CRAWL_DELAY_HI, GROUP_FLAGS], GROUP_WORDS);
    expectDense([PART_CLASS_OFFSET, PART_CLASS_COUNT, PART_STATE_COUNT, PART_START, PART_SETTLE_VERDICT, PART_SETTLE_RULE,
      PART_HEADER_OFFSET, PART_PAIRS_OFFSET, PART_PAIR_COUNT, PART_END_OFFSET, PART_NFA_OFFSET, PART_NFA_POSITIONS,
      PART_FRONTIER_OFFSET, PART_FRONTIER_COUNT, PART_LISTS_OFFSET, PART_LISTS_LENGTH], PART_WORDS);
    expectDense([FRONTIER_BEST, FRONTIER_END, FRONTIER_LEVEL, FRONTIER_LIST_OFFSET, FRONTIER_LIST_LENGTH], FRONTIER_WORDS);
    expectDense([RULE_LINE, RULE_KIND, RULE_PATTERN_OFFSET, RULE_PATTERN_LENGTH], RULE_WORDS);
    // Agent: token string (2 words) + group; sitemap: one string; directive: line, key, value, group.
    expect(AGENT_WORDS).toBe(3);
    expect(SITEMAP_WORDS).toBe(2);
    expect(DIRECTIVE_WORDS).toBe(6);
    expect(CLASS_MAP_WORDS * 4).toBe(256);
  });

  it('keeps NFA kinds and flags apart', () => {
    expect(NFA_KIND_STAR).toBeGreaterThan(255);
    expect(NFA_KIND_END).toBeGreaterThan(255);
    expect(NFA_KIND_STAR).not.toBe(NFA_KIND_END);
    expect(NFA_KIND_STAR & ~NFA_KIND_MASK).toBe(0);
    expect(NFA_KIND_END & ~NFA_KIND_MASK).toBe(0);
    expect(NFA_ANCHORED & NFA_KIND_MASK).toBe(0);
    expect(NFA_ALLOW & NFA_KIND_MASK).toBe(0);
    expect(NFA_ALLOW & NFA_ANCHORED).toBe(0);
  });

  it('has distinct kinds, a version, one profile flag bit and NO_RANK above any rank', () => {
    expect(KIND_ALLOW).not.toBe(KIND_DISALLOW);
    expect(FORMAT_VERSION).toBeGreaterThanOrEqual(1);
    expect(FORMAT_VERSION).toBeLessThan(0x10000);
    expect(FLAG_PROFILE_GOOGLE).toBe(1);
    expect(NO_RANK).toBe(2 ** 31 - 1);
  });
});

describe('computeChecksum', () => {
  it('is FNV-1a 32 (published test vectors) for inputs shorter than the checksum word', () => {
    const enc = new TextEncoder();
    expect(computeChecksum(new Uint8Array(0))).toBe(0x811c9dc5);
    expect(computeChecksum(enc.encode('a'))).toBe(0xe40c292c);
    expect(computeChecksum(enc.encode('foobar'))).toBe(0xbf9cf968);
  });

  it('reads bytes 12..15 (the checksum word) as 0', () => {
    const enc = new TextEncoder();
    const a = enc.encode('0123456789abcdefghij');
    const b = a.slice();
    b.set([0xde, 0xad, 0xbe, 0xef], HEADER_CHECKSUM * 4);
    const zeroed = a.slice();
    zeroed.fill(0, 12, 16);
    expect(computeChecksum(b)).toBe(computeChecksum(a));
    expect(computeChecksum(a)).toBe(computeChecksum(zeroed));
    // The same bytes hashed by plain FNV-1a differ (the word is really skipped, not hashed).
    let h = 0x811c9dc5;
    for (const x of a) h = Math.imul(h ^ x, 0x01000193);
    expect(computeChecksum(a)).not.toBe(h >>> 0);
  });

  it('changes when any other byte of an artifact changes', () => {
    const art = compile('User-agent: *\nDisallow: /x\nAllow: /x/y$\nSitemap: https://e.com/s\n');
    const base = computeChecksum(art);
    for (let i = 0; i < art.length; i++) {
      const copy = art.slice();
      copy[i] = (copy[i] as number) ^ 0x01;
      if (i >= HEADER_CHECKSUM * 4 && i < HEADER_CHECKSUM * 4 + 4) expect(computeChecksum(copy), `byte ${i}`).toBe(base);
      else expect(computeChecksum(copy), `byte ${i}`).not.toBe(base);
    }
  });

  it('returns an unsigned 32-bit integer matching the stored word of a compiled artifact', () => {
    const art = compile('User-agent: *\nDisallow: /\n');
    const sum = computeChecksum(art);
    expect(Number.isInteger(sum) && sum >= 0 && sum < 2 ** 32).toBe(true);
    expect(new DataView(art.buffer, art.byteOffset).getUint32(HEADER_CHECKSUM * 4, true)).toBe(sum);
  });
});
