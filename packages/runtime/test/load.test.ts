// load.ts: every RobotsFormatError code, argument types, and the input forms (aligned and
// unaligned Uint8Array, ArrayBuffer, SharedArrayBuffer, Node Buffer). Structural corruptions
// recompute the checksum so that they reach the structural checks behind it.
import { describe, expect, it } from 'vitest';
import { compile } from '@robomata/compiler';
import {
  AGENT_WORDS, FLAG_PROFILE_GOOGLE, FORMAT_VERSION, GROUP_RANK_OFFSET, HEADER_CHECKSUM, HEADER_LENGTH,
  HEADER_MAGIC, HEADER_SECTION_COUNT, HEADER_SECTIONS, HEADER_VERSION_FLAGS, HEADER_WORDS, PART_CLASS_COUNT,
  NFA_KIND_END, NFA_KIND_MASK, PART_HEADER_OFFSET, PART_NFA_OFFSET, PART_NFA_POSITIONS, PART_START, PART_STATE_COUNT, RULE_KIND, SECTION_AGENTS,
  SECTION_COUNT, SECTION_DIRECTIVES, SECTION_GROUPS, SECTION_PARTS, SECTION_POOL, SECTION_RULES,
  SECTION_STRINGS, computeChecksum,
} from '../src/format.js';
import { RobotsFormatError, loadRobots, type RobotsFormatErrorCode } from '../src/load.js';
import type { Robots } from '../src/robots.js';

const TXT = [
  'Sitemap: https://example.com/sitemap.xml',
  'User-agent: foo',
  'Disallow: /private',
  'Allow: /private/ok$',
  'Crawl-delay: 3',
  '',
  'User-agent: *',
  'Disallow: /*.gif$',
  '',
].join('\n');
const ARTIFACT = compile(TXT);
const URLS = ['/', '/private', '/private/ok', '/private/ok2', '/a.gif', '/a.gifx', '/robots.txt', 'http://h/private?x'];

const getWord = (bytes: Uint8Array, i: number): number => new DataView(bytes.buffer, bytes.byteOffset).getInt32(i * 4, true);
const sectionStart = (bytes: Uint8Array, s: number): number => getWord(bytes, HEADER_SECTIONS + 2 * s) / 4;

/** A copy of the artifact with word `i` set to `value`; the checksum is recomputed unless told. */
function withWord(i: number, value: number, fixChecksum = true, src: Uint8Array = ARTIFACT): Uint8Array {
  const copy = src.slice();
  const view = new DataView(copy.buffer);
  view.setInt32(i * 4, value, true);
  if (fixChecksum) view.setUint32(HEADER_CHECKSUM * 4, computeChecksum(copy), true);
  return copy;
}

/** Word index (in the artifact) of word `k` of section `s`. */
const inSection = (s: number, k: number): number => sectionStart(ARTIFACT, s) + k;

function expectCode(input: Uint8Array | ArrayBuffer, code: RobotsFormatErrorCode): void {
  let error: unknown;
  try {
    loadRobots(input);
  } catch (e) {
    error = e;
  }
  expect(error, `expected ${code}`).toBeInstanceOf(RobotsFormatError);
  const e = error as RobotsFormatError;
  expect(e.code).toBe(code);
  expect(e.name).toBe('RobotsFormatError');
  expect(e).toBeInstanceOf(Error);
  expect(e.message).toContain(`(${code})`);
}

/** Every answer a Robots gives for the sample URLs and agents. */
function answers(robots: Robots): unknown[] {
  const out: unknown[] = [robots.profile, robots.sitemaps, robots.groupCount, robots.crawlDelay('foo'), robots.otherDirectives()];
  for (const agent of ['foo', 'bar', '']) for (const url of URLS) out.push(robots.isAllowed(url, agent), robots.decide(url, agent));
  return out;
}

