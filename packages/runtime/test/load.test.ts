// load.ts: every RobotsFormatError code from crafted artifacts (header faults, and each
// structural invariant format.ts lists, one field at a time through the test codec in
// _artifact.ts, with length and checksum resealed so the fault reaches the check behind them),
// argument types, and the input forms (Uint8Array at any offset, ArrayBuffer,
// SharedArrayBuffer, Node Buffer), all read in place.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { compile } from '@robomata/compiler';
import { FORMAT_VERSION, GROUP_FLAG_GLOBAL, GROUP_FLAG_UNBUILT, MAGIC, NO_RANK, computeChecksum } from '../src/format.js';
import { RobotsFormatError, loadRobots, type RobotsFormatErrorCode } from '../src/load.js';
import type { Robots } from '../src/robots.js';
import { artifactOf, groupTablesOf, hostWordsByKind, loadTrustedArtifact, loadTrustedGroup, readHeldLoadWords, robotsOfLoaded } from '../src/internal.js';
import { listCorpusFiles, readCorpusFile } from '../../../test/fixtures/corpus.js';
import { decide as referenceDecide } from '@robomata/reference';
import { scanTuning } from '../src/segment-scan.js';
import { lastCandidateCount, loadTuning, readCheckWork, resetCheckWork, tierOf, tierTuning } from '../src/testing.js';
import {
  acByte, AC_CHILDREN_OUT, AC_FIRST_BIT, AC_LIST, AC_WORDS, INDEX_AGENT_COUNT, INDEX_CUT_WORDS, INDEX_DIRECTIVE_COUNT, INDEX_FIRST_GROUP,
  INDEX_FLAGS, INDEX_GLOBAL_GROUP, INDEX_GROUP_COUNT, INDEX_RULE_COUNT, INDEX_SCOPE_COUNT, INDEX_SITEMAP_COUNT, INDEX_WARNING_COUNT, INDEX_WHOLE_WORDS, nodeExtra, NODE_LEN_LONG, nodeLabelLength, NODE_WORDS, nodeEndRank, nodeWildCount,
  acDepth, AC_DEPTH_LONG, groupDelayLength, groupFlagsWord, groupRootCount, GROUP_DELAY_OFF, GROUP_FLAGS, GROUP_ROOT_COUNT_SHIFT, GROUP_WORDS, MAX_GROUP_PARTS,
  nodeChildCount, NODE_FIRST_CHILD, nodePrefixRank, nodeWildFirst, rankAllows, rankEntry, RANK_ALLOW, ruleOfRank, WILD_RANK, WILD_WORDS, type Tables,
} from '../src/tables.js';
import { copyArtifact, decodeArtifact, encodeArtifact, resealed, utf8, type RawArtifact } from './_artifact.js';

const TXT = [
  'Sitemap: https://example.com/sitemap.xml', // 1
  'User-agent: foo', // 2
  'User-agent: bar', // 3
  'Disallow: /private', // 4
  'Allow: /private/ok$', // 5
  'Crawl-delay: 3', // 6
  'Disallow: /*a*b', // 7
  'Allow: /*c', // 8
  '', // 9
  'User-agent: *', // 10
  'Disallow: /*.gif$', // 11
  'Disallow: /x*yz*y', // 12
  'Disallow: /a', // 13
  'Disallow: /b', // 14
  'Host: example.com', // 15
  'Disallow: /past-the-limit', // 16
].join('\n');
const MAX_BYTES = TXT.length - 10;
const ARTIFACT = compile(TXT, { maxBytes: MAX_BYTES });
const RAW = decodeArtifact(ARTIFACT);
const SCOPED = compile(TXT, { agents: ['foo', 'zed'] });
const SCOPED_RAW = decodeArtifact(SCOPED);
const URLS = ['/', '/private', '/private/ok', '/private/ok2', '/a.gif', '/a.gifx', '/xyzy', '/xyz', '/zazb', '/c', '/robots.txt', 'http://h/private?x'];

function errorOf(input: unknown): unknown {
  try {
    loadRobots(input as Uint8Array);
  } catch (e) {
    return e;
  }
  return undefined;
}

function expectCode(input: Uint8Array | ArrayBuffer, code: RobotsFormatErrorCode, what: string = code): void {
  const e = errorOf(input);
  expect(e, `${what}: expected ${code}`).toBeInstanceOf(RobotsFormatError);
  const f = e as RobotsFormatError;
  expect(f.code, what).toBe(code);
  expect(f.name).toBe('RobotsFormatError');
  expect(f).toBeInstanceOf(Error);
  expect(f.message).toContain(`(${code})`);
}

/** Returns the fixture with `mutate` applied to a copy of its fields, resealed. */
function corrupt(mutate: (a: RawArtifact) => void, base: RawArtifact = RAW): Uint8Array {
  const a = copyArtifact(base);
  mutate(a);
  return encodeArtifact(a);
}

/** Returns `bytes` with byte `at` replaced by `insert`, resealed. */
function splice(bytes: Uint8Array, at: number, insert: readonly number[]): Uint8Array {
  const out = new Uint8Array(bytes.length - 1 + insert.length);
  out.set(bytes.subarray(0, at));
  out.set(insert, at);
  out.set(bytes.subarray(at + 1), at + insert.length);
  return resealed(out);
}

/** Every answer a Robots gives for the sample URLs and agents. */
function answers(robots: Robots): unknown[] {
  const out: unknown[] = [robots.profile, robots.sitemaps, robots.groupCount, robots.crawlDelay('foo'), robots.otherDirectives(), robots.warnings];
  for (const agent of ['foo', 'bar', 'other']) for (const url of URLS) out.push(robots.isAllowed(url, agent), robots.decide(url, agent));
  return out;
}

