// normalize-pattern.ts: canonical forms, priorities, simplification, the index.html
// companion, rank order and dedupe. Expected values are worked out by hand from docs/semantics.md
// sections 4, 5 and 7 and CONTRACT.md.
import { describe, expect, it } from 'vitest';
import {
  WILDCARD,
  appendPatternsOfRule,
  canonicalizePattern,
  patternsOfRule,
  deriveIndexHtmlPattern,
  isUnreservedByte,
  simplifyPattern,
  type MatchPattern,
  type PatternSource,
} from '../src/normalize-pattern.js';
import { SHAPE_HIGH, SHAPE_INNER_DOLLAR, SHAPE_PERCENT, SHAPE_STAR, parseRobotsTxt, type ParsedRule } from '../src/parse.js';
import { compareRank, rankedPatterns } from './_rank.js';
import type { RuleKind } from '../src/parse.js';

const enc = (s: string): Uint8Array => new TextEncoder().encode(s);
const dec = (b: Uint8Array): string => new TextDecoder().decode(b);

/** The escaped value the parser produces for a pattern as written (docs/semantics.md section 4). */
function escapedOf(pattern: string): Uint8Array {
  const parsed = parseRobotsTxt(`User-agent: *\nDisallow: ${pattern}\n`);
  const rule = parsed.groups[0]?.rules[0];
  if (rule === undefined) throw new Error(`no rule parsed for ${JSON.stringify(pattern)}`);
  return rule.escaped;
}

function canon(pattern: string): string {
  return dec(canonicalizePattern(escapedOf(pattern)));
}

function source(kind: RuleKind, line: number, pattern: string, ruleId = line - 1): PatternSource {
  return { kind, line, ruleId, escaped: escapedOf(pattern) };
}

/** Pattern in a readable form: body with `*` for the wildcard, plus `$` when anchored. */
function show(p: MatchPattern): string {
  return dec(p.body) + (p.anchored ? '$' : '');
}

describe('isUnreservedByte', () => {
  it('is true exactly for A-Z a-z 0-9 - . _ ~', () => {
    const expected = new Set('ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~'.split('').map((c) => c.charCodeAt(0)));
    for (let b = 0; b < 256; b++) expect(isUnreservedByte(b), `byte ${b}`).toBe(expected.has(b));
  });
});

describe('canonicalizePattern (rfc9309 canonical form, docs/semantics.md section 7)', () => {
  it('decodes %XX of an unreserved byte', () => {
    expect(canon('/%41')).toBe('/A');
    expect(canon('/%61%62')).toBe('/ab');
    expect(canon('/%7e%7E')).toBe('/~~');
    expect(canon('/%2d%2E%5f%30')).toBe('/-._0');
  });

  it('upper-cases the hex of other escapes', () => {
    expect(canon('/%2f')).toBe('/%2F');
    expect(canon('/a%3fb')).toBe('/a%3Fb');
    expect(canon('/%e3%83%84')).toBe('/%E3%83%84');
  });

  it('percent-encodes non-ASCII bytes (upper-case hex)', () => {
    expect(canon('/ツ')).toBe('/%E3%83%84');
    expect(canon('/é')).toBe('/%C3%A9');
  });

  it('writes a non-final $ as %24 and keeps a final $ as the anchor', () => {
    expect(canon('/a$b')).toBe('/a%24b');
    expect(canon('/a$')).toBe('/a$');
    expect(canon('/$$')).toBe('/%24$');
  });

  it('keeps the wildcard and a % without two hex digits', () => {
    expect(canon('/a*b')).toBe('/a*b');
    expect(canon('/a%')).toBe('/a%');
    expect(canon('/a%4')).toBe('/a%4');
    expect(canon('/a%g1')).toBe('/a%g1');
  });

  it('does not decode twice (%2541 stays %2541)', () => {
    expect(canon('/%2541')).toBe('/%2541');
  });

  it('works on raw bytes, not only on parser output', () => {
    expect(dec(canonicalizePattern(Uint8Array.from([0x2f, 0xff, 0x25, 0x34, 0x31])))).toBe('/%FFA');
  });
});

