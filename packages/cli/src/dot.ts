/**
 * Graphviz DOT rendering of a group's matcher (`robomata inspect --dot`), read through the
 * runtime's `describeAutomaton` graph: trie states with their labelled edges, the rules each
 * state decides, and the wildcard rules the segment scan verifies from a state.
 */

import { describeAutomaton } from '@robomata/runtime';
import type { Robots } from '@robomata/runtime';

/** Quotes a string for a DOT double-quoted ID. */
function _quote(s: string): string {
  return `"${s.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n')}"`;
}

/** Returns a label's bytes (Latin-1 characters) printable: ASCII graphic as itself, anything else as `\xHH`. */
export function formatBytes(label: string): string {
  let out = '';
  for (let k = 0; k < label.length; k++) {
    const b = label.charCodeAt(k);
    out += b > 0x20 && b < 0x7f ? label.charAt(k) : `\\x${b.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

/** Returns `Lline kind` for a rule id, or `rule id` when the artifact has no such rule. */
function _ruleLabel(robots: Robots, id: number): string {
  const rule = robots.rule(id);
  return `L${rule.line} ${rule.kind}`;
}

/**
 * Returns the DOT text of group `groupIndex` as one `digraph`: states are circles (double when
 * a rule ends there, labelled with its line and kind; `$` marks a rule that needs the path to
 * end there), edges carry their byte labels, and each wildcard rule is a dashed box reached
 * from the state where its head ends. At most `maxNodes` states (default 500).
 * O(states + wildcard rules).
 */
export function renderGroupDot(robots: Robots, groupIndex: number, title: string, maxNodes = 500): string {
  const graph = describeAutomaton(robots, groupIndex, { maxNodes });
  const out: string[] = [
    'digraph robomata {',
    '  rankdir=LR;',
    `  label=${_quote(graph.omitted > 0 ? `${title} (${graph.omitted} more states not drawn)` : title)};`,
    '  labelloc=t;',
    '  node [shape=circle, fontname="monospace", fontsize=10];',
    '  edge [fontname="monospace", fontsize=9];',
    '  start [shape=point, label=""];',
    '  start -> s0;',
  ];
  for (const node of graph.nodes) {
    let label = String(node.id);
    for (const d of node.decides) label += `\n${_ruleLabel(robots, d.ruleId)}${d.atEnd ? ' $' : ''}`;
    const shape = node.decides.length > 0 ? 'shape=doublecircle, ' : '';
    out.push(`  s${node.id} [${shape}label=${_quote(label)}];`);
  }
  for (const e of graph.edges) out.push(`  s${e.from} -> s${e.to} [label=${_quote(e.label === '' ? '(part)' : formatBytes(e.label))}];`);
  graph.scans.forEach((scan, k) => {
    const text = `*${scan.segments.map(formatBytes).join('*')}${scan.anchored ? '$' : ''}\n${_ruleLabel(robots, scan.ruleId)}`;
    out.push(`  w${k} [shape=box, style=dashed, label=${_quote(text)}];`);
    out.push(`  s${scan.from} -> w${k} [style=dashed, label="scan"];`);
  });
  out.push('}');
  return `${out.join('\n')}\n`;
}