describe('what a loaded artifact keeps', () => {
  it('reading sitemaps keeps no whole-file image beside the group image (the strings are copied out once)', () => {
    const text = ['User-agent: a', 'Disallow: /a/', 'Allow: /a/b', '', 'User-agent: *', 'Disallow: /x*y', 'Crawl-delay: 5', '', 'Sitemap: https://example.com/s1.xml', 'Sitemap: https://example.com/s2.xml'].join('\n');
    const robots = loadRobots(compile(text));
    expect(robots.agent('a').isAllowed('/a/c')).toBe(false);
    expect(robots.sitemaps).toEqual(['https://example.com/s1.xml', 'https://example.com/s2.xml']);
    expect(robots.sitemaps).toBe(robots.sitemaps);
    expect(artifactOf(robots).wholeKept).toBe(false);
    // otherDirectives reads the whole image and keeps it (it is read again on every call).
    expect(robots.otherDirectives().map((d) => d.key)).toEqual(['Crawl-delay']);
    expect(artifactOf(robots).wholeKept).toBe(true);
  });

  it('keeps the index and the first group image in one typed array, with the same counts and answers before and after', () => {
    const robots = loadRobots(ARTIFACT);
    const a = artifactOf(robots);
    const index = a.index;
    const counts = (): number[] => [a.header(INDEX_FLAGS), a.header(INDEX_SCOPE_COUNT), a.header(INDEX_AGENT_COUNT), a.header(INDEX_GROUP_COUNT), a.header(INDEX_GLOBAL_GROUP), a.header(INDEX_RULE_COUNT), a.header(INDEX_SITEMAP_COUNT), a.header(INDEX_DIRECTIVE_COUNT), a.header(INDEX_WARNING_COUNT), a.header(INDEX_WHOLE_WORDS)];
    const before = counts();
    expect(before.slice(2, 9)).toEqual([RAW.agents.length, RAW.groups.length, RAW.global - 1, RAW.rules.length, RAW.sitemaps.length, RAW.directives.length, RAW.warnings.length]);
    const first = robots.agent('foo');
    const image = a.group(first.groupIndex);
    // The first cut copies the index to the start of its own array and the artifact keeps only that array.
    expect(image.img).toBe(a.index);
    expect(a.index).not.toBe(index);
    expect(Array.from(a.index.subarray(0, index.length))).toEqual(Array.from(index).map((w, k) => (k === INDEX_FIRST_GROUP ? first.groupIndex : k === INDEX_CUT_WORDS ? a.index.length - index.length : w)));
    expect(counts()).toEqual(before);
    // A second group gets an array of its own; the index stays where the first cut put it.
    const other = robots.agent('other');
    expect(a.group(other.groupIndex).img).not.toBe(a.index);
    expect(image.img).toBe(a.index);
    expect(answers(robots)).toEqual(answers(loadRobots(ARTIFACT)));
  });

  it('reads a radix label too long for NODE_KEY from the artifact (NODE_LEN_LONG) in the walk and the pattern text', () => {
    const long = 'a'.repeat(NODE_LEN_LONG + 300);
    for (const tail of ['', 'b', `${'c'.repeat(200)}`]) {
      const robots = loadRobots(compile(`User-agent: *\nDisallow: /${long}${tail}\nAllow: /${long}${tail}/ok$\nDisallow: /${long.slice(0, 8200)}x\n`));
      const rules = robots.agent('x');
      const t = artifactOf(robots).group(rules.groupIndex);
      const lengths: number[] = [];
      for (let x = 0; x < t.nodeCount; x++) lengths.push(nodeLabelLength(t.img, t.bytes, t.nodeBase + x * NODE_WORDS));
      expect(lengths.some((len) => len >= NODE_LEN_LONG)).toBe(true);
      const cases: [string, boolean][] = [[`/${long}${tail}`, false], [`/${long}${tail}/ok`, true], [`/${long}${tail}/okk`, false], [`/${long.slice(0, 8200)}x`, false], [`/${long.slice(0, 8200)}y`, true], [`/${long.slice(1)}`, true]];
      for (let round = 0; round < 100; round++) for (const [url, allowed] of cases) expect(rules.isAllowed(url), `${url.length} ${round}`).toBe(allowed);
      expect(robots.rule(0).pattern).toBe(`/${long}${tail}`);
    }
  });

  it('reads labels at the NODE_LEN_LONG boundary (one under, at, one over) in the walk and the pattern text', () => {
    for (const n of [NODE_LEN_LONG - 2, NODE_LEN_LONG - 1, NODE_LEN_LONG, NODE_LEN_LONG + 1]) {
      const label = 'a'.repeat(n);
      const robots = loadRobots(compile(`User-agent: *\nDisallow: /${label}\nAllow: /${label}b$\n`));
      const rules = robots.agent('x');
      const cases: [string, boolean][] = [[`/${label}`, false], [`/${label}b`, true], [`/${label}bb`, false], [`/${label.slice(1)}`, true], [`/${label}a`, false]];
      for (const [url, allowed] of cases) expect(rules.isAllowed(url), `${n} ${url.length}`).toBe(allowed);
      expect(robots.rule(0).pattern).toBe(`/${label}`);
      expect(robots.rule(1).pattern).toBe(`/${label}b$`);
    }
  });

  it('gives extra records only to radix nodes where a $ pattern or a wildcard head ends, and pattern lists only to segment nodes that have some', () => {
    const robots = loadRobots(compile('User-agent: *\nDisallow: /a\nDisallow: /b$\nDisallow: /c*x\nDisallow: /c*y$\nDisallow: /d/e\n'));
    const rules = robots.agent('x');
    const t = artifactOf(robots).group(rules.groupIndex);
    const img = t.img;
    const withExtra: number[] = [];
    for (let x = 0; x < t.nodeCount; x++) if (nodeExtra(img, t.nodeBase + x * NODE_WORDS) >= 0) withExtra.push(x);
    // `/b` (its `$` rank) and `/c` (two wildcard heads); `/`, `/a`, `/d/e` and the root have none.
    expect(withExtra.map((x) => [nodeEndRank(img, t.nodeBase + x * NODE_WORDS) !== NO_RANK, nodeWildCount(img, t.nodeBase + x * NODE_WORDS)])).toEqual([[true, 0], [false, 2]]);
    // Segments `x` (starts `/c*x`) and `y` (ends `/c*y$`) list one pattern each; the root shares the empty list.
    const lists = new Set<number>();
    const firsts: number[] = [];
    for (let s = 0; s < t.acCount; s++) {
      const rec = t.acBase + s * AC_WORDS;
      lists.add(img[rec + AC_LIST] as number);
      if (((img[rec + AC_CHILDREN_OUT] as number) & AC_FIRST_BIT) !== 0) firsts.push(acByte(img, rec));
    }
    expect(t.acCount).toBe(3);
    expect(lists.size).toBe(3);
    expect(firsts).toEqual([0x78]);
    for (const [url, allowed] of [['/a', false], ['/b', false], ['/bb', true], ['/cax', false], ['/cay', false], ['/cayz', true], ['/d/e', false], ['/d', true]] as const) {
      expect(rules.isAllowed(url), url).toBe(allowed);
    }
  });
});

describe('the fixtures', () => {
  it('load, and the test codec writes them back byte for byte', () => {
    expect(Array.from(encodeArtifact(RAW))).toEqual(Array.from(ARTIFACT));
    expect(Array.from(encodeArtifact(SCOPED_RAW))).toEqual(Array.from(SCOPED));
    const robots = loadRobots(ARTIFACT);
    expect(robots.isAllowed('/private/x', 'foo')).toBe(false);
    expect(robots.isAllowed('/a.gif', 'other')).toBe(false);
    expect(robots.warnings.map((w) => w.code)).toEqual(['truncated']);
    expect(loadRobots(SCOPED).scope).toEqual(['foo', 'zed']);
  });

  it('hold every section the corruptions below need', () => {
    expect(RAW.agents.length).toBe(2);
    expect(RAW.segmentCount).toBeGreaterThan(3);
    expect(RAW.wildcards.length).toBe(4);
    expect(RAW.parts.length).toBe(2);
    expect(RAW.parts[0]?.some((n) => n.wilds >= 2)).toBe(true);
    expect(RAW.groups.length).toBe(2);
    expect(RAW.sitemaps.length).toBe(1);
    expect(RAW.directives.length).toBe(2);
    expect(RAW.warnings.length).toBe(1);
    expect(SCOPED_RAW.scope.length).toBe(2);
  });
});

