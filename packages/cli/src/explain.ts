/**
 * `robomata explain`: why one URL is allowed or disallowed for one agent: the group chosen and
 * why (RFC 9309 section 2.2.1), the path matched, and the deciding rule with its line and kind
 * (longest match, section 2.2.2). The runtime decides (`Robots#explain`); this module words it.
 */

import { describeDecision, describeGroupChoice, type Outcome, type Profile, type Selection, type UrlForm } from '@robomata/runtime';
import { EXIT_FINDINGS, EXIT_OK } from './errors.js';
import type { CliIo } from './io.js';
import { writeErrorLine } from './io.js';
import { reportAgentToken, requireInScope } from './agent-token.js';
import { loadRobotsWithWarnings } from './load-robots.js';
import type { ParseWarning } from './load-robots.js';
import { describeUrlReading } from './url-reading.js';

/** Options of {@link runExplain}, as parsed by commander. */
export interface ExplainOptions {
  readonly robots: string;
  readonly agent: string;
  readonly json?: boolean;
  readonly profile: Profile;
  readonly profileExplicit: boolean;
  readonly maxBytes?: number;
}

/** Everything `explain` reports about one (agent, URL): the runtime's decision, in words. */
export interface Explanation {
  readonly url: string;
  readonly agent: string;
  /** What the group lookup compared (rfc9309: the crawler token of `agent`; google: `agent` verbatim). */
  readonly token: string;
  /** False when `agent` names no crawler product token (docs/semantics.md section 3; also warned on stderr). */
  readonly tokenRecognised: boolean;
  readonly profile: Profile;
  /** How the runtime read the URL (`classifyUrl`). */
  readonly form: UrlForm;
  /** The path as matched (the runtime's `Decision.path`). */
  readonly path: string;
  readonly allowed: boolean;
  /** What decided (the runtime's `Decision.outcome`). */
  readonly outcome: Outcome;
  readonly group: {
    readonly selection: 'specific' | 'global' | 'none';
    /** Index of the chosen (merged) group, -1 for none. */
    readonly index: number;
    readonly tokens: readonly string[];
    readonly reason: string;
  };
  readonly rule: { readonly id: number; readonly line: number; readonly kind: 'allow' | 'disallow' | 'none'; readonly pattern: string };
  /** What decided, in the runtime's words (`describeDecision`), with the caveat of a truncated file. */
  readonly reason: string;
  /** The Content-Usage answers at the URL per category (`y`/`n`), from the runtime's decision (docs/semantics.md section 10). */
  readonly usage: Readonly<Record<string, string>>;
  /** The Content-Signal answers at the URL per key (`yes`/`no`). */
  readonly signal: Readonly<Record<string, string>>;
  /**
   * The parser's warnings about the robots.txt (a truncated, HTML or binary body), also written to
   * stderr; a truncated file's cut may hide the rule that decides.
   */
  readonly warnings: readonly ParseWarning[];
}

/** Returns the explanation of the verdict for `agent` on `url` under the given robots source. */
export async function explainUrl(url: string, options: ExplainOptions, io: CliIo): Promise<Explanation> {
  const { robots, warnings } = await loadRobotsWithWarnings(options.robots, {
    profile: options.profile,
    profileExplicit: options.profileExplicit,
    maxBytes: options.maxBytes,
    warn: (line) => writeErrorLine(io, line),
  });
  const d = robots.explain(url, options.agent);
  reportAgentToken(robots, options.agent, d.group, io);
  const urlProblem = describeUrlReading(d);
  if (urlProblem !== undefined) writeErrorLine(io, `robomata: warning: ${urlProblem}`);
  // An agent-scoped artifact answers nothing for another crawler: the decision says so.
  requireInScope(robots, options.agent);
  const selection = d.group.selection as Selection;
  const r = d.rule;
  let reason = describeDecision(d);
  const cut = warnings.find((w) => w.code === 'truncated');
  if (cut !== undefined) reason += `; but the file was cut at line ${cut.line} and the cut may hide rules that decide otherwise`;
  return {
    url,
    agent: options.agent,
    token: d.group.token,
    tokenRecognised: d.group.recognised,
    profile: robots.profile,
    form: d.form,
    path: d.path,
    allowed: d.allowed !== false,
    outcome: d.outcome,
    group: { selection, index: d.group.group, tokens: d.group.tokens, reason: describeGroupChoice(d.group, robots.profile) },
    rule: r === undefined ? { id: -1, line: 0, kind: 'none', pattern: '' } : { id: r.id, line: r.line, kind: r.kind, pattern: r.pattern ?? '' },
    reason,
    usage: d.usage?.answers ?? {},
    signal: d.signal?.answers ?? {},
    warnings,
  };
}

/** Returns the explanation as aligned `label  value` lines; `verdict` says what decided (`describeDecision`). */
export function formatExplanation(e: Explanation): string {
  const rows: [string, string][] = [
    ['url', e.url],
    ['agent', e.agent + (!e.tokenRecognised && e.agent !== '*' ? ' (no crawler token recognised)' : e.token !== e.agent ? ` (crawler token "${e.token}")` : '')],
    ['profile', e.profile],
    ['path', e.path],
    ['group', e.group.index >= 0 ? `#${e.group.index}, ${e.group.reason}` : e.group.reason],
    ['verdict', `${e.allowed ? 'allowed' : 'disallowed'}: ${e.reason}`],
    ...(Object.keys(e.usage).length > 0 ? [['usage', _answers(e.usage)] as [string, string]] : []),
    ...(Object.keys(e.signal).length > 0 ? [['signal', _answers(e.signal)] as [string, string]] : []),
    ...e.warnings.map((w): [string, string] => ['warning', `line ${w.line}: ${w.message} [${w.code}]`]),
  ];
  return rows.map(([label, value]) => `${label.padEnd(8)}${value}`).join('\n');
}

/** Returns preference answers as `key=answer` pairs, comma-separated. */
function _answers(a: Readonly<Record<string, string>>): string {
  return Object.entries(a).map(([k, v]) => `${k}=${v}`).join(', ');
}

/** Runs `explain` and returns its exit code (0 allowed, 1 disallowed, like `check`). */
export async function runExplain(url: string, options: ExplainOptions, io: CliIo): Promise<number> {
  const e = await explainUrl(url, options, io);
  io.stdout.write(`${options.json === true ? JSON.stringify(e) : formatExplanation(e)}\n`);
  return e.allowed ? EXIT_OK : EXIT_FINDINGS;
}
