import { writeFileSync } from 'node:fs';
import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { compile, compileRobots } from '@robomata/compiler';
import { OUTCOME_MESSAGES } from '@robomata/runtime';
import { EXAMPLE_ROBOTS, EXAMPLE_URLS, hasStackTrace, makeTempDir, runCli, serveLocally } from './_run.js';

const SHOP = 'https://shop.example.com';
const tmp = makeTempDir();
afterAll(() => tmp.remove());

describe('robomata check: verdicts', () => {
  it('prints one TSV line per (URL, agent) with the deciding rule; exit 1 when any is disallowed', async () => {
    const r = await runCli([
      'check', '--robots', EXAMPLE_ROBOTS, '--agent', 'Googlebot', '--agent', 'ExampleBot',
      `${SHOP}/checkout/step1`, `${SHOP}/`,
    ]);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(1);
    expect(r.stdout.split('\n')).toEqual([
      // Googlebot has its own group: "Disallow: /checkout/" on line 7.
      `disallowed\tGooglebot\t${SHOP}/checkout/step1\t7\tdisallow\t/checkout/`,
      // ExampleBot falls back to the * group, which says nothing about /checkout/.
      // No rule decided: no pattern column (no trailing empty column).
      `allowed\tExampleBot\t${SHOP}/checkout/step1\t0\tnone`,
      `allowed\tGooglebot\t${SHOP}/\t0\tnone`,
      `allowed\tExampleBot\t${SHOP}/\t0\tnone`,
      '',
    ]);
  });

  it('exit 0 when everything is allowed', async () => {
    const r = await runCli(['check', '-r', EXAMPLE_ROBOTS, '-a', 'Googlebot', `${SHOP}/`, '/products/x']);
    expect(r.status).toBe(0);
    expect(r.stdout.trim().split('\n')).toHaveLength(2);
  });

  it('applies longest match, allow on ties, the index.html rule and wildcards', async () => {
    const r = await runCli([
      'check', '-r', EXAMPLE_ROBOTS, '-a', 'googlebot',
      '/search/', '/search/about', '/a/b.pdf', '/a/b.pdf?x', '/list?sessionid=1',
    ]);
    const rows = r.stdout.trim().split('\n').map((l) => l.split('\t'));
    expect(rows.map((c) => [c[0], c[3], c[5]])).toEqual([
      ['allowed', '10', '/search/index.html'], // index.html rule: also allows /search/$
      ['disallowed', '11', '/search/'],
      ['disallowed', '9', '/*.pdf$'],
      ['allowed', '0', undefined],
      ['disallowed', '8', '/*?sessionid='],
    ]);
  });

  it('--json prints one JSON object per verdict', async () => {
    const r = await runCli(['check', '-r', EXAMPLE_ROBOTS, '-a', 'ExampleBot', '--json', '/cart', '/search/about', '/robots.txt']);
    const rows = r.stdout.trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(rows).toEqual([
      { verdict: 'disallowed', allowed: false, agent: 'ExampleBot', url: '/cart', line: 17, kind: 'disallow', pattern: '/cart', outcome: 'rule', reason: 'line 17: Disallow: /cart' },
      { verdict: 'allowed', allowed: true, agent: 'ExampleBot', url: '/search/about', line: 19, kind: 'allow', pattern: '/search/about', outcome: 'rule', reason: 'line 19: Allow: /search/about' },
      { verdict: 'allowed', allowed: true, agent: 'ExampleBot', url: '/robots.txt', line: 0, kind: 'none', pattern: '', outcome: 'robots-txt', reason: OUTCOME_MESSAGES['robots-txt'] },
    ]);
    expect(r.status).toBe(1);
  });

  it('--urls reads a file, skipping blank and # lines (the pnpm example)', async () => {
    const r = await runCli(['check', '--robots', EXAMPLE_ROBOTS, '--agent', 'Googlebot', '--agent', 'ExampleBot', '--urls', EXAMPLE_URLS]);
    const urls = readFileSync(EXAMPLE_URLS, 'utf8').split('\n').filter((l) => l.trim() !== '' && !l.startsWith('#'));
    const lines = r.stdout.trim().split('\n');
    expect(lines).toHaveLength(urls.length * 2);
    expect(lines.map((l) => l.split('\t')[2])).toEqual(urls.flatMap((u) => [u, u]));
    expect(r.status).toBe(1);
  });

  it('a compiled artifact gives the same output as the robots.txt', async () => {
    const artifact = tmp.path('example.rbmt');
    writeFileSync(artifact, compile(readFileSync(EXAMPLE_ROBOTS)));
    const fromText = await runCli(['check', '-r', EXAMPLE_ROBOTS, '-a', 'ExampleBot', '--urls', EXAMPLE_URLS]);
    const fromArtifact = await runCli(['check', '-r', artifact, '-a', 'ExampleBot', '--urls', EXAMPLE_URLS]);
    expect(fromArtifact.stdout).toBe(fromText.stdout);
    expect(fromArtifact.status).toBe(fromText.status);
  });

  it('--profile google: no implicit allow of /robots.txt', async () => {
    const file = tmp.path('all.txt');
    writeFileSync(file, 'User-agent: *\nDisallow: /\n');
    const rfc = await runCli(['check', '-r', file, '-a', 'X', '/robots.txt']);
    const google = await runCli(['check', '-r', file, '-a', 'X', '--profile', 'google', '/robots.txt']);
    expect(rfc.stdout.startsWith('allowed\t')).toBe(true);
    expect(google.stdout.startsWith('disallowed\t')).toBe(true);
    expect([rfc.status, google.status]).toEqual([0, 1]);
  });

  it('finds the crawler token of a Mozilla-compatible header, and warns for a header with none', async () => {
    const header = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
    const r = await runCli(['check', '-r', EXAMPLE_ROBOTS, '-a', header, '/checkout/']);
    expect(r.stderr).toContain('by its crawler token "Googlebot"');
    const robots = compileRobots(readFileSync(EXAMPLE_ROBOTS));
    expect(r.stdout.startsWith(`${robots.isAllowed(`${SHOP}/checkout/`, 'Googlebot') ? 'allowed' : 'disallowed'}\t`)).toBe(true);
    const chrome = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';
    const b = await runCli(['check', '-r', EXAMPLE_ROBOTS, '-a', chrome, '/checkout/']);
    expect(b.stderr).toContain(`robomata: warning: agent "${chrome}" names no crawler product token (docs/semantics.md section 3); matched as "Mozilla"`);
    const star = await runCli(['check', '-r', EXAMPLE_ROBOTS, '-a', '*', '/checkout/']);
    expect(star.stderr).not.toContain('names no crawler product token');
  });

  it('notes on stderr that a full User-Agent header is matched verbatim (google) or by its product token (rfc9309)', async () => {
    const google = await runCli(['check', '-r', EXAMPLE_ROBOTS, '-a', 'Googlebot/2.1', '--profile', 'google', '/checkout/']);
    expect(google.stderr).toContain('did you mean "Googlebot"');
    expect(google.stdout.startsWith('allowed\tGooglebot/2.1')).toBe(true); // verbatim: not the Googlebot group
    const rfc = await runCli(['check', '-r', EXAMPLE_ROBOTS, '-a', 'Googlebot/2.1', '/checkout/']);
    expect(rfc.stderr).toContain('by its crawler token "Googlebot"');
    const robots = compileRobots(readFileSync(EXAMPLE_ROBOTS));
    const want = robots.isAllowed(`${SHOP}/checkout/`, 'Googlebot') ? 'allowed' : 'disallowed';
    expect(robots.isAllowed(`${SHOP}/checkout/`, 'Googlebot')).not.toBe(robots.isAllowed(`${SHOP}/checkout/`, 'Zzz'));
    expect(rfc.stdout.startsWith(`${want}\tGooglebot/2.1`)).toBe(true);
  });
});

