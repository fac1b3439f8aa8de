/**
 * Stage 2 of the compiler: merges the parsed groups per product token and the global groups
 * into one group each (docs/semantics.md section 3; RFC 9309 section 2.1: "If there is more than one
 * group matching the user-agent, the matching groups' rules MUST be combined into one group").
 * Merged groups made of exactly the same parsed groups are stored once.
 */

import { sortByKey } from './build-trie.js';
import type { ParsedGroup, ParsedRobots, ParsedRule } from './parse.js';

/** One merged group: the union of the parsed groups that name the same crawler(s). */
export interface MergedGroup {
  /** Lower-cased product tokens that select this merged group (sorted, unique; may be empty). */
  readonly tokens: readonly string[];
  /** True if this entry is (also) the merged global group. */
  readonly global: boolean;
  /** Indices into ParsedRobots.groups merged here, ascending. */
  readonly sources: readonly number[];
  /**
   * Rules of all source groups, in line order. Built on first read and cached (one source:
   * the parsed group's own array), so that merging stays linear when a hostile file makes
   * many merged groups share one large group; read {@link ruleCount} first to bound the work.
   */
  readonly rules: readonly ParsedRule[];
  /** Number of entries `rules` has, known without building it. */
  readonly ruleCount: number;
  /** First crawl-delay among the sources, in file order. */
  readonly crawlDelay: number | undefined;
}

/** Result of {@link mergeGroups}. */
export interface MergedGroups {
  readonly groups: readonly MergedGroup[];
  /** Index in `groups` of the merged global group, or -1. */
  readonly global: number;
  /** Lower-cased token -> index in `groups`. */
  readonly byToken: ReadonlyMap<string, number>;
}

/** A merged group; `rules` is concatenated from the sources on first read. */
class _MergedGroup implements MergedGroup {
  readonly tokens: string[];
  global = false;
  readonly sources: number[];
  crawlDelay: number | undefined = undefined;
  ruleCount = 0;
  readonly #groups: readonly ParsedGroup[];
  #rules: readonly ParsedRule[] | undefined = undefined;

  constructor(tokens: string[], sources: number[], groups: readonly ParsedGroup[]) {
    this.tokens = tokens;
    this.sources = sources;
    this.#groups = groups;
  }

  get rules(): readonly ParsedRule[] {
    if (this.#rules !== undefined) return this.#rules;
    const sources = this.sources;
    let rules: readonly ParsedRule[];
    if (sources.length === 1) {
      // One source (the usual case): its rule list is already in line order; share it.
      rules = this.#groups[sources[0]!]!.rules;
    } else {
      const all: ParsedRule[] = [];
      // Sources ascend and each group's rules are in line order, so this is line order.
      for (const g of sources) for (const rule of this.#groups[g]!.rules) all.push(rule);
      rules = all;
    }
    this.#rules = rules;
    return rules;
  }
}

/** The sort key of a token: itself. */
const _itself = (token: string): string => token;

const _NO_ENTRIES: readonly _MergedGroup[] = [];

/** Orders two ascending index lists lexicographically (a proper prefix sorts first). */
function _compareSources(a: readonly number[], b: readonly number[]): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const d = a[i]! - b[i]!;
    if (d !== 0) return d;
  }
  return a.length - b.length;
}

/**
 * True when the entries are already in source-list order: tokens named in order in one shared
 * group and again alone (shared-group-3000: one bucket of 3,000) need no sort. O(n).
 */
function _inOrder(entries: readonly _MergedGroup[]): boolean {
  for (let i = 1; i < entries.length; i++) if (_compareSources(entries[i - 1]!.sources, entries[i]!.sources) > 0) return false;
  return true;
}

/**
 * Returns the entries ordered by their source lists (lexicographically): by first source, and
 * for one first source the single-source entry (a proper prefix sorts first) before the
 * entries of several sources, sorted by the comparator. `single[g]`: the entry of sources `[g]`;
 * `several`: the others. O(G + E + the sorts of entries that share a first source).
 */
function _sortEntries(single: readonly (_MergedGroup | undefined)[], several: readonly _MergedGroup[]): _MergedGroup[] {
  const out: _MergedGroup[] = [];
  if (several.length === 0) {
    // The usual case: every entry has one source, already in order.
    for (let g = 0; g < single.length; g++) {
      const entry = single[g];
      if (entry !== undefined) out.push(entry);
    }
    return out;
  }
  const buckets = new Map<number, _MergedGroup[]>();
  for (const entry of several) {
    const first = entry.sources[0]!;
    const bucket = buckets.get(first);
    if (bucket === undefined) buckets.set(first, [entry]);
    else bucket.push(entry);
  }
  for (let g = 0; g < single.length; g++) {
    const entry = single[g];
    if (entry !== undefined) out.push(entry);
    const bucket = buckets.get(g);
    if (bucket === undefined) continue;
    if (bucket.length > 1 && !_inOrder(bucket)) bucket.sort((x, y) => _compareSources(x.sources, y.sources));
    for (const e of bucket) out.push(e);
  }
  return out;
}

/**
 * Returns the entry of `sources` with `token` added (undefined: the global group's), made when
 * new: indexed by the group in `single` for one source, else keyed by the comma-joined list in
 * `several` (defined whenever `sources` has more than one).
 */
