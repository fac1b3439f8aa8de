// The conformance suite: hand-derived verdicts for every bullet of docs/semantics.md sections 1 to 7.
//
// Every expected verdict (and deciding line) below was worked out by hand from docs/semantics.md and the
// lead's decisions in CONTRACT.md, never by running an implementation. Each `add` call states
// one robots.txt and a list of URL checks; every check becomes one case per profile. A check
// `[url, rfc]` expects the same in both profiles, `[url, rfc, google]` states them apart.
// Cases whose profiles differ are marked with a third element; look for those first when a
// profile-specific change breaks something.

import { bytesOf } from '../../packages/compiler/test/_bytes.js';

/** One conformance case: a robots.txt, a crawler, a URL, a profile and the expected verdict. */
export interface ConformanceCase {
  /** What the case checks (unique together with `spec`, `agent`, `url` and `profile`). */
  readonly name: string;
  /** The docs/semantics.md bullet it checks: `<section>.<bullet id>.<detail>`, e.g. `1.lines.crlf`. */
  readonly spec: string;
  readonly robotsTxt: string | Uint8Array;
  readonly agent: string;
  readonly url: string;
  readonly profile: 'rfc9309' | 'google';
  readonly allowed: boolean;
  /** Expected deciding line (1-based), 0 = no rule decided; absent = not checked. */
  readonly line?: number;
  /** Parse limit to pass (`maxBytes` option); absent = the default 512,000 bytes. */
  readonly maxBytes?: number;
}

/** Expected outcome: a bare verdict, or `[allowed, deciding line]` (line 0: no rule decided). */
type Outcome = boolean | readonly [boolean, number];
/** One URL check: same outcome in both profiles, or `[url, rfc9309, google]`. */
type Check = readonly [url: string, rfc: Outcome] | readonly [url: string, rfc: Outcome, google: Outcome];

const cases: ConformanceCase[] = [];

/** Allowed, decided by `line` (0: no rule decided). */
const A = (line = 0): Outcome => [true, line];
/** Disallowed by the rule on `line`. */
const D = (line: number): Outcome => [false, line];

function add(
  spec: string,
  what: string,
  robotsTxt: string | Uint8Array,
  checks: readonly Check[],
  extra: { agent?: string; maxBytes?: number } = {},
): void {
  const agent = extra.agent ?? 'FooBot';
  for (const check of checks) {
    const [url, rfc] = check;
    const google = check.length === 3 ? check[2] : rfc;
    for (const [profile, outcome] of [['rfc9309', rfc], ['google', google]] as const) {
      const [allowed, line] = typeof outcome === 'boolean' ? [outcome, undefined] : outcome;
      const shownUrl = url.length > 60 ? `${url.slice(0, 40)}...(${url.length} chars)` : url;
      cases.push({
        name: `${what} | agent ${JSON.stringify(agent)} url ${JSON.stringify(shownUrl)}`,
        spec,
        robotsTxt,
        agent,
        url,
        profile,
        allowed,
        ...(line === undefined ? {} : { line }),
        ...(extra.maxBytes === undefined ? {} : { maxBytes: extra.maxBytes }),
      });
    }
  }
}

const STAR = 'User-agent: *\n';
const BOM = [0xef, 0xbb, 0xbf] as const;

// ---------------------------------------------------------------------------------------------
// 1. Lines
// ---------------------------------------------------------------------------------------------

add('1.bom.full', 'a full BOM at the start is skipped', bytesOf(BOM, `${STAR}Disallow: /a`), [['/a', D(2)], ['/b', A()]]);
add('1.bom.partial-efbb', 'a partial BOM EF BB at the start is skipped', bytesOf([0xef, 0xbb], `${STAR}Disallow: /a`), [['/a', D(2)]]);
add('1.bom.partial-ef', 'a partial BOM EF at the start is skipped', bytesOf([0xef], `${STAR}Disallow: /a`), [['/a', D(2)]]);
add('1.bom.string', 'U+FEFF opening a string robots.txt is skipped', `\uFEFF${STAR}Disallow: /a`, [['/a', D(2)]]);
add('1.bom.twice', 'a second BOM is ordinary bytes: the first key is unknown', bytesOf(BOM, BOM, `${STAR}Disallow: /a`), [['/a', A()]]);
add('1.bom.bbbf', 'BB BF without EF is ordinary bytes', bytesOf([0xbb, 0xbf], `${STAR}Disallow: /a`), [['/a', A()]]);
add('1.bom.ef-ef', 'EF then a full BOM: only the first EF is skipped', bytesOf([0xef], BOM, `${STAR}Disallow: /a`), [['/a', A()]]);
add('1.bom.partial-then-lf', 'EF BB then LF: the LF is an ordinary line break', bytesOf([0xef, 0xbb, 0x0a], `${STAR}Disallow: /a`), [['/a', D(3)]]);
add('1.bom.then-blank-line', 'BOM then an empty first line', bytesOf(BOM, `\n${STAR}Disallow: /a`), [['/a', D(3)]]);
add('1.bom.mid-file-line-start', 'a BOM opening line 2 is part of its key', bytesOf(STAR, BOM, 'Disallow: /a'), [['/a', A()]]);
add('1.bom.mid-file-value', 'BOM bytes ending a value are escaped pattern bytes', bytesOf(`${STAR}Disallow: /a`, BOM), [
  ['/a', A()],
  ['/a%EF%BB%BF', D(2)],
  ['/a\uFEFF', D(2), A()],
]);
add('1.bom.mid-file-agent', 'a BOM before a user-agent value is part of the value', bytesOf('User-agent: ', BOM, 'FooBot\nDisallow: /'), [['/a', A()]]);

add('1.lines.lf', 'LF ends a line', `${STAR}Disallow: /a`, [['/a', D(2)]]);
add('1.lines.cr', 'CR ends a line', 'User-agent: *\rDisallow: /a', [['/a', D(2)]]);
add('1.lines.crlf', 'CRLF is one line break', 'User-agent: *\r\nDisallow: /a', [['/a', D(2)]]);
add('1.lines.lfcr', 'LF CR is two line breaks', 'User-agent: *\n\rDisallow: /a', [['/a', D(3)]]);
add('1.lines.crcrlf', 'CR CRLF is two line breaks', 'User-agent: *\r\r\nDisallow: /a', [['/a', D(3)]]);
add('1.lines.crcr', 'CR CR is two line breaks', 'User-agent: *\r\rDisallow: /a', [['/a', D(3)]]);
add('1.lines.lflf', 'LF LF is two line breaks', 'User-agent: *\n\nDisallow: /a', [['/a', D(3)]]);
add('1.lines.crlf-blank', 'blank CRLF lines are counted once each', 'User-agent: *\r\n\r\n\r\nDisallow: /a', [['/a', D(4)]]);
add('1.lines.mixed', 'CRLF, CR and LF mixed in one file', 'User-agent: *\r\nAllow: /a\rDisallow: /\nDisallow: /b\r\n', [
  ['/a', A(2)],
  ['/b', D(4)],
  ['/c', D(3)],
]);
add('1.lines.cr-splits-value', 'a CR inside a value ends the line', `${STAR}Disallow: /a\rb`, [['/ab', D(2)], ['/b', A()]]);
add('1.lines.lfcr-trailing', 'LF CR at the end of lines', 'User-agent: FooBot\n\rDisallow: /x\n\r', [['/x', D(3)]]);
add('1.lines.no-final-break', 'the last line needs no line break', 'User-agent: *\r\nDisallow: /a', [['/ab', D(2)]]);

