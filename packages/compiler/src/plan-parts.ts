/**
 * Stage 3 of the compiler: which merged groups the artifact keeps (all, or those an
 * agent-scoped compile can select) and how their rules are shared. A parsed group's rules go
 * into exactly one part: the part of every parsed group used by the same set of kept merged
 * groups. A merged group is the list of parts it uses and a check takes the best match over
 * them (ranks are global), so merged groups that share a large parsed group share its trie
 * instead of each rebuilding it, and the total work stays linear in the rules.
 */
import { filledArray, sortByKey } from './build-trie.js';
import type { MergedGroups } from './merge-groups.js';
import type { ParsedRobots, ParsedRule } from './parse.js';

/**
 * Per merged group, 1 or 0 (which groups a plan builds). Plain arrays here: on the corpus's
 * small files a typed array's allocation cost more than the plan's loops (each of planParts'
 * four cost as much as its whole work on a one-group file).
 */
export type GroupMarks = readonly number[];

/** What the artifact holds, before any pattern is built. */
export interface PartPlan {
  /** Indices into MergedGroups.groups, all of them, ascending: group indices are stable. */
  readonly groups: readonly number[];
  /** Per group: 1 when its parts are built (the others select nothing: `agent()` refuses them). */
  readonly built: GroupMarks;
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

/** The sort key of an agent entry: its token. */
const _tokenOf = (agent: [string, number]): string => agent[0];

/**
 * Tokens of a file from which its agents are listed by a native sort of the tokens alone (no
 * comparator: code-unit order, as sortByKey's) and each token's group looked up again: sortByKey's
 * comparator calls were 8% of a CPU profile of a 523-group file's compile (cachegrind: 1% fewer
 * instructions this way); 64, well past sortByKey's insertion sort (16 entries), not tuned further.
 */
const NATIVE_TOKEN_SORT_MIN = 64;

/** Returns every token of `byToken` and its group, ascending by token. O(t log t). */
function _agentsOf(byToken: ReadonlyMap<string, number>): [string, number][] {
  const agents: [string, number][] = [];
  if (byToken.size < NATIVE_TOKEN_SORT_MIN) {
    // forEach, not a spread of the entries' iterator (a tenth of a one-group file's compile).
    byToken.forEach((g, token) => agents.push([token, g]));
    sortByKey(agents, _tokenOf);
    return agents;
  }
  const tokens: string[] = [];
  byToken.forEach((_g, token) => tokens.push(token));
  tokens.sort();
  for (let i = 0; i < tokens.length; i++) agents.push([tokens[i] as string, byToken.get(tokens[i] as string) as number]);
  return agents;
}

/** The parts of a group that uses none (shared, never written to). */
const _NO_PARTS: number[] = [];

/**
 * Returns the groups of an agent-scoped compile: those its tokens (lower-cased product tokens)
 * select, plus the global group (which a scoped crawler falls back to). O(tokens).
 */
export function groupsOfScope(merged: MergedGroups, scope: readonly string[]): number[] {
  const keep = filledArray(merged.groups.length, 0);
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
export function planParts(parsed: ParsedRobots, merged: MergedGroups, build: GroupMarks | undefined): PartPlan {
  const count = merged.groups.length;
  const built: GroupMarks = build ?? filledArray(count, 1);
  const groups: number[] = [];
  for (let g = 0; g < count; g++) groups.push(g);
  const agents = _agentsOf(merged.byToken);

  const sourceCount = parsed.groups.length;
  const firstRule: number[] = new Array<number>(sourceCount);
  let ruleCount = 0;
  for (let source = 0; source < sourceCount; source++) {
    firstRule[source] = ruleCount;
    ruleCount += (parsed.groups[source] as ParsedRobots['groups'][number]).rules.length;
  }
  const groupParts: number[][] = new Array<number[]>(count);
  for (let g = 0; g < count; g++) groupParts[g] = _NO_PARTS;
  const parts = _ownedParts(merged, built, sourceCount, groupParts) ?? _sharedParts(merged, built, sourceCount, groupParts);
  return { groups, built, groupParts, parts, rules: _rulesOf(parsed), firstRule, agents, global: merged.global };
}

/**
 * Returns the parts when no parsed group is used by two built groups (nearly every file): a
 * part per built group with sources, in the order of their first source; fills `groupParts`.
 * Returns undefined, `groupParts` untouched, when some parsed group is shared. O(groups + sources).
 */
function _ownedParts(merged: MergedGroups, built: GroupMarks, sourceCount: number, groupParts: number[][]): number[][] | undefined {
  const owner = filledArray(sourceCount, -1);
  for (let g = 0; g < built.length; g++) {
    if (built[g] !== 1) continue;
    const sources = (merged.groups[g] as MergedGroups['groups'][number]).sources;
    for (let k = 0; k < sources.length; k++) {
      if (owner[sources[k] as number] !== -1) return undefined;
      owner[sources[k] as number] = g;
    }
  }
  const parts: number[][] = [];
  for (let source = 0; source < sourceCount; source++) {
    const g = owner[source] as number;
    if (g < 0) continue;
    if (groupParts[g] === _NO_PARTS) {
      groupParts[g] = [parts.length];
      parts.push([source]);
    } else (parts[(groupParts[g] as number[])[0] as number] as number[]).push(source);
  }
  return parts;
}

/**
 * Returns the parts when parsed groups are shared: the signature of a parsed group is the
 * built groups that use it (ascending, as groups ascend), and the parsed groups of one
 * signature are one part; fills `groupParts`. O(groups + sources + signature lengths).
 */
function _sharedParts(merged: MergedGroups, built: GroupMarks, sourceCount: number, groupParts: number[][]): number[][] {
  const count = built.length;
  // Signatures flat: sigs[sigStart[source] .. sigStart[source + 1]).
  const sigStart = filledArray(sourceCount + 1, 0);
  for (let g = 0; g < count; g++) {
    if (built[g] !== 1) continue;
    for (const source of (merged.groups[g] as MergedGroups['groups'][number]).sources) sigStart[source + 1] = (sigStart[source + 1] as number) + 1;
  }
  for (let i = 0; i < sourceCount; i++) sigStart[i + 1] = (sigStart[i + 1] as number) + (sigStart[i] as number);
  const sigs = filledArray(sigStart[sourceCount] as number, 0);
  const fill = sigStart.slice(0, sourceCount);
  for (let g = 0; g < count; g++) {
    if (built[g] !== 1) continue;
    for (const source of (merged.groups[g] as MergedGroups['groups'][number]).sources) {
      sigs[fill[source] as number] = g;
      fill[source] = (fill[source] as number) + 1;
    }
  }
  // Parts keyed by signature: a one-group signature by that group in an array, others by the
  // comma-joined list in a Map made for the first.
  const partOfGroup = filledArray(count, -1);
  let partOfList: Map<string, number> | undefined;
  const parts: number[][] = [];
  for (let source = 0; source < sourceCount; source++) {
    const from = sigStart[source] as number;
    const to = sigStart[source + 1] as number;
    if (from === to) continue;
    const one = to - from === 1;
    const key = one ? '' : sigs.slice(from, to).join(',');
    let p = one ? (partOfGroup[sigs[from] as number] as number) : ((partOfList ??= new Map<string, number>()).get(key) ?? -1);
    if (p < 0) {
      p = parts.length;
      if (one) partOfGroup[sigs[from] as number] = p;
      else (partOfList as Map<string, number>).set(key, p);
      parts.push([]);
      for (let k = from; k < to; k++) {
        const g = sigs[k] as number;
        if (groupParts[g] === _NO_PARTS) groupParts[g] = [p];
        else (groupParts[g] as number[]).push(p);
      }
    }
    (parts[p] as number[]).push(source);
  }
  return parts;
}

/** Returns every rule of every parsed group in file order: a one-group file's own list (read-only), else a new one. */
function _rulesOf(parsed: ParsedRobots): readonly ParsedRule[] {
  if (parsed.groups.length === 1) return (parsed.groups[0] as ParsedRobots['groups'][number]).rules;
  const rules: ParsedRule[] = [];
  for (let g = 0; g < parsed.groups.length; g++) {
    const list = (parsed.groups[g] as ParsedRobots['groups'][number]).rules;
    for (let k = 0; k < list.length; k++) rules.push(list[k] as ParsedRule);
  }
  return rules;
}
