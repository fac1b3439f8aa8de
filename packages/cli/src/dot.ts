/**
 * Graphviz DOT rendering of a group's automata (`robomata inspect --dot`), read through the
 * runtime's `describeAutomaton` view. Edges of one state to one target are merged into one
 * edge labelled with the bytes that take it.
 */

import { describeAutomaton } from '@robomata/runtime';
import type { Robots } from '@robomata/runtime';

/** Quotes a string for a DOT double-quoted ID. */
function _quote(s: string): string {
  return `"${s.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n')}"`;
}

/** Returns a byte as a label character: printable ASCII as itself, anything else as `\xHH`. */
function _byteLabel(b: number): string {
  if (b > 0x20 && b < 0x7f) return String.fromCharCode(b);
  return `\\x${b.toString(16).toUpperCase().padStart(2, '0')}`;
}

/** Returns a set of bytes as compact ranges (`a-z0-9/`), or `not [...]` when most bytes are in it. */
export function formatByteSet(bytes: readonly boolean[]): string {
  let count = 0;
  for (let b = 0; b < 256; b++) if (bytes[b] === true) count++;
  if (count === 256) return 'any';
  const negate = count > 128;
  let out = '';
  for (let b = 0; b < 256; b++) {
    if ((bytes[b] === true) === negate) continue;
    let end = b;
    while (end + 1 < 256 && (bytes[end + 1] === true) !== negate) end++;
    out += end === b ? _byteLabel(b) : end === b + 1 ? _byteLabel(b) + _byteLabel(end) : `${_byteLabel(b)}-${_byteLabel(end)}`;
    b = end;
  }
  return negate ? `not [${out}]` : out;
}

/**
 * Returns the DOT text of every automaton part of group `groupIndex` as one `digraph`, one
 * cluster per part. Accepting states (a rule ends there) are double circles labelled with the
 * rule's line and kind; settled states (verdict can no longer change) are grey.
 * O(parts x states x 256).
 */
export function renderGroupDot(robots: Robots, groupIndex: number, title: string): string {
  const group = robots.describeGroup(groupIndex);
  const out: string[] = [
    'digraph robomata {',
    '  rankdir=LR;',
    `  label=${_quote(title)};`,
    '  labelloc=t;',
    '  node [shape=circle, fontname="monospace", fontsize=10];',
    '  edge [fontname="monospace", fontsize=9];',
  ];
  for (let part = 0; part < group.automata.length; part++) {
    const view = describeAutomaton(robots, groupIndex, part);
    // A target < 0 is frontier state -t - 2: a subset-construction state left unexpanded by
    // the state cap, from which walks continue in the runtime's lazy DFA.
    const id = (s: number): string => (s >= 0 ? `p${part}s${s}` : `p${part}f${-s - 2}`);
    const frontiers = new Set<number>();
    out.push(`  subgraph cluster_${part} {`);
    out.push(`    label=${_quote(`part ${part}: ${view.states} states, ${view.classes} classes`)};`);
    out.push(`    p${part}start [shape=point, label=""];`);
    out.push(`    p${part}start -> ${id(view.start)};`);
    const classOf: number[] = [];
    for (let b = 0; b < 256; b++) classOf.push(view.classOf(b));
    for (let s = 0; s < view.states; s++) {
      const attrs: string[] = [];
      let label = String(s);
      const end = view.endRule(s);
      if (end >= 0) {
        attrs.push('shape=doublecircle');
        try {
          const rule = robots.rule(end);
          label += `\nL${rule.line} ${rule.kind}`;
        } catch {
          label += `\nrule ${end}`;
        }
      }
      if (view.settled(s)) attrs.push('style=filled', 'fillcolor=lightgrey');
      attrs.push(`label=${_quote(label)}`);
      out.push(`    ${id(s)} [${attrs.join(', ')}];`);
      const byTarget = new Map<number, boolean[]>();
      for (let b = 0; b < 256; b++) {
        const target = view.next(s, classOf[b] ?? 0);
        if (target < 0) frontiers.add(target);
        let set = byTarget.get(target);
        if (set === undefined) {
          set = new Array<boolean>(256).fill(false);
          byTarget.set(target, set);
        }
        set[b] = true;
      }
      for (const [target, set] of byTarget) {
        out.push(`    ${id(s)} -> ${id(target)} [label=${_quote(formatByteSet(set))}];`);
      }
    }
    for (const f of frontiers) {
      out.push(`    ${id(f)} [shape=box, style=dashed, label=${_quote(`frontier ${-f - 2}\n(lazy DFA)`)}];`);
    }
    out.push('  }');
  }
  out.push('}');
  return `${out.join('\n')}\n`;
}
