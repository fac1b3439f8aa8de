// explain.ts and Robots#explain: one named test per outcome, the group choice, the path as matched, describeDecision
// (docs/semantics.md sections 3 to 7).
import { describe, expect, it } from 'vitest';
import { compile, compileRobots } from '@robomata/compiler';
import { OUTCOME_MESSAGES, decideOutcome, describeDecision, describeGroupChoice } from '../src/explain.js';
import { loadRobots } from '../src/load.js';
import { NO_RANK } from '../src/format.js';
import { IMPLICIT_RANK, RANK_ALLOW, RANK_COMPANION, RANK_RULE_SHIFT } from '../src/tables.js';

const TXT = ['User-agent: FooBot', 'Disallow: /private', 'Allow: /private/open', 'Allow: /docs/index.html', 'Disallow: /docs/', '', 'User-agent: *', 'Disallow: /all'].join('\n');

describe('Robots#explain outcomes', () => {
  const robots = compileRobots(TXT);

  it("'rule': the longest match decides, with its id, line, kind and pattern", () => {
    const d = robots.explain('https://example.com/private/x', 'FooBot/2.1');
    expect(d).toMatchObject({ form: 'absolute', outcome: 'rule', allowed: false, path: '/private/x', rule: { id: 0, line: 2, kind: 'disallow', pattern: '/private' } });
    expect(robots.explain('/private/open/1', 'foobot')).toMatchObject({ outcome: 'rule', allowed: true, rule: { line: 3, kind: 'allow' } });
  });

  it("'index-html': Allow /docs/index.html also allows exactly /docs/ (semantics section 5)", () => {
    const d = robots.explain('/docs/', 'FooBot');
    expect(d).toMatchObject({ outcome: 'index-html', allowed: true, rule: { line: 4, kind: 'allow', pattern: '/docs/index.html' } });
    expect(robots.explain('/docs/index.html', 'FooBot').outcome).toBe('rule');
    expect(robots.explain('/docs/x', 'FooBot')).toMatchObject({ outcome: 'rule', allowed: false, rule: { line: 5 } });
  });

  it("'robots-txt': rfc9309 always allows /robots.txt, however it is spelled; google does not", () => {
    const txt = 'User-agent: *\nDisallow: /';
    const d = compileRobots(txt).explain('https://example.com/%72obots.txt?x', 'a');
    expect(d).toMatchObject({ outcome: 'robots-txt', allowed: true, rule: undefined, path: '/robots.txt?x' });
    expect(compileRobots(txt, { profile: 'google' }).explain('/robots.txt', 'a')).toMatchObject({ outcome: 'rule', allowed: false });
  });

  it("'no-match': the group has no rule matching the path", () => {
    expect(robots.explain('/public', 'FooBot')).toMatchObject({ outcome: 'no-match', allowed: true, rule: undefined });
  });

  it("'no-group': no group names the crawler and there is no * group", () => {
    const d = compileRobots('User-agent: FooBot\nDisallow: /').explain('/x', 'BarBot');
    expect(d).toMatchObject({ outcome: 'no-group', allowed: true, rule: undefined });
    expect(d.group).toEqual({ token: 'BarBot', recognised: true, selection: 'none', group: -1, tokens: [] });
  });

  it("'out-of-scope': an agent-scoped artifact answers nothing for another crawler, without throwing", () => {
    const scoped = compileRobots(TXT, { agents: ['FooBot'] });
    const d = scoped.explain('/all', 'BarBot');
    expect(d).toMatchObject({ outcome: 'out-of-scope', allowed: undefined, rule: undefined, path: '/all' });
    expect(d.group.selection).toBe('out-of-scope');
    expect(() => scoped.isAllowed('/all', 'BarBot')).toThrow(`${OUTCOME_MESSAGES['out-of-scope']}: the group "BarBot" selects was left out (this artifact holds ["foobot"]): compile the robots.txt again with it in options.agents`);
    expect(scoped.explain('/private', 'FooBot')).toMatchObject({ outcome: 'rule', allowed: false });
  });
});

