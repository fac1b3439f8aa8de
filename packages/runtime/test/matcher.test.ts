// matcher.ts: walkTrie (literal matches and wildcard candidates of one part) and bestRank (the
// rank deciding a URL over a group's parts, the rfc9309 implicit /robots.txt allow, the `need`
// bound), against @robomata/reference's decide() on literal, anchored, index.html and
// multi-part groups, in both profiles.
import { THREAD_SCRATCH as sc } from '../src/scratch.js';
import { artifactOf, groupTablesOf } from '../src/internal.js';
import { describe, expect, it } from 'vitest';
import { compile, type CompileOptions } from '@robomata/compiler';
import { loadRobots } from '../src/load.js';
import { decide as referenceDecide } from '@robomata/reference';
import { NO_RANK } from '../src/format.js';
import { bestRank, walkTrie, walkTrieUrl } from '../src/matcher.js';
import { FAST_GOOGLE, FAST_RFC, fillPath, findPathStart, isRobotsTxtAt } from '../src/path-bytes.js';
import { scanTuning } from '../src/segment-scan.js';
import { type Robots } from '../src/robots.js';
import {
  IMPLICIT_RANK, nodeWildCount, nodeWildFirst, NODE_WORDS, WILD_RANK, WILD_WORDS, type Tables,
  rankAllows, ruleOfRank, GROUP_NEED, GROUP_WORDS,
} from '../src/tables.js';

/** The loaded artifact of `txt` with every group built (tests read its tables directly). */
const loadedOf = (txt: string, options?: CompileOptions): Robots => loadRobots(compile(txt, options));

type Profile = 'rfc9309' | 'google';
const PROFILES = ['rfc9309', 'google'] as const;

/**
 * The group `agent` selects: its image (cut on its first agent(), load.ts) with the offset and
 * count of its part roots, and its `need`, read from its group record in the index (GROUP_NEED).
 */
function groupOf(robots: Robots, agent: string): { t: Tables; roots: number; rootCount: number; need: number } {
  const a = artifactOf(robots);
  const g = robots.agent(agent).groupIndex;
  const image = a.group(g);
  const img = image.img;
  const group = { t: image, roots: image.roots, rootCount: image.rootCount, need: a.index[a.groupBase + g * GROUP_WORDS + GROUP_NEED] as number };
  expect(Array.from(img.subarray(group.roots, group.roots + group.rootCount))).toEqual([...groupTablesOf(robots, g).roots]);
  return group;
}

/** The rule id an image rank stands for, read from the file's rank table. */
const ruleOf = (robots: Robots, rank: number): number => ruleOfRank(artifactOf(robots).ranks(), rank);

/** The line (0: none) and verdict bestRank gives, read through the rank table. */
function verdict(robots: Robots, t: Tables, rank: number): { allowed: boolean; line: number } {
  if (rank === NO_RANK || rank === IMPLICIT_RANK) return { allowed: true, line: 0 };
  const rule = robots.rule(ruleOf(robots, rank));
  // The rank word's kind bit is its rule's kind (tables.ts imageRank): isAllowed reads only it.
  expect(rankAllows(rank), `kind bit of rank ${rank}`).toBe(rule.kind === 'allow');
  return { allowed: rule.kind === 'allow', line: rule.line };
}

/** Expects bestRank (with `need` all bytes, and with the group's own need) to give the reference's verdict and line. */
function expectReference(txt: string, agent: string, urls: readonly string[], profile: Profile): void {
  const robots = loadedOf(txt, { profile });
  const { t, roots, rootCount, need } = groupOf(robots, agent);
  for (const url of urls) {
    const want = referenceDecide(txt, agent, url, { profile });
    const ctx = `${profile} ${agent} ${JSON.stringify(url)}`;
    const all = bestRank(t, roots, rootCount, NO_RANK, url, profile === 'rfc9309', sc);
    const got = verdict(robots, t, all);
    expect(got, ctx).toEqual({ allowed: want.allowed, line: want.line });
    expect(bestRank(t, roots, rootCount, need, url, profile === 'rfc9309', sc), `${ctx} with need ${need}`).toBe(all);
  }
}

