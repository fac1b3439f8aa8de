/**
 * `@robomata/runtime/testing`: the runtime's tuning and tier inspection, for tests and the
 * bench (force a tier, check the forcing took effect, measure a tiered-up group). Not a stable
 * API: it changes with the engine. Setting the tuning affects every check of the thread.
 */
import { TIER_STATE, type TierState } from './lazy-dfa.js';
import { SEGMENT_COUNT, type AgentRules } from './robots.js';

export { tierTuning, type TierState } from './lazy-dfa.js';
export { scanTuning } from './segment-scan.js';
export { loadTuning } from './load.js';
export { preferenceWorkCount, usageTuning } from './usage-match.js';

/**
 * Returns which tier answers `rules`' checks now (0: tries and segment scan; 1: the group's
 * lazily built automaton) and the automaton's size. O(1).
 */
export function tierOf(rules: AgentRules): TierState {
  return rules[TIER_STATE]();
}

/**
 * Returns the literal segments of `rules`' wildcard patterns, counted once per pattern they
 * belong to: the group size SECURITY.md bounds a new URL's verification by (0 for no group).
 * O(the group's trie nodes + wildcard patterns).
 */
export function groupSegmentCount(rules: AgentRules): number {
  return rules[SEGMENT_COUNT]();
}

/** Returns how many wildcard candidates the last tier-0 check of the thread verified (0: none). */
export { lastCandidateCount } from './matcher.js';

/**
 * Returns how many wildcard candidates the thread's tier-0 checks have verified by their shape
 * (`H*X`, `H*X$`) so far; it stays put while `scanTuning.shapes` is false. O(1).
 */
export { shapeCheckCount } from './matcher.js';

/**
 * `readCheckWork()`: the work the thread's tier-0 checks have done since the last
 * `resetCheckWork()` (steps of about one byte read; scratch.ts `Scratch.work` says what each
 * stage counts); `readBuildWork()`: tier 1's state and NFA building since then (`Scratch.buildWork`);
 * `resetCheckWork()` sets both to 0. Tests bound a check's work by its URL and its group
 * (SECURITY.md), never its time. O(1).
 */
export { readBuildWork, readCheckWork, resetCheckWork } from './matcher.js';

/** Returns the path a URL is matched by as a string (explain.ts; `Robots#explain` reports it as `path`). */
export { readMatchedPath } from './explain.js';
