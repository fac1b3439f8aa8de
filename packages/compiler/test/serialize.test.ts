// serialize.ts: the artifact bytes of runtime/format.ts: determinism, the header, each section
// read back with the runtime tests' independent decoder (runtime/test/_artifact.ts), the round
// trip through loadRobots against @robomata/reference, and size: a median-like robots.txt
// compiles to fewer bytes than its source.
import { describe, expect, it } from 'vitest';
import {
  FLAG_PATTERNS, FLAG_PROFILE_GOOGLE, FLAG_SCOPED, FORMAT_VERSION, GROUP_FLAG_GLOBAL, GROUP_FLAG_UNBUILT, MAGIC, computeChecksum,
  type Profile,
} from '@robomata/runtime/format';
import { loadRobots } from '@robomata/runtime';
import { decide as referenceDecide } from '@robomata/reference';
import { buildParts } from '../src/build-parts.js';
import { mergeGroups } from '../src/merge-groups.js';
import { parseRobotsTxt } from '../src/parse.js';
import { groupsOfScope, planParts } from '../src/plan-parts.js';
import { serializeArtifact, type ArtifactInput } from '../src/serialize.js';
import { decodeArtifact, text } from '../../runtime/test/_artifact.js';

/** Builds the serializer's input stage by stage, as compile.ts does. */
function inputOf(txt: string, options: { profile?: Profile; scope?: string[]; patterns?: boolean } = {}): ArtifactInput {
  const profile = options.profile ?? 'rfc9309';
  const parsed = parseRobotsTxt(txt);
  const merged = mergeGroups(parsed);
  const plan = planParts(parsed, merged, options.scope === undefined ? undefined : groupsOfScope(merged, options.scope));
  const built = buildParts(parsed, plan, profile);
  return { profile, parsed, merged, plan, built, scope: options.scope, patterns: options.patterns ?? true, warnings: [] };
}

const SAMPLE = [
  'Sitemap: https://example.com/s.xml', // 1
  'User-agent: zeta', // 2
  'User-agent: Alpha', // 3
  'Crawl-delay: 2.5', // 4
  'Disallow: /private', // 5
  'Allow: /private/ok$', // 6
  '', // 7
  'User-agent: *', // 8
  'Disallow: /*.gif$', // 9
  'Allow: /index.html', // 10
  'Host: example.com', // 11
  '', // 12
  'User-agent: mid', // 13
  'Disallow: /private', // 14
  'Allow: /private/ok$', // 15
  'Disallow: /a*b*c', // 16
  'Disallow: /x*', // 17
  'Disallow: /%41', // 18
  'Allow: /ツ', // 19
  '',
].join('\n');

describe('serializeArtifact: determinism and header', () => {
  it('gives identical bytes for the same input, built once or twice', () => {
    const input = inputOf(SAMPLE);
    const a = serializeArtifact(input);
    expect(Array.from(serializeArtifact(input))).toEqual(Array.from(a));
    expect(Array.from(serializeArtifact(inputOf(SAMPLE)))).toEqual(Array.from(a));
  });

  it('writes magic, version, flags, length and checksum', () => {
    const cases: [ArtifactInput, number][] = [
      [inputOf(SAMPLE), FLAG_PATTERNS],
      [inputOf(SAMPLE, { profile: 'google' }), FLAG_PATTERNS | FLAG_PROFILE_GOOGLE],
      [inputOf(SAMPLE, { patterns: false }), 0],
      [inputOf(SAMPLE, { scope: ['alpha'], profile: 'google' }), FLAG_PATTERNS | FLAG_PROFILE_GOOGLE | FLAG_SCOPED],
    ];
    for (const [input, flags] of cases) {
      const bytes = serializeArtifact(input);
      const dv = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      expect(dv.getUint32(0, true)).toBe(MAGIC);
      expect(dv.getUint16(4, true)).toBe(FORMAT_VERSION);
      expect(dv.getUint16(6, true)).toBe(flags);
      expect(dv.getUint32(8, true)).toBe(bytes.length);
      expect(dv.getUint32(12, true)).toBe(computeChecksum(bytes));
    }
  });
});

