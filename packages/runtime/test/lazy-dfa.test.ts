// Tier 1's state cache (lazy-dfa.ts): transitions are 16-bit state ids, so a group's cache holds
// at most 32,768 states whatever tierTuning.budgetBytes allows; past that it flushes, and the
// answers stay exact across the flushes.
import { afterEach, describe, expect, it } from 'vitest';
import { compileRobots } from '@robomata/compiler';
import { isAllowed as referenceAllows } from '@robomata/reference';
import type { AgentRules } from '@robomata/runtime';
import { tierOf, tierTuning } from '@robomata/runtime/testing';

const DEFAULT_TIER = { ...tierTuning };

describe('tier 1 state cache', () => {
  afterEach(() => Object.assign(tierTuning, DEFAULT_TIER));

  it('flushes at 32,768 states when the budget would allow more, and keeps answering exactly', () => {
    // 40,000 literal paths of distinct ranks: each path read to its end is a state of its own.
    const names = Array.from({ length: 40_000 }, (_, i) => i.toString(36).padStart(4, '0'));
    const robots = compileRobots(`User-agent: *\n${names.map((n) => `Disallow: /d/${n}\n`).join('')}`, { profile: 'rfc9309', maxBytes: 1 << 22 });
    Object.assign(tierTuning, { threshold: 0, budgetBytes: 1 << 28, maxPositions: 1 << 22, checkWork: 1 << 30, minChecksPerFlush: 0, minChecksPerState: 0 });
    const rules = robots.agent('bot');
    let most = 0;
    for (let k = 0; k < names.length; k++) {
      expect(rules.isAllowed(`https://example.com/d/${names[k] as string}`)).toBe(false);
      if (k % 997 === 0) expect(rules.isAllowed(`/d/${names[k] as string}x`.replace('/d/', '/e/'))).toBe(true);
      most = Math.max(most, tierOf(rules).states);
    }
    const t = tierOf(rules);
    expect(t.tier).toBe(1);
    expect(t.flushes).toBeGreaterThan(0);
    expect(most).toBeGreaterThan(30_000);
    expect(most).toBeLessThan(32_768);
    // After the flushes, paths seen before are built again and answered the same.
    // Rule k (`Disallow: /d/<name k>`) is on line k + 2 and is the one that decides.
    for (let k = 0; k < names.length; k += 101) expect(robots.rule(rules.decide(`/d/${names[k] as string}/more`)).line).toBe(k + 2);
  });
});

