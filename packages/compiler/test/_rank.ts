// The decision-rank model (docs/semantics.md section 5) that build-parts.ts's sort is held to:
// a comparator written straight from the semantics, and every pattern of some rules in its order.
import { patternsOfRule, type MatchPattern, type PatternSource } from '../src/normalize-pattern.js';

/**
 * Orders patterns by decision rank: higher priority first, allow before disallow on equal
 * priority, then earlier line, then the longer body (a rule's own pattern before its index.html
 * companion). The lowest-ranked match decides.
 */
export function compareRank(a: MatchPattern, b: MatchPattern): number {
  if (a.priority !== b.priority) return b.priority - a.priority;
  if (a.kind !== b.kind) return a.kind === 'allow' ? -1 : 1;
  if (a.line !== b.line) return a.line - b.line;
  return b.body.length - a.body.length;
}

/** Every pattern of `rules` in rank order (Array#sort is stable: ties keep rule order). */
export function rankedPatterns(rules: readonly PatternSource[], profile: 'rfc9309' | 'google'): MatchPattern[] {
  return rules.flatMap((r) => patternsOfRule(r, profile)).sort(compareRank);
}
