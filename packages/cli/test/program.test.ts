import { describe, expect, it } from 'vitest';
import { runCli } from './_run.js';

describe('robomata program', () => {
  it.each(['check', 'explain', 'compile', 'inspect', 'lint'])('%s --help documents the command and exits 0', async (command) => {
    const r = await runCli([command, '--help']);
    expect(r.status).toBe(0);
    expect(r.stdout).toContain(`Usage: robomata ${command} [options]`);
    expect(r.stdout).toContain('--profile <profile>');
  });

  it('check --help documents output and exit codes', async () => {
    const r = await runCli(['check', '--help']);
    expect(r.stdout).toContain('Exit status: 0 all allowed, 1 any disallowed (0 with --exit-zero), 2 error.');
    expect(r.stdout).toContain('choices: "rfc9309", "google"');
    // Both the terminal form and the preference columns are documented, once (no merge leftovers).
    expect(r.stdout).toContain('--tsv keeps the tab-separated lines');
    expect(r.stdout).toContain('--usage CATEGORY and --signal KEY');
    expect(r.stdout).not.toMatch(/^(<{7}|={7}|>{7})/m);
  });

  it('--help lists every command; --version prints the version', async () => {
    const help = await runCli(['--help']);
    for (const c of ['check', 'explain', 'compile', 'inspect', 'lint']) expect(help.stdout).toContain(`  ${c} `);
    const version = await runCli(['--version']);
    expect([version.status, version.stdout]).toEqual([0, '0.1.0\n']);
  });

  it('an unknown command or no command at all exits 2', async () => {
    const unknown = await runCli(['frobnicate']);
    expect(unknown.status).toBe(2);
    expect(unknown.stderr.trim()).toBe("robomata: error: unknown command 'frobnicate'");
    const none = await runCli([]);
    expect(none.status).toBe(2);
    expect(none.stderr).toContain('Usage: robomata');
  });

  it('a bad --profile is rejected before any work, in one line', async () => {
    const r = await runCli(['lint', '--profile', 'yandex', 'whatever.txt']);
    expect(r.status).toBe(2);
    expect(r.stderr.trim().split('\n')).toEqual([
      "robomata: error: option '-p, --profile <profile>' argument 'yandex' is invalid. Allowed choices are rfc9309, google.",
    ]);
  });
});