describe('tier 1 churn rule', () => {
  afterEach(() => Object.assign(tierTuning, DEFAULT_TIER));

  // 3,000 literal paths of distinct ranks: a URL under a path not read before needs states of its own.
  const names = Array.from({ length: 3_000 }, (_, i) => i.toString(36).padStart(3, '0'));
  const text = `User-agent: *\nDisallow: /*.pdf$\n${names.map((n, i) => `${i % 3 === 0 ? 'Allow' : 'Disallow'}: /d/${n}\n`).join('')}`;
  const fresh = names.map((n, i) => `https://example.com/d/${n}${i % 5 === 0 ? 'x.pdf' : '/page'}`);
  /** The group on tier 1 from its first check, with a budget that never flushes (only the churn rule can pause it), and `tuning` on top. */
  const tierOneRules = (tuning: Partial<typeof tierTuning> = {}): AgentRules => {
    Object.assign(tierTuning, { threshold: 0, budgetBytes: 1 << 28, ...tuning });
    return compileRobots(text, { profile: 'rfc9309' }).agent('bot');
  };

  it('pauses the automaton while a group keeps needing new states (URLs that never repeat), tier 0 answering the same', () => {
    Object.assign(tierTuning, { threshold: Number.POSITIVE_INFINITY });
    const below = compileRobots(text, { profile: 'rfc9309' }).agent('bot');
    const expected = fresh.map((u) => below.isAllowed(u));
    const rules = tierOneRules();
    const answers: boolean[] = [];
    let firstPause = -1;
    let pausedChecks = 0;
    for (let k = 0; k < fresh.length; k++) {
      answers.push(rules.isAllowed(fresh[k] as string));
      const t = tierOf(rules);
      if (t.paused) pausedChecks++;
      if (firstPause < 0 && t.pauses > 0) firstPause = k;
    }
    expect(answers).toEqual(expected);
    const t = tierOf(rules);
    expect(t.flushes).toBe(0);
    expect(t.tier).toBe(1);
    expect(t.stayBelow).toBe(false);
    // Not in the first window (the states a host's URLs need at first), within the second; then
    // 4 windows paused, a grace window, a judged window and a second pause.
    expect(firstPause).toBeGreaterThanOrEqual(tierTuning.churnWindow);
    expect(firstPause).toBeLessThan(3 * tierTuning.churnWindow);
    expect(t.pauses).toBe(2);
    expect(pausedChecks).toBeGreaterThan(fresh.length / 2);
  });

  it('keeps the automaton of a group whose URLs come back, however many states their first pass built', () => {
    const rules = tierOneRules();
    const some = fresh.slice(0, 400);
    for (let pass = 0; pass < 10; pass++) for (const u of some) rules.isAllowed(u);
    const t = tierOf(rules);
    expect(t.tier).toBe(1);
    expect(t.stayBelow).toBe(false);
    expect(t.pauses).toBe(0);
    expect(t.states).toBeGreaterThan(400);
  });

  it('resumes a paused automaton whose URLs come back: a first pass longer than the windows ends on tier 1', () => {
    const rules = tierOneRules();
    const many = fresh.slice(0, 1_200);
    for (let pass = 0; pass < 4; pass++) for (const u of many) rules.isAllowed(u);
    const before = tierOf(rules);
    // The first pass paused it; later passes built the rest of the set's states while it ran.
    expect(before.pauses).toBeGreaterThanOrEqual(1);
    expect(before.paused).toBe(false);
    for (const u of many) rules.isAllowed(u);
    const after = tierOf(rules);
    expect(after.tier).toBe(1);
    expect(after.paused).toBe(false);
    expect(after.pauses).toBe(before.pauses);
    expect(after.states).toBe(before.states);
  });

  it('never pauses a churning group when minChecksPerState is 0 (the rule off)', () => {
    const rules = tierOneRules({ minChecksPerState: 0 });
    for (const u of fresh) rules.isAllowed(u);
    expect(tierOf(rules).tier).toBe(1);
    expect(tierOf(rules).pauses).toBe(0);
  });
});

describe('tier 1 row width', () => {
  afterEach(() => Object.assign(tierTuning, DEFAULT_TIER));

  it('answers as tier 0 and the reference across the switch from one-byte to two-byte rows (past 127 states)', () => {
    // 300 literal paths of distinct ranks: reading them builds well past 127 states, mid-check.
    const names = Array.from({ length: 300 }, (_, i) => i.toString(36).padStart(3, '0'));
    const text = `User-agent: *\nDisallow: /*.pdf$\n${names.map((n, i) => `${i % 3 === 0 ? 'Allow' : 'Disallow'}: /d/${n}\n`).join('')}Allow: /d/$\n`;
    const urls = names.flatMap((n) => [`https://example.com/d/${n}`, `https://example.com/d/${n}x.pdf`, `/d/${n.slice(0, 2)}`]);
    Object.assign(tierTuning, { threshold: Number.POSITIVE_INFINITY });
    const below = compileRobots(text, { profile: 'rfc9309' }).agent('bot');
    const expected = urls.map((u) => below.isAllowed(u));
    // Every URL is new: with the churn rule on, the automaton would be paused mid-way.
    Object.assign(tierTuning, { threshold: 0, minChecksPerState: 0 });
    const above = compileRobots(text, { profile: 'rfc9309' }).agent('bot');
    const first = urls.map((u) => above.isAllowed(u));
    expect(tierOf(above).tier).toBe(1);
    expect(tierOf(above).states).toBeGreaterThan(127);
    expect(first).toEqual(expected);
    expect(urls.map((u) => above.isAllowed(u))).toEqual(expected);
    expect(expected.filter((_, k) => k % 7 === 0)).toEqual(urls.filter((_, k) => k % 7 === 0).map((u) => referenceAllows(text, 'bot', u, { profile: 'rfc9309' })));
  });

  it('keeps a group of at most 127 states in one-byte rows and moves it to two-byte rows past that', () => {
    Object.assign(tierTuning, { threshold: 0 });
    const rules = compileRobots('User-agent: *\nDisallow: /a/b/c\nAllow: /a/b\nDisallow: /*.pdf$\n', { profile: 'rfc9309' }).agent('bot');
    for (const u of ['/a/b/c', '/a/b/d', '/x.pdf', '/a/bc.pdfx', '/q']) rules.isAllowed(u);
    expect(tierOf(rules).tier).toBe(1);
    expect(tierOf(rules).states).toBeLessThan(128);
    expect(tierOf(rules).transitionBytes).toBe(1);
    const names = Array.from({ length: 300 }, (_, i) => i.toString(36).padStart(3, '0'));
    Object.assign(tierTuning, { minChecksPerState: 0 });
    const big = compileRobots(`User-agent: *\n${names.map((n) => `Disallow: /d/${n}\n`).join('')}`, { profile: 'rfc9309' }).agent('bot');
    big.isAllowed('/d/000');
    expect(tierOf(big).transitionBytes).toBe(1);
    for (const n of names) big.isAllowed(`/d/${n}`);
    expect(tierOf(big).states).toBeGreaterThan(127);
    expect(tierOf(big).transitionBytes).toBe(2);
  });
});

