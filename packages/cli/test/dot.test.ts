import { describe, expect, it } from 'vitest';
import { compileRobots } from '@robomata/compiler';
import { describeAutomaton } from '@robomata/runtime';
import { formatBytes, renderGroupDot } from '../src/dot.js';

describe('formatBytes', () => {
  it('prints ASCII graphic bytes as themselves and the rest as \\xHH', () => {
    expect(formatBytes('/a-z')).toBe('/a-z');
    expect(formatBytes('\x00 \xff')).toBe('\\x00\\x20\\xFF');
  });
});

describe('renderGroupDot', () => {
  it('draws every state, every edge and every wildcard rule of the group', () => {
    const robots = compileRobots('User-agent: *\nDisallow: /a*b$\nAllow: /a\nDisallow: /ab/c\n');
    const g = robots.agent('x').groupIndex;
    const dot = renderGroupDot(robots, g, 'test');
    const graph = describeAutomaton(robots, g);
    expect(dot.match(/^ {2}s\d+ \[/gm)).toHaveLength(graph.nodes.length);
    expect(dot.match(/^ {2}s\d+ -> s\d+ /gm)).toHaveLength(graph.edges.length);
    expect(dot.match(/^ {2}w\d+ \[shape=box/gm)).toHaveLength(graph.scans.length);
    expect(graph.scans).toHaveLength(1);
    expect(dot).toContain('*b$\\nL2 disallow');
    expect(dot).toContain('L3 allow');
    expect(dot).toMatch(/^digraph robomata \{/);
    expect(dot).toContain('label="test"');
  });

  it('says how many states it left out past maxNodes', () => {
    let txt = 'User-agent: *\n';
    for (let i = 0; i < 50; i++) txt += `Disallow: /p${i}/\n`;
    const robots = compileRobots(txt);
    const dot = renderGroupDot(robots, robots.agent('x').groupIndex, 'big', 10);
    expect(dot.match(/^ {2}s\d+ \[/gm)).toHaveLength(10);
    expect(dot).toMatch(/\(\d+ more states not drawn\)/);
  });
});
