// parse-preference.ts and the preference lines of parse.ts: the split into path and statement,
// the statement read with structured-headers, grouping per profile, and every lint diagnostic
// of docs/semantics.md section 10.
import { describe, expect, it } from 'vitest';
import { compileRobots, parseRobotsTxt, type Diagnostic } from '../src/index.js';
import { nearMissPreferenceKey, readPreference } from '../src/parse-preference.js';

function codes(txt: string, profile: 'rfc9309' | 'google' = 'rfc9309'): [number, string][] {
  return parseRobotsTxt(txt, { profile }).diagnostics.map((d: Diagnostic) => [d.line, d.code]);
}

describe('preference lines: parse', () => {
  it('keeps path, statement and answers of each line in its group, in line order', () => {
    const parsed = parseRobotsTxt('User-agent: *\nContent-Usage: /a/\t train-ai=n, search=y;p=1\nContent-Signal: search=yes, ai-train=no\n');
    const prefs = parsed.groups[0]!.preferences;
    expect(prefs.map((p) => [p.line, p.kind, p.path, p.preference, p.parsed, p.answers])).toEqual([
      [2, 'usage', '/a/', 'train-ai=n, search=y;p=1', true, [['train-ai', false], ['search', true]]],
      [3, 'signal', '', 'search=yes, ai-train=no', true, [['search', true], ['ai-train', false]]],
    ]);
    // Answered by usage()/signal(), so not listed again with the other directives.
    expect(parsed.others).toEqual([]);
  });

  it('others lists a preference line only when it is outside any group (it answers nothing there)', () => {
    const parsed = parseRobotsTxt('Content-Signal: ai-train=no\nUser-agent: *\nCrawl-delay: 2\nContent-Usage: train-ai=n\nContent-Signal: search=yes\n');
    expect(parsed.others.map((d) => [d.line, d.key, d.value, d.group])).toEqual([
      [1, 'Content-Signal', 'ai-train=no', -1],
      [3, 'Crawl-delay', '2', 0],
    ]);
    expect(parsed.groups[0]!.preferences.map((p) => p.line)).toEqual([4, 5]);
  });

  it('otherDirectives() of the compiled rules: the same list, in both profiles', () => {
    const txt = 'Content-Usage: train-ai=n\nUser-agent: *\nContent-Signal: ai-train=no\nHost: example.com\nContent-Usage: /a train-ai=y\n';
    for (const profile of ['rfc9309', 'google'] as const) {
      const robots = compileRobots(txt, { profile });
      expect(robots.otherDirectives()).toEqual([{ line: 1, key: 'Content-Usage', value: 'train-ai=n' }, { line: 4, key: 'Host', value: 'example.com' }]);
      expect(robots.agent('x').signal('/b', 'ai-train')).toBe('no');
      expect(robots.agent('x').usage('/a', 'train-ai')).toBe('y');
    }
  });

  it('escapes the path as Allow/Disallow values are (docs/semantics.md section 4)', () => {
    const pref = parseRobotsTxt('User-agent: *\nContent-Usage: /ツ%7e train-ai=n\n').groups[0]!.preferences[0]!;
    expect(new TextDecoder().decode(pref.escaped)).toBe('/%E3%83%84%7E');
  });

  it('rfc9309: a Content-Usage line ends the run of user-agent lines; google: it does not', () => {
    const txt = 'User-agent: a\nContent-Usage: train-ai=n\nUser-agent: b\nDisallow: /\n';
    expect(parseRobotsTxt(txt).groups.map((g) => g.agents.map((a) => a.token))).toEqual([['a'], ['b']]);
    expect(parseRobotsTxt(txt, { profile: 'google' }).groups.map((g) => g.agents.map((a) => a.token))).toEqual([['a', 'b']]);
  });

  it('Content-Signal ends no run of user-agent lines in either profile', () => {
    const txt = 'User-agent: a\nContent-Signal: ai-train=no\nUser-agent: b\nDisallow: /\n';
    for (const profile of ['rfc9309', 'google'] as const) {
      expect(parseRobotsTxt(txt, { profile }).groups.map((g) => g.agents.map((a) => a.token))).toEqual([['a', 'b']]);
    }
  });

  it('rejects an unknown profile with a TypeError', () => {
    expect(() => parseRobotsTxt('', { profile: 'bing' as 'google' })).toThrow(TypeError);
  });

  it('readPreference: parse failure and non-token values give no answers', () => {
    expect(readPreference('usage', 'train-ai=').parsed).toBe(false);
    expect(readPreference('usage', 'train-ai="n", search=?1').answers).toEqual([]);
    expect(readPreference('signal', 'search=yes, search=no').answers).toEqual([['search', false]]);
  });
});