const CAP = 16_663;
const RULE = 'Disallow: /'; // 11 bytes
const fill = (n: number): string => 'a'.repeat(n);
add('1.linecap.anchor-kept', 'a final $ at byte 16,663 is kept', `${STAR}${RULE}${fill(CAP - 12)}$`, [
  [`/${fill(CAP - 12)}`, D(2)],
  [`/${fill(CAP - 12)}z`, A()],
]);
add('1.linecap.anchor-cut', 'a final $ at byte 16,664 is cut: the rule becomes a prefix', `${STAR}${RULE}${fill(CAP - 11)}$`, [
  [`/${fill(CAP - 11)}z`, D(2)],
  [`/${fill(CAP - 11)}`, D(2)],
]);
add('1.linecap.last-byte-kept', 'byte 16,663 is kept, byte 16,664 is dropped', `${STAR}${RULE}${fill(CAP - 12)}bc`, [
  [`/${fill(CAP - 12)}bx`, D(2)],
  [`/${fill(CAP - 12)}c`, A()],
]);
add('1.linecap.rest-dropped', 'the rest of a long line is dropped, not a new line', `${STAR}${RULE}${fill(CAP - 11)}Disallow: /b\nDisallow: /c`, [
  ['/b', A()],
  ['/c', D(3)],
]);
add('1.linecap.crlf-after-long-line', 'CRLF after a long line', `${STAR}${RULE}${fill(CAP)}\r\nDisallow: /c`, [['/c', D(3)]]);
add('1.linecap.utf8-split', 'the cut splits a UTF-8 character: its first byte stays', `${STAR}${RULE}${fill(CAP - 12)}ツ`, [
  [`/${fill(CAP - 12)}ツ`, D(2), A()],
  [`/${fill(CAP - 12)}%E3%81%82`, D(2)],
  [`/${fill(CAP - 12)}`, A()],
]);
add('1.linecap.leading-space-counts', 'leading spaces count toward the cap', `${STAR}${' '.repeat(CAP - 3)}Disallow: /a`, [['/a', A()]]);
add('1.linecap.leading-space-fits', 'a line of exactly 16,663 bytes with leading spaces', `${STAR}${' '.repeat(CAP - 12)}Disallow: /a`, [['/a', D(2)]]);
add('1.linecap.long-agent-line', 'a long user-agent line is cut but still used', `User-agent: FooBot${' '.repeat(CAP)}x\nDisallow: /`, [['/a', D(2)]]);

add('1.nul.value', 'a NUL ends the value', bytesOf(`${STAR}Disallow: /a`, [0], 'b'), [['/ac', D(2)]]);
add('1.nul.next-line', 'the line after a NUL is parsed normally', bytesOf(`${STAR}Disallow: /a`, [0], 'zzz\nDisallow: /b'), [['/b', D(3)], ['/azzz', D(2)]]);
add('1.nul.key', 'a NUL inside the key leaves one token: no directive', bytesOf(`${STAR}Disal`, [0], 'low: /a'), [['/a', A()]]);
add('1.nul.before-colon', 'a NUL before the colon leaves one token: no directive', bytesOf(`${STAR}Disallow`, [0], ': /a'), [['/a', A()]]);
add('1.nul.agent', 'a NUL inside a user-agent value', bytesOf('User-agent: Foo', [0], 'Bar\nDisallow: /'), [['/a', D(2)]], { agent: 'Foo' });
add('1.nul.agent', 'a NUL inside a user-agent value', bytesOf('User-agent: Foo', [0], 'Bar\nDisallow: /'), [['/a', A()]], { agent: 'FooBar' });
add('1.nul.line-start', 'a NUL opening line 1 empties it', bytesOf([0], `${STAR}Disallow: /`), [['/x', A()]]);
add('1.nul.string', 'a NUL in a string robots.txt', `${STAR}Disallow: /a\u0000b`, [['/ac', D(2)]]);
add('1.nul.hides-comment-free-rest', 'a NUL before a line break keeps the line count', bytesOf(`${STAR}Disallow: /a`, [0], '\n\nDisallow: /b'), [['/b', D(4)]]);

add('1.comment.in-path', '# inside a path starts a comment', `${STAR}Disallow: /a#b`, [['/ax', D(2)], ['/x', A()]]);
add('1.comment.full-line', 'full-line comments', '# User-agent: *\nUser-agent: FooBot\n# Disallow: /\nDisallow: /a', [['/b', A()], ['/a', D(4)]]);
add('1.comment.after-agent', 'a comment after a user-agent value', 'User-agent: FooBot # me\nDisallow: /', [['/x', D(2)]]);
add('1.comment.after-star', 'a comment right after *', 'User-agent: *#all\nDisallow: /', [['/x', D(2)]], { agent: 'Other' });
add('1.comment.empties-value', 'a comment at the start of a value leaves it empty', `${STAR}Disallow: #/a`, [['/a', A()]]);
add('1.comment.no-escaping', 'a backslash does not escape #', `${STAR}Disallow: /a\\#b`, [['/a\\x', D(2)], ['/a#b', A()]]);
add('1.comment.url-hash', '%23 in a pattern is not a comment', `${STAR}Disallow: /a%23b`, [['/a%23b', D(2)], ['/a#b', A()]]);
add('1.comment.in-key', '# inside the key leaves one token', `${STAR}Disal#low: /a`, [['/a', A()]]);
add('1.comment.between-agents', 'a comment line between user-agent lines', 'User-agent: other\n# note\nUser-agent: FooBot\nDisallow: /x', [['/x', D(4)]]);
add('1.comment.commented-rule', 'a commented-out rule', `${STAR}Disallow: /\n#Allow: /a`, [['/a', D(2)]]);
add('1.comment.in-sitemap', '# in a sitemap URL', 'User-agent: FooBot\nSitemap: http://x/s#a\nDisallow: /a', [['/a', D(3)]]);

const HEAD = `${STAR}Disallow: /early\n`; // 30 bytes
const LIMIT = 512_000;
const BIG = `${HEAD}#${'x'.repeat(LIMIT - HEAD.length - 2)}\nDisallow: /late\n`; // 'Disallow: /late' starts at byte 512,000
add('1.limit.before-default', 'a rule before the 512,000-byte default limit', BIG, [['/early', D(2)]]);
add('1.limit.after-default', 'a rule starting at byte 512,000 is ignored', BIG, [['/late', A()]]);
add('1.limit.larger-limit', 'a larger maxBytes reads the rule', BIG, [['/late', D(4)]], { maxBytes: 600_000 });
add('1.limit.cut-inside-line', 'a limit inside a line keeps its start', BIG, [['/late', D(4)], ['/lb', A()]], { maxBytes: LIMIT + 13 });
add('1.limit.cut-after-first-byte', 'only the D of the rule is read', BIG, [['/late', A()]], { maxBytes: LIMIT + 1 });
const NEAR = `${HEAD}#${'x'.repeat(511_950)}\nDisallow: /mid\n`; // the rule ends at byte 511,996
add('1.limit.near-500kib', 'a rule ending just before 512,000 bytes is read', NEAR, [['/mid', D(4)]]);
add('1.limit.near-500kib-bytes', 'the same as bytes', bytesOf(NEAR), [['/mid', D(4)], ['/early', D(2)]]);
const SMALL = `${STAR}Disallow: /a\nDisallow: /b\n`;
add('1.limit.small', 'maxBytes 27 ends after line 2', SMALL, [['/a', D(2)], ['/b', A()]], { maxBytes: 27 });
add('1.limit.small-bytes', 'maxBytes 27 on bytes', bytesOf(SMALL), [['/a', D(2)], ['/b', A()]], { maxBytes: 27 });
add('1.limit.zero', 'maxBytes 0 reads nothing', SMALL, [['/a', A()]], { maxBytes: 0 });
add('1.limit.counts-utf8-bytes', 'the limit counts UTF-8 bytes, not UTF-16 units', `${STAR}Disallow: /ツ\nDisallow: /b`, [
  ['/c', D(3)],
  ['/%E3%83%84', D(2)],
], { maxBytes: 14 + 15 + 11 });

// ---------------------------------------------------------------------------------------------
// 2. Key and value
// ---------------------------------------------------------------------------------------------

add('2.trim.spaces-tabs', 'spaces and tabs around a line', '  User-agent: *  \n\tDisallow: /a$ \t\n', [['/a', D(2)], ['/ab', A()]]);
add('2.trim.vt-ff', 'VT and FF are trimmed', `${STAR}Disallow:\u000b/a$\u000c`, [['/a', D(2)], ['/ab', A()]]);
add('2.trim.before-comment', 'spaces before a comment are trimmed', `${STAR}Disallow: /a$   # c`, [['/a', D(2)]]);
add('2.trim.line-start-vt-ff', 'VT FF before a key', `\u000b\u000cUser-agent: *\nDisallow: /a`, [['/a', D(2)]]);
add('2.trim.nbsp-not-space', 'U+00A0 is not trimmed', `${STAR}Disallow: /a\u00a0`, [
  ['/a', A()],
  ['/a%C2%A0', D(2)],
  ['/a\u00a0', D(2), A()],
]);

