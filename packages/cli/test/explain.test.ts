import { readFileSync, writeFileSync } from 'node:fs';
import { compile } from '@robomata/compiler';
import { afterAll, describe, expect, it } from 'vitest';
import { EXAMPLE_ROBOTS, hasStackTrace, makeTempDir, runCli, serveLocally } from './_run.js';
import { OUTCOME_MESSAGES } from '@robomata/runtime';

const tmp = makeTempDir();
afterAll(() => tmp.remove());

/** Parses the `label  value` lines of explain's text output. */
function fields(stdout: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of stdout.trim().split('\n')) {
    const m = /^(\S+)\s+(.*)$/.exec(line);
    if (m?.[1] !== undefined && m[2] !== undefined) out[m[1]] = m[2];
  }
  return out;
}

describe('robomata explain', () => {
  it('own group: names the tokens, the deciding rule, its line and kind; exit 1 when disallowed', async () => {
    const r = await runCli(['explain', '--robots', EXAMPLE_ROBOTS, '--agent', 'Googlebot', 'https://shop.example.com/checkout/pay?x=1']);
    expect(r.status).toBe(1);
    const f = fields(r.stdout);
    expect(f.path).toBe('/checkout/pay?x=1');
    expect(f.group).toContain('own group');
    expect(f.group?.toLowerCase()).toContain('"googlebot-image"');
    expect(f.verdict).toBe('disallowed: line 7: Disallow: /checkout/');
    expect(f.rule).toBeUndefined();
  });

  it('global group because no group names the agent', async () => {
    const r = await runCli(['explain', '-r', EXAMPLE_ROBOTS, '-a', 'ExampleBot', '/search/about']);
    expect(r.status).toBe(0);
    const f = fields(r.stdout);
    // The runtime's words for the choice (describeGroupChoice), not the CLI's own.
    expect(f.group).toBe('#1, the * group: no group names "ExampleBot"');
    expect(f.verdict).toBe('allowed: line 19: Allow: /search/about');
  });

  it('no group and no global group: allow all, no rule', async () => {
    const file = tmp.path('only-foo.txt');
    writeFileSync(file, 'User-agent: FooBot\nDisallow: /\n');
    const r = await runCli(['explain', '-r', file, '-a', 'BarBot', '/x']);
    expect(r.status).toBe(0);
    const f = fields(r.stdout);
    expect(f.group).toContain('there is no * group');
    expect(f.verdict).toBe(`allowed: ${OUTCOME_MESSAGES['no-group']}`);
  });

  it('mentions the index.html rule when it decides', async () => {
    const r = await runCli(['explain', '-r', EXAMPLE_ROBOTS, '-a', 'Googlebot', '/search/']);
    expect(fields(r.stdout).verdict).toContain(OUTCOME_MESSAGES['index-html']);
    expect(r.status).toBe(0);
  });

  it('shows the canonical path in rfc9309 and the raw path in google', async () => {
    const url = 'https://shop.example.com/caf%c3%a9/%7euser/*x$?q#frag';
    const rfc = fields((await runCli(['explain', '-r', EXAMPLE_ROBOTS, '-a', 'X', url])).stdout);
    const google = fields((await runCli(['explain', '-r', EXAMPLE_ROBOTS, '-a', 'X', '-p', 'google', url])).stdout);
    expect(rfc.path).toBe('/caf%C3%A9/~user/%2Ax%24?q');
    expect(google.path).toBe('/caf%c3%a9/%7euser/*x$?q');
    expect(google.profile).toBe('google');
  });

  it('prints the Content-Usage and Content-Signal answers of the runtime\'s decision (JSON: usage, signal, outcome)', async () => {
    const file = tmp.path('prefs.txt');
    writeFileSync(file, 'User-agent: *\nAllow: /\nContent-Usage: train-ai=n\nContent-Signal: search=yes\n');
    const r = await runCli(['explain', '-r', file, '-a', 'X', '/page']);
    expect(fields(r.stdout).usage).toBe('train-ai=n');
    expect(fields(r.stdout).signal).toBe('search=yes');
    const j = JSON.parse((await runCli(['explain', '-r', file, '-a', 'X', '--json', '/page'])).stdout) as { usage: object; signal: object; outcome: string };
    expect(j).toMatchObject({ usage: { 'train-ai': 'n' }, signal: { search: 'yes' }, outcome: 'rule' });
  });

  it('explains the implicit allow of /robots.txt (rfc9309)', async () => {
    const file = tmp.path('all.txt');
    writeFileSync(file, 'User-agent: *\nDisallow: /\n');
    const r = await runCli(['explain', '-r', file, '-a', 'X', '/robots.txt']);
    expect(fields(r.stdout).verdict).toBe(`allowed: ${OUTCOME_MESSAGES['robots-txt']}`);
    expect(r.status).toBe(0);
    const j = JSON.parse((await runCli(['explain', '-r', file, '-a', 'X', '--json', '/%72obots.txt'])).stdout) as { outcome: string; reason: string };
    expect(j).toMatchObject({ outcome: 'robots-txt', reason: OUTCOME_MESSAGES['robots-txt'] });
  });

  it('an agent-scoped artifact: an agent outside the scope is one error line in the runtime\'s words, exit 2', async () => {
    const scoped = tmp.path('scoped.robomata');
    writeFileSync(scoped, compile(readFileSync(EXAMPLE_ROBOTS), { agents: ['ExampleBot'] }));
    const r = await runCli(['explain', '-r', scoped, '-a', 'OtherBot', '/x']);
    expect(r.status).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr.trim()).toBe(`robomata: error: ${OUTCOME_MESSAGES['out-of-scope']}: the group "OtherBot" selects was left out (this artifact holds ["examplebot"]): compile the robots.txt again with it in options.agents`);
    expect((await runCli(['explain', '-r', scoped, '-a', 'ExampleBot', '/cart/1'])).status).toBe(1);
  });

  it('says which crawler token a full header was matched by, and when it names none', async () => {
    const header = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
    const r = await runCli(['explain', '-r', EXAMPLE_ROBOTS, '-a', header, 'https://shop.example.com/checkout/pay']);
    expect(fields(r.stdout).agent).toBe(`${header} (crawler token "Googlebot")`);
    expect(fields(r.stdout).group).toContain('own group');
    const chrome = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';
    const j = await runCli(['explain', '-r', EXAMPLE_ROBOTS, '-a', chrome, '--json', '/cart/1']);
    expect(JSON.parse(j.stdout)).toMatchObject({ agent: chrome, token: 'Mozilla', tokenRecognised: false, group: { selection: 'global' } });
    expect(j.stderr).toContain('names no crawler product token');
  });

  it('--json gives the same facts as an object', async () => {
    const r = await runCli(['explain', '-r', EXAMPLE_ROBOTS, '-a', 'ExampleBot', '--json', '/cart/1']);
    const e = JSON.parse(r.stdout) as Record<string, unknown>;
    expect(e).toMatchObject({
      agent: 'ExampleBot',
      path: '/cart/1',
      allowed: false,
      group: { selection: 'global' },
      rule: { line: 17, kind: 'disallow', pattern: '/cart' },
    });
    expect(r.status).toBe(1);
  });

  it('missing URL argument or file: exit 2, one line', async () => {
    const a = await runCli(['explain', '-r', EXAMPLE_ROBOTS, '-a', 'X']);
    expect(a.status).toBe(2);
    expect(a.stderr).toContain("missing required argument 'url'");
    const b = await runCli(['explain', '-r', tmp.path('nope.txt'), '-a', 'X', '/']);
    expect(b.status).toBe(2);
    expect(b.stderr.trim().split('\n')).toHaveLength(1);
    expect(b.stderr).toContain('no such file');
    expect(hasStackTrace(b.stderr)).toBe(false);
  });
});

