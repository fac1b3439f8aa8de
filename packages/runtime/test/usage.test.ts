// usage.ts and AgentRules#usage / #signal: every rule of docs/semantics.md section 10 as a named
// test, the drafts' own examples (draft-ietf-aipref-attach-05 "Example", draft-ietf-aipref-vocab-07
// section 6), the Content Signals Policy's managed robots.txt, explanations, argument errors, and
// the loader's validation of the PREFERENCES section. Answers are checked against @robomata/reference.
import { describe, expect, it } from 'vitest';
import { compile, compileRobots } from '@robomata/compiler';
import { createReferenceMatcher } from '@robomata/reference';
import { loadRobots, RobotsFormatError } from '../src/load.js';
import type { Profile } from '../src/format.js';
import { decodeArtifact, encodeArtifact, resealed, utf8, type RawArtifact } from './_artifact.js';
import { explainPreferences } from '../src/internal.js';

const PROFILES: readonly Profile[] = ['rfc9309', 'google'];

/** Returns `kind` answers of `agent` for each (url, key) pair, each checked against the reference first. */
function answers(kind: 'usage' | 'signal', txt: string, agent: string, pairs: readonly (readonly [string, string])[], profile: Profile): (string | undefined)[] {
  const rules = loadRobots(compile(txt, { profile })).agent(agent);
  const ref = createReferenceMatcher(txt, { profile });
  return pairs.map(([u, k]) => {
    const got = kind === 'usage' ? rules.usage(u, k) : rules.signal(u, k);
    expect(got, `${profile} ${agent} ${u} ${k}`).toBe(kind === 'usage' ? ref.usage(agent, u, k) : ref.signal(agent, u, k));
    return got;
  });
}

/** Returns usage answers of `agent` for each url. */
function usages(txt: string, agent: string, urls: readonly string[], category = 'train-ai', profile: Profile = 'rfc9309'): (string | undefined)[] {
  return answers('usage', txt, agent, urls.map((u) => [u, category] as const), profile);
}

/** Returns the usage answers of agent `x` at `url` for both vocabulary categories. */
function categories(txt: string, url: string): Record<string, string | undefined> {
  const [trainAi, search] = answers('usage', txt, 'x', [[url, 'train-ai'], [url, 'search']], 'rfc9309');
  return { 'train-ai': trainAi, search };
}

/** Returns signal answers of `agent` at `url` for each key. */
function signals(txt: string, agent: string, url: string, keys: readonly string[], profile: Profile = 'rfc9309'): (string | undefined)[] {
  return answers('signal', txt, agent, keys.map((k) => [url, k] as const), profile);
}

const ATTACH_EXAMPLE = [
  'User-Agent: *',
  'Allow: /',
  'Disallow: /never/',
  'Content-Usage: train-ai=n',
  'Content-Usage: /ai-ok/ train-ai=y',
  '',
  'User-Agent: ExampleBot',
  'Allow: /',
  'Content-Usage: train-ai=y',
].join('\n');