describe('serializeArtifact: sections', () => {
  const input = inputOf(SAMPLE);
  const raw = decodeArtifact(serializeArtifact(input));

  it('SCOPE and AGENTS: no scope, then the lower-cased tokens sorted with their group', () => {
    expect(raw.scope).toEqual([]);
    expect(raw.agents.map(([t, g]) => [text(t), g])).toEqual(input.plan.agents.map(([t, g]) => [t, g]));
    expect(raw.agents.map(([t]) => text(t))).toEqual(['alpha', 'mid', 'zeta']);
    const scoped = decodeArtifact(serializeArtifact(inputOf(SAMPLE, { scope: ['alpha', 'nobody'] })));
    expect(scoped.scope.map(text)).toEqual(['alpha', 'nobody']);
    // Every token and group is listed whatever the scope: indices agree between artifacts.
    expect(scoped.agents).toEqual(raw.agents);
  });

  it('RULES: line deltas with the allow bit; a text the runtime can rebuild as 0, others as written, none when dropped', () => {
    let line = 0;
    const rules = raw.rules.map((r) => {
      line += r.w >>> 1;
      return [line, (r.w & 1) === 1 ? 'allow' : 'disallow', r.pattern === null ? null : text(r.pattern as Uint8Array)];
    });
    expect(rules).toEqual([
      [5, 'disallow', null], [6, 'allow', null], [9, 'disallow', null], [10, 'allow', null],
      [14, 'disallow', null], [15, 'allow', null], [16, 'disallow', null],
      [17, 'disallow', '/x*'], [18, 'disallow', '/%41'], [19, 'allow', '/ツ'],
    ]);
    expect(raw.rules.map((r) => r.pattern === null)).toEqual([...input.built.rebuildable].map((b) => b === 1));
    const lean = decodeArtifact(serializeArtifact(inputOf(SAMPLE, { patterns: false })));
    expect(lean.rules.map((r) => r.pattern)).toEqual(rules.map(() => undefined));
    expect(lean.rules.map((r) => r.w)).toEqual(raw.rules.map((r) => r.w));
    // Every text reads back as written.
    const robots = loadRobots(serializeArtifact(input));
    expect(rules.map((_, id) => robots.rule(id).pattern)).toEqual([
      '/private', '/private/ok$', '/*.gif$', '/index.html', '/private', '/private/ok$', '/a*b*c', '/x*', '/%41', '/ツ',
    ]);
  });

  it('RANKS, SEGMENTS, WILDCARDS and PARTS: the built tables', () => {
    expect(raw.ranks).toEqual(input.built.rankRules.map((id, rank) => (id << 1) | (input.built.rankCompanion[rank] as number)));
    expect(raw.segmentCount).toBe(input.built.segmentTrie.count);
    raw.segments.forEach((n, k) => {
      const x = k + 1;
      expect(n.parent).toBe(input.built.segmentTrie.parent[x]);
      expect(n.byte).toBe(input.built.segmentTrie.byte[x]);
      expect(n.failOut).toBe(((input.built.fail[x] as number) << 1) | (input.built.segmentEnds[x] as number));
    });
    expect(raw.parts.length).toBe(input.built.parts.length);
    const wild = input.built.parts.flatMap((p) => p.flatMap((n) => n.wildcards));
    expect(raw.wildcards.map((w) => w.rank)).toEqual(wild.map((w) => w.rank));
    expect(raw.wildcards.map((w) => w.countAnchored)).toEqual(wild.map((w) => (w.segments.length << 1) | (w.anchored ? 1 : 0)));
    raw.parts.forEach((part, p) => {
      const built = input.built.parts[p]!;
      expect(part.map((n) => [n.children, text(n.label), n.prefix - 1, n.end - 1, n.wilds]))
        .toEqual(built.map((n) => [n.childCount, text(n.key.subarray(n.labelFrom, n.labelTo)), n.prefixRank, n.endRank, n.wildcards.length]));
    });
  });

  it('GROUPS: flags, crawl-delay as written by String(seconds), parts and source rule ranges', () => {
    expect(raw.groups.length).toBe(3);
    expect(raw.global - 1).toBe(input.plan.global);
    raw.groups.forEach((g, k) => {
      expect(g.flags).toBe(k === input.plan.global ? GROUP_FLAG_GLOBAL : 0);
      expect(g.parts).toEqual([...input.plan.groupParts[k]!]);
    });
    expect(raw.groups.map((g) => text(g.delay)).sort()).toEqual(['', '', '2.5']);
    // A scoped artifact flags the groups outside the scope as unbuilt, with no parts.
    const scoped = decodeArtifact(serializeArtifact(inputOf(SAMPLE, { scope: ['mid'] })));
    const mid = raw.agents.find(([t]) => text(t) === 'mid')![1];
    const alphaIndex = raw.agents.find(([t]) => text(t) === 'alpha')![1];
    expect(scoped.groups.length).toBe(3);
    expect(scoped.groups[mid]!.flags & GROUP_FLAG_UNBUILT).toBe(0);
    expect(scoped.groups[alphaIndex]!.flags & GROUP_FLAG_UNBUILT).toBe(GROUP_FLAG_UNBUILT);
    expect(scoped.groups[alphaIndex]!.parts).toEqual([]);
    expect(scoped.groups.map((g) => g.sources)).toEqual(raw.groups.map((g) => g.sources));
    expect(scoped.rules.length).toBe(raw.rules.length);
    const alpha = raw.groups[raw.agents.find(([t]) => text(t) === 'alpha')![1]]!;
    expect(alpha.sources).toEqual([[0, 2]]);
  });

  it('SITEMAPS, DIRECTIVES and WARNINGS', () => {
    expect(raw.sitemaps.map(text)).toEqual(['https://example.com/s.xml']);
    let line = 0;
    expect(raw.directives.map((d) => [(line += d.lineDelta), text(d.key), text(d.value), d.group - 1])).toEqual([
      [4, 'Crawl-delay', '2.5', 0],
      [11, 'Host', 'example.com', 1],
    ]);
    expect(raw.warnings).toEqual([]);
    const warned = decodeArtifact(serializeArtifact({ ...input, warnings: [{ code: 'html', line: 3 }, { code: 'truncated', line: 9 }] }));
    expect(warned.warnings).toEqual([{ code: 1, line: 3 }, { code: 0, line: 9 }]);
    expect(raw.trailing.length).toBe(0);
  });
});

