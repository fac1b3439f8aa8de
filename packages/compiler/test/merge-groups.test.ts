import { describe, expect, it } from 'vitest';
import { mergeGroups } from '../src/merge-groups.js';
import type { MergedGroup, MergedGroups } from '../src/merge-groups.js';
import { parseRobotsTxt } from '../src/parse.js';
import type { ParsedRobots } from '../src/parse.js';
import { countSteps, expectLinearSteps } from './_steps.js';

function merge(text: string): MergedGroups {
  return mergeGroups(parseRobotsTxt(text));
}

/** The merged group a crawler token selects (docs/semantics.md section 3), or the global one, or undefined. */
function groupFor(merged: MergedGroups, token: string): MergedGroup | undefined {
  const i = merged.byToken.get(token.toLowerCase()) ?? merged.global;
  return i < 0 ? undefined : merged.groups[i];
}

/** A distinct letters-only token for i (bijective base 26: a..z, aa, ab, ...). */
function tokenOf(i: number): string {
  let t = '';
  for (let k = i; ; k = Math.floor(k / 26) - 1) {
    t = String.fromCharCode(97 + (k % 26)) + t;
    if (k < 26) break;
  }
  return t;
}

/** True when list a sorts strictly before list b, comparing numbers position by position. */
function lexicographicallyBefore(a: readonly number[], b: readonly number[]): boolean {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    if (a[i] !== b[i]) return a[i]! < b[i]!;
  }
  return a.length < b.length;
}

function patterns(group: MergedGroup | undefined): string[] {
  return group === undefined ? [] : group.rules.map((r) => `${r.kind} ${r.pattern}`);
}

