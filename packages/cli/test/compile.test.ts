import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compile } from '@robomata/compiler';
import { EXAMPLE_ROBOTS, runCli, runCliBytes, useExampleArtifact } from './_run.js';

const { tmp, artifact: ARTIFACT } = useExampleArtifact();

describe('robomata compile', () => {
  it('writes the same artifact as the library and reports its size', async () => {
    const written = readFileSync(ARTIFACT);
    expect(Buffer.from(compile(readFileSync(EXAMPLE_ROBOTS))).equals(written)).toBe(true);
    const out = tmp.path('again.rbmt');
    const r = await runCli(['compile', EXAMPLE_ROBOTS, '--output', out, '--profile', 'google']);
    expect(r.status).toBe(0);
    expect(r.stdout).toBe(`wrote ${out}: ${readFileSync(out).byteLength} bytes, profile google, 4 group(s)\n`);
  });

  it('errors: missing -o, unwritable output, input that is already an artifact', async () => {
    const a = await runCli(['compile', EXAMPLE_ROBOTS]);
    expect(a.status).toBe(2);
    expect(a.stderr).toContain("required option '-o, --output <file>'");
    const b = await runCli(['compile', EXAMPLE_ROBOTS, '-o', '/nonexistent-dir/x.rbmt']);
    expect(b.status).toBe(2);
    expect(b.stderr).toContain('cannot write /nonexistent-dir/x.rbmt');
    const c = await runCli(['compile', ARTIFACT, '-o', tmp.path('y.rbmt')]);
    expect(c.status).toBe(2);
    expect(c.stderr).toContain('already a compiled artifact');
  });

  it('-o - writes the artifact to stdout and the summary line to stderr', async () => {
    const r = await runCliBytes(['compile', EXAMPLE_ROBOTS, '-o', '-']);
    expect(r.status).toBe(0);
    expect(r.stdout.equals(Buffer.from(compile(readFileSync(EXAMPLE_ROBOTS))))).toBe(true);
    expect(r.stderr).toBe(`wrote stdout: ${r.stdout.length} bytes, profile rfc9309, 4 group(s)\n`);
  });
});
