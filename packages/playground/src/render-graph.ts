/**
 * Draws an {@link AutomatonGraph} as SVG: the breadth-first tree of the automaton from the
 * start, left to right, each node deciding a rule ringed in that rule's colour. By default
 * chains of nodes that decide nothing and branch nowhere are folded into one edge labelled with
 * their bytes (`/checkout/`), and the transitions that are not tree edges (where a byte falls
 * back to an earlier state) are counted instead of drawn; `allEdges` draws every node and
 * transition. Consumes only the engine-neutral graph shape.
 */
import type { RuleInfo } from '@robomata/runtime';
import type { AutomatonGraph, GraphEdge, GraphNode } from './automaton-graph.js';

const SVG_NS = 'http://www.w3.org/2000/svg';
/** Pixels between rows of the tree (a node is 28 px across plus its label below). */
const ROW_HEIGHT = 52;
/** Pixels per character of an edge label at 11 px monospace. */
const CHAR_WIDTH = 6.7;
/** Shortest edge, in pixels: two captions ("L123 disallow") side by side do not touch. */
const MIN_EDGE = 104;
const NODE_RADIUS = 13;
/** Longest edge label drawn; longer ones are cut with an ellipsis (the title shows all). */
const MAX_LABEL = 28;

/** Options of {@link drawAutomaton}. */
export interface DrawOptions {
  /** Draw every node and transition instead of the folded tree. */
  readonly allEdges: boolean;
  /** Rules named by the graph, by id. */
  readonly rules: ReadonlyMap<number, RuleInfo>;
}

/** What was drawn, for the summary line. */
export interface DrawResult {
  readonly svg: SVGSVGElement;
  /** Nodes drawn (after folding). */
  readonly drawnNodes: number;
  /** Transitions neither drawn nor folded (fallbacks), 0 with `allEdges`. */
  readonly hiddenEdges: number;
}

interface _TreeEdge {
  readonly to: number;
  readonly label: string;
}