describe('loadRobots: argument types', () => {
  it('throws TypeError (not RobotsFormatError) for a wrong argument type', () => {
    const bad: unknown[] = ['RBMT', 42, null, undefined, {}, [1, 2, 3], new Int32Array(32), new DataView(new ArrayBuffer(88))];
    for (const value of bad) {
      const e = errorOf(value);
      expect(e, String(value)).toBeInstanceOf(TypeError);
      expect((e as Error).message).toMatch(/loadRobots: artifact must be a Uint8Array, ArrayBuffer or SharedArrayBuffer/);
    }
    expect((errorOf(null) as Error).message).toMatch(/got null/);
  });
});

describe('loadRobots: header faults', () => {
  it('too-short: fewer bytes than the 16-byte header', () => {
    expectCode(new Uint8Array(0), 'too-short');
    expectCode(new Uint8Array(10), 'too-short');
    expectCode(ARTIFACT.slice(0, 15), 'too-short');
  });

  it('bad-magic: the bytes do not start with RBMT', () => {
    const copy = ARTIFACT.slice();
    copy[0] = 0x58;
    expectCode(copy, 'bad-magic');
    expectCode(new Uint8Array(16), 'bad-magic');
    expectCode(corrupt((a) => (a.magic = MAGIC + 1)), 'bad-magic');
  });

  it('bad-version: a version 1 artifact, any other version, an unknown flag', () => {
    // A version 1 artifact: the same magic, then version 1 (its flags in the next 16 bits).
    const v1 = new Uint8Array(88);
    const dv = new DataView(v1.buffer);
    dv.setUint32(0, MAGIC, true);
    dv.setUint32(4, 1, true);
    dv.setUint32(8, 88, true);
    dv.setUint32(12, computeChecksum(v1), true);
    expectCode(v1, 'bad-version', 'version 1');
    expect((errorOf(v1) as Error).message).toMatch(/compile the robots\.txt again/);
    for (const version of [0, 1, FORMAT_VERSION + 1, 0xffff]) expectCode(corrupt((a) => (a.version = version)), 'bad-version', `version ${version}`);
    for (const flags of [8, 16, 0x8000, 0xffff]) expectCode(corrupt((a) => (a.flags = flags)), 'bad-version', `flags ${flags}`);
    // Unknown flags are checked before the checksum, as the version is.
    const flagged = ARTIFACT.slice();
    flagged[6] = (flagged[6] as number) | 8;
    expectCode(flagged, 'bad-version', 'flag bit 3, checksum not resealed');
  });

  it('bad-length: truncated, extended, or a length field that disagrees', () => {
    expectCode(ARTIFACT.slice(0, ARTIFACT.length - 1), 'bad-length');
    expectCode(ARTIFACT.slice(0, 16), 'bad-length');
    const longer = new Uint8Array(ARTIFACT.length + 1);
    longer.set(ARTIFACT);
    expectCode(longer, 'bad-length');
    expectCode(corrupt((a) => (a.length = ARTIFACT.length + 1)), 'bad-length');
    expectCode(corrupt((a) => (a.length = 0)), 'bad-length');
  });

  it('bad-checksum: any flipped byte outside the checksum field, or a wrong checksum', () => {
    for (const at of [16, 17, ARTIFACT.length - 1, Math.floor(ARTIFACT.length / 2)]) {
      const copy = ARTIFACT.slice();
      copy[at] = (copy[at] as number) ^ 0x40;
      expectCode(copy, 'bad-checksum', `byte ${at}`);
    }
    expectCode(corrupt((a) => (a.checksum = (computeChecksum(ARTIFACT) ^ 1) >>> 0)), 'bad-checksum');
  });
});

describe('loadRobots: bad-section (the body does not end where the header says)', () => {
  it('the body ends inside a number', () => {
    // The warning's line, written in two bytes and cut after the first (PREFERENCES follows).
    const long = corrupt((a) => (a.warnings[0]!.line = 200));
    const at = long.lastIndexOf(0xc8);
    expect(long[at + 1]).toBe(0x01);
    expectCode(resealed(long.slice(0, at + 1)), 'bad-section');
    // The last number of PREFERENCES (the last group's source count) cut off.
    expectCode(resealed(ARTIFACT.slice(0, ARTIFACT.length - 1)), 'bad-section');
    expectCode(resealed(ARTIFACT.slice(0, 17)), 'bad-section');
    expectCode(resealed(ARTIFACT.slice(0, 16)), 'bad-section', 'no body at all');
  });

  it('bytes after the last section', () => {
    expectCode(corrupt((a) => (a.trailing = Uint8Array.of(0))), 'bad-section');
    expectCode(corrupt((a) => (a.trailing = utf8('extra'))), 'bad-section');
  });
});

