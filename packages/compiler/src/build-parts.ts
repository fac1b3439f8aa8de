/**
 * Stage 4 of the compiler: the planned parts' rules to matching tables (runtime format.ts):
 * every pattern ranked once over the whole file (docs/semantics.md section 5), each part's literal
 * patterns and wildcard heads in one radix trie, and every wildcard segment of the file in one
 * Aho-Corasick trie. Time and size linear in the pattern bytes (plus sorting).
 */
import type { Profile } from '@robomata/runtime/format';
import { buildByteTrie, buildFailLinks, buildRadixTrie, compareBytes, type ByteTrie } from './build-trie.js';
import { WILDCARD, bytesKey, compareRank, markedPatternsOfRule, patternKey, type MatchPattern } from './normalize-pattern.js';
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
  /** The edge label is `key[labelFrom, labelTo)` (empty for a root). */
  readonly key: Uint8Array;
  readonly labelFrom: number;
  readonly labelTo: number;
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
  /** Per rank: 1 when its pattern is an allow rule's index.html companion (docs/semantics.md section 5), else 0. */
  readonly rankCompanion: Uint8Array;
  /**
   * Per rule id: true when its text as written can be rebuilt from the tables: its own pattern
   * is the rule's best rank, a node or wildcard names that rank, and the text is exactly the
   * pattern's body (plus `$`).
   */
  readonly rebuildable: Uint8Array;
  /** Per part: its radix nodes, breadth-first (children contiguous). */
  readonly parts: readonly (readonly BuiltNode[])[];
  /** The segment trie (breadth-first) and its fail links. */
  readonly segmentTrie: ByteTrie;
  readonly fail: readonly number[];
  /** Per distinct segment (the index a BuiltWildcard names): its node in the segment trie. */
  readonly segmentNode: readonly number[];
  /** 1 where a segment ends, per segment-trie node. */
  readonly segmentEnds: readonly number[];
}

/** The segment trie of a file without wildcard patterns: the root alone. */
const _NO_SEGMENTS = buildByteTrie([]);
const _NO_FAIL: readonly number[] = [0];

/** A pattern of the whole file, the part it belongs to, and whether it is its rule's own (not an index.html companion). */
interface _Ranked {
  readonly pattern: MatchPattern;
  readonly part: number;
  readonly own: boolean;
}

/**
 * Returns every pattern of the plan's rules in rank order, less the wildcard patterns that
 * repeat a better-ranked one of their part (they could never decide; a repeated literal pattern
 * is dropped when its head is built, by keeping the first rank).
 */
