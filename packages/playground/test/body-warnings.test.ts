import { compileRobots, parseRobotsTxt } from '@robomata/compiler';
import { describe, expect, test } from 'vitest';
import { findBodyWarnings } from '../src/body-warnings.js';

/** Returns the warnings of `text` as the playground computes them. */
function warningsOf(text: string | Uint8Array, maxBytes?: number) {
  const parsed = parseRobotsTxt(text, maxBytes === undefined ? {} : { maxBytes });
  const lines = (typeof text === 'string' ? text : new TextDecoder().decode(text)).split(/\r\n|\r|\n/);
  return findBodyWarnings(compileRobots(text, maxBytes === undefined ? {} : { maxBytes }), parsed, (n) => lines[n - 1] ?? '');
}

describe('findBodyWarnings', () => {
  test('a clean robots.txt has none', () => {
    expect(warningsOf('User-agent: *\nDisallow: /x\nFoo bar baz\n')).toEqual([]);
  });

  test('truncation names the line where reading stopped', () => {
    const text = 'User-agent: *\nDisallow: /a\nDisallow: /b\n';
    const [w, ...rest] = warningsOf(text, 20);
    expect(rest).toEqual([]);
    expect(w).toMatchObject({ kind: 'truncated', line: 2 });
    expect(w?.message).toContain('first 20 bytes');
  });

  test('an HTML page is reported with its count of markup lines and the first one', () => {
    const [w] = warningsOf('\n<!DOCTYPE html>\n<html>\n<head><meta charset="utf-8"></head>\nUser-agent: *\n');
    expect(w).toMatchObject({ kind: 'html', line: 2 });
    expect(w?.message).toContain('3 line(s) of markup');
  });

  test('NUL bytes and invalid UTF-8 make a binary warning at the first such line', () => {
    expect(warningsOf('User-agent: *\nDisallow: /a\u0000b\n')).toMatchObject([{ kind: 'binary', line: 2 }]);
    const bytes = new Uint8Array([...new TextEncoder().encode('User-agent: *\n\nDisallow: /'), 0xff, 0xfe, 0x0a]);
    expect(warningsOf(bytes)).toMatchObject([{ kind: 'binary', line: 3 }]);
  });
});