describe('loadRobots: bad-table (one invariant of format.ts at a time)', () => {
  const cases: [string, (a: RawArtifact) => void][] = [
    // Numbers and counts.
    ['a varint above 31 bits', (a) => (a.ranks[0] = 2 ** 31)],
    // AGENTS.
    ['an agent token with an upper-case byte', (a) => (a.agents[0]![0] = utf8('Bar'))],
    ['an agent token with a digit', (a) => (a.agents[0]![0] = utf8('bar2'))],
    ['agent tokens not sorted', (a) => a.agents.reverse()],
    ['an agent token twice', (a) => (a.agents[1]![0] = a.agents[0]![0])],
    ['an agent naming a group that does not exist', (a) => (a.agents[0]![1] = a.groups.length)],
    // SCOPE.
    ['scope tokens without the scoped flag', (a) => (a.scope = [utf8('foo')])],
    // RULES and RANKS.
    ['rule lines that do not ascend', (a) => (a.rules[1]!.w = a.rules[1]!.w & 1)],
    ['a rank naming a rule that does not exist', (a) => (a.ranks[0] = a.rules.length << 1)],
    ['an index.html companion mark on a disallow rule', (a) => (a.ranks[0] = (a.rules.findIndex((r) => (r.w & 1) === 0) << 1) | 1)],
    // SEGMENTS.
    ['a segment trie without a root', (a) => {
      a.segmentCount = 0;
      a.segments = [];
    }],
    ['a segment trie larger than the bytes left', (a) => (a.segmentCount = 1 << 20)],
    ['a segment parent that is not an earlier node', (a) => (a.segments[1]!.parent = 2)],
    ['segment parents that decrease', (a) => (a.segments[a.segments.length - 1]!.parent = 0)],
    ['sibling bytes not ascending', (a) => (a.segments[1]!.byte = a.segments[0]!.byte)],
    ['a fail link to a node as deep', (a) => (a.segments[1]!.failOut = (1 << 1) | (a.segments[1]!.failOut & 1))],
    ['a fail link to itself', (a) => (a.segments[1]!.failOut = (2 << 1) | (a.segments[1]!.failOut & 1))],
    // WILDCARDS.
    ['a wildcard rank out of range', (a) => (a.wildcards[0]!.rank = a.ranks.length)],
    ['a wildcard without segments', (a) => {
      a.wildcards[0]!.countAnchored = 0;
      a.wildcards[0]!.segments = [];
    }],
    ['a wildcard segment node where no segment ends', (a) => (a.wildcards[0]!.segments[0] = a.segments.findIndex((n) => (n.failOut & 1) === 0) + 1)],
    ['a wildcard segment naming the root', (a) => (a.wildcards[0]!.segments[0] = 0)],
    ['a wildcard segment past the trie', (a) => (a.wildcards[0]!.segments[0] = a.segmentCount)],
    // PARTS.
    ['a part without a root', (a) => (a.parts[0] = [])],
    ['a trie node with more children than nodes', (a) => (a.parts[0]![0]!.children = a.parts[0]!.length)],
    ['a trie whose nodes are not all children', (a) => (a.parts[1]!.find((n) => n.children >= 3)!.children -= 1)],
    ['a root with a label', (a) => (a.parts[0]![0]!.label = utf8('/'))],
    ['a child with an empty label', (a) => (a.parts[0]![1]!.label = new Uint8Array(0))],
    ['a prefix rank out of range', (a) => (a.parts[0]![1]!.prefix = a.ranks.length + 1)],
    ['an end rank out of range', (a) => (a.parts[0]![1]!.end = a.ranks.length + 1)],
    ['a node with more wildcards than WILDCARDS holds', (a) => (a.parts[0]![1]!.wilds = a.wildcards.length + 1)],
    ['tries naming fewer wildcards than WILDCARDS holds', (a) => {
      const node = a.parts[1]!.find((n) => n.wilds > 0)!;
      node.wilds--;
    }],
    ['wildcards of one node not ascending by rank', (a) => {
      const first = a.parts[0]!.slice(0, a.parts[0]!.findIndex((n) => n.wilds >= 2)).reduce((s, n) => s + n.wilds, 0);
      const w = a.wildcards;
      [w[first], w[first + 1]] = [w[first + 1]!, w[first]!];
    }],
    // GROUPS.
    ['a global group out of range', (a) => (a.global = a.groups.length + 1)],
    ['unknown group flags', (a) => (a.groups[0]!.flags = 4)],
    ['an unbuilt group with parts', (a) => (a.groups[0]!.flags |= GROUP_FLAG_UNBUILT)],
    ['a crawl-delay that is not a number', (a) => (a.groups[0]!.delay = utf8('soon'))],
    ['a negative crawl-delay', (a) => (a.groups[0]!.delay = utf8('-1'))],
    ['a crawl-delay longer than 32 bytes', (a) => (a.groups[0]!.delay = utf8('1'.padStart(33, '0')))],
    ['a group naming a part that does not exist', (a) => (a.groups[0]!.parts = [a.parts.length])],
    ['a source past the rules', (a) => (a.groups[0]!.sources = [[0, a.rules.length + 1]])],
    ['a source starting past the rules', (a) => (a.groups[1]!.sources = [[a.rules.length + 1, 0]])],
    // WARNINGS.
    ['an unknown warning code', (a) => (a.warnings[0]!.code = 3)],
  ];

  for (const [what, mutate] of cases) {
    it(what, () => {
      const bytes = corrupt(mutate);
      expect(Array.from(bytes), 'the mutation changed something').not.toEqual(Array.from(ARTIFACT));
      expectCode(bytes, 'bad-table', what);
    });
  }

  it('an unbuilt group without parts loads, and agent() refuses the crawlers it would serve', () => {
    // Group 0 (foo, bar) left out: flagged unbuilt, its parts dropped.
    const bytes = corrupt((a) => {
      a.groups[0]!.flags |= GROUP_FLAG_UNBUILT;
      a.groups[0]!.parts = [];
    });
    const robots = loadRobots(bytes);
    expect(robots.describeGroup(0).built).toBe(false);
    expect(() => robots.agent('foo')).toThrow(/options\.agents/);
    expect(robots.isAllowed('/a.gif', 'other')).toBe(false);
  });

  it('scope: a token outside [a-z_-], unsorted or repeated tokens, the scoped flag without tokens', () => {
    expectCode(corrupt((a) => (a.scope[0] = utf8('Foo')), SCOPED_RAW), 'bad-table', 'upper-case');
    expectCode(corrupt((a) => a.scope.reverse(), SCOPED_RAW), 'bad-table', 'unsorted');
    expectCode(corrupt((a) => (a.scope[1] = a.scope[0]!), SCOPED_RAW), 'bad-table', 'repeated');
    expectCode(corrupt((a) => (a.scope = []), SCOPED_RAW), 'bad-table', 'flag without tokens');
  });

  it('a number longer than 5 bytes', () => {
    // The SCOPE count (byte 16, value 0) written in six bytes.
    expect(ARTIFACT[16]).toBe(0);
    expectCode(splice(ARTIFACT, 16, [0x80, 0x80, 0x80, 0x80, 0x80, 0x00]), 'bad-table');
    // Five bytes is the longest allowed: the same count in five bytes loads.
    expect(() => loadRobots(splice(ARTIFACT, 16, [0x80, 0x80, 0x80, 0x80, 0x00]))).not.toThrow();
  });

  it('a count larger than the bytes left', () => {
    expectCode(splice(ARTIFACT, 16, [0xa0, 0x8d, 0x06]), 'bad-table'); // 100,000 scope tokens
  });

  it('a string that overruns the artifact', () => {
    const url = utf8('https://example.com/sitemap.xml');
    let at = -1;
    for (let i = 16; i + url.length <= ARTIFACT.length && at < 0; i++) if (url.every((b, k) => ARTIFACT[i + k] === b)) at = i;
    expect(ARTIFACT[at - 1]).toBe(url.length);
    expectCode(splice(ARTIFACT, at - 1, [0x7f]), 'bad-table');
  });

  it('a rule text that overruns the artifact', () => {
    const marked = corrupt((a) => (a.rules[0]!.pattern = utf8('ZZZ')));
    let at = -1;
    for (let i = 16; i < marked.length - 2 && at < 0; i++) if (marked[i] === 0x5a && marked[i + 1] === 0x5a && marked[i + 2] === 0x5a) at = i;
    expect(marked[at - 1]).toBe(4); // length + 1
    expect(loadRobots(marked).rule(0).pattern).toBe('ZZZ');
    expectCode(splice(marked, at - 1, [0xff, 0x7f]), 'bad-table');
  });

  it('rule texts marked rebuilt (v 0) load whatever the tables hold: the text or undefined, never a throw', () => {
    const bytes = corrupt((a) => a.rules.forEach((r) => (r.pattern = null)));
    const robots = loadRobots(bytes);
    const texts = RAW.rules.map((_, id) => robots.rule(id).pattern);
    for (const t of texts) expect(t === undefined || typeof t === 'string').toBe(true);
    // The first rule's text, /private, is its best pattern's body: rebuilt exactly.
    expect(texts[0]).toBe('/private');
  });

  it('radix children not ascending by first byte, or two with the same first byte', () => {
    // The global part: root -> "/" -> children "a", "b", "p" (the line cut at maxBytes), "x".
    const part = RAW.parts[1]!;
    const slash = part.findIndex((n) => n.label.length === 1 && n.label[0] === 0x2f);
    expect(part[slash]!.children).toBeGreaterThanOrEqual(3);
    const leafA = part.findIndex((n) => n.label[0] === 0x61);
    const leafB = part.findIndex((n) => n.label[0] === 0x62);
    expect(leafB).toBe(leafA + 1);
    expectCode(corrupt((a) => {
      const p = a.parts[1]!;
      [p[leafA], p[leafB]] = [p[leafB]!, p[leafA]!];
    }), 'bad-table', 'swapped');
    expectCode(corrupt((a) => (a.parts[1]![leafB]!.label = utf8('a'))), 'bad-table', 'same first byte');
  });
});

