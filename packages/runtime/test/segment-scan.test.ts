// segment-scan.ts: segmentEndsAt, matchWildcard (leftmost search per segment) and
// sweepCandidates (one Aho-Corasick pass) on named cases, each against a plain backtracking
// matcher and @robomata/reference; verifyCandidates on both roads forced through scanTuning
// (restored after each test).
import { THREAD_SCRATCH as sc } from '../src/scratch.js';
import { afterEach, describe, expect, it } from 'vitest';
import { decide as referenceDecide } from '@robomata/reference';
import { NO_RANK } from '../src/format.js';
import { matchWildcard, scanTuning, segmentEndsAt, sweepCandidates, verifyCandidates } from '../src/segment-scan.js';
import { fillPath } from '../src/path-bytes.js';
import { AC_ROOT_ROW_MIN, SHAPE_GENERAL, SHAPE_LITERAL, SHAPE_SUFFIX, WILD_SEG_COUNT, WILD_SEG_OFF, WILD_WORDS, wildLastByte, wildShape } from '../src/tables.js';
import { matchPattern } from '../../reference/src/match.js';
import { collectCandidates, expectedRank, matchesByBacktracking, scanFixture } from './_scan.js';

const DEFAULT_TUNING = { ...scanTuning };
afterEach(() => {
  Object.assign(scanTuning, DEFAULT_TUNING);
});

const ascii = (s: string): Uint8Array => Uint8Array.from(s, (c) => c.charCodeAt(0));

/** Forces verifyCandidates onto one road ('direct-general': direct, with the shaped verification off). */
function force(road: 'direct' | 'direct-general' | 'sweep'): void {
  if (road === 'direct-general') scanTuning.shapes = false;
  if (road === 'sweep') {
    scanTuning.directMaxCandidates = 0;
  } else {
    scanTuning.directMaxCandidates = Infinity;
    scanTuning.directMaxWork = Infinity;
  }
}

/**
 * Checks every road against backtracking for each path: matchWildcard per candidate pattern,
 * sweepCandidates and verifyCandidates (both roads) for the lowest matching rank, with no best
 * and with each candidate rank as best, and bestRank's verdict against the reference.
 */
function agree(rules: readonly string[], paths: readonly string[]): void {
  const f = scanFixture(rules);
  const txt = `User-agent: *\n${rules.join('\n')}\n`;
  for (const path of paths) {
    const { m, patterns } = collectCandidates(f, path);
    const ctx = `${JSON.stringify(rules)} ${JSON.stringify(path)}`;
    for (const p of patterns) {
      expect(matchWildcard(f.t, p.w, p.bound, m, sc.path), `matchWildcard ${p.pattern} ${ctx}`).toBe(matchesByBacktracking(p.pattern, path));
    }
    for (const best of [NO_RANK, ...patterns.map((p) => p.rank)]) {
      const want = expectedRank(patterns, path, best);
      expect(sweepCandidates(f.t, m, best, sc), `sweep best ${best} ${ctx}`).toBe(want);
      expect(sweepCandidates(f.t, m, best, sc), `sweep again ${ctx}`).toBe(want);
      for (const road of ['direct', 'direct-general', 'sweep'] as const) {
        force(road);
        expect(verifyCandidates(f.t, m, best, sc), `${road} best ${best} ${ctx}`).toBe(want);
        Object.assign(scanTuning, DEFAULT_TUNING);
      }
    }
    for (const road of ['direct', 'direct-general', 'sweep'] as const) {
      force(road);
      const want = referenceDecide(txt, 'x', path, { profile: 'google' });
      expect(f.robots.isAllowed(path, 'x'), `${road} verdict ${ctx}`).toBe(want.allowed);
      const id = f.robots.decide(path, 'x');
      expect(id < 0 ? 0 : f.robots.rule(id).line, `${road} line ${ctx}`).toBe(want.line);
      Object.assign(scanTuning, DEFAULT_TUNING);
    }
  }
}

describe('matchesByBacktracking (the oracle of these tests)', () => {
  it('agrees with the reference matchPattern', () => {
    const patterns = ['/*a', '/a*b$', '/*', '/$', '/a$b', '/*aa*a$', '*', '/a**b', ''];
    const paths = ['/', '/a', '/ab', '/aab', '/a$b', '/aaa', '/ba', '/abab'];
    for (const p of patterns) for (const path of paths) expect(matchesByBacktracking(p, path), `${p} ${path}`).toBe(matchPattern(ascii(path), ascii(p)));
  });
});

describe('segmentEndsAt', () => {
  it('compares a segment backwards from an end offset', () => {
    const f = scanFixture(['Disallow: /*abc']);
    const { m, patterns } = collectCandidates(f, '/xabcabc');
    expect(patterns.length).toBe(1);
    const rec = f.t.wildBase + (patterns[0]!.w) * WILD_WORDS;
    expect(f.t.img[rec + WILD_SEG_COUNT]).toBe(1);
    const s = f.t.img[f.t.img[rec + WILD_SEG_OFF] as number] as number;
    const ends = [];
    for (let e = 0; e <= m; e++) if (segmentEndsAt(f.t, s, e, sc.path)) ends.push(e);
    expect(ends).toEqual([5, 8]);
    fillPath('/ab', false, NO_RANK, sc);
    expect(segmentEndsAt(f.t, s, 2, sc.path)).toBe(false); // would read before the path
  });
});

