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
import { RETIRED_CATEGORIES, SIGNAL_KEYS, USAGE_CATEGORIES } from '@robomata/compiler';
import { classifyUrl, describeDecision, verdictAllows, verdictRule, type AgentRules, type Outcome, type PreferenceExplanation, type Profile, type Robots, type RuleInfo } from '@robomata/runtime';
import { CliError, EXIT_FINDINGS, EXIT_OK, describeFileError } from './errors.js';
import { reportAgentToken, requireInScope } from './agent-token.js';
import type { CliIo } from './io.js';
import { writeErrorLine } from './io.js';
import { loadRobotsSource } from './load-robots.js';
import { LineWriter } from './output.js';
import { describeUrlReading } from './url-reading.js';

/** Options of {@link runCheck}, as parsed by commander. */
export interface CheckOptions {
  readonly robots: string;
  readonly agent: readonly string[];
  readonly urls?: string;
  readonly json?: boolean;
  /** Exit 0 whatever the verdicts (a listing, not a gate). */
  readonly exitZero?: boolean;
  /** Print a header line naming the columns first (tab-separated output only). */
  readonly header?: boolean;
  /** Tab-separated output even when stdout is a terminal (which otherwise gets the readable form). */
  readonly tsv?: boolean;
  readonly profile: Profile;
  readonly profileExplicit: boolean;
  readonly maxBytes?: number;
  /** Content-Usage categories whose answers are printed (docs/semantics.md section 10). */
  readonly usage?: readonly string[];
  /** Content-Signal keys whose answers are printed. */
  readonly signal?: readonly string[];
}

/** One verdict, as printed: the runtime's decision (`Robots#explain`) for one (agent, URL). */
export interface Verdict {
  readonly allowed: boolean;
  readonly agent: string;
  readonly url: string;
  /** Line of the deciding rule, 0 when no rule decided. */
  readonly line: number;
  readonly kind: 'allow' | 'disallow' | 'none';
  readonly pattern: string;
  /** What decided (the runtime's `Decision#outcome`): also says why no rule decided. Not in the TSV. */
  readonly outcome?: Outcome;
  /** What decided, in the runtime's words (`describeDecision`). Not in the TSV. */
  readonly reason?: string;
  /** With --usage: category to `y`, `n` or null (no answer: `-` in the text forms). */
  readonly usage?: Readonly<Record<string, 'y' | 'n' | null>>;
  /** With --signal: key to `yes`, `no` or null (no answer: `-` in the text forms). */
  readonly signal?: Readonly<Record<string, 'yes' | 'no' | null>>;
}

/** Progress is printed at most once per this many milliseconds (TTY stderr only). */
const PROGRESS_INTERVAL_MS = 1_000;
/** URLs between two clock reads for the progress line: 4096 keeps Date.now() off the profile. */
const PROGRESS_CHECK_EVERY = 4_096;

/**
 * Returns the verdict of `agent` for `url`: the runtime's decision (`Robots#explain`: outcome,
 * deciding rule, and the preference answers `--usage` and `--signal` ask for; null for no answer,
 * also for a disallowed URL). The agent must be in the artifact's scope ({@link runCheck} checks
 * it first). O(URL + the group's segments), allocates the answer.
 */
export function explainVerdict(robots: Robots, agent: string, url: string, usage: readonly string[] = [], signal: readonly string[] = []): Verdict {
  const d = robots.explain(url, agent);
  const base: Verdict = { ..._verdictOf(d.allowed !== false, agent, url, d.rule), outcome: d.outcome, reason: describeDecision(d) };
  // Own keys only: `--usage constructor` has no answer.
  const answerOf = (e: PreferenceExplanation | undefined, key: string): string | null => (e !== undefined && Object.hasOwn(e.answers, key) ? (e.answers[key] as string) : null);
  return _withAnswers(base, usage, signal, (kind, key) => answerOf(kind === 'usage' ? d.usage : d.signal, key));
}

/** Returns the verdict columns of one (agent, URL): the runtime's answer and the deciding rule (`none` and line 0 when no rule decides). */
function _verdictOf(allowed: boolean, agent: string, url: string, rule: RuleInfo | undefined): Verdict {
  return rule === undefined
    ? { allowed, agent, url, line: 0, kind: 'none', pattern: '' }
    : { allowed, agent, url, line: rule.line, kind: rule.kind, pattern: rule.pattern ?? '' };
}

/** Returns `base` with the `--usage` and `--signal` columns `answer` gives (null: no answer), or `base` when none is asked. */
function _withAnswers(base: Verdict, usage: readonly string[], signal: readonly string[], answer: (kind: 'usage' | 'signal', key: string) => string | null | undefined): Verdict {
  if (usage.length === 0 && signal.length === 0) return base;
  const u: Record<string, 'y' | 'n' | null> = {};
  for (const c of usage) u[c] = (answer('usage', c) ?? null) as 'y' | 'n' | null;
  const s: Record<string, 'yes' | 'no' | null> = {};
  for (const k of signal) s[k] = (answer('signal', k) ?? null) as 'yes' | 'no' | null;
  return { ...base, ...(usage.length > 0 ? { usage: u } : {}), ...(signal.length > 0 ? { signal: s } : {}) };
}