describe('loadTrustedArtifact: the compiler\'s own bytes, the writer\'s shape checks skipped', () => {
  // The test setup (test/setup-load.ts) runs every check on trusted loads; these tests are about the skip.
  let saved = loadTuning.checkTrusted;
  beforeEach(() => {
    saved = loadTuning.checkTrusted;
    loadTuning.checkTrusted = false;
  });
  afterEach(() => {
    loadTuning.checkTrusted = saved;
  });

  it('the test setup checks every artifact compileRobots writes for itself in full (loadTuning.checkTrusted), and the switch takes effect', () => {
    expect(saved).toBe(true);
    const bad = corrupt((a) => a.agents.reverse());
    expect(loadTrustedArtifact(bad).groupCount).toBe(RAW.groups.length);
    loadTuning.checkTrusted = true;
    expect(() => loadTrustedArtifact(bad)).toThrow(RobotsFormatError);
  });

  it('decodes every corpus artifact to the same index, group images and answers as loadRobots', () => {
    const files = listCorpusFiles().slice(0, 40);
    expect(files.length).toBeGreaterThan(0);
    for (const f of files) {
      const bytes = compile(readCorpusFile(f));
      const strict = loadRobots(bytes);
      const trusted = loadTrustedArtifact(bytes);
      const s = artifactOf(strict);
      const t = artifactOf(trusted);
      expect(Array.from(t.index), f).toEqual(Array.from(s.index));
      for (let g = 0; g < strict.groupCount; g++) expect(Array.from(groupTablesOf(trusted, g).tables.img), `${f} group ${g}`).toEqual(Array.from(groupTablesOf(strict, g).tables.img));
      for (const url of URLS) expect(trusted.isAllowed(url, 'foo'), f).toBe(strict.isAllowed(url, 'foo'));
    }
  });

  it('skips only the shape checks: loadRobots still refuses what loadTrustedArtifact loads, and both refuse a bad bound', () => {
    // Unsorted agent tokens and a crawl-delay that is not a number: shapes compile never writes.
    for (const bad of [corrupt((a) => a.agents.reverse()), corrupt((a) => (a.groups[0]!.delay = utf8('soon')))]) {
      expectCode(bad, 'bad-table');
      expect(loadTrustedArtifact(bad).groupCount).toBe(RAW.groups.length);
    }
    // Bounds stay checked: a truncated body is refused by both.
    const cut = resealed(ARTIFACT.slice(0, ARTIFACT.length - 3));
    expectCode(cut, 'bad-section');
    expect(() => loadTrustedArtifact(cut)).toThrow(RobotsFormatError);
  });
});

describe('loadTrustedGroup: compileRobots\' artifact with one group built, cut at once', () => {
  const ONE = 'User-agent: *\nDisallow: /private\nAllow: /private/ok\nDisallow: /*.gif$\n';

  it('cuts a group that is every part into one buffer with the index and a copy of the bytes; a later change to the input changes no answer', () => {
    const bytes = compile(ONE);
    const a = loadTrustedGroup(bytes, 0);
    expect(a.bytes.buffer).toBe(a.index.buffer);
    expect(a.group(0).img).toBe(a.index);
    const robots = robotsOfLoaded(a);
    const want = URLS.map((u) => loadRobots(compile(ONE)).isAllowed(u, 'foo'));
    // The writer's buffer is overwritten by the next compile: the load copied what it reads.
    bytes.fill(0);
    expect(URLS.map((u) => robots.isAllowed(u, 'foo'))).toEqual(want);
  });

  it('falls back to the lazy cut for g < 0 and for a group that is not every part (its own copy of the bytes, cut on first use)', () => {
    for (const [bytes, g] of [[compile(ONE), -1], [ARTIFACT, 0], [ARTIFACT, 1]] as const) {
      const input = bytes.slice();
      const a = loadTrustedGroup(input, g);
      expect(a.bytes.buffer, `g ${g}`).not.toBe(a.index.buffer);
      expect(a.bytes).not.toBe(input);
      const robots = robotsOfLoaded(a);
      const strict = loadRobots(bytes);
      input.fill(0);
      for (const agent of ['foo', 'a', 'b', 'zed']) for (const u of URLS) expect(robots.isAllowed(u, agent), `g ${g} ${agent} ${u}`).toBe(strict.isAllowed(u, agent));
    }
  });
});

describe('loadRobots: kept arrays', () => {
  it('keeps no shared slab of group images: two loads of one artifact hold separate buffers (a long-lived host pins only its own bytes)', () => {
    const a = loadRobots(ARTIFACT);
    const b = loadRobots(ARTIFACT);
    const ia = groupTablesOf(a, a.agent('foo').groupIndex).tables.img;
    const ib = groupTablesOf(b, b.agent('foo').groupIndex).tables.img;
    expect(ia.buffer).not.toBe(ib.buffer);
    expect(Array.from(ia)).toEqual(Array.from(ib));
  });
});

describe('loadRobots: hostile bytes', () => {
  it('any single flipped body byte (resealed) loads or throws RobotsFormatError, and a loaded one answers without throwing', () => {
    let loaded = 0;
    for (let at = 16; at < ARTIFACT.length; at++) {
      for (const mask of [0x01, 0x80, 0xff]) {
        const copy = ARTIFACT.slice();
        copy[at] = (copy[at] as number) ^ mask;
        const bytes = resealed(copy);
        let robots: Robots | undefined;
        try {
          robots = loadRobots(bytes);
        } catch (e) {
          expect(e, `byte ${at} ^ ${mask}`).toBeInstanceOf(RobotsFormatError);
          continue;
        }
        loaded++;
        for (const agent of ['foo', 'other']) {
          for (const url of URLS) {
            const r = robots.decide(url, agent);
            expect(r, `byte ${at} ^ ${mask} ${url}`).toBeGreaterThanOrEqual(-1);
            if (r >= 0) expect(robots.rule(r).id).toBe(r);
            expect(typeof robots.isAllowed(url, agent)).toBe('boolean');
          }
        }
        for (let g = 0; g < robots.groupCount; g++) {
          for (const id of robots.describeGroup(g).ruleIds) expect(robots.rule(id).id).toBe(id);
        }
      }
    }
    // Flipped string bytes (patterns, sitemaps, directives) still load.
    expect(loaded).toBeGreaterThan(0);
  });
});