add('2.separator.no-colon-space', 'two tokens separated by a space', `${STAR}Disallow /a`, [['/a', D(2)], ['/b', A()]]);
add('2.separator.no-colon-tab', 'two tokens separated by a tab', `${STAR}Disallow\t/a`, [['/a', D(2)]]);
add('2.separator.no-colon-blanks', 'two tokens separated by several blanks', `${STAR}Disallow \t  /a`, [['/a', D(2)]]);
add('2.separator.no-colon-agent', 'User-agent without colon', 'User-agent FooBot\nDisallow: /a', [['/a', D(2)]]);
add('2.separator.no-colon-comment', 'two tokens then a comment', `${STAR}Disallow /a # note`, [['/a', D(2)]]);
add('2.separator.three-tokens', 'three tokens without colon: no directive', `${STAR}Disallow /a /b`, [['/a', A()], ['/b', A()]]);
add('2.separator.three-tokens-agent', '"User agent FooBot" has three tokens', 'User agent FooBot\nDisallow: /a', [['/a', A()]]);
add('2.separator.one-token', 'a single token: no directive', `${STAR}Disallow\nDisallow: /a`, [['/b', A()], ['/a', D(3)]]);
add('2.separator.x-colon-y', '"Disallow /x:y" has key "Disallow /x" and value "y"', `${STAR}Disallow /x:y`, [['/x:y', A()], ['/x', A()], ['/y', A()]]);
add('2.separator.x-colon-path', '"Disallow /x: /y" disallows /y', `${STAR}Disallow /x: /y`, [['/y', D(2)], ['/x', A()]]);
add('2.separator.first-colon', 'the first colon separates; later colons are in the value', `${STAR}Disallow: /a:b`, [['/a:b', D(2)], ['/a', A()]]);
add('2.separator.agent-first-colon', '"User-agent: Foo: Bar" has value "Foo: Bar"', 'User-agent: Foo: Bar\nDisallow: /', [['/a', D(2)]], { agent: 'Foo' });
add('2.separator.agent-first-colon', '"User-agent: Foo: Bar" has value "Foo: Bar"', 'User-agent: Foo: Bar\nDisallow: /', [['/a', A()]], { agent: 'Bar' });
add('2.separator.agent-key-with-space', '"User-agent Foo: Bar" has key "User-agent Foo"', 'User-agent Foo: Bar\nDisallow: /', [['/a', D(2)]], { agent: 'Bar' });
add('2.separator.agent-key-with-space', '"User-agent Foo: Bar" has key "User-agent Foo"', 'User-agent Foo: Bar\nDisallow: /', [['/a', A()]], { agent: 'Foo' });
add('2.separator.space-before-colon', 'spaces before the colon', `${STAR}Disallow : /a`, [['/a', D(2)]]);
add('2.separator.no-space-after-colon', 'no spaces at all', 'User-agent:*\nDisallow:/a', [['/a', D(2)]]);
add('2.separator.empty-key', 'an empty key: no directive', `${STAR}: /a\nDisallow: /b`, [['/a', A()], ['/b', D(3)]]);
add('2.separator.vt-not-blank', 'VT does not separate two tokens', `${STAR}Disallow\u000b/a`, [['/a', A()]]);
add('2.separator.vt-inside-token', 'VT inside the second token', `${STAR}Disallow /a\u000bb`, [['/a\u000bb', D(2)], ['/a', A()]]);
add('2.separator.colon-many-words', 'with a colon, a value may have many words', `${STAR}Disallow: /a /b c`, [['/a /b c', D(2)], ['/a', A()]]);

add('2.value.inner-space', 'a space inside the value is kept', `${STAR}Disallow: /a b`, [['/a b', D(2)], ['/a', A()], ['/a%20b', A()]]);
add('2.value.double-space', 'two spaces inside the value are kept', `${STAR}Disallow: /a  b`, [['/a b', A()], ['/a  b', D(2)]]);
add('2.value.inner-tab', 'a tab inside the value is kept', `${STAR}Disallow: /a\tb`, [['/a\tb', D(2)], ['/a', A()]]);
add('2.value.trimmed', 'value trimmed at both ends', `${STAR}Disallow:    /a$   `, [['/a', D(2)], ['/ab', A()]]);
add('2.value.agent-trimmed', 'user-agent value trimmed', 'User-agent:    FooBot   \nDisallow: /', [['/a', D(2)]]);

for (const key of ['user-agent', 'USER-AGENT', 'User-Agent', 'useragent', 'UserAgent', 'user agent', 'User Agent', 'User-agents', 'User-agentX', 'user-agent-foo']) {
  add('2.keys.user-agent', `"${key}" is a user-agent key`, `${key}: FooBot\nDisallow: /`, [['/x', D(2)]]);
}
for (const key of ['User_agent', 'Usr-agent', 'agent', 'User-agen', 'Useragen', 'Users-agent']) {
  add('2.keys.not-user-agent', `"${key}" is not a user-agent key`, `${key}: *\nDisallow: /`, [['/x', A()]]);
}
for (const key of ['allow', 'ALLOW', 'Allow', 'Allowed', 'Allowance', 'allow-disallow']) {
  add('2.keys.allow', `"${key}" is an allow key`, `${STAR}Disallow: /\n${key}: /a`, [['/a', A(3)], ['/b', D(2)]]);
}
for (const key of ['Alow', 'Allw', 'A llow', 'Alllow']) {
  add('2.keys.not-allow', `"${key}" is not an allow key (no typos for allow)`, `${STAR}Disallow: /\n${key}: /a`, [['/a', D(2)]]);
}
for (const key of ['disallow', 'DISALLOW', 'DisAllow', 'Disallowed', 'Disallowing', 'dissallow', 'Dissallow', 'dissalow', 'DISSALOW', 'disalow', 'Disalowed', 'diasllow', 'Diasllow', 'disallaw', 'DISALLAWS']) {
  add('2.keys.disallow', `"${key}" is a disallow key`, `${STAR}${key}: /a`, [['/a', D(2)], ['/b', A()]]);
}
for (const key of ['Dis-allow', 'Disallw', 'Disalllow', 'Diallow', 'Disalaw', 'Deny', 'Dissalaw', 'Disllow']) {
  add('2.keys.not-disallow', `"${key}" is not a disallow key`, `${STAR}${key}: /a`, [['/a', A()]]);
}
for (const line of ['Sitemap: http://x/s.xml', 'site-map: http://x/s.xml', 'SITEMAPS: x', 'Crawl-delay: 5', 'Host: x', 'Clean-param: a', 'Foo: bar', 'Alow: /x', 'garbage line here']) {
  add('2.keys.other-keeps-group', `"${line}" between user-agent lines keeps the group`, `User-agent: FooBot\n${line}\nUser-agent: other\nDisallow: /`, [['/x', D(4)]]);
}
add('2.keys.other-no-effect', 'an unknown key has no effect on matching', `${STAR}Noindex: /x\nCrawl-delay: /x`, [['/x', A()]]);
add('2.keys.user-agent-first', 'a key starting with "useragent" is a user-agent even if it mentions disallow', `${STAR}Useragent-Disallow: /a`, [['/a', A()]]);

// ---------------------------------------------------------------------------------------------
// 3. Groups and user agents
// ---------------------------------------------------------------------------------------------

add('3.groups.consecutive', 'consecutive user-agent lines share a group', 'User-agent: other\nUser-agent: FooBot\nDisallow: /x', [['/x', D(3)]]);
add('3.groups.consecutive', 'consecutive user-agent lines share a group', 'User-agent: other\nUser-agent: FooBot\nDisallow: /x', [['/x', D(3)]], { agent: 'other' });
add('3.groups.blank-between', 'a blank line between user-agent lines keeps the group', 'User-agent: other\n\nUser-agent: FooBot\nDisallow: /x', [['/x', D(4)]]);
add('3.groups.blank-before-rules', 'a blank line before the rules keeps the group', 'User-agent: FooBot\n\nDisallow: /x', [['/x', D(3)]]);
add('3.groups.comment-between', 'a comment between user-agent lines keeps the group', 'User-agent: FooBot\n# c\nUser-agent: other\nDisallow: /x', [['/x', D(4)]]);
add('3.groups.sitemap-between', 'a sitemap line does not end a group', 'User-agent: FooBot\nSitemap: http://x/s.xml\nUser-agent: other\nDisallow: /', [['/x', D(4)]]);
add('3.groups.other-between', 'a crawl-delay line does not end a group', 'User-agent: FooBot\nCrawl-delay: 3\nUser-agent: other\nDisallow: /', [['/x', D(4)]]);
add('3.groups.invalid-line-between', 'a line without directive does not end a group', 'User-agent: FooBot\nthis is not a rule\nUser-agent: other\nDisallow: /', [['/a', D(4)]]);
add('3.groups.sitemap-mid-rules', 'rules after a sitemap line stay in the group', 'User-agent: FooBot\nDisallow: /a\nSitemap: s\nDisallow: /b', [['/b', D(4)]]);
add('3.groups.other-mid-rules', 'rules after a crawl-delay line stay in the group', 'User-agent: FooBot\nDisallow: /a\nCrawl-delay: 1\nDisallow: /b', [['/b', D(4)]]);
add('3.groups.after-disallow', 'a user-agent line after a disallow starts a new group', 'User-agent: FooBot\nDisallow: /a\nUser-agent: other\nDisallow: /b', [['/b', A()], ['/a', D(2)]]);
add('3.groups.after-allow', 'a user-agent line after an allow starts a new group', 'User-agent: FooBot\nAllow: /a\nUser-agent: other\nDisallow: /', [['/b', A()]]);
add('3.groups.after-empty-rule', 'an empty disallow also ends the user-agent run', 'User-agent: FooBot\nDisallow:\nUser-agent: other\nDisallow: /', [['/b', A()]]);
add('3.groups.other-then-own', 'another group then ours', 'User-agent: other\nDisallow: /\nUser-agent: FooBot\nAllow: /x\nDisallow: /y', [['/a', A()], ['/y', D(5)], ['/x', A(4)]]);

