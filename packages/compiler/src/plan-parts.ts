/**
 * Stage 3 of the compiler: which merged groups the artifact keeps (all, or those an
 * agent-scoped compile can select) and how their rules are shared. A parsed group's rules go
 * into exactly one part: the part of every parsed group used by the same set of kept merged
 * groups. A merged group is the list of parts it uses and a check takes the best match over
 * them (ranks are global), so merged groups that share a large parsed group share its trie
 * instead of each rebuilding it, and the total work stays linear in the rules.
 */
import type { MergedGroups } from './merge-groups.js';
import type { ParsedRobots, ParsedRule } from './parse.js';

/** What the artifact holds, before any pattern is built. */
export interface PartPlan {
  /** Indices into MergedGroups.groups of the kept merged groups, ascending. */
  readonly groups: readonly number[];
  /** Per kept group (same order): the parts it uses, ascending. */
  readonly groupParts: readonly (readonly number[])[];
  /** Per part: its parsed groups, ascending. */
  readonly parts: readonly (readonly number[])[];
  /** The rules of the kept groups' parsed groups in file order: the artifact's rule ids. */
  readonly rules: readonly ParsedRule[];
  /** Per parsed group: the id of its first rule, or -1 when no kept group uses it. */
  readonly firstRule: readonly number[];
  /** Kept tokens (lower-case) and their index into `groups`, ascending by token. */
  readonly agents: readonly (readonly [string, number])[];
  /** Index into `groups` of the global group, or -1. */
  readonly global: number;
}

/**
 * Returns the plan for `merged`: every merged group, or with `scope` (lower-cased product
 * tokens) only those the scope's tokens select plus the global group (which a scoped crawler
 * falls back to). O(parsed groups + agent lines + rules).
 */
export function planParts(parsed: ParsedRobots, merged: MergedGroups, scope: readonly string[] | undefined): PartPlan {
  const keep = new Uint8Array(merged.groups.length);
  const agents: [string, number][] = [];
  if (scope === undefined) keep.fill(1);
  else for (const token of scope) {
    const g = merged.byToken.get(token);
    if (g !== undefined) keep[g] = 1;
  }
  if (merged.global >= 0) keep[merged.global] = 1;
  const groups: number[] = [];
  const newIndex = new Int32Array(merged.groups.length).fill(-1);
  for (let g = 0; g < merged.groups.length; g++) {
    if (keep[g] === 0) continue;
    newIndex[g] = groups.length;
    groups.push(g);
  }
  for (const [token, g] of merged.byToken) {
    if (keep[g] === 1 && (scope === undefined || scope.includes(token))) agents.push([token, newIndex[g] as number]);
  }
  agents.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));

  // Signature of a parsed group: the kept groups that use it (ascending, as groups ascend).
  const signature: number[][] = parsed.groups.map(() => []);
  groups.forEach((g, k) => {
    for (const source of (merged.groups[g] as MergedGroups['groups'][number]).sources) (signature[source] as number[]).push(k);
  });
  const partOf = new Map<string, number>();
  const parts: number[][] = [];
  const groupParts: number[][] = groups.map(() => []);
  const rules: ParsedRule[] = [];
  const firstRule: number[] = [];
  for (let source = 0; source < parsed.groups.length; source++) {
    const sig = signature[source] as number[];
    if (sig.length === 0) {
      firstRule.push(-1);
      continue;
    }
    firstRule.push(rules.length);
    for (const rule of (parsed.groups[source] as ParsedRobots['groups'][number]).rules) rules.push(rule);
    const key = sig.join(',');
    let p = partOf.get(key);
    if (p === undefined) {
      p = parts.length;
      partOf.set(key, p);
      parts.push([]);
      for (const k of sig) (groupParts[k] as number[]).push(p);
    }
    (parts[p] as number[]).push(source);
  }
  const global = merged.global < 0 ? -1 : (newIndex[merged.global] as number);
  return { groups, groupParts, parts, rules, firstRule, agents, global };
}