function _rankPatterns(parsed: ParsedRobots, plan: PartPlan, profile: Profile): _Ranked[] {
  const all: _Ranked[] = [];
  plan.parts.forEach((sources, part) => {
    for (const source of sources) {
      const first = plan.firstRule[source] as number;
      (parsed.groups[source] as ParsedRobots['groups'][number]).rules.forEach((rule, k) => {
        for (const m of markedPatternsOfRule({ kind: rule.kind, line: rule.line, ruleId: first + k, escaped: rule.escaped }, profile)) {
          all.push({ pattern: m.pattern, part, own: !m.companion });
        }
      });
    }
  });
  all.sort((a, b) => compareRank(a.pattern, b.pattern));
  const seen = new Set<string>();
  return all.filter((r) => {
    if (r.pattern.body.indexOf(WILDCARD) < 0) return true;
    const key = `${r.part}:${patternKey(r.pattern)}`;
    if (seen.has(key)) return false;
    seen.add(key);
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
  readonly key: Uint8Array;
  prefixRank: number;
  endRank: number;
  wildcards: BuiltWildcard[] | null;
}

/** Returns the head of a pattern: its body before the first `*`, or all of it. */
function _headOf(body: Uint8Array): Uint8Array {
  const star = body.indexOf(WILDCARD);
  return star < 0 ? body : body.subarray(0, star);
}

/** Returns the segment indices of a wildcard body (the runs between and after its `*`s). */
function _segmentsOf(body: Uint8Array, segments: _Segments): number[] {
  const segs: number[] = [];
  let from = body.indexOf(WILDCARD) + 1;
  for (let k = from; k <= body.length; k++) {
    if (k === body.length || body[k] === WILDCARD) {
      segs.push(segments.add(body.subarray(from, k)));
      from = k + 1;
    }
  }
  return segs;
}

const _NO_WILDCARDS: readonly BuiltWildcard[] = [];

/**
 * Returns one part's radix nodes from its patterns' ranks (indices into `ranked`, ascending):
 * the ranks sorted by head (stably, so each head's ranks stay ascending) and grouped, the
 * first rank of a literal pattern kept per head and anchor.
 */
function _buildPart(ranked: readonly _Ranked[], ranks: readonly number[], segments: _Segments): BuiltNode[] {
  const headBytes: Uint8Array[] = [];
  for (const rank of ranks) headBytes[rank] = _headOf((ranked[rank] as _Ranked).pattern.body);
  const order = ranks.slice().sort((a, b) => compareBytes(headBytes[a] as Uint8Array, headBytes[b] as Uint8Array));
  const heads: _Head[] = [];
  let head: _Head | undefined;
  for (const rank of order) {
    const key = headBytes[rank] as Uint8Array;
    if (head === undefined || compareBytes(head.key, key) !== 0) {
      head = { key, prefixRank: -1, endRank: -1, wildcards: null };
      heads.push(head);
    }
    const pattern = (ranked[rank] as _Ranked).pattern;
    if (key.length < pattern.body.length) {
      (head.wildcards ??= []).push({ rank, segments: _segmentsOf(pattern.body, segments), anchored: pattern.anchored });
    } else if (pattern.anchored) {
      if (head.endRank < 0) head.endRank = rank;
    } else if (head.prefixRank < 0) head.prefixRank = rank;
  }
  return buildRadixTrie(heads.map((h) => h.key)).map((r) => {
    const h = r.keyIndex < 0 ? undefined : heads[r.keyIndex];
    return {
      key: r.key,
      labelFrom: r.labelFrom,
      labelTo: r.depth,
      childCount: r.children.length,
      prefixRank: h === undefined ? -1 : h.prefixRank,
      endRank: h === undefined ? -1 : h.endRank,
      wildcards: h?.wildcards ?? _NO_WILDCARDS,
    };
  });
}

/** Returns which rules' text the runtime can rebuild from the tables (see BuiltParts.rebuildable). */
function _rebuildable(parsed: ParsedRobots, plan: PartPlan, ranked: readonly _Ranked[], parts: readonly (readonly BuiltNode[])[]): Uint8Array {
  const named = new Uint8Array(ranked.length);
  for (const part of parts) {
    for (const node of part) {
      if (node.prefixRank >= 0) named[node.prefixRank] = 1;
      if (node.endRank >= 0) named[node.endRank] = 1;
      for (const w of node.wildcards) named[w.rank] = 1;
    }
  }
  const out = new Uint8Array(plan.rules.length);
  const seen = new Uint8Array(plan.rules.length);
  ranked.forEach((r, rank) => {
    const id = r.pattern.ruleId;
    // Only the rule's best rank counts: the runtime rebuilds from it.
    if (seen[id] === 1) return;
    seen[id] = 1;
    if (!r.own || named[rank] !== 1) return;
    const raw = (plan.rules[id] as ParsedRobots['groups'][number]['rules'][number]).rawBytes;
    const body = r.pattern.body;
    const n = body.length + (r.pattern.anchored ? 1 : 0);
    if (raw.length !== n || (r.pattern.anchored && raw[n - 1] !== 0x24)) return;
    for (let k = 0; k < body.length; k++) if (raw[k] !== body[k]) return;
    out[id] = 1;
  });
  return out;
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
  const rankRules = ranked.map((r) => r.pattern.ruleId);
  const rankCompanion = Uint8Array.from(ranked, (r) => (r.own ? 0 : 1));
  const rebuildable = _rebuildable(parsed, plan, ranked, parts);
  if (segments.list.length === 0) return { rankRules, rankCompanion, rebuildable, parts, segmentTrie: _NO_SEGMENTS, fail: _NO_FAIL, segmentNode: [], segmentEnds: _NO_FAIL };
  // Sort the distinct segments for the trie, remembering where each one went.
  const order = segments.list.map((_, i) => i).sort((a, b) => compareBytes(segments.list[a] as Uint8Array, segments.list[b] as Uint8Array));
  const segmentTrie = buildByteTrie(order.map((i) => segments.list[i] as Uint8Array));
  const segmentNode = new Array<number>(segments.list.length).fill(0);
  const segmentEnds = new Array<number>(segmentTrie.count).fill(0);
  order.forEach((i, k) => {
    segmentNode[i] = segmentTrie.keyNode[k] as number;
    segmentEnds[segmentTrie.keyNode[k] as number] = 1;
  });
  return {
    rankRules,
    rankCompanion,
    rebuildable,
    parts,
    segmentTrie,
    fail: buildFailLinks(segmentTrie),
    segmentNode,
    segmentEnds,
  };
}
