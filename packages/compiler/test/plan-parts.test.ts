// plan-parts.ts: which merged groups an artifact builds (all, or for a scope those its tokens
// select plus the global group: groupsOfScope) while every group, token and rule keeps its index,
// and how parsed groups are shared: a part is every parsed group used by the same set of built
// merged groups, so each rule lands in exactly one part.
import { describe, expect, it } from 'vitest';
import { mergeGroups } from '../src/merge-groups.js';
import { parseRobotsTxt } from '../src/parse.js';
import { groupsOfScope, planParts, type PartPlan } from '../src/plan-parts.js';

/** The plan of `txt`, building the groups `scope` selects (all without one). */
function planOf(txt: string, scope?: readonly string[]): { plan: PartPlan; merged: ReturnType<typeof mergeGroups> } {
  const parsed = parseRobotsTxt(txt);
  const merged = mergeGroups(parsed);
  return { plan: planParts(parsed, merged, scope === undefined ? undefined : groupsOfScope(merged, scope)), merged };
}

/** The group a token selects. */
const groupOfToken = (plan: PartPlan, token: string): number => plan.agents.find(([t]) => t === token)?.[1] ?? -1;

/**
 * Expects the plan's invariants: every merged group, token and rule listed with a stable index;
 * the parts of a built group cover its parsed groups exactly and an unbuilt group has none;
 * every parsed group a built group uses in exactly one part, no other in any.
 */
function expectPartition(txt: string, scope?: readonly string[]): PartPlan {
  const parsed = parseRobotsTxt(txt);
  const { plan, merged } = planOf(txt, scope);
  expect(plan.groups).toEqual(merged.groups.map((_, g) => g));
  expect(plan.global).toBe(merged.global);
  expect(plan.agents).toEqual([...merged.byToken.entries()].sort((a, b) => (a[0] < b[0] ? -1 : 1)));
  const inPart = new Map<number, number>();
  plan.parts.forEach((sources, p) => {
    for (const s of sources) {
      expect(inPart.has(s), `parsed group ${s} in two parts`).toBe(false);
      inPart.set(s, p);
    }
  });
  const usedByBuilt = new Set<number>();
  plan.groups.forEach((g, k) => {
    if (plan.built[k] !== 1) {
      expect(plan.groupParts[k], `unbuilt group ${g}`).toEqual([]);
      return;
    }
    const sources = [...merged.groups[g]!.sources].sort((a, b) => a - b);
    for (const s of sources) usedByBuilt.add(s);
    const fromParts = plan.groupParts[k]!.flatMap((p) => plan.parts[p]!).sort((a, b) => a - b);
    expect(fromParts, `merged group ${g}`).toEqual(sources);
    expect([...plan.groupParts[k]!]).toEqual([...plan.groupParts[k]!].sort((a, b) => a - b));
  });
  expect(new Set(inPart.keys())).toEqual(usedByBuilt);
  // Rules: every parsed group's, in file order; firstRule names them.
  expect(plan.rules).toEqual(parsed.groups.flatMap((g) => g.rules));
  let next = 0;
  parsed.groups.forEach((g, s) => {
    expect(plan.firstRule[s]).toBe(next);
    next += g.rules.length;
  });
  return plan;
}