add('3.global.star', '* alone is global', `${STAR}Disallow: /`, [['/a', D(2)]], { agent: 'Other' });
add('3.global.star-space-word', '"* foo" is global', 'User-agent: * foo\nDisallow: /', [['/a', D(2)]], { agent: 'Other' });
add('3.global.star-tab-word', '"*<HT>foo" is global', 'User-agent: *\tfoo\nDisallow: /', [['/a', D(2)]], { agent: 'Other' });
add('3.global.star-vt-word', '"*<VT>foo" is global (VT is whitespace)', 'User-agent: *\u000bfoo\nDisallow: /', [['/a', D(2)]], { agent: 'Other' });
add('3.global.star-trailing-space', '"* " is global', 'User-agent: *   \nDisallow: /', [['/a', D(2)]], { agent: 'Other' });
add('3.global.star-word', '"*foo" is not global', 'User-agent: *foo\nDisallow: /', [['/a', A()]], { agent: 'Other' });
add('3.global.star-word', '"*foo" is not global and its token is not foo', 'User-agent: *foo\nDisallow: /', [['/a', A()]], { agent: 'foo' });
add('3.global.double-star', '"**" is not global', 'User-agent: **\nDisallow: /', [['/a', A()]], { agent: 'Other' });
add('3.global.star-slash', '"*/1.0" is not global', 'User-agent: */1.0\nDisallow: /', [['/a', A()]], { agent: 'Other' });
add('3.global.word-star', '"Foo *" is the token Foo, not global', 'User-agent: Foo *\nDisallow: /', [['/a', A()]], { agent: 'Other' });
add('3.global.word-star', '"Foo *" is the token Foo', 'User-agent: Foo *\nDisallow: /', [['/a', D(2)]], { agent: 'Foo' });
add('3.global.star-then-name', '"* FooBot" is global, not a FooBot group', 'User-agent: * FooBot\nDisallow: /a\nUser-agent: *\nAllow: /', [['/a', D(2)], ['/b', A(4)]]);

add('3.token.digit', 'digits end the token: Bot2 gives Bot', 'User-agent: Bot2\nDisallow: /', [['/a', D(2)]], { agent: 'Bot' });
add('3.token.digit', 'digits end the token: Bot2 gives Bot', 'User-agent: Bot2\nDisallow: /', [['/a', A()]], { agent: 'Bot2' });
add('3.token.version', 'FooBot/1.2 gives FooBot', 'User-agent: FooBot/1.2\nDisallow: /', [['/a', D(2)]], { agent: 'FooBot' });
add('3.token.version', 'FooBot/1.2 gives FooBot', 'User-agent: FooBot/1.2\nDisallow: /', [['/a', A()]], { agent: 'FooBot/1.2' });
add('3.token.underscore-hyphen', '_ and - belong to the token', 'User-agent: Foo_Bar-Baz\nDisallow: /', [['/a', D(2)]], { agent: 'Foo_Bar-Baz' });
add('3.token.underscore-hyphen', '_ and - belong to the token', 'User-agent: Foo_Bar-Baz\nDisallow: /', [['/a', A()]], { agent: 'Foo' });
add('3.token.space', 'a space ends the token', 'User-agent: Foo Bar\nDisallow: /', [['/a', D(2)]], { agent: 'Foo' });
add('3.token.space', 'a space ends the token', 'User-agent: Foo Bar\nDisallow: /', [['/a', A()]], { agent: 'Foo Bar' });
add('3.token.dot', 'a dot ends the token', 'User-agent: Foo.Bar\nDisallow: /', [['/a', D(2)]], { agent: 'Foo' });
add('3.token.star-word-empty', '"*foo" gives the empty token', 'User-agent: *foo\nDisallow: /', [['/a', D(2)]], { agent: '' });
add('3.token.slash-empty', '"/x" gives the empty token', 'User-agent: /x\nDisallow: /', [['/a', D(2)]], { agent: '' });
add('3.token.slash-empty', '"/x" gives the empty token', 'User-agent: /x\nDisallow: /', [['/a', A()]], { agent: 'x' });
add('3.token.empty-value', 'an empty user-agent value gives the empty token', 'User-agent:\nDisallow: /', [['/a', D(2)]], { agent: '' });
add('3.token.empty-value', 'an empty user-agent value gives the empty token', 'User-agent:\nDisallow: /', [['/a', A()]], { agent: 'FooBot' });
add('3.token.non-ascii', 'a non-ASCII letter ends the token', 'User-agent: ÄBot\nDisallow: /', [['/a', D(2)]], { agent: '' });
add('3.token.non-ascii', 'a non-ASCII letter ends the token', 'User-agent: ÄBot\nDisallow: /', [['/a', A()]], { agent: 'ÄBot' });
add('3.token.non-ascii', 'a non-ASCII letter ends the token', 'User-agent: ÄBot\nDisallow: /', [['/a', A()]], { agent: 'Bot' });
add('3.token.digit-first', 'a leading digit gives the empty token', 'User-agent: 2Bot\nDisallow: /', [['/a', D(2)]], { agent: '' });
add('3.token.digit-first', 'a leading digit gives the empty token', 'User-agent: 2Bot\nDisallow: /', [['/a', A()]], { agent: 'Bot' });

const FOO_ALL = 'User-agent: FooBot\nDisallow: /';
for (const agent of ['foobot', 'FOOBOT', 'fOoBoT']) add('3.agent.case-insensitive', 'agent compared case-insensitively', FOO_ALL, [['/a', D(2)]], { agent });
add('3.agent.case-insensitive-group', 'group token case does not matter', 'User-agent: fOObOT\nDisallow: /', [['/a', D(2)]]);
for (const agent of ['Foo', 'FooBotX', 'FooBot/1.0', 'FooBot ', ' FooBot', 'FooBot2', 'Mozilla/5.0 (compatible; FooBot/1.0)']) {
  add('3.agent.verbatim', 'the caller agent is compared verbatim, never cut', FOO_ALL, [['/a', A()]], { agent });
}
add('3.agent.group-prefix', 'a group token that is a prefix of the agent does not match', 'User-agent: Foo\nDisallow: /', [['/a', A()]]);
add('3.agent.ascii-only-case', 'Kelvin sign K does not lower-case to k', 'User-agent: Koo\nDisallow: /', [['/a', A()]], { agent: '\u212Aoo' });
add('3.agent.ascii-only-case', 'ASCII case folding', 'User-agent: Koo\nDisallow: /', [['/a', D(2)]], { agent: 'kOO' });
add('3.agent.ascii-only-case', 'dotless i does not upper-case to I', 'User-agent: Bit\nDisallow: /', [['/a', A()]], { agent: 'B\u0131t' });
add('3.agent.ascii-only-case', 'long s does not upper-case to S', 'User-agent: Sbot\nDisallow: /', [['/a', A()]], { agent: '\u017Fbot' });