describe("the drafts' own examples", () => {
  for (const profile of PROFILES) {
    it(`attach-05 "Example": the table of usage preferences for different paths (${profile})`, () => {
      expect(usages(ATTACH_EXAMPLE, 'OtherBot', ['/test', '/never/test', '/ai-ok/test'], 'train-ai', profile)).toEqual(['n', undefined, 'y']);
      const star = loadRobots(compile(ATTACH_EXAMPLE, { profile })).agent('OtherBot');
      expect(star.isAllowed('/never/test')).toBe(false);
      expect(usages(ATTACH_EXAMPLE, 'ExampleBot', ['/test', '/never/test', '/ai-ok/test'], 'train-ai', profile)).toEqual(['y', 'y', 'y']);
    });
  }

  it('vocab-07 section 6: "train-ai=y, search=n" allows training and disallows search', () => {
    expect(categories('User-agent: *\nContent-Usage: train-ai=y, search=n\n', '/')).toEqual({ 'train-ai': 'y', search: 'n' });
  });

  it('vocab-07 section 6.5.1: a repeated key keeps its last value; a Boolean or String value is unknown', () => {
    expect(categories('User-agent: *\nContent-Usage: train-ai=y, train-ai, search=n, search="n"\n', '/')).toEqual({ 'train-ai': undefined, search: undefined });
  });

  it('vocab-07 section 6.5.2: parameters are ignored, only the last value counts ("train-ai;allow=n, train-ai=y")', () => {
    expect(usages('User-agent: *\nContent-Usage: train-ai;allow=n, train-ai=y\n', 'x', ['/'])).toEqual(['y']);
    expect(usages('User-agent: *\nContent-Usage: train-ai=n;because=y\n', 'x', ['/'])).toEqual(['n']);
  });

  it('vocab-07 section 6.5.2: a preference with parameters but no y/n value is unknown', () => {
    expect(usages('User-agent: *\nContent-Usage: train-ai;has;parameters="?";\n', 'x', ['/'])).toEqual([undefined]);
    expect(usages('User-agent: *\nContent-Usage: train-ai;has;parameters="?"\n', 'x', ['/'])).toEqual([undefined]);
  });

  it('vocab-07 section 6.5.1: a dictionary with uppercase keys fails to parse: every preference is unknown', () => {
    expect(categories('User-agent: *\nContent-Usage: Train-AI=n, search=n\n', '/')).toEqual({ 'train-ai': undefined, search: undefined });
  });

  it('attach-05 / vocab-07 section 5.1: identical paths with conflicting preferences combine, any n wins', () => {
    expect(categories('User-agent: *\nContent-Usage: /a train-ai=y, search=y\nContent-Usage: /a train-ai=n\n', '/a')).toEqual({ 'train-ai': 'n', search: 'y' });
  });

  it("the Content Signals Policy's managed robots.txt (Content-Signal between User-agent: * and Allow: /)", () => {
    const txt = '# As a condition of accessing this website...\nUser-Agent: *\nContent-Signal: search=yes,ai-train=no\nAllow: /\n';
    expect(signals(txt, 'AnyBot', '/page', ['search', 'ai-train', 'ai-input'])).toEqual(['yes', 'no', undefined]);
    const robots = loadRobots(compile(txt));
    expect(robots.agent('AnyBot').isAllowed('/page')).toBe(true);
    expect(robots.agent('AnyBot').selection).toBe('global');
  });
});

