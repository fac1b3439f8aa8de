import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_MAX_BYTES, MAX_LINE_BYTES, parseForCompile, parseRobotsTxt } from '../src/parse.js';
import type { DiagnosticCode, ParsedRobots } from '../src/parse.js';
import { bytesOf } from './_bytes.js';
import { expectLinearSteps } from './_steps.js';

const ENCODER = new TextEncoder();

function ascii(bytes: Uint8Array): string {
  return String.fromCharCode(...bytes);
}

function codes(parsed: ParsedRobots): DiagnosticCode[] {
  return parsed.diagnostics.map((d) => d.code);
}

function diagsOf(parsed: ParsedRobots, code: DiagnosticCode): { line: number; severity: string; message: string }[] {
  return parsed.diagnostics.filter((d) => d.code === code);
}

/** All rules of all groups as [line, kind, pattern]. */
function rulesOf(parsed: ParsedRobots): [number, string, string][] {
  return parsed.groups.flatMap((g) => g.rules.map((r): [number, string, string] => [r.line, r.kind, r.pattern]));
}

describe('docs/semantics.md 1: Lines', () => {
  it('1: a leading UTF-8 byte-order mark is skipped', () => {
    const parsed = parseRobotsTxt(bytesOf([0xef, 0xbb, 0xbf], 'User-agent: a\nDisallow: /x'));
    expect(parsed.groups).toHaveLength(1);
    expect(parsed.groups[0]!.agents[0]!.value).toBe('a');
    expect(codes(parsed)).toEqual([]);
  });

  it('1: a leading BOM in a string input (U+FEFF) is skipped', () => {
    const parsed = parseRobotsTxt('\uFEFFUser-agent: a\nDisallow: /x');
    expect(rulesOf(parsed)).toEqual([[2, 'disallow', '/x']]);
    expect(codes(parsed)).toEqual([]);
  });

  it('1: a partial leading BOM (EF, EF BB) is skipped too', () => {
    for (const prefix of [[0xef], [0xef, 0xbb]]) {
      const parsed = parseRobotsTxt(bytesOf(prefix, 'User-agent: a\nDisallow: /x'));
      expect(parsed.groups).toHaveLength(1);
      expect(rulesOf(parsed)).toEqual([[2, 'disallow', '/x']]);
      expect(codes(parsed)).not.toContain('invalid-utf8');
    }
  });

  it('1: only the BOM prefix is skipped: EF followed by another byte keeps that byte', () => {
    const parsed = parseRobotsTxt(bytesOf([0xef], 'xUser-agent: a'));
    // "xUser-agent" is not a user-agent key.
    expect(parsed.groups).toHaveLength(0);
    expect(parsed.others.map((o) => o.key)).toEqual(['xUser-agent']);
  });

  it('1: a BOM anywhere else is ordinary bytes (bom-mid-file)', () => {
    const parsed = parseRobotsTxt(bytesOf('# c\n', [0xef, 0xbb, 0xbf], 'User-agent: a\nDisallow: /x'));
    expect(parsed.groups).toHaveLength(0);
    expect(parsed.others.map((o) => o.key)).toEqual(['\uFEFFUser-agent']);
    expect(diagsOf(parsed, 'bom-mid-file').map((d) => d.line)).toEqual([2]);
    expect(diagsOf(parsed, 'rule-outside-group').map((d) => d.line)).toEqual([3]);
  });

  it('1: a second BOM right after the leading one is not skipped', () => {
    const parsed = parseRobotsTxt(bytesOf([0xef, 0xbb, 0xbf, 0xef, 0xbb, 0xbf], 'User-agent: a'));
    expect(parsed.groups).toHaveLength(0);
    expect(diagsOf(parsed, 'bom-mid-file').map((d) => d.line)).toEqual([1]);
  });

  it('1: LF, CR and CRLF each end a line', () => {
    const parsed = parseRobotsTxt('User-agent: a\nDisallow: /1\rDisallow: /2\r\nDisallow: /3\n\nDisallow: /5');
    expect(rulesOf(parsed)).toEqual([
      [2, 'disallow', '/1'],
      [3, 'disallow', '/2'],
      [4, 'disallow', '/3'],
      [6, 'disallow', '/5'],
    ]);
    expect(parsed.lineCount).toBe(6);
  });

  it('1: LF CR is two line breaks, CR CR LF is two', () => {
    expect(rulesOf(parseRobotsTxt('User-agent: a\n\rDisallow: /x'))).toEqual([[3, 'disallow', '/x']]);
    expect(rulesOf(parseRobotsTxt('User-agent: a\r\r\nDisallow: /x'))).toEqual([[3, 'disallow', '/x']]);
    expect(rulesOf(parseRobotsTxt('User-agent: a\r\n\r\nDisallow: /x'))).toEqual([[3, 'disallow', '/x']]);
  });

  it('1: line count is the number of line breaks plus one (text after the last break is a line)', () => {
    expect(parseRobotsTxt('').lineCount).toBe(1);
    expect(parseRobotsTxt('a: b').lineCount).toBe(1);
    expect(parseRobotsTxt('a: b\n').lineCount).toBe(2);
    expect(parseRobotsTxt('a: b\r\n').lineCount).toBe(2);
    expect(parseRobotsTxt('\n\r\n\r').lineCount).toBe(4);
  });

  it('1: a line keeps at most its first 16,663 bytes; the truncated line is still used', () => {
    expect(MAX_LINE_BYTES).toBe(16_663);
    const head = 'Disallow: /';
    const long = head + 'a'.repeat(MAX_LINE_BYTES + 100 - head.length) + 'b';
    const parsed = parseRobotsTxt(`User-agent: a\n${long}\nDisallow: /next`);
    const rules = parsed.groups[0]!.rules;
    expect(rules[0]!.pattern).toBe('/' + 'a'.repeat(MAX_LINE_BYTES - head.length));
    expect(rules[0]!.rawBytes.length).toBe(MAX_LINE_BYTES - head.length + 1);
    expect(rules[1]).toMatchObject({ line: 3, pattern: '/next' });
    const tooLong = diagsOf(parsed, 'line-too-long');
    expect(tooLong.map((d) => d.line)).toEqual([2]);
    expect(tooLong[0]!.message).toContain('16,663');
  });

  it('1: a line of exactly 16,663 bytes is kept whole and not reported', () => {
    const head = 'Disallow: /';
    const exact = head + 'a'.repeat(MAX_LINE_BYTES - head.length - 1) + 'z';
    expect(exact.length).toBe(MAX_LINE_BYTES);
    const parsed = parseRobotsTxt(`User-agent: a\n${exact}`);
    expect(parsed.groups[0]!.rules[0]!.pattern.endsWith('az')).toBe(true);
    expect(codes(parsed)).not.toContain('line-too-long');
  });

  it('1: bytes past 16,663 cannot start a comment, a NUL or a directive', () => {
    const head = 'Disallow: /';
    const filler = 'a'.repeat(MAX_LINE_BYTES - head.length);
    const parsed = parseRobotsTxt(`User-agent: a\n${head}${filler}#\0 and more`);
    expect(parsed.groups[0]!.rules[0]!.pattern).toBe('/' + filler);
    expect(codes(parsed)).not.toContain('nul-byte');
  });

  it('1: a NUL byte ends the line content (nul-byte)', () => {
    const parsed = parseRobotsTxt(bytesOf('User-agent: a\nDisallow: /a', [0], 'b\nDisallow: /c'));
    expect(rulesOf(parsed)).toEqual([
      [2, 'disallow', '/a'],
      [3, 'disallow', '/c'],
    ]);
    const nul = diagsOf(parsed, 'nul-byte');
    expect(nul.map((d) => d.line)).toEqual([2]);
    expect(nul[0]!.message).toContain('line 2');
  });

  it('1: a NUL byte before the colon leaves no directive', () => {
    const parsed = parseRobotsTxt(bytesOf('User-agent: a\nDisa', [0], 'llow: /x'));
    expect(rulesOf(parsed)).toEqual([]);
    expect(diagsOf(parsed, 'no-directive').map((d) => d.line)).toEqual([2]);
  });

  it('1: # anywhere starts a comment, also inside a path or a sitemap URL', () => {
    const parsed = parseRobotsTxt(
      'User-agent: a # the a bot\nDisallow: /a#b\n#Disallow: /commented\nSitemap: https://e.com/s.xml#frag\n   # indented comment',
    );
    expect(parsed.groups[0]!.agents[0]!.value).toBe('a');
    expect(rulesOf(parsed)).toEqual([[2, 'disallow', '/a']]);
    expect(parsed.sitemaps).toEqual([{ line: 4, url: 'https://e.com/s.xml' }]);
    expect(codes(parsed)).toEqual([]);
  });

  it('1 (RFC 9309 2.5): at least 500 KiB is parsed by default', () => {
    expect(DEFAULT_MAX_BYTES).toBeGreaterThanOrEqual(500 * 1024);
    const filler = '#'.repeat(500 * 1024 - 40) + '\n';
    const parsed = parseRobotsTxt(`${filler}User-agent: a\nDisallow: /x`);
    expect(parsed.truncated).toBe(false);
    expect(rulesOf(parsed)).toEqual([[3, 'disallow', '/x']]);
  });

  it('1: content beyond the default limit is ignored and reported, not thrown (past-size-limit)', () => {
    const head = 'User-agent: a\nDisallow: /in\n';
    const filler = '#'.repeat(DEFAULT_MAX_BYTES - head.length - 1) + '\n';
    const text = `${head}${filler}Disallow: /out\n`;
    const parsed = parseRobotsTxt(text);
    expect(parsed.truncated).toBe(true);
    expect(parsed.byteLength).toBe(text.length);
    expect(rulesOf(parsed)).toEqual([[2, 'disallow', '/in']]);
    const past = diagsOf(parsed, 'past-size-limit');
    expect(past).toHaveLength(1);
    // The cut falls right after the filler's line break: at the start of line 4.
    expect(past[0]!.line).toBe(4);
    expect(parsed.lineCount).toBe(4);
  });

  it('1: maxBytes cuts inside a line; the cut line is still used and carries the report', () => {
    const text = 'User-agent: a\nDisallow: /abcdef\nDisallow: /z';
    const cut = 'User-agent: a\nDisallow: /abc'.length;
    const parsed = parseRobotsTxt(text, { maxBytes: cut });
    expect(parsed.truncated).toBe(true);
    expect(parsed.byteLength).toBe(text.length);
    expect(rulesOf(parsed)).toEqual([[2, 'disallow', '/abc']]);
    expect(diagsOf(parsed, 'past-size-limit').map((d) => d.line)).toEqual([2]);
  });

  it('1: maxBytes counts the BOM and an exact-size file is not truncated', () => {
    const text = bytesOf([0xef, 0xbb, 0xbf], 'User-agent: a\nDisallow: /x');
    const exact = parseRobotsTxt(text, { maxBytes: text.length });
    expect(exact.truncated).toBe(false);
    expect(codes(exact)).toEqual([]);
    const short = parseRobotsTxt(text, { maxBytes: text.length - 1 });
    expect(short.truncated).toBe(true);
    expect(rulesOf(short)).toEqual([[2, 'disallow', '/']]);
  });

  it('1: a multi-byte character cut by the size limit is not reported as invalid UTF-8', () => {
    const text = 'User-agent: a\nDisallow: /ツ';
    const parsed = parseRobotsTxt(text, { maxBytes: ENCODER.encode(text).length - 1 });
    expect(parsed.truncated).toBe(true);
    expect(codes(parsed)).toEqual(['past-size-limit']);
  });

  it('1: maxBytes 0 parses nothing; Infinity parses everything; NaN or negative is a RangeError', () => {
    const zero = parseRobotsTxt('User-agent: a\nDisallow: /', { maxBytes: 0 });
    expect(zero.groups).toEqual([]);
    expect(zero.truncated).toBe(true);
    expect(zero.lineCount).toBe(1);
    const big = `User-agent: a\n${'#'.repeat(DEFAULT_MAX_BYTES)}\nDisallow: /x`;
    expect(rulesOf(parseRobotsTxt(big, { maxBytes: Infinity }))).toEqual([[3, 'disallow', '/x']]);
    expect(() => parseRobotsTxt('', { maxBytes: Number.NaN })).toThrow(RangeError);
    expect(() => parseRobotsTxt('', { maxBytes: -1 })).toThrow(RangeError);
  });
});