describe('robomata check: stdin streaming', () => {
  it('streams 200,000 URLs from stdin: one verdict line each, in order, matching the library', async () => {
    const pieces = ['', 'cart', 'search', 'admin', 'tmp', 'x', 'cache', 'a.json', 'b.pdf', 'index.html'];
    const urls: string[] = [];
    for (let i = 0; i < 200_000; i++) {
      urls.push(`${SHOP}/${pieces[i % pieces.length] ?? ''}/${pieces[(i >> 3) % pieces.length] ?? ''}/${i}`);
    }
    const robots = compileRobots(readFileSync(EXAMPLE_ROBOTS));
    const expectedDisallowed = urls.filter((u) => !robots.isAllowed(u, 'ExampleBot')).length;
    expect(expectedDisallowed).toBeGreaterThan(0);
    const r = await runCli(['check', '-r', EXAMPLE_ROBOTS, '-a', 'ExampleBot'], `${urls.join('\r\n')}\r\n`);
    expect(r.status).toBe(1);
    const lines = r.stdout.split('\n');
    expect(lines.pop()).toBe('');
    expect(lines).toHaveLength(200_000);
    expect(lines[123_456]?.split('\t')[2]).toBe(urls[123_456]);
    expect(lines.filter((l) => l.startsWith('disallowed\t'))).toHaveLength(expectedDisallowed);
    // stderr is not a TTY: no progress output, only the summary line at the end of the stream.
    expect(r.stderr).toBe(
      `robomata: checked 200,000 URL(s) x 1 agent(s): ${(200_000 - expectedDisallowed).toLocaleString('en-US')} allowed, ${expectedDisallowed.toLocaleString('en-US')} disallowed\n`,
    );
  });

  it('empty stdin gives no output and exit 0', async () => {
    const r = await runCli(['check', '-r', EXAMPLE_ROBOTS, '-a', 'X'], '\n\n# nothing\n');
    expect(r.stdout).toBe('');
    expect(r.status).toBe(0);
  });
});