describe('tier 1 rare units', () => {
  afterEach(() => Object.assign(tierTuning, DEFAULT_TIER));

  it('reads %XX escapes, a bare %, * and $, non-ASCII and the implicit /robots.txt allow as tier 0 does, in both profiles', () => {
    // Rules naming the bytes each escape form stands for: an unreserved byte (`%61` is `a`), a
    // reserved octet kept as `%2F`, a bare `%`, `*` and `$` as `%2A`/`%24` (rfc9309), UTF-8 octets.
    const text = 'User-agent: *\nDisallow: /a/\nDisallow: /x%2Fy\nAllow: /p%zz\nDisallow: /p%\nDisallow: /s%2A\nDisallow: /d%24\nDisallow: /%C3%A9t\nDisallow: /*%F0%9F%98%80$\nAllow: /\nDisallow: /ro\nDisallow: /robots.txt\n';
    const urls = ['/%61/', '/%41/', '/a%2f', '/x%2fy', '/x/y', '/p%zz', '/p%', '/p%2', '/p%7a', '/s*', '/s%2a', '/d$', '/d%24', '/ét', '/%c3%a9t', '/%C3%A9', '/q😀', '/q😀x', '/q%F0%9F%98%80', '/\ud800', '/é%',
      '/robots.txt', '/robots.txt?x', '/robots.txt#f', '/%72obots.txt', '/robots%2etxt', '/robots.txtx', '/robots.tx', '/robots.txt%3F', '/robots.txt/', '?robots.txt'];
    for (const profile of ['rfc9309', 'google'] as const) {
      const robots = compileRobots(text, { profile });
      Object.assign(tierTuning, { threshold: Number.POSITIVE_INFINITY });
      const below = robots.agent('bot');
      const expected = urls.map((u) => [below.isAllowed(`https://example.com${u}`), below.decide(u)]);
      Object.assign(tierTuning, { threshold: 0 });
      const above = compileRobots(text, { profile }).agent('bot');
      // Twice: the first pass builds the states, the second reads them built.
      for (let pass = 0; pass < 2; pass++) expect(urls.map((u) => [above.isAllowed(`https://example.com${u}`), above.decide(u)])).toEqual(expected);
      expect(tierOf(above).tier).toBe(1);
      // Both tiers answer as the reference: a bug they shared would not show above.
      expect(urls.map((u) => above.isAllowed(`https://example.com${u}`))).toEqual(urls.map((u) => referenceAllows(text, 'bot', `https://example.com${u}`, { profile })));
      Object.assign(tierTuning, DEFAULT_TIER);
    }
  });

  it('keeps rfc9309\'s implicit /robots.txt allow above every rule on tier 1, a longer Disallow too (google has none)', () => {
    // `Disallow: /robots.txt?x` is longer than the implicit allow's `/robots.txt?`, yet the
    // implicit allow decides every /robots.txt URL (RFC 9309 section 2.2.2; rank IMPLICIT_RANK).
    const text = 'User-agent: *\nDisallow: /robots.txt?x\nDisallow: /\n';
    const urls = ['/robots.txt', '/robots.txt?', '/robots.txt?x', '/robots.txt?xy', '/robots.txt?y', '/robots.txtx', '/%72obots.txt?x'];
    Object.assign(tierTuning, { threshold: 0 });
    const expected = { rfc9309: [true, true, true, true, true, false, true], google: [false, false, false, false, false, false, false] };
    for (const profile of ['rfc9309', 'google'] as const) {
      const rules = compileRobots(text, { profile }).agent('bot');
      const want = urls.map((u) => referenceAllows(text, 'bot', u, { profile }));
      expect(want).toEqual(expected[profile]);
      for (let pass = 0; pass < 2; pass++) expect(urls.map((u) => rules.isAllowed(u))).toEqual(want);
      expect(tierOf(rules).tier).toBe(1);
    }
  });
});