/**
 * Returns the verdict the TSV prints, which has no outcome column: the runtime's answer
 * and the deciding rule from one hot check (`AgentRules#decideVerdict`; the rule's text from `Robots#rule`, cached by id in `infos`) and
 * the preference answers (`AgentRules#usage`, `#signal`): the fast form, without an explanation's
 * allocations (packages/cli/README.md has the timing); check-readable.test.ts holds both roads
 * to the same lines. O(URL + the group's segments).
 */
export function decideRuleVerdict(robots: Robots, rules: AgentRules, agent: string, url: string, infos: Map<number, RuleInfo>, usage: readonly string[] = [], signal: readonly string[] = []): Verdict {
  // One check answers both: the verdict is the runtime's, never worked out from the rule's kind here.
  const v = rules.decideVerdict(url);
  const id = verdictRule(v);
  let info = id < 0 ? undefined : infos.get(id);
  if (id >= 0 && info === undefined) {
    info = robots.rule(id);
    infos.set(id, info);
  }
  return _withAnswers(_verdictOf(verdictAllows(v), agent, url, info), usage, signal, (kind, key) => (kind === 'usage' ? rules.usage(url, key) : rules.signal(url, key)));
}

/** What a preference column shows for no answer, in every text form (TSV and readable). */
export const NO_ANSWER = '-';

/** Column names of the tab-separated output, printed by `--header`. */
export const TSV_COLUMNS: readonly string[] = ['verdict', 'agent', 'url', 'line', 'kind', 'pattern'];

/**
 * Returns a verdict as one tab-separated line: verdict, agent, url, line, kind, pattern. When no
 * rule decided (kind `none`) there is no pattern and the line ends after `none`: no trailing
 * empty column.
 */
export function formatVerdictTsv(v: Verdict): string {
  const head = `${v.allowed ? 'allowed' : 'disallowed'}\t${v.agent}\t${v.url}\t${v.line}\t${v.kind}`;
  if (v.usage === undefined && v.signal === undefined) return v.kind === 'none' ? head : `${head}\t${v.pattern}`;
  // With preference columns the pattern column is always there (empty when no rule decided).
  return [head, v.pattern, ..._answers(v)].join('\t');
}

/** Column names of the readable form `check` prints to a terminal. */
export const READABLE_COLUMNS: readonly string[] = ['verdict', 'agent', 'url', 'deciding rule'];

/**
 * Returns a verdict as one line of the readable form (stdout a terminal): tab-separated like the
 * TSV but with what decided in the runtime's words (`line 7: Disallow: /checkout/`, or why no
 * rule did: no rule matches, the /robots.txt allow, no group); TSV: `0 none`.
 */
export function formatVerdictReadable(v: Verdict): string {
  return [`${v.allowed ? 'allowed' : 'disallowed'}`, v.agent, v.url, v.reason ?? '', ..._answers(v)].join('\t');
}

/** Returns the preference columns of `v`, {@link NO_ANSWER} where there is no answer. */
function _answers(v: Verdict): string[] {
  return [...Object.values(v.usage ?? {}), ...Object.values(v.signal ?? {})].map((a) => a ?? NO_ANSWER);
}

/** Returns a verdict as one JSON line. */
export function formatVerdictJson(v: Verdict): string {
  return JSON.stringify({ verdict: v.allowed ? 'allowed' : 'disallowed', ...v });
}

/**
 * Returns one warning per `--usage` category and `--signal` key that no statement can answer
 * (not in draft-ietf-aipref-vocab-07 section 6.1, or not a Content Signals Policy key): such a
 * column always reads `-`, which must not pass for "no preference stated" unnoticed. Keys are
 * lowercase in RFC 9651 dictionaries; retired categories of earlier drafts are named as such.
 */
export function describeUnknownPreferenceKeys(usage: readonly string[], signal: readonly string[]): string[] {
  const describe = (flag: string, key: string, known: readonly string[], what: string): string => {
    const lower = key.toLowerCase();
    const hint = lower !== key && known.includes(lower) ? ` (keys are lowercase: did you mean ${lower}?)`
      : flag === '--usage' && RETIRED_CATEGORIES.has(lower) ? ' (a category of earlier aipref drafts, retired by vocab-07)' : '';
    return `${flag} ${key}: not ${what} (${known.join(', ')}): its column always reads "${NO_ANSWER}"${hint}`;
  };
  return [
    ...usage.filter((c) => !USAGE_CATEGORIES.includes(c)).map((c) => describe('--usage', c, USAGE_CATEGORIES, 'a category of draft-ietf-aipref-vocab-07')),
    ...signal.filter((k) => !SIGNAL_KEYS.includes(k)).map((k) => describe('--signal', k, SIGNAL_KEYS, 'a Content Signals Policy key')),
  ];
}

/**
 * Runs `check` and returns its exit code (0 all allowed, 1 any disallowed).
 * O(URLs x agents x URL length) time, O(1) memory in the number of URLs.
 */
