// check's readable form: a person at a terminal (stdout a TTY) gets a header and the rule
// spelled out; pipes keep the stable TSV (issue 22 item 10). Runs runCheck with fake streams.
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { OUTCOME_MESSAGES } from '@robomata/runtime';
import { compileRobots } from '@robomata/compiler';
import { decideRuleVerdict, explainVerdict, formatVerdictTsv, runCheck, type CheckOptions } from '../src/check.js';
import type { RuleInfo } from '@robomata/runtime';
import type { CliIo } from '../src/io.js';
import { readFileSync, writeFileSync } from 'node:fs';
import { compile } from '@robomata/compiler';
import { afterAll } from 'vitest';
import { EXAMPLE_ROBOTS, makeTempDir } from './_run.js';

const tmp = makeTempDir();
afterAll(() => tmp.remove());

async function check(args: string[], tty: boolean, extra: Partial<CheckOptions> = {}): Promise<string> {
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
  it('prints a header and what decided in the runtime\'s words (describeDecision) on a TTY', async () => {
    const out = await check(['/checkout/step1', '/nothing-here', '/%72obots.txt'], true);
    expect(out.split('\n')).toEqual([
      'verdict\tagent\turl\tdeciding rule',
      'disallowed\tGooglebot\t/checkout/step1\tline 7: Disallow: /checkout/',
      `allowed\tGooglebot\t/nothing-here\t${OUTCOME_MESSAGES['no-match']}`,
      `allowed\tGooglebot\t/%72obots.txt\t${OUTCOME_MESSAGES['robots-txt']}`,
      '',
    ]);
  });

  it('says why when no group applies, and shows a missing preference answer as "-", as the TSV and the warning do', async () => {
    const file = tmp.path('only-foo.txt');
    writeFileSync(file, 'User-agent: FooBot\nDisallow: /\nContent-Usage: train-ai=n\n');
    const out = await check(['/x'], true, { robots: file, agent: ['BarBot', 'FooBot'], usage: ['train-ai', 'bogus'] });
    expect(out.split('\n')).toEqual([
      'verdict\tagent\turl\tdeciding rule\tusage:train-ai\tusage:bogus',
      `allowed\tBarBot\t/x\t${OUTCOME_MESSAGES['no-group']}\t-\t-`,
      'disallowed\tFooBot\t/x\tline 2: Disallow: /\t-\t-',
      '',
    ]);
  });

  it('refuses an agent an agent-scoped artifact left out, before printing anything, in the runtime\'s words', async () => {
    const scoped = tmp.path('scoped.robomata');
    writeFileSync(scoped, compile(readFileSync(EXAMPLE_ROBOTS), { agents: ['Googlebot'] }));
    await expect(check(['/x'], false, { robots: scoped, agent: ['Googlebot', 'OtherBot'] })).rejects.toThrow(`${OUTCOME_MESSAGES['out-of-scope']}: the group "OtherBot" selects was left out`);
    expect(await check(['/checkout/step1'], false, { robots: scoped })).toBe('disallowed\tGooglebot\t/checkout/step1\t7\tdisallow\t/checkout/\n');
  });

  it('keeps the TSV for pipes, and on a TTY with --tsv', async () => {
    const tsv = 'disallowed\tGooglebot\t/checkout/step1\t7\tdisallow\t/checkout/\nallowed\tGooglebot\t/nothing-here\t0\tnone\n';
    expect(await check(['/checkout/step1', '/nothing-here'], false)).toBe(tsv);
    expect(await check(['/checkout/step1', '/nothing-here'], true, { tsv: true })).toBe(tsv);
    expect((await check(['/nothing-here'], true, { json: true })).startsWith('{')).toBe(true);
  });
});

describe('the TSV road (AgentRules#decide) and the decision road (Robots#explain) print the same lines', () => {
  const files = [readFileSync(EXAMPLE_ROBOTS, 'utf8'), readFileSync(new URL('../examples/ai-preferences.txt', import.meta.url), 'utf8'), 'User-agent: a\nAllow: /d/index.html\nDisallow: /\nContent-Usage: train-ai=n\n'];
  const urls = ['/', '/robots.txt', '/%72obots.txt', '/d/', '/d/index.html', '/search/', '/search/index.html', '/checkout/x', '/cart?x=1', '/never/test', '/ai-ok/test', 'https://shop.example.com/caf%c3%a9/%7e?q', 'not a url', 'example.com/cart', ''];
  for (const profile of ['rfc9309', 'google'] as const) {
    it(`for every URL, agent and preference column (${profile})`, () => {
      let compared = 0;
      for (const text of files) {
        const robots = compileRobots(text, { profile });
        const infos = new Map<number, RuleInfo>();
        for (const agent of ['Googlebot', 'ExampleBot', 'ClaudeBot', 'a', 'Nobody']) {
          const rules = robots.agent(agent);
          for (const url of urls) {
            const fast = formatVerdictTsv(decideRuleVerdict(robots, rules, agent, url, infos, ['train-ai', 'search'], ['ai-train']));
            expect(fast, `${agent} ${url}`).toBe(formatVerdictTsv(explainVerdict(robots, agent, url, ['train-ai', 'search'], ['ai-train'])));
            expect(formatVerdictTsv(decideRuleVerdict(robots, rules, agent, url, infos))).toBe(formatVerdictTsv(explainVerdict(robots, agent, url)));
            compared++;
          }
        }
      }
      expect(compared).toBe(3 * 5 * urls.length);
    });
  }
});
