// Stage 5 (serialize.ts): determinism, the header and section layout of runtime/format.ts,
// the profile flag, sorted agent table, shared parts written once, crawl-delay bits.
import { describe, expect, it } from 'vitest';
import {
  AGENT_WORDS, FLAG_PROFILE_GOOGLE, FORMAT_VERSION, GROUP_CRAWL_DELAY_HI, GROUP_CRAWL_DELAY_LO,
  GROUP_FIRST_PART, GROUP_FLAGS, GROUP_FLAG_GLOBAL, GROUP_PART_COUNT, GROUP_WORDS, HEADER_CHECKSUM,
  HEADER_LENGTH, HEADER_MAGIC, HEADER_SECTION_COUNT, HEADER_SECTIONS, HEADER_VERSION_FLAGS,
  HEADER_WORDS, MAGIC, SECTION_AGENTS, SECTION_COUNT, SECTION_GROUPS, SECTION_PARTS, SECTION_STRINGS,
  computeChecksum, loadRobots, type Profile,
} from '@robomata/runtime';
import { buildAutomaton, type BuiltPart } from '../src/build-automaton.js';
import { mergeGroups } from '../src/merge-groups.js';
import { normalizeGroupPatterns } from '../src/normalize-pattern.js';
import { parseRobotsTxt, type ParsedRule } from '../src/parse.js';
import { serializeArtifact, type ArtifactInput } from '../src/serialize.js';

/** Builds the serializer's input the way compile.ts does, stage by stage. */
function inputOf(txt: string, profile: Profile = 'rfc9309', stateCap?: number): ArtifactInput {
  const parsed = parseRobotsTxt(txt);
  const merged = mergeGroups(parsed);
  const rules: ParsedRule[] = [];
  const ruleIds = new Map<ParsedRule, number>();
  for (const g of parsed.groups) {
    for (const r of g.rules) {
      ruleIds.set(r, rules.length);
      rules.push(r);
    }
  }
  const cache = new Map<string, BuiltPart | null>();
  const automata = merged.groups.map((g) =>
    buildAutomaton(
      normalizeGroupPatterns(
        g.rules.map((r) => ({ kind: r.kind, line: r.line, ruleId: ruleIds.get(r) as number, escaped: r.escaped })),
        profile,
      ),
      stateCap === undefined ? { cache } : { cache, stateCap },
    ),
  );
  return { profile, parsed, merged, automata, ruleIds, rules };
}

const word = (bytes: Uint8Array, i: number): number => new DataView(bytes.buffer, bytes.byteOffset).getInt32(i * 4, true);
const sectionOffset = (bytes: Uint8Array, s: number): number => word(bytes, HEADER_SECTIONS + 2 * s);
const sectionLength = (bytes: Uint8Array, s: number): number => word(bytes, HEADER_SECTIONS + 2 * s + 1);
/** Word `i` of section `s`. */
const sectionWord = (bytes: Uint8Array, s: number, i: number): number => word(bytes, sectionOffset(bytes, s) / 4 + i);

const SAMPLE = [
  'Sitemap: https://example.com/s.xml',
  'User-agent: zeta',
  'User-agent: Alpha',
  'Crawl-delay: 2.5',
  'Disallow: /private',
  'Allow: /private/ok$',
  '',
  'User-agent: *',
  'Disallow: /*.gif$',
  'Allow: /index.html',
  '',
  'User-agent: mid',
  'Disallow: /private',
  'Allow: /private/ok$',
  '',
].join('\n');