export async function runCheck(args: readonly string[], options: CheckOptions, io: CliIo): Promise<number> {
  if (options.header === true && options.json === true) {
    throw new CliError('--header applies to the tab-separated output, not to --json');
  }
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
    reportAgentToken(robots, name, robots.selectAgent(name), io);
    requireInScope(robots, name);
  }
  const agents = options.agent.map((name) => ({ name, rules: robots.agent(name) }));
  const infos = new Map<number, RuleInfo>();
  // A person at a terminal gets a header and readable rules; pipes and files keep the stable TSV.
  const readable = options.json !== true && options.tsv !== true && io.stdout.isTTY === true;
  const format = options.json === true ? formatVerdictJson : readable ? formatVerdictReadable : formatVerdictTsv;
  const out = new LineWriter(io.stdout);
  const usage = options.usage ?? [];
  const signal = options.signal ?? [];
  for (const problem of describeUnknownPreferenceKeys(usage, signal)) writeErrorLine(io, `robomata: warning: ${problem}`);
  const preferenceColumns = [...usage.map((c) => `usage:${c}`), ...signal.map((k) => `signal:${k}`)];
  if (readable) out.writeLine([...READABLE_COLUMNS, ...preferenceColumns].join('\t'));
  else if (options.header === true) out.writeLine([...TSV_COLUMNS, ...preferenceColumns].join('\t'));
  const tally = { urls: 0, allowed: 0, disallowed: 0, withoutPath: 0, unreadable: 0 };

  const checkOne = async (url: string): Promise<void> => {
    tally.urls++;
    for (const { name, rules } of agents) {
      // The TSV has no outcome column: the rule the hot check finds is all it prints.
      const verdict = format === formatVerdictTsv ? decideRuleVerdict(robots, rules, name, url, infos, usage, signal) : explainVerdict(robots, name, url, usage, signal);
      if (verdict.allowed) tally.allowed++;
      else tally.disallowed++;
      if (out.writeLine(format(verdict))) await out.flush();
    }
  };

  // The runtime says how it reads a URL; only the rare unreadable or host-relative one is explained (path as matched).
  const urlProblem = (url: string): string | undefined => {
    const form = classifyUrl(url);
    return form === 'unreadable' || form === 'host-relative' ? describeUrlReading(robots.explain(url, options.agent[0] ?? '*')) : undefined;
  };
  for (const url of args) {
    const problem = urlProblem(url);
    if (problem !== undefined) writeErrorLine(io, `robomata: warning: ${problem}`);
    await checkOne(url);
  }
  const streamed = args.length === 0 || options.urls !== undefined;
  if (streamed) {
    const input: Readable =
      options.urls !== undefined ? createReadStream(options.urls) : io.stdin;
    const progress = io.stderr.isTTY === true ? _createProgress(io) : undefined;
    const lines = createInterface({ input, crlfDelay: Infinity });
    try {
      let lineNumber = 0;
      for await (const raw of lines) {
        lineNumber++;
        const url = raw.trim();
        if (url === '' || url.startsWith('#')) continue;
        const form = classifyUrl(url);
        if (form === 'unreadable') {
          tally.unreadable++;
          if (tally.unreadable <= STREAM_URL_WARNINGS_MAX) writeErrorLine(io, `robomata: warning: line ${lineNumber}: ${urlProblem(url) ?? ''}`);
          else if (tally.unreadable === STREAM_URL_WARNINGS_MAX + 1) writeErrorLine(io, 'robomata: warning: further unreadable lines are counted in the summary only');
        } else if (form === 'host-relative') tally.withoutPath++;
        await checkOne(url);
        progress?.tick();
      }
    } finally {
      progress?.done();
    }
  }
  await out.flush();
  if (streamed) writeErrorLine(io, formatCheckSummary(tally, agents.length));
  return tally.disallowed > 0 && options.exitZero !== true ? EXIT_FINDINGS : EXIT_OK;
}

/** Unreadable streamed lines warned one by one; the rest are counted in the summary line. */
const STREAM_URL_WARNINGS_MAX = 100;

/**
 * Returns the summary line `check` writes to stderr after a stream (stdin or --urls):
 * `robomata: checked N URL(s) x M agent(s): A allowed, D disallowed`, plus how many streamed
 * lines had no parsable path of their own (`classifyUrl` form 'host-relative').
 */
export function formatCheckSummary(
  tally: { readonly urls: number; readonly allowed: number; readonly disallowed: number; readonly withoutPath: number; readonly unreadable?: number },
  agents: number,
): string {
  const n = (x: number): string => x.toLocaleString('en-US');
  let line = `robomata: checked ${n(tally.urls)} URL(s) x ${n(agents)} agent(s): ${n(tally.allowed)} allowed, ${n(tally.disallowed)} disallowed`;
  if ((tally.unreadable ?? 0) > 0) {
    line += `; ${n(tally.unreadable ?? 0)} line(s) were not URLs or paths robomata can read (answered as the path docs/semantics.md section 6 finds)`;
  }
  if (tally.withoutPath > 0) {
    line += `; ${n(tally.withoutPath)} line(s) had neither a scheme nor a leading "/" and were read as host/path`;
  }
  return line;
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