describe('preference lines: lint', () => {
  it('unparseable preference', () => {
    expect(codes('User-agent: *\nContent-Usage: train-ai=n,,\n')).toEqual([[2, 'unparseable-preference']]);
  });

  it('uppercase keys', () => {
    expect(codes('User-agent: *\nContent-Usage: Train-AI=n\n')).toEqual([[2, 'uppercase-preference-key']]);
  });

  it('retired categories of earlier drafts', () => {
    for (const key of ['bots', 'train-genai', 'ai-use', 'genai', 'tdm', 'ai', 'inference', 'all', 'ai-output']) {
      expect(codes(`User-agent: *\nContent-Usage: ${key}=n\n`), key).toEqual([[2, 'retired-category']]);
    }
    expect(codes('User-agent: *\nContent-Usage: train-ai=n, search=y\n')).toEqual([]);
  });

  it('yes/no in Content-Usage, y/n in Content-Signal', () => {
    expect(codes('User-agent: *\nContent-Usage: train-ai=no\n')).toEqual([[2, 'wrong-answer-word']]);
    expect(codes('User-agent: *\nContent-Signal: ai-train=n\n')).toEqual([[2, 'wrong-answer-word']]);
  });

  it('a value that is not a y/n token', () => {
    expect(codes('User-agent: *\nContent-Usage: train-ai="n"\n')).toEqual([[2, 'unknown-preference-value']]);
  });

  it('a path that does not start with /', () => {
    expect(codes('User-agent: *\nContent-Usage: *.pdf train-ai=n\n').map((c) => c[1])).toEqual(['preference-path', 'unparseable-preference']);
    expect(codes('User-agent: *\nContent-Signal: images/ ai-train=no\n').map((c) => c[1])).toEqual(['preference-path', 'unparseable-preference']);
  });

  it('an empty statement', () => {
    expect(codes('User-agent: *\nContent-Usage: /a\n')).toEqual([[2, 'empty-preference']]);
  });

  it('lines outside any group', () => {
    expect(codes('Content-Usage: train-ai=n\nContent-Signal: search=yes\nUser-agent: *\n')).toEqual([[1, 'preference-outside-group'], [2, 'preference-outside-group']]);
  });

  it('near-miss keys are reported and have no effect', () => {
    for (const key of ['Content_Usage', 'Content-Usages', 'ContentUsage', 'Content Usage', 'Contnt-Usage', 'Content-Signals', 'ContentSignal', 'content_signal']) {
      const parsed = parseRobotsTxt(`User-agent: *\n${key}: train-ai=n\n`);
      expect(parsed.diagnostics.map((d) => d.code), key).toEqual(['near-miss-key']);
      expect(parsed.groups[0]!.preferences).toEqual([]);
    }
    expect(nearMissPreferenceKey('crawl-delay')).toBeUndefined();
    expect(nearMissPreferenceKey('content-usage')).toBeUndefined();
    expect(nearMissPreferenceKey('content-type')).toBeUndefined();
  });

  it('near misses are exactly the keys within two edits of a preference key, or equal to one squashed (against a plain Levenshtein table)', () => {
    const distance = (a: string, b: string): number => {
      let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
      for (let i = 1; i <= a.length; i++) {
        const cur = [i];
        for (let j = 1; j <= b.length; j++) cur[j] = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
        prev = cur;
      }
      return prev[b.length]!;
    };
    const expected = (key: string): string | undefined => {
      if (key.length > 24 || key.length < 11) return undefined;
      for (const k of ['content-usage', 'content-signal']) {
        if (key === k) return undefined;
        if (key.replace(/[-_ ]/g, '') === k.replace('-', '') || distance(key, k) <= 2) return k;
      }
      return undefined;
    };
    // Seeded edits of both keys: up to four substitutions, insertions and deletions each.
    let seed = 9309;
    const next = (n: number): number => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) >>> 8) % n;
    const alphabet = 'contesiguaxl-_ ';
    let near = 0;
    for (let i = 0; i < 4000; i++) {
      let key = i % 2 === 0 ? 'content-usage' : 'content-signal';
      for (let e = next(5); e > 0; e--) {
        const at = next(key.length + 1);
        const op = next(3);
        const c = alphabet[next(alphabet.length)]!;
        key = op === 0 ? key.slice(0, at) + c + key.slice(at + 1) : op === 1 ? key.slice(0, at) + c + key.slice(at) : key.slice(0, at) + key.slice(at + 1);
      }
      const want = expected(key);
      if (want !== undefined) near++;
      expect(nearMissPreferenceKey(key), key).toBe(want);
    }
    expect(near).toBeGreaterThan(500);
  });

  it('messages name the line and say what happens', () => {
    const [d] = parseRobotsTxt('User-agent: *\nContent-Usage: Train-AI=n\n').diagnostics;
    expect(d!.message).toMatch(/^line 2: .*case-sensitive.*unknown/);
    expect(d!.severity).toBe('warning');
  });
});