describe('docs/semantics.md 2: Key and value', () => {
  it('2: after cutting the comment, SP HT LF VT FF CR are trimmed at both ends', () => {
    const parsed = parseRobotsTxt('\t\v\f User-agent \t\v:\f a \v\nDisallow:\t/x\f\v # c');
    expect(parsed.groups[0]!.agents[0]!.value).toBe('a');
    expect(rulesOf(parsed)).toEqual([[2, 'disallow', '/x']]);
  });

  it('2: the separator is the first colon; later colons are part of the value', () => {
    const parsed = parseRobotsTxt('User-agent: a\nDisallow: /a:b:c\nSitemap: http://e.com:8080/s');
    expect(rulesOf(parsed)).toEqual([[2, 'disallow', '/a:b:c']]);
    expect(parsed.sitemaps[0]!.url).toBe('http://e.com:8080/s');
  });

  it('2: with no colon, exactly two SP/HT-separated tokens are key and value (missing-colon)', () => {
    const parsed = parseRobotsTxt('User-agent a\nDisallow \t /x\nAllow\t/y');
    expect(parsed.groups[0]!.agents[0]!.value).toBe('a');
    expect(rulesOf(parsed)).toEqual([
      [2, 'disallow', '/x'],
      [3, 'allow', '/y'],
    ]);
    expect(diagsOf(parsed, 'missing-colon').map((d) => d.line)).toEqual([1, 2, 3]);
  });

  it('2: with no colon, one token or three tokens give no directive (no-directive)', () => {
    const parsed = parseRobotsTxt('User-agent: a\nDisallow\nDisallow /x /y\nUser agent foo');
    expect(rulesOf(parsed)).toEqual([]);
    expect(parsed.groups[0]!.agents).toHaveLength(1);
    expect(diagsOf(parsed, 'no-directive').map((d) => d.line)).toEqual([2, 3, 4]);
    expect(codes(parsed)).not.toContain('missing-colon');
  });

  it('2: VT/FF do not separate tokens without a colon', () => {
    const parsed = parseRobotsTxt('User-agent: a\nDisallow\v/x');
    expect(rulesOf(parsed)).toEqual([]);
    expect(diagsOf(parsed, 'no-directive').map((d) => d.line)).toEqual([2]);
  });

  it('2: `Disallow /x:y` has key `Disallow /x` (a disallow by prefix) and value `y`', () => {
    const parsed = parseRobotsTxt('User-agent: a\nDisallow /x:y');
    expect(rulesOf(parsed)).toEqual([[2, 'disallow', 'y']]);
    expect(codes(parsed)).not.toContain('missing-colon');
  });

  it('2: key and value are trimmed; spaces inside the value are kept', () => {
    const parsed = parseRobotsTxt('User-agent: a\nDisallow:   /a b\t c   ');
    expect(rulesOf(parsed)).toEqual([[2, 'disallow', '/a b\t c']]);
  });

  it('2: an empty key gives no directive (no-directive)', () => {
    const parsed = parseRobotsTxt('User-agent: a\n: /x\n  \t: /y');
    expect(rulesOf(parsed)).toEqual([]);
    expect(parsed.others).toEqual([]);
    expect(diagsOf(parsed, 'no-directive').map((d) => d.line)).toEqual([2, 3]);
  });

  it('2: blank and comment-only lines have no directive and no diagnostic', () => {
    const parsed = parseRobotsTxt('\n   \n\t# x\n');
    expect(parsed.diagnostics).toEqual([]);
    expect(parsed.lineCount).toBe(4);
  });

  it('2: keys are recognised case-insensitively', () => {
    const parsed = parseRobotsTxt('uSeR-AgEnT: a\nDISALLOW: /x\nalLOW: /y\nSITEMAP: http://s');
    expect(parsed.groups[0]!.agents[0]!.value).toBe('a');
    expect(rulesOf(parsed)).toEqual([
      [2, 'disallow', '/x'],
      [3, 'allow', '/y'],
    ]);
    expect(parsed.sitemaps.map((s) => s.url)).toEqual(['http://s']);
    expect(codes(parsed)).toEqual([]);
  });

  it('2: a canonical key right before its colon (matched ahead of the line scan) parses as the key written otherwise', () => {
    const fast = parseRobotsTxt('User-agent: a\nDisallow: /x*$\nALLOW: /y%41\nSitemap: http://s\nuser-agent: b # c\nDisallow:');
    const slow = parseRobotsTxt(' User-agent : a\n Disallow : /x*$\n ALLOW : /y%41\n Sitemap : http://s\n user-agent : b # c\n Disallow :');
    expect(fast.groups.map((g) => g.agents.map((a) => a.value))).toEqual([['a'], ['b']]);
    expect(rulesOf(fast)).toEqual([
      [2, 'disallow', '/x*$'],
      [3, 'allow', '/y%41'],
      [6, 'disallow', ''],
    ]);
    expect(fast.groups).toEqual(slow.groups);
    expect(fast.sitemaps).toEqual(slow.sitemaps);
    expect(codes(fast)).toEqual([]);
    expect(codes(slow)).toEqual([]);
    // `| 0x20` lower-cases CR to `-`: `User` CR `agent:` is two lines and no user-agent.
    const split = parseRobotsTxt('User\ragent: a\nDisallow: /x');
    expect(split.lineCount).toBe(3);
    expect(split.groups).toEqual([]);
    expect(codes(split)).toContain('rule-outside-group');
  });

  it('2: a canonical key on a line past the long-line scan (finishLongLine) parses as the key written otherwise', () => {
    const value = `/${'a'.repeat(300)}`;
    const fast = parseRobotsTxt(`User-agent: a\nDisallow:${value}#x\nAllow: ${value}b\n`);
    const slow = parseRobotsTxt(` User-agent: a\n Disallow :${value}#x\n Allow : ${value}b\n`);
    expect(rulesOf(fast)).toEqual([
      [2, 'disallow', value],
      [3, 'allow', `${value}b`],
    ]);
    expect(fast.groups).toEqual(slow.groups);
    expect(fast.diagnostics).toEqual(slow.diagnostics);
  });

  it('2: a canonical key whose value draws diagnostics reports them on its line, as the key written otherwise', () => {
    const enc = new TextEncoder();
    const bytesOf = (lines: readonly string[]): Uint8Array => {
      const parts = lines.map((l) => enc.encode(l));
      const out = new Uint8Array(parts.reduce((n, p) => n + p.length + 1, 0));
      let o = 0;
      for (const p of parts) {
        out.set(p, o);
        o += p.length;
        out[o++] = 0x0a;
      }
      return out;
    };
    // A rule before any group, a NUL in a value, a mid-line byte-order mark, invalid UTF-8 (0xFF).
    const lines = ['Disallow: /early', 'User-agent: a', 'Disallow: /n\u0000x', 'Allow: /\ufeffbom', 'Disallow: /ff'];
    const fastBytes = bytesOf(lines);
    const slowBytes = bytesOf(lines.map((l) => ` ${l.replace(':', ' :')}`));
    // The last value's last byte (an `f`) becomes 0xFF in both.
    for (const b of [fastBytes, slowBytes]) b[b.length - 2] = 0xff;
    const fast = parseRobotsTxt(fastBytes);
    const slow = parseRobotsTxt(slowBytes);
    // The same diagnostics on the same lines; their byte offsets differ by the two bytes the slow form adds.
    const seen = (p: ParsedRobots): string[] => p.diagnostics.map((d) => `${d.line} ${d.severity} ${d.code}`);
    expect(seen(fast)).toEqual(['1 warning rule-outside-group', ...seen(fast).slice(1)]);
    expect(seen(fast).length).toBe(4);
    expect(seen(fast)).toEqual(seen(slow));
    expect(fast.groups.map((g) => g.rules.map((r) => r.pattern))).toEqual(slow.groups.map((g) => g.rules.map((r) => r.pattern)));
  });

  it('2: keys are recognised by prefix (`Disallowed:`, `User-agents:` count) (key-prefix)', () => {
    const parsed = parseRobotsTxt('User-agents: a\nDisallowed: /x\nAllowance: /y\nSitemaps: http://s');
    expect(parsed.groups[0]!.agents[0]!.value).toBe('a');
    expect(rulesOf(parsed)).toEqual([
      [2, 'disallow', '/x'],
      [3, 'allow', '/y'],
    ]);
    expect(parsed.sitemaps.map((s) => s.url)).toEqual(['http://s']);
    const prefix = diagsOf(parsed, 'key-prefix');
    expect(prefix.map((d) => [d.line, d.severity])).toEqual([
      [1, 'info'],
      [2, 'info'],
      [3, 'info'],
      [4, 'info'],
    ]);
    expect(prefix[1]!.message).toContain("'Disallowed'");
  });

  it('2: user-agent typo forms `useragent` and `user agent` are accepted (typo-key)', () => {
    const parsed = parseRobotsTxt('Useragent: a\nDisallow: /x\nUser agent: b\nDisallow: /y');
    expect(parsed.groups.map((g) => g.agents.map((a) => a.value))).toEqual([['a'], ['b']]);
    expect(diagsOf(parsed, 'typo-key').map((d) => d.line)).toEqual([1, 3]);
  });

  it('2: disallow typo forms are accepted (typo-key, with a clear message)', () => {
    const typos = ['Dissallow', 'dissalow', 'DISALOW', 'diasllow', 'disallaw'];
    const text = ['User-agent: a', ...typos.map((t, i) => `${t}: /${i}`)].join('\n');
    const parsed = parseRobotsTxt(text);
    expect(rulesOf(parsed)).toEqual(typos.map((_, i) => [i + 2, 'disallow', `/${i}`]));
    const typo = diagsOf(parsed, 'typo-key');
    expect(typo.map((d) => d.line)).toEqual([2, 3, 4, 5, 6]);
    expect(typo[0]!.message).toBe("line 2: 'Dissallow' is a typo of 'Disallow'; accepted as Disallow");
    expect(['warning', 'info']).toContain(typo[0]!.severity);
  });

  it('2: allow has no typo forms (`Alow` is an unknown other directive)', () => {
    const parsed = parseRobotsTxt('User-agent: a\nAlow: /x\nAlloww: /y');
    expect(rulesOf(parsed)).toEqual([[3, 'allow', '/y']]);
    expect(parsed.others.map((o) => o.key)).toEqual(['Alow']);
    expect(diagsOf(parsed, 'unknown-key').map((d) => d.line)).toEqual([2]);
  });

  it('2: sitemap typo form `site-map` is accepted (typo-key)', () => {
    const parsed = parseRobotsTxt('Site-map: http://e.com/s.xml');
    expect(parsed.sitemaps).toEqual([{ line: 1, url: 'http://e.com/s.xml' }]);
    expect(diagsOf(parsed, 'typo-key').map((d) => d.line)).toEqual([1]);
  });

  it('2: anything else is an other directive kept with its line and group', () => {
    const parsed = parseRobotsTxt('Host: e.com\nUser-agent: a\nCrawl-delay: 3\nDisallow: /\nClean-param: ref /x\n');
    expect(parsed.others).toEqual([
      { line: 1, key: 'Host', value: 'e.com', group: -1 },
      { line: 3, key: 'Crawl-delay', value: '3', group: 0 },
      { line: 5, key: 'Clean-param', value: 'ref /x', group: 0 },
    ]);
    expect(codes(parsed)).toEqual([]);
  });

  it('2: unknown keys are kept and reported (unknown-key); known other keys are not', () => {
    const parsed = parseRobotsTxt(
      'User-agent: a\nNoindex: /x\nRequest-rate: 1/5\nVisit-time: 0600-0845\nACAP-crawler: *\nfont-size: 12px\nconstructor: x',
    );
    expect(parsed.others.map((o) => o.key)).toEqual([
      'Noindex',
      'Request-rate',
      'Visit-time',
      'ACAP-crawler',
      'font-size',
      'constructor',
    ]);
    const unknown = diagsOf(parsed, 'unknown-key');
    expect(unknown.map((d) => d.line)).toEqual([6, 7]);
    expect(unknown[0]!.message).toContain("'font-size'");
  });
});