describe('docs/semantics.md section 10: named rules', () => {
  it('key: exact, ASCII case-insensitive; a near miss is no preference', () => {
    expect(usages('User-agent: *\nCONTENT-USAGE: train-ai=n\n', 'x', ['/'])).toEqual(['n']);
    expect(usages('User-agent: *\ncontent-usage: train-ai=n\n', 'x', ['/'])).toEqual(['n']);
    expect(usages('User-agent: *\nContent-Usages: train-ai=n\n', 'x', ['/'])).toEqual([undefined]);
    expect(usages('User-agent: *\nContent_Usage: train-ai=n\n', 'x', ['/'])).toEqual([undefined]);
    expect(signals('User-agent: *\nCONTENT-signal: ai-train=no\n', 'x', '/', ['ai-train'])).toEqual(['no']);
  });

  it('key and separator: surrounding SP/HTAB are ignored', () => {
    expect(usages('User-agent: *\n \t Content-Usage \t:\t train-ai=n \t\n', 'x', ['/'])).toEqual(['n']);
  });

  it('value: runs to the first CR, LF or #', () => {
    expect(usages('User-agent: *\nContent-Usage: train-ai=n # , search=n\n', 'x', ['/'], 'search')).toEqual([undefined]);
    expect(usages('User-agent: *\nContent-Usage: train-ai=n # , search=n\n', 'x', ['/'], 'train-ai')).toEqual(['n']);
    expect(usages('User-agent: *\rContent-Usage: /a train-ai=n\rContent-Usage: search=y\r', 'x', ['/a', '/b'], 'train-ai')).toEqual(['n', undefined]);
  });

  it('path: a value starting with / carries a path up to the first SP/HTAB; the rest is the preference', () => {
    const txt = 'User-agent: *\nContent-Usage: /a/\ttrain-ai=n\nContent-Usage: /b/   search=n\n';
    expect(usages(txt, 'x', ['/a/x', '/b/x', '/c'], 'train-ai')).toEqual(['n', undefined, undefined]);
    expect(usages(txt, 'x', ['/a/x', '/b/x', '/c'], 'search')).toEqual([undefined, 'n', undefined]);
  });

  it('path: a value not starting with / has no path and applies to every path (match of length 0)', () => {
    expect(usages('User-agent: *\nContent-Usage: train-ai=n\n', 'x', ['/', '/a/b?c', 'https://h.example/x'])).toEqual(['n', 'n', 'n']);
    // `*.pdf train-ai=n` is all preference: it does not parse, so nothing is stated.
    expect(usages('User-agent: *\nContent-Usage: *.pdf train-ai=n\n', 'x', ['/a.pdf', '/'])).toEqual([undefined, undefined]);
  });

  it('matching: * and a final $ as in Allow/Disallow', () => {
    const txt = 'User-agent: *\nContent-Usage: /*.pdf$ train-ai=n\nContent-Usage: /docs/*/draft train-ai=y\n';
    expect(usages(txt, 'x', ['/a/b.pdf', '/a/b.pdfx', '/docs/x/draft-1', '/docs/draft', '/x'])).toEqual(['n', undefined, 'y', undefined, undefined]);
  });

  it('regression (property counterexample): a segment search restarts inside a partial match (/*ba on /bba, /*aab on /aaab)', () => {
    const txt = 'User-agent: *\nContent-Usage: /*ba train-ai=y\nContent-Usage: /*aab$ search=n\n';
    expect(usages(txt, 'x', ['/bba', '/bb'], 'train-ai')).toEqual(['y', undefined]);
    expect(usages(txt, 'x', ['/aaab', '/aaaba'], 'search')).toEqual(['n', undefined]);
  });

  it('matching: $ inside a path is a literal byte', () => {
    expect(usages('User-agent: *\nContent-Usage: /a$b train-ai=n\n', 'x', ['/a$b', '/a$bc', '/a'])).toEqual(['n', 'n', undefined]);
  });

  it("matching: percent-encoding is compared in each profile's canonical form", () => {
    const txt = 'User-agent: *\nContent-Usage: /%7Euser/ train-ai=n\nContent-Usage: /ツ train-ai=y\n';
    expect(usages(txt, 'x', ['/~user/a', '/%7euser/a', '/ツ', '/%E3%83%84'], 'train-ai', 'rfc9309')).toEqual(['n', 'n', 'y', 'y']);
    // google compares the URL's raw bytes with the escaped pattern, as for Allow/Disallow.
    expect(usages(txt, 'x', ['/~user/a', '/%7Euser/a', '/ツ', '/%E3%83%84'], 'train-ai', 'google')).toEqual([undefined, 'n', undefined, 'y']);
  });

  it('longest match in octets decides (a %XX counts 3, a character its UTF-8 escapes)', () => {
    const txt = 'User-agent: *\nContent-Usage: /a train-ai=y\nContent-Usage: /ab train-ai=n\nContent-Usage: /abc train-ai=y\n';
    expect(usages(txt, 'x', ['/a', '/ab', '/abc', '/abx'])).toEqual(['y', 'n', 'y', 'n']);
    // `/ツ` is 10 octets (`/%E3%83%84`): longer than `/abcdefgh` (9).
    const wide = 'User-agent: *\nContent-Usage: /* train-ai=n\nContent-Usage: /ツ train-ai=y\nContent-Usage: /*%E3 train-ai=n\n';
    expect(usages(wide, 'x', ['/ツ'])).toEqual(['y']);
  });

  it('combining: equal-length different patterns combine like identical ones (any n gives n)', () => {
    const txt = 'User-agent: *\nContent-Usage: /a* train-ai=y\nContent-Usage: /ab train-ai=n\n';
    expect(usages(txt, 'x', ['/abc', '/axc'], 'train-ai')).toEqual(['n', 'y']);
    // `/a*c` (4 octets) is longer than both and states only search: train-ai is unknown there.
    expect(usages(`${txt}Content-Usage: /a*c search=y\n`, 'x', ['/abc', '/abd'], 'train-ai')).toEqual([undefined, 'n']);
  });

  it('combining: the longest matching line decides even when it does not state the category (unknown)', () => {
    const txt = 'User-agent: *\nContent-Usage: train-ai=n\nContent-Usage: /a search=y\n';
    expect(usages(txt, 'x', ['/a', '/b'], 'train-ai')).toEqual([undefined, 'n']);
    expect(usages(txt, 'x', ['/a', '/b'], 'search')).toEqual(['y', undefined]);
  });

  it('fetch first: a URL the group disallows has no preference', () => {
    const txt = 'User-agent: *\nDisallow: /private\nContent-Usage: train-ai=y\n';
    expect(usages(txt, 'x', ['/private/x', '/public'])).toEqual([undefined, 'y']);
  });

  it('the index.html rule does not apply to preference paths', () => {
    const txt = 'User-agent: *\nContent-Usage: /d/index.html train-ai=n\n';
    expect(usages(txt, 'x', ['/d/index.html', '/d/'])).toEqual(['n', undefined]);
  });

  it('rfc9309: /robots.txt is always fetchable, and preferences apply to it as to any path', () => {
    const txt = 'User-agent: *\nDisallow: /\nContent-Usage: train-ai=n\n';
    expect(usages(txt, 'x', ['/robots.txt', '/a'], 'train-ai', 'rfc9309')).toEqual(['n', undefined]);
    expect(usages(txt, 'x', ['/robots.txt'], 'train-ai', 'google')).toEqual([undefined]);
  });

  it('usage(): only the categories of vocab-07 (train-ai, search); other labels give undefined', () => {
    const txt = 'User-agent: *\nContent-Usage: train-ai=n, search=y, ai-train=n, bots=n, foo=y\n';
    const rules = loadRobots(compile(txt)).agent('x');
    expect(['train-ai', 'search', 'ai-train', 'bots', 'foo', 'TRAIN-AI', ''].map((c) => rules.usage('/', c))).toEqual(['n', 'y', undefined, undefined, undefined, undefined, undefined]);
  });

  it('signal(): yes/no for any key a line states; y/n or other values are unknown', () => {
    const txt = 'User-agent: *\nContent-Signal: search=yes, ai-input=no, ai-train=n, custom=no, other="no"\n';
    expect(signals(txt, 'x', '/', ['search', 'ai-input', 'ai-train', 'custom', 'other', 'absent'])).toEqual(['yes', 'no', undefined, 'no', undefined, undefined]);
  });

  it('usage() and signal() read only their own kind of line', () => {
    const txt = 'User-agent: *\nContent-Usage: /a search=n\nContent-Signal: /ab search=yes\n';
    expect(usages(txt, 'x', ['/abc'], 'search')).toEqual(['n']);
    expect(signals(txt, 'x', '/abc', ['search'])).toEqual(['yes']);
  });

  it('grouping (rfc9309): a Content-Usage line is a rule and ends a run of user-agent lines', () => {
    const txt = 'User-agent: a\nContent-Usage: train-ai=n\nUser-agent: b\nDisallow: /\n';
    const robots = loadRobots(compile(txt, { profile: 'rfc9309' }));
    expect(robots.agent('a').isAllowed('/x')).toBe(true);
    expect(robots.agent('a').usage('/x', 'train-ai')).toBe('n');
    expect(robots.agent('b').isAllowed('/x')).toBe(false);
    expect(robots.agent('b').usage('/x', 'train-ai')).toBeUndefined();
    expect(robots.groupCount).toBe(2);
    usages(txt, 'a', ['/x']);
    usages(txt, 'b', ['/x']);
  });

  it("grouping (google): Google's grouping and isAllowed are unchanged; preferences come from Google's groups", () => {
    const txt = 'User-agent: a\nContent-Usage: train-ai=n\nUser-agent: b\nDisallow: /x\n';
    const robots = loadRobots(compile(txt, { profile: 'google' }));
    expect(robots.groupCount).toBe(1);
    expect(robots.agent('a').isAllowed('/x')).toBe(false);
    expect(robots.agent('a').usage('/y', 'train-ai')).toBe('n');
    expect(robots.agent('b').usage('/y', 'train-ai')).toBe('n');
    expect(usages(txt, 'b', ['/y', '/x'], 'train-ai', 'google')).toEqual(['n', undefined]);
  });

  it('grouping: Content-Signal changes grouping in neither profile', () => {
    const txt = 'User-agent: a\nContent-Signal: ai-train=no\nUser-agent: b\nDisallow: /x\n';
    for (const profile of PROFILES) {
      const robots = loadRobots(compile(txt, { profile }));
      expect(robots.groupCount, profile).toBe(1);
      expect(robots.agent('a').isAllowed('/x'), profile).toBe(false);
      expect(signals(txt, 'b', '/y', ['ai-train'], profile)).toEqual(['no']);
    }
  });

  it('selection: a crawler with its own group ignores the * group’s preferences; merged groups combine theirs', () => {
    const txt = 'User-agent: *\nContent-Usage: train-ai=n\n\nUser-agent: a\nAllow: /\nContent-Usage: /x train-ai=y\n\nUser-agent: a\nContent-Usage: /x train-ai=n\n';
    expect(usages(txt, 'a', ['/x', '/y'])).toEqual(['n', undefined]);
    expect(usages(txt, 'other', ['/x'])).toEqual(['n']);
  });

  it('a line outside any group applies to no group', () => {
    const txt = 'Content-Usage: train-ai=n\nContent-Signal: ai-train=no\nUser-agent: *\nAllow: /\n';
    expect(usages(txt, 'x', ['/'])).toEqual([undefined]);
    expect(signals(txt, 'x', '/', ['ai-train'])).toEqual([undefined]);
  });

  it('no group at all, or a group without preference lines: undefined', () => {
    expect(loadRobots(compile('')).agent('x').usage('/', 'train-ai')).toBeUndefined();
    expect(loadRobots(compile('User-agent: a\nDisallow: /\n')).agent('x').signal('/', 'search')).toBeUndefined();
    expect(loadRobots(compile('User-agent: *\nDisallow:\n')).agent('x').usage('/', 'search')).toBeUndefined();
  });

  it('a non-string url, category or key is a TypeError', () => {
    const rules = loadRobots(compile(ATTACH_EXAMPLE)).agent('x');
    expect(() => rules.usage('/', 1 as unknown as string)).toThrow(TypeError);
    expect(() => rules.usage('/', undefined as unknown as string)).toThrow(/category must be a string/);
    expect(() => rules.usage(null as unknown as string, 'train-ai')).toThrow(TypeError);
    expect(() => rules.signal('/', {} as unknown as string)).toThrow(/key must be a string/);
    expect(() => rules.signal(3 as unknown as string, 'search')).toThrow(TypeError);
  });

  it('agent-scoped and lazily built artifacts answer the same', () => {
    for (const robots of [loadRobots(compile(ATTACH_EXAMPLE, { agents: ['ExampleBot', 'Other'] })), compileRobots(ATTACH_EXAMPLE)]) {
      expect(robots.agent('ExampleBot').usage('/never/x', 'train-ai')).toBe('y');
      expect(robots.agent('Other').usage('/ai-ok/x', 'train-ai')).toBe('y');
      expect(robots.agent('Other').usage('/x', 'train-ai')).toBe('n');
    }
  });
});

