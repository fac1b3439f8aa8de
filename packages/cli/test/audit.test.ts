// robomata audit (audit.ts) and the bundled catalogue (catalogue.ts): every catalogued crawler
// with its verdict, deciding group and preferences; the flags for names that are not product
// tokens and names that share a token; the summary; JSON Lines; the profiles; and
// `check --usage / --signal`. Verdicts are checked against @robomata/reference.
import { readFileSync, writeFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { compile } from '@robomata/compiler';
import { createReferenceMatcher } from '@robomata/reference';
import { loadRobots } from '@robomata/runtime';
import { auditRobots, summarizeAudit } from '../src/audit-rows.js';
import { formatAuditJson, formatAuditTsv } from '../src/audit.js';
import { CATALOGUE_COMMIT, classifyFunction, parseCatalogue } from '../src/catalogue.js';
import { loadCatalogue } from '../src/catalogue-file.js';
import { hasStackTrace, makeTempDir, runCli, serveLocally } from './_run.js';

const tmp = makeTempDir();
afterAll(() => tmp.remove());

const SITE = [
  'User-agent: *',
  'Content-Signal: search=yes, ai-train=no',
  'Content-Usage: train-ai=n',
  'Allow: /',
  'Disallow: /private/',
  '',
  'User-agent: GPTBot',
  'Disallow: /',
  '',
  'User-agent: AI2Bot',
  'Disallow: /private/',
  'Content-Usage: /blog/ train-ai=y',
  '',
  'User-agent: CCBot',
  'User-agent: Bytespider',
  'Disallow: /',
].join('\n');
const SITE_FILE = tmp.path('site.txt');
writeFileSync(SITE_FILE, SITE);

describe('the bundled catalogue', () => {
  const catalogue = loadCatalogue();

  it('is the vendored ai.robots.txt list: 166 crawlers in file order, with licence and source commit', () => {
    expect(catalogue.length).toBe(166);
    expect(catalogue[0]!.name).toBe('AddSearchBot');
    const dir = new URL('../catalogue/', import.meta.url);
    expect(readFileSync(new URL('SOURCE.txt', dir), 'utf8')).toContain(CATALOGUE_COMMIT);
    expect(readFileSync(new URL('LICENSE', dir), 'utf8')).toMatch(/^MIT License/);
    // The list's robots.txt names the same crawlers, in the same order.
    const listed = readFileSync(new URL('robots.txt', dir), 'utf8').split('\n').filter((l) => l.startsWith('User-agent: ')).map((l) => l.slice(12));
    expect(listed).toEqual(catalogue.map((e) => e.name));
  });

  it('maps every function text to one documented kind', () => {
    expect(new Set(catalogue.map((e) => e.kind))).toEqual(new Set(['training', 'ai-search', 'assistant', 'other']));
    const cases: [string, string][] = [
      ['AI Assistants', 'assistant'], ['AI Agents', 'assistant'], ['Retrieves data to provide responses to user-initiated prompts.', 'assistant'],
      ['AI Search Crawlers', 'ai-search'], ['LLM training.', 'training'], ['AI Data Scrapers', 'training'], ['Unclear at this time.', 'other'],
    ];
    for (const [text, kind] of cases) expect(classifyFunction(text), text).toBe(kind);
    expect(catalogue.find((e) => e.name === 'GPTBot')!.kind).toBe('training');
    expect(catalogue.find((e) => e.name === 'ChatGPT-User')!.kind).toBe('assistant');
  });

  it('rejects a list that is not a JSON object', () => {
    expect(() => parseCatalogue('[]')).toThrow(TypeError);
    expect(parseCatalogue('{"X":{"function":"AI Assistants"}}')).toEqual([{ name: 'X', operator: '', respect: '', function: 'AI Assistants', kind: 'assistant', description: '' }]);
  });
});

describe('auditRobots', () => {
  const catalogue = loadCatalogue();

  it('an agent-scoped artifact answers unknown (null) for crawlers outside its scope, never allowed, and counts them nowhere', () => {
    const txt = 'User-agent: GPTBot\nDisallow: /\n\nUser-agent: ClaudeBot\nDisallow: /\n';
    const rows = auditRobots(loadRobots(compile(txt, { agents: ['GPTBot'] })), catalogue, ['/']);
    const gpt = rows.find((r) => r.agent === 'GPTBot');
    const claude = rows.find((r) => r.agent === 'ClaudeBot');
    expect(gpt?.allowed).toBe(false);
    expect(claude?.selection).toBe('out-of-scope');
    expect(claude?.allowed).toBeNull();
    expect(formatAuditTsv(claude!).split('\t')[0]).toBe('unknown');
    expect(JSON.parse(formatAuditJson(claude!)).allowed).toBeNull();
    expect(summarizeAudit(rows).blocked).toBe(rows.filter((r) => r.allowed === false).length);
  });

  for (const profile of ['rfc9309', 'google'] as const) {
    it(`gives every crawler the reference's verdict and preferences (${profile})`, () => {
      const robots = loadRobots(compile(SITE, { profile }));
      const ref = createReferenceMatcher(SITE, { profile });
      const rows = auditRobots(robots, catalogue, ['/', '/blog/x', '/private/y']);
      expect(rows.length).toBe(3 * 166);
      for (const row of rows) {
        const token = robots.selectAgent(row.agent).token;
        expect(row.allowed, `${row.agent} ${row.url}`).toBe(ref.isAllowed(token, row.url));
        expect(row.usage['train-ai']).toBe(ref.usage(token, row.url, 'train-ai'));
        expect(row.signal['ai-train']).toBe(ref.signal(token, row.url, 'ai-train'));
      }
    });
  }

  it('names the deciding group as the runtime\'s decision does: its tokens, * or none; and what decided', () => {
    const rows = auditRobots(loadRobots(compile(SITE)), catalogue, ['/']);
    const by = (name: string) => rows.find((r) => r.agent === name)!;
    expect([by('GPTBot').group, by('GPTBot').selection, by('GPTBot').allowed]).toEqual(['gptbot', 'specific', false]);
    expect([by('GPTBot').outcome, by('GPTBot').reason]).toEqual(['rule', 'line 8: Disallow: /']);
    const merged = auditRobots(loadRobots(compile('User-agent: GPTBot\nUser-agent: CCBot\nDisallow: /\n')), catalogue, ['/robots.txt']);
    expect([merged.find((r) => r.agent === 'CCBot')?.group, merged.find((r) => r.agent === 'CCBot')?.outcome]).toEqual(['ccbot,gptbot', 'robots-txt']);
    expect([by('ClaudeBot').group, by('ClaudeBot').selection, by('ClaudeBot').allowed]).toEqual(['*', 'global', true]);
    expect(by('ClaudeBot').usage).toEqual({ 'train-ai': 'n' });
    expect(by('ClaudeBot').signal).toEqual({ 'ai-train': 'no', 'search': 'yes' });
    const none = auditRobots(loadRobots(compile('User-agent: Other\nDisallow: /\n')), catalogue, ['/']);
    expect(none.every((r) => r.selection === 'none' && r.group === '' && r.allowed && r.outcome === 'no-group')).toBe(true);
  });

  it('flags the 21 names that are not product tokens and the names that cut to one token (rfc9309)', () => {
    const rows = auditRobots(loadRobots(compile(SITE)), catalogue, ['/']);
    expect(rows.filter((r) => !r.validToken).length).toBe(21);
    const ai = rows.find((r) => r.agent === 'AI2Bot')!;
    expect([ai.token, ai.validToken, ai.sharedWith]).toEqual(['AI', false, ['AI2Bot-DeepResearchEval', 'Ai2Bot-Dolma']]);
    // AI2Bot's group is `User-agent: AI2Bot`, cut to `AI`: the three names select it.
    expect(rows.filter((r) => r.sharedWith.includes('AI2Bot')).map((r) => [r.agent, r.group])).toEqual([['AI2Bot-DeepResearchEval', 'ai'], ['Ai2Bot-Dolma', 'ai']]);
    expect(rows.find((r) => r.agent === 'ChatGPT Agent')!.token).toBe('ChatGPT');
    expect(rows.find((r) => r.agent === 'iaskspider/2.0')!.sharedWith).toEqual(['iaskspider']);
  });

  it('google matches names verbatim: AI2Bot does not select the AI group', () => {
    const rows = auditRobots(loadRobots(compile(SITE, { profile: 'google' })), catalogue, ['/']);
    const ai = rows.find((r) => r.agent === 'AI2Bot')!;
    expect([ai.token, ai.selection, ai.validToken, ai.sharedWith]).toEqual(['AI2Bot', 'global', false, []]);
  });

  it('summarises at /: blocked, blocked only through *', () => {
    const s = summarizeAudit(auditRobots(loadRobots(compile('User-agent: *\nDisallow: /\n\nUser-agent: GPTBot\nDisallow: /\n\nUser-agent: ClaudeBot\nAllow: /\n')), catalogue, ['/']));
    // Every crawler but ClaudeBot is blocked; all but GPTBot only through the * group.
    expect([s.crawlers, s.blocked, s.blockedByStar, s.specific]).toEqual([166, 165, 164, 2]);
    const plain = summarizeAudit(auditRobots(loadRobots(compile(SITE)), catalogue, ['/']));
    expect([plain.blocked, plain.blockedByStar, plain.invalidTokens]).toEqual([3, 0, 21]);
  });
});

describe('robomata audit (CLI)', () => {
  it('prints a header, one line per crawler and URL, then the summary', async () => {
    const r = await runCli(['audit', SITE_FILE, '--url', '/', '--url', '/blog/x']);
    expect(r.status).toBe(0);
    expect(hasStackTrace(r.stderr)).toBe(false);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines[0]).toBe('verdict\tagent\turl\tgroup\ttoken\tusage\tsignal\tflags');
    expect(lines).toContain('blocked\tGPTBot\t/\tgptbot\tGPTBot\t-\t-\t-');
    expect(lines).toContain('allowed\tAI2Bot\t/blog/x\tai\tAI\ttrain-ai=y\t-\tnot-a-token shares-token:AI2Bot-DeepResearchEval|Ai2Bot-Dolma');
    expect(lines).toContain('allowed\tClaudeBot\t/\t*\tClaudeBot\ttrain-ai=n\tai-train=no,search=yes\t-');
    expect(lines.filter((l) => /^(allowed|blocked)\t/.test(l)).length).toBe(2 * 166);
    expect(r.stdout).toContain('166 catalogued crawlers (ai.robots.txt), rfc9309 profile: 3 blocked at /, 0 of them only through the * group');
    expect(r.stdout).toContain('21 names are not RFC 9309 product tokens');
  });

  it('--json prints JSON Lines with agent, url, allowed, usage and signal, and no summary', async () => {
    const r = await runCli(['audit', SITE_FILE, '--json', '--profile', 'google']);
    expect(r.status).toBe(0);
    const rows = r.stdout.trimEnd().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(rows.length).toBe(166);
    expect(rows.find((o) => o['agent'] === 'ClaudeBot')).toMatchObject({ url: '/', allowed: true, usage: { 'train-ai': 'n' }, signal: { 'ai-train': 'no', search: 'yes' }, group: '*' });
    expect(rows.find((o) => o['agent'] === 'CCBot')).toMatchObject({ allowed: false, group: 'bytespider,ccbot', usage: {}, signal: {} });
  });

  describe('over http', () => {
    const site = serveLocally((req, res) => {
      if (req.url !== '/robots.txt') return void res.writeHead(404).end();
      res.writeHead(200, { 'content-type': 'text/plain' }).end(SITE);
    });

    it('fetches an http(s) robots.txt (RFC 9309 section 2.3) and audits it', async () => {
      const r = await runCli(['audit', `${site.base}/robots.txt`, '--json']);
      expect(r.status).toBe(0);
      const rows = r.stdout.trimEnd().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
      expect(rows.find((o) => o['agent'] === 'GPTBot')).toMatchObject({ allowed: false, group: 'gptbot' });
      expect(rows.find((o) => o['agent'] === 'ClaudeBot')).toMatchObject({ allowed: true, usage: { 'train-ai': 'n' } });
    });
  });

  it('warns on stderr for every --url it cannot read, as check does, and still answers it', async () => {
    const r = await runCli(['audit', SITE_FILE, '--json', '--url', 'http://', '--url', 'https://exa mple.com/x', '--url', 'blog/x', '--url', '/blog/x']);
    expect(r.status).toBe(0);
    const warnings = r.stderr.trimEnd().split('\n');
    expect(warnings).toHaveLength(3);
    expect(warnings[0]).toBe('robomata: warning: "http://" is not a URL or path robomata can read (docs/semantics.md section 6): it is answered as path "/"');
    expect(warnings[1]).toContain('"https://exa mple.com/x" is not a URL or path robomata can read');
    expect(warnings[2]).toContain('"blog/x" has neither a scheme');
    const urls = new Set(r.stdout.trimEnd().split('\n').map((l) => (JSON.parse(l) as { url: string }).url));
    expect(urls).toEqual(new Set(['http://', 'https://exa mple.com/x', 'blog/x', '/blog/x']));
  });

  it('a missing file is an error with exit 2 and no stack trace', async () => {
    const r = await runCli(['audit', tmp.path('nope.txt')]);
    expect(r.status).toBe(2);
    expect(hasStackTrace(r.stderr)).toBe(false);
  });
});

