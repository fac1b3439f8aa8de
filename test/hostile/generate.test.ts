/**
 * Tests of the hostile-input generator itself: deterministic, within budget, and really hostile
 * (the storms reach the line limit, the agent flood has 100,000 agents, ...).
 */
import { describe, expect, it } from 'vitest';
import {
  HOSTILE_INPUTS,
  INPUT_BUDGET,
  LINE_LIMIT,
  commonHostileUrls,
  createHostileInputs,
  createRng,
  findHostileInput,
  latin1Bytes,
  oneCharacterVariants,
  shuffledUrls,
} from './generate.js';
import type { HostileInput } from './generate.js';
import { EXTRA_HOSTILE_INPUTS, createExtraHostileInputs } from './extra-inputs.js';

/** Returns the byte lengths of the LF/CR-separated lines of `bytes`. */
function lineLengths(bytes: Uint8Array): number[] {
  const out: number[] = [];
  let start = 0;
  for (let i = 0; i <= bytes.length; i++) {
    if (i === bytes.length || bytes[i] === 0x0a || bytes[i] === 0x0d) {
      out.push(i - start);
      start = i + 1;
    }
  }
  return out;
}

/** Returns `bytes` as a binary string (one char per byte). */
function binary(bytes: Uint8Array): string {
  let s = '';
  for (let i = 0; i < bytes.length; i += 8192) s += String.fromCharCode(...bytes.subarray(i, i + 8192));
  return s;
}

describe('createRng (mulberry32)', () => {
  it('is deterministic and seed-dependent', () => {
    const a = createRng(1);
    const b = createRng(1);
    const c = createRng(2);
    const sa = [a(), a(), a()];
    expect([b(), b(), b()]).toEqual(sa);
    expect([c(), c(), c()]).not.toEqual(sa);
  });

  it('matches the published mulberry32 sequence for seed 0', () => {
    // Independently computed values of mulberry32(0) (first three outputs / 2^32).
    const r = createRng(0);
    const got = [r(), r(), r()].map((x) => x / 2 ** 32);
    expect(got[0]).toBeCloseTo(0.26642920868471265, 12);
    expect(got[1]).toBeCloseTo(0.0003297457005828619, 12);
    expect(got[2]).toBeCloseTo(0.2232720274478197, 12);
  });
});

describe('hostile inputs', () => {
  it('have unique names', () => {
    const names = HOSTILE_INPUTS.map((i) => i.name);
    expect(new Set(names).size).toBe(names.length);
  });

  it.each(HOSTILE_INPUTS.map((i) => [i.name, i] as const))('%s is deterministic and within budget', (_name, input) => {
    const a = input.make();
    expect(Buffer.from(input.make()).equals(Buffer.from(a))).toBe(true);
    const limit = input.maxBytes ?? INPUT_BUDGET;
    if (input.name !== 'over-limit' && input.name !== 'long-lines' && input.name !== 'storm-single-line') {
      expect(a.length).toBeLessThanOrEqual(limit);
    }
    const reduced = input.makeReduced();
    expect(reduced.length).toBeLessThanOrEqual(Math.min(a.length, 4_096));
    expect(input.urls().length).toBeGreaterThan(10);
  });

  it('depend on the seed', () => {
    const other = createHostileInputs(12345).find((i) => i.name === 'storm-random-letters');
    const mine = Buffer.from(findHostileInput('storm-random-letters').make());
    expect(Buffer.from(other?.make() ?? new Uint8Array(0)).equals(mine)).toBe(false);
  });

  it('storm-single-line has a line of exactly 16,663 bytes and one far longer', () => {
    const lengths = lineLengths(findHostileInput('storm-single-line').make());
    expect(lengths).toContain(LINE_LIMIT);
    expect(Math.max(...lengths)).toBeGreaterThan(LINE_LIMIT * 2);
  });

  it('long-lines straddles the line limit', () => {
    const lengths = lineLengths(findHostileInput('long-lines').make());
    expect(lengths).toEqual(expect.arrayContaining([LINE_LIMIT - 1, LINE_LIMIT, LINE_LIMIT + 1]));
    expect(Math.max(...lengths)).toBeGreaterThanOrEqual(100_000);
  });

  it('storms put thousands of wildcard rules in one group', () => {
    for (const name of ['storm-same-letter', 'storm-random-letters']) {
      const text = binary(findHostileInput(name).make());
      expect(text.match(/^User-agent:/gm)?.length, name).toBeLessThanOrEqual(2);
      const rules = text.match(/^(Allow|Disallow): \/\*/gm)?.length ?? 0;
      expect(rules, name).toBeGreaterThan(2_000);
    }
  });

  it('storm-two-letters: rules of one-letter a/b segments ending in *z, about 250,000 segments, URLs without z', () => {
    const input = findHostileInput('storm-two-letters');
    const bytes = input.make();
    expect(bytes.length).toBeGreaterThan(INPUT_BUDGET - 1_000);
    const rules = binary(bytes).split('\n').filter((l) => /^(Allow|Disallow):/.test(l));
    let segments = 0;
    for (const rule of rules) {
      expect(rule).toMatch(/^(Allow|Disallow): \/(\*[ab])+\*z$/);
      segments += (rule.match(/\*[ab]/g) ?? []).length;
    }
    expect(segments).toBeGreaterThan(200_000);
    const own = input.urls().slice(commonHostileUrls(0).length);
    expect(own.length).toBe(2);
    for (const url of own) expect(url).toMatch(/^\/[ab]{4000}$/);
  });

  it('agents-100k names 100,000 distinct agents', () => {
    const text = binary(findHostileInput('agents-100k').make());
    const agents = text.match(/^User-agent: (.*)$/gm) ?? [];
    expect(agents.length).toBe(100_000);
    expect(new Set(agents).size).toBe(100_000);
  });

  it('distinct-rules-500k fills about 500 KiB with distinct rules', () => {
    const bytes = findHostileInput('distinct-rules-500k').make();
    expect(bytes.length).toBeGreaterThan(INPUT_BUDGET - 100);
    const rules = binary(bytes).split('\n').filter((l) => /^(Allow|Disallow):/.test(l));
    expect(new Set(rules).size).toBe(rules.length);
  });

  it('hostile bytes are present where promised', () => {
    expect(findHostileInput('nul-flood').make()).toContain(0);
    expect(binary(findHostileInput('bom-mid-file').make()).indexOf('\xef\xbb\xbf', 10)).toBeGreaterThan(0);
    expect(findHostileInput('invalid-utf8').make()).toContain(0xff);
    expect(() => new TextDecoder('utf-8', { fatal: true }).decode(findHostileInput('invalid-utf8').make())).toThrow();
    const proto = binary(findHostileInput('prototype-names').make());
    for (const n of ['__proto__', 'constructor', 'toString', 'hasOwnProperty']) expect(proto).toContain(`User-agent: ${n}`);
    expect(findHostileInput('over-limit').make().length).toBeGreaterThan(INPUT_BUDGET * 2);
  });

  it('common URLs are about 4 KB and include lone surrogates', () => {
    const urls = commonHostileUrls(1);
    expect(urls.filter((u) => u.length >= 3_900).length).toBeGreaterThan(20);
    expect(urls.some((u) => /[\ud800-\udbff](?![\udc00-\udfff])/.test(u))).toBe(true);
  });

  it('oneCharacterVariants changes at most one char, never the first, deterministically', () => {
    const url = '/abcdefghijklmnopqrstuvwxyz';
    const variants = oneCharacterVariants(url, 50, 7);
    expect(oneCharacterVariants(url, 50, 7)).toEqual(variants);
    expect(oneCharacterVariants(url, 50, 8)).not.toEqual(variants);
    let changed = 0;
    for (const v of variants) {
      expect(v.length).toBe(url.length);
      expect(v[0]).toBe('/');
      const diffs = [...v].filter((c, i) => c !== url[i]).length;
      expect(diffs).toBeLessThanOrEqual(1);
      changed += diffs;
    }
    expect(changed).toBeGreaterThan(40);
    expect(() => oneCharacterVariants('/', 1, 0)).toThrow(RangeError);
  });

  it('shuffledUrls keeps the first char and the multiset of chars, and moves the rest', () => {
    const url = '/' + 'abcdefgh'.repeat(50);
    const shuffles = shuffledUrls(url, 4, 3);
    expect(shuffledUrls(url, 4, 3)).toEqual(shuffles);
    expect(new Set(shuffles).size).toBe(4);
    const sorted = (s: string): string => [...s].sort().join('');
    for (const s of shuffles) {
      expect(s[0]).toBe('/');
      expect(sorted(s)).toBe(sorted(url));
      // A uniform shuffle of 400 chars keeps about 1/8 of them in place; the input keeps all.
      expect([...s].filter((c, i) => c === url[i]).length).toBeLessThan(url.length / 4);
    }
  });

  it('latin1Bytes rejects chars that are not bytes', () => {
    expect(() => latin1Bytes('ツ')).toThrow(/not a byte/);
  });
});

