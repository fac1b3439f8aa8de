/**
 * `@robomata/runtime/internal`: the seam between the runtime and the compiler's
 * `compileRobots` (a `Robots` whose groups are built on first use), and the decoded artifact
 * for tooling inside this repository (describe.ts, tests). @internal: not a stable API, not for
 * users; it changes with the engine.
 */
import { ARTIFACT, EXPLAIN_PREFERENCES, GROUP_TABLES, IS_BUILT, Robots, type AgentRules, type FileLoader, type GroupBuilder, type GroupTables, type LoadedArtifact, type PendingArtifact } from './robots.js';
import { imageWordsByKind, INDEX_AGENT_COUNT as _AGENTS, INDEX_HEADER_WORDS, INDEX_SCOPE_COUNT as _SCOPE, INDEX_WARNING_BASE as _WBASE, INDEX_WARNING_COUNT as _WCOUNT, TOKEN_WORDS, WARNING_WORDS } from './tables.js';
import type { PreferenceExplanation } from './usage.js';

export type { FileLoader, GroupBuilder, GroupTables, LoadedArtifact, PendingArtifact };
export { loadTrustedArtifact, loadTrustedGroup, readHeldLoadWords } from './load.js';
/** The index header words `LoadedArtifact#header` reads (tables.ts). */
export {
  INDEX_AGENT_COUNT, INDEX_DIRECTIVE_COUNT, INDEX_FLAGS, INDEX_GLOBAL_GROUP, INDEX_GROUP_COUNT, INDEX_RULE_COUNT, INDEX_SCOPE_COUNT,
  INDEX_SITEMAP_COUNT, INDEX_WARNING_BASE, INDEX_WARNING_COUNT, INDEX_WHOLE_WORDS,
} from './tables.js';

/**
 * @internal Returns a `Robots` over the loaded artifact `a` (load.ts loadTrustedGroup's) with
 * every group it matches with built (compileRobots' one-group file, or one group it built).
 * With `loadFile`, `a` holds what selection and matching read (tokens, group records,
 * warnings, preferences, rule kinds) and the sitemaps, and the whole file (`bytes`, rule texts,
 * directives, group sources) is `loadFile()`'s artifact, made on the first call that reads it
 * (same rule ids and group indices). O(1).
 */
export function robotsOfLoaded(a: LoadedArtifact, loadFile: FileLoader | null = null): Robots {
  return new Robots(a, null, loadFile);
}

/**
 * @internal Returns a `Robots` whose first artifact `pending` makes on first use: on the first
 * `agent()`, with the group it selects built (selected over `pending`'s token maps, by the
 * runtime's lookup); on any other first call, with no group built. `build(g)` returns a
 * `Robots` holding group `g` built, with the same group indices and rule ids (it should cache),
 * for the groups not built in the first artifact; `loadFile` as for {@link robotsOfLoaded}. O(1).
 */
export function robotsOfPending(pending: PendingArtifact, build: GroupBuilder | null, loadFile: FileLoader | null): Robots {
  return new Robots(pending, build, loadFile);
}

/** @internal Returns the decoded artifact behind `robots`. O(1). */
export function artifactOf(robots: Robots): LoadedArtifact {
  return robots[ARTIFACT]();
}

/** @internal Returns the tables holding merged group `index`'s parts and their trie roots (building it first under compileRobots). */
export function groupTablesOf(robots: Robots, index: number): GroupTables {
  return robots[GROUP_TABLES](index);
}

/** @internal Returns true when group `g`'s parts are in `robots`' own artifact (false for a group compileRobots has not built yet). */
export function isGroupBuilt(robots: Robots, g: number): boolean {
  return robots[IS_BUILT](g);
}

/**
 * @internal Returns why `url` has its Content-Usage (`'usage'`) or Content-Signal (`'signal'`)
 * preferences under `rules` (the data `Robots#explain` carries as `usage` / `signal`). Allocates.
 */
export function explainPreferences(rules: AgentRules, url: string, kind: 'usage' | 'signal'): PreferenceExplanation {
  return rules[EXPLAIN_PREFERENCES](url, kind);
}

/**
 * @internal Returns the words `robots` keeps per record kind for its index (header, tokens,
 * group records with roots and sources, warnings) and for the image of `rules`' group
 * (tables.ts imageWordsByKind): the bench's memory breakdown. O(the group's records).
 */
export function hostWordsByKind(robots: Robots, rules: AgentRules): Record<string, number> {
  const a = robots[ARTIFACT]();
  const tokens = TOKEN_WORDS * (a.header(_SCOPE) + a.header(_AGENTS));
  const out: Record<string, number> = {
    indexHeader: INDEX_HEADER_WORDS,
    indexTokens: tokens,
    indexGroups: a.header(_WBASE) - a.groupBase,
    indexWarnings: WARNING_WORDS * a.header(_WCOUNT),
  };
  if (rules.groupIndex >= 0) {
    const image = a.group(rules.groupIndex);
    for (const [k, v] of Object.entries(imageWordsByKind(image))) out[k] = v;
  }
  return out;
}