const M1 = 'User-agent: FooBot\nDisallow: /a\nUser-agent: other\nDisallow: /\nUser-agent: FooBot\nDisallow: /b';
add('3.merge.own-groups', 'two FooBot groups merge', M1, [['/a', D(2)], ['/b', D(6)], ['/c', A()]]);
const M2 = 'User-agent: FooBot\nDisallow: /a\nUser-agent: other\nDisallow: /\nUser-agent: FooBot\nAllow: /ab';
add('3.merge.allow-in-later-group', 'a longer allow in a later FooBot group wins', M2, [['/abc', A(6)], ['/ax', D(2)]]);
const M3 = 'User-agent: *\nDisallow: /a\nUser-agent: FooBot\nDisallow: /x\nUser-agent: *\nDisallow: /b';
add('3.merge.global-groups', 'two global groups merge', M3, [['/a', D(2)], ['/b', D(6)], ['/x', A()]], { agent: 'Other' });
add('3.merge.global-groups', 'FooBot ignores both global groups', M3, [['/b', A()], ['/x', D(4)]]);
const M4 = 'User-agent: *\nUser-agent: FooBot\nDisallow: /a\nUser-agent: *\nDisallow: /b';
add('3.merge.shared-star-group', 'a group naming * and FooBot is FooBot\'s own group', M4, [['/a', D(3)], ['/b', A()]]);
add('3.merge.shared-star-group', 'and it is also a global group', M4, [['/a', D(3)], ['/b', D(5)]], { agent: 'Other' });
const M5 = 'User-agent: foobot\nDisallow: /a\nUser-agent: x\nDisallow: /\nUser-agent: FOOBOT\nDisallow: /b';
add('3.merge.case', 'groups merge case-insensitively', M5, [['/a', D(2)], ['/b', D(6)], ['/c', A()]]);
const M6 = 'User-agent: Bot2\nDisallow: /a\nUser-agent: x\nDisallow: /\nUser-agent: Bot3\nDisallow: /b';
add('3.merge.by-token', 'Bot2 and Bot3 both give Bot', M6, [['/a', D(2)], ['/b', D(6)], ['/c', A()]], { agent: 'Bot' });
const M7 = 'User-agent: FooBot\nDisallow: /a*\nUser-agent: x\nDisallow: /\nUser-agent: FooBot\nDisallow: /ab';
add('3.merge.earliest-across-groups', 'equal rules across merged groups: earliest line', M7, [['/ab', D(2)]]);
const M8 = 'User-agent: FooBot\nDisallow: /ab\nUser-agent: x\nDisallow: /\nUser-agent: FooBot\nAllow: /ab';
add('3.merge.allow-tie-across-groups', 'allow wins a tie across merged groups', M8, [['/ab', A(6)]]);

add('3.hide.bare-trailing', 'a bare trailing "User-agent: FooBot" hides *', `${STAR}Disallow: /\nUser-agent: FooBot`, [['/a', A()]]);
add('3.hide.bare-trailing', 'other crawlers still use *', `${STAR}Disallow: /\nUser-agent: FooBot`, [['/a', D(2)]], { agent: 'Other' });
add('3.hide.empty-rule', 'an own group with only "Disallow:" hides *', 'User-agent: FooBot\nDisallow:\n\nUser-agent: *\nDisallow: /', [['/a', A()]]);
add('3.hide.empty-rule', 'other crawlers still use *', 'User-agent: FooBot\nDisallow:\n\nUser-agent: *\nDisallow: /', [['/a', D(5)]], { agent: 'Other' });
add('3.hide.non-matching-rules', 'own rules that do not match: allowed, * ignored', 'User-agent: FooBot\nDisallow: /x\n\nUser-agent: *\nDisallow: /', [['/y', A()], ['/x', D(2)]]);
add('3.hide.allow-only', 'own group with a non-matching allow', `${STAR}Disallow: /\nUser-agent: FooBot\nAllow: /a`, [['/b', A()]]);
add('3.hide.sitemap-only', 'own group with only a sitemap line', `${STAR}Disallow: /\nUser-agent: FooBot\nSitemap: http://x/s`, [['/b', A()]]);
add('3.hide.invalid-rules-only', 'own group whose rule line has no directive', `${STAR}Disallow: /\nUser-agent: FooBot\nDisallow /a /b`, [['/a', A()]]);
add('3.hide.by-token', 'FooBot2 names FooBot and hides *', `${STAR}Disallow: /\nUser-agent: FooBot2`, [['/a', A()]]);
add('3.hide.shared-group', 'FooBot in the global group itself is not hiding anything', 'User-agent: FooBot\nUser-agent: *\nDisallow: /', [['/a', D(3)]]);

add('3.ignored.before-first-agent', 'rules before the first user-agent line', `Disallow: /\n${STAR}Disallow: /x`, [['/a', A()], ['/x', D(3)]]);
add('3.ignored.no-agent', 'no user-agent line at all', 'Disallow: /\nAllow: /x', [['/a', A()]]);
add('3.ignored.other-agents-only', 'only groups for other crawlers, no global group', 'User-agent: other\nDisallow: /', [['/a', A()]]);
add('3.ignored.other-group-rules', 'rules in another crawler\'s group', 'User-agent: other\nDisallow: /a\nUser-agent: *\nDisallow: /b', [['/a', A()], ['/b', D(4)]]);
add('3.ignored.sitemap-before-agent', 'a sitemap does not open a group', `Sitemap: http://x/s\nDisallow: /\n${STAR}Disallow: /x`, [['/a', A()]]);
add('3.ignored.empty-file', 'an empty robots.txt', '', [['/a', A()]]);
add('3.ignored.empty-bytes', 'an empty byte array', new Uint8Array(0), [['/', A()]]);
add('3.ignored.whitespace-file', 'a robots.txt of blanks', '  \n\t\n', [['/a', A()]]);
add('3.ignored.comment-file', 'a robots.txt of comments', '# nothing\n# at all\n', [['/a', A()]]);

// ---------------------------------------------------------------------------------------------
// 4. Patterns
// ---------------------------------------------------------------------------------------------

const P = (pattern: string): string => `${STAR}Disallow: ${pattern}`;
add('4.escape.lower-hex', '%aa is kept with upper-case hex', P('/%aa'), [['/%AA', D(2)], ['/%aa', D(2), A()]]);
add('4.escape.mixed-hex', '%Aa is kept with upper-case hex', P('/%Aa'), [['/%AA', D(2)]]);
add('4.escape.non-ascii', 'non-ASCII pattern bytes become %XX', P('/ツ'), [['/%E3%83%84', D(2)], ['/%e3%83%84', D(2), A()], ['/ツ', D(2), A()]]);
add('4.escape.non-ascii-query', 'non-ASCII in a query pattern', P('/*?q=ü'), [['/s?q=%C3%BC', D(2)], ['/s?q=u', A()]]);
add('4.escape.escaped-kept', 'an escaped pattern stays escaped', P('/%E3%83%84'), [['/%E3%83%84', D(2)], ['/ツ', D(2), A()]]);
add('4.escape.invalid-hex', '%zz is literal', P('/%zz'), [['/%zz', D(2)], ['/%ZZ', A()]]);
add('4.escape.lone-percent', 'a final % is literal', P('/a%'), [['/a%', D(2)], ['/a%25', D(2)], ['/a', A()]]);
add('4.escape.one-hex-digit', '% with one hex digit is literal', P('/a%4'), [['/a%4', D(2)], ['/a%4x', D(2)], ['/a%40', D(2)]]);
add('4.escape.reserved-hex', '%2f is kept (upper-cased), not decoded', P('/a%2fb'), [['/a%2Fb', D(2)], ['/a%2fb', D(2), A()], ['/a/b', A()]]);
add('4.escape.raw-byte', 'an invalid UTF-8 byte becomes %FF', bytesOf(`${STAR}Disallow: /`, [0xff]), [['/%FF', D(2)], ['/%ff', D(2), A()]]);
add('4.escape.latin1-byte', 'a Latin-1 byte E9 becomes %E9, not %C3%A9', bytesOf(`${STAR}Disallow: /`, [0xe9]), [['/%E9', D(2)], ['/é', A()]]);
add('4.escape.ascii-unchanged', 'ASCII punctuation unchanged', P("/a~b!c'(d)"), [["/a~b!c'(d)", D(2)]]);

add('4.empty.disallow', '"Disallow:" allows everything', `${STAR}Disallow:`, [['/a', A()], ['/', A()]]);
add('4.empty.allow-vs-disallow', 'an empty allow does not win against a disallow', `${STAR}Allow:\nDisallow: /`, [['/a', D(3)]]);
add('4.empty.after-disallow', 'an empty allow after a disallow', `${STAR}Disallow: /a\nAllow:`, [['/a', D(2)]]);
add('4.empty.comment-value', 'a value that is only a comment', `${STAR}Disallow: # nothing`, [['/', A()]]);
add('4.empty.blank-value', 'a value of blanks', `${STAR}Disallow:  \t `, [['/', A()]]);
add('4.empty.both-empty', 'only empty rules', `${STAR}Disallow:\nAllow:`, [['/b', A()]]);

