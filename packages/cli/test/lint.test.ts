import { writeFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { EXAMPLE_ROBOTS, makeTempDir, runCli } from './_run.js';

const tmp = makeTempDir();
afterAll(() => tmp.remove());
const FORMAT = /^(.+):(\d+): (error|warning|info): (.+) \[([a-z-]+)\]$/;

describe('robomata lint', () => {
  it('prints file:line: severity: message [code]; warnings alone exit 0', async () => {
    const r = await runCli(['lint', EXAMPLE_ROBOTS]);
    expect(r.status).toBe(0);
    const lines = r.stdout.trim().split('\n');
    for (const line of lines) expect(line).toMatch(FORMAT);
    // Line 21 of the example is "Dissallow: /tmp/*/cache".
    const typo = lines.find((l) => l.includes('[typo-key]'));
    expect(typo).toMatch(new RegExp(`^${EXAMPLE_ROBOTS.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:21: warning: `));
    expect(typo).not.toContain(': line 21:'); // location printed once
    expect(r.stderr).toMatch(/^0 error\(s\), \d+ warning\(s\), \d+ note\(s\)\n$/);
  });

  it('reports several findings with their own lines', async () => {
    const file = tmp.path('bad.txt');
    writeFileSync(file, 'Disallow: /before-any-group\nUser-agent: *\nDisalow: /x\nAllow /a /b\n');
    const r = await runCli(['lint', file]);
    const found = r.stdout.trim().split('\n').map((l) => FORMAT.exec(l));
    for (const m of found) expect(m).not.toBeNull();
    const byLine = new Map(found.map((m) => [Number(m?.[2]), m?.[5]]));
    expect(byLine.get(1)).toBe('rule-outside-group');
    expect(byLine.get(3)).toBe('typo-key');
    expect(byLine.has(4)).toBe(true);
    expect(found.every((m) => m?.[1] === file)).toBe(true);
  });

  it('an error-severity diagnostic (content past the size limit) exits 1', async () => {
    const r = await runCli(['lint', '--max-bytes', '100', EXAMPLE_ROBOTS]);
    expect(r.status).toBe(1);
    expect(r.stdout).toMatch(/: error: .+ \[past-size-limit\]$/m);
  });

  it('a clean file says so in one line on stderr and exits 0', async () => {
    const file = tmp.path('clean.txt');
    writeFileSync(file, 'User-agent: *\nDisallow: /private/\nSitemap: https://example.com/sitemap.xml\n');
    const r = await runCli(['lint', file]);
    expect([r.status, r.stdout, r.stderr]).toEqual([0, '', `${file}: no problems found\n`]);
    const j = await runCli(['lint', '--json', file]);
    expect([j.status, j.stdout, j.stderr]).toEqual([0, '', `${file}: no problems found\n`]);
  });

  it('flags a Sitemap URL that is not fully qualified (Google ignores it)', async () => {
    const file = tmp.path('relative-sitemap.txt');
    writeFileSync(file, 'Sitemap: /sitemap.xml\nUser-agent: *\nDisallow: /x\nSitemap: sitemap2.xml\nSitemap: https://example.com/s.xml\n');
    const r = await runCli(['lint', file]);
    expect(r.status).toBe(0);
    expect(r.stdout).toBe(
      [
        `${file}:1: warning: the Sitemap URL "/sitemap.xml" is not fully qualified (https://host/...): Google ignores it [relative-sitemap]`,
        `${file}:4: warning: the Sitemap URL "sitemap2.xml" is not fully qualified (https://host/...): Google ignores it [relative-sitemap]`,
        '',
      ].join('\n'),
    );
    expect(r.stderr).toBe('0 error(s), 2 warning(s), 0 note(s)\n');
  });

  it('--json prints JSON lines', async () => {
    const r = await runCli(['lint', '--json', EXAMPLE_ROBOTS]);
    const rows = r.stdout.trim().split('\n').map((l) => JSON.parse(l) as { line: number; code: string });
    expect(rows.some((d) => d.line === 21 && d.code === 'typo-key')).toBe(true);
  });

  it('a missing file exits 2 with one line', async () => {
    const r = await runCli(['lint', tmp.path('missing.txt')]);
    expect(r.status).toBe(2);
    expect(r.stderr.trim()).toBe(`robomata: error: cannot read ${tmp.path('missing.txt')}: no such file or directory`);
  });
});
