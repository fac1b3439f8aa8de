// build-parts.ts: every pattern of the file ranked once in decision order (docs/semantics.md section 5),
// duplicates dropped within a part only, each part's radix trie of literal heads (prefix rank,
// end rank, the wildcard patterns whose head ends there) and one segment trie for the whole
// file. Expected tables are worked out by hand from docs/semantics.md sections 4, 5 and 7.
import { describe, expect, it } from 'vitest';
import type { Profile } from '@robomata/runtime/format';
import { loadRobots } from '@robomata/runtime';
import { isAllowed as referenceAllows } from '@robomata/reference';
import { buildParts, type BuiltParts } from '../src/build-parts.js';
import { compile } from '../src/compile.js';
import { mergeGroups } from '../src/merge-groups.js';
import { parseRobotsTxt } from '../src/parse.js';
import { planParts } from '../src/plan-parts.js';
import { rankedPatterns } from './_rank.js';
import { bruteFailLinks, spell } from './_trie.js';

function builtOf(txt: string, profile: Profile = 'google'): BuiltParts {
  const parsed = parseRobotsTxt(txt);
  return buildParts(parsed, planParts(parsed, mergeGroups(parsed), undefined), profile);
}

const latin1 = (b: Uint8Array): string => String.fromCharCode(...b);
/** A node's edge label: `key[labelFrom, labelTo)`. */
const labelOf = (n: BuiltParts['parts'][number][number]): Uint8Array => n.key.subarray(n.labelFrom, n.labelTo);

/** The string each segment-trie node spells. */
const segmentStrings = (built: BuiltParts): string[] => spell(built.segmentTrie);

/** A part as readable rows: full prefix, child count, ranks and wildcards (segments as strings). */
function rowsOf(built: BuiltParts, part: number): unknown[] {
  const nodes = built.parts[part]!;
  const seg = segmentStrings(built);
  const full: string[] = [''];
  let next = 1;
  nodes.forEach((n, i) => {
    for (let c = 0; c < n.childCount; c++, next++) full[next] = full[i]! + latin1(labelOf(nodes[next]!));
  });
  expect(next).toBe(nodes.length);
  return nodes.map((n, i) => ({
    head: full[i],
    children: n.childCount,
    prefix: n.prefixRank,
    end: n.endRank,
    wild: n.wildcards.map((w) => `${w.rank}:${w.segments.map((s) => seg[built.segmentNode[s] as number]).join('*')}${w.anchored ? '$' : ''}`),
  }));
}