describe('bestRank against the reference', () => {
  it('literal prefix patterns: the longest match decides, an allow wins a tie', () => {
    const txt = 'User-agent: *\nDisallow: /a\nAllow: /ab\nDisallow: /abc\nAllow: /abc\nDisallow: /b/\nAllow: /b\nDisallow: /\n';
    const urls = ['/', '/a', '/ab', '/abc', '/abcd', '/b', '/b/', '/b/x', '/c', '/aX', 'http://h/abc?q', 'http://h'];
    for (const profile of PROFILES) expectReference(txt, 'x', urls, profile);
  });

  it('anchored literals match the whole path only; the anchor counts in the priority', () => {
    const txt = 'User-agent: *\nDisallow: /a$\nAllow: /a\nDisallow: /$\nAllow: /x/$\nDisallow: /x/\nDisallow: /q?$\n';
    const urls = ['/', '/a', '/ab', '/x/', '/x/y', '/q?', '/q?r', '/q', 'http://h', 'http://h/#a', '/a#b', '/a?'];
    for (const profile of PROFILES) expectReference(txt, 'x', urls, profile);
  });

  it('index.html: an allow of /d/index.html also allows /d/ exactly (priority 4)', () => {
    const txt = 'User-agent: *\nDisallow: /d/\nAllow: /d/index.html\nDisallow: /e\nAllow: /e/index.htm\nDisallow: /f/$\nAllow: /f/index.html\n';
    const urls = ['/d/', '/d/index.html', '/d/x', '/d/index.htmlx', '/e/', '/e/index.htm', '/e/x', '/f/', '/f/index.html', '/f/g'];
    for (const profile of PROFILES) expectReference(txt, 'x', urls, profile);
  });

  it('wildcards and literals together, with percent escapes and non-ASCII', () => {
    const txt = [
      'User-agent: *', 'Disallow: /*.gif$', 'Allow: /img/*.gif$', 'Disallow: /a*b*c', 'Allow: /a%2Fb', 'Disallow: /%41',
      'Disallow: /ツ', 'Allow: /*%E3%83%84$', 'Disallow: /q*$', 'Allow: /*?', '',
    ].join('\n');
    const urls = ['/x.gif', '/img/x.gif', '/img/x.gifs', '/abc', '/axbxc', '/a/b', '/a%2fb', '/A', '/%41', '/ツ', '/xツ', '/q', '/qq', '/q?', '/?'];
    for (const profile of PROFILES) expectReference(txt, 'x', urls, profile);
  });

  it('multi-part groups: a group made of several parsed groups, some shared with other agents', () => {
    const txt = [
      'User-agent: a', 'User-agent: b', 'Disallow: /shared', 'Allow: /shared/ok', 'Disallow: /*.pdf$', '',
      'User-agent: a', 'Allow: /shared/ok/no', 'Disallow: /own', 'Disallow: /shared/ok/no/*x', '',
      'User-agent: b', 'Disallow: /b-only', '',
      'User-agent: *', 'Disallow: /', '',
    ].join('\n');
    const robots = loadedOf(txt);
    expect(groupTablesOf(robots, robots.agent('a').groupIndex).roots.length).toBe(2);
    expect(groupTablesOf(robots, robots.agent('b').groupIndex).roots.length).toBe(2);
    const urls = ['/shared', '/shared/ok', '/shared/ok/no', '/shared/ok/no/x', '/shared/ok/no/yx', '/own', '/b-only', '/x.pdf', '/shared/ok/x.pdf', '/', '/robots.txt'];
    for (const profile of PROFILES) for (const agent of ['a', 'b', 'c']) expectReference(txt, agent, urls, profile);
  });

  it('the rfc9309 implicit /robots.txt allow, after canonicalisation; none in google', () => {
    const txt = 'User-agent: *\nDisallow: /\nAllow: /robots.txtx$\n';
    const robots = loadedOf(txt);
    const { t, roots, rootCount } = groupOf(robots, 'x');
    for (const url of ['/robots.txt', '/robots.txt?x', 'http://h/robots.txt', '/%72obots.txt', '/robots%2Etxt?', '/robots.txt#?']) {
      expect(bestRank(t, roots, rootCount, NO_RANK, url, true, sc), url).toBe(IMPLICIT_RANK);
      expect(referenceDecide(txt, 'x', url).allowed, url).toBe(true);
    }
    for (const url of ['/robots.txtx', '/robots.txt/', '/robots.tx', '/Robots.txt', '/robots.txt;']) {
      expect(bestRank(t, roots, rootCount, NO_RANK, url, true, sc), url).not.toBe(IMPLICIT_RANK);
    }
    const urls = ['/robots.txt', '/robots.txt?x', '/robots.txtx', '/robots.txt/', '/robots.txt#?', '/%72obots.txt'];
    for (const profile of PROFILES) expectReference(txt, 'x', urls, profile);
    const google = loadedOf(txt, { profile: 'google' });
    const g = groupOf(google, 'x');
    expect(verdict(google, g.t, bestRank(g.t, g.roots, g.rootCount, NO_RANK, '/robots.txt', false, sc)).allowed).toBe(false);
  });
});