describe('explanations (explainPreferences, internal: Robots#explain carries them)', () => {
  it('lists the deciding lines with path, raw dictionary and combined answers', () => {
    const txt = 'User-agent: *\nContent-Usage: /a train-ai=y, search=n;x=1\nContent-Usage: /a train-ai=n\nContent-Usage: train-ai=y\nContent-Signal: search=yes, ai-train=no\n';
    const rules = loadRobots(compile(txt)).agent('x');
    const e = explainPreferences(rules, '/abc', 'usage');
    expect(e.allowed).toBe(true);
    expect(e.priority).toBe(2);
    expect(e.rules.map((r) => [r.line, r.path, r.preference])).toEqual([[2, '/a', 'train-ai=y, search=n;x=1'], [3, '/a', 'train-ai=n']]);
    expect(e.rules[0]!.answers).toEqual({ 'search': false, 'train-ai': true });
    expect(e.answers).toEqual({ 'train-ai': 'n', 'search': 'n' });
    const s = explainPreferences(rules, '/zzz', 'signal');
    expect(s.rules.map((r) => [r.line, r.path])).toEqual([[5, '']]);
    expect(s.answers).toEqual({ 'search': 'yes', 'ai-train': 'no' });
  });

  it('a disallowed URL: allowed false, no lines', () => {
    const rules = loadRobots(compile(ATTACH_EXAMPLE)).agent('x');
    expect(explainPreferences(rules, '/never/x', 'usage')).toEqual({ allowed: false, rules: [], priority: -1, answers: {} });
  });

  it('keeps the raw text of an unparseable statement', () => {
    const rules = loadRobots(compile('User-agent: *\nContent-Usage: /p Train-AI=N\n')).agent('x');
    const e = explainPreferences(rules, '/p', 'usage');
    expect(e.rules.map((r) => [r.preference, r.answers])).toEqual([['Train-AI=N', {}]]);
    expect(e.answers).toEqual({});
  });
});