describe('loadRobots: input forms, read in place', () => {
  const expected = answers(loadRobots(ARTIFACT));

  it('uses a Uint8Array in place and exposes it as robots.bytes', () => {
    const robots = loadRobots(ARTIFACT);
    expect(robots.bytes).toBe(ARTIFACT);
    expect(robots.byteLength).toBe(ARTIFACT.length);
  });

  it('reads an unaligned Uint8Array view in place (no copy)', () => {
    for (const offset of [1, 2, 3, 5]) {
      const big = new Uint8Array(ARTIFACT.length + 8);
      big.set(ARTIFACT, offset);
      const view = big.subarray(offset, offset + ARTIFACT.length);
      const robots = loadRobots(view);
      expect(robots.bytes).toBe(view);
      expect(robots.bytes.buffer).toBe(big.buffer);
      expect(answers(robots), `offset ${offset}`).toEqual(expected);
    }
  });

  it('loads an ArrayBuffer in place', () => {
    const ab = ARTIFACT.slice().buffer;
    const robots = loadRobots(ab);
    expect(robots.bytes.buffer).toBe(ab);
    expect(robots.bytes.byteOffset).toBe(0);
    expect(answers(robots)).toEqual(expected);
  });

  it('loads a SharedArrayBuffer in place, whole or as an unaligned view', () => {
    const sab = new SharedArrayBuffer(ARTIFACT.length);
    new Uint8Array(sab).set(ARTIFACT);
    const robots = loadRobots(sab);
    expect(robots.bytes.buffer).toBe(sab);
    expect(answers(robots)).toEqual(expected);
    const sab2 = new SharedArrayBuffer(ARTIFACT.length + 3);
    const all = new Uint8Array(sab2);
    all.set(ARTIFACT, 3);
    const shifted = loadRobots(all.subarray(3));
    expect(shifted.bytes.buffer).toBe(sab2);
    expect(answers(shifted)).toEqual(expected);
  });

  it('loads an unaligned Node Buffer (fs.readFileSync and friends return Buffers)', () => {
    const big = Buffer.alloc(ARTIFACT.length + 1);
    big.set(ARTIFACT, 1);
    const view = big.subarray(1);
    expect(view.byteOffset % 4).not.toBe(0);
    expect(answers(loadRobots(view))).toEqual(expected);
  });

  it('reports format errors the same way for an ArrayBuffer and a SharedArrayBuffer', () => {
    expectCode(new ArrayBuffer(12), 'too-short');
    const copy = ARTIFACT.slice();
    copy[copy.length - 1] = (copy[copy.length - 1] as number) ^ 1;
    expectCode(copy.buffer, 'bad-checksum');
    const sab = new SharedArrayBuffer(copy.length);
    new Uint8Array(sab).set(copy);
    expectCode(sab as unknown as ArrayBuffer, 'bad-checksum');
  });
});

describe('loadRobots: what a loaded artifact keeps (a group image cut on first agent())', () => {
  /** `n` tokens, each with a small group of its own, all also naming one big shared group. */
  function sharedFile(n: number): string {
    const lines: string[] = [];
    for (let k = 0; k < n; k++) lines.push(`User-agent: bot${String.fromCharCode(97 + k)}`, `Disallow: /own-${k}/*.pdf$`, '');
    lines.push(...Array.from({ length: n }, (_v, k) => `User-agent: bot${String.fromCharCode(97 + k)}`));
    for (let r = 0; r < 300; r++) lines.push(`Disallow: /shared/${r}/*x${r}y`);
    return lines.join('\n') + '\n';
  }

  it('cuts the first group its own image, smaller than the whole file', () => {
    const robots = loadRobots(compile(sharedFile(3)));
    const a = artifactOf(robots);
    const rules = robots.agent('bota');
    const image = a.group(rules.groupIndex);
    expect(image.rootCount).toBe(2);
    expect(image.img.length).toBeLessThan(a.header(INDEX_WHOLE_WORDS));
    expect(rules.isAllowed('/own-0/a.pdf')).toBe(false);
    expect(rules.isAllowed('/own-1/a.pdf')).toBe(true);
    expect(rules.isAllowed('/shared/7/ax7y')).toBe(false);
  });

  it('matches further groups on the whole image once the cuts would outgrow it, with the same answers', () => {
    const txt = sharedFile(4);
    const robots = loadRobots(compile(txt));
    const a = artifactOf(robots);
    const groups = ['bota', 'botb', 'botc', 'botd'].map((ua) => robots.agent(ua));
    const images = groups.map((r) => a.group(r.groupIndex));
    expect(images[0]?.img).not.toBe(a.whole().tables.img);
    // Each group holds the big shared part: a second cut would pass the whole image's size.
    // Those are matched on the whole image's words (a Tables of their own, for their roots).
    expect(images.slice(1).every((im) => im.img === a.whole().tables.img)).toBe(true);
    expect(images.slice(1).map((im) => im.rootCount)).toEqual(groups.slice(1).map((r) => groupTablesOf(robots, r.groupIndex).roots.length));
    const fresh = loadRobots(compile(txt));
    for (const [k, r] of groups.entries()) {
      for (const url of [`/own-${k}/x.pdf`, `/own-${(k + 1) % 4}/x.pdf`, '/shared/12/a-x12y', '/shared/12/a-x13y', '/']) {
        // A fresh Robots cuts this group first: the same answers on either image.
        const other = loadRobots(compile(txt)).agent(`bot${String.fromCharCode(97 + k)}`);
        expect(r.isAllowed(url), `${k} ${url}`).toBe(other.isAllowed(url));
        expect(r.decide(url), `${k} ${url}`).toBe(other.decide(url));
        expect(fresh.isAllowed(url, `bot${String.fromCharCode(97 + k)}`)).toBe(other.isAllowed(url));
      }
    }
  });

  it('keeps a fresh load\'s index in the load buffer only until the next load, which gives it a copy of the same words', () => {
    const txt = 'User-agent: a\nDisallow: /*q=1\n\nUser-agent: *\nDisallow: /x\n';
    const first = loadRobots(compile(txt));
    const a = artifactOf(first);
    const words = Array.from(a.index);
    const second = loadRobots(compile('User-agent: *\nDisallow: /other\n'));
    // The second load decoded over the load buffer: the first one's index moved out first.
    expect(a.index.buffer).not.toBe(artifactOf(second).index.buffer);
    expect(a.index.byteLength).toBe(a.index.buffer.byteLength);
    expect(Array.from(a.index)).toEqual(words);
    expect(first.agent('a').isAllowed('/p?q=1')).toBe(false);
    expect(first.agent('zz').isAllowed('/x/y')).toBe(false);
    // The first cut takes the index along in its array (one typed array per host).
    const rules = second.agent('zz');
    expect(artifactOf(second).index.buffer).toBe(artifactOf(second).group(rules.groupIndex).img.buffer);
    expect(rules.isAllowed('/other/1')).toBe(false);
  });

  it('cuts a large artifact\'s groups (decoded outside the load buffer) with the same answers before and after other loads', () => {
    const lines = ['User-agent: a', 'Disallow: /a/*.pdf$', '', 'User-agent: *'];
    for (let r = 0; r < 4000; r++) lines.push(`Disallow: /big/${r}/*x${r}y`, `Allow: /big/${r}/open`);
    const txt = lines.join('\n') + '\n';
    const bytes = compile(txt);
    expect(bytes.length).toBeGreaterThan(64 * 1024);
    const urls = ['/a/b.pdf', '/big/17/ax17y', '/big/17/open', '/big/17/ax18y', '/x'];
    const expected = urls.map((u) => {
      const want = referenceDecide(txt, 'zz', u);
      return { allowed: want.allowed, line: want.line };
    });
    const big = loadRobots(bytes);
    const star = big.agent('zz');
    loadRobots(compile('User-agent: *\nDisallow: /other\n'));
    const own = big.agent('a');
    expect(urls.map((u) => {
      const id = star.decide(u);
      return { allowed: star.isAllowed(u), line: id < 0 ? 0 : big.rule(id).line };
    })).toEqual(expected);
    expect(own.isAllowed('/a/b.pdf')).toBe(false);
    expect(own.isAllowed('/big/17/ax17y')).toBe(true);
    expect(loadRobots(bytes).agent('zz').isAllowed('/big/3999/x3999y')).toBe(false);
  });

  it('lets a large artifact\'s decode and grown scratch go after a group cut, one over budget too (SECURITY.md)', () => {
    // Eight groups share one large part: the cuts go over budget and the last groups match on the whole image.
    const rules: string[] = [];
    for (let r = 0; r < 1000; r++) rules.push(`Disallow: /big/${r}/*x${r}y`, `Allow: /big/${r}/open`);
    const agents = ['a', 'b', 'c', 'd', 'e', 'f', 'g', '*'];
    const txt = agents.map((ua) => [`User-agent: ${ua}`, ...rules, `Disallow: /own-${ua === '*' ? 'star' : ua}`, ''].join('\n')).join('\n');
    const bytes = compile(txt);
    expect(bytes.length).toBeGreaterThan(64 * 1024);
    const big = loadRobots(bytes);
    // The load keeps the large decode for the first cut: more than the 1 << 16 words of a load buffer.
    const afterLoad = readHeldLoadWords();
    expect(afterLoad).toBeGreaterThan(1 << 16);
    const held: number[] = [];
    for (const ua of agents) {
      // Another load in between: each cut decodes again, then lets that decode go.
      loadRobots(compile('User-agent: *\nDisallow: /other\n'));
      const rules = big.agent(ua === '*' ? 'zz' : ua);
      expect(rules.isAllowed(`/own-${ua === '*' ? 'star' : ua}`)).toBe(false);
      expect(rules.isAllowed('/big/999/open')).toBe(true);
      held.push(readHeldLoadWords());
    }
    // The last groups matched on the whole image (cuts over budget), and no decode was kept.
    expect(artifactOf(big).wholeKept).toBe(true);
    // Less than the load held with the large decode: that decode is gone after every cut.
    for (const words of held) expect(words).toBeLessThan(Math.min(afterLoad, 8 * (1 << 16)));
  });

  it('cuts a group from a decode again when another artifact was loaded in between', () => {
    const first = loadRobots(compile('User-agent: a\nDisallow: /*q=1\n\nUser-agent: *\nDisallow: /x\n'));
    loadRobots(compile('User-agent: *\nDisallow: /other\n'));
    expect(first.agent('a').isAllowed('/p?q=1')).toBe(false);
    expect(first.agent('zz').isAllowed('/x/y')).toBe(false);
    expect(first.agent('zz').isAllowed('/p?q=1')).toBe(true);
  });
});