describe('extra hostile inputs (extra-inputs.ts)', () => {
  const extra = [...EXTRA_HOSTILE_INPUTS];

  it('have names distinct from each other and from generate.ts', () => {
    const names = [...HOSTILE_INPUTS, ...extra].map((i) => i.name);
    expect(new Set(names).size).toBe(names.length);
  });

  it.each(extra.map((i) => [i.name, i] as const))('%s is deterministic, within budget and seed-dependent', (name, input) => {
    const a = input.make();
    expect(Buffer.from(input.make()).equals(Buffer.from(a))).toBe(true);
    expect(a.length).toBeLessThanOrEqual(INPUT_BUDGET);
    expect(a.length).toBeGreaterThan(INPUT_BUDGET - 100);
    expect(input.makeReduced().length).toBeLessThanOrEqual(4_096);
    expect(input.urls().length).toBeGreaterThan(10);
    const other = createExtraHostileInputs(12345).find((i) => i.name === name);
    expect(Buffer.from(other?.make() ?? new Uint8Array(0)).equals(Buffer.from(a))).toBe(false);
  });

  it('invalid-utf8-short: over 30,000 short rules, each opening with a byte never in UTF-8 and ending in a lone lead byte', () => {
    const rules = binary(findExtraInput('invalid-utf8-short').make()).split('\n').filter((l) => /^(Allow|Disallow):/.test(l));
    expect(rules.length).toBeGreaterThan(30_000);
    for (const r of rules) expect(r).toMatch(/^(Allow|Disallow):\/[\xff\xfe\x80\xbf][0-9a-z]+\*\xc3$/);
  });

  it('percent-lower-500k: every rule holds lower-case escapes, %7e and a *', () => {
    const rules = binary(findExtraInput('percent-lower-500k').make()).split('\n').filter((l) => /^Disallow:/.test(l));
    expect(rules.length).toBeGreaterThan(10_000);
    for (const r of rules) expect(r).toMatch(/^Disallow: \/%[a-f][0-9]%e3%83%84\*[ab*]{3}%7e\d+$/);
  });
});

/** Returns the extra input called `name` (throws on a typo). */
function findExtraInput(name: string): HostileInput {
  const found = EXTRA_HOSTILE_INPUTS.find((i) => i.name === name);
  if (found === undefined) throw new Error(`no extra input ${name}`);
  return found;
}