describe('bestRank: need', () => {
  it('is the deepest literal head plus one (at least 12 in rfc9309) and all bytes with wildcards', () => {
    const literal = 'User-agent: *\nDisallow: /ab\nAllow: /abcdefghijklmnop$\n';
    expect(groupOf(loadedOf(literal, { profile: 'google' }), 'x').need).toBe(18);
    expect(groupOf(loadedOf('User-agent: *\nDisallow: /ab\n', { profile: 'google' }), 'x').need).toBe(4);
    expect(groupOf(loadedOf('User-agent: *\nDisallow: /ab\n'), 'x').need).toBe(12);
    expect(groupOf(loadedOf('User-agent: *\nDisallow: /a*b\n', { profile: 'google' }), 'x').need).toBe(NO_RANK);
  });

  it('gives the answers of the whole path for paths much longer than need', () => {
    const txt = 'User-agent: *\nDisallow: /ab\nAllow: /abc$\nAllow: /abcd\n';
    const urls = ['/abc', '/abcx', '/abc' + 'x'.repeat(3000), '/ab' + 'ツ'.repeat(50), '/abcd' + '%41'.repeat(100), '/abc$'];
    for (const profile of PROFILES) expectReference(txt, 'x', urls, profile);
  });
});

describe('bestRank: many candidates', () => {
  it('grows the candidate buffers past 64 wildcard heads on one path, with the reference answers on both roads', () => {
    // Heads /a, /aa, ..., each with a wildcard pattern: a path of 120 a's passes all of them.
    const rules = Array.from({ length: 100 }, (_, k) => `${k % 2 === 0 ? 'Disallow' : 'Allow'}: /${'a'.repeat(k + 1)}*${'bcd'[k % 3]}${k % 5 === 0 ? '$' : ''}`);
    const txt = `User-agent: *\n${rules.join('\n')}\n`;
    const urls = [`/${'a'.repeat(120)}`, `/${'a'.repeat(120)}b`, `/${'a'.repeat(50)}c`, `/${'a'.repeat(99)}xd`, `/${'a'.repeat(120)}bcd`];
    const tuning = { ...scanTuning };
    try {
      for (const profile of PROFILES) {
        expectReference(txt, 'x', urls, profile); // the sweep: more candidates than directMaxCandidates
        Object.assign(scanTuning, { directMaxCandidates: Infinity, directMaxWork: Infinity });
        expectReference(txt, 'x', urls, profile);
        Object.assign(scanTuning, tuning);
      }
    } finally {
      Object.assign(scanTuning, tuning);
    }
    expect(sc.candidates.node.length).toBeGreaterThanOrEqual(100);
    expect(sc.candidates.bound.length).toBe(sc.candidates.node.length);
  });
});