describe('buildParts: ranks', () => {
  it('ranks every pattern of the file in decision order: priority, allow first, line, own pattern before its index.html companion', () => {
    // Rules: 0 /a (2), 1 allow /abc (4), 2 /*x (3), 3 allow /d/index.html (13) + /d/$ (4).
    const built = builtOf('User-agent: *\nDisallow: /a\nAllow: /abc\nDisallow: /*x\nAllow: /d/index.html\n');
    expect(built.rankRules).toEqual([3, 1, 3, 2, 0]);
    // The format's per-rank mark: only /d/$ is an index.html companion.
    expect(Array.from(built.rankCompanion)).toEqual([0, 0, 1, 0, 0]);
  });

  it('ranks as the decision-rank model does (compareRank), on files with ties, companions and wildcards', () => {
    const lines: string[] = [];
    for (let i = 0; i < 120; i++) {
      const kind = i % 3 === 0 ? 'Allow' : 'Disallow';
      // Distinct patterns (a part drops repeats), most of one length: ties in priority everywhere.
      const n = String(i).padStart(3, '0');
      const pattern = [`/p${n}`, `/d${n}/index.html`, `/*.x${n}`, `/q${n}*z$`, `/r${n}*`][i % 5];
      lines.push(`${i % 40 === 0 ? `\nUser-agent: bot${i}\n` : ''}${kind}: ${pattern}`);
    }
    const txt = `User-agent: *\n${lines.join('\n')}\n`;
    for (const profile of ['google', 'rfc9309'] as const) {
      const parsed = parseRobotsTxt(txt);
      const model = rankedPatterns(parsed.groups.flatMap((g) => g.rules).map((r, ruleId) => ({ kind: r.kind, line: r.line, ruleId, escaped: r.escaped })), profile);
      const built = buildParts(parsed, planParts(parsed, mergeGroups(parsed), undefined), profile);
      expect(built.rankRules, profile).toEqual(model.map((p) => p.ruleId));
      expect(Array.from(built.rankCompanion), profile).toEqual(model.map((p) => (p.companion ? 1 : 0)));
    }
  });

  it('ranks globally across parts and groups', () => {
    // Rules: 0 /aaaa (a), 1 /b (b), 2 /cc (*), 3 allow /b (*).
    const built = builtOf('User-agent: a\nDisallow: /aaaa\n\nUser-agent: b\nDisallow: /b\n\nUser-agent: *\nDisallow: /cc\nAllow: /b\n');
    expect(built.rankRules).toEqual([0, 2, 3, 1]);
    expect(built.parts.length).toBe(3);
  });

  it('names only the best-ranked of duplicates within a part (a repeated wildcard pattern is dropped), not across parts', () => {
    /** Rule ids named by the nodes of each part: prefix, end and wildcard ranks. */
    const named = (built: BuiltParts): number[][] => built.parts.map((part) => part.flatMap((n) => [
      ...(n.prefixRank >= 0 ? [built.rankRules[n.prefixRank]!] : []),
      ...(n.endRank >= 0 ? [built.rankRules[n.endRank]!] : []),
      ...n.wildcards.map((w) => built.rankRules[w.rank]!),
    ]));
    expect(named(builtOf('User-agent: *\nDisallow: /a\nDisallow: /a\nAllow: /a\n'))).toEqual([[2]]);
    const wild = builtOf('User-agent: *\nDisallow: /*a\nAllow: /*a\nDisallow: /*a$\n');
    expect(named(wild)).toEqual([[2, 1]]);
    expect(wild.rankRules).toEqual([2, 1]);
    expect(named(builtOf('User-agent: a\nDisallow: /x\n\nUser-agent: b\nDisallow: /x\n'))).toEqual([[0], [1]]);
    // Anchored and prefix forms match different paths: both stay.
    const both = builtOf('User-agent: *\nDisallow: /x\nDisallow: /x$\n');
    expect(both.rankRules).toEqual([1, 0]);
    expect(named(both)).toEqual([[0, 1]]);
  });

  it('drops patterns that never decide (empty, not starting with / or *, $ alone)', () => {
    expect(builtOf('User-agent: *\nDisallow:\nDisallow: x\nAllow: $\nDisallow: /y\n').rankRules).toEqual([3]);
  });

  it('dedupes on the rfc9309 canonical form only in rfc9309', () => {
    const txt = 'User-agent: *\nDisallow: /%41\nDisallow: /A\n';
    const rfc = builtOf(txt, 'rfc9309');
    expect(rowsOf(rfc, 0).map((r) => (r as { head: string }).head)).toEqual(['', '/A']);
    expect(rfc.rankRules[rfc.parts[0]![1]!.prefixRank]).toBe(0);
    const google = builtOf(txt, 'google');
    expect(google.rankRules).toEqual([0, 1]);
    expect(rowsOf(google, 0).map((r) => (r as { head: string }).head)).toEqual(['', '/', '/%41', '/A']);
  });
});

describe('buildParts: rebuildable rule texts', () => {
  it('marks a rule whose text is exactly its best-ranked pattern (plus $), named by a node', () => {
    const lines = [
      'Disallow: /a', // 0: yes
      'Allow: /b$', // 1: yes
      'Disallow: /c*d*e$', // 2: yes
      'Disallow: /x*', // 3: no (the trailing * is dropped)
      'Disallow: /y**z', // 4: no (the run of * collapses)
      'Allow: /d/index.html', // 5: yes (its own pattern ranks above its companion)
      'Disallow: /a', // 6: no (a duplicate: its rank is never named)
      'Disallow: /%41', // 7: rfc9309 no (canonical /A), google yes
      'Disallow: /ツ', // 8: no (escaped)
      'Disallow:', // 9: no (no pattern)
      'Disallow: /q$r', // 10: rfc9309 no (%24), google yes
      'Disallow: *', // 11: no (the empty prefix)
    ];
    const txt = `User-agent: *\n${lines.join('\n')}\n`;
    expect([...builtOf(txt, 'rfc9309').rebuildable]).toEqual([1, 1, 1, 0, 0, 1, 0, 0, 0, 0, 0, 0]);
    expect([...builtOf(txt, 'google').rebuildable]).toEqual([1, 1, 1, 0, 0, 1, 0, 1, 0, 0, 1, 0]);
  });
});

