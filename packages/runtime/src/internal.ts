/**
 * `@robomata/runtime/internal`: the seam between the runtime and the compiler's
 * `compileRobots` (a `Robots` whose groups are built on first use), and the decoded artifact
 * for tooling inside this repository (describe.ts, tests). @internal: not a stable API, not for
 * users; it changes with the engine.
 */
import { ARTIFACT, EXPLAIN_PREFERENCES, GROUP_TABLES, IS_BUILT, Robots, type AgentRules, type GroupBuilder, type GroupTables, type LoadedArtifact } from './robots.js';
import type { PreferenceExplanation } from './usage.js';

export type { GroupBuilder, GroupTables, LoadedArtifact };
/** The index header words `LoadedArtifact#header` reads (tables.ts). */
export {
  INDEX_AGENT_COUNT, INDEX_DIRECTIVE_COUNT, INDEX_FLAGS, INDEX_GLOBAL_GROUP, INDEX_GROUP_COUNT, INDEX_RULE_COUNT, INDEX_SCOPE_COUNT,
  INDEX_SITEMAP_COUNT, INDEX_WARNING_BASE, INDEX_WARNING_COUNT, INDEX_WHOLE_WORDS,
} from './tables.js';

/**
 * @internal Returns a `Robots` over `base`'s artifact whose unbuilt groups are built by
 * `build` on the first `agent()` that selects them (`build(g)` returns a `Robots` holding group
 * `g` built, with the same group indices and rule ids; it should cache). O(1).
 */
export function withGroupBuilder(base: Robots, build: GroupBuilder): Robots {
  return new Robots(base[ARTIFACT](), build);
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
