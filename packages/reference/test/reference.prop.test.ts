// Property tests of @robomata/reference: invariants docs/semantics.md implies, checked on random files.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decide, isAllowed } from '../src/index.js';
import type { Profile } from '../src/index.js';
import { matchPattern } from '../src/match.js';

const PROFILES: readonly Profile[] = ['rfc9309', 'google'];
const enc = (s: string): Uint8Array => new TextEncoder().encode(s);

/** Pattern characters: wildcards, escapes, non-ASCII and a few literals. No '#', blanks, CR/LF. */
const PATTERN_CHARS = ['/', 'a', 'b', '*', '$', '%', '2', 'F', '4', '1', 'ツ', '?', '.'] as const;
const URL_CHARS = ['/', 'a', 'b', '*', '$', '%', '2', 'F', '4', '1', 'ツ', '?', '.', '#', ';'] as const;
const str = (chars: readonly string[], maxLength: number): fc.Arbitrary<string> =>
  fc.string({ unit: fc.constantFrom(...chars), maxLength });

const patternArb = str(PATTERN_CHARS, 8);
const urlArb = fc.tuple(fc.constantFrom('', 'http://h', '//h'), str(URL_CHARS, 10)).map(([a, b]) => `${a}/${b}`);
const profileArb = fc.constantFrom(...PROFILES);

interface GroupSpec {
  readonly agents: readonly string[];
  readonly rules: readonly { readonly allow: boolean; readonly value: string }[];
}

const ruleArb = (value: fc.Arbitrary<string>) => fc.record({ allow: fc.boolean(), value });
/** Groups always have at least one rule, so each group really is a group of its own. */
const groupArb = (agents: fc.Arbitrary<string>, value: fc.Arbitrary<string> = patternArb): fc.Arbitrary<GroupSpec> =>
  fc.record({
    agents: fc.array(agents, { minLength: 1, maxLength: 2 }),
    rules: fc.array(ruleArb(value), { minLength: 1, maxLength: 4 }),
  });
const agentArb = fc.constantFrom('*', 'FooBot', 'foobot', 'FooBot/2', 'Bar', '* x');
const groupsArb = fc.array(groupArb(agentArb), { maxLength: 4 });

const groupLines = (g: GroupSpec): string[] => [
  ...g.agents.map((a) => `User-agent: ${a}`),
  ...g.rules.map((r) => `${r.allow ? 'Allow' : 'Disallow'}: ${r.value}`),
];
const robotsOf = (groups: readonly GroupSpec[]): string => groups.flatMap(groupLines).join('\n');
const verdict = (d: { allowed: boolean; kind: string; pattern: string }) => ({ allowed: d.allowed, kind: d.kind, pattern: d.pattern });