describe('loadRobots: image rank words carry their rule kind (no rank table in a group image)', () => {
  /** Returns every rank word group image `t` holds for the parts rooted at `roots` (prefix, `$` and wildcard ranks). */
  function rankWords(t: Tables, roots: readonly number[]): number[] {
    const out: number[] = [];
    const queue = [...roots];
    while (queue.length > 0) {
      const rec = t.nodeBase + (queue.pop() as number) * NODE_WORDS;
      for (const r of [nodePrefixRank(t.img, rec), nodeEndRank(t.img, rec)]) if (r !== NO_RANK) out.push(r);
      const w0 = nodeWildFirst(t.img, rec);
      for (let w = w0; w < w0 + nodeWildCount(t.img, rec); w++) out.push(t.img[t.wildBase + w * WILD_WORDS + WILD_RANK] as number);
      const first = t.img[rec + NODE_FIRST_CHILD] as number;
      for (let c = first; c < first + nodeChildCount(t.img, rec); c++) queue.push(c);
    }
    return out;
  }

  it('every rank word of every corpus group: its kind bit is its rule\'s kind and the rank table\'s allow bit', () => {
    let checked = 0;
    let allows = 0;
    for (const name of listCorpusFiles()) {
      const robots = loadRobots(compile(new TextDecoder().decode(readCorpusFile(name))));
      const ranks = artifactOf(robots).ranks();
      for (let g = 0; g < robots.groupCount; g++) {
        const { tables, roots } = groupTablesOf(robots, g);
        for (const r of rankWords(tables, roots)) {
          const allow = robots.rule(ruleOfRank(ranks, r)).kind === 'allow';
          expect(rankAllows(r), `${name} group ${g} rank ${r}`).toBe(allow);
          expect((rankEntry(ranks, r) & RANK_ALLOW) !== 0, `${name} group ${g} rank ${r}`).toBe(allow);
          checked++;
          if (allow) allows++;
        }
      }
    }
    // Both kinds are met, in numbers (the corpus: about 330,000 rank words).
    expect(checked).toBeGreaterThan(100_000);
    expect(allows).toBeGreaterThan(1_000);
    expect(checked - allows).toBeGreaterThan(1_000);
  });

  it('a first group image holds the index and its records only: every word is accounted for by kind (no rank table)', () => {
    let hosts = 0;
    for (const name of listCorpusFiles().filter((_, i) => i % 8 === 0)) {
      const robots = loadRobots(compile(new TextDecoder().decode(readCorpusFile(name))));
      const rules = robots.agent('*');
      if (rules.groupIndex < 0) continue;
      const image = artifactOf(robots).group(rules.groupIndex);
      if (image.rootCount === 0) continue;
      const words = Object.values(hostWordsByKind(robots, rules)).reduce((x, y) => x + y, 0);
      expect(words, name).toBe(image.img.length);
      hosts++;
    }
    expect(hosts).toBeGreaterThan(300);
  });

  it('decide, decidedByIndexHtml and explain read the file\'s rank table, decoded once on first use (again after another load), naming the same rules', () => {
    const txt = 'User-agent: *\nDisallow: /a\nAllow: /a/index.html\nDisallow: /*.pdf$\nAllow: /a/*.pdf$\n';
    const want = loadRobots(compile(txt));
    const urls = ['/a', '/a/', '/a/x.pdf', '/b.pdf', '/c'];
    const expected = urls.map((u) => [want.decide(u, 'x'), want.agent('x').decidedByIndexHtml(u), want.isAllowed(u, 'x')]);
    expect(expected.map((e) => e[0])).toEqual([0, 1, 3, 2, -1]);
    expect(expected.map((e) => e[1])).toEqual([false, true, false, false, false]);
    const robots = loadRobots(compile(txt));
    const rules = robots.agent('x');
    // Another load between the cut and the first decide: the rank table is decoded again from the bytes.
    loadRobots(compile('User-agent: *\nAllow: /other\nDisallow: /\n'));
    const a = artifactOf(robots);
    expect(urls.map((u) => [rules.decide(u), rules.decidedByIndexHtml(u), rules.isAllowed(u)])).toEqual(expected);
    expect(a.ranks()).toBe(a.ranks());
    expect(robots.explain('/a/', 'x').rule?.id).toBe(1);
    expect(robots.explain('/a/', 'x').outcome).toBe('index-html');
  });
});

