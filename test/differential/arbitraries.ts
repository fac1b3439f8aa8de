/**
 * fast-check arbitraries for differential tests: random robots.txt files and URLs built from a
 * small shared alphabet, so that rules and URLs collide often and both verdicts are common.
 */
import fc from 'fast-check';

/** Path pieces shared by patterns and URLs: ASCII, escapes (reserved and unreserved), non-ASCII, specials. */
export const PIECES = [
  'a', 'b', 'ab', '/', '/a', '/b', '.', '-', '_', '~', '%41', '%61', '%2f', '%2F', '%7E', '%7e', '%24', '%2A', '%2a',
  '%', '%g', 'ツ', 'é', '?', '=', '&', ';', ':', 'index.html', 'index.htm', '$', '*', 'A', ' ',
] as const;

const piece = fc.constantFrom(...PIECES);

/** A pattern value: mostly starting with `/` or `*`, with wildcards and sometimes a final `$`. */
export const patternArb: fc.Arbitrary<string> = fc
  .tuple(
    fc.constantFrom('/', '/', '/', '*', '/a', '', 'a', '/*'),
    fc.array(fc.oneof({ weight: 5, arbitrary: piece }, { weight: 2, arbitrary: fc.constant('*') }), { maxLength: 5 }),
    fc.constantFrom('', '', '', '$', '*', '*$'),
  )
  .map(([head, body, tail]) => head + body.join('') + tail);

const AGENT_LINES = ['*', '*', 'foo', 'FooBot', 'bar', '* x', '*foo', 'foo2', 'FOO', 'baz/1.0', ''] as const;

/** One line of a robots.txt (without its line end). */
export const lineArb: fc.Arbitrary<string> = fc.oneof(
  { weight: 2, arbitrary: fc.constantFrom(...AGENT_LINES).map((a) => `User-agent: ${a}`) },
  { weight: 7, arbitrary: fc.tuple(fc.constantFrom('Allow', 'Disallow', 'Disallow', 'allow', 'DISALLOW', 'Dissallow', 'Disallowed', 'Disallow', 'Disallow'), patternArb).map(([k, p]) => `${k}: ${p}`) },
  { weight: 1, arbitrary: patternArb.map((p) => `Disallow ${p}`) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      '', '# comment', 'Sitemap: https://x/s.xml', 'Crawl-delay: 2', 'garbage line', 'Host: x', 'Allow: /a#frag',
      'useragent: bar', 'Disallow: /a b', '\u0000Disallow: /z',
    ),
  },
);

/** A whole robots.txt with random line ends and an optional BOM. */
export const robotsTxtArb: fc.Arbitrary<string> = fc
  .tuple(
    fc.array(fc.tuple(lineArb, fc.constantFrom('\n', '\r\n', '\r')), { minLength: 1, maxLength: 14 }),
    fc.constantFrom('', '', '', '\uFEFF'),
  )
  .map(([lines, bom]) => bom + (lines.length % 2 === 0 ? 'User-agent: *\n' : 'User-agent: foo\n') + lines.map(([l, e]) => l + e).join(''));

/** A URL: a path from the shared pieces behind an optional scheme and host, with query or fragment. */
export const urlArb: fc.Arbitrary<string> = fc
  .tuple(
    fc.constantFrom('', '', 'http://example.com', 'https://h:8080', '//h', 'h'),
    fc.constantFrom('/', '/', '/', '?', ';', ''),
    fc.array(piece, { maxLength: 6 }),
    fc.constantFrom('', '', '#x', '?q=1', '/robots.txt'),
  )
  .map(([origin, lead, body, tail]) => origin + lead + body.join('') + tail);

/**
 * Returns URLs instantiated from the patterns in a robots.txt (wildcards replaced by pieces,
 * `$` dropped or kept as the end), so that rules hit often: hits, near misses and extensions.
 */
export function urlsFromRobotsArb(txt: string): fc.Arbitrary<string[]> {
  const patterns = [...txt.matchAll(/(?:allow|disallow)[^:\r\n]*:[ \t]*([^\r\n#]*)/gi)].map((m) => (m[1] ?? '').trim());
  if (patterns.length === 0) return fc.array(urlArb, { minLength: 1, maxLength: 4 });
  const fromPattern = fc
    .tuple(fc.constantFrom(...patterns), fc.array(piece, { minLength: 3, maxLength: 3 }), fc.constantFrom('', '', 'a', '/x', '?q', '#f'), fc.constantFrom('', 'http://h'))
    .map(([pat, fill, tail, origin]) => {
      let k = 0;
      const body = pat.replace(/\$$/, '').replace(/\*/g, () => fill[k++ % 3] ?? '');
      return origin + (body.startsWith('/') ? '' : '/') + body + tail;
    });
  return fc.array(fc.oneof({ weight: 3, arbitrary: fromPattern }, { weight: 1, arbitrary: urlArb }), { minLength: 1, maxLength: 5 });
}

/** Crawler agents: matching, case-varied, non-matching, empty, not a bare token. */
export const agentArb: fc.Arbitrary<string> = fc.constantFrom('foo', 'foo', 'FooBot', 'bar', 'Foo', 'baz', '', 'foo2', 'other');