describe('robomata check: output polish', () => {
  it('--header prints the column names first, tab-separated', async () => {
    const r = await runCli(['check', '-r', EXAMPLE_ROBOTS, '-a', 'ExampleBot', '--header', '/cart', '/']);
    expect(r.stdout.split('\n')).toEqual([
      'verdict\tagent\turl\tline\tkind\tpattern',
      'disallowed\tExampleBot\t/cart\t17\tdisallow\t/cart',
      'allowed\tExampleBot\t/\t0\tnone',
      '',
    ]);
  });

  it('--header with --json is a usage error', async () => {
    const r = await runCli(['check', '-r', EXAMPLE_ROBOTS, '-a', 'ExampleBot', '--header', '--json', '/cart']);
    expect(r.status).toBe(2);
    expect(r.stderr).toBe('robomata: error: --header applies to the tab-separated output, not to --json\n');
  });

  it('no line ends with a TAB, in either verdict', async () => {
    const r = await runCli(['check', '-r', EXAMPLE_ROBOTS, '-a', 'Googlebot', '-a', 'ExampleBot', '--urls', EXAMPLE_URLS]);
    const lines = r.stdout.trim().split('\n');
    expect(lines.length).toBeGreaterThan(10);
    expect(lines.filter((l) => l.endsWith('\t'))).toEqual([]);
    expect(new Set(lines.map((l) => l.split('\t').length))).toEqual(new Set([5, 6]));
  });

  it('prints a summary line on stderr at the end of a --urls stream, none for argument URLs', async () => {
    const streamed = await runCli(['check', '-r', EXAMPLE_ROBOTS, '-a', 'Googlebot', '-a', 'ExampleBot', '--urls', EXAMPLE_URLS]);
    const verdicts = streamed.stdout.trim().split('\n');
    const disallowed = verdicts.filter((l) => l.startsWith('disallowed')).length;
    expect(disallowed).toBeGreaterThan(0);
    expect(streamed.stderr).toBe(
      `robomata: checked ${verdicts.length / 2} URL(s) x 2 agent(s): ${verdicts.length - disallowed} allowed, ${disallowed} disallowed\n`,
    );
    const args = await runCli(['check', '-r', EXAMPLE_ROBOTS, '-a', 'Googlebot', '/cart']);
    expect(args.stderr).toBe('');
  });

  it('warns when a URL argument has neither a scheme nor a leading "/", naming the path used', async () => {
    const r = await runCli(['check', '-r', EXAMPLE_ROBOTS, '-a', 'ExampleBot', 'cart/x', 'shop.example.com', '/cart', 'https://a.example/cart']);
    expect(r.stderr.split('\n')).toEqual([
      'robomata: warning: "cart/x" has neither a scheme (https://...) nor a leading "/": it is read as host/path and matched as path "/x"',
      'robomata: warning: "shop.example.com" has neither a scheme (https://...) nor a leading "/": it is read as host/path and matched as path "/"',
      '',
    ]);
    expect(r.stdout.split('\n')[0]).toBe('allowed\tExampleBot\tcart/x\t0\tnone');
  });

  it('warns for every unreadable URL argument (http://, a space in the host, mailto:, not a url), naming the path used', async () => {
    const urls = ['http://', 'https://exa mple.com/x', 'mailto:a@b.c', 'not a url'];
    const r = await runCli(['check', '-r', EXAMPLE_ROBOTS, '-a', 'ExampleBot', ...urls, '/cart']);
    expect(r.stderr.split('\n')).toEqual([
      'robomata: warning: "http://" is not a URL or path robomata can read (docs/semantics.md section 6): it is answered as path "/"',
      'robomata: warning: "https://exa mple.com/x" is not a URL or path robomata can read (docs/semantics.md section 6): it is answered as path "/x"',
      'robomata: warning: "mailto:a@b.c" is not a URL or path robomata can read (docs/semantics.md section 6): it is answered as path "/"',
      'robomata: warning: "not a url" is not a URL or path robomata can read (docs/semantics.md section 6): it is answered as path "/"',
      '',
    ]);
    expect(r.stdout.trim().split('\n')).toHaveLength(5);
  });

  it('warns for unreadable streamed lines by line number and counts them in the summary', async () => {
    const r = await runCli(['check', '-r', EXAMPLE_ROBOTS, '-a', 'ExampleBot'], '/cart\nhttp://\n# comment\nnot a url\n');
    expect(r.stderr).toBe(
      [
        'robomata: warning: line 2: "http://" is not a URL or path robomata can read (docs/semantics.md section 6): it is answered as path "/"',
        'robomata: warning: line 4: "not a url" is not a URL or path robomata can read (docs/semantics.md section 6): it is answered as path "/"',
        'robomata: checked 3 URL(s) x 1 agent(s): 2 allowed, 1 disallowed; 2 line(s) were not URLs or paths robomata can read (answered as the path docs/semantics.md section 6 finds)',
        '',
      ].join('\n'),
    );
  });

  it('counts streamed lines without a parsable path in the summary', async () => {
    const r = await runCli(['check', '-r', EXAMPLE_ROBOTS, '-a', 'ExampleBot'], 'cart\n/cart\nexample.com\n');
    expect(r.stderr).toBe(
      'robomata: checked 3 URL(s) x 1 agent(s): 2 allowed, 1 disallowed; 2 line(s) had neither a scheme nor a leading "/" and were read as host/path\n',
    );
  });
});