describe('planParts: sharing', () => {
  const TXT = [
    'User-agent: a', 'User-agent: b', 'Disallow: /shared', '',
    'User-agent: a', 'Disallow: /a-only', '',
    'User-agent: b', 'Disallow: /b-only', '',
    'User-agent: *', 'Disallow: /g', '',
  ].join('\n');

  it('one part per set of merged groups using a parsed group', () => {
    const plan = expectPartition(TXT);
    expect(plan.groups.length).toBe(3);
    expect(plan.parts).toEqual([[0], [1], [2], [3]]);
    expect(plan.groupParts[groupOfToken(plan, 'a')]).toEqual([0, 1]);
    expect(plan.groupParts[groupOfToken(plan, 'b')]).toEqual([0, 2]);
    expect(plan.groupParts[plan.global]).toEqual([3]);
    expect(plan.agents.map(([t]) => t)).toEqual(['a', 'b']);
  });

  it('parsed groups with the same users share one part', () => {
    const plan = expectPartition('User-agent: a\nDisallow: /1\n\nUser-agent: c\nDisallow: /c\n\nUser-agent: a\nDisallow: /2\n');
    expect(plan.parts).toEqual([[0, 2], [1]]);
    expect(plan.groupParts[groupOfToken(plan, 'a')]).toEqual([0]);
  });

  it('a group named by a token and the global group: one merged group, one part', () => {
    const plan = expectPartition('User-agent: a\nUser-agent: *\nDisallow: /x\n');
    expect(plan.groups.length).toBe(1);
    expect(plan.global).toBe(0);
    expect(plan.parts).toEqual([[0]]);
  });

  it('hostile: many tokens sharing one large group plus one small group each: every rule in exactly one part', () => {
    const tokens = Array.from({ length: 60 }, (_, k) => `bot${String.fromCharCode(97 + (k % 26))}${String.fromCharCode(97 + Math.floor(k / 26))}`);
    const big = Array.from({ length: 200 }, (_, k) => `Disallow: /big/${k}`);
    const own = tokens.map((t, k) => `User-agent: ${t}\nDisallow: /own/${k}\n`);
    const txt = `${tokens.map((t) => `User-agent: ${t}`).join('\n')}\n${big.join('\n')}\n\n${own.join('\n')}`;
    const plan = expectPartition(txt);
    expect(plan.rules.length).toBe(200 + 60);
    expect(plan.parts.length).toBe(61);
    expect(plan.parts[0]).toEqual([0]);
    for (const t of tokens) {
      const parts = plan.groupParts[groupOfToken(plan, t)]!;
      expect(parts.length, t).toBe(2);
      expect(parts[0]).toBe(0);
    }
    // The shared part's rules are written once, not once per token.
    const total = plan.parts.reduce((n, sources) => n + sources.length, 0);
    expect(total).toBe(61);
  });

  it('rules before the first user-agent line are in no part', () => {
    const plan = expectPartition('Disallow: /before\nUser-agent: a\nDisallow: /a\n');
    expect(plan.rules.map((r) => r.line)).toEqual([3]);
  });
});

describe('planParts: scope', () => {
  const TXT = [
    'User-agent: a', 'User-agent: b', 'Disallow: /ab', '',
    'User-agent: b', 'Disallow: /b-only', '',
    'User-agent: c', 'Disallow: /c', '',
    'User-agent: *', 'Disallow: /g', '',
  ].join('\n');
  // Merged groups: 0 a [0], 1 b [0, 1], 2 c [2], 3 global [3].

  it('groupsOfScope marks the groups the scope tokens select and the global group', () => {
    const merged = mergeGroups(parseRobotsTxt(TXT));
    expect([...groupsOfScope(merged, ['a'])]).toEqual([1, 0, 0, 1]);
    expect([...groupsOfScope(merged, ['a', 'c'])]).toEqual([1, 0, 1, 1]);
    expect([...groupsOfScope(merged, ['zed'])]).toEqual([0, 0, 0, 1]);
    expect([...groupsOfScope(mergeGroups(parseRobotsTxt('User-agent: a\nDisallow: /\n')), ['zed'])]).toEqual([0]);
  });

  it('builds the scope\'s groups only, and lists every group, token and rule with the indices of the unscoped plan', () => {
    const plan = expectPartition(TXT, ['a']);
    const all = expectPartition(TXT);
    expect([...plan.built]).toEqual([1, 0, 0, 1]);
    expect(plan.agents).toEqual(all.agents);
    expect(plan.rules).toEqual(all.rules);
    expect(plan.firstRule).toEqual(all.firstRule);
    expect(plan.global).toBe(3);
    expect(plan.parts).toEqual([[0], [3]]);
    expect(plan.groupParts).toEqual([[0], [], [], [1]]);
  });

  it('a parsed group shared with an unbuilt group is split by the built groups only', () => {
    const plan = expectPartition(TXT, ['a', 'b']);
    expect(plan.groupParts[groupOfToken(plan, 'a')]).toEqual([0]);
    expect(plan.groupParts[groupOfToken(plan, 'b')]).toEqual([0, 1]);
    expect(plan.groupParts[groupOfToken(plan, 'c')]).toEqual([]);
  });

  it('a scope token the file does not name builds the global group only; no global group builds nothing', () => {
    const plan = expectPartition(TXT, ['zed']);
    expect(plan.parts).toEqual([[3]]);
    const none = expectPartition('User-agent: a\nDisallow: /\n', ['zed']);
    expect(none.parts).toEqual([]);
    expect(none.global).toBe(-1);
    expect(none.rules.length).toBe(1);
  });

  it('without a scope builds every merged group', () => {
    const { plan } = planOf(TXT);
    expect([...plan.built]).toEqual([1, 1, 1, 1]);
  });
});
