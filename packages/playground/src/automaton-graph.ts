/**
 * The one engine-dependent file of the playground: the matcher of one merged group as the
 * engine-neutral {@link AutomatonGraph} the drawing code consumes, read through the runtime's
 * `describeAutomaton`.
 */
import { describeAutomaton, type AutomatonGraph, type Robots } from '@robomata/runtime';

/** The graph shapes are the runtime's (`describeAutomaton`): node 0 is the start. */
export type { AutomatonGraph, GraphEdge, GraphNode, GraphScan } from '@robomata/runtime';

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
