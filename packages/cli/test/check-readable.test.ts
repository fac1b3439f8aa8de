// check's readable form: a person at a terminal (stdout a TTY) gets a header and the rule
// spelled out; pipes keep the stable TSV (issue 22 item 10). Runs runCheck with fake streams.
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { runCheck } from '../src/check.js';
import type { CliIo } from '../src/io.js';
import { EXAMPLE_ROBOTS } from './_run.js';

async function check(args: string[], tty: boolean, extra: { tsv?: boolean; json?: boolean } = {}): Promise<string> {
  const stdout = Object.assign(new PassThrough(), { isTTY: tty });
  const stderr = new PassThrough();
  const chunks: Buffer[] = [];
  stdout.on('data', (c: Buffer) => chunks.push(c));
  stderr.resume();
  const io: CliIo = { stdin: new PassThrough(), stdout, stderr };
  await runCheck(args, { robots: EXAMPLE_ROBOTS, agent: ['Googlebot'], profile: 'rfc9309', profileExplicit: false, ...extra }, io);
  return Buffer.concat(chunks).toString('utf8');
}

describe('robomata check at a terminal', () => {
  it('prints a header and "no rule matched" / "line N: kind pattern" on a TTY', async () => {
    const out = await check(['/checkout/step1', '/nothing-here'], true);
    expect(out.split('\n')).toEqual([
      'verdict\tagent\turl\tdeciding rule',
      'disallowed\tGooglebot\t/checkout/step1\tline 7: disallow /checkout/',
      'allowed\tGooglebot\t/nothing-here\tno rule matched',
      '',
    ]);
  });

  it('keeps the TSV for pipes, and on a TTY with --tsv', async () => {
    const tsv = 'disallowed\tGooglebot\t/checkout/step1\t7\tdisallow\t/checkout/\nallowed\tGooglebot\t/nothing-here\t0\tnone\n';
    expect(await check(['/checkout/step1', '/nothing-here'], false)).toBe(tsv);
    expect(await check(['/checkout/step1', '/nothing-here'], true, { tsv: true })).toBe(tsv);
    expect((await check(['/nothing-here'], true, { json: true })).startsWith('{')).toBe(true);
  });
});
