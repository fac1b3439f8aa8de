// pattern-text.ts: PatternIndex (where each rank's pattern lives, each radix node's parent, each
// rule's best rank) and rebuildPattern (a rule's text spelled again from its best pattern: head,
// `*` and segments, `$`), on hand-worked tables.
import { INDEX_RULE_COUNT, artifactOf } from '../src/internal.js';
import { describe, expect, it } from 'vitest';
import { compile, type CompileOptions } from '@robomata/compiler';
import { loadRobots } from '../src/load.js';
import { PatternIndex, rebuildPattern } from '../src/pattern-text.js';
import type { Robots } from '../src/robots.js';

/** The loaded artifact of `txt` with every group built (tests read its tables directly). */
const loadedOf = (txt: string, options?: CompileOptions): Robots => loadRobots(compile(txt, options));

function indexOf(robots: Robots): { index: PatternIndex; rebuild: (id: number) => string | undefined } {
  const a = artifactOf(robots);
  const whole = a.whole();
  const index = new PatternIndex(whole.tables, a.ranks(), a.header(INDEX_RULE_COUNT));
  return { index, rebuild: (id) => rebuildPattern(whole.tables, index, id) };
}

describe('PatternIndex', () => {
  it('places each rank on its radix node (prefix or $) or wildcard, and finds each rule\'s best rank', () => {
    // Ranks: 0 /a/b$ (rule 1, 5 octets), 1 /c*d (rule 2, 4), 2 /a (rule 0, 2).
    // Radix nodes breadth-first: 0 root, 1 "/", 2 "/a", 3 "/c", 4 "/a/b".
    const robots = loadedOf('User-agent: *\nDisallow: /a\nAllow: /a/b$\nDisallow: /c*d\nDisallow:\n', { profile: 'google' });
    const { index } = indexOf(robots);
    expect([...index.best]).toEqual([2, 0, 1, -1]);
    expect([...index.parent]).toEqual([-1, 0, 1, 1, 2]);
    expect([...index.place]).toEqual([(4 << 2) | 1, (0 << 2) | 2, 2 << 2]);
  });

  it('numbers radix nodes across parts: each part root has no parent', () => {
    const robots = loadedOf('User-agent: a\nDisallow: /x\n\nUser-agent: b\nDisallow: /y\n', { profile: 'google' });
    const { index } = indexOf(robots);
    expect([...index.parent]).toEqual([-1, 0, -1, 2]);
    expect([...index.best]).toEqual([0, 1]);
  });
});

describe('rebuildPattern', () => {
  it('spells a rule\'s best pattern: literal prefix, $-anchored literal, head and segments, anchored wildcard', () => {
    const robots = loadedOf('User-agent: *\nDisallow: /a\nAllow: /a/b$\nDisallow: /c*d\nAllow: *x*yz$\nDisallow: /\n', { profile: 'google' });
    const { rebuild } = indexOf(robots);
    expect([0, 1, 2, 3, 4].map(rebuild)).toEqual(['/a', '/a/b$', '/c*d', '*x*yz$', '/']);
  });

  it('spells the canonical form in rfc9309 (which is why the compiler stores texts that differ)', () => {
    const robots = loadedOf('User-agent: *\nDisallow: /%41*%62\nDisallow: /ツ$\n');
    const { rebuild } = indexOf(robots);
    expect(rebuild(0)).toBe('/A*b');
    expect(rebuild(1)).toBe('/%E3%83%84$');
    // The API reads the stored texts back as written.
    expect(robots.rule(0).pattern).toBe('/%41*%62');
    expect(robots.rule(1).pattern).toBe('/ツ$');
  });

  it('gives undefined for a rule without a pattern in the tables (empty, never matching, a dropped duplicate)', () => {
    const robots = loadedOf('User-agent: *\nDisallow:\nDisallow: x\nDisallow: /*a\nAllow: /*a\n', { profile: 'google' });
    const { rebuild } = indexOf(robots);
    expect([0, 1, 2, 3].map(rebuild)).toEqual([undefined, undefined, undefined, '/*a']);
    expect([0, 1, 2, 3].map((id) => robots.rule(id).pattern)).toEqual(['', 'x', '/*a', '/*a']);
  });
});