function _entryFor(
  single: (_MergedGroup | undefined)[], several: Map<string, _MergedGroup> | undefined, groups: readonly ParsedGroup[], sources: number[], token: string | undefined,
): _MergedGroup {
  const key = sources.length === 1 ? '' : sources.join(',');
  let entry = key === '' ? single[sources[0]!] : several!.get(key);
  if (entry === undefined) {
    entry = new _MergedGroup(token === undefined ? [] : [token], sources, groups);
    if (key === '') single[sources[0]!] = entry;
    else several!.set(key, entry);
  } else if (token !== undefined) entry.tokens.push(token);
  return entry;
}

/**
 * Returns the merged groups of a parsed robots.txt: for every distinct lower-cased product
 * token (the empty token "" included) the union of all parsed groups with an agent line of
 * that token, and the union of all parsed groups with a global (`*`) agent line
 * (RFC 9309 section 2.1; docs/semantics.md section 3: "All groups naming the crawler merge into one;
 * all global groups merge into one").
 *
 * Merged groups with identical `sources` are one entry carrying all their tokens (and
 * `global: true` when the global group has the same sources). Entries are ordered by
 * `sources`, lexicographically on the ascending index lists, so the result is deterministic.
 * Tokens are lower-cased with ASCII rules (a token is `[A-Za-z_-]*`) and kept in a `Map`,
 * so tokens such as `__proto__` are ordinary keys. An entry with one source shares that
 * parsed group's `rules` array (both are read-only). `rules` is an accessor on the entry's
 * prototype, so a spread or JSON copy of an entry leaves it out: read it explicitly.
 *
 * Complexity: O(A + G + S) for A agent lines, G parsed groups and S = the total length of
 * the entries' source lists (at most A + G), plus sorting entries that share a first source.
 * Reading `rules` costs the entry's `ruleCount` once: a hostile file can make many entries
 * share one large group (measured: tokens named in a 20,000-rule group and each again alone
 * gave, within 512,000 bytes, 4,527 entries with 90 million rule references in all, which
 * took 5 s and 850 MB when built eagerly), so check `ruleCount` before reading `rules`.
 */
export function mergeGroups(parsed: ParsedRobots): MergedGroups {
  const tokenSources = new Map<string, number[]>();
  const globalSources: number[] = [];
  const groups = parsed.groups;
  for (let g = 0; g < groups.length; g++) {
    const agents = groups[g]!.agents;
    for (let a = 0; a < agents.length; a++) {
      const agent = agents[a]!;
      if (agent.global) {
        // (Length checked first: reading index -1 is a slow named-property lookup in V8.)
        if (globalSources.length === 0 || globalSources[globalSources.length - 1] !== g) globalSources.push(g);
        continue;
      }
      const token = agent.token.toLowerCase();
      const list = tokenSources.get(token);
      // Groups are visited in ascending order, so a repeat of g can only be the last element.
      if (list === undefined) tokenSources.set(token, [g]);
      else if (list[list.length - 1] !== g) list.push(g);
    }
  }

  // Entries by their source list: indexed by the group for one source (the usual case; no map
  // of 100,000 keys for 100,000 groups), else keyed by the comma-joined list (linear in its
  // length).
  // Pushed, not new Array(n): a long preallocated array has slow (dictionary) elements.
  const single: (_MergedGroup | undefined)[] = [];
  for (let g = 0; g < groups.length; g++) single.push(undefined);
  // Made for the first entry of several sources (nearly every file has none).
  let several: Map<string, _MergedGroup> | undefined;
  // forEach, not for..of with [token, sources]: destructuring walks an iterator per entry, and
  // this loop runs unoptimised in a fresh process (shared-group-3000: 10 of its 20 ms in merge).
  tokenSources.forEach((sources, token) => {
    if (sources.length > 1) several ??= new Map<string, _MergedGroup>();
    _entryFor(single, several, groups, sources, token);
  });
  if (globalSources.length > 1) several ??= new Map<string, _MergedGroup>();
  if (globalSources.length > 0) _entryFor(single, several, groups, globalSources, undefined).global = true;

  // No spread of the values' iterator when there are none (nearly every file).
  const merged = _sortEntries(single, several === undefined || several.size === 0 ? _NO_ENTRIES : [...several.values()]);
  // Token -> index: the token map's own entries are overwritten (every token is a key
  // already), not a second map of every token built.
  const byToken = tokenSources as Map<string, unknown> as Map<string, number>;
  let globalIndex = -1;
  for (let index = 0; index < merged.length; index++) {
    const entry = merged[index]!;
    if (entry.tokens.length > 1) sortByKey(entry.tokens, _itself);
    const tokens = entry.tokens;
    for (let t = 0; t < tokens.length; t++) byToken.set(tokens[t]!, index);
    if (entry.global) globalIndex = index;
    let ruleCount = 0;
    let crawlDelay: number | undefined;
    const sources = entry.sources;
    for (let k = 0; k < sources.length; k++) {
      const group = groups[sources[k]!]!;
      ruleCount += group.rules.length;
      if (crawlDelay === undefined) crawlDelay = group.crawlDelay;
    }
    entry.ruleCount = ruleCount;
    entry.crawlDelay = crawlDelay;
  }
  return { groups: merged, global: globalIndex, byToken };
}