describe('deriveIndexHtmlPattern (docs/semantics.md section 5 index.html rule)', () => {
  it('cuts after the last / and adds $ when the rest starts with index.htm', () => {
    expect(dec(deriveIndexHtmlPattern(enc('/d/index.html')) as Uint8Array)).toBe('/d/$');
    expect(dec(deriveIndexHtmlPattern(enc('/d/index.htm')) as Uint8Array)).toBe('/d/$');
    expect(dec(deriveIndexHtmlPattern(enc('/index.html?x=1')) as Uint8Array)).toBe('/$');
    expect(dec(deriveIndexHtmlPattern(enc('/*/index.htmlx')) as Uint8Array)).toBe('/*/$');
  });

  it('gives null otherwise', () => {
    expect(deriveIndexHtmlPattern(enc('/d/index.ht'))).toBeNull();
    expect(deriveIndexHtmlPattern(enc('/d/xindex.html'))).toBeNull();
    expect(deriveIndexHtmlPattern(enc('/index.html/x'))).toBeNull();
    expect(deriveIndexHtmlPattern(enc('/d/INDEX.html'))).toBeNull();
    expect(deriveIndexHtmlPattern(enc('index.html'))).toBeNull();
    expect(deriveIndexHtmlPattern(enc(''))).toBeNull();
  });
});

describe('simplifyPattern', () => {
  const simplify = (form: string): MatchPattern | null => simplifyPattern(enc(form), 'disallow', 3, 7);

  it('keeps line, rule id and kind', () => {
    const p = simplifyPattern(enc('/a'), 'allow', 9, 4) as MatchPattern;
    expect({ kind: p.kind, line: p.line, ruleId: p.ruleId }).toEqual({ kind: 'allow', line: 9, ruleId: 4 });
  });

  it('prioritises by octets of the form, * and $ counting 1 (/*** = 4)', () => {
    expect(simplify('/***')?.priority).toBe(4);
    expect(simplify('/a$')?.priority).toBe(3);
    expect(simplify('/%E3%83%84')?.priority).toBe(10);
  });

  it('drops a trailing * (prefix match either way)', () => {
    const p = simplify('/a**') as MatchPattern;
    expect(show(p)).toBe('/a');
    expect(p.priority).toBe(4);
  });

  it('cuts a lone trailing * in one copy: the body, head and anchor the collapse road gives it after a run (`/a**`)', () => {
    for (const form of ['/a*', '/a*b*', '/*x*$', '/a/*$', '*', '*$', 'a*', '/*']) {
      const lone = simplify(form);
      const run = simplify(form.endsWith('$') ? `${form.slice(0, -1)}*$` : `${form}*`);
      if (run === null) {
        expect(lone, form).toBeNull();
        continue;
      }
      expect(lone, form).not.toBeNull();
      expect({ ...lone!, body: show(lone!), priority: lone!.priority + 1 }, form).toEqual({ ...run, body: show(run) });
    }
    const p = simplify('/a*b*') as MatchPattern;
    expect([show(p), p.head, p.anchored]).toEqual(['/a*b', 2, false]);
  });

  it('turns *$ into a prefix pattern', () => {
    const p = simplify('/a*$') as MatchPattern;
    expect(show(p)).toBe('/a');
    expect(p.anchored).toBe(false);
    expect(p.priority).toBe(4);
  });

  it('collapses runs of wildcards', () => {
    const p = simplify('/**a***b') as MatchPattern;
    expect(Array.from(p.body)).toEqual(Array.from(enc('/*a*b')));
    expect(p.body.filter((b) => b === WILDCARD).length).toBe(2);
    expect(p.priority).toBe(8);
  });

  it('keeps a final $ as an anchor', () => {
    const p = simplify('/a$') as MatchPattern;
    expect(show(p)).toBe('/a$');
    expect(p.anchored).toBe(true);
  });

  it('gives null for patterns that never decide', () => {
    expect(simplify('')).toBeNull();
    expect(simplify('$')).toBeNull();
    expect(simplify('a')).toBeNull();
    expect(simplify('a*')).toBeNull();
    expect(simplify('%2F')).toBeNull();
  });

  it('keeps * alone as the empty prefix (matches every path)', () => {
    const p = simplify('*') as MatchPattern;
    expect(p.body.length).toBe(0);
    expect(p.anchored).toBe(false);
    expect(p.priority).toBe(1);
    expect(simplify('*$')?.body.length).toBe(0);
  });
});