describe('mergeGroups (docs/semantics.md section 3: groups naming the crawler merge; global groups merge)', () => {
  it('merges all groups of one token, with rules in line order', () => {
    const merged = merge(
      'User-agent: a\nDisallow: /1\nUser-agent: b\nDisallow: /2\nUser-agent: a\nAllow: /3\nDisallow: /4',
    );
    const a = groupFor(merged, 'a')!;
    expect(a.sources).toEqual([0, 2]);
    expect(a.rules.map((r) => r.line)).toEqual([2, 6, 7]);
    expect(patterns(a)).toEqual(['disallow /1', 'allow /3', 'disallow /4']);
    expect(groupFor(merged, 'b')!.sources).toEqual([1]);
    expect(merged.global).toBe(-1);
  });

  it('folds case: FooBot, foobot and FOOBOT are one token, stored lower-cased', () => {
    const merged = merge('User-agent: FooBot\nDisallow: /1\nUser-agent: foobot\nDisallow: /2\nUser-agent: FOOBOT/2\nDisallow: /3');
    expect(merged.groups).toHaveLength(1);
    expect(merged.groups[0]!.tokens).toEqual(['foobot']);
    expect(merged.groups[0]!.sources).toEqual([0, 1, 2]);
    expect([...merged.byToken.keys()]).toEqual(['foobot']);
  });

  it('merges all global groups into one', () => {
    const merged = merge('User-agent: *\nDisallow: /1\nUser-agent: a\nDisallow: /2\nUser-agent: * x\nDisallow: /3');
    const global = merged.groups[merged.global]!;
    expect(global.global).toBe(true);
    expect(global.sources).toEqual([0, 2]);
    expect(global.tokens).toEqual([]);
    expect(patterns(global)).toEqual(['disallow /1', 'disallow /3']);
    expect(patterns(groupFor(merged, 'a'))).toEqual(['disallow /2']);
    expect(patterns(groupFor(merged, 'unknown'))).toEqual(['disallow /1', 'disallow /3']);
  });

  it('tokens with identical sources share one entry', () => {
    const merged = merge('User-agent: b\nUser-agent: a\nUser-agent: c\nDisallow: /x\nUser-agent: d\nDisallow: /y');
    expect(merged.groups).toHaveLength(2);
    expect(merged.groups[0]!.tokens).toEqual(['a', 'b', 'c']);
    expect(merged.byToken.get('a')).toBe(0);
    expect(merged.byToken.get('b')).toBe(0);
    expect(merged.byToken.get('c')).toBe(0);
    expect(merged.byToken.get('d')).toBe(1);
  });

  it('global and specific agents of one group share the entry (global: true with tokens)', () => {
    const merged = merge('User-agent: *\nUser-agent: a\nDisallow: /x');
    expect(merged.groups).toHaveLength(1);
    expect(merged.groups[0]).toMatchObject({ tokens: ['a'], global: true, sources: [0] });
    expect(merged.global).toBe(0);
    expect(merged.byToken.get('a')).toBe(0);
  });

  it('global and a token stay separate when their sources differ', () => {
    const merged = merge('User-agent: *\nUser-agent: a\nDisallow: /x\nUser-agent: *\nDisallow: /y');
    expect(merged.groups.map((g) => [g.sources, g.tokens, g.global])).toEqual([
      [[0], ['a'], false],
      [[0, 1], [], true],
    ]);
    expect(merged.global).toBe(1);
    expect(patterns(groupFor(merged, 'a'))).toEqual(['disallow /x']);
  });

  it('the empty token "" is a token like any other (`*foo`, `/x`, empty value)', () => {
    const merged = merge('User-agent: *foo\nDisallow: /1\nUser-agent:\nDisallow: /2\nUser-agent: 2bot\nDisallow: /3');
    expect(merged.groups).toHaveLength(1);
    expect(merged.groups[0]!.tokens).toEqual(['']);
    expect(merged.groups[0]!.global).toBe(false);
    expect(merged.byToken.get('')).toBe(0);
    expect(merged.global).toBe(-1);
    expect(patterns(groupFor(merged, ''))).toEqual(['disallow /1', 'disallow /2', 'disallow /3']);
  });

  it('tokens named __proto__, constructor, hasOwnProperty are ordinary keys', () => {
    const merged = merge(
      'User-agent: __proto__\nDisallow: /p\nUser-agent: constructor\nDisallow: /c\nUser-agent: hasOwnProperty\nDisallow: /h',
    );
    expect(patterns(groupFor(merged, '__proto__'))).toEqual(['disallow /p']);
    expect(patterns(groupFor(merged, 'constructor'))).toEqual(['disallow /c']);
    expect(patterns(groupFor(merged, 'hasownproperty'))).toEqual(['disallow /h']);
    expect(merged.byToken.size).toBe(3);
    expect(merged.byToken.get('tostring')).toBeUndefined();
    expect(merged.byToken.get('valueof')).toBeUndefined();
  });

  it('orders entries lexicographically by sources', () => {
    // c: [0], b: [0, 2], a: [1], * : [1, 2]
    const merged = merge(
      'User-agent: c\nUser-agent: b\nDisallow: /0\nUser-agent: a\nUser-agent: *\nDisallow: /1\nUser-agent: b\nUser-agent: *\nDisallow: /2',
    );
    expect(merged.groups.map((g) => g.sources)).toEqual([[0], [0, 2], [1], [1, 2]]);
    expect(merged.groups.map((g) => g.tokens)).toEqual([['c'], ['b'], ['a'], []]);
    expect(merged.global).toBe(3);
  });

  it('a token named twice in one group lists the group once', () => {
    const merged = merge('User-agent: a\nUser-agent: A\nUser-agent: *\nUser-agent: *\nDisallow: /x');
    expect(merged.groups).toHaveLength(1);
    expect(merged.groups[0]!.sources).toEqual([0]);
    expect(merged.groups[0]!.rules).toHaveLength(1);
  });

  it('crawl-delay is the first one among the sources in file order', () => {
    const merged = merge(
      'User-agent: a\nDisallow: /1\nUser-agent: a\nCrawl-delay: 5\nDisallow: /2\nUser-agent: a\nCrawl-delay: 9\nDisallow: /3\nUser-agent: b\nDisallow: /',
    );
    expect(groupFor(merged, 'a')!.crawlDelay).toBe(5);
    expect(groupFor(merged, 'b')!.crawlDelay).toBeUndefined();
  });

  it('a bare trailing user-agent still makes a merged group with no rules', () => {
    const merged = merge('User-agent: *\nDisallow: /\nUser-agent: a');
    expect(groupFor(merged, 'a')).toMatchObject({ sources: [1], rules: [] });
  });

  it('ruleCount equals the number of merged rules; one source shares its parsed rule array', () => {
    const parsed = parseRobotsTxt('User-agent: a\nDisallow: /1\nAllow: /2\nUser-agent: a\nUser-agent: b\nDisallow: /3');
    const merged = mergeGroups(parsed);
    const a = groupFor(merged, 'a')!;
    const b = groupFor(merged, 'b')!;
    expect(a.ruleCount).toBe(3);
    expect(a.rules).toHaveLength(3);
    expect(a.rules).toBe(a.rules); // cached
    expect(b.ruleCount).toBe(1);
    expect(b.rules).toBe(parsed.groups[1]!.rules);
  });

  it('hostile: many tokens sharing one large group merge in linear time (rules built on demand)', () => {
    // 7,000 tokens named in one 20,000-rule group and each again alone: 7,000 entries whose
    // rule lists would total about 140 million references if built eagerly.
    const lines: string[] = [];
    for (let i = 0; i < 7_000; i++) lines.push(`User-agent:${tokenOf(i)}`);
    for (let r = 0; r < 20_000; r++) lines.push(`Disallow:/${r}`);
    for (let i = 0; i < 7_000; i++) lines.push(`User-agent:${tokenOf(i)}`, 'Allow:');
    const parsed = parseRobotsTxt(lines.join('\n'), { maxBytes: Infinity });
    let merged: MergedGroups = mergeGroups(parseRobotsTxt(''));
    const steps = countSteps(() => {
      merged = mergeGroups(parsed);
    });
    // A few steps per agent line; building the rule lists would take 140 million pushes.
    expect(steps).toBeLessThan(20 * lines.length);
    expect(merged.groups).toHaveLength(7_000);
    const entry = merged.groups[merged.byToken.get(tokenOf(5))!]!;
    expect(entry.sources).toEqual([0, 6]);
    expect(entry.ruleCount).toBe(20_001);
    expect(countSteps(() => expect(entry.rules.at(-1)).toMatchObject({ kind: 'allow', pattern: '' }))).toBeGreaterThan(20_001);
  });

  it('no groups: no entries and no global group', () => {
    const merged = merge('Disallow: /\nSitemap: http://s');
    expect(merged.groups).toEqual([]);
    expect(merged.global).toBe(-1);
    expect(merged.byToken.size).toBe(0);
  });

  it('every parsed group is a source of some entry, and byToken covers every token', () => {
    const text = [
      'User-agent: a',
      'User-agent: *',
      'Disallow: /1',
      'User-agent: b',
      'Disallow: /2',
      'User-agent: A',
      'User-agent: c',
      'Allow: /3',
    ].join('\n');
    const parsed = parseRobotsTxt(text);
    const merged = mergeGroups(parsed);
    const covered = new Set(merged.groups.flatMap((g) => g.sources));
    expect([...covered].sort()).toEqual(parsed.groups.map((_, i) => i));
    for (const g of parsed.groups) {
      for (const agent of g.agents) {
        if (!agent.global) expect(merged.byToken.has(agent.token.toLowerCase())).toBe(true);
      }
    }
    for (const [token, i] of merged.byToken) expect(merged.groups[i]!.tokens).toContain(token);
  });

  it('is deterministic: the same input gives equal output', () => {
    const text = 'User-agent: x\nUser-agent: y\nDisallow: /a\nUser-agent: *\nUser-agent: y\nAllow: /b\n';
    const a = merge(text);
    const b = merge(text);
    expect(a.groups.map((g) => [g.tokens, g.sources, g.global])).toEqual(b.groups.map((g) => [g.tokens, g.sources, g.global]));
    expect([...a.byToken]).toEqual([...b.byToken]);
  });

  it('25,000 single-agent groups merge in linear work (no quadratic work)', () => {
    const parsedOf = (n: number): ParsedRobots => {
      const lines: string[] = [];
      for (let i = 0; i < n; i++) lines.push(`User-agent: ${tokenOf(i)}`, 'Disallow: /x');
      lines.push('User-agent: *', 'Disallow: /');
      return parseRobotsTxt(lines.join('\n'), { maxBytes: Infinity });
    };
    expectLinearSteps('single-agent groups', 12_500, (n) => {
      const parsed = parsedOf(n);
      return () => mergeGroups(parsed);
    });
    const merged = mergeGroups(parsedOf(25_000));
    expect(merged.groups).toHaveLength(25_001);
    expect(merged.byToken.size).toBe(25_000);
    expect(merged.global).toBe(25_000);
    expect(merged.groups.map((g) => g.sources[0])).toEqual(merged.groups.map((_, i) => i));
  });

  it('100,000 agents over 20,000 groups, each token in 5 groups, merge in linear work and correctly', () => {
    // Group g names tokens g..g+4 (mod groupCount): token t sits in groups t-4..t.
    const parsedOf = (groupCount: number): ParsedRobots => {
      const lines: string[] = [];
      for (let g = 0; g < groupCount; g++) {
        for (let k = 0; k < 5; k++) lines.push(`User-agent: ${tokenOf((g + k) % groupCount)}`);
        lines.push(`Disallow: /${g}`);
      }
      return parseRobotsTxt(lines.join('\n'), { maxBytes: Infinity });
    };
    expectLinearSteps('tokens in 5 groups', 10_000, (n) => {
      const parsed = parsedOf(n);
      return () => mergeGroups(parsed);
    });
    const groupCount = 20_000;
    const merged = mergeGroups(parsedOf(groupCount));
    expect(merged.groups).toHaveLength(groupCount);
    const seven = merged.groups[merged.byToken.get(tokenOf(7))!]!;
    expect(seven.sources).toEqual([3, 4, 5, 6, 7]);
    expect(patterns(seven)).toEqual(['disallow /3', 'disallow /4', 'disallow /5', 'disallow /6', 'disallow /7']);
    const two = merged.groups[merged.byToken.get(tokenOf(2))!]!;
    expect(two.sources).toEqual([0, 1, 2, 19_998, 19_999]);
    for (let i = 1; i < merged.groups.length; i++) {
      const a = merged.groups[i - 1]!.sources;
      const b = merged.groups[i]!.sources;
      expect(lexicographicallyBefore(a, b), `${String(a)} before ${String(b)}`).toBe(true);
    }
  });

  it('100,000 agents in one group merge into one entry in linear work', () => {
    const parsedOf = (n: number): ParsedRobots => parseRobotsTxt('User-agent: *\n' + 'User-agent: ab\n'.repeat(n) + 'Disallow: /', {
      maxBytes: Infinity,
    });
    expectLinearSteps('repeated agent', 50_000, (n) => {
      const parsed = parsedOf(n);
      return () => mergeGroups(parsed);
    });
    const merged = mergeGroups(parsedOf(100_000));
    expect(merged.groups).toEqual([
      expect.objectContaining({ tokens: ['ab'], global: true, sources: [0] }),
    ]);
  });
});

