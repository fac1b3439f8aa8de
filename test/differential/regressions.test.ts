// Named regression tests: counterexamples found by property tests, fuzzing and review, each
// reduced to a minimal input. Expected answers come from @robomata/reference or from the
// contract (CONTRACT.md), never from the implementation under test.
import { describe, expect, it } from 'vitest';
import { compile, compileRobots } from '@robomata/compiler';
import { decide } from '@robomata/reference';
import { loadRobots, type Robots } from '@robomata/runtime';

type Profile = 'rfc9309' | 'google';

/** Expects the runtime to agree with the reference on verdict, deciding line and kind. */
function expectLikeReference(robots: Robots, txt: string, agent: string, url: string, profile: Profile): void {
  const want = decide(txt, agent, url, { profile });
  const id = robots.decide(url, agent);
  const got = id < 0 ? { line: 0, kind: 'none' } : { line: robots.rule(id).line, kind: robots.rule(id).kind };
  const ctx = JSON.stringify({ txt, agent, url, profile });
  expect(robots.isAllowed(url, agent), ctx).toBe(want.allowed);
  expect(got, ctx).toEqual({ line: want.line, kind: want.kind });
}

describe('regressions', () => {
  it('a literal rule and its non-ASCII sibling under one root', () => {
    const txt = 'User-agent: *\nAllow: /\nAllow: /ツ\n';
    const robots = compileRobots(txt, { profile: 'rfc9309' });
    const want = decide(txt, 'foo', '/', { profile: 'rfc9309' });
    expect(want).toMatchObject({ allowed: true, line: 2, kind: 'allow' });
    const id = robots.decide('/', 'foo');
    expect(id).toBeGreaterThanOrEqual(0);
    expect(robots.rule(id)).toMatchObject({ line: 2, kind: 'allow' });
    expect(robots.isAllowed('/', 'foo')).toBe(true);
    for (const url of ['/', '/ツ', '/%E3%83%84', '/x', '/robots.txt']) expectLikeReference(robots, txt, 'foo', url, 'rfc9309');
  });

  // Found by fuzzing: 65 sibling rules made loadRobots reject the compiler's own artifact; kept
  // as an input (a wide fan-out under one trie node).
  it('65 sibling rules under one node load and answer like the reference', () => {
    let txt = 'User-agent: *\n';
    for (let i = 0; i < 65; i++) txt += `Disallow: /p${i}\n`;
    for (const profile of ['google', 'rfc9309'] as const) {
      const artifact = compile(txt, { profile });
      let robots: Robots | undefined;
      expect(() => (robots = loadRobots(artifact)), profile).not.toThrow();
      if (robots === undefined) continue;
      for (const url of ['/p0', '/p64', '/p6', '/p65', '/q', '/robots.txt']) expectLikeReference(robots, txt, 'x', url, profile);
    }
  });

  it('641 sibling rules compile and load', () => {
    let txt = 'User-agent: *\n';
    for (let i = 0; i < 641; i++) txt += `Disallow: /p${i}\n`;
    expect(() => compileRobots(txt, { profile: 'google' })).not.toThrow();
  });

  // Found while reviewing load.ts: an unaligned input is copied with `bytes.slice()`, but a Node
  // Buffer's slice() returns a view of the same memory at the same unaligned offset, so the
  // Int32Array view then throws a RangeError (neither loaded nor a RobotsFormatError).
  it('an unaligned Node Buffer loads (Buffer#slice is a view, not a copy)', () => {
    const txt = 'User-agent: *\nDisallow: /x\n';
    const artifact = compile(txt);
    const big = Buffer.alloc(artifact.length + 1);
    big.set(artifact, 1);
    const view = big.subarray(1);
    let robots: Robots | undefined;
    expect(() => (robots = loadRobots(view))).not.toThrow();
    if (robots !== undefined) {
      expectLikeReference(robots, txt, 'a', '/x', 'rfc9309');
      expectLikeReference(robots, txt, 'a', '/y', 'rfc9309');
    }
  });

  // Found by timing the conformance suite: one Disallow line of 16,650 literal bytes (the line
  // cap of docs/semantics.md section 1) took seconds to compile. The literal must cost work and
  // bytes linear in its length: it is stored once, and doubling it adds its length to the
  // artifact, not more (the bench times the compile).
  it('a 16,650-byte literal rule compiles into an artifact linear in it', () => {
    const txtOf = (n: number): string => `User-agent: *\nDisallow: /${'a'.repeat(n)}\n`;
    const half = compile(txtOf(8_325), { profile: 'google' }).byteLength;
    const full = compile(txtOf(16_650), { profile: 'google' }).byteLength;
    expect(full - half).toBeGreaterThanOrEqual(8_325);
    expect(full - half).toBeLessThan(2 * 8_325);
    expect(full).toBeLessThan(2 * 16_650 + 4_096);
    const robots = compileRobots(txtOf(16_650), { profile: 'google' });
    expect(robots.isAllowed(`/${'a'.repeat(16_650)}`, 'x')).toBe(false);
    expect(robots.isAllowed(`/${'a'.repeat(16_649)}`, 'x')).toBe(true);
  });

  // Found by the bench (ss64.com): in rfc9309, Robots#agent cuts a User-Agent header to its
  // product token; '*' has none, and cutting it to "" selected the group of `User-agent: 008`
  // (whose token is empty: digits end a token) instead of the global group.
  it("agent('*') keeps the global group when a group's token is empty (User-agent: 008)", () => {
    const txt = 'User-agent: *\nDisallow:\n\nUser-agent: 008\nDisallow: /\n';
    for (const profile of ['rfc9309', 'google'] as const) {
      const robots = compileRobots(txt, { profile });
      expect(robots.agent('*').selection, profile).toBe('global');
      for (const agent of ['*', '/1.0', 'FooBot']) expectLikeReference(robots, txt, agent, '/share/api', profile);
    }
  });
});