/** Returns a string that identifies what a pattern matches: its anchor and body (Latin-1, one character a byte). */
function patternKey(p: Pick<MatchPattern, 'anchored' | 'body'>): string {
  return (p.anchored ? '$' : '') + String.fromCharCode(...p.body);
}

describe('patterns of a group in rank order', () => {
  it('computes priorities on the profile form: /*** = 4, /ツ = 10', () => {
    for (const profile of ['rfc9309', 'google'] as const) {
      const got = rankedPatterns([source('disallow', 2, '/***'), source('disallow', 3, '/ツ')], profile);
      const byLine = new Map(got.filter((p) => p.line > 0).map((p) => [p.line, p.priority]));
      expect(byLine.get(2), profile).toBe(4);
      expect(byLine.get(3), profile).toBe(10);
    }
  });

  it('canonicalises in rfc9309 only: %41 -> A, %2f -> %2F', () => {
    const rules = [source('disallow', 2, '/%41'), source('disallow', 3, '/%2f')];
    const rfc = rankedPatterns(rules, 'rfc9309').filter((p) => p.line > 0);
    expect(rfc.map(show).sort()).toEqual(['/%2F', '/A']);
    expect(rfc.find((p) => p.line === 2)?.priority).toBe(2);
    const google = rankedPatterns(rules, 'google');
    expect(google.map(show).sort()).toEqual(['/%2F', '/%41']);
    expect(google.find((p) => p.line === 2)?.priority).toBe(4);
  });

  it('writes a non-final $ as %24 in rfc9309 and keeps it literal in google', () => {
    const rules = [source('disallow', 2, '/a$b')];
    const rfc = rankedPatterns(rules, 'rfc9309').filter((p) => p.line > 0);
    expect(rfc.map(show)).toEqual(['/a%24b']);
    expect(rfc[0]?.priority).toBe(6);
    const google = rankedPatterns(rules, 'google');
    expect(google.map(show)).toEqual(['/a$b']);
    expect(google[0]?.anchored).toBe(false);
    expect(google[0]?.priority).toBe(4);
  });

  it('never lets $ alone decide', () => {
    for (const profile of ['rfc9309', 'google'] as const) {
      const got = rankedPatterns([source('disallow', 2, '$'), source('allow', 3, '')], profile);
      expect(got.filter((p) => p.line > 0), profile).toEqual([]);
    }
  });

  it('adds the index.html companion of an allow (priority of the derived pattern, same rule)', () => {
    const got = rankedPatterns([source('allow', 5, '/d/index.html', 11)], 'google');
    expect(got.map(show)).toEqual(['/d/index.html', '/d/$']);
    const companion = got[1] as MatchPattern;
    expect(companion).toMatchObject({ kind: 'allow', line: 5, ruleId: 11, priority: 4, anchored: true });
  });

  it('adds no companion for a disallow', () => {
    const got = rankedPatterns([source('disallow', 5, '/d/index.html')], 'google');
    expect(got.map(show)).toEqual(['/d/index.html']);
  });

  it('derives the companion from the canonical form in rfc9309', () => {
    // %69 is `i`: the canonical form is /d/index.html, so the companion exists in rfc9309 only.
    const rfc = rankedPatterns([source('allow', 2, '/d/%69ndex.html')], 'rfc9309').filter((p) => p.line > 0);
    expect(rfc.map(show)).toEqual(['/d/index.html', '/d/$']);
    const google = rankedPatterns([source('allow', 2, '/d/%69ndex.html')], 'google');
    expect(google.map(show)).toEqual(['/d/%69ndex.html']);
  });

  it('produces no implicit /robots.txt allow in either profile (the runtime applies it, RFC 9309 section 2.2.2)', () => {
    for (const profile of ['rfc9309', 'google'] as const) {
      const got = rankedPatterns([source('disallow', 2, '/')], profile);
      expect(got.map(show), profile).toEqual(['/']);
      expect(got[0], profile).toMatchObject({ kind: 'disallow', line: 2, ruleId: 1 });
      expect(rankedPatterns([], profile), profile).toEqual([]);
    }
  });

  it('ranks by priority desc, then allow before disallow, then line asc', () => {
    const rules = [
      source('disallow', 2, '/a'), // 2
      source('disallow', 3, '/abc'), // 4
      source('allow', 4, '/b'), // 2
      source('allow', 5, '/x*'), // 3
      source('disallow', 6, '/y*'), // 3
      source('allow', 7, '/c'), // 2
      source('disallow', 8, '/d*$'), // 4
    ];
    const got = rankedPatterns(rules, 'google');
    expect(got.map((p) => [p.priority, p.kind, p.line])).toEqual([
      [4, 'disallow', 3],
      [4, 'disallow', 8],
      [3, 'allow', 5],
      [3, 'disallow', 6],
      [2, 'allow', 4],
      [2, 'allow', 7],
      [2, 'disallow', 2],
    ]);
  });

  it('gives /%41 and /A one key in rfc9309 (the canonical form), two in google', () => {
    const key = (profile: 'rfc9309' | 'google', v: string): string => patternKey(rankedPatterns([source('disallow', 2, v)], profile)[0] as MatchPattern);
    expect(key('rfc9309', '/A')).toBe(key('rfc9309', '/%41'));
    expect(key('google', '/A')).not.toBe(key('google', '/%41'));
  });

  it('ranks an anchored pattern before its prefix form and keys them apart', () => {
    const got = rankedPatterns([source('disallow', 2, '/a'), source('allow', 3, '/a$')], 'google');
    expect(got.map(show)).toEqual(['/a$', '/a']);
    expect(patternKey(got[0] as MatchPattern)).not.toBe(patternKey(got[1] as MatchPattern));
  });
});

