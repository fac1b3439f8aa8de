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
  /** Indices into MergedGroups.groups, all of them, ascending: group indices are stable. */
  readonly groups: readonly number[];
  /** Per group: 1 when its parts are built (the others select nothing: `agent()` refuses them). */
  readonly built: Uint8Array;
  /** Per group (same order): the parts it uses, ascending (none when not built). */
  readonly groupParts: readonly (readonly number[])[];
  /** Per part: its parsed groups, ascending. */
  readonly parts: readonly (readonly number[])[];
  /** Every rule of every parsed group in file order: the artifact's rule ids, stable. */
  readonly rules: readonly ParsedRule[];
  /** Per parsed group: the id of its first rule. */
  readonly firstRule: readonly number[];
  /** Every token (lower-case) and its group, ascending by token. */
  readonly agents: readonly (readonly [string, number])[];
  /** Index of the global group, or -1. */
  readonly global: number;
}

/** Returns true when `agents` already ascend by token (most files name their agents in order or name one). */
function _sortedByToken(agents: readonly (readonly [string, number])[]): boolean {
  for (let i = 1; i < agents.length; i++) if ((agents[i - 1] as readonly [string, number])[0] > (agents[i] as readonly [string, number])[0]) return false;
  return true;
}

/** The parts of a group that uses none (shared, never written to). */
const _NO_PARTS: number[] = [];

/**
 * Returns the groups of an agent-scoped compile: those its tokens (lower-cased product tokens)
 * select, plus the global group (which a scoped crawler falls back to). O(tokens).
 */
export function groupsOfScope(merged: MergedGroups, scope: readonly string[]): Uint8Array {
  const keep = new Uint8Array(merged.groups.length);
  for (const token of scope) {
    const g = merged.byToken.get(token);
    if (g !== undefined) keep[g] = 1;
  }
  if (merged.global >= 0) keep[merged.global] = 1;
  return keep;
}

/**
 * Returns the plan for `merged`, building the groups `build` marks (all when undefined). Every
 * group, token and rule keeps its index whatever is built, so artifacts of one file built for
 * different crawlers agree on them. O(parsed groups + agent lines + rules).
 */
export function planParts(parsed: ParsedRobots, merged: MergedGroups, build: Uint8Array | undefined): PartPlan {
  const count = merged.groups.length;
  const built = build ?? new Uint8Array(count).fill(1);
  const groups = merged.groups.map((_, g) => g);
  const agents: [string, number][] = [...merged.byToken.entries()];
  if (!_sortedByToken(agents)) agents.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));

  // Signature of a parsed group: the built groups that use it (ascending, as groups ascend),
  // flat: sigs[sigStart[source] .. sigStart[source + 1]).
  const sourceCount = parsed.groups.length;
  const sigStart = new Int32Array(sourceCount + 1);
  for (let g = 0; g < count; g++) {
    if (built[g] !== 1) continue;
    for (const source of (merged.groups[g] as MergedGroups['groups'][number]).sources) sigStart[source + 1] = (sigStart[source + 1] as number) + 1;
  }
  for (let i = 0; i < sourceCount; i++) sigStart[i + 1] = (sigStart[i + 1] as number) + (sigStart[i] as number);
  const sigs = new Int32Array(sigStart[sourceCount] as number);
  const fill = sigStart.slice(0, sourceCount);
  for (let g = 0; g < count; g++) {
    if (built[g] !== 1) continue;
    for (const source of (merged.groups[g] as MergedGroups['groups'][number]).sources) {
      sigs[fill[source] as number] = g;
      fill[source] = (fill[source] as number) + 1;
    }
  }
  // Parts keyed by signature: a one-group signature (the usual case) by that group, others by
  // the comma-joined list (it always holds a comma, so it never equals a number key).
  const partOf = new Map<number | string, number>();
  const parts: number[][] = [];
  const groupParts: number[][] = new Array<number[]>(count);
  for (let g = 0; g < count; g++) groupParts[g] = _NO_PARTS;
  const rules: ParsedRule[] = [];
  const firstRule: number[] = new Array<number>(sourceCount);
  for (let source = 0; source < sourceCount; source++) {
    firstRule[source] = rules.length;
    for (const rule of (parsed.groups[source] as ParsedRobots['groups'][number]).rules) rules.push(rule);
    const from = sigStart[source] as number;
    const to = sigStart[source + 1] as number;
    if (from === to) continue;
    const key = to - from === 1 ? (sigs[from] as number) : Array.prototype.join.call(sigs.subarray(from, to), ',');
    let p = partOf.get(key);
    if (p === undefined) {
      p = parts.length;
      partOf.set(key, p);
      parts.push([]);
      for (let k = from; k < to; k++) {
        const g = sigs[k] as number;
        if (groupParts[g] === _NO_PARTS) groupParts[g] = [p];
        else (groupParts[g] as number[]).push(p);
      }
    }
    (parts[p] as number[]).push(source);
  }
  return { groups, built, groupParts, parts, rules, firstRule, agents, global: merged.global };
}
