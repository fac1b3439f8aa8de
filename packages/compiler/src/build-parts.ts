/**
 * Stage 5 of the compiler: the planned parts' rules to matching tables (runtime format.ts):
 * every pattern ranked once over the whole file (SPEC.md section 5), each part's literal
 * patterns and wildcard heads in one radix trie, and every wildcard segment of the file in one
 * Aho-Corasick trie. Time and size linear in the pattern bytes (plus sorting).
 */
import type { Profile } from '@robomata/runtime/format';
import { buildByteTrie, buildFailLinks, buildRadixTrie, compareBytes, type ByteTrie } from './build-trie.js';
import { WILDCARD, bytesKey, compareRank, patternKey, patternsOfRule, type MatchPattern } from './normalize-pattern.js';
import type { ParsedRobots } from './parse.js';
import type { PartPlan } from './plan-parts.js';

/** A pattern with a `*`: its rank, segment keys (indices into BuiltParts.segments) and anchor. */
export interface BuiltWildcard {
  readonly rank: number;
  readonly segments: readonly number[];
  readonly anchored: boolean;
}

/** One radix node of a part with what ends there. */
export interface BuiltNode {
  readonly label: Uint8Array;
  readonly childCount: number;
  /** Rank of the best literal prefix pattern ending here, or -1. */
  readonly prefixRank: number;
  /** Rank of the best literal `$` pattern ending here, or -1. */
  readonly endRank: number;
  /** Wildcard patterns whose head ends here, ascending rank. */
  readonly wildcards: readonly BuiltWildcard[];
}

/** Everything the artifact's matching sections hold. */
export interface BuiltParts {
  /** Rule id per rank. */
  readonly rankRules: readonly number[];
  /** Per part: its radix nodes, breadth-first (children contiguous). */
  readonly parts: readonly (readonly BuiltNode[])[];
  /** The segment trie (breadth-first) and its fail links. */
  readonly segmentTrie: ByteTrie;
  readonly fail: Int32Array;
  /** Per distinct segment (the index a BuiltWildcard names): its node in the segment trie. */
  readonly segmentNode: Int32Array;
  /** 1 where a segment ends, per segment-trie node. */
  readonly segmentEnds: Uint8Array;
}

/** The segment trie of a file without wildcard patterns: the root alone. */
const _NO_SEGMENTS = buildByteTrie([]);
const _NO_FAIL = new Int32Array(1);
const _NO_ENDS = new Uint8Array(1);

/** A pattern of the whole file and the part it belongs to. */
interface _Ranked {
  readonly pattern: MatchPattern;
  readonly part: number;
}

/** Returns every pattern of the plan's rules in rank order, duplicates within a part removed. */
function _rankPatterns(parsed: ParsedRobots, plan: PartPlan, profile: Profile): _Ranked[] {
  const all: _Ranked[] = [];
  plan.parts.forEach((sources, part) => {
    for (const source of sources) {
      const first = plan.firstRule[source] as number;
      (parsed.groups[source] as ParsedRobots['groups'][number]).rules.forEach((rule, k) => {
        for (const pattern of patternsOfRule({ kind: rule.kind, line: rule.line, ruleId: first + k, escaped: rule.escaped }, profile)) {
          all.push({ pattern, part });
        }
      });
    }
  });
  all.sort((a, b) => compareRank(a.pattern, b.pattern));
  const seen = plan.parts.map(() => new Set<string>());
  return all.filter((r) => {
    const set = seen[r.part] as Set<string>;
    const key = patternKey(r.pattern);
    if (set.has(key)) return false;
    set.add(key);
    return true;
  });
}

/** Collects distinct segments into one list. */
class _Segments {
  readonly list: Uint8Array[] = [];
  readonly index = new Map<string, number>();

  /** Returns the index of segment `bytes`, adding it once. */
  add(bytes: Uint8Array): number {
    const key = bytesKey(bytes);
    let i = this.index.get(key);
    if (i === undefined) {
      i = this.list.length;
      this.index.set(key, i);
      this.list.push(bytes);
    }
    return i;
  }
}

