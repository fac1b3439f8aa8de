import { describe, expect, it } from 'vitest';
import { compileRobots } from '@robomata/compiler';
import { formatByteSet, renderGroupDot } from '../src/dot.js';

const setOf = (...bytes: number[]): boolean[] => {
  const set = new Array<boolean>(256).fill(false);
  for (const b of bytes) set[b] = true;
  return set;
};
const range = (from: number, to: number): number[] => Array.from({ length: to - from + 1 }, (_, i) => from + i);

describe('formatByteSet', () => {
  it('prints single bytes, pairs and ranges', () => {
    expect(formatByteSet(setOf(0x2f))).toBe('/');
    expect(formatByteSet(setOf(0x61, 0x62))).toBe('ab');
    expect(formatByteSet(setOf(...range(0x61, 0x7a), 0x2e))).toBe('.a-z');
  });

  it('escapes non-printable bytes and negates large sets', () => {
    expect(formatByteSet(setOf(0x00, 0x20, 0xff))).toBe('\\x00\\x20\\xFF');
    expect(formatByteSet(setOf(...range(0, 255).filter((b) => b !== 0x2f)))).toBe('not [/]');
    expect(formatByteSet(setOf(...range(0, 255)))).toBe('any');
  });
});

describe('renderGroupDot', () => {
  it('draws every state of every part with edges whose labels cover all 256 bytes', () => {
    const robots = compileRobots('User-agent: *\nDisallow: /a*b$\nAllow: /a\n');
    const dot = renderGroupDot(robots, robots.agent('x').groupIndex, 'test');
    const info = robots.describeGroup(robots.agent('x').groupIndex);
    const states = info.automata.reduce((n, a) => n + a.states, 0);
    expect(dot.match(/^ {4}p\d+s\d+ \[/gm)).toHaveLength(states);
    expect(dot).toMatch(/^digraph robomata \{/);
    expect(dot).toContain('label="test"');
  });
});
