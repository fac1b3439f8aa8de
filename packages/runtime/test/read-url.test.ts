// read-url.ts: which strings isAllowed/decide read as a URL or a path (docs/semantics.md
// section 6, "Readable forms"), one named test per form and per unreadable kind.
import { describe, expect, it } from 'vitest';
import { compileRobots } from '@robomata/compiler';
import { classifyUrl, isReadableUrl } from '../src/index.js';

describe('classifyUrl: readable forms', () => {
  it('absolute: scheme://authority, any scheme of [A-Za-z][A-Za-z0-9+.-]*', () => {
    for (const u of ['https://example.com/a', 'http://www.example.com', 'HTTP://X?q', 'git+ssh://h/p', 'https://u:p@[::1]:8080/x', 'http://x#a/b']) {
      expect(classifyUrl(u), u).toBe('absolute');
    }
  });
  it('scheme-relative: //authority', () => {
    for (const u of ['//a/b/c', '//a', '//http://a/b']) expect(classifyUrl(u), u).toBe('scheme-relative');
  });
  it('path: starts with /, ? or ; (not //)', () => {
    for (const u of ['/', '/a b', '/#x', '?a', ';p', '/\uD800']) expect(classifyUrl(u), u).toBe('path');
  });
  it('host-relative: host[:port] then /, ?, ;, # or the end', () => {
    for (const u of ['example.com', 'example.com/a', 'example.com?a', 'a/b', 'localhost:8080/x', 'example.com/a;b#c', '127.0.0.1']) {
      expect(classifyUrl(u), u).toBe('host-relative');
    }
  });
});

describe('classifyUrl: unreadable strings', () => {
  it('empty string', () => expect(classifyUrl('')).toBe('unreadable'));
  it('a scheme with an empty authority (http://, //, ///a)', () => {
    for (const u of ['http://', 'https://?q', '//', '///a']) expect(classifyUrl(u), u).toBe('unreadable');
  });
  it('whitespace or a control character in the authority', () => {
    for (const u of ['https://exa mple.com/x', 'http://a\tb/', '//a b/c', 'http://\u0000/']) expect(classifyUrl(u), JSON.stringify(u)).toBe('unreadable');
  });
  it('a scheme without // (mailto:, urn:, http:/x, javascript:)', () => {
    for (const u of ['mailto:a@b.c', 'urn:isbn:1', 'http:/x', 'javascript:alert(1)', 'example.com:port/x']) expect(classifyUrl(u), u).toBe('unreadable');
  });
  it('text that is not a host (not a url, a@b, -/x)', () => {
    for (const u of ['not a url', 'a@b', '-/x', '.', 'é.com/x']) expect(classifyUrl(u), u).toBe('unreadable');
  });
  it('isReadableUrl is classifyUrl !== unreadable', () => {
    expect(isReadableUrl('https://example.com/')).toBe(true);
    expect(isReadableUrl('http://')).toBe(false);
  });
  it('throws TypeError for a non-string', () => {
    expect(() => classifyUrl(undefined as unknown as string)).toThrow(TypeError);
  });
});

describe('unreadable strings are still answered (by the path section 6 finds)', () => {
  it('not a url, mailto: and http:// answer as / does; https://exa mple.com/x as /x', () => {
    const robots = compileRobots('User-agent: *\nDisallow: /x\nAllow: /$\nDisallow: /\n');
    const rules = robots.agent('X');
    for (const u of ['not a url', 'mailto:a@b.c', 'http://']) expect(rules.isAllowed(u), u).toBe(rules.isAllowed('/'));
    expect(rules.isAllowed('https://exa mple.com/x')).toBe(false);
  });
});