/** What ends at one head: built up in rank order. */
interface _Head {
  prefixRank: number;
  endRank: number;
  readonly wildcards: BuiltWildcard[];
}

/** Returns one part's radix nodes from its patterns' ranks (indices into `ranked`, ascending). */
function _buildPart(ranked: readonly _Ranked[], ranks: readonly number[], segments: _Segments): BuiltNode[] {
  const heads = new Map<string, { key: Uint8Array; head: _Head }>();
  const headOf = (key: Uint8Array): _Head => {
    const k = bytesKey(key);
    let h = heads.get(k);
    if (h === undefined) {
      h = { key, head: { prefixRank: -1, endRank: -1, wildcards: [] } };
      heads.set(k, h);
    }
    return h.head;
  };
  for (const rank of ranks) {
    const r = ranked[rank] as _Ranked;
    const body = r.pattern.body;
    const star = body.indexOf(WILDCARD);
    if (star < 0) {
      const head = headOf(body);
      if (r.pattern.anchored) {
        if (head.endRank < 0) head.endRank = rank;
      } else if (head.prefixRank < 0) head.prefixRank = rank;
      continue;
    }
    const segs: number[] = [];
    let from = star + 1;
    for (let k = from; k <= body.length; k++) {
      if (k === body.length || body[k] === WILDCARD) {
        segs.push(segments.add(body.subarray(from, k)));
        from = k + 1;
      }
    }
    headOf(body.subarray(0, star)).wildcards.push({ rank, segments: segs, anchored: r.pattern.anchored });
  }
  const sorted = [...heads.values()].sort((a, b) => compareBytes(a.key, b.key));
  return buildRadixTrie(sorted.map((h) => h.key)).map((r) => {
    const h = r.keyIndex < 0 ? undefined : (sorted[r.keyIndex] as { head: _Head }).head;
    return {
      label: r.label,
      childCount: r.children.length,
      prefixRank: h === undefined ? -1 : h.prefixRank,
      endRank: h === undefined ? -1 : h.endRank,
      wildcards: h === undefined ? [] : h.wildcards,
    };
  });
}

/**
 * Returns the matching tables of a plan: ranks, one radix trie per part, the segment trie.
 * O(pattern bytes + p log p) for p patterns.
 */
export function buildParts(parsed: ParsedRobots, plan: PartPlan, profile: Profile): BuiltParts {
  const ranked = _rankPatterns(parsed, plan, profile);
  const segments = new _Segments();
  const byPart: number[][] = plan.parts.map(() => []);
  ranked.forEach((r, rank) => (byPart[r.part] as number[]).push(rank));
  const parts = byPart.map((ranks) => _buildPart(ranked, ranks, segments));
  if (segments.list.length === 0) return { rankRules: ranked.map((r) => r.pattern.ruleId), parts, segmentTrie: _NO_SEGMENTS, fail: _NO_FAIL, segmentNode: new Int32Array(0), segmentEnds: _NO_ENDS };
  // Sort the distinct segments for the trie, remembering where each one went.
  const order = segments.list.map((_, i) => i).sort((a, b) => compareBytes(segments.list[a] as Uint8Array, segments.list[b] as Uint8Array));
  const segmentTrie = buildByteTrie(order.map((i) => segments.list[i] as Uint8Array));
  const segmentNode = new Int32Array(segments.list.length);
  const segmentEnds = new Uint8Array(segmentTrie.count);
  order.forEach((i, k) => {
    segmentNode[i] = segmentTrie.keyNode[k] as number;
    segmentEnds[segmentTrie.keyNode[k] as number] = 1;
  });
  return {
    rankRules: ranked.map((r) => r.pattern.ruleId),
    parts,
    segmentTrie,
    fail: buildFailLinks(segmentTrie),
    segmentNode,
    segmentEnds,
  };
}