describe('loadRobots: segment depths past AC_DEPTH_LONG (the long-depth table)', () => {
  const seg = (len: number): string => `k${'x'.repeat(len - 2)}e`;
  const TXT_LONG = [
    'User-agent: *',
    `Disallow: /a*${seg(AC_DEPTH_LONG - 1)}`,
    `Allow: /a*${seg(AC_DEPTH_LONG)}`,
    `Disallow: /b*${seg(AC_DEPTH_LONG + 1)}$`,
    `Disallow: /c*${seg(9000)}*tail`,
    `Allow: /a/*${seg(AC_DEPTH_LONG + 1)}`,
    'Disallow: /d*short',
  ].join('\n');
  const URLS_LONG = [
    `/a${seg(AC_DEPTH_LONG - 1)}`, `/a/${seg(AC_DEPTH_LONG)}`, `/a/q${seg(AC_DEPTH_LONG + 1)}`, `/a${seg(AC_DEPTH_LONG).slice(1)}`,
    `/b${seg(AC_DEPTH_LONG + 1)}`, `/b/${seg(AC_DEPTH_LONG + 1)}z`, `/b${seg(AC_DEPTH_LONG + 1).slice(0, -1)}`,
    `/c${seg(9000)}/tail`, `/c${seg(9000)}`, `/c${seg(8999)}/tail`, '/d/very-short', '/zz',
  ];

  it('answers one under, at and past AC_DEPTH_LONG like the reference, on the direct road, the sweep and tier 1', () => {
    const bytes = compile(TXT_LONG);
    const saved = { ...scanTuning };
    const threshold = tierTuning.threshold;
    try {
      for (const road of ['direct', 'sweep', 'tier 1'] as const) {
        scanTuning.directMaxCandidates = road === 'direct' ? 1 << 20 : 0;
        scanTuning.directMaxWork = road === 'direct' ? 1 << 30 : 0;
        tierTuning.threshold = road === 'tier 1' ? 0 : 1 << 30;
        const robots = loadRobots(bytes);
        const rules = robots.agent('x');
        if (road === 'tier 1') rules.isAllowed('/warm-up');
        expect(tierOf(rules).tier, road).toBe(road === 'tier 1' ? 1 : 0);
        // The group's image holds long nodes: their depths are read from the table.
        expect(hostWordsByKind(robots, rules).acLongDepths, road).toBeGreaterThan(9000 - AC_DEPTH_LONG);
        resetCheckWork();
        let withCandidates = 0;
        for (const url of URLS_LONG) {
          const want = referenceDecide(TXT_LONG, 'x', url);
          const id = rules.decide(url);
          if (road !== 'tier 1' && lastCandidateCount() > 0) withCandidates++;
          expect(rules.isAllowed(url), `${road} ${url.slice(0, 12)} (${url.length})`).toBe(want.allowed);
          expect(id < 0 ? 0 : robots.rule(id).line, `${road} ${url.slice(0, 12)} (${url.length})`).toBe(want.line);
        }
        // The forced road was taken: tier 0 verified candidates, by sweeps (work counted) only on the sweep road.
        if (road !== 'tier 1') expect(withCandidates, road).toBeGreaterThan(0);
        if (road === 'direct') expect(readCheckWork(), road).toBe(0);
        if (road === 'sweep') expect(readCheckWork(), road).toBeGreaterThan(9000);
      }
    } finally {
      Object.assign(scanTuning, saved);
      tierTuning.threshold = threshold;
    }
  });

  it('keeps in a group cut from the file the depths the whole image holds (long ones from its own table)', () => {
    const robots = loadRobots(compile(`User-agent: a\nDisallow: /*q\n\n${TXT_LONG}\n`));
    const a = artifactOf(robots);
    const cut = a.group(robots.agent('x').groupIndex);
    const whole = a.whole().tables;
    const depths = (t: Tables): number[] => Array.from({ length: t.acCount }, (_v, s) => acDepth(t.img, t.acBase, s));
    const cutDepths = depths(cut);
    expect(Math.max(...cutDepths)).toBe(9000);
    // The cut keeps the segments of its own patterns: every depth it holds is one the whole image holds.
    const wholeDepths = new Set(depths(whole));
    expect(cutDepths.every((d) => wholeDepths.has(d))).toBe(true);
    expect(cutDepths.length).toBeLessThan(whole.acCount);
    expect(cutDepths.filter((d) => d >= AC_DEPTH_LONG).length).toBe(9000 - AC_DEPTH_LONG + 1 + 1 + 1);
  });
});

describe('loadRobots: group records (flags, crawl-delay length and root count in one word)', () => {
  it('reads back each group\'s flags, a 32-character crawl-delay and its part count from GROUP_FLAGS', () => {
    const delay = `0.${'0'.repeat(29)}1`;
    expect(delay.length).toBe(32);
    const txt = `User-agent: a\nUser-agent: b\nDisallow: /ab\nCrawl-delay: ${delay}\n\nUser-agent: a\nDisallow: /a-only\n\nUser-agent: *\nDisallow: /all\nCrawl-delay: 7\n`;
    const robots = loadRobots(compile(txt));
    const a = artifactOf(robots);
    const counts: number[] = [];
    for (let g = 0; g < robots.groupCount; g++) {
      const rec = a.groupBase + g * GROUP_WORDS;
      const info = robots.describeGroup(g);
      counts.push(groupRootCount(a.index, rec));
      expect(groupRootCount(a.index, rec), `group ${g}`).toBe(info.parts.length);
      expect(((a.index[rec + GROUP_FLAGS] as number) & GROUP_FLAG_GLOBAL) !== 0, `group ${g}`).toBe(info.global);
      expect(groupDelayLength(a.index, rec) === 0 ? undefined : Number(new TextDecoder().decode(a.bytes.subarray(a.index[rec + GROUP_DELAY_OFF] as number, (a.index[rec + GROUP_DELAY_OFF] as number) + groupDelayLength(a.index, rec)))), `group ${g}`).toBe(info.crawlDelay);
    }
    // `a` merges two parsed groups (two parts), `b` and `*` one each.
    expect(counts.slice().sort()).toEqual([1, 1, 2]);
    expect(robots.crawlDelay('b')).toBe(Number(delay));
    expect(robots.crawlDelay('zz')).toBe(7);
    expect(robots.isAllowed('/a-only', 'a')).toBe(false);
    expect(robots.isAllowed('/ab', 'a')).toBe(false);
    expect(robots.isAllowed('/a-only', 'b')).toBe(true);
  });

  it('packs up to MAX_GROUP_PARTS roots beside both flags and a 32-byte crawl-delay length, each read back whole', () => {
    const word = groupFlagsWord(GROUP_FLAG_GLOBAL | GROUP_FLAG_UNBUILT, 32, MAX_GROUP_PARTS);
    const img = Int32Array.of(word);
    expect(groupRootCount(img, 0)).toBe(MAX_GROUP_PARTS);
    expect(groupDelayLength(img, 0)).toBe(32);
    expect(word & (GROUP_FLAG_GLOBAL | GROUP_FLAG_UNBUILT)).toBe(3);
    expect(word >>> GROUP_ROOT_COUNT_SHIFT).toBe(MAX_GROUP_PARTS);
  });
});