describe('Robots#explain group choice', () => {
  const robots = compileRobots(TXT);
  it('names the token a User-Agent header yielded and the group it selected, with its tokens', () => {
    const d = robots.explain('/x', 'Mozilla/5.0 (compatible; FooBot/2.1; +https://foo.example)');
    expect(d.group).toMatchObject({ token: 'FooBot', recognised: true, selection: 'specific', group: 0, tokens: ['foobot'] });
  });
  it('the global group: selection global with the * group index', () => {
    const d = robots.explain('/all/x', 'BarBot');
    expect(d.group).toMatchObject({ selection: 'global', group: 1 });
    expect(d).toMatchObject({ outcome: 'rule', allowed: false, rule: { line: 8 } });
  });
  it('an unrecognised User-Agent is reported as such', () => {
    expect(robots.explain('/x', 'Mozilla/5.0 (Windows NT 10.0)').group.recognised).toBe(false);
  });
  it('says how the URL was read: an unreadable string is answered on the path section 6 finds', () => {
    expect(robots.explain('/private', 'FooBot').form).toBe('path');
    expect(robots.explain('example.com/private', 'FooBot')).toMatchObject({ form: 'host-relative', path: '/private', allowed: false });
    expect(robots.explain('not a url', 'FooBot')).toMatchObject({ form: 'unreadable', path: '/', outcome: 'no-match', allowed: true });
  });
  it('words the choice once for every caller (describeGroupChoice) and each outcome once (OUTCOME_MESSAGES)', () => {
    expect(describeGroupChoice(robots.explain('/x', 'FooBot/2.1').group, 'rfc9309')).toBe('its own group: User-agent "foobot" names "FooBot" (case-insensitive, by product token)');
    expect(describeGroupChoice(robots.explain('/x', 'BarBot').group, 'rfc9309')).toBe('the * group: no group names "BarBot"');
    expect(describeGroupChoice(compileRobots('User-agent: a\nDisallow: /\n').explain('/x', 'b').group, 'rfc9309')).toBe('no group: none names "b" and there is no * group, so everything is allowed');
    const scoped = loadRobots(compile(TXT, { agents: ['FooBot'] })).explain('/x', 'QuxBot');
    expect(scoped.group.selection).toBe('out-of-scope');
    expect(describeGroupChoice(scoped.group, 'rfc9309')).toBe(`${OUTCOME_MESSAGES['out-of-scope']}: the group "QuxBot" selects was left out`);
    expect(new Set(Object.values(OUTCOME_MESSAGES)).size).toBe(6);
  });
  it('throws TypeError for a non-string URL or User-Agent, as the checks do', () => {
    expect(() => robots.explain(undefined as unknown as string, 'a')).toThrow(TypeError);
    expect(() => robots.explain('/x', 3 as unknown as string)).toThrow(TypeError);
  });
});

describe('Robots#explain preferences (docs/semantics.md section 10)', () => {
  it('says what the page may be used for: the deciding Content-Usage and Content-Signal lines and answers', () => {
    const robots = compileRobots(['User-agent: *', 'Disallow: /private', 'Content-Usage: train-ai=n', 'Content-Usage: /ai-ok/ train-ai=y', 'Content-Signal: search=yes'].join('\n'));
    const d = robots.explain('/ai-ok/page', 'AnyBot');
    expect(d.usage?.answers).toEqual({ 'train-ai': 'y' });
    expect(d.usage?.rules.map((r) => r.line)).toEqual([4]);
    expect(d.signal?.answers).toEqual({ search: 'yes' });
    expect(robots.explain('/page', 'AnyBot').usage?.answers).toEqual({ 'train-ai': 'n' });
    // A disallowed URL has no preferences; out of scope there is no answer at all.
    expect(robots.explain('/private/x', 'AnyBot').usage).toMatchObject({ allowed: false, answers: {} });
    expect(compileRobots('User-agent: a\nDisallow: /', { agents: ['a'] }).explain('/x', 'b')).toMatchObject({ usage: undefined, signal: undefined });
  });
});

describe('decideOutcome (rank-table entries)', () => {
  it('reads no match, the implicit /robots.txt allow, rules and companions', () => {
    expect(decideOutcome(NO_RANK)).toEqual({ outcome: 'no-match', ruleId: -1, allowed: true });
    expect(decideOutcome(IMPLICIT_RANK)).toEqual({ outcome: 'robots-txt', ruleId: -1, allowed: true });
    expect(decideOutcome((5 << RANK_RULE_SHIFT) | 0)).toEqual({ outcome: 'rule', ruleId: 4, allowed: false });
    expect(decideOutcome((1 << RANK_RULE_SHIFT) | RANK_COMPANION | RANK_ALLOW)).toEqual({ outcome: 'index-html', ruleId: 0, allowed: true });
  });
});

describe('describeDecision', () => {
  const r = compileRobots('User-agent: a\nAllow: /d/index.html\nDisallow: /\n\nUser-agent: *\nDisallow: /x\n');
  it('words each outcome of Robots#explain: the rule with its line, the index.html note, the messages of the rest', () => {
    expect(describeDecision(r.explain('/y', 'a'))).toBe('line 3: Disallow: /');
    expect(describeDecision(r.explain('/d/', 'a'))).toBe(`line 2: Allow: /d/index.html, ${OUTCOME_MESSAGES['index-html']}`);
    expect(describeDecision(r.explain('/%72obots.txt', 'a'))).toBe(OUTCOME_MESSAGES['robots-txt']);
    expect(describeDecision(r.explain('/y', 'b'))).toBe(OUTCOME_MESSAGES['no-match']);
    expect(describeDecision(compileRobots('User-agent: a\nDisallow: /\n').explain('/y', 'b'))).toBe(OUTCOME_MESSAGES['no-group']);
    expect(describeDecision(loadRobots(compile('User-agent: a\nDisallow: /\n', { agents: ['a'] })).explain('/y', 'b'))).toBe(OUTCOME_MESSAGES['out-of-scope']);
  });
  it('says when the artifact kept no pattern, rather than printing an empty one', () => {
    const bare = loadRobots(compile('User-agent: *\nDisallow: /x\n', { patterns: false }));
    expect(describeDecision(bare.explain('/x', 'a'))).toBe('line 2: Disallow (pattern not kept)');
  });
});