describe('tier 1 remembered authority', () => {
  afterEach(() => Object.assign(tierTuning, DEFAULT_TIER));

  const text = 'User-agent: *\nDisallow: /a\nAllow: /a/b\nDisallow: /*.pdf$\nDisallow: /*?q=\nDisallow: /\nAllow: /$\nAllow: /x\n';
  // URLs that start with the remembered `https://example.com` (or nearly) but whose path starts
  // elsewhere or is `/`: each must be answered as tier 0 and the reference answer it.
  const urls = ['https://example.com/a', 'https://example.com.evil/a', 'https://example.com?/a', 'https://example.com#/a', 'https://example.com', 'https://example.com;/a',
    'https://example.comx/a', 'HTTPS://example.com/a', 'http://example.com/a', '/a', 'https://example.com//a', 'https://user@example.com/a', 'https://example.com:80/a',
    'ftp://example.com/a', 'https://exa/mple.com/a', '/r?u=https://example.com/a', 'https://example.com/a/b', 'https://example.com/f.pdf', 'https://example.com/?q=1',
    'https://example.com/x', 'https://example.com/', 'https://example.co/a', 'https:/example.com/a', 'https://example.com/a#x', 'xhttps://example.com/a'];

  it('finds the path start after the remembered scheme and authority exactly, and answers as tier 0 and the reference', () => {
    for (const profile of ['rfc9309', 'google'] as const) {
      Object.assign(tierTuning, { threshold: Number.POSITIVE_INFINITY });
      const below = compileRobots(text, { profile }).agent('bot');
      const expected = urls.map((u) => below.isAllowed(u));
      Object.assign(tierTuning, { threshold: 0 });
      const above = compileRobots(text, { profile }).agent('bot');
      expect(above.isAllowed('https://example.com/x')).toBe(true);
      // The forcing took effect and the first http(s) URL's authority is the one remembered.
      expect(tierOf(above).tier).toBe(1);
      expect(tierOf(above).authority).toBe('https://example.com');
      for (let pass = 0; pass < 2; pass++) expect(urls.map((u) => above.isAllowed(u))).toEqual(expected);
      expect(tierOf(above).authority).toBe('https://example.com');
      expect(expected).toEqual(urls.map((u) => referenceAllows(text, 'bot', u, { profile })));
      Object.assign(tierTuning, DEFAULT_TIER);
    }
  });

  it('replaces a remembered authority its URLs keep missing, at most 8 times per group', () => {
    Object.assign(tierTuning, { threshold: 0 });
    const rules = compileRobots(text, { profile: 'rfc9309' }).agent('bot');
    const seen: string[] = [];
    // Blocks of 300 URLs on alternating hosts: the second block replaces the first host's
    // authority at its last URL (300 misses, more than half of the 599 checks since the set);
    // each later block misses 256 times (more than half of the 44 hits left since), then
    // remembers its own, until the group has set one 8 times.
    for (let block = 0; block < 20; block++) {
      const host = block % 2 === 0 ? 'https://one.example' : 'http://two.example:8080';
      for (let k = 0; k < 300; k++) expect(rules.isAllowed(`${host}/a/b/${k}`)).toBe(true);
      const a = tierOf(rules).authority;
      if (seen[seen.length - 1] !== a) seen.push(a);
    }
    expect(seen).toEqual(['https://one.example', 'http://two.example:8080', 'https://one.example', 'http://two.example:8080', 'https://one.example', 'http://two.example:8080', 'https://one.example', 'http://two.example:8080']);
    // An authority past 300 code units is not remembered (the copy and indexOf stay bounded), and the check answers.
    const long = compileRobots(text, { profile: 'rfc9309' }).agent('bot');
    const host = `https://${'h'.repeat(200_000)}.example`;
    expect(long.isAllowed(`${host}/a`)).toBe(false);
    expect(long.isAllowed(`${host}/a/b`)).toBe(true);
    expect(tierOf(long).authority).toBe('');
    // A path-only caller never sets one.
    const paths = compileRobots(text, { profile: 'rfc9309' }).agent('bot');
    for (let k = 0; k < 10; k++) expect(paths.isAllowed(`/a/b/${k}`)).toBe(true);
    expect(tierOf(paths).authority).toBe('');
  });

  it('takes over the authority tier 0 remembered at tier-up, as the first of its 8 sets', () => {
    const rules = compileRobots(text, { profile: 'rfc9309' }).agent('bot');
    for (let k = 0; k < tierTuning.threshold; k++) expect(rules.isAllowed(`https://one.example/a/b/${k}`)).toBe(true);
    expect(tierOf(rules).tier).toBe(0);
    expect(tierOf(rules).authority).toBe('https://one.example');
    // The check that tiers the group up is on another host: the automaton keeps tier 0's string
    // (without the hand-over it would remember this URL's authority, its first).
    expect(rules.isAllowed('http://two.example:8080/a/b/x')).toBe(true);
    expect(tierOf(rules).tier).toBe(1);
    expect(tierOf(rules).authority).toBe('https://one.example');
    // Alternating hosts replace it at most 7 more times: 8 strings per group in all.
    const seen = ['https://one.example'];
    for (let block = 0; block < 20; block++) {
      const host = block % 2 === 0 ? 'http://two.example:8080' : 'https://one.example';
      for (let k = 0; k < 300; k++) expect(rules.isAllowed(`${host}/a/b/${k}`)).toBe(true);
      const a = tierOf(rules).authority;
      if (seen[seen.length - 1] !== a) seen.push(a);
    }
    expect(seen).toHaveLength(8);
    expect(tierOf(rules).tier).toBe(1);
  });

  it('hands the automaton\'s authority back to tier 0 when the group gives its automaton up (no new string after)', () => {
    // Every check runs out of work; the second gives the automaton up.
    Object.assign(tierTuning, { threshold: 0, checkWork: 0, maxWorkOuts: 2 });
    const rules = compileRobots(text, { profile: 'rfc9309' }).agent('bot');
    expect(rules.isAllowed('https://one.example/a/b/1')).toBe(true);
    expect(tierOf(rules).tier).toBe(1);
    expect(tierOf(rules).authority).toBe('https://one.example');
    // Given up on another host's URL: tier 0 keeps the automaton's string, not this URL's.
    expect(rules.isAllowed('https://two.example/a/b/2')).toBe(true);
    expect(tierOf(rules).tier).toBe(0);
    expect(tierOf(rules).stayBelow).toBe(true);
    expect(tierOf(rules).authority).toBe('https://one.example');
    expect(rules.isAllowed('https://two.example/a')).toBe(false);
    expect(tierOf(rules).authority).toBe('https://one.example');
  });

  it('keeps the majority authority of a host whose URLs are 99% one authority and 1% another', () => {
    Object.assign(tierTuning, { threshold: 0 });
    // Each order: the majority first, and the minority first (replaced once, then kept).
    for (const minorityFirst of [false, true]) {
      const rules = compileRobots(text, { profile: 'rfc9309' }).agent('bot');
      // 1,200 minority URLs: past _AUTHORITY_MISSES four times over, enough for every one of
      // the 8 sets if misses alone replaced the authority (the last set would be the minority's).
      let allowed = 0;
      for (let k = 0; k < 120_000; k++) {
        const minority = minorityFirst ? k % 100 === 0 : k % 100 === 99;
        if (rules.isAllowed(`https://${minority ? 'www.' : ''}example.com/a/b/${k}`)) allowed++;
      }
      expect(allowed).toBe(120_000);
      expect(tierOf(rules).authority).toBe('https://example.com');
      // Path-only and non-http URLs are no misses: a run of them replaces nothing.
      for (let k = 0; k < 1_000; k++) expect(rules.isAllowed(k % 2 === 0 ? `/a/b/${k}` : `ftp://www.example.com/a/b/${k}`)).toBe(true);
      for (let k = 0; k < 300; k++) expect(rules.isAllowed(`https://www.example.com/a/b/${k}`)).toBe(true);
      expect(tierOf(rules).authority).toBe('https://example.com');
    }
  });
});
