/**
 * `robomata explain`: why one URL is allowed or disallowed for one agent: the group chosen and
 * why (RFC 9309 section 2.2.1), the path matched, and the deciding rule with its line and kind
 * (longest match, section 2.2.2).
 */

import type { Profile } from '@robomata/runtime';
import { EXIT_FINDINGS, EXIT_OK } from './errors.js';
import type { CliIo } from './io.js';
import { writeErrorLine } from './io.js';
import { reportAgentToken } from './agent-token.js';
import { loadRobotsWithWarnings } from './load-robots.js';
import type { ParseWarning } from './load-robots.js';
import { describeUnreadableUrl, describeUrlWithoutPath, matchedPath } from './url-path.js';

/** Options of {@link runExplain}, as parsed by commander. */
export interface ExplainOptions {
  readonly robots: string;
  readonly agent: string;
  readonly json?: boolean;
  readonly profile: Profile;
  readonly profileExplicit: boolean;
  readonly maxBytes?: number;
}

/** Everything `explain` reports about one (agent, URL). */
export interface Explanation {
  readonly url: string;
  readonly agent: string;
  /** What the group lookup compared (rfc9309: the crawler token of `agent`; google: `agent` verbatim). */
  readonly token: string;
  /** False when `agent` names no crawler product token (docs/semantics.md section 3; also warned on stderr). */
  readonly tokenRecognised: boolean;
  readonly profile: Profile;
  readonly path: string;
  readonly allowed: boolean;
  readonly group: {
    readonly selection: 'specific' | 'global' | 'none';
    /** Index of the chosen (merged) group, -1 for none. */
    readonly index: number;
    readonly tokens: readonly string[];
    readonly reason: string;
  };
  readonly rule: { readonly id: number; readonly line: number; readonly kind: 'allow' | 'disallow' | 'none'; readonly pattern: string };
  readonly reason: string;
  /**
   * The parser's warnings about the robots.txt (a truncated, HTML or binary body), also written to
   * stderr; a truncated file's cut may hide the rule that decides.
   */
  readonly warnings: readonly ParseWarning[];
}

/** Returns the explanation of the verdict for `agent` on `url` under the given robots source. */
export async function explainUrl(url: string, options: ExplainOptions, io: CliIo): Promise<Explanation> {
  const urlProblem = describeUnreadableUrl(url) ?? describeUrlWithoutPath(url);
  if (urlProblem !== undefined) writeErrorLine(io, `robomata: warning: ${urlProblem}`);
  const { robots, warnings } = await loadRobotsWithWarnings(options.robots, {
    profile: options.profile,
    profileExplicit: options.profileExplicit,
    maxBytes: options.maxBytes,
    warn: (line) => writeErrorLine(io, line),
  });
  const selected = reportAgentToken(robots, options.agent, io);
  const rules = robots.agent(options.agent);
  const path = matchedPath(url, robots.profile);
  const info = rules.groupIndex >= 0 ? robots.describeGroup(rules.groupIndex) : undefined;
  const tokens = info?.tokens ?? [];
  const quoted = tokens.map((t) => JSON.stringify(t)).join(', ');
  let groupReason: string;
  if (rules.selection === 'specific') {
    groupReason = `its own group: user-agent ${quoted} names "${selected.token}" (case-insensitive${robots.profile === 'google' ? ', verbatim' : ', by product token'})`;
  } else if (rules.selection === 'global') {
    groupReason = `the global group (User-agent: *): no group names "${options.agent}"`;
  } else {
    groupReason = `none: no group names "${options.agent}" and there is no global group, so everything is allowed`;
  }
  const id = rules.decide(url);
  let rule: Explanation['rule'] = { id: -1, line: 0, kind: 'none', pattern: '' };
  let reason: string;
  if (id >= 0) {
    const info = robots.rule(id);
    const r = { ...info, pattern: info.pattern ?? '' };
    rule = { id, line: r.line, kind: r.kind, pattern: r.pattern };
    reason = `the longest matching rule is line ${r.line} (${r.kind} ${r.pattern})`;
    const indexHtml = /^(.*\/)index\.htm[^/]*$/.exec(r.pattern);
    if (r.kind === 'allow' && indexHtml !== null && !path.includes(r.pattern)) {
      reason += `, through the index.html rule: it also allows ${indexHtml[1] ?? ''}$`;
    }
  } else if (robots.profile === 'rfc9309' && (path === '/robots.txt' || path.startsWith('/robots.txt?'))) {
    reason = '/robots.txt itself is always allowed (RFC 9309 section 2.2.2)';
  } else if (rules.selection === 'none') {
    reason = 'no group applies';
  } else {
    reason = 'no rule of the group matches the path';
  }
  const cut = warnings.find((w) => w.code === 'truncated');
  if (cut !== undefined) reason += `; but the file was cut at line ${cut.line} and the cut may hide rules that decide otherwise`;
  return {
    url,
    agent: options.agent,
    token: selected.token,
    tokenRecognised: selected.recognised,
    profile: robots.profile,
    path,
    allowed: id < 0 || rule.kind === 'allow',
    group: { selection: rules.selection, index: rules.groupIndex, tokens, reason: groupReason },
    rule,
    reason,
    warnings,
  };
}

/** Returns the explanation as aligned `label  value` lines. */
export function formatExplanation(e: Explanation): string {
  const rows: [string, string][] = [
    ['url', e.url],
    ['agent', e.agent + (!e.tokenRecognised && e.agent !== '*' ? ' (no crawler token recognised)' : e.token !== e.agent ? ` (crawler token "${e.token}")` : '')],
    ['profile', e.profile],
    ['path', e.path],
    ['group', e.group.index >= 0 ? `#${e.group.index}, ${e.group.reason}` : e.group.reason],
    ['rule', e.rule.line > 0 ? `line ${e.rule.line}: ${e.rule.kind} ${e.rule.pattern}` : 'none'],
    ['verdict', `${e.allowed ? 'allowed' : 'disallowed'}: ${e.reason}`],
    ...e.warnings.map((w): [string, string] => ['warning', `line ${w.line}: ${w.message} [${w.code}]`]),
  ];
  return rows.map(([label, value]) => `${label.padEnd(8)}${value}`).join('\n');
}

/** Runs `explain` and returns its exit code (0 allowed, 1 disallowed, like `check`). */
export async function runExplain(url: string, options: ExplainOptions, io: CliIo): Promise<number> {
  const e = await explainUrl(url, options, io);
  io.stdout.write(`${options.json === true ? JSON.stringify(e) : formatExplanation(e)}\n`);
  return e.allowed ? EXIT_OK : EXIT_FINDINGS;
}