add('4.match.anchored', 'patterns are anchored at the path start', P('/a'), [['/b/a', A()], ['/a', D(2)], ['/ab', D(2)]]);
add('4.match.case', 'matching is case-sensitive', P('/A'), [['/a', A()], ['/A', D(2)]]);
add('4.match.star-empty', '* matches any run, also empty and /', P('/a*b'), [['/ab', D(2)], ['/axxb', D(2)], ['/a/x/b', D(2)], ['/ba', A()]]);
add('4.match.star-alone', '"*" matches every path', P('*'), [['/', D(2)], ['/any/thing?x', D(2)]]);
add('4.match.star-leading', 'a pattern may start with *', P('*a'), [['/xa', D(2)], ['/b', A()]]);
add('4.match.star-dollar-only', '"*$" matches every path', P('*$'), [['/x', D(2)]]);
add('4.match.double-star', 'consecutive stars', P('/**a'), [['/a', D(2)], ['/xyz', A()]]);
add('4.match.multi-star', 'several stars', P('/*a*b*c'), [['/xaybzc', D(2)], ['/cba', A()]]);
add('4.match.dollar-end', 'a final $ anchors at the end', P('/a$'), [['/a', D(2)], ['/ab', A()], ['/a?x', A()], ['/a/', A()]]);
add('4.match.dollar-alone', '"$" alone never matches', P('$'), [['/', A()]]);
add('4.match.slash-dollar', '"/$" matches only the root', P('/$'), [['/', D(2)], ['/a', A()], ['http://x', D(2)]]);
add('4.match.dollar-middle', 'a $ not at the end is literal', P('/a$b'), [['/a$b', D(2)], ['/a', A()], ['/ab', A()]]);
add('4.match.dollar-dollar', '"$$": the first is literal, the last anchors', P('/a$$'), [['/a$', D(2)], ['/a$x', A()], ['/a', A()]]);
add('4.match.dollar-star', '"$*": the $ is literal', P('/a$*'), [['/a$x', D(2)], ['/a', A()]]);
add('4.match.star-dollar', '"/*.php$"', P('/*.php$'), [['/x.php', D(2)], ['/a/b.php', D(2)], ['/x.php?y', A()], ['/x.php5', A()]]);
add('4.match.not-slash-start', 'a pattern not starting with / or * never matches', P('a'), [['/a', A()]]);
add('4.match.not-slash-start', 'a pattern starting with ? never matches', P('?x'), [['/?x', A()]]);
add('4.match.not-slash-start', 'a pattern starting with a letter and a star never matches', P('a*'), [['/a', A()]]);
add('4.match.not-slash-start', 'a pattern starting with %2F never matches', P('%2Fa'), [['/a', A()], ['/%2Fa', A()]]);
add('4.match.regex-chars-literal', '. is literal', P('/a.b'), [['/axb', A()], ['/a.b', D(2)]]);
add('4.match.regex-chars-literal', '? is literal', P('/a?'), [['/a', A()], ['/ab', A()], ['/a?', D(2)]]);
add('4.match.regex-chars-literal', '+ is literal', P('/a+'), [['/aa', A()], ['/a+', D(2)]]);
add('4.match.regex-chars-literal', '( | ) are literal', P('/(a|b)'), [['/a', A()], ['/(a|b)', D(2)]]);
add('4.match.regex-chars-literal', '[ ] are literal', P('/[ab]'), [['/a', A()], ['/[ab]x', D(2)]]);
add('4.match.regex-chars-literal', 'backslash is literal', P('/a\\d'), [['/a1', A()], ['/a\\d', D(2)]]);
add('4.match.longer-than-path', 'a pattern longer than the path', P('/abc'), [['/ab', A()]]);
add('4.match.slash', '"/" matches everything', P('/'), [['/', D(2)], ['/x/y', D(2)]]);
add('4.match.query', 'patterns see the query', P('/*?'), [['/a?b', D(2)], ['/a', A()]]);
add('4.match.query', 'a query prefix', P('/a?b=1'), [['http://x/a?b=1&c=2', D(2)], ['http://x/a?b=2', A()]]);

// ---------------------------------------------------------------------------------------------
// 5. Decision: longest match
// ---------------------------------------------------------------------------------------------

add('5.priority.stars-beat-ab', '/*** (4) beats /ab (3)', `${STAR}Disallow: /ab\nAllow: /***`, [['/ab', A(3)]]);
add('5.priority.stars-beat-ab', '/*** (4) beats /ab (3), reversed kinds', `${STAR}Allow: /ab\nDisallow: /***`, [['/ab', D(3)]]);
add('5.priority.multibyte-10', '/ツ (10) ties /********* (10): allow wins', `${STAR}Disallow: /ツ\nAllow: /*********`, [['/%E3%83%84', A(3)], ['/ツ', A(3)]]);
add('5.priority.multibyte-10', '/ツ (10) beats /******** (9)', `${STAR}Disallow: /ツ\nAllow: /********`, [['/%E3%83%84', D(2)], ['/ツ', D(2), A(3)]]);
add('5.priority.percent-3', '%2F counts 3: /%2F (4) ties /*** (4)', `${STAR}Allow: /***\nDisallow: /%2F`, [['/%2F', A(2)]]);
add('5.priority.percent-3', '%2F counts 3: /%2F (4) beats /** (3)', `${STAR}Allow: /**\nDisallow: /%2F`, [['/%2F', D(3)]]);
add('5.priority.percent-3', 'lower-case %2f also counts 3', `${STAR}Allow: /**\nDisallow: /%2f`, [['/%2F', D(3)]]);
add('5.priority.star-counts-1', '/a* (3) loses to /abc (4)', `${STAR}Allow: /a*\nDisallow: /abc`, [['/abc', D(3)], ['/abd', A(2)]]);
add('5.priority.dollar-counts-1', '/a$ (3) beats /a (2)', `${STAR}Disallow: /a\nAllow: /a$`, [['/a', A(3)], ['/ab', D(2)]]);
add('5.priority.dollar-counts-1', '/a$ (3) beats /a (2), reversed kinds', `${STAR}Allow: /a\nDisallow: /a$`, [['/a', D(3)], ['/ab', A(2)]]);
add('5.priority.longest', 'a longer disallow beats a shorter allow', `${STAR}Allow: /a\nDisallow: /ab`, [['/abc', D(3)], ['/ac', A(2)]]);
add('5.priority.longest', 'a longer allow beats a shorter disallow', `${STAR}Allow: /p\nDisallow: /`, [['/page', A(2)], ['/x', D(3)]]);
add('5.priority.google-doc', '/page.htm: /*.htm (6) beats /page (5)', `${STAR}Allow: /page\nDisallow: /*.htm`, [['/page.htm', D(3)], ['/page', A(2)]]);
add('5.priority.google-doc', 'Allow /$ Disallow /', `${STAR}Allow: /$\nDisallow: /`, [['/', A(2)], ['/page', D(3)]]);
add('5.priority.percent-unreserved', '/%41 counts 4 in google, 2 (as /A) in rfc9309', `${STAR}Allow: /**\nDisallow: /%41`, [['/%41', A(2), D(3)]]);
add('5.priority.nonfinal-dollar', '/a$b counts 4 in google, 6 (as /a%24b) in rfc9309', `${STAR}Allow: /a$b\nDisallow: /*****`, [['/a$b', A(2), D(3)]]);

add('5.decide.allow-wins-tie', 'disallow then allow of the same pattern', `${STAR}Disallow: /a\nAllow: /a`, [['/a', A(3)]]);
add('5.decide.allow-wins-tie', 'allow then disallow of the same pattern', `${STAR}Allow: /a\nDisallow: /a`, [['/a', A(2)]]);
add('5.decide.allow-wins-tie', 'equal length, different patterns', `${STAR}Disallow: /a*\nAllow: /*b`, [['/ab', A(3)]]);
add('5.decide.earliest-line', 'two disallows of equal priority: the earliest', `${STAR}Disallow: /a*\nDisallow: /ab`, [['/ab', D(2)]]);
add('5.decide.earliest-line', 'two disallows of equal priority, reversed order: the earliest', `${STAR}Disallow: /ab\nDisallow: /a*`, [['/ab', D(2)]]);
add('5.decide.earliest-line', 'two allows of equal priority: the earliest', `${STAR}Disallow: /\nAllow: /a*\nAllow: /ab`, [['/abc', A(3)]]);
add('5.decide.earliest-line', 'tie won by the earliest allow', `${STAR}Disallow: /ab\nAllow: /a*\nAllow: /*b`, [['/ab', A(3)]]);
add('5.decide.earliest-line', 'the same pattern twice', `${STAR}Disallow: /a\nDisallow: /a`, [['/a', D(2)]]);
add('5.decide.highest', 'the highest priority wins whatever its line', `${STAR}Disallow: /abc\nAllow: /ab\nDisallow: /a`, [['/abcd', D(2)], ['/abx', A(3)], ['/ax', D(4)]]);
add('5.decide.no-match', 'no rule matches', `${STAR}Disallow: /a`, [['/b', A()]]);
add('5.decide.allow-only', 'a lone allow decides', `${STAR}Allow: /a`, [['/a', A(2)], ['/b', A()]]);