describe('patternsOfRule, compareRank and patternKey', () => {
  it('patternsOfRule gives a rule its own pattern and, for an allow, its index.html companion', () => {
    expect(patternsOfRule(source('allow', 4, '/d/index.html', 7), 'google').map(show)).toEqual(['/d/index.html', '/d/$']);
    expect(patternsOfRule(source('disallow', 4, '/d/index.html', 7), 'google').map(show)).toEqual(['/d/index.html']);
    expect(patternsOfRule(source('allow', 4, '', 7), 'google')).toEqual([]);
    for (const p of patternsOfRule(source('allow', 4, '/d/index.html', 7), 'rfc9309')) expect(p).toMatchObject({ line: 4, ruleId: 7, kind: 'allow' });
  });

  it('compareRank orders by priority desc, allow first, line asc, then the longer body', () => {
    const [own, companion] = patternsOfRule(source('allow', 3, '/d/index.html', 2), 'google') as [MatchPattern, MatchPattern];
    const short = patternsOfRule(source('disallow', 9, '/d/a', 8), 'google')[0] as MatchPattern;
    expect(compareRank(own, companion)).toBeLessThan(0);
    expect(compareRank(companion, short)).toBeLessThan(0); // 4 = 4, allow first
    expect(compareRank(short, companion)).toBeGreaterThan(0);
    const a = patternsOfRule(source('disallow', 2, '/a*b', 1), 'google')[0] as MatchPattern;
    const b = patternsOfRule(source('disallow', 5, '/a*c', 4), 'google')[0] as MatchPattern;
    expect(compareRank(a, b)).toBeLessThan(0);
    expect(compareRank(a, a)).toBe(0);
    // Same priority, kind and line: the longer body (a rule's own pattern) first.
    const x = { ...a, body: new Uint8Array(5) };
    const y = { ...a, body: new Uint8Array(3) };
    expect(compareRank(x, y)).toBeLessThan(0);
  });

  it('patternKey tells apart exactly what matches differently: the body and the anchor', () => {
    const key = (pattern: string): string => patternKey(patternsOfRule(source('disallow', 2, pattern), 'google')[0] as MatchPattern);
    expect(key('/a')).toBe(key('/a*'));
    expect(key('/a')).not.toBe(key('/a$'));
    expect(key('/a*b')).not.toBe(key('/ab'));
    expect(key('/a**b')).toBe(key('/a*b'));
  });
});