describe('loadRobots: argument types', () => {
  it('throws TypeError (not RobotsFormatError) for a wrong argument type', () => {
    const bad: unknown[] = ['RBMT', 42, null, undefined, {}, [1, 2, 3], new Int32Array(32), new DataView(new ArrayBuffer(88))];
    for (const value of bad) {
      expect(() => loadRobots(value as Uint8Array), String(value)).toThrow(TypeError);
      expect(() => loadRobots(value as Uint8Array), String(value)).toThrow(/loadRobots: artifact must be a Uint8Array, ArrayBuffer or SharedArrayBuffer/);
      expect(() => loadRobots(value as Uint8Array)).not.toThrow(RobotsFormatError);
    }
    expect(() => loadRobots(null as unknown as Uint8Array)).toThrow(/got null/);
  });
});

describe('loadRobots: RobotsFormatError codes', () => {
  it('too-short: fewer bytes than the header', () => {
    expectCode(new Uint8Array(0), 'too-short');
    expectCode(new Uint8Array(10), 'too-short');
    expectCode(ARTIFACT.slice(0, HEADER_WORDS * 4 - 4), 'too-short');
  });

  it('bad-length: not a multiple of 4, or not the length the header states', () => {
    const odd = new Uint8Array(ARTIFACT.length + 1);
    odd.set(ARTIFACT);
    expectCode(odd, 'bad-length');
    const longer = new Uint8Array(ARTIFACT.length + 4);
    longer.set(ARTIFACT);
    expectCode(longer, 'bad-length');
    expectCode(ARTIFACT.slice(0, ARTIFACT.length - 4), 'bad-length');
    expectCode(withWord(HEADER_LENGTH, ARTIFACT.length + 4, false), 'bad-length');
  });

  it('bad-magic: the bytes do not start with RBMT', () => {
    const copy = ARTIFACT.slice();
    copy[0] = 0x58;
    expectCode(copy, 'bad-magic');
    expectCode(new Uint8Array(HEADER_WORDS * 4), 'bad-magic');
    expectCode(withWord(HEADER_MAGIC, 0x544d4253), 'bad-magic');
  });

  it('bad-version: another format version or an unknown flag', () => {
    expectCode(withWord(HEADER_VERSION_FLAGS, FORMAT_VERSION + 1, false), 'bad-version');
    expectCode(withWord(HEADER_VERSION_FLAGS, 0), 'bad-version');
    expectCode(withWord(HEADER_VERSION_FLAGS, FORMAT_VERSION | (2 << 16)), 'bad-version');
    // The known flag alone is fine.
    const google = withWord(HEADER_VERSION_FLAGS, FORMAT_VERSION | (FLAG_PROFILE_GOOGLE << 16));
    expect(loadRobots(google).profile).toBe('google');
  });

  it('bad-checksum: any corrupted byte', () => {
    for (const at of [HEADER_WORDS * 4, ARTIFACT.length - 1, Math.floor(ARTIFACT.length / 2)]) {
      const copy = ARTIFACT.slice();
      copy[at] = (copy[at] as number) ^ 0x40;
      expectCode(copy, 'bad-checksum');
    }
    expectCode(withWord(HEADER_CHECKSUM, getWord(ARTIFACT, HEADER_CHECKSUM) ^ 1, false), 'bad-checksum');
  });

  it('bad-section: section count or a section out of place', () => {
    expectCode(withWord(HEADER_SECTION_COUNT, SECTION_COUNT - 1), 'bad-section');
    const off1 = getWord(ARTIFACT, HEADER_SECTIONS + 2);
    expectCode(withWord(HEADER_SECTIONS + 2, off1 + 4), 'bad-section');
    const len0 = getWord(ARTIFACT, HEADER_SECTIONS + 1);
    expectCode(withWord(HEADER_SECTIONS + 1, len0 + 2), 'bad-section');
    // Last section shorter: the sections no longer end at the end of the artifact.
    const last = HEADER_SECTIONS + 2 * (SECTION_COUNT - 1) + 1;
    expectCode(withWord(last, getWord(ARTIFACT, last) - 4), 'bad-section');
    expectCode(withWord(last, -4), 'bad-section');
  });

  it('bad-table: counts, indices and table entries out of range', () => {
    const cases: [string, number, number][] = [
      ['agent count', inSection(SECTION_AGENTS, 0), 1000],
      ['agent group', inSection(SECTION_AGENTS, 3), 99],
      ['group count', inSection(SECTION_GROUPS, 0), 1 << 20],
      ['global group', inSection(SECTION_GROUPS, 1), 7],
      ['group rank table', inSection(SECTION_GROUPS, 2 + GROUP_RANK_OFFSET), 1 << 28],
      ['part count', inSection(SECTION_PARTS, 0), 50],
      ['part classes', inSection(SECTION_PARTS, 1 + PART_CLASS_COUNT), 0],
      ['part states', inSection(SECTION_PARTS, 1 + PART_STATE_COUNT), 0],
      ['part start', inSection(SECTION_PARTS, 1 + PART_START), -1],
      ['rule count', inSection(SECTION_RULES, 0), -1],
      ['rule kind', inSection(SECTION_RULES, 1 + RULE_KIND), 3],
      ['directive count', inSection(SECTION_DIRECTIVES, 0), 9999],
    ];
    for (const [what, at, value] of cases) {
      let error: unknown;
      try {
        loadRobots(withWord(at, value));
      } catch (e) {
        error = e;
      }
      expect(error, what).toBeInstanceOf(RobotsFormatError);
      expect((error as RobotsFormatError).code, what).toBe('bad-table');
    }
  });

  it('bad-table: a transition target or an NFA position that is no state', () => {
    const pool = sectionStart(ARTIFACT, SECTION_POOL);
    const headerOff = getWord(ARTIFACT, inSection(SECTION_PARTS, 1 + PART_HEADER_OFFSET));
    expectCode(withWord(pool + headerOff + 1, 1 << 20), 'bad-table'); // default target of state 0
    expectCode(withWord(pool + headerOff, -5), 'bad-table'); // row base of state 0
    const nfaOff = getWord(ARTIFACT, inSection(SECTION_PARTS, 1 + PART_NFA_OFFSET));
    expectCode(withWord(pool + nfaOff, 0x7fff0000), 'bad-table'); // NFA kind with unknown bits
    expectCode(withWord(pool + nfaOff + 1, -1), 'bad-table'); // NFA rank
  });

  it('bad-table: an NFA pattern whose rank is not its index (a rank must name one pattern)', () => {
    // A state cap of 1 keeps the NFA in the artifact; its pattern 0 is relabelled rank 1.
    const capped = compile('User-agent: *\nDisallow: /*a*b\nAllow: /*c\n', { stateCap: 1 });
    expect(() => loadRobots(capped)).not.toThrow();
    const at = (k: number): number => sectionStart(capped, SECTION_PARTS) + 1 + k;
    const nfaOff = getWord(capped, at(PART_NFA_OFFSET));
    const positions = getWord(capped, at(PART_NFA_POSITIONS));
    expect(positions).toBeGreaterThan(2);
    const pool = sectionStart(capped, SECTION_POOL);
    let copy = capped;
    for (let x = 0; x < positions; x++) {
      copy = withWord(pool + nfaOff + 2 * x + 1, 1, true, copy);
      if ((getWord(capped, pool + nfaOff + 2 * x) & NFA_KIND_MASK) === NFA_KIND_END) break;
    }
    expectCode(copy, 'bad-table');
  });

  it('bad-table: an agent token with a byte outside [a-z_-]', () => {
    const strings = sectionStart(ARTIFACT, SECTION_STRINGS) * 4;
    const tokenOff = getWord(ARTIFACT, inSection(SECTION_AGENTS, 1));
    const copy = ARTIFACT.slice();
    copy[strings + tokenOff] = 0x46; // 'F'
    new DataView(copy.buffer).setUint32(HEADER_CHECKSUM * 4, computeChecksum(copy), true);
    expectCode(copy, 'bad-table');
    expect(AGENT_WORDS).toBe(3);
  });

  it('loads the intact artifact (the corruption helpers change only what they name)', () => {
    expect(() => loadRobots(withWord(HEADER_CHECKSUM, getWord(ARTIFACT, HEADER_CHECKSUM)))).not.toThrow();
    expect(() => loadRobots(ARTIFACT)).not.toThrow();
  });
});