const I1 = `${STAR}Allow: /d/index.html\nDisallow: /d/`;
add('5.index.dir', 'Allow /d/index.html also allows /d/', I1, [['/d/', A(2)], ['/d/index.html', A(2)], ['/d/x', D(3)], ['/d/?x', D(3)], ['http://x/d/#f', A(2)]]);
add('5.index.priority-4', 'the derived /d/$ has priority 4: ties /d/* (4)', `${STAR}Disallow: /d/*\nAllow: /d/index.html`, [['/d/', A(3)]]);
add('5.index.priority-4', 'the derived /d/$ has priority 4: loses to /d/** (5)', `${STAR}Disallow: /d/**\nAllow: /d/index.html`, [['/d/', D(2)]]);
add('5.index.index-htm', 'index.htm counts too', `${STAR}Allow: /d/index.htm\nDisallow: /d/`, [['/d/', A(2)]]);
add('5.index.starts-with', 'any part starting with index.htm', `${STAR}Allow: /d/index.html5\nDisallow: /d/`, [['/d/', A(2)]]);
add('5.index.with-query', 'index.html?x=1 after the last slash', `${STAR}Allow: /d/index.html?x=1\nDisallow: /d/`, [['/d/', A(2)], ['/d/?x=1', D(3)]]);
add('5.index.not-index', 'index.php is not index.htm', `${STAR}Allow: /d/index.php\nDisallow: /d/`, [['/d/', D(3)]]);
add('5.index.case', 'Index.html is not index.htm', `${STAR}Allow: /d/Index.html\nDisallow: /d/`, [['/d/', D(3)]]);
add('5.index.in-middle', 'xindex.html does not start with index.htm', `${STAR}Allow: /d/xindex.html\nDisallow: /d/`, [['/d/', D(3)]]);
add('5.index.disallow-only', 'disallow rules get no derived pattern', `${STAR}Disallow: /d/index.html`, [['/d/', A()]]);
add('5.index.root', 'Allow /index.html also allows /', `${STAR}Allow: /index.html\nDisallow: /`, [['/', A(2)], ['http://x', A(2)], ['/a', D(3)]]);
add('5.index.not-last-slash', 'index.html before the last slash', `${STAR}Allow: /a/index.html/b\nDisallow: /a/`, [['/a/', D(3)]]);
add('5.index.trailing-slash', 'a pattern ending in / after index.html', `${STAR}Allow: /d/index.html/\nDisallow: /d/`, [['/d/', D(3)]]);
add('5.index.no-slash', 'no slash at all: nothing derived', `${STAR}Allow: index.html\nDisallow: /`, [['/', D(3)]]);
add('5.index.wildcard', 'a wildcard before index.html', `${STAR}Allow: /*/index.html\nDisallow: /`, [['/x/y/', A(2)], ['/x/y/z', D(3)]]);
add('5.index.google-test', 'Google\'s own test', 'user-agent: FooBot\ndisallow: /\nallow: /allowed-slash/index.html', [
  ['http://foo.com/allowed-slash/', A(3)],
  ['http://foo.com/allowed-slash/index.htm', D(2)],
  ['http://foo.com/allowed-slash/index.html', A(3)],
  ['http://foo.com/anyother-url', D(2)],
]);
add('5.index.profile-form', '%69ndex.html is index.html only after rfc9309 decoding', `${STAR}Allow: /d/%69ndex.html\nDisallow: /d/`, [['/d/', A(2), D(3)]]);
add('5.index.non-ascii-dir', 'non-ASCII directory', `${STAR}Allow: /ツ/index.html\nDisallow: /`, [['/%E3%83%84/', A(2)], ['/ツ/', A(2), D(3)]]);

add('5.robots.google', 'google has no implicit allow of /robots.txt', `${STAR}Disallow: /`, [['/robots.txt', A(), D(2)], ['http://x/robots.txt', A(), D(2)]]);
add('5.robots.google', 'google: an own group disallowing /robots.txt', 'User-agent: FooBot\nDisallow: /robots.txt', [['/robots.txt', A(), D(2)]]);
add('5.robots.google', 'no rule about /robots.txt', `${STAR}Disallow: /x`, [['/robots.txt', A()]]);

// ---------------------------------------------------------------------------------------------
// 6. URL to path. `Allow: <path>$` decides (line 3) exactly when the URL's path is <path>.
// ---------------------------------------------------------------------------------------------

function pathIs(spec: string, url: string, path: string): void {
  add(spec, `the path of ${JSON.stringify(url)} is ${JSON.stringify(path)}`, `${STAR}Disallow: /\nAllow: ${path}$`, [[url, A(3)]]);
}
function pathIsNot(spec: string, url: string, path: string): void {
  add(spec, `the path of ${JSON.stringify(url)} is not ${JSON.stringify(path)}`, `${STAR}Disallow: /\nAllow: ${path}$`, [[url, D(2)]]);
}

pathIs('6.examples.no-path', 'http://www.example.com', '/');
pathIs('6.examples.query-first', 'example.com?a', '/?a');
pathIs('6.examples.no-scheme', 'a/b', '/b');
pathIsNot('6.examples.no-scheme', 'a/b', '/a/b');
pathIs('6.examples.double-slash', '//a/b/c', '/b/c');
pathIsNot('6.examples.double-slash', '//a/b/c', '/a/b/c');
pathIs('6.examples.params-fragment', 'example.com/a;b#c', '/a;b');

// Unreadable strings (classifyUrl: 'unreadable') are still answered, by the path section 6 finds.
pathIs('6.readable.unreadable-answered', 'not a url', '/');
pathIs('6.readable.unreadable-answered', 'mailto:a@b.c', '/');
pathIs('6.readable.unreadable-answered', 'http://', '/');
pathIs('6.readable.unreadable-answered', '', '/');
pathIs('6.readable.unreadable-answered', 'https://exa mple.com/x', '/x');
pathIs('6.readable.host-relative', 'localhost:8080/a', '/a');

pathIs('6.path.root', 'http://www.example.com/', '/');
pathIs('6.path.double-slash', '//a/b', '/b');
pathIs('6.path.double-slash', '//a', '/');
pathIs('6.path.triple-slash', '///a', '/a');
pathIs('6.path.double-slash-scheme', '//http://a/b', '/b');
pathIs('6.path.fragment', 'http://x/a#b', '/a');
pathIs('6.path.fragment', 'http://x/a#b#c', '/a');
pathIs('6.path.fragment', 'http://x/a?b#c', '/a?b');
pathIs('6.path.hash-before-path', 'http://x#a/b', '/');
pathIs('6.path.hash-before-path', '//a#b/c', '/');
pathIs('6.path.hash-before-path', '#x', '/');
pathIs('6.path.hash-after-root', '/#x', '/');
pathIs('6.path.query-first', 'http://x?a#b', '/?a');
pathIs('6.path.query-first', 'http://x?a/b', '/?a/b');
pathIs('6.path.query-first', '?q', '/?q');
pathIs('6.path.query-first', '//a?b', '/?b');
pathIs('6.path.params-first', 'http://x;p', '/;p');
pathIs('6.path.params-first', ';p', '/;p');
pathIs('6.path.params-first', 'http://x;a/b', '/;a/b');
pathIs('6.path.query-keeps-slashes', 'http://x/a?b/c', '/a?b/c');
pathIs('6.path.path-only', '/a/b', '/a/b');
pathIs('6.path.path-only', '/', '/');
pathIs('6.path.empty', '', '/');
pathIs('6.path.no-path', 'ftp://host', '/');
pathIs('6.path.no-path', 'http://', '/');
pathIs('6.path.no-path', 'mailto:x', '/');
pathIs('6.path.no-path', 'a://b', '/');
pathIs('6.path.scheme-after-slash', 'a/b://c/d', '/b://c/d');
pathIs('6.path.scheme-after-slash', 'http://a/b://c', '/b://c');
pathIs('6.path.scheme-after-query', 'x?a://b/c', '/?a://b/c');
pathIs('6.path.scheme-after-query', 'x;a://b/c', '/;a://b/c');
pathIs('6.path.scheme-in-query', 'http://x?u=http://y/z', '/?u=http://y/z');
pathIs('6.path.empty-scheme', '://a/b', '/b');
pathIs('6.path.triple-slash-scheme', 'http:///a', '/a');
pathIs('6.path.colon-in-path', 'http://x/a:b', '/a:b');
pathIs('6.path.colon-no-scheme', 'http:x/a', '/a');
pathIs('6.path.port', 'http://x:80/a', '/a');
pathIs('6.path.userinfo', 'http://u:p@x/a', '/a');
pathIs('6.path.case-kept', 'HTTP://X/A', '/A');
pathIs('6.path.leading-space', ' /a', '/a');
pathIs('6.path.no-dot-segments', 'http://x/a/../b', '/a/../b');
pathIs('6.path.no-slash-merging', 'http://x/a//b', '/a//b');
pathIs('6.path.params-in-query', 'http://x/a?b;c', '/a?b;c');
pathIs('6.path.nul', 'http://x/a\u0000b', '/a');
pathIs('6.path.nul', 'http://x/\u0000a', '/');
pathIs('6.path.nul', 'http://x\u0000y/a', '/a');
pathIs('6.path.nul', 'http://x/a?\u0000b', '/a?');