describe('docs/semantics.md 3: Groups and user agents', () => {
  it('3: a group starts at a user-agent line that follows an allow/disallow line', () => {
    const parsed = parseRobotsTxt('User-agent: a\nDisallow: /1\nUser-agent: b\nAllow: /2\nUser-agent: c\nDisallow: /3');
    expect(parsed.groups.map((g) => g.agents.map((a) => a.value))).toEqual([['a'], ['b'], ['c']]);
    expect(parsed.groups.map((g) => g.rules.map((r) => r.pattern))).toEqual([['/1'], ['/2'], ['/3']]);
  });

  it('3: consecutive user-agent lines share a group, also with blank, comment, sitemap or other lines between', () => {
    const parsed = parseRobotsTxt(
      'User-agent: a\n\n# c\nUser-agent: b\nSitemap: http://s\nUser-agent: c\nCrawl-delay: 1\nUser-agent: d\nDisallow: /x',
    );
    expect(parsed.groups).toHaveLength(1);
    expect(parsed.groups[0]!.agents.map((a) => [a.line, a.value])).toEqual([
      [1, 'a'],
      [4, 'b'],
      [6, 'c'],
      [8, 'd'],
    ]);
    expect(rulesOf(parsed)).toEqual([[9, 'disallow', '/x']]);
  });

  it('3: sitemap and other lines never end a group', () => {
    const parsed = parseRobotsTxt(
      'User-agent: a\nDisallow: /1\nSitemap: http://s\nCrawl-delay: 2\nHost: h\nAllow: /2\n\nDisallow: /3',
    );
    expect(parsed.groups).toHaveLength(1);
    expect(parsed.groups[0]!.rules.map((r) => r.line)).toEqual([2, 6, 8]);
    expect(parsed.groups[0]!.crawlDelay).toBe(2);
    expect(parsed.others.map((o) => o.group)).toEqual([0, 0]);
  });

  it('3: a user-agent after a rule then other lines still starts a new group', () => {
    const parsed = parseRobotsTxt('User-agent: a\nDisallow: /1\nCrawl-delay: 4\nUser-agent: b\nDisallow: /2');
    expect(parsed.groups).toHaveLength(2);
    expect(parsed.others[0]!.group).toBe(0);
    expect(parsed.groups[0]!.crawlDelay).toBe(4);
    expect(parsed.groups[1]!.crawlDelay).toBeUndefined();
  });

  it('3: an empty allow/disallow value still ends the agent list and is kept as a rule', () => {
    const parsed = parseRobotsTxt('User-agent: a\nDisallow:\nUser-agent: b\nAllow:');
    expect(parsed.groups).toHaveLength(2);
    expect(rulesOf(parsed)).toEqual([
      [2, 'disallow', ''],
      [4, 'allow', ''],
    ]);
    expect(parsed.groups[0]!.rules[0]!.rawBytes.length).toBe(0);
    expect(parsed.groups[0]!.rules[0]!.escaped.length).toBe(0);
    expect(codes(parsed)).toEqual([]);
  });

  it('3: a trailing user-agent line with no rules is a group of its own', () => {
    const parsed = parseRobotsTxt('User-agent: a\nDisallow: /\nUser-agent: b\n');
    expect(parsed.groups).toHaveLength(2);
    expect(parsed.groups[1]!.rules).toEqual([]);
  });

  it('3: a user-agent is global for `*` alone or `*` followed by whitespace', () => {
    const values = ['*', '* foo', '*\tfoo', '*\vx', '*foo', '*/1.0', '**'];
    const parsed = parseRobotsTxt(values.map((v) => `User-agent: ${v}`).join('\n'));
    const agents = parsed.groups[0]!.agents;
    expect(agents.map((a) => [a.value, a.global, a.token])).toEqual([
      ['*', true, ''],
      ['* foo', true, ''],
      ['*\tfoo', true, ''],
      ['*\vx', true, ''],
      ['*foo', false, ''],
      ['*/1.0', false, ''],
      ['**', false, ''],
    ]);
  });

  it('3: the product token is the longest leading run of [A-Za-z_-], as written', () => {
    const values = ['Bot2', 'FooBot/1.2', 'My_Bot-x y', 'Googlebot-Image', '', '/x', '2bot', 'Bötchen'];
    const parsed = parseRobotsTxt(values.map((v) => `User-agent: ${v}`).join('\n'));
    expect(parsed.groups[0]!.agents.map((a) => a.token)).toEqual([
      'Bot',
      'FooBot',
      'My_Bot-x',
      'Googlebot-Image',
      '',
      '',
      '',
      'B',
    ]);
    expect(parsed.groups[0]!.agents.map((a) => a.global)).toEqual(values.map(() => false));
  });

  it('3: rules before the first user-agent line are dropped (rule-outside-group)', () => {
    const parsed = parseRobotsTxt('Disallow: /a\nAllow: /b\nSitemap: http://s\nUser-agent: x\nDisallow: /c');
    expect(rulesOf(parsed)).toEqual([[5, 'disallow', '/c']]);
    const outside = diagsOf(parsed, 'rule-outside-group');
    expect(outside.map((d) => d.line)).toEqual([1, 2]);
    expect(outside[0]!.message).toContain('line 1');
    // The dropped rules did not open a group: agent x starts group 0.
    expect(parsed.groups).toHaveLength(1);
  });

  it('3: no user-agent line at all gives no groups', () => {
    const parsed = parseRobotsTxt('Disallow: /\n');
    expect(parsed.groups).toEqual([]);
  });
});

