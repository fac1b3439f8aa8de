import { readFileSync } from 'node:fs';
import { compileRobots } from '@robomata/compiler';
import { describe, expect, test } from 'vitest';
import { graphOf } from '../src/automaton-graph.js';

const SHOP = readFileSync(new URL('../../cli/examples/robots.txt', import.meta.url), 'utf8');

describe('graphOf', () => {
  test('node 0 is the start with the empty prefix; every other node is reached by an edge', () => {
    const robots = compileRobots(SHOP);
    const graph = graphOf(robots, robots.agent('Googlebot').groupIndex, 1000);
    expect(graph.nodes[0]).toMatchObject({ id: 0, prefix: '' });
    expect(graph.omitted).toBe(0);
    // The wildcard rules (lines 8 and 9) are segment scans from the state their head `/` reaches.
    expect(graph.scans.map((s) => robots.rule(s.ruleId).line).sort()).toEqual([8, 9]);
    for (const scan of graph.scans) expect(graph.nodes[scan.from]?.prefix).toBe('/');
    const reached = new Set(graph.edges.map((e) => e.to));
    for (const node of graph.nodes.slice(1)) expect(reached.has(node.id)).toBe(true);
    expect(graph.edges.find((e) => e.from === 0 && e.label === '/')).toBeDefined();
  });

  test("the runtime's decision for a state's path is a rule the graph names there, on the way, or in a scan", () => {
    for (const profile of ['rfc9309', 'google'] as const) {
      const robots = compileRobots(SHOP, { profile });
      for (const agent of ['Googlebot', 'ExampleBot', 'AdsBot-Google']) {
        const rules = robots.agent(agent);
        const graph = graphOf(robots, rules.groupIndex, 1000);
        const scanned = new Set(graph.scans.map((s) => s.ruleId));
        let checked = 0;
        for (const node of graph.nodes) {
          if (!node.prefix.startsWith('/') || node.prefix.includes('\\x')) continue;
          // Rules of the states whose path is a prefix of this one (prefix rules), and this one's.
          const named = new Set(graph.nodes.filter((n) => node.prefix.startsWith(n.prefix)).flatMap((n) =>
            n.decides.filter((d) => !d.atEnd || n.prefix === node.prefix).map((d) => d.ruleId)));
          const id = rules.decide(node.prefix);
          expect(id === -1 || named.has(id) || scanned.has(id), `${profile} ${agent} ${node.prefix}: rule ${id}`).toBe(true);
          if (node.decides.length > 0 && scanned.size === 0) expect(named.has(id)).toBe(true);
          checked++;
        }
        expect(checked).toBeGreaterThan(1);
      }
    }
  });

  test('the rules of the group all decide somewhere', () => {
    const robots = compileRobots(SHOP);
    const group = robots.agent('Googlebot').groupIndex;
    const graph = graphOf(robots, group, 1000);
    const deciding = new Set([...graph.nodes.flatMap((n) => n.decides.map((d) => d.ruleId)), ...graph.scans.map((s) => s.ruleId)]);
    expect(deciding).toEqual(new Set(robots.describeGroup(group).ruleIds));
  });

  test('maxNodes keeps the first nodes, counts the rest and drops edges to them', () => {
    const robots = compileRobots(SHOP);
    const group = robots.agent('Googlebot').groupIndex;
    const full = graphOf(robots, group, 1000);
    const cut = graphOf(robots, group, 5);
    expect(cut.nodes).toEqual(full.nodes.slice(0, 5));
    expect(cut.omitted).toBe(full.nodes.length - 5);
    for (const e of cut.edges) expect(e.to).toBeLessThan(5);
  });

  test('a group whose rules can never decide is one start node', () => {
    // An empty Allow never matches, and the google profile has no implicit /robots.txt rule.
    const robots = compileRobots('User-agent: a\nAllow:\n\nUser-agent: *\nDisallow: /x\n', { profile: 'google' });
    expect(graphOf(robots, robots.agent('a').groupIndex, 10)).toEqual({ nodes: [{ id: 0, prefix: '', decides: [] }], edges: [], scans: [], omitted: 0 });
  });
});