describe('robomata check --usage / --signal', () => {
  it('adds one column per category and key (y/n, yes/no, - unknown), the pattern column always present', async () => {
    const r = await runCli(['check', '--robots', SITE_FILE, '--agent', 'AI2Bot', '--usage', 'train-ai', '--signal', 'ai-train', '--header', '--exit-zero', '/blog/x', '/private/y', '/z']);
    expect(r.status).toBe(0);
    expect(r.stdout.split('\n')).toEqual([
      'verdict\tagent\turl\tline\tkind\tpattern\tusage:train-ai\tsignal:ai-train',
      'allowed\tAI2Bot\t/blog/x\t0\tnone\t\ty\t-',
      'disallowed\tAI2Bot\t/private/y\t11\tdisallow\t/private/\t-\t-',
      'allowed\tAI2Bot\t/z\t0\tnone\t\t-\t-',
      '',
    ]);
  });

  it('warns once on stderr for a category or key no statement can answer (misspelt, uppercase, retired), and still answers', async () => {
    const r = await runCli(['check', '--robots', SITE_FILE, '--agent', 'AI2Bot', '--usage', 'bots', '--usage', 'Train-AI', '--usage', 'train-ai', '--signal', 'ai_train', '--exit-zero', '/blog/x']);
    expect(r.status).toBe(0);
    expect(r.stdout.split('\n')[0]).toBe('allowed\tAI2Bot\t/blog/x\t0\tnone\t\t-\t-\ty\t-');
    const warnings = r.stderr.split('\n').filter((l) => l.startsWith('robomata: warning: --'));
    expect(warnings).toEqual([
      'robomata: warning: --usage bots: not a category of draft-ietf-aipref-vocab-07 (train-ai, search): its column always reads "-" (a category of earlier aipref drafts, retired by vocab-07)',
      'robomata: warning: --usage Train-AI: not a category of draft-ietf-aipref-vocab-07 (train-ai, search): its column always reads "-" (keys are lowercase: did you mean train-ai?)',
      'robomata: warning: --signal ai_train: not a Content Signals Policy key (search, ai-input, ai-train): its column always reads "-"',
    ]);
  });

  it('--json carries usage and signal objects (null for unknown)', async () => {
    const r = await runCli(['check', '--robots', SITE_FILE, '--agent', 'ClaudeBot', '--usage', 'train-ai', '--usage', 'search', '--signal', 'search', '--json', '/a']);
    expect(JSON.parse(r.stdout.trim())).toMatchObject({ verdict: 'allowed', usage: { 'train-ai': 'n', search: null }, signal: { search: 'yes' } });
  });
});