describe('docs/semantics.md 4: Patterns (as produced by the parser)', () => {
  it('4: escaped keeps %xx with upper-cased hex and encodes bytes >= 0x80 as %XX', () => {
    const parsed = parseRobotsTxt('User-agent: a\nDisallow: /a%2fb%c3%A9/ツ\nDisallow: /%zz%4/%\nAllow: /plain*$');
    const [r1, r2, r3] = parsed.groups[0]!.rules;
    expect(ascii(r1!.escaped)).toBe('/a%2Fb%C3%A9/%E3%83%84');
    expect(ascii(r2!.escaped)).toBe('/%zz%4/%');
    expect(ascii(r3!.escaped)).toBe('/plain*$');
    expect(r1!.pattern).toBe('/a%2fb%c3%A9/ツ');
    expect(Array.from(r1!.rawBytes)).toEqual(Array.from(ENCODER.encode('/a%2fb%c3%A9/ツ')));
  });

  it('4: invalid UTF-8 in a value: pattern has U+FFFD, rawBytes and escaped keep the bytes (invalid-utf8)', () => {
    const parsed = parseRobotsTxt(bytesOf('User-agent: a\nDisallow: /x', [0xff, 0xc3], '\nDisallow: /ok'));
    const rule = parsed.groups[0]!.rules[0]!;
    expect(rule.pattern).toBe('/x\uFFFD\uFFFD');
    expect(Array.from(rule.rawBytes)).toEqual([0x2f, 0x78, 0xff, 0xc3]);
    expect(ascii(rule.escaped)).toBe('/x%FF%C3');
    const bad = diagsOf(parsed, 'invalid-utf8');
    expect(bad.map((d) => d.line)).toEqual([2]);
    expect(bad[0]!.message).toContain('line 2');
  });

  it('4: a non-empty value not starting with / or * can never match (pattern-never-matches)', () => {
    const parsed = parseRobotsTxt(
      'User-agent: a\nDisallow: private\nAllow: http://e.com/x\nDisallow: /ok\nDisallow: *ok\nDisallow:\nDisallow: $',
    );
    expect(rulesOf(parsed).map((r) => r[2])).toEqual(['private', 'http://e.com/x', '/ok', '*ok', '', '$']);
    const never = diagsOf(parsed, 'pattern-never-matches');
    expect(never.map((d) => [d.line, d.severity])).toEqual([
      [2, 'warning'],
      [3, 'warning'],
      [7, 'warning'],
    ]);
  });

  it('4: rawBytes of a caller buffer are a copy (mutating the input later changes nothing)', () => {
    const input = bytesOf('User-agent: a\nDisallow: /x');
    const parsed = parseRobotsTxt(input);
    input.fill(0x41);
    expect(ascii(parsed.groups[0]!.rules[0]!.rawBytes)).toBe('/x');
  });
});