describe('walkTrie', () => {
  /** Runs walkTrie over the single part of `txt`'s global group for `path`; returns the rank and the candidates as [pattern, bound]. */
  function walk(txt: string, path: string, best = NO_RANK): { rank: number; found: [string | undefined, number][]; robots: Robots; t: Tables } {
    const robots = loadedOf(txt, { profile: 'google' });
    const { t, roots, rootCount } = groupOf(robots, 'x');
    expect(rootCount).toBe(1);
    const m = fillPath(path, false, NO_RANK, sc);
    sc.candidates.count = 0;
    sc.candidates.patterns = 0;
    const rank = walkTrie(t, t.img[roots] as number, 0, m, best, sc);
    const found: [string | undefined, number][] = [];
    for (let i = 0; i < sc.candidates.count; i++) {
      // A candidate is a radix node passed whose wildcard patterns' head matched.
      const rec = t.nodeBase + (sc.candidates.node[i] as number) * NODE_WORDS;
      const first = nodeWildFirst(t.img, rec);
      for (let w = first; w < first + nodeWildCount(t.img, rec); w++) {
        const r = t.img[t.wildBase + w * WILD_WORDS + WILD_RANK] as number;
        found.push([robots.rule(ruleOf(robots, r)).pattern, sc.candidates.bound[i] as number]);
      }
    }
    expect(sc.candidates.patterns, 'sc.candidates.patterns counts the patterns of the nodes').toBe(found.length);
    return { rank, found, robots, t };
  }

  const TXT = 'User-agent: *\nDisallow: /a\nAllow: /ab$\nDisallow: /abc\nDisallow: /a*x\nDisallow: /ab*y\nDisallow: /b*z\nDisallow: /*q\n';

  it('returns the best literal match: the longest prefix, or the anchored one at the path end', () => {
    const line = (path: string): number => {
      const { rank, robots, t } = walk(TXT, path);
      return rank === NO_RANK ? 0 : (robots.rule(ruleOf(robots, rank)).line);
    };
    expect(line('/a')).toBe(2);
    expect(line('/ab')).toBe(3);
    expect(line('/abd')).toBe(2);
    expect(line('/abcd')).toBe(4);
    expect(line('/b')).toBe(0);
    expect(line('/')).toBe(0);
  });

  it('collects exactly the wildcard patterns whose head is a prefix of the path, with the offset where the head ends', () => {
    const sorted = (f: [string | undefined, number][]): string[] => f.map(([p, b]) => `${p}@${b}`).sort();
    expect(sorted(walk(TXT, '/abq').found)).toEqual(['/*q@1', '/a*x@2', '/ab*y@3']);
    expect(sorted(walk(TXT, '/a').found)).toEqual(['/*q@1', '/a*x@2']);
    expect(sorted(walk(TXT, '/b').found)).toEqual(['/*q@1', '/b*z@2']);
    expect(sorted(walk(TXT, '/c').found)).toEqual(['/*q@1']);
    expect(sorted(walk(TXT, 'x').found)).toEqual(['/*q@1']);
  });

  it('returns best when no literal match beats it', () => {
    expect(walk(TXT, '/abcd', 0).rank).toBe(0);
    expect(walk(TXT, '/c', 7).rank).toBe(7);
  });
});