describe('loadRobots: the PREFERENCES section (format.ts section 12)', () => {
  const TXT = 'User-agent: *\nAllow: /\nContent-Usage: /a*b$ train-ai=n\nContent-Usage: search=y\nContent-Signal: /x ai-train=no\n';
  const ARTIFACT = compile(TXT);

  function corrupt(edit: (a: RawArtifact) => void): Uint8Array {
    const raw = decodeArtifact(ARTIFACT);
    edit(raw);
    return encodeArtifact(raw);
  }

  it('decodes what the compiler wrote (round trip through the test encoder)', () => {
    const raw = decodeArtifact(ARTIFACT);
    expect(raw.preferences.rules.map((r) => [r.line, r.flags, r.priority])).toEqual([[3, 2, 5], [4, 0, 0], [5, 1, 2]]);
    expect(raw.preferences.groups).toEqual([[[0, 3]]]);
    // The body is stored only when it differs from the path as written.
    expect(raw.preferences.rules.map((r) => (r.body === null ? null : new TextDecoder().decode(r.body)))).toEqual(['/a*b', null, null]);
    expect(encodeArtifact(raw)).toEqual(ARTIFACT);
    expect(loadRobots(encodeArtifact(raw)).agent('x').usage('/axb', 'train-ai')).toBe('n');
  });

  const cases: [string, (a: RawArtifact) => void][] = [
    ['an answer other than 1 or 2', (a) => (a.preferences.statements[0]!.answers[0]![2] = 3)],
    ['an empty answer key', (a) => (a.preferences.statements[0]!.answers[0]![1] = 0)],
    ['an answer key past its text', (a) => (a.preferences.statements[0]!.answers[0]![1] = 99)],
    ['an uppercase answer key', (a) => a.preferences.statements.push({ text: utf8('Train-ai=n'), answers: [[0, 8, 2]] })],
    ['a key with a space', (a) => a.preferences.statements.push({ text: utf8('a b=n'), answers: [[0, 3, 2]] })],
    ['answer keys out of order', (a) => a.preferences.statements.push({ text: utf8('b=y, a=y'), answers: [[0, 1, 1], [5, 1, 1]] })],
    ['a rule naming a missing statement', (a) => (a.preferences.rules[0]!.statement = 99)],
    ['a rule on line 0', (a) => (a.preferences.rules[0]!.line = 0)],
    ['unknown rule flags', (a) => (a.preferences.rules[0]!.flags = 4)],
    ['a body not starting with /', (a) => (a.preferences.rules[0]!.body = utf8('a*b'))],
    ['a body ending with *', (a) => (a.preferences.rules[0]!.body = utf8('/a*'))],
    ['a body with **', (a) => (a.preferences.rules[0]!.body = utf8('/a**b'))],
    ['an anchored empty body', (a) => {
      a.preferences.rules[1]!.flags = 2;
    }],
    ['a priority below the body length', (a) => (a.preferences.rules[0]!.priority = 1)],
    ['rules out of priority order', (a) => {
      a.preferences.rules[1]!.priority = 9;
      a.preferences.rules[1]!.body = utf8('/abcdefgh');
    }],
    ['a signal rule before a usage rule', (a) => (a.preferences.rules[0]!.flags = 3)],
    ['a source overrunning the rules', (a) => (a.preferences.groups[0] = [[0, 4]])],
    ['overlapping sources', (a) => (a.preferences.groups[0] = [[0, 2], [1, 2]])],
  ];
  for (const [name, edit] of cases) {
    it(`bad-table: ${name}`, () => {
      const bytes = corrupt(edit);
      expect(() => loadRobots(bytes)).toThrow(RobotsFormatError);
      try {
        loadRobots(bytes);
      } catch (e) {
        expect((e as RobotsFormatError).code).toBe('bad-table');
      }
    });
  }

  it('bad-section or bad-table: a missing group entry, a cut string', () => {
    const raw = decodeArtifact(ARTIFACT);
    raw.preferences.groups = [];
    expect(() => loadRobots(encodeArtifact(raw))).toThrow(/bad-section/);
    // Cut inside the statement text (the section starts after the warnings' count, 0).
    const text = new TextEncoder().encode('train-ai=n');
    let at = -1;
    for (let i = 0; i + text.length <= ARTIFACT.length && at < 0; i++) if (text.every((c, k) => ARTIFACT[i + k] === c)) at = i;
    expect(at).toBeGreaterThan(0);
    expect(() => loadRobots(resealed(ARTIFACT.slice(0, at + 3)))).toThrow(/bad-(section|table)/);
    expect(() => loadRobots(resealed(ARTIFACT.slice(0, at + 3)))).toThrow(RobotsFormatError);
  });
});