describe('matchWildcard, sweepCandidates and verifyCandidates agree with backtracking', () => {
  it('overlapping occurrences: the leftmost start wins (aa in aaa, aba in ababa)', () => {
    agree(['Disallow: /*aa*a$', 'Disallow: /*aba*ba$', 'Allow: /*aa*aa'], ['/aaa', '/aaaa', '/ababa', '/abab', '/aaaaa', '/']);
  });

  it('a segment that follows itself needs a later occurrence than the one before (/*a*a*a)', () => {
    agree(['Disallow: /*a*a*a', 'Allow: /*ab*ab', 'Disallow: /*b*b$'], ['/a', '/aa', '/aaa', '/abab', '/ab', '/bab', '/bb']);
  });

  it('an anchored last segment must start after the previous segment (/*ab*b$ against /ab)', () => {
    agree(['Disallow: /*ab*b$', 'Allow: /*ab*ab$', 'Disallow: /*a*$', 'Allow: /*b$'], ['/ab', '/abb', '/abab', '/aab', '/b', '/']);
  });

  it('a segment must start at or after the end of the head (/ab*b against /ab)', () => {
    agree(['Disallow: /ab*b', 'Allow: /a*a', 'Disallow: /abc*c$'], ['/ab', '/abb', '/a', '/aa', '/abc', '/abcc', '/abcxc']);
  });

  it('only patterns whose head the walk passed are verified', () => {
    agree(['Disallow: /x*a', 'Allow: /y*a', 'Disallow: /xy*a$'], ['/ya', '/xa', '/xya', '/za', '/a']);
    const f = scanFixture(['Disallow: /x*a', 'Allow: /y*a']);
    const { m, patterns } = collectCandidates(f, '/ya');
    expect(patterns.map((p) => p.pattern)).toEqual(['/y*a']);
    expect(sweepCandidates(f.t, m, NO_RANK, sc)).toBe(patterns[0]!.rank);
  });

  it('a segment longer than the rest of the path; nested segments (a, aa, aaa) all reported where they end', () => {
    agree(['Disallow: /*abc*d', 'Allow: /*abcd'], ['/ab', '/abc', '/abcd', '/xabcd', '/abcabcd']);
    agree(['Disallow: /*aaa*b', 'Allow: /*aa*b*a', 'Disallow: /*a*a*a*b'], ['/aaab', '/aab', '/aaba', '/abab', '/ba', '/aaaab']);
  });

  it('one-segment anchored patterns at several heads, and heads that are prefixes of each other', () => {
    agree(['Disallow: /*.gif$', 'Allow: /img/*.gif$', 'Disallow: /img/a*f$', 'Allow: /i*gif'], ['/x.gif', '/img/x.gif', '/img/a.gif', '/img/.gif', '/i.gif', '/img/x.gifs', '/gif']);
  });

  it('many candidates (more than directMaxCandidates): the default road gives the backtracking answers', () => {
    const rules = Array.from({ length: 20 }, (_, k) => `${k % 2 === 0 ? 'Disallow' : 'Allow'}: /${'ab'.slice(0, k % 3)}*${'abc'[k % 3]}*${'cab'[(k >> 1) % 3]}${k % 4 === 0 ? '$' : ''}`);
    agree(rules, ['/abcabc', '/ab', '/ccc', '/abababab', '/cba', '/a' + 'b'.repeat(40) + 'c']);
  });
});

