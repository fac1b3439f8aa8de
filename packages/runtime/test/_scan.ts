// Test helpers for segment-scan.ts: a plain backtracking wildcard matcher (the oracle, written
// from docs/semantics.md section 4 alone), and the candidates of a check collected the way bestRank
// collects them, with each candidate pattern's rank and rule pattern.
import { THREAD_SCRATCH as sc } from '../src/scratch.js';
import { artifactOf, groupTablesOf } from '../src/internal.js';
import { compile, type CompileOptions } from '@robomata/compiler';
import { loadRobots } from '../src/load.js';
import { NO_RANK } from '../src/format.js';
import { walkTrie } from '../src/matcher.js';
import { fillPath } from '../src/path-bytes.js';
import type { Robots } from '../src/robots.js';
import { nodeWildCount, nodeWildFirst, NODE_WORDS, WILD_RANK, WILD_WORDS, ruleOfRank, type Tables } from '../src/tables.js';

/** The loaded artifact of `txt` with every group built (tests read its tables directly). */
const loadedOf = (txt: string, options?: CompileOptions): Robots => loadRobots(compile(txt, options));

/**
 * Returns true when `pattern` (`*` any run of bytes, a final `$` the end of the path, every
 * other character itself) matches `path` from its start: plain backtracking.
 */
export function matchesByBacktracking(pattern: string, path: string): boolean {
  const anchored = pattern.endsWith('$');
  const body = anchored ? pattern.slice(0, -1) : pattern;
  const go = (p: number, i: number): boolean => {
    if (p === body.length) return !anchored || i === path.length;
    if (body[p] === '*') {
      for (let j = i; j <= path.length; j++) if (go(p + 1, j)) return true;
      return false;
    }
    return i < path.length && path[i] === body[p] && go(p + 1, i + 1);
  };
  return go(0, 0);
}

/** One wildcard pattern of a check's sc.candidates. */
export interface CandidatePattern {
  /** Wildcard pattern index (for matchWildcard). */
  readonly w: number;
  readonly rank: number;
  /** The rule's pattern as written. */
  readonly pattern: string;
  /** Path offset where its head ended. */
  readonly bound: number;
}

/** A compiled one-group file (google profile: ASCII patterns are matched as written) and its tables. */
export interface ScanFixture {
  readonly robots: Robots;
  readonly t: Tables;
  readonly roots: Int32Array;
}

/** Compiles `rules` (lines such as `Disallow: /a*b`) as the global group. */
export function scanFixture(rules: readonly string[]): ScanFixture {
  const robots = loadedOf(`User-agent: *\n${rules.join('\n')}\n`, { profile: 'google' });
  const g = robots.agent('x').groupIndex;
  // The group's own image (cut on its first agent(), load.ts).
  const image = artifactOf(robots).group(g);
  return { robots, t: image, roots: Int32Array.from(g < 0 ? [] : [...groupTablesOf(robots, g).roots]) };
}

/**
 * Fills the path of `url` and walks every part as bestRank does; returns the path length, the
 * best literal rank and the candidate patterns (sc.candidates.* stay set for segment-scan calls).
 */
export function collectCandidates(f: ScanFixture, url: string): { m: number; literal: number; patterns: CandidatePattern[] } {
  const m = fillPath(url, false, NO_RANK, sc);
  sc.candidates.count = 0;
  sc.candidates.patterns = 0;
  let literal = NO_RANK;
  for (const root of f.roots) literal = walkTrie(f.t, root, 0, m, literal, sc);
  const img = f.t.img;
  const patterns: CandidatePattern[] = [];
  for (let i = 0; i < sc.candidates.count; i++) {
    const rec = f.t.nodeBase + (sc.candidates.node[i] as number) * NODE_WORDS;
    const first = nodeWildFirst(img, rec);
    for (let w = first; w < first + nodeWildCount(img, rec); w++) {
      const rank = img[f.t.wildBase + w * WILD_WORDS + WILD_RANK] as number;
      const rule = f.robots.rule(ruleOfRank(artifactOf(f.robots).ranks(), rank));
      patterns.push({ w, rank, pattern: rule.pattern as string, bound: sc.candidates.bound[i] as number });
    }
  }
  return { m, literal, patterns };
}

/** The lowest rank below `best` among `patterns` that match `path` by backtracking, else `best`. */
export function expectedRank(patterns: readonly CandidatePattern[], path: string, best: number): number {
  let found = best;
  for (const p of patterns) if (p.rank < found && matchesByBacktracking(p.pattern, path)) found = p.rank;
  return found;
}