// ---------------------------------------------------------------------------------------------
// 7. The rfc9309 profile
// ---------------------------------------------------------------------------------------------

const ALL = `${STAR}Disallow: /`;
add('7.robots.exact', '/robots.txt is always allowed in rfc9309', ALL, [['/robots.txt', A(), D(2)], ['http://x/robots.txt', A(), D(2)], ['//host/robots.txt', A(), D(2)]]);
add('7.robots.query', '/robots.txt?... is always allowed in rfc9309', ALL, [['/robots.txt?x=1', A(), D(2)], ['/robots.txt?', A(), D(2)]]);
add('7.robots.fragment', 'a fragment is not part of the path', ALL, [['http://x/robots.txt#f', A(), D(2)]]);
add('7.robots.nul', 'a NUL ends the path', ALL, [['/robots.txt\u0000x', A(), D(2)]]);
add('7.robots.not-exact', 'other paths are not', ALL, [
  ['/robots.txt/', D(2)],
  ['/robots.txtx', D(2)],
  ['/ROBOTS.TXT', D(2)],
  ['/robots.txt;x', D(2)],
  ['/a/robots.txt', D(2)],
  ['/robots.txt%3Fx', D(2)],
  ['http://x?robots.txt', D(2)],
]);
add('7.robots.canonical', 'the canonical path counts', ALL, [['/%72obots.txt', A(), D(2)], ['/robots%2Etxt', A(), D(2)], ['/robots%2etxt', A(), D(2)]]);
add('7.robots.own-group', 'even against an explicit own-group rule', 'User-agent: FooBot\nDisallow: /robots.txt', [['/robots.txt', A(), D(2)]]);

add('7.canonical.unreserved-pattern', '%7E in a pattern is ~', P('/%7Ea'), [['/~a', D(2), A()], ['/%7ea', D(2), A()], ['/%7Ea', D(2)]]);
add('7.canonical.unreserved-url', '%7E in a URL is ~', P('/~a'), [['/%7Ea', D(2), A()], ['/~a', D(2)]]);
add('7.canonical.unreserved-letter', '%41 is A, and A is not a', P('/%41b'), [['/Ab', D(2), A()], ['/%61b', A()]]);
add('7.canonical.unreserved-set', '- . _ and digits are unreserved', P('/a%2D%2E%5F%30'), [['/a-._0', D(2), A()], ['/a%2d%2e%5f%30', D(2), A()]]);
add('7.canonical.reserved-kept', '%2F stays encoded and is not /', P('/a%2Fb'), [['/a/b', A()], ['/a%2fb', D(2), A()], ['/a%2Fb', D(2)]]);
add('7.canonical.hex-case', '%3a in a URL is %3A', P('/a%3Ab'), [['/a%3ab', D(2), A()], ['/a:b', A()]]);
add('7.canonical.hex-case', '%e3%83%84 in a pattern is %E3%83%84 and /ツ', P('/%e3%83%84'), [['/ツ', D(2), A()], ['/%E3%83%84', D(2)]]);
add('7.canonical.non-ascii-url', 'non-ASCII URL characters are percent-encoded', P('/ツ'), [['/ツ', D(2), A()], ['http://x/ツ?q=ü', D(2), A()]]);
add('7.canonical.non-ascii-url', 'é in the URL and %C3%A9 in the pattern', P('/%C3%A9'), [['/é', D(2), A()]]);
add('7.canonical.non-ascii-url', 'é in the pattern and %c3%a9 in the URL', P('/é'), [['/%c3%a9', D(2), A()], ['/%C3%A9', D(2)]]);
add('7.canonical.lone-surrogate', 'a lone surrogate in the URL is U+FFFD', P('/a%EF%BF%BD'), [['/a\uD800', D(2), A()], ['/a\uDC00x', D(2), A()]]);
add('7.canonical.lone-surrogate', 'U+FFFD in the pattern', P('/a\uFFFD'), [['/a\uDBFF', D(2), A()]]);
add('7.canonical.star', 'a literal * in the URL compares as %2A', P('/file-%2A.html'), [
  ['/file-*.html', D(2), A()],
  ['/file-%2A.html', D(2)],
  ['/file-%2a.html', D(2), A()],
  ['/file-x.html', A()],
]);
add('7.canonical.star', '%2A in a pattern is no wildcard', P('/a%2Ab'), [['/axb', A()], ['/a*b', D(2), A()], ['/a%2Ab', D(2)]]);
add('7.canonical.star', 'a wildcard still matches a literal *', P('/a*b'), [['/a*b', D(2)], ['/a%2Ab', D(2)]]);
add('7.canonical.dollar', 'a literal $ in the URL compares as %24', P('/a%24'), [['/a$', D(2), A()], ['/a%24', D(2)]]);
add('7.canonical.dollar', 'a final $ stays the anchor', P('/a$'), [['/a$', A()], ['/a', D(2)], ['/a%24', A()]]);
add('7.canonical.dollar', 'a non-final $ is %24', P('/a$b'), [['/a%24b', D(2), A()], ['/a$b', D(2)]]);
add('7.canonical.lone-percent', 'a % without two hex digits stays literal', P('/a%25'), [['/a%', A()], ['/a%25', D(2)]]);
add('7.canonical.lone-percent', '%%41 is %A', P('/%A'), [['/%%41', D(2), A()], ['/%A', D(2)]]);
add('7.canonical.no-double-decoding', '%2541 is %2541, never A', P('/%2541'), [['/A', A()], ['/%41', A()], ['/%2541', D(2)]]);
add('7.canonical.space', 'a literal space is not encoded (only non-ASCII, * and $ are)', P('/a%20b'), [['/a b', A()], ['/a%20b', D(2)]]);
add('7.canonical.query', 'the query is canonicalised too', P('/*?q=%7E'), [['/s?q=~', D(2), A()], ['/s?q=%7e', D(2), A()]]);
add('7.canonical.ascii-agree', 'plain ASCII URLs: both profiles agree', P('/a-b_c.d~e'), [['/a-b_c.d~e/f', D(2)], ['/a-b_c.d', A()]]);

add('7.priority.decoded', '/%41%41 counts 3 (/AA) in rfc9309, 7 in google', `${STAR}Allow: /%41%41\nDisallow: /****`, [['/%41%41', D(3), A(2)]]);
add('7.priority.non-ascii', '/ツ counts 10 in rfc9309 and matches the raw URL', `${STAR}Allow: /ツ\nDisallow: /*********`, [['/ツ', A(2), D(3)], ['/%E3%83%84', A(2)]]);
add('7.content-usage.ends-agents', 'rfc9309: a Content-Usage line is a rule and ends the run of user-agent lines; google: one group',
  'User-agent: BarBot\nContent-Usage: train-ai=n\nUser-agent: FooBot\nDisallow: /x', [['/x', D(4)], ['/y', A()]]);
add('7.content-usage.own-group', 'rfc9309: the user-agent before a Content-Usage line has a group of its own (google: shares the Disallow)',
  'User-agent: FooBot\nContent-Usage: train-ai=n\nUser-agent: BarBot\nDisallow: /x', [['/x', A(), D(4)], ['/y', A()]]);
add('7.content-usage.signal', 'a Content-Signal line ends no run in either profile',
  'User-agent: FooBot\nContent-Signal: ai-train=no\nUser-agent: BarBot\nDisallow: /x', [['/x', D(4)]]);
add('7.priority.nonfinal-dollar', '/a$b counts 6 (/a%24b) in rfc9309, 4 in google', `${STAR}Disallow: /a$b\nAllow: /****`, [['/a$b', D(2), A(3)]]);
add('7.priority.hex-case', '%2f and %2F count the same', `${STAR}Allow: /%2f\nDisallow: /%2F`, [['/%2F', A(2)]]);
add('7.priority.tilde', '/%7E (4 in google) is /~ (2) in rfc9309', `${STAR}Disallow: /%7E\nAllow: /**`, [['/~', A(3)], ['/%7E', A(3), D(2)]]);

/** Every conformance case (both profiles of each check), in the order of docs/semantics.md. */
export const CONFORMANCE_CASES: readonly ConformanceCase[] = cases;

/** Returns how many cases check each docs/semantics.md section (keys '1' to '7'). */
export function countCasesBySection(list: readonly ConformanceCase[] = CONFORMANCE_CASES): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const c of list) {
    const section = c.spec.split('.')[0] ?? '';
    counts[section] = (counts[section] ?? 0) + 1;
  }
  return counts;
}