describe('countSteps (the work measure of the tests above)', () => {
  it('sees quadratic work grow 4x when the input doubles, and linear work 2x', () => {
    const pairs = (n: number) => (): void => {
      const seen = new Set<number>();
      const items = Array.from({ length: n }, (_v, i) => i);
      for (const a of items) for (const b of items) seen.add(a ^ b);
    };
    const quadratic = [countSteps(pairs(100)), countSteps(pairs(200))] as const;
    expect(quadratic[1] / quadratic[0]).toBeGreaterThan(3.5);
    const sorted = (n: number) => (): void => {
      const seen = new Map<number, number>();
      for (const v of Array.from({ length: n }, (_v, i) => (i * 7919) % n).sort((a, b) => a - b)) seen.set(v, v);
    };
    const linear = [countSteps(sorted(1_000)), countSteps(sorted(2_000))] as const;
    expect(linear[1] / linear[0]).toBeGreaterThan(1.9);
    expect(linear[1] / linear[0]).toBeLessThan(2.5);
  });
});

describe('mergeGroups of a one-group file (its own path)', () => {
  it('gives one entry with the sorted distinct tokens, the global mark, rule count, delay and token map', () => {
    const parsed = parseRobotsTxt('User-agent: BBot\nUser-agent: *\nUser-agent: abot\nUser-agent: bbot/2\nCrawl-delay: 4\nDisallow: /a\nAllow: /b\n');
    const m = mergeGroups(parsed);
    expect(m.groups.length).toBe(1);
    const g = m.groups[0]!;
    expect(g.tokens).toEqual(['abot', 'bbot']);
    expect(g.global).toBe(true);
    expect(g.sources).toEqual([0]);
    expect(g.ruleCount).toBe(2);
    expect(g.rules).toBe(parsed.groups[0]!.rules);
    expect(g.crawlDelay).toBe(4);
    expect(m.global).toBe(0);
    expect([...m.byToken]).toEqual([['bbot', 0], ['abot', 0]]);
    const named = mergeGroups(parseRobotsTxt('User-agent: x\nDisallow: /\n'));
    expect(named.global).toBe(-1);
    expect(named.groups[0]!.global).toBe(false);
    expect(named.groups[0]!.tokens).toEqual(['x']);
  });
});