describe('walkTrieUrl (the trie walked off the URL string, nothing written)', () => {
  const TXT = 'User-agent: *\nDisallow: /a\nAllow: /ab$\nDisallow: /abc\nDisallow: /a*x\nDisallow: /ab*y\nDisallow: /b*z\nDisallow: /*q\nAllow: /%41b\nDisallow: /ツ\nAllow: /c%2F\n';
  const LITERAL = 'User-agent: *\nDisallow: /a\nAllow: /ab$\nDisallow: /abc\nAllow: /abcdefgh\nDisallow: /%41b\nAllow: /ツ/x\nDisallow: /b/\n';
  const UNITS = ['a', 'b', 'c', 'x', 'y', 'q', '/', '?', '%41', '%2F', '%2f', '%', 'ツ', '#', '*', '$', '\u0000', '\ud800', 'A'];

  /** True when the path of `url` (from its `/` start) holds a unit the path bytes rewrite in `profile`. */
  function hasRewrite(url: string, rfc: boolean): boolean {
    const fast = rfc ? FAST_RFC : FAST_GOOGLE;
    for (let k = findPathStart(url); k < url.length; k++) {
      const c = url.charCodeAt(k);
      if (c >= 128 || fast[c] !== 1) return true;
    }
    return false;
  }

  it('gives walkTrie\'s rank on the written bytes, or -2 only for a path with a unit to rewrite (seeded URLs, both profiles)', () => {
    let seed = 19;
    const next = (n: number): number => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) % n);
    let inPlace = 0;
    let rewritten = 0;
    for (const txt of [TXT, LITERAL]) {
      for (const profile of PROFILES) {
        const rfc = profile === 'rfc9309';
        const robots = loadedOf(txt, { profile });
        const { t, roots } = groupOf(robots, 'x');
        const root = t.img[roots] as number;
        for (let k = 0; k < 600; k++) {
          let url = k % 2 === 0 ? 'https://example.com/' : '/';
          for (let j = next(7); j > 0; j--) url += UNITS[next(UNITS.length)] as string;
          // bestRank walks in place only a path that starts with `/` (`//x?` reads as an authority and `?`).
          const start = findPathStart(url);
          if (start < 0 || url.charCodeAt(start) !== 47) continue;
          const got = walkTrieUrl(t, root, url, start, NO_RANK, rfc ? FAST_RFC : FAST_GOOGLE, sc);
          const stop = { node: sc.resumeNode, pos: sc.resumePos, best: sc.resumeBest };
          const m = fillPath(url, rfc, NO_RANK, sc);
          sc.candidates.count = 0;
          sc.candidates.patterns = 0;
          const want = walkTrie(t, root, 0, m, NO_RANK, sc);
          const ctx = `${profile} ${JSON.stringify(url)}`;
          if (got === -2) {
            rewritten++;
            expect(hasRewrite(url, rfc), ctx).toBe(true);
            // Resumed on the written bytes where it stopped (after plain units only), the walk gives the written walk's rank.
            expect(stop.pos, ctx).toBeLessThan(m);
            expect(walkTrie(t, stop.node, stop.pos, m, stop.best, sc), ctx).toBe(want);
          } else {
            inPlace++;
            expect(got, ctx).toBe(want);
          }
        }
      }
    }
    // Both outcomes were met (the seeded mix has plain and rewritten paths).
    expect(inPlace).toBeGreaterThan(1000);
    expect(rewritten).toBeGreaterThan(100);
  });

  it('reads only the units the trie compares: a unit to rewrite past the walk\'s end is never read', () => {
    const robots = loadedOf(LITERAL);
    const { t, roots } = groupOf(robots, 'x');
    const root = t.img[roots] as number;
    const rank = (url: string): number => walkTrieUrl(t, root, url, findPathStart(url), NO_RANK, FAST_RFC, sc);
    // The trie has no `/z` and no child below `/abcdefgh`: what follows is not read.
    expect(rank('https://h/z%41ツ#x')).toBe(NO_RANK);
    expect(rank('/abcdefgh%41ツ')).toBe(rank('/abcdefgh'));
    expect(rank('/abcdefgh%41ツ')).not.toBe(-2);
    // Inside the walk it is: `%41` may read as `A`.
    expect(rank('/%41b')).toBe(-2);
    expect(rank('/a%62')).toBe(-2);
  });

  it('bestRank reads a literal group in place and answers as the reference, rewritten units before, inside and after the trie', () => {
    const urls = ['/a', '/ab', '/abc', '/ab%63', '/abcdefgh', '/abcdefg%68', '/abcdefghツ', '/%41b', '/Ab', '/ツ/x', '/%E3%83%84/x', '/b/', '/b%2F', '/ab#x', '/ab\u0000c',
      '/ab?x', '?x', ';x', 'http://h', 'http://h/abc#', '/robots.txt', '/%72obots.txt', '/abc*', '/ab$'];
    for (const profile of PROFILES) expectReference(LITERAL, 'x', urls, profile);
  });

  it('bestRank takes the in-place road for a plain path of a literal group (no path byte written) and the written road otherwise', () => {
    const { t, roots, rootCount, need } = groupOf(loadedOf(LITERAL), 'x');
    expect(need).not.toBe(NO_RANK);
    const written = (url: string, rfc: boolean): boolean => {
      sc.path.fill(0xff);
      bestRank(t, roots, rootCount, need, url, rfc, sc);
      return sc.path[0] !== 0xff;
    };
    for (const rfc of [true, false]) {
      expect(written('/abc', rfc)).toBe(false);
      expect(written('https://h/abcdefgh?q', rfc)).toBe(false);
      expect(written('?x', rfc)).toBe(true);
      expect(written('/abé', rfc)).toBe(true);
    }
    expect(written('/ab%63', true)).toBe(true);
    expect(written('/ab%63', false)).toBe(false);
    // rfc9309's `/robots.txt` allow is compared in place too, `%XX` of unreserved bytes decoded.
    expect(written('/robots.txt', true)).toBe(false);
    expect(written('/%72obots.txt', true)).toBe(false);
    expect(written('https://h/robots.tx%74?x', true)).toBe(false);
  });

  it('answers a path starting with `?` or `;` as `/?`, `/;` (the written road puts the `/` first)', () => {
    const txt = LITERAL + 'Allow: /?x\nDisallow: /;\n';
    const urls = ['?x', ';x', '/?x', '/;x', 'http://h?x', 'http://h;x', '?y', ';'];
    for (const profile of PROFILES) expectReference(txt, 'x', urls, profile);
  });
});