describe('docs/semantics.md 8: What a user also gets', () => {
  it('8: sitemap URLs are global, in file order, wherever they appear', () => {
    const parsed = parseRobotsTxt(
      'Sitemap: http://e.com/1.xml\nUser-agent: a\nSitemap: http://e.com/2.xml\nDisallow: /\nSITEMAP:http://e.com/3.xml',
    );
    expect(parsed.sitemaps).toEqual([
      { line: 1, url: 'http://e.com/1.xml' },
      { line: 3, url: 'http://e.com/2.xml' },
      { line: 5, url: 'http://e.com/3.xml' },
    ]);
    expect(parsed.groups).toHaveLength(1);
  });

  it('8: a sitemap line without a URL is dropped and reported (empty-sitemap)', () => {
    const parsed = parseRobotsTxt('Sitemap:\nSitemap: # none');
    expect(parsed.sitemaps).toEqual([]);
    expect(diagsOf(parsed, 'empty-sitemap').map((d) => d.line)).toEqual([1, 2]);
  });

  it('8: a sitemap URL that is not fully qualified is listed and reported (relative-sitemap)', () => {
    const parsed = parseRobotsTxt(
      'Sitemap: /sitemap.xml\nUser-agent: *\nDisallow: /x\nSitemap: sitemap2.xml\nSitemap: https://example.com/s.xml\nSitemap: HTTP://e.com\nSitemap: https:///nohost\n',
    );
    expect(parsed.sitemaps.map((m) => m.url)).toEqual(['/sitemap.xml', 'sitemap2.xml', 'https://example.com/s.xml', 'HTTP://e.com', 'https:///nohost']);
    const found = diagsOf(parsed, 'relative-sitemap');
    expect(found.map((d) => [d.line, d.severity])).toEqual([
      [1, 'warning'],
      [4, 'warning'],
      [7, 'warning'],
    ]);
    expect(found[0]?.message).toBe('line 1: the Sitemap URL "/sitemap.xml" is not fully qualified (https://host/...): Google ignores it');
  });

  it('8: crawl-delay per group: the first valid one, as a number of seconds', () => {
    const parsed = parseRobotsTxt(
      'User-agent: a\nCrawl-delay: 10\nCrawl-delay: 20\nDisallow: /\nUser-agent: b\ncrawl-delay: 0.5\nAllow: /\nUser-agent: c\nDisallow: /\nUser-agent: d\nCrawl-Delay: .25',
    );
    expect(parsed.groups.map((g) => g.crawlDelay)).toEqual([10, 0.5, undefined, 0.25]);
    expect(parsed.others.filter((o) => o.key.toLowerCase() === 'crawl-delay').map((o) => o.line)).toEqual([
      2, 3, 6, 11,
    ]);
    expect(codes(parsed)).toEqual([]);
  });

  it('8: an invalid crawl-delay is reported and ignored (invalid-crawl-delay)', () => {
    const values = ['fast', '-1', '1e3', '0x10', 'Infinity', '5s', '1,5', '9'.repeat(400)];
    for (const v of values) {
      const parsed = parseRobotsTxt(`User-agent: a\nCrawl-delay: ${v}\nDisallow: /`);
      expect(parsed.groups[0]!.crawlDelay, v).toBeUndefined();
      expect(diagsOf(parsed, 'invalid-crawl-delay').map((d) => d.line), v).toEqual([2]);
    }
    const empty = parseRobotsTxt('User-agent: a\nCrawl-delay:\nCrawl-delay: 7');
    expect(empty.groups[0]!.crawlDelay).toBe(7);
    expect(diagsOf(empty, 'invalid-crawl-delay').map((d) => d.line)).toEqual([2]);
  });

  it('8: a crawl-delay before any user-agent line applies to no group (rule-outside-group)', () => {
    const parsed = parseRobotsTxt('Crawl-delay: 5\nUser-agent: a\nDisallow: /');
    expect(parsed.groups[0]!.crawlDelay).toBeUndefined();
    expect(parsed.others[0]).toEqual({ line: 1, key: 'Crawl-delay', value: '5', group: -1 });
    expect(diagsOf(parsed, 'rule-outside-group').map((d) => d.line)).toEqual([1]);
  });

  it('8: invalid UTF-8 is reported once per line, for overlongs, surrogates and cut sequences (invalid-utf8)', () => {
    const parsed = parseRobotsTxt(
      bytesOf(
        '# ok ツ\n# overlong ',
        [0xc0, 0x80],
        '\n# surrogate ',
        [0xed, 0xa0, 0x80],
        '\n# cut ',
        [0xe3, 0x83],
        '\n# above U+10FFFF ',
        [0xf4, 0x90, 0x80, 0x80],
        '\n# two ',
        [0xff, 0xfe],
        '\n# 4-byte ok ',
        [0xf0, 0x9f, 0x98, 0x80],
        '\n# 3-byte overlong ',
        [0xe0, 0x9f, 0xbf],
        '\n# 4-byte overlong ',
        [0xf0, 0x8f, 0xbf, 0xbf],
        '\n# lone continuation ',
        [0x80],
        '\n# edge ok ',
        [0xe0, 0xa0, 0x80, 0xed, 0x9f, 0xbf, 0xf4, 0x8f, 0xbf, 0xbf, 0xc2, 0x80],
      ),
    );
    expect(diagsOf(parsed, 'invalid-utf8').map((d) => d.line)).toEqual([2, 3, 4, 5, 6, 8, 9, 10]);
  });

  it('8: every diagnostic names its line in its message and has a 1-based line within range', () => {
    const parsed = parseRobotsTxt(
      bytesOf('Disallow: /a\nUser-agent a\nDissallow: x', [0], '\nfoo: bar\n\n', [0xef, 0xbb, 0xbf], 'x: \xff'),
      { maxBytes: 60 },
    );
    expect(parsed.diagnostics.length).toBeGreaterThan(4);
    for (const d of parsed.diagnostics) {
      expect(d.line).toBeGreaterThanOrEqual(1);
      expect(d.line).toBeLessThanOrEqual(parsed.lineCount);
      expect(d.message).toMatch(new RegExp(`^line ${d.line}\\b`));
    }
  });

  it('8: messages quote at most 60 characters of a key and show control characters as \\xNN', () => {
    const parsed = parseRobotsTxt(`${'K'.repeat(100)}: v\nFoo\vBar: x`);
    const [long, control] = diagsOf(parsed, 'unknown-key');
    expect(long!.message).toContain(`'${'K'.repeat(60)}...'`);
    expect(long!.message).not.toContain('K'.repeat(61));
    expect(control!.message).toContain("'Foo\\x0BBar'");
  });

  it('8: a string with a lone surrogate is encoded with U+FFFD and parses', () => {
    const parsed = parseRobotsTxt('User-agent: a\nDisallow: /\uD800x');
    const rule = parsed.groups[0]!.rules[0]!;
    expect(rule.pattern).toBe('/\uFFFDx');
    expect(ascii(rule.escaped)).toBe('/%EF%BF%BDx');
  });
});