describe("the parse's shape of a rule value (ParsedRule.shape)", () => {
  const ruleOf = (line: string): ParsedRule => {
    const rule = parseRobotsTxt(`User-agent: *\n${line}\n`).groups[0]?.rules[0];
    if (rule === undefined) throw new Error(`no rule parsed for ${JSON.stringify(line)}`);
    return rule;
  };

  it('flags the %, *, inner $ and bytes >= 0x80 of the value, and nothing of the key or a comment', () => {
    expect(ruleOf('Disallow: /a/b').shape).toBe(0);
    expect(ruleOf('Disallow: /a$').shape).toBe(0);
    expect(ruleOf('Disallow: /a # 100% * $ caf\u00e9').shape).toBe(0);
    expect(ruleOf('Disallow: /%7ea').shape).toBe(SHAPE_PERCENT);
    expect(ruleOf('Disallow: /*.pdf$').shape).toBe(SHAPE_STAR);
    expect(ruleOf('Disallow: /a$b').shape).toBe(SHAPE_INNER_DOLLAR);
    expect(ruleOf('Allow: /caf\u00e9*').shape).toBe(SHAPE_HIGH | SHAPE_STAR);
  });

  it('gives the patterns a value of unknown shape gives (every scan done), in both profiles', () => {
    const values = [
      '/a/b', '/a$', '/a$b', '/$', '$', '/%7ea%2fb%41', '/%2A*x', '/caf\u00e9/index.html', '/*/index.html', '/a**/b*c$', '/a*',
      '/a*b*', '/**/index.htm', '/x/**', '*', '/p%24q$', '/index.html*', '/%e2%82%ac*$', 'a*', '/*$',
    ];
    for (const profile of ['rfc9309', 'google'] as const) {
      for (const value of values) {
        for (const kind of ['Allow', 'Disallow']) {
          const rule = ruleOf(`${kind}: ${value}`);
          const shaped: MatchPattern[] = [];
          const unknown: MatchPattern[] = [];
          appendPatternsOfRule(rule, 3, profile, shaped);
          appendPatternsOfRule({ kind: rule.kind, line: rule.line, escaped: rule.escaped }, 3, profile, unknown);
          expect(shaped.map((p) => ({ ...p, body: Array.from(p.body) })), `${kind}: ${value} (${profile})`).toEqual(unknown.map((p) => ({ ...p, body: Array.from(p.body) })));
        }
      }
    }
  });

  it('records the head of each pattern: the bytes before its first wildcard, all of a literal body', () => {
    const shapeOf = (value: string): number => {
      const shape = ruleOf(`Allow: ${value}`).shape;
      expect(shape, value).toBeTypeOf('number');
      return shape as number;
    };
    const heads = (value: string): number[] => patternsOfRule({ ...source('allow', 2, value), shape: shapeOf(value) }, 'rfc9309').map((p) => p.head);
    expect(heads('/abc')).toEqual([4]);
    expect(heads('/ab*c*d$')).toEqual([3]);
    expect(heads('/ab**c')).toEqual([3]);
    expect(heads('/ab*')).toEqual([3]);
    expect(heads('/a*b/index.html')).toEqual([2, 2]);
  });
});