describe('robomata check: --robots URL', () => {
  let status = 200;
  let seenAgent: string | undefined;
  const site = serveLocally((req, res) => {
    seenAgent = req.headers['user-agent'];
    if (req.url !== '/robots.txt') return void res.writeHead(404).end();
    res.writeHead(status, { 'content-type': 'text/plain' }).end('User-agent: *\nDisallow: /private\n');
  });

  it('fetches and applies a robots.txt over http', async () => {
    status = 200;
    const r = await runCli(['check', '-r', `${site.base}/robots.txt`, '-a', 'X', `${site.base}/private/a`, `${site.base}/public`]);
    expect(r.stdout.trim().split('\n').map((l) => l.split('\t')[0])).toEqual(['disallowed', 'allowed']);
    expect(r.status).toBe(1);
    expect(seenAgent).toMatch(/^robomata-cli\//);
  });

  it('a 503 disallows everything and says so on stderr', async () => {
    status = 503;
    const r = await runCli(['check', '-r', site.base, '-a', 'X', `${site.base}/public`]);
    expect(r.stdout.startsWith('disallowed\t')).toBe(true);
    expect(r.stderr).toContain('HTTP 503');
    expect(r.stderr).toContain('disallow-all');
    expect(r.status).toBe(1);
  });

  it('a 404 allows everything', async () => {
    status = 404;
    const r = await runCli(['check', '-r', site.base, '-a', 'X', `${site.base}/private/a`]);
    expect(r.stdout.startsWith('allowed\t')).toBe(true);
    expect(r.status).toBe(0);
  });
});

describe('robomata check: errors (exit 2, one line, no stack trace)', () => {
  it.each([
    [['check', '-r', '/nonexistent/robots.txt', '-a', 'X', '/'], 'cannot read /nonexistent/robots.txt: no such file or directory'],
    [['check', '-a', 'X', '/'], "required option '-r, --robots <file|url>' not specified"],
    [['check', '-r', EXAMPLE_ROBOTS, '/'], "required option '-a, --agent <name>' not specified"],
    [['check', '-r', EXAMPLE_ROBOTS, '-a', 'X', '--profile', 'bing', '/'], 'Allowed choices are rfc9309, google'],
    [['check', '-r', EXAMPLE_ROBOTS, '-a', 'X', '--urls', '/nonexistent/urls.txt'], 'cannot read /nonexistent/urls.txt'],
    [['check', '-r', EXAMPLE_ROBOTS, '-a', 'X', '--max-bytes', '12x', '/'], 'must be a positive integer'],
    [['check', '-r', EXAMPLE_ROBOTS, '-a', 'X', '--bogus', '/'], "unknown option '--bogus'"],
  ])('%j', async (args, message) => {
    const r = await runCli(args);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain(message);
    expect(r.stdout).toBe('');
    expect(hasStackTrace(r.stderr)).toBe(false);
  });
});