describe('limits and linear work (RFC 9309 2.5)', () => {
  // Work is counted (countSteps: lookups, pushes, loop steps), not timed: the bench times parse.
  it('100,000 user agents parse in linear work', () => {
    const textOf = (n: number): string => 'User-agent: ab\n'.repeat(n) + 'Disallow: /';
    expectLinearSteps('user agents', 50_000, (n) => {
      const text = textOf(n);
      return () => parseRobotsTxt(text, { maxBytes: Infinity });
    });
    expect(parseRobotsTxt(textOf(100_000), { maxBytes: Infinity }).groups[0]!.agents).toHaveLength(100_000);
  });

  it('30,000 rules (about 600 KB) parse in linear work', () => {
    const textOf = (n: number): string => {
      const lines = ['User-agent: *'];
      for (let i = 0; i < n; i++) lines.push(`Disallow: /dir${i}/*.php$`);
      return lines.join('\n');
    };
    expectLinearSteps('rules', 15_000, (n) => {
      const text = textOf(n);
      return () => parseRobotsTxt(text, { maxBytes: Infinity });
    });
    expect(parseRobotsTxt(textOf(30_000), { maxBytes: Infinity }).groups[0]!.rules).toHaveLength(30_000);
  });

  // countSteps sees the parser's per-line work (pushes, lookups), not its indexed byte loops: it
  // holds the work per line constant as the line grows; a per-byte blow-up needs a byte counter
  // from parse.ts to be asserted here (the bench times these inputs).
  it('one 500 KiB line and 500 KiB of colons or spaces parse in linear work', () => {
    for (const ch of ['a', ':', ' ', '#', 'a ']) {
      const textOf = (kib: number): string => `User-agent: a\nDisallow: /${ch.repeat(Math.floor((kib * 1024) / ch.length))}`;
      expectLinearSteps(JSON.stringify(ch), 250, (kib) => {
        const text = textOf(kib);
        return () => parseRobotsTxt(text);
      });
      expect(parseRobotsTxt(textOf(500)).groups, JSON.stringify(ch)).toHaveLength(1);
    }
  });
});