describe('robomata explain -r http://... with a body past the size limit', () => {
  // 3 MB: `Disallow: /late` sits past the 512,000-byte limit, so the verdict must carry the caveat.
  const BODY = `User-agent: *\nDisallow: /early\n${`# ${'x'.repeat(97)}\n`.repeat(30_000)}Disallow: /late\n`;
  const site = serveLocally((_req, res) => res.writeHead(200, { 'content-type': 'text/plain' }).end(BODY));

  it('the verdict says the cut may hide rules, and --json lists the truncated warning', async () => {
    const r = await runCli(['explain', '-r', `${site.base}/robots.txt`, '-a', 'X', `${site.base}/late`]);
    expect(r.status).toBe(0);
    const f = fields(r.stdout);
    expect(f.verdict).toMatch(/^allowed: .*the file was cut at line \d+ and the cut may hide rules/);
    expect(f.warning).toMatch(/\[truncated\]$/);
    const j = await runCli(['explain', '-r', `${site.base}/robots.txt`, '-a', 'X', '--json', `${site.base}/late`]);
    const e = JSON.parse(j.stdout) as { reason: string; warnings: { code: string; line: number }[] };
    expect(e.warnings.map((w) => w.code)).toEqual(['truncated']);
    expect(e.reason).toContain('the cut may hide rules');
    // One warning, the compiler's (the cut body is compiled from maxBytes + 1 bytes): no second text.
    expect(j.stderr.split('\n').filter((l) => l.includes('[truncated]'))).toEqual([expect.stringMatching(/^robomata: warning: .*\/robots\.txt:\d+: /)]);
  });
});