describe('loadRobots: input forms', () => {
  const expected = answers(loadRobots(ARTIFACT));

  it('uses an aligned Uint8Array in place and exposes it as robots.bytes', () => {
    const robots = loadRobots(ARTIFACT);
    expect(robots.bytes).toBe(ARTIFACT);
    expect(robots.byteLength).toBe(ARTIFACT.length);
    const padded = new Uint8Array(ARTIFACT.length + 8);
    padded.set(ARTIFACT, 4);
    const view = padded.subarray(4, 4 + ARTIFACT.length);
    const r2 = loadRobots(view);
    expect(r2.bytes.buffer).toBe(padded.buffer);
    expect(answers(r2)).toEqual(expected);
  });

  it('copies an unaligned Uint8Array once and gives the same answers', () => {
    const big = new Uint8Array(ARTIFACT.length + 3);
    big.set(ARTIFACT, 1);
    const view = big.subarray(1, 1 + ARTIFACT.length);
    const robots = loadRobots(view);
    expect(robots.bytes.byteOffset % 4).toBe(0);
    expect(robots.bytes.buffer).not.toBe(big.buffer);
    expect(Array.from(robots.bytes)).toEqual(Array.from(ARTIFACT));
    expect(answers(robots)).toEqual(expected);
    // A copy: later writes to the caller's buffer change nothing.
    big.fill(0);
    expect(answers(robots)).toEqual(expected);
  });

  it('loads an ArrayBuffer in place', () => {
    const ab = ARTIFACT.slice().buffer;
    const robots = loadRobots(ab);
    expect(robots.bytes.buffer).toBe(ab);
    expect(Array.from(robots.bytes)).toEqual(Array.from(ARTIFACT));
    expect(answers(robots)).toEqual(expected);
  });

  it('loads a SharedArrayBuffer in place', () => {
    const sab = new SharedArrayBuffer(ARTIFACT.length);
    new Uint8Array(sab).set(ARTIFACT);
    const robots = loadRobots(sab);
    expect(robots.bytes.buffer).toBe(sab);
    expect(answers(robots)).toEqual(expected);
    expect(answers(loadRobots(new Uint8Array(sab)))).toEqual(expected);
  });

  it('loads an unaligned Uint8Array over a SharedArrayBuffer', () => {
    const sab = new SharedArrayBuffer(ARTIFACT.length + 2);
    const all = new Uint8Array(sab);
    all.set(ARTIFACT, 2);
    expect(answers(loadRobots(all.subarray(2)))).toEqual(expected);
  });

  it('loads an unaligned Node Buffer (fs.readFileSync and friends return Buffers)', () => {
    // Buffer#slice() returns a view of the same memory, not a copy: the copy for alignment
    // must not rely on it.
    const big = Buffer.alloc(ARTIFACT.length + 1);
    big.set(ARTIFACT, 1);
    const view = big.subarray(1);
    expect(view.byteOffset % 4).not.toBe(0);
    expect(answers(loadRobots(view))).toEqual(expected);
  });

  it('reports format errors the same way for an ArrayBuffer', () => {
    expectCode(new ArrayBuffer(12), 'too-short');
    const copy = ARTIFACT.slice();
    copy[copy.length - 1] = (copy[copy.length - 1] as number) ^ 1;
    expectCode(copy.buffer, 'bad-checksum');
  });
});