describe('properties of the reference', () => {
  it('rules in another crawler\'s group never change a verdict', () => {
    const otherArb = groupArb(fc.constantFrom('OtherBot', 'Zed-Bot', 'FooBots'));
    fc.assert(
      fc.property(groupsArb, otherArb, fc.nat(), urlArb, profileArb, (groups, other, at, url, profile) => {
        const k = at % (groups.length + 1);
        const withOther = [...groups.slice(0, k), other, ...groups.slice(k)];
        const before = decide(robotsOf(groups), 'FooBot', url, { profile });
        const after = decide(robotsOf(withOther), 'FooBot', url, { profile });
        expect(verdict(after)).toEqual(verdict(before));
      }),
      { numRuns: 300 },
    );
  });

  it('a matching allow longer than every disallow always allows', () => {
    // Precondition: the allow is `<path>` followed by enough `*` to outweigh the longest
    // disallow in its canonical/escaped form (a UTF-16 unit is at most 9 octets as %XX%XX%XX).
    const pathArb = str(['/', 'a', 'b', '.', '-', '_', '~'], 10).map((s) => `/${s}`);
    fc.assert(
      fc.property(fc.array(patternArb, { maxLength: 5 }), pathArb, fc.nat(), profileArb, (disallows, path, at, profile) => {
        const longest = Math.max(0, ...disallows.map((d) => d.length));
        const allow = `Allow: ${path}${'*'.repeat(9 * longest + 1)}`;
        const rules = disallows.map((d) => `Disallow: ${d}`);
        rules.splice(at % (rules.length + 1), 0, allow);
        // An absolute URL: a bare path starting with `//` would name a host (regression test
        // 'a path-only URL starting with // is a network-path reference' in url.test.ts).
        const d = decide(`User-agent: FooBot\n${rules.join('\n')}`, 'FooBot', `http://h${path}`, { profile });
        expect(d.allowed).toBe(true);
        expect(d.kind).toBe('allow');
      }),
      { numRuns: 300 },
    );
  });

  it('both profiles agree when no normalisation can apply', () => {
    // Exact precondition: the URL path is ASCII with no `*`, no `$` and no `%` followed by two
    // hex digits (so its canonical form is itself), and it is not `/robots.txt` or
    // `/robots.txt?...`; every rule value has no non-final `$` and no `%HH` naming an unreserved
    // byte (so its escaped and canonical forms coincide; non-ASCII and other `%HH` are fine).
    // The generators below guarantee it: hex pairs from {2, F, a, b} never name an unreserved
    // byte, URLs have no `%`, `*` or `$`, and `$` only ends a pattern.
    const safePattern = fc
      .tuple(str(['/', 'a', 'b', '*', '%', '2', 'F', 'ツ', '?', '.', '$'].filter((c) => c !== '$'), 8), fc.boolean())
      .map(([p, end]) => (end ? `${p}$` : p));
    const safeUrl = fc
      .tuple(fc.constantFrom('', 'http://h', '//h'), str(['/', 'a', 'b', 'F', '2', '?', ';', '#', '.', ':'], 10))
      .map(([a, b]) => `${a}/${b}`);
    fc.assert(
      fc.property(fc.array(groupArb(agentArb, safePattern), { maxLength: 4 }), safeUrl, (groups, url) => {
        const robots = robotsOf(groups);
        expect(decide(robots, 'FooBot', url, { profile: 'google' })).toEqual(decide(robots, 'FooBot', url, { profile: 'rfc9309' }));
      }),
      { numRuns: 500 },
    );
  });

  it('verdicts and lines do not depend on the LF / CR / CRLF choice', () => {
    const lineArb = fc.oneof(
      fc.constantFrom('User-agent: *', 'User-agent: FooBot', 'User-agent: other', ' ', '# c', 'Sitemap: x'),
      patternArb.map((p) => `Disallow: ${p}`),
      patternArb.map((p) => `Allow: ${p}`),
    );
    fc.assert(
      fc.property(
        fc.array(fc.tuple(lineArb, fc.constantFrom('\n', '\r', '\r\n')), { maxLength: 12 }),
        urlArb,
        profileArb,
        (lines, url, profile) => {
          const lf = lines.map(([l]) => `${l}\n`).join('');
          const mixed = lines.map(([l, sep]) => `${l}${sep}`).join('');
          expect(decide(mixed, 'FooBot', url, { profile })).toEqual(decide(lf, 'FooBot', url, { profile }));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('a leading BOM changes nothing', () => {
    fc.assert(
      fc.property(groupsArb, urlArb, profileArb, fc.integer({ min: 1, max: 3 }), (groups, url, profile, n) => {
        const robots = enc(robotsOf(groups));
        const withBom = Uint8Array.from([...[0xef, 0xbb, 0xbf].slice(0, n), ...robots]);
        expect(decide(withBom, 'FooBot', url, { profile })).toEqual(decide(robots, 'FooBot', url, { profile }));
      }),
    );
  });

  it('bytes past maxBytes are ignored', () => {
    fc.assert(
      fc.property(groupsArb, groupsArb, urlArb, profileArb, (groups, extra, url, profile) => {
        const robots = enc(`${robotsOf(groups)}\n`);
        const more = Uint8Array.from([...robots, ...enc(robotsOf(extra))]);
        const options = { profile, maxBytes: robots.length };
        expect(decide(more, 'FooBot', url, options)).toEqual(decide(robots, 'FooBot', url, { profile }));
      }),
    );
  });

  it('a comment appended to any line changes nothing', () => {
    fc.assert(
      fc.property(groupsArb, urlArb, profileArb, fc.string({ maxLength: 6 }), (groups, url, profile, junk) => {
        const clean = junk.replace(/[\r\n\u0000]/g, '');
        const lines = groups.flatMap(groupLines);
        const commented = lines.map((l) => `${l}#${clean}`).join('\n');
        expect(decide(commented, 'FooBot', url, { profile })).toEqual(decide(lines.join('\n'), 'FooBot', url, { profile }));
      }),
    );
  });

  it('the agent is compared ASCII-case-insensitively', () => {
    fc.assert(
      fc.property(groupsArb, urlArb, profileArb, (groups, url, profile) => {
        const robots = robotsOf(groups);
        expect(decide(robots, 'FOOBOT', url, { profile })).toEqual(decide(robots, 'fooBot', url, { profile }));
      }),
    );
  });

  it('reordering whole groups never changes allowed (ties resolve by kind, not line)', () => {
    fc.assert(
      fc.property(groupsArb, urlArb, profileArb, (groups, url, profile) => {
        const reversed = [...groups].reverse();
        expect(isAllowed(robotsOf(reversed), 'FooBot', url, { profile })).toBe(isAllowed(robotsOf(groups), 'FooBot', url, { profile }));
      }),
    );
  });

  it('isAllowed agrees with decide, and kind agrees with line', () => {
    fc.assert(
      fc.property(groupsArb, urlArb, profileArb, (groups, url, profile) => {
        const robots = robotsOf(groups);
        const d = decide(robots, 'FooBot', url, { profile });
        expect(isAllowed(robots, 'FooBot', url, { profile })).toBe(d.allowed);
        expect(d.kind).toBe(d.line === 0 ? 'none' : d.allowed ? 'allow' : 'disallow');
        if (d.line > 0) expect(robots.split('\n')[d.line - 1]).toMatch(new RegExp(`^(Allow|Disallow): `));
      }),
    );
  });

  it('matchPattern agrees with a RegExp translation of the pattern', () => {
    // Test-only oracle: `*` -> any run, a final `$` -> end, every other byte literal, prefix match.
    const toRegExp = (pattern: string): RegExp => {
      const anchored = pattern.endsWith('$');
      const body = anchored ? pattern.slice(0, -1) : pattern;
      const source = [...body].map((c) => (c === '*' ? '[\\s\\S]*' : c.replace(/[\\^$.*+?()[\]{}|/-]/g, '\\$&'))).join('');
      return new RegExp(`^${source}${anchored ? '$' : ''}`);
    };
    const chars = ['/', 'a', 'b', '*', '$', '.'];
    fc.assert(
      fc.property(str(chars, 8), str(chars.filter((c) => c !== '*'), 10), (pattern, path) => {
        expect(matchPattern(enc(path), enc(pattern))).toBe(toRegExp(pattern).test(path));
      }),
      { numRuns: 1000 },
    );
  });
});
