// describe.ts: describeAutomaton, the tooling view of a group's matcher: its radix tries as a
// graph (prefixes, labelled edges, the rules each state decides), the wildcard rules scanned from
// each state, several parts under one start node, and the maxNodes cut.
import { describe, expect, it } from 'vitest';
import { compile, compileRobots } from '@robomata/compiler';
import { loadRobots } from '../src/load.js';
import { describeAutomaton } from '../src/describe.js';

describe('describeAutomaton', () => {
  it('draws one part as its radix trie: prefixes, labelled edges, decided rules and wildcard scans', () => {
    const r = compileRobots('User-agent: *\nDisallow: /a\nAllow: /a/b$\nDisallow: /a/*.gif$\nAllow: /c*d*e\n', { profile: 'google' });
    const g = describeAutomaton(r, 0);
    expect(g.omitted).toBe(0);
    expect(g.nodes.map((n) => n.prefix)).toEqual(['', '/', '/a', '/c', '/a/', '/a/b']);
    expect(g.edges).toEqual([
      { from: 0, to: 1, label: '/' },
      { from: 1, to: 2, label: 'a' },
      { from: 1, to: 3, label: 'c' },
      { from: 2, to: 4, label: '/' },
      { from: 4, to: 5, label: 'b' },
    ]);
    const line = (id: number): number => r.rule(id).line;
    expect(g.nodes[2]!.decides.map((d) => [line(d.ruleId), d.atEnd])).toEqual([[2, false]]);
    expect(g.nodes[5]!.decides.map((d) => [line(d.ruleId), d.atEnd])).toEqual([[3, true]]);
    expect(g.nodes[0]!.decides).toEqual([]);
    expect(g.scans.map((s) => ({ ...s, ruleId: line(s.ruleId) }))).toEqual([
      { from: 3, ruleId: 5, segments: ['d', 'e'], anchored: false },
      { from: 4, ruleId: 4, segments: ['.gif'], anchored: true },
    ]);
  });

  it('starts several parts from a node 0 with empty edges to each root', () => {
    const txt = 'User-agent: a\nUser-agent: b\nDisallow: /s\n\nUser-agent: a\nDisallow: /t\n';
    const r = loadRobots(compile(txt));
    const g = describeAutomaton(r, r.agent('a').groupIndex);
    expect(g.nodes[0]).toEqual({ id: 0, prefix: '', decides: [] });
    expect(g.edges.filter((e) => e.from === 0)).toEqual([{ from: 0, to: 1, label: '' }, { from: 0, to: 2, label: '' }]);
    expect(g.nodes.map((n) => n.prefix).sort()).toEqual(['', '', '', '/s', '/t']);
  });

  it('stops at maxNodes: the first states breadth-first, edges among them only', () => {
    const rules = Array.from({ length: 30 }, (_, k) => `Disallow: /p${String.fromCharCode(97 + (k % 26))}${k}`).join('\n');
    const r = compileRobots(`User-agent: *\n${rules}\n`);
    const all = describeAutomaton(r, 0);
    const cut = describeAutomaton(r, 0, { maxNodes: 5 });
    expect(all.omitted).toBe(0);
    expect(all.nodes.length).toBe(r.describeGroup(0).parts[0]!.nodes);
    expect(cut.nodes).toEqual(all.nodes.slice(0, 5));
    expect(cut.edges).toEqual(all.edges.filter((e) => e.to < 5));
    expect(cut.omitted).toBeGreaterThan(0);
  });

  it('regression: omitted counts every state left out past maxNodes, also those below a left-out state', () => {
    // format: "at most maxNodes states (default 500; the rest counted in omitted)".
    const rules = Array.from({ length: 30 }, (_, k) => `Disallow: /p${String.fromCharCode(97 + (k % 26))}${k}`).join('\n');
    const r = compileRobots(`User-agent: *\n${rules}\n`);
    const total = r.describeGroup(0).parts[0]!.nodes;
    for (const maxNodes of [1, 5, 20]) {
      const cut = describeAutomaton(r, 0, { maxNodes });
      expect(cut.nodes.length + cut.omitted, `maxNodes ${maxNodes}`).toBe(total);
    }
  });
});


describe('describeAutomaton: argument errors', () => {
  it('regression: throws RangeError for a group index that names no merged group, as describeGroup does', () => {
    // Found: index 1 of a one-group file read past the group records (a state deciding rule -1),
    // other bad indices gave an empty graph, both silently.
    const r = compileRobots('User-agent: *\nDisallow: /a\n');
    expect(r.groupCount).toBe(1);
    for (const bad of [1, 2, 1000, -1, 0.5, Number.NaN]) {
      expect(() => r.describeGroup(bad), String(bad)).toThrow(RangeError);
      expect(() => describeAutomaton(r, bad), String(bad)).toThrow(RangeError);
    }
    expect(() => describeAutomaton(r, 0)).not.toThrow();
  });
});
