/**
 * The one engine-dependent file of the playground: turns the automaton of one merged group into
 * the engine-neutral {@link AutomatonGraph} the drawing code consumes. Today it reads the
 * runtime's DFA through `describeAutomaton(robots, group, 0)`; the trie-plus-segment-scan
 * runtime exports the same shape as `describeAutomaton`, and this file then shrinks to a call.
 */
import { formatByteSet } from '@robomata/cli/dot';
import { describeAutomaton, type Robots } from '@robomata/runtime';

/** A drawable view of one group's automaton (node 0 is the start). */
export interface AutomatonGraph {
  readonly nodes: readonly GraphNode[];
  readonly edges: readonly GraphEdge[];
  /** Wildcard rules checked by a segment scan starting from a node (none for today's DFA). */
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

/** A transition, labelled with the bytes that take it (`a-z`, `not [/]`, `any`). */
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

/**
 * Returns the automaton of merged group `groupIndex` as an {@link AutomatonGraph}: states in
 * breadth-first order from the start (so node ids are stable and small graphs read left to
 * right), at most `maxNodes` of them; edges between kept nodes merge every byte going to one
 * target; frontier states (left to the runtime's lazy DFA by the state cap) are nodes with no
 * edges. A group with no automaton (no rule can decide) is one start node. Throws a RangeError
 * for a group index out of range. O(maxNodes x 256).
 */
export function graphOf(robots: Robots, groupIndex: number, maxNodes: number): AutomatonGraph {
  const info = robots.describeGroup(groupIndex);
  if (info.automata.length === 0) return { nodes: [{ id: 0, prefix: '', decides: [] }], edges: [], scans: [], omitted: 0 };
  const view = describeAutomaton(robots, groupIndex, 0);
  const classOf: number[] = [];
  for (let b = 0; b < 256; b++) classOf.push(view.classOf(b));
  // Keys: state s >= 0, frontier f as -f - 2 (the view's own encoding).
  const idOf = new Map<number, number>([[view.start, 0]]);
  const order: number[] = [view.start];
  const prefixes: string[] = [''];
  const nodes: GraphNode[] = [];
  const edges: GraphEdge[] = [];
  for (let i = 0; i < order.length && i < maxNodes; i++) {
    const state = order[i] as number;
    if (state < 0) {
      nodes.push({ id: i, prefix: prefixes[i] as string, decides: [] });
      continue;
    }
    const rule = view.endRule(state);
    nodes.push({ id: i, prefix: prefixes[i] as string, decides: rule < 0 ? [] : [{ ruleId: rule, atEnd: !view.settled(state) }] });
    const byTarget = new Map<number, boolean[]>();
    for (let b = 0; b < 256; b++) {
      const target = view.next(state, classOf[b] as number);
      if (!idOf.has(target)) {
        idOf.set(target, order.length);
        order.push(target);
        prefixes.push((prefixes[i] as string) + _byteText(b));
      }
      let set = byTarget.get(target);
      if (set === undefined) byTarget.set(target, (set = new Array<boolean>(256).fill(false)));
      set[b] = true;
    }
    for (const [target, set] of byTarget) {
      const to = idOf.get(target) as number;
      if (to < maxNodes) edges.push({ from: i, to, label: formatByteSet(set) });
    }
  }
  const size = info.automata[0];
  const total = size === undefined ? nodes.length : size.states + size.frontiers;
  return { nodes, edges, scans: [], omitted: Math.max(0, total - nodes.length) };
}