describe('segment tries with and without the dense root row', () => {
  it('a trie of at least AC_ROOT_ROW_MIN nodes (dense root row) gives the backtracking answers on both roads', () => {
    // 48 patterns of two distinct 6-byte segments: about 500 segment-trie nodes.
    let seed = 7;
    const rand = (): number => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) >>> 8) % 6;
    const segment = (): string => Array.from({ length: 6 }, () => 'abcdef'[rand()]).join('');
    const segments = Array.from({ length: 96 }, segment);
    const rules = Array.from({ length: 48 }, (_, k) => `${k % 3 === 0 ? 'Allow' : 'Disallow'}: /${k % 2 === 0 ? '' : 'a'}*${segments[2 * k]}*${segments[2 * k + 1]}${k % 4 === 1 ? '$' : ''}`);
    const f = scanFixture(rules);
    expect(f.t.acCount).toBeGreaterThanOrEqual(AC_ROOT_ROW_MIN);
    expect(f.t.acRootRow).toBeGreaterThanOrEqual(0);
    const paths = ['/', `/x${segments[0]}y${segments[1]}`, `/a${segments[3]}${segments[2]}${segments[3]}`, `/${segments.slice(0, 20).join('')}`,
      `/a${segments[6]}-${segments[7]}`, `/${segments[10]}${segments[11]}z`, `/${segments[11]}${segments[10]}`];
    agree(rules, paths);
  });

  it('a small trie (no dense root row) gives the backtracking answers on both roads', () => {
    const rules = ['Disallow: /*ab*cd', 'Allow: /*cd$', 'Disallow: /a*b'];
    const f = scanFixture(rules);
    expect(f.t.acCount).toBeLessThan(AC_ROOT_ROW_MIN);
    expect(f.t.acRootRow).toBe(-1);
    agree(rules, ['/abcd', '/cd', '/xabycd', '/ab', '/acd']);
  });

  it('a small trie sweeps on the thread\'s root row, rebuilt when another group sweeps (alternating groups)', () => {
    const one = ['Disallow: /*ab*cd', 'Allow: /*cd$', 'Disallow: /a*b'];
    const two = ['Disallow: /*xy', 'Allow: /*zq$', 'Disallow: /*b*c'];
    const f1 = scanFixture(one);
    const f2 = scanFixture(two);
    expect(f1.t.acRootRow).toBe(-1);
    expect(f2.t.acRootRow).toBe(-1);
    const paths = ['/abcd', '/xy', '/zq', '/bc', '/cd', '/ab'];
    for (let round = 0; round < 3; round++) {
      for (const [f, rules] of [[f1, one], [f2, two]] as const) {
        for (const path of paths) {
          const { m, patterns } = collectCandidates(f, path);
          expect(sweepCandidates(f.t, m, NO_RANK, sc), `${JSON.stringify(rules)} ${path}`).toBe(expectedRank(patterns, path, NO_RANK));
          // The row is the swept group's: each root child at its edge byte, nothing else.
          expect(sc.sweep.rowOf).toBe(f.t);
        }
      }
    }
    const row = sc.sweep.rootRow;
    // two's segments xy, zq, b, c: four first bytes.
    expect([...row].filter((y) => y !== 0).length).toBe(new Set(two.flatMap((r) => r.split('*').slice(1).map((seg) => seg[0]))).size);
    expect([...row].filter((y) => y !== 0).length).toBe(4);
  });
});

describe('verifyCandidates: the tuning', () => {
  it('defaults to a few direct candidates with a bounded work, and both roads give the same answers', () => {
    expect(DEFAULT_TUNING.directMaxCandidates).toBeGreaterThan(0);
    expect(DEFAULT_TUNING.directMaxWork).toBeGreaterThan(0);
    expect(Number.isFinite(DEFAULT_TUNING.directMaxWork)).toBe(true);
    const f = scanFixture(['Disallow: /*a*b', 'Allow: /*b*a', 'Disallow: /a*a$']);
    for (const path of ['/ab', '/ba', '/aba', '/aa', '/x']) {
      const { m, patterns } = collectCandidates(f, path);
      const want = expectedRank(patterns, path, NO_RANK);
      force('direct');
      expect(verifyCandidates(f.t, m, NO_RANK, sc), path).toBe(want);
      force('sweep');
      expect(verifyCandidates(f.t, m, NO_RANK, sc), path).toBe(want);
    }
  });

  it('a long path exceeding directMaxWork goes to the sweep with the same answers', () => {
    const long = '/' + 'ab'.repeat(1500) + 'c'; // 3,002 bytes x 8 segment bytes > directMaxWork
    agree(['Disallow: /*abc', 'Allow: /*b*c$', 'Disallow: /a*ba*c'], [long, long.slice(0, -1), '/abc']);
  });
});

describe('shaped verification (H*X, H*X$) agrees with the general search', () => {
  it('the loader classifies each wildcard pattern by shape once', () => {
    const f = scanFixture(['Disallow: /*.pdf$', 'Disallow: /a/*sid=', 'Disallow: /*x*y', 'Allow: /b*c*d$']);
    const shapes: Record<string, [number, number]> = {};
    for (let w = 0; w < f.t.wildCount; w++) {
      const rec = f.t.wildBase + w * WILD_WORDS;
      const k = f.t.img[rec + WILD_SEG_COUNT] as number;
      shapes[String(k) + String(wildShape(f.t.img, rec))] = [wildShape(f.t.img, rec), wildLastByte(f.t.img, rec)];
    }
    expect(Object.values(shapes).sort()).toEqual(
      [[SHAPE_GENERAL, -1], [SHAPE_LITERAL, '='.charCodeAt(0)], [SHAPE_SUFFIX, 'f'.charCodeAt(0)]].sort(),
    );
  });

  it('one-literal: the literal must start at or after the head end, leftmost end first, one-byte literals', () => {
    agree(['Disallow: /ab*b', 'Disallow: /*aab', 'Allow: /*q', 'Disallow: /x*xx'], ['/ab', '/abb', '/aab', '/aaab', '/aaaab', '/q', '/xx', '/xxx', '/', '/zq']);
  });

  it('suffix: one compare at the end, the literal may not overlap the head', () => {
    agree(['Disallow: /a*a$', 'Allow: /*.pdf$', 'Disallow: /d/*df$', 'Allow: /*f$'], ['/a', '/aa', '/x.pdf', '/d/f', '/d/df', '/d/pdf', '/.pdf?', '/f', '/df']);
  });
});