describe('serializeArtifact', () => {
  it('is deterministic: the same input gives identical bytes', () => {
    const input = inputOf(SAMPLE);
    const a = serializeArtifact(input);
    const b = serializeArtifact(input);
    const c = serializeArtifact(inputOf(SAMPLE));
    expect(Array.from(b)).toEqual(Array.from(a));
    expect(Array.from(c)).toEqual(Array.from(a));
  });

  it('records the profile in the flags word (and nothing else differs in the header layout)', () => {
    const rfc = serializeArtifact(inputOf(SAMPLE, 'rfc9309'));
    const google = serializeArtifact(inputOf(SAMPLE, 'google'));
    expect(word(rfc, HEADER_VERSION_FLAGS)).toBe(FORMAT_VERSION);
    expect(word(google, HEADER_VERSION_FLAGS)).toBe(FORMAT_VERSION | (FLAG_PROFILE_GOOGLE << 16));
    expect(Array.from(google)).not.toEqual(Array.from(rfc));
    expect(loadRobots(rfc).profile).toBe('rfc9309');
    expect(loadRobots(google).profile).toBe('google');
  });

  it('writes a valid header: magic, length, checksum, contiguous 4-aligned sections', () => {
    const bytes = serializeArtifact(inputOf(SAMPLE));
    expect(bytes.length % 4).toBe(0);
    expect(word(bytes, HEADER_MAGIC)).toBe(MAGIC);
    expect(new TextDecoder().decode(bytes.subarray(0, 4))).toBe('RBMT');
    expect(word(bytes, HEADER_LENGTH)).toBe(bytes.length);
    expect(word(bytes, HEADER_CHECKSUM) >>> 0).toBe(computeChecksum(bytes));
    expect(word(bytes, HEADER_SECTION_COUNT)).toBe(SECTION_COUNT);
    let at = HEADER_WORDS * 4;
    for (let s = 0; s < SECTION_COUNT; s++) {
      expect(sectionOffset(bytes, s), `section ${s}`).toBe(at);
      expect(sectionLength(bytes, s) % 4).toBe(0);
      at += sectionLength(bytes, s);
    }
    expect(at).toBe(bytes.length);
  });

  it('writes the agent table sorted by lower-cased token', () => {
    const bytes = serializeArtifact(inputOf(SAMPLE));
    const count = sectionWord(bytes, SECTION_AGENTS, 0);
    const strings = bytes.subarray(sectionOffset(bytes, SECTION_STRINGS));
    const tokens: string[] = [];
    for (let i = 0; i < count; i++) {
      const off = sectionWord(bytes, SECTION_AGENTS, 1 + i * AGENT_WORDS);
      const len = sectionWord(bytes, SECTION_AGENTS, 2 + i * AGENT_WORDS);
      tokens.push(new TextDecoder().decode(strings.subarray(off, off + len)));
    }
    expect(tokens).toEqual(['alpha', 'mid', 'zeta']);
  });

  it('writes a part shared by several groups once', () => {
    const input = inputOf(SAMPLE, 'google');
    // Groups alpha/zeta and mid have the same rules: one shared part plus the global one.
    const parts = new Set(input.automata.map((a) => a.part).filter((p) => p !== null));
    expect(parts.size).toBe(2);
    const bytes = serializeArtifact(input);
    expect(sectionWord(bytes, SECTION_PARTS, 0)).toBe(2);
    const groups = sectionWord(bytes, SECTION_GROUPS, 0);
    expect(groups).toBe(3);
    const firstParts = [];
    for (let g = 0; g < groups; g++) {
      expect(sectionWord(bytes, SECTION_GROUPS, 2 + g * GROUP_WORDS + GROUP_PART_COUNT)).toBe(1);
      firstParts.push(sectionWord(bytes, SECTION_GROUPS, 2 + g * GROUP_WORDS + GROUP_FIRST_PART));
    }
    expect(new Set(firstParts).size).toBe(2);
  });

  it('writes crawl-delay as float64 bits (NaN for none) and the global flag', () => {
    const bytes = serializeArtifact(inputOf(SAMPLE));
    const groups = sectionWord(bytes, SECTION_GROUPS, 0);
    const global = sectionWord(bytes, SECTION_GROUPS, 1);
    expect(global).toBeGreaterThanOrEqual(0);
    const delays: number[] = [];
    for (let g = 0; g < groups; g++) {
      const base = 2 + g * GROUP_WORDS;
      const f64 = new DataView(new ArrayBuffer(8));
      f64.setInt32(0, sectionWord(bytes, SECTION_GROUPS, base + GROUP_CRAWL_DELAY_LO), true);
      f64.setInt32(4, sectionWord(bytes, SECTION_GROUPS, base + GROUP_CRAWL_DELAY_HI), true);
      delays.push(f64.getFloat64(0, true));
      expect(sectionWord(bytes, SECTION_GROUPS, base + GROUP_FLAGS)).toBe(g === global ? GROUP_FLAG_GLOBAL : 0);
    }
    expect(delays.filter((d) => d === 2.5).length).toBe(1);
    expect(delays.filter((d) => Number.isNaN(d)).length).toBe(groups - 1);
  });

  it('gives an artifact the runtime loads with the same rules and answers', () => {
    for (const profile of ['rfc9309', 'google'] as const) {
      const robots = loadRobots(serializeArtifact(inputOf(SAMPLE, profile)));
      expect(robots.sitemaps).toEqual(['https://example.com/s.xml']);
      expect(robots.isAllowed('/private/x', 'Alpha')).toBe(false);
      expect(robots.isAllowed('/private/ok', 'zeta')).toBe(true);
      expect(robots.isAllowed('/a.gif', 'other')).toBe(false);
      expect(robots.crawlDelay('ALPHA')).toBe(2.5);
      expect(robots.crawlDelay('mid')).toBeUndefined();
      const id = robots.decide('/private/ok', 'mid');
      expect(robots.rule(id)).toEqual({ id, line: 14, kind: 'allow', pattern: '/private/ok$' });
    }
  });

  it('is deterministic with frontier states too', () => {
    const txt = 'User-agent: *\nDisallow: /*a*b*c\nAllow: /*b*c*d\n';
    const a = serializeArtifact(inputOf(txt, 'rfc9309', 1));
    const b = serializeArtifact(inputOf(txt, 'rfc9309', 1));
    expect(Array.from(b)).toEqual(Array.from(a));
    expect(Array.from(a)).not.toEqual(Array.from(serializeArtifact(inputOf(txt, 'rfc9309'))));
  });
});
