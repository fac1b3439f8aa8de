/**
 * The one engine-dependent file of the playground: the matcher of one merged group as the
 * engine-neutral {@link AutomatonGraph} the drawing code consumes, read through the runtime's
 * `describeAutomaton`.
 */
import { describeAutomaton, type Robots } from '@robomata/runtime';

/** A drawable view of one group's automaton (node 0 is the start). */
export interface AutomatonGraph {
  readonly nodes: readonly GraphNode[];
  readonly edges: readonly GraphEdge[];
  /** Wildcard rules checked by a segment scan once the path to node `from` matched. */
  readonly scans: readonly GraphScan[];
  /** Nodes left out past `maxNodes`. */
  readonly omitted: number;
}

/** One state: the shortest input reaching it and the rules it decides. */
export interface GraphNode {
  readonly id: number;
  /** Shortest path bytes reaching the node, printable ASCII as itself, others as `\xHH`. */
  readonly prefix: string;
  /**
   * Rules decided here: `atEnd` when the path must end here (the answer may still change with
   * more bytes), else the rule decides whatever follows.
   */
  readonly decides: readonly { readonly ruleId: number; readonly atEnd: boolean }[];
}

/** A transition, labelled with the bytes it reads (empty: from the start to one of several parts). */
export interface GraphEdge {
  readonly from: number;
  readonly to: number;
  readonly label: string;
}

/** A wildcard rule matched by scanning for its literal segments from node `from`. */
export interface GraphScan {
  readonly from: number;
  readonly ruleId: number;
  readonly segments: readonly string[];
  /** True when the pattern ends in `$`. */
  readonly anchored: boolean;
}

/** Returns a byte as it is shown in a prefix: printable ASCII as itself, others as `\xHH`. */
function _byteText(b: number): string {
  return b > 0x20 && b < 0x7f ? String.fromCharCode(b) : `\\x${b.toString(16).toUpperCase().padStart(2, '0')}`;
}

/** Returns a label's bytes (Latin-1 characters) as shown: printable ASCII as itself, others as `\xHH`. */
function _text(label: string): string {
  let out = '';
  for (let k = 0; k < label.length; k++) out += _byteText(label.charCodeAt(k));
  return out;
}

/**
 * Returns the matcher of merged group `groupIndex` as an {@link AutomatonGraph}: the runtime's
 * `describeAutomaton` (the group's radix tries breadth-first, the wildcard rules the segment
 * scan verifies from each state), with byte labels made printable. Throws a RangeError for a
 * group index out of range. O(maxNodes + wildcard rules).
 */
export function graphOf(robots: Robots, groupIndex: number, maxNodes: number): AutomatonGraph {
  const graph = describeAutomaton(robots, groupIndex, { maxNodes });
  return {
    nodes: graph.nodes.map((n) => ({ id: n.id, prefix: _text(n.prefix), decides: n.decides })),
    edges: graph.edges.map((e) => ({ from: e.from, to: e.to, label: _text(e.label) })),
    scans: graph.scans.map((s) => ({ from: s.from, ruleId: s.ruleId, segments: s.segments.map(_text), anchored: s.anchored })),
    omitted: graph.omitted,
  };
}