describe('serializeArtifact: round trip through loadRobots', () => {
  const urls = ['/', '/private', '/private/ok', '/private/ok2', '/a.gif', '/a.gifx', '/index.html', '/abc', '/axbyc', '/robots.txt',
    'http://h/private?x', '/xy', '/A', '/%41', '/ツ'];

  for (const profile of ['rfc9309', 'google'] as const) {
    it(`gives the reference's answers and the stored texts (${profile})`, () => {
      const robots = loadRobots(serializeArtifact(inputOf(SAMPLE, { profile })));
      expect(robots.profile).toBe(profile);
      expect(robots.sitemaps).toEqual(['https://example.com/s.xml']);
      expect(robots.crawlDelay('ALPHA')).toBe(2.5);
      expect(robots.crawlDelay('mid')).toBeUndefined();
      expect(robots.otherDirectives().map((d) => d.line)).toEqual([4, 11]);
      for (const agent of ['alpha', 'zeta', 'mid', 'other']) {
        for (const url of urls) {
          const want = referenceDecide(SAMPLE, agent, url, { profile });
          const id = robots.decide(url, agent);
          expect(robots.isAllowed(url, agent), `${agent} ${url}`).toBe(want.allowed);
          expect(id < 0 ? 0 : robots.rule(id).line, `${agent} ${url}`).toBe(want.line);
          if (id >= 0) expect(robots.rule(id).pattern).toBe(want.pattern);
        }
      }
    });
  }
});

describe('serializeArtifact: size', () => {
  /** A median-like robots.txt: about 0.5 KB, 13 rules, wildcards, sitemaps (corpus median: 0.6 KB, 13 rules). */
  const MEDIAN_LIKE = [
    '# robots.txt for https://www.example.com/',
    'User-agent: *',
    'Disallow: /cgi-bin/',
    'Disallow: /tmp/',
    'Disallow: /search',
    'Disallow: /*?sort=',
    'Disallow: /*&sessionid=',
    'Disallow: /account/',
    'Disallow: /checkout/',
    'Disallow: /cart',
    'Allow: /search/about',
    'Disallow: /*.pdf$',
    '',
    'User-agent: Googlebot-Image',
    'Disallow: /images/private/',
    'Allow: /images/',
    '',
    'User-agent: AhrefsBot',
    'Disallow: /',
    '',
    'Sitemap: https://www.example.com/sitemap.xml',
    'Sitemap: https://www.example.com/sitemap-news.xml',
    '',
  ].join('\n');
  const SOURCE = new TextEncoder().encode(MEDIAN_LIKE).length;

  it('regression: a median-like robots.txt compiles (default options) to fewer bytes than its source', () => {
    expect(SOURCE).toBeGreaterThan(400);
    for (const profile of ['rfc9309', 'google'] as const) {
      const bytes = serializeArtifact(inputOf(MEDIAN_LIKE, { profile }));
      expect(loadRobots(bytes).isAllowed('/x.pdf', 'bot')).toBe(false);
      expect(bytes.length, profile).toBeLessThan(SOURCE);
    }
  });

  it('without stored patterns a median-like robots.txt compiles to fewer bytes than its source', () => {
    for (const profile of ['rfc9309', 'google'] as const) {
      const bytes = serializeArtifact(inputOf(MEDIAN_LIKE, { profile, patterns: false }));
      expect(bytes.length, profile).toBeLessThan(SOURCE);
      expect(loadRobots(bytes).isAllowed('/x.pdf', 'bot')).toBe(false);
    }
  });
});
