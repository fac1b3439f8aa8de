// Every command that reads a robots.txt (check, explain, compile, lint) reports the parser's
// warnings on stderr: a body cut at --max-bytes, an HTML page, a binary body (corpus files).
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { CORPUS_DIR } from '../../../test/fixtures/corpus.js';
import { makeTempDir, runCli } from './_run.js';

const tmp = makeTempDir();
afterAll(() => tmp.remove());

const HTML = fileURLToPath(new URL('www.cineworld.co.uk', CORPUS_DIR));
const BINARY = fileURLToPath(new URL('www.pch.com', CORPUS_DIR));
/** 42 bytes of rules (through 'Allow: /'), then the Disallow that decides /secret: cut by --max-bytes 42. */
const CUT = tmp.path('cut.txt');
writeFileSync(CUT, 'User-agent: *\nDisallow: /private\nAllow: /\nDisallow: /secret\n');
const CUT_ARGS = ['--robots', CUT, '--agent', 'FooBot', '--max-bytes', '42'];

const warningLines = (stderr: string): string[] => stderr.split('\n').filter((l) => l.startsWith('robomata: warning: '));

describe('parse warnings in every command', () => {
  it('check: a truncated file, an HTML page and a binary body each get one warning line', async () => {
    const cut = await runCli(['check', ...CUT_ARGS, '/secret']);
    expect(warningLines(cut.stderr)).toEqual([expect.stringMatching(new RegExp(`^robomata: warning: ${CUT}:4: .*may hide rules.*\\[truncated\\]$`))]);
    const html = await runCli(['check', '-r', HTML, '-a', 'FooBot', '/x']);
    expect(warningLines(html.stderr)).toEqual([`robomata: warning: ${HTML}:1: the body is an HTML page, not a robots.txt (a server error, login or soft-404 page served as robots.txt): its lines are not directives, so it most likely allows everything [html]`]);
    expect(html.stdout).toBe('allowed\tFooBot\t/x\t0\tnone\n');
    const binary = await runCli(['check', '-r', BINARY, '-a', 'FooBot', '/x']);
    expect(warningLines(binary.stderr)).toEqual([expect.stringMatching(/^robomata: warning: .*www\.pch\.com:1: the body is binary data.*\[binary\]$/)]);
  });

  it('explain on a truncated file says the cut may hide rules, on stderr and in the verdict', async () => {
    const r = await runCli(['explain', ...CUT_ARGS, '/secret']);
    expect(r.status).toBe(0);
    expect(warningLines(r.stderr)).toHaveLength(1);
    expect(r.stdout).toContain('verdict allowed: line 3: Allow: /; but the file was cut at line 4 and the cut may hide rules that decide otherwise');
    expect(r.stdout).toMatch(/^warning line 4: .*\[truncated\]$/m);
    // Without the cut, the Disallow on line 4 decides.
    const whole = await runCli(['explain', '--robots', CUT, '--agent', 'FooBot', '/secret']);
    expect(whole.status).toBe(1);
    expect(whole.stderr).toBe('');
    const json = JSON.parse((await runCli(['explain', ...CUT_ARGS, '--json', '/secret'])).stdout) as { warnings: { code: string }[] };
    expect(json.warnings.map((w) => w.code)).toEqual(['truncated']);
  });

  it('compile reports the warnings and still writes the artifact', async () => {
    const out = tmp.path('html.rbmt');
    const r = await runCli(['compile', HTML, '-o', out]);
    expect(r.status).toBe(0);
    expect(warningLines(r.stderr)).toEqual([expect.stringContaining('[html]')]);
    expect(r.stdout).toMatch(/^wrote .*html\.rbmt: \d+ bytes/);
    // The artifact records the warning: checking with it reports it again.
    const again = await runCli(['check', '-r', out, '-a', 'FooBot', '/x']);
    expect(warningLines(again.stderr)).toEqual([expect.stringMatching(/html\.rbmt:1: .*\[html\]$/)]);
    const cut = await runCli(['compile', CUT, '--max-bytes', '42', '-o', tmp.path('cut.rbmt')]);
    expect(warningLines(cut.stderr)).toEqual([expect.stringContaining('[truncated]')]);
  });

  it('lint summarises an HTML page in one diagnostic instead of one per line', async () => {
    const r = await runCli(['lint', HTML]);
    expect(r.status).toBe(1);
    const lines = r.stdout.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(new RegExp(`^${HTML}:1: error: the file is an HTML page, not a robots.txt; \\d+ per-line diagnostic\\(s\\) of it are not listed \\[html\\]$`));
    expect(warningLines(r.stderr)).toEqual([expect.stringContaining('[html]')]);
    const big = await runCli(['lint', fileURLToPath(new URL('www.hermes.com', CORPUS_DIR)), '--json']);
    expect(big.stdout.trim().split('\n').map((l) => (JSON.parse(l) as { code: string }).code)).toEqual(['html']);
    expect(warningLines(big.stderr).map((l) => /\[(\w+)\]$/.exec(l)?.[1])).toEqual(['html', 'truncated']);
  });

  it('lint summarises a binary body the same way', async () => {
    const r = await runCli(['lint', BINARY]);
    expect(r.stdout.trim().split('\n')).toEqual([expect.stringMatching(/:1: error: the file is binary data, not a robots\.txt; .*\[binary\]$/)]);
  });

  it('an ordinary robots.txt gets no warning', async () => {
    const r = await runCli(['check', '--robots', CUT, '--agent', 'FooBot', '/secret']);
    expect(r.stderr).toBe('');
  });
});
