import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compile } from '@robomata/compiler';
import { FORMAT_VERSION } from '@robomata/runtime';
import { EXAMPLE_ROBOTS, hasStackTrace, runCli, useExampleArtifact } from './_run.js';

const { tmp, artifact: ARTIFACT } = useExampleArtifact();

describe('robomata inspect', () => {
  it('prints header, groups and their parts', async () => {
    const r = await runCli(['inspect', ARTIFACT]);
    expect(r.status).toBe(0);
    const size = readFileSync(ARTIFACT).byteLength;
    expect(r.stdout).toContain('profile   rfc9309\n');
    expect(r.stdout).toContain(`version   ${FORMAT_VERSION}\n`);
    expect(r.stdout).toContain(`bytes     ${size}\n`);
    expect(r.stdout).toContain('sitemaps  2\n');
    expect(r.stdout).toContain('scope     every group\n');
    expect(r.stdout.match(/^group \d+: /gm)).toHaveLength(4);
    expect(r.stdout).toMatch(/^group \d+: \* \(global\): 6 rule\(s\), crawl-delay 5$/m);
    expect(r.stdout).toMatch(/^ {2}part 0: \d+ trie nodes, \d+ wildcard pattern\(s\)$/m);
  });

  it('--json: every group with its rules and parts; an agent-scoped artifact shows its scope', async () => {
    const r = await runCli(['inspect', ARTIFACT, '--json']);
    const d = JSON.parse(r.stdout) as { bytes: number; scope: string[] | null; groups: { rules: number; parts: { nodes: number; wildcards: number }[] }[] };
    expect(d.bytes).toBe(readFileSync(ARTIFACT).byteLength);
    expect(d.scope).toBeNull();
    expect(d.groups).toHaveLength(4);
    expect(d.groups.every((g) => g.parts.every((a) => a.nodes >= 1))).toBe(true);
    // The example's wildcard rules (`*.json$`, `*/cache`, ...) are counted in the parts.
    expect(d.groups.flatMap((g) => g.parts).reduce((s, a) => s + a.wildcards, 0)).toBeGreaterThan(0);
    const scoped = tmp.path('scoped.rbmt');
    writeFileSync(scoped, compile(readFileSync(EXAMPLE_ROBOTS), { agents: ['ExampleBot'] }));
    const s = JSON.parse((await runCli(['inspect', scoped, '--json'])).stdout) as { scope: string[] | null; groups: { global: boolean; built: boolean; parts: unknown[] }[] };
    expect(s.scope).toEqual(['examplebot']);
    // Every group keeps its index; only the global group (ExampleBot has none of its own) is built.
    expect(s.groups).toHaveLength(4);
    expect(s.groups.filter((g) => g.built).map((g) => g.global)).toEqual([true]);
    expect(s.groups.filter((g) => !g.built).every((g) => g.parts.length === 0)).toBe(true);
  });

  it('--dot --agent writes the group tries as a Graphviz digraph', async () => {
    const r = await runCli(['inspect', ARTIFACT, '--dot', '--agent', 'Googlebot']);
    expect(r.status).toBe(0);
    const dot = r.stdout;
    expect(dot).toMatch(/^digraph robomata \{\n/);
    expect(dot.trimEnd().endsWith('}')).toBe(true);
    expect((dot.match(/\{/g) ?? []).length).toBe((dot.match(/\}/g) ?? []).length);
    const declared = new Set([...dot.matchAll(/^ {2}([sw]\d+) \[/gm)].map((m) => m[1]));
    const used = [...dot.matchAll(/([sw]\d+) -> ([sw]\d+)/g)].flatMap((m) => [m[1], m[2]]);
    expect(declared.size).toBeGreaterThan(1);
    expect(used.length).toBeGreaterThan(0);
    for (const id of used) expect(declared.has(id)).toBe(true);
    expect(dot).toContain('shape=doublecircle');
    expect(dot).toMatch(/label="\d+\\nL\d+ (allow|disallow)"/);
  });

  it('--dot draws wildcard rules as dashed boxes reached from the state where their head ends', async () => {
    const file = tmp.path('wild.rbmt');
    writeFileSync(file, compile('User-agent: *\nDisallow: /a*b\nAllow: /c\n'));
    const r = await runCli(['inspect', file, '--dot', '--agent', 'anybot']);
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/s\d+ -> w0 \[style=dashed, label="scan"\]/);
    expect(r.stdout).toContain('*b\\nL2 disallow');
  });

  it('--dot -o writes to a file', async () => {
    const out = tmp.path('g.dot');
    const r = await runCli(['inspect', ARTIFACT, '--dot', '-a', 'ExampleBot', '-o', out]);
    expect([r.status, r.stdout]).toEqual([0, '']);
    expect(readFileSync(out, 'utf8')).toMatch(/^digraph /);
  });

  it('errors: --dot without --agent, an agent with no group, a profile mismatch', async () => {
    const a = await runCli(['inspect', ARTIFACT, '--dot']);
    expect([a.status, a.stderr.trim()]).toEqual([2, 'robomata: error: --dot needs --agent NAME (the group to draw)']);
    const noGlobal = tmp.path('foo.rbmt');
    writeFileSync(noGlobal, compile('User-agent: FooBot\nDisallow: /x\n'));
    const b = await runCli(['inspect', noGlobal, '--dot', '-a', 'BarBot']);
    expect(b.status).toBe(2);
    expect(b.stderr).toContain('nothing to draw');
    const c = await runCli(['inspect', ARTIFACT, '--profile', 'google']);
    expect(c.status).toBe(2);
    expect(c.stderr).toContain('compiled with --profile rfc9309');
  });

  it.each([
    ['a robots.txt', (bytes: Buffer): Buffer => Buffer.from(readFileSync(EXAMPLE_ROBOTS)).subarray(0, bytes.length), 'is not a robomata artifact'],
    ['a truncated artifact', (bytes: Buffer): Buffer => bytes.subarray(0, bytes.length - 8), 'cannot load'],
    [
      'a corrupted artifact',
      (bytes: Buffer): Buffer => {
        const copy = Buffer.from(bytes);
        const at = copy.length - 5;
        copy[at] = (copy[at] ?? 0) ^ 0xff;
        return copy;
      },
      'cannot load',
    ],
  ])('%s: a one-line error, exit 2', async (_name, damage, message) => {
    const file = tmp.path('damaged.rbmt');
    writeFileSync(file, damage(readFileSync(ARTIFACT)));
    const r = await runCli(['inspect', file]);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain(message);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(hasStackTrace(r.stderr)).toBe(false);
  });
});
