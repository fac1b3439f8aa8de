/**
 * `robomata check`: one verdict per (agent, URL) (RFC 9309 section 2.2.2), streamed.
 *
 * URLs come from the arguments, else from `--urls FILE`, else from stdin, one per line
 * (blank lines and lines starting with `#` are skipped). Input is read with node:readline and
 * output is written with backpressure, so millions of URLs run in constant memory.
 * Exit code: 0 all allowed, 1 any disallowed, 2 error.
 */

import { createReadStream } from 'node:fs';
import { access } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { extractProductToken } from '@robomata/runtime';
import type { AgentRules, Profile, Robots, RuleInfo } from '@robomata/runtime';
import { CliError, EXIT_FINDINGS, EXIT_OK, describeFileError } from './errors.js';
import type { CliIo } from './io.js';
import { writeErrorLine } from './io.js';
import { loadRobotsSource } from './load-robots.js';
import { LineWriter } from './output.js';

/** Options of {@link runCheck}, as parsed by commander. */
export interface CheckOptions {
  readonly robots: string;
  readonly agent: readonly string[];
  readonly urls?: string;
  readonly json?: boolean;
  /** Exit 0 whatever the verdicts (a listing, not a gate). */
  readonly exitZero?: boolean;
  readonly profile: Profile;
  readonly profileExplicit: boolean;
  readonly maxBytes?: number;
}

/** One verdict, as printed. */
export interface Verdict {
  readonly allowed: boolean;
  readonly agent: string;
  readonly url: string;
  /** Line of the deciding rule, 0 when no rule decided. */
  readonly line: number;
  readonly kind: 'allow' | 'disallow' | 'none';
  readonly pattern: string;
}

/** Progress is printed at most once per this many milliseconds (TTY stderr only). */
const PROGRESS_INTERVAL_MS = 1_000;
/** URLs between two clock reads for the progress line: 4096 keeps Date.now() off the profile. */
const PROGRESS_CHECK_EVERY = 4_096;

/** Returns the verdict of one agent's rules for one URL, reusing rule infos by id. */
export function decideVerdict(robots: Robots, rules: AgentRules, agent: string, url: string, infos: Map<number, RuleInfo>): Verdict {
  const id = rules.decide(url);
  if (id < 0) return { allowed: true, agent, url, line: 0, kind: 'none', pattern: '' };
  let info = infos.get(id);
  if (info === undefined) {
    info = robots.rule(id);
    infos.set(id, info);
  }
  return { allowed: info.kind === 'allow', agent, url, line: info.line, kind: info.kind, pattern: info.pattern ?? "" };
}

/** Returns a verdict as one tab-separated line: verdict, agent, url, line, kind, pattern. */
export function formatVerdictTsv(v: Verdict): string {
  return `${v.allowed ? 'allowed' : 'disallowed'}\t${v.agent}\t${v.url}\t${v.line}\t${v.kind}\t${v.pattern}`;
}

/** Returns a verdict as one JSON line. */
export function formatVerdictJson(v: Verdict): string {
  return JSON.stringify({ verdict: v.allowed ? 'allowed' : 'disallowed', ...v });
}

/**
 * Runs `check` and returns its exit code (0 all allowed, 1 any disallowed).
 * O(URLs x agents x URL length) time, O(1) memory in the number of URLs.
 */
export async function runCheck(args: readonly string[], options: CheckOptions, io: CliIo): Promise<number> {
  if (options.urls !== undefined) {
    try {
      await access(options.urls);
    } catch (err) {
      throw new CliError(describeFileError('read', options.urls, err));
    }
  }
  const robots = await loadRobotsSource(options.robots, {
    profile: options.profile,
    profileExplicit: options.profileExplicit,
    maxBytes: options.maxBytes,
    warn: (line) => writeErrorLine(io, line),
  });
  for (const name of options.agent) {
    const token = extractProductToken(name);
    if (token !== name && token !== '') {
      // rfc9309 cuts a User-Agent header to its product token; google compares verbatim.
      writeErrorLine(io, robots.profile === 'google'
        ? `robomata: note: agent "${name}" is matched verbatim (google profile); did you mean "${token}"?`
        : `robomata: note: agent "${name}" is matched by its product token "${token}"`);
    }
  }
  const agents = options.agent.map((name) => ({ name, rules: robots.agent(name) }));
  const infos = new Map<number, RuleInfo>();
  const format = options.json === true ? formatVerdictJson : formatVerdictTsv;
  const out = new LineWriter(io.stdout);
  let anyDisallowed = false;

  const checkOne = async (url: string): Promise<void> => {
    for (const { name, rules } of agents) {
      const verdict = decideVerdict(robots, rules, name, url, infos);
      if (!verdict.allowed) anyDisallowed = true;
      if (out.writeLine(format(verdict))) await out.flush();
    }
  };

  for (const url of args) await checkOne(url);
  if (args.length === 0 || options.urls !== undefined) {
    const input: Readable =
      options.urls !== undefined ? createReadStream(options.urls) : io.stdin;
    const progress = io.stderr.isTTY === true ? _createProgress(io) : undefined;
    const lines = createInterface({ input, crlfDelay: Infinity });
    try {
      for await (const raw of lines) {
        const url = raw.trim();
        if (url === '' || url.startsWith('#')) continue;
        await checkOne(url);
        progress?.tick();
      }
    } finally {
      progress?.done();
    }
  }
  await out.flush();
  return anyDisallowed && options.exitZero !== true ? EXIT_FINDINGS : EXIT_OK;
}

/** A throttled "N URLs, R URLs/s" line on a TTY stderr. */
function _createProgress(io: CliIo): { tick(): void; done(): void } {
  const started = Date.now();
  let count = 0;
  let last = started;
  let shown = false;
  return {
    tick(): void {
      count++;
      if (count % PROGRESS_CHECK_EVERY !== 0) return;
      const now = Date.now();
      if (now - last < PROGRESS_INTERVAL_MS) return;
      last = now;
      const rate = Math.round((count * 1000) / Math.max(1, now - started));
      io.stderr.write(`\r\x1b[Kchecked ${count.toLocaleString('en-US')} URLs (${rate.toLocaleString('en-US')} lines/s)`);
      shown = true;
    },
    done(): void {
      if (shown) io.stderr.write('\r\x1b[K');
    },
  };
}