describe('buildParts: radix tries of heads', () => {
  it('puts literal prefixes, anchored literals and wildcard heads on radix nodes', () => {
    const built = builtOf('User-agent: *\nDisallow: /a\nAllow: /abc\nDisallow: /*x\nAllow: /d/index.html\n');
    expect(rowsOf(built, 0)).toEqual([
      { head: '', children: 1, prefix: -1, end: -1, wild: [] },
      { head: '/', children: 2, prefix: -1, end: -1, wild: ['3:x'] },
      { head: '/a', children: 1, prefix: 4, end: -1, wild: [] },
      { head: '/d/', children: 1, prefix: -1, end: 2, wild: [] },
      { head: '/abc', children: 0, prefix: 1, end: -1, wild: [] },
      { head: '/d/index.html', children: 0, prefix: 0, end: -1, wild: [] },
    ]);
  });

  it('keeps the wildcard patterns of one head in ascending rank; a trailing * makes a literal prefix', () => {
    const built = builtOf('User-agent: *\nDisallow: /p*a\nAllow: /p*bb*c$\nDisallow: /p*\nDisallow: /q*$\nDisallow: *\n');
    // Rules: 0 /p*a (4), 1 allow /p*bb*c$ (8), 2 /p* (3, as /p), 3 /q*$ (4, as /q), 4 * (1, as the empty prefix).
    expect(built.rankRules).toEqual([1, 0, 3, 2, 4]);
    expect(rowsOf(built, 0)).toEqual([
      { head: '', children: 1, prefix: 4, end: -1, wild: [] },
      { head: '/', children: 2, prefix: -1, end: -1, wild: [] },
      { head: '/p', children: 0, prefix: 3, end: -1, wild: ['0:bb*c$', '1:a'] },
      { head: '/q', children: 0, prefix: 2, end: -1, wild: [] },
    ]);
  });

  it('uses the profile form: canonical in rfc9309, escaped as written in google', () => {
    const txt = 'User-agent: *\nDisallow: /%41*%7e\nDisallow: /ツ\n';
    const rows = (profile: Profile): string[] => (rowsOf(builtOf(txt, profile), 0) as { head: string; wild: string[] }[]).map((r) => `${r.head}|${r.wild.join(',')}`);
    // Rank 0 is /ツ (priority 10), rank 1 the wildcard pattern (4 in rfc9309, 8 in google).
    expect(rows('rfc9309')).toEqual(['|', '/|', '/%E3%83%84|', '/A|1:~']);
    expect(rows('google')).toEqual(['|', '/%|', '/%41|1:%7E', '/%E3%83%84|']);
  });
});

describe('buildParts: the segment trie', () => {
  const TXT = 'User-agent: a\nDisallow: /*x*yz\n\nUser-agent: b\nDisallow: /p*x$\nAllow: /*yz*x\n';

  it('holds every distinct segment of the file once, shared by parts', () => {
    const built = builtOf(TXT);
    const seg = segmentStrings(built);
    expect(seg).toEqual(['', 'x', 'y', 'yz']);
    expect(built.segmentNode.length).toBe(2);
    expect([...built.segmentNode].map((x) => seg[x]).sort()).toEqual(['x', 'yz']);
    expect([...built.segmentEnds]).toEqual([0, 1, 0, 1]);
    // Ranks: 0 allow /*yz*x, 1 /*x*yz (both 6, allow first), 2 /p*x$ (5).
    expect(built.rankRules).toEqual([2, 0, 1]);
    expect(rowsOf(built, 0).map((r) => (r as { wild: string[] }).wild)).toEqual([[], ['1:x*yz']]);
    expect(rowsOf(built, 1).map((r) => (r as { wild: string[] }).wild)).toEqual([[], ['0:yz*x'], ['2:x$']]);
  });

  it('carries the fail links of its trie', () => {
    const built = builtOf('User-agent: *\nDisallow: /*he*she\nDisallow: /*his*hers\n');
    expect(segmentStrings(built)).toEqual(['', 'h', 's', 'he', 'hi', 'sh', 'her', 'his', 'she', 'hers']);
    // Decoded from segmentBytes, held to the brute-force longest proper suffix of each node's string.
    expect([...built.fail]).toEqual(bruteFailLinks(segmentStrings(built)));
    expect([...built.segmentEnds]).toEqual(segmentStrings(built).map((s) => (['he', 'she', 'his', 'hers'].includes(s) ? 1 : 0)));
    expect(built.segmentTrie.keyNode.map((x) => segmentStrings(built)[x])).toEqual(['he', 'hers', 'his', 'she']);
    // fail(she) = he, fail(hers) = s, fail(his) = s.
    const seg = segmentStrings(built);
    expect(seg[built.fail[seg.indexOf('she')] as number]).toBe('he');
    expect(seg[built.fail[seg.indexOf('hers')] as number]).toBe('s');
    expect(seg[built.fail[seg.indexOf('his')] as number]).toBe('s');
  });

  it('is a bare root when the file has no wildcard pattern', () => {
    const built = builtOf('User-agent: *\nDisallow: /a\n');
    expect(built.segmentTrie.count).toBe(1);
    expect(built.segmentNode.length).toBe(0);
  });
});