describe('parseForCompile (the parse of compile and compileRobots)', () => {
  /** The parse less what parseForCompile leaves out: diagnostics and each rule's pattern text. */
  const lean = (p: ParsedRobots): unknown => ({
    ...p,
    diagnostics: [],
    groups: p.groups.map((g) => ({ ...g, rules: g.rules.map((r) => ({ ...r, pattern: '' })) })),
  });

  it('gives the full parse less its diagnostics and rule texts, on hostile lines and every 40th corpus file, in both profiles', () => {
    const dir = join(import.meta.dirname, '../../../test/fixtures/corpus/robots');
    const inputs: Uint8Array[] = readdirSync(dir).sort().filter((_, i) => i % 40 === 0).map((f) => new Uint8Array(readFileSync(join(dir, f))));
    inputs.push(
      bytesOf('User-agent: *\nDisallow: /a', [0xff, 0xfe], '/b\n', [0xef, 0xbb, 0xbf], 'Allow: /c\x00x\nnocolon here\nSitemap: rel\n', 'x'.repeat(MAX_LINE_BYTES + 5)),
      // Preference statements that parse, fail, fail only for their case, or answer nothing:
      // the compile-only parse reads their answers without building findings.
      bytesOf('User-agent: *\nContent-Usage: /a train-ai=n, search=y\nContent-Signal: Train-AI=N, ((\nContent-Usage: train-ai=N\nContent-Signal: search=yes, ai-train=maybe, search=no\nContent-Usage: /b\n'),
      // The first byte >= 0x80 past the 4 KiB the parse probes before decoding the file, and right at the start.
      bytesOf(`# ${'x'.repeat(5_000)}\nUser-agent: b`, [0xc3, 0xa9], 't\nHost: ', [0xff], '\nDisallow: /', [0xe3, 0x83, 0x84], '\n'),
      bytesOf([0xff], '\nUser-agent: b', [0xc3, 0xa9], 't\nDisallow: /', [0xc3, 0xa9], '%7e%2f\n'),
    );
    let diagnosed = 0;
    for (const bytes of inputs) {
      for (const profile of ['rfc9309', 'google'] as const) {
        for (const maxBytes of [DEFAULT_MAX_BYTES, 40]) {
          const full = parseRobotsTxt(bytes, { profile, maxBytes });
          const got = parseForCompile(bytes, { profile, maxBytes });
          expect(got.diagnostics).toEqual([]);
          for (const g of got.groups) for (const r of g.rules) expect(r.pattern).toBe('');
          expect(lean(got)).toEqual(lean(full));
          diagnosed += full.diagnostics.length;
        }
      }
    }
    // The comparison covered files with diagnostics, not only clean ones.
    expect(diagnosed).toBeGreaterThan(10);
  });
});