describe('bestRank in place through every road (wildcard groups, rare units, /robots.txt)', () => {
  // rfc9309 section 2.2.2 escapes, `*`, `$`, non-ASCII, lone surrogates, `?`/`;` starts, `#`, NUL, no path, another authority.
  const URLS = [
    '/', '/a', '/ab', '/abc', '/a%62c', '/%61bc', '/ab%2Fx', '/ab%2fx', '/ab/x', '/%7Eu', '/~u', '/%7eu', '/a%', '/a%4', '/a%G1', '/%', '/a*b', '/a$', '/a%2A', '/a%24',
    '/ツ', '/ツ/x', '/%E3%83%84', '/%e3%83%84/x', '/\ud800x', '/\udc00', '/\ud83d\ude00', '/a\ud800', '?x', ';x', '/?x', '/;x', '/robots.txt', '/robots.txt?x', '/robots.txt#x',
    '/robots.txtx', '/robots.tx', '/%72obots.txt', '/%72OBOTS.txt', '/r%6Fbots.txt', '/robots%2Etxt', '/robots.txt%3F', '/robots.txt\u0000x', '/%2Frobots.txt', '/ab#x', '/a#', '#x',
    '/ab\u0000c', '/\u0000', 'https://h', 'https://h/', 'https://h#/ab', 'https://h/abq', 'https://other.example/abq?x=1', 'http://h?q', 'https://h:8080/ab%63x', 'HTTPS://H/ab',
    '/qq', '/xq', '/x/q$', '/a.pdf', '/a.PDF', '/x/y.pdf?z', '/s?sid=1', '/s?a=1&sid=2', '/abyq', '/bz', '/b%7Az', '/bツz', '/c%2F', '/c/',
  ].map((u) => u.replace(/\\u([0-9a-f]{4})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16))));
  const WILD = 'User-agent: *\nDisallow: /a\nAllow: /ab$\nDisallow: /abc\nDisallow: /a*x\nDisallow: /ab*y\nDisallow: /b*z\nDisallow: /*q\nAllow: /%41b\nDisallow: /ツ\nAllow: /c%2F\n' +
    'Disallow: /*.pdf$\nAllow: /*?sid=\nDisallow: /*&sid=\nDisallow: /%7Eu\nAllow: /~u/x\nDisallow: /robots\nDisallow: /*\u0000\n';
  const LITERAL = 'User-agent: *\nDisallow: /a\nAllow: /ab$\nDisallow: /abc\nAllow: /abcdefgh\nDisallow: /%41b\nAllow: /ツ/x\nDisallow: /b/\nDisallow: /%7Eu\nDisallow: /r\nAllow: /a%2Fx\n';
  const MULTI = 'User-agent: x\nDisallow: /a\nAllow: /abc\nUser-agent: x\nDisallow: /*q\nAllow: /ツ\nUser-agent: x\nDisallow: /ab%2F\n';

  it('answers as the reference on wildcard, literal and multi-part groups, both profiles', () => {
    for (const profile of PROFILES) {
      for (const txt of [WILD, LITERAL]) expectReference(txt, 'x', URLS, profile);
      expectReference(MULTI, 'x', URLS, profile);
    }
  });

  it('answers as the reference with the direct road forced, the sweep forced and shapes off', () => {
    const saved = { ...scanTuning };
    try {
      for (const [max, shapes] of [[0, true], [1000, false], [1000, true]] as const) {
        scanTuning.directMaxCandidates = max;
        scanTuning.shapes = shapes;
        for (const profile of PROFILES) expectReference(WILD, 'x', URLS, profile);
      }
    } finally {
      Object.assign(scanTuning, saved);
    }
  });

  it('a literal group\'s walk stopped at a unit to rewrite resumes where it stopped (not from the root), answering as the reference', () => {
    const txt = 'User-agent: *\nDisallow: /a\nAllow: /abc\nAllow: /abcdefgh\nDisallow: /abcdefghi%2F\nAllow: /ab/ツ\n';
    for (const profile of PROFILES) {
      const rfc = profile === 'rfc9309';
      const { t, roots, rootCount, need } = groupOf(loadedOf(txt, { profile }), 'x');
      expect(need).not.toBe(NO_RANK);
      // [url, the plain units before the walk stopped]: inside a label (`%68` in `defgh`, `ツ` in `/ツ`), at a child (`%2F`).
      const cases: [string, number][] = [['/abcdefg%68', 4], ['/abcdefghi%2F', 9], ['/abcdefghi%2fx', 9], ['/ab/ツ', 3], ['https://h/ab/ツ#x', 3]];
      for (const [url, pos] of cases) {
        if (!rfc && url.includes('%')) continue;
        sc.resumePos = -1;
        const r = bestRank(t, roots, rootCount, need, url, rfc, sc);
        expect(sc.resumePos, `${profile} ${url}`).toBe(pos);
        const want = referenceDecide(txt, 'x', url, { profile });
        expect(r === NO_RANK ? true : rankAllows(r), `${profile} ${url}`).toBe(want.allowed);
      }
    }
  });

  it('isRobotsTxtAt reads `/robots.txt` in place as the written bytes do', () => {
    const yes = ['/robots.txt', '/robots.txt?', '/robots.txt?x', '/robots.txt#x', '/robots.txt\u0000', '/%72obots.txt', '/%72%6F%62%6f%74%73%2E%74%78%74', 'https://h/robots.txt'];
    const no = ['/robots.txtx', '/robots.tx', '/robots.txt%3F', '/robots.txt/', '/Robots.txt', '/%2Frobots.txt', '/robots%2etxt'.replace('%2e', '%2G'), '/robots.tx%', '/robots.tx*', '/robots.txツ', '/r'];
    const at = (u: string): boolean => {
      const url = u.replace(/\\u0000/g, '\u0000');
      return isRobotsTxtAt(url, findPathStart(url));
    };
    for (const u of yes) expect(at(u), u).toBe(true);
    for (const u of no) expect(at(u), u).toBe(false);
  });
});