function _el<K extends keyof SVGElementTagNameMap>(name: K, attrs: Record<string, string | number>, text?: string): SVGElementTagNameMap[K] {
  const e = document.createElementNS(SVG_NS, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  if (text !== undefined) e.textContent = text;
  return e;
}

/** Returns one edge's label as part of a folded chain: a byte as itself, a set in brackets. */
function _labelPart(label: string): string {
  if (label.length === 1 || /^\\x[0-9A-F]{2}$/.test(label)) return label;
  if (label.startsWith('not [') && label.endsWith(']')) return `[^${label.slice(5, -1)}]`;
  return `[${label}]`;
}

/** True when two nodes decide the same rules the same way. */
function _sameDecisions(a: GraphNode, b: GraphNode): boolean {
  return a.decides.length === b.decides.length &&
    a.decides.every((d, i) => d.ruleId === b.decides[i]?.ruleId && d.atEnd === b.decides[i]?.atEnd);
}

/** Returns each node's breadth-first parent edge from node 0 (the tree), in discovery order. */
function _bfsTree(graph: AutomatonGraph): { children: Map<number, _TreeEdge[]>; treeEdges: Set<GraphEdge> } {
  const out = new Map<number, GraphEdge[]>();
  for (const e of graph.edges) {
    const list = out.get(e.from);
    if (list === undefined) out.set(e.from, [e]);
    else list.push(e);
  }
  const seen = new Set<number>([0]);
  const children = new Map<number, _TreeEdge[]>();
  const treeEdges = new Set<GraphEdge>();
  const queue = [0];
  for (let i = 0; i < queue.length; i++) {
    const from = queue[i] as number;
    for (const e of out.get(from) ?? []) {
      if (seen.has(e.to)) continue;
      seen.add(e.to);
      queue.push(e.to);
      treeEdges.add(e);
      const list = children.get(from);
      if (list === undefined) children.set(from, [{ to: e.to, label: e.label }]);
      else list.push({ to: e.to, label: e.label });
    }
  }
  return { children, treeEdges };
}

/**
 * Returns the tree with chains folded: a node with one child, no scan, and the same decisions as
 * its parent adds nothing to the drawing, so its edge joins its child's (`/checkout/`).
 */
function _foldChains(graph: AutomatonGraph, children: Map<number, _TreeEdge[]>): Map<number, _TreeEdge[]> {
  const scanned = new Set(graph.scans.map((s) => s.from));
  const byId = new Map(graph.nodes.map((n) => [n.id, n]));
  const foldable = (n: GraphNode | undefined, parent: GraphNode): boolean =>
    n !== undefined && n.id !== 0 && !scanned.has(n.id) && (children.get(n.id)?.length ?? 0) === 1 && _sameDecisions(n, parent);
  const folded = new Map<number, _TreeEdge[]>();
  const visit = (from: number): void => {
    const parent = byId.get(from) as GraphNode;
    const list: _TreeEdge[] = [];
    for (const edge of children.get(from) ?? []) {
      let to = edge.to;
      const parts = [edge.label];
      while (foldable(byId.get(to), parent)) {
        const next = (children.get(to) as _TreeEdge[])[0] as _TreeEdge;
        parts.push(next.label);
        to = next.to;
      }
      list.push({ to, label: parts.length === 1 ? edge.label : parts.map(_labelPart).join('') });
      visit(to);
    }
    if (list.length > 0) folded.set(from, list);
  };
  visit(0);
  return folded;
}

/** Returns a short label (cut with an ellipsis past {@link MAX_LABEL} characters). */
function _short(label: string): string {
  return label.length > MAX_LABEL ? `${label.slice(0, MAX_LABEL - 1)}…` : label;
}

/** Returns the x, y of each drawn node: depth by edge length, rows by leaf order (tidy tree). */
function _layout(tree: Map<number, _TreeEdge[]>): Map<number, { x: number; y: number }> {
  const pos = new Map<number, { x: number; y: number }>();
  let row = 0;
  const place = (id: number, x: number): number => {
    const kids = tree.get(id) ?? [];
    if (kids.length === 0) {
      const y = 30 + row++ * ROW_HEIGHT;
      pos.set(id, { x, y });
      return y;
    }
    let first = 0;
    let last = 0;
    kids.forEach((k, i) => {
      const y = place(k.to, x + Math.max(MIN_EDGE, _short(k.label).length * CHAR_WIDTH + 2 * NODE_RADIUS + 40));
      if (i === 0) first = y;
      last = y;
    });
    const y = (first + last) / 2;
    pos.set(id, { x, y });
    return y;
  };
  place(0, 30);
  return pos;
}

/** Returns a one-line description of what node `n` decides. */
function _decidesText(n: GraphNode, rules: ReadonlyMap<number, RuleInfo>): string {
  return n.decides
    .map((d) => {
      const r = rules.get(d.ruleId);
      const what = r === undefined ? `rule ${d.ruleId}` : `L${r.line} ${r.kind} ${r.pattern}`;
      return d.atEnd ? `${what} (if the path ends here)` : what;
    })
    .join('; ');
}

/**
 * Returns the SVG drawing of `graph`. Node text is set with `textContent`, never parsed as
 * markup. O(nodes + edges).
 */
export function drawAutomaton(graph: AutomatonGraph, options: DrawOptions): DrawResult {
  const { children, treeEdges } = _bfsTree(graph);
  const tree = options.allEdges ? children : _foldChains(graph, children);
  const pos = _layout(tree);
  const byId = new Map(graph.nodes.map((n) => [n.id, n]));
  let width = 0;
  let height = 0;
  for (const p of pos.values()) {
    width = Math.max(width, p.x + 150);
    height = Math.max(height, p.y + 40);
  }
  const svg = _el('svg', { xmlns: SVG_NS, width, height, viewBox: `0 0 ${width} ${height}`, class: 'automaton', role: 'img' });
  svg.append(_el('title', {}, `automaton: ${pos.size} nodes drawn`));
  const defs = _el('defs', {});
  const marker = _el('marker', { id: 'arrow', viewBox: '0 0 10 10', refX: 10, refY: 5, markerWidth: 7, markerHeight: 7, orient: 'auto-start-reverse' });
  marker.append(_el('path', { d: 'M 0 0 L 10 5 L 0 10 z', class: 'arrowhead' }));
  defs.append(marker);
  svg.append(defs);
  let hiddenEdges = 0;
  if (options.allEdges) {
    for (const e of graph.edges) {
      if (treeEdges.has(e)) continue;
      const a = pos.get(e.from);
      const b = pos.get(e.to);
      if (a === undefined || b === undefined) continue;
      svg.append(_curve(a, b, e.label, 'edge back'));
    }
  } else {
    hiddenEdges = graph.edges.length - treeEdges.size;
  }
  for (const [from, kids] of tree) {
    const a = pos.get(from);
    for (const k of kids) {
      const b = pos.get(k.to);
      if (a !== undefined && b !== undefined) svg.append(_curve(a, b, k.label, 'edge tree'));
    }
  }
  for (const [id, p] of pos) svg.append(_node(byId.get(id) ?? { id, prefix: '', decides: [] }, p, options.rules));
  return { svg, drawnNodes: pos.size, hiddenEdges };
}

/** Returns one edge: a straight arrow for tree edges, a bow for fall-backs, a loop for self-edges. */
function _curve(a: { x: number; y: number }, b: { x: number; y: number }, label: string, cls: string): SVGGElement {
  const g = _el('g', { class: cls });
  let d: string;
  let lx: number;
  let ly: number;
  if (a === b) {
    d = `M ${a.x - 6} ${a.y - NODE_RADIUS} C ${a.x - 18} ${a.y - 40}, ${a.x + 18} ${a.y - 40}, ${a.x + 6} ${a.y - NODE_RADIUS}`;
    lx = a.x;
    ly = a.y - 36;
  } else if (cls.includes('tree')) {
    // An S-curve ending level with the child; the label sits on that level, before the child.
    const sx = a.x + NODE_RADIUS;
    const ex = b.x - NODE_RADIUS - 2;
    const mx = a.x + NODE_RADIUS + 14;
    d = `M ${sx} ${a.y} C ${mx + 10} ${a.y}, ${mx} ${b.y}, ${mx + 14} ${b.y} L ${ex} ${b.y}`;
    lx = (mx + 14 + ex) / 2;
    ly = b.y - 5;
  } else {
    const dx = b.x - a.x;
    const dy = b.y - a.y;
    const len = Math.hypot(dx, dy) || 1;
    const sx = a.x + (dx / len) * NODE_RADIUS;
    const sy = a.y + (dy / len) * NODE_RADIUS;
    const ex = b.x - (dx / len) * (NODE_RADIUS + 2);
    const ey = b.y - (dy / len) * (NODE_RADIUS + 2);
    const cx = (sx + ex) / 2 + dy * 0.25;
    const cy = (sy + ey) / 2 - dx * 0.25;
    d = `M ${sx} ${sy} Q ${cx} ${cy} ${ex} ${ey}`;
    lx = (sx + 2 * cx + ex) / 4;
    ly = (sy + 2 * cy + ey) / 4 - 5;
  }
  g.append(_el('path', { d, 'marker-end': 'url(#arrow)' }));
  const text = _el('text', { x: lx, y: ly, 'text-anchor': 'middle' }, _short(label));
  text.append(_el('title', {}, label));
  g.append(text);
  return g;
}

/** Returns one node: a circle with its id, ringed and captioned when it decides a rule. */
function _node(n: GraphNode, p: { x: number; y: number }, rules: ReadonlyMap<number, RuleInfo>): SVGGElement {
  const first = n.decides[0];
  const rule = first === undefined ? undefined : rules.get(first.ruleId);
  const kind = rule?.kind ?? (first === undefined ? 'none' : 'rule');
  const g = _el('g', { class: `node ${kind}${first?.atEnd === true ? ' at-end' : ''}`, 'data-node': n.id });
  g.append(_el('title', {}, `node ${n.id}\nshortest path: ${n.prefix === '' ? '(empty)' : n.prefix}${first === undefined ? '' : `\ndecides: ${_decidesText(n, rules)}`}`));
  if (first !== undefined) g.append(_el('circle', { cx: p.x, cy: p.y, r: NODE_RADIUS + 4, class: 'ring' }));
  g.append(_el('circle', { cx: p.x, cy: p.y, r: NODE_RADIUS }));
  g.append(_el('text', { x: p.x, y: p.y + 4, 'text-anchor': 'middle' }, String(n.id)));
  if (rule !== undefined) {
    const caption = `L${rule.line} ${rule.kind}`;
    g.append(_el('text', { x: p.x, y: p.y + NODE_RADIUS + 16, 'text-anchor': 'middle', class: 'caption', 'data-line': rule.line }, caption));
  }
  return g;
}