describe('buildParts: large parts (the chunked sort of heads and segments)', () => {
  it('orders 400 heads and segments that share prefixes longer than one sort chunk as a plain byte sort does', () => {
    // Heads /prefix-shared-XXXX/ (20 bytes: past the 6-byte chunk and the 40-item insertion
    // sort), some a prefix of others, each with a literal rule and a wildcard rule.
    const heads: string[] = [];
    for (let i = 0; i < 200; i++) heads.push(`/prefix-shared-${String((i * 7919) % 1000).padStart(4, '0')}/`, `/prefix-shared-${(i * 31) % 97}`);
    const lines = heads.flatMap((h, i) => [`Disallow: ${h}`, `Allow: ${h}*seg-shared-long-${(i * 13) % 50}`]);
    const built = builtOf(`User-agent: *\n${lines.join('\n')}\n`);
    const rows = rowsOf(built, 0) as { head: string; prefix: number; wild: string[] }[];
    // Breadth-first radix nodes: every distinct head has its node, and children are in byte order.
    const ended = rows.filter((r) => r.prefix >= 0 || r.wild.length > 0).map((r) => r.head);
    expect(new Set(ended)).toEqual(new Set(heads));
    const nodes = built.parts[0]!;
    let next = 1;
    nodes.forEach((n) => {
      const firsts = nodes.slice(next, next + n.childCount).map((c) => c.key[c.labelFrom]!);
      expect(firsts).toEqual([...firsts].sort((a, b) => a - b));
      next += n.childCount;
    });
    // The segment trie holds each distinct segment once, in sorted (breadth-first) order.
    const segs = new Set(heads.map((_, i) => `seg-shared-long-${(i * 13) % 50}`));
    const spelled = segmentStrings(built).filter((s) => segs.has(s));
    expect(spelled.length).toBe(segs.size);
    // A wildcard's ranks under one head ascend (the sort is stable).
    for (const r of rows) {
      const ranks = r.wild.map((w) => Number(w.split(':')[0]));
      expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    }
  });
});

describe('buildParts: the head sort on each of its roads', () => {
  // Heads sharing a prefix longer than any one chunk (6 bytes), in a scrambled order: ranges of
  // up to 40 go by insertion, up to 4,096 by packed keys, more by the chunk sort with fresh arrays.
  // The radix tries are built from the sorted heads, so a wrong order shows as a wrong trie.
  for (const n of [30, 1_000, 5_000]) {
    it(`sorts ${n} heads with a long shared prefix into the trie the reference answers with`, () => {
      const ids = Array.from({ length: n }, (_, k) => ((k * 7919) % n).toString(36));
      const txt = `User-agent: *\n${ids.map((id, k) => `${k % 3 === 0 ? 'Allow' : 'Disallow'}: /shared-prefix/${id}${k % 5 === 0 ? '/x' : ''}`).join('\n')}\n`;
      // Every distinct pattern ends at a node of the one part's trie (one lost or split by a bad order does not).
      const patterns = new Set(ids.map((id, k) => `/shared-prefix/${id}${k % 5 === 0 ? '/x' : ''}`));
      const ending = builtOf(txt).parts[0]!.filter((node) => node.prefixRank >= 0).length;
      expect(ending).toBe(patterns.size);
      const rules = loadRobots(compile(txt, { profile: 'google' })).agent('bot');
      for (let k = 0; k < n; k += Math.max(1, Math.floor(n / 40))) {
        for (const url of [`/shared-prefix/${ids[k]}`, `/shared-prefix/${ids[k]}/x`, `/shared-prefix/${ids[k]}z`]) {
          expect(rules.isAllowed(url), url).toBe(referenceAllows(txt, 'bot', url, { profile: 'google' }));
        }
      }
    });
  }
});
