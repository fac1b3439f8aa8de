/**
 * Tooling view of a group's matcher, not used by checks: its tries as a graph (states, labelled
 * edges, the rule each state decides) plus the wildcard patterns the segment scan verifies from
 * each state, for `robomata inspect --dot` and the playground.
 */
import { NO_RANK } from './format.js';
import { groupTablesOf } from './internal.js';
import type { Robots } from './robots.js';
import {
  nodeChildCount, nodeEndRank, NODE_FIRST_CHILD, nodeLabelLength, NODE_LABEL_OFF,
  nodePrefixRank, nodeWildCount, nodeWildFirst, NODE_WORDS, wildAnchored, WILD_RANK, WILD_SEG_COUNT, WILD_SEG_OFF,
  WILD_WORDS, ruleOfRank, segmentText, type Tables,
} from './tables.js';

/** A drawable view of one merged group's matcher. */
export interface AutomatonGraph {
  /** States; node 0 is the start. */
  readonly nodes: readonly GraphNode[];
  readonly edges: readonly GraphEdge[];
  /** Wildcard rules, verified by the segment scan once their head (the path to `from`) matched. */
  readonly scans: readonly GraphScan[];
  /** States left out past `maxNodes`. */
  readonly omitted: number;
}

/** One state: the path bytes that lead to it and the rules it decides. */
export interface GraphNode {
  readonly id: number;
  /** The path prefix spelled from the start (bytes as Latin-1 characters). */
  readonly prefix: string;
  /** Rules matched here: as a prefix (`atEnd` false) or only when the path ends here (`$`). */
  readonly decides: readonly { readonly ruleId: number; readonly atEnd: boolean }[];
}

/** A transition reading `label` (one or more bytes, as Latin-1 characters; empty: no byte). */
export interface GraphEdge {
  readonly from: number;
  readonly to: number;
  readonly label: string;
}

/** A wildcard rule checked by the segment scan. */
export interface GraphScan {
  readonly from: number;
  readonly ruleId: number;
  /** Its literal segments after the head, in order. */
  readonly segments: readonly string[];
  /** True when its last segment must end the path (`$`). */
  readonly anchored: boolean;
}

function _latin1(bytes: Uint8Array, off: number, len: number): string {
  let s = '';
  for (let k = 0; k < len; k++) s += String.fromCharCode(bytes[off + k] as number);
  return s;
}

/** Adds the scans of radix record `rec` (graph node `id`) to `scans`. */
function _addScans(t: Tables, ranks: Int32Array, rec: number, id: number, scans: GraphScan[]): void {
  const img = t.img;
  const first = nodeWildFirst(img, rec);
  for (let w = first; w < first + nodeWildCount(img, rec); w++) {
    const wrec = t.wildBase + w * WILD_WORDS;
    const segments: string[] = [];
    for (let j = 0; j < (img[wrec + WILD_SEG_COUNT] as number); j++) segments.push(segmentText(t, img[(img[wrec + WILD_SEG_OFF] as number) + j] as number));
    scans.push({ from: id, ruleId: ruleOfRank(ranks, img[wrec + WILD_RANK] as number), segments, anchored: wildAnchored(img, wrec) });
  }
}

/**
 * Returns the graph of merged group `groupIndex`: each part's radix trie breadth-first (with
 * several parts, node 0 is a start with an empty edge to each part's root), at most
 * `maxNodes` states (default 500; the rest counted in `omitted`). O(states shown + scans).
 */
export function describeAutomaton(robots: Robots, groupIndex: number, options: { readonly maxNodes?: number } = {}): AutomatonGraph {
  if (!(Number.isInteger(groupIndex) && groupIndex >= 0 && groupIndex < robots.groupCount)) {
    throw new RangeError(`no group ${String(groupIndex)}: there are ${robots.groupCount}`);
  }
  const { tables: t, roots, ranks } = groupTablesOf(robots, groupIndex);
  const img = t.img;
  const maxNodes = options.maxNodes ?? 500;
  const nodes: GraphNode[] = [];
  const edges: GraphEdge[] = [];
  const scans: GraphScan[] = [];
  let omitted = 0;
  const queue: { x: number; prefix: string; parent: number; label: string }[] = [];
  if (roots.length !== 1) nodes.push({ id: 0, prefix: '', decides: [] });
  for (const root of roots) queue.push({ x: root, prefix: '', parent: roots.length === 1 ? -1 : 0, label: '' });
  for (let q = 0; q < queue.length; q++) {
    const { x, prefix, parent, label } = queue[q] as (typeof queue)[number];
    const rec = t.nodeBase + x * NODE_WORDS;
    if (nodes.length >= maxNodes) {
      // Left out, with its whole subtree (counted, not spelled).
      omitted++;
      const first = img[rec + NODE_FIRST_CHILD] as number;
      for (let c = first; c < first + nodeChildCount(img, rec); c++) queue.push({ x: c, prefix: '', parent: -1, label: '' });
      continue;
    }
    const id = nodes.length;
    const decides: { ruleId: number; atEnd: boolean }[] = [];
    const pr = nodePrefixRank(img, rec);
    const er = nodeEndRank(img, rec);
    if (pr !== NO_RANK) decides.push({ ruleId: ruleOfRank(ranks, pr), atEnd: false });
    if (er !== NO_RANK) decides.push({ ruleId: ruleOfRank(ranks, er), atEnd: true });
    nodes.push({ id, prefix, decides });
    if (parent >= 0) edges.push({ from: parent, to: id, label });
    _addScans(t, ranks, rec, id, scans);
    const first = img[rec + NODE_FIRST_CHILD] as number;
    for (let c = first; c < first + nodeChildCount(img, rec); c++) {
      const crec = t.nodeBase + c * NODE_WORDS;
      const text = _latin1(t.bytes, img[crec + NODE_LABEL_OFF] as number, nodeLabelLength(img, t.bytes, crec));
      queue.push({ x: c, prefix: prefix + text, parent: id, label: text });
    }
  }
  return { nodes, edges, scans, omitted };
}
