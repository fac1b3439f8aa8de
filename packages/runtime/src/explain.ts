/**
 * Why a URL is allowed: the decision type {@link Decision} that `Robots#explain` returns (the
 * group a User-Agent selected, the outcome, the deciding rule, the path as matched), and the
 * types it is made of. The one place callers (the CLI's `explain` and `check`, the playground,
 * the drop-in's `getMatchingLineNumber`) learn why; none of them re-derives it. Not hot:
 * explanations allocate.
 */
import { NO_RANK, type Profile } from './format.js';
import { fillPath } from './path-bytes.js';
import type { UrlForm } from './read-url.js';
import type { PreferenceExplanation } from './usage.js';
import { THREAD_SCRATCH } from './scratch.js';
import { IMPLICIT_RANK, RANK_ALLOW, RANK_COMPANION, ruleOfEntry } from './tables.js';

/** How {@link Robots.agent} chose the rules: own group, global group, or none (allow all). */
export type Selection = 'specific' | 'global' | 'none';

/**
 * Which token and group a User-Agent selects ({@link Robots.selectAgent}), without building or
 * throwing: for callers that report the choice (fetch, the CLI, the playground).
 */
export interface AgentSelection {
  /** What the lookup compared: rfc9309 the crawler token (docs/semantics.md section 3), google the string verbatim. */
  readonly token: string;
  /** True when a crawler's product token was found in the string (`findProductToken`). */
  readonly recognised: boolean;
  /** As {@link AgentRules.selection}; 'out-of-scope' when an agent-scoped artifact left the group out (`agent()` throws). */
  readonly selection: Selection | 'out-of-scope';
  /** Merged-group index ('global': the `*` group); -1 for 'none' and 'out-of-scope'. */
  readonly group: number;
}

/** One allow/disallow rule, for explanations. */
export interface RuleInfo {
  readonly id: number;
  /** 1-based line in the robots.txt. */
  readonly line: number;
  readonly kind: 'allow' | 'disallow';
  /** The pattern as written, or undefined when the artifact was compiled without patterns. */
  readonly pattern: string | undefined;
}

/** The group a decision used: the {@link AgentSelection} and the product tokens that name the group. */
export interface GroupChoice extends AgentSelection {
  /**
   * Lower-cased product tokens of the selected merged group, in token order; `*` is no product
   * token, so the `*` group lists only tokens merged into it (usually none); empty for 'none' and
   * 'out-of-scope'.
   */
  readonly tokens: readonly string[];
}

/**
 * What decided (docs/semantics.md sections 3 to 5; RFC 9309 section 2.2):
 * - 'rule': a rule's own pattern is the longest match ({@link Decision.rule}).
 * - 'index-html': an `Allow: /d/index.html` rule matched through its companion pattern `/d/$`
 *   (docs/semantics.md section 5); {@link Decision.rule} is that allow rule.
 * - 'robots-txt': the rfc9309 profile always allows `/robots.txt` (RFC 9309 section 2.2.2).
 * - 'no-match': the group has no rule matching the path: allowed.
 * - 'no-group': no group names the crawler and there is no `*` group: allowed.
 * - 'out-of-scope': the artifact was compiled for other agents only (`agent()` throws
 *   RobotsAgentError): no answer.
 */
export type Outcome = 'rule' | 'index-html' | 'robots-txt' | 'no-match' | 'no-group' | 'out-of-scope';

/**
 * Why `url` is (dis)allowed for one User-Agent: `Robots#explain`'s answer. Its `allowed`
 * equals `isAllowed` whenever the crawler is in scope, at every tier of the engine.
 *
 * It also says what the page may be used for: `usage` and `signal` explain the group's
 * Content-Usage and Content-Signal answers at the URL (docs/semantics.md section 10), so one call
 * says why a page may be fetched and what it may be used for.
 */
export interface Decision {
  /** The URL as given. */
  readonly url: string;
  /**
   * How the URL was read (`classifyUrl`, docs/semantics.md section 6): 'unreadable' means it
   * is no URL or path the checks can read, and `path` is what section 6 finds in it (mostly `/`).
   */
  readonly form: UrlForm;
  /** How the group was chosen (the token the User-Agent yielded, which group, its tokens). */
  readonly group: GroupChoice;
  readonly outcome: Outcome;
  /** The deciding rule for 'rule' and 'index-html', else undefined. */
  readonly rule: RuleInfo | undefined;
  /** True when the crawler may fetch `url` (as `isAllowed`); undefined for 'out-of-scope'. */
  readonly allowed: boolean | undefined;
  /**
   * The path the rules were matched against (docs/semantics.md sections 6 and 7): rfc9309 in
   * its canonical form (`%XX` upper-case, unreserved bytes decoded, non-ASCII as `%XX`),
   * google as written. Read by the same code as the checks.
   */
  readonly path: string;
  /**
   * Why the URL has its Content-Usage preferences (`usage()`): the deciding lines and the
   * combined answer per category (none when the URL is disallowed); undefined for 'out-of-scope'.
   */
  readonly usage: PreferenceExplanation | undefined;
  /** As {@link Decision.usage}, for Content-Signal (`signal()`). */
  readonly signal: PreferenceExplanation | undefined;
}

/**
 * One text per {@link Outcome}, the words every caller prints (the CLI's `explain` and `check`,
 * the playground, the Crawlee logs), as WARNING_MESSAGES is for warnings. For 'index-html' it
 * follows the rule it names.
 */
export const OUTCOME_MESSAGES: Readonly<Record<Outcome, string>> = {
  rule: 'the longest matching rule decides',
  'index-html': 'through the index.html rule: an Allow of /dir/index.html also allows its folder /dir/',
  'robots-txt': '/robots.txt itself is always allowed (RFC 9309 section 2.2.2)',
  'no-match': 'no rule of the group matches the path: allowed',
  'no-group': 'no group applies: allowed',
  'out-of-scope': 'the artifact was compiled for other agents only',
};

/**
 * Returns how a group was chosen, in words (RFC 9309 section 2.2.1; docs/semantics.md section
 * 3): the token compared (rfc9309 the crawler token, google the string verbatim), which group it
 * selected and which of its tokens named it. O(tokens of the group).
 */
export function describeGroupChoice(group: GroupChoice, profile: Profile): string {
  const named = JSON.stringify(group.token);
  switch (group.selection) {
    case 'specific':
      return `its own group: User-agent ${group.tokens.map((t) => JSON.stringify(t)).join(', ')} names ${named} (case-insensitive, ${profile === 'google' ? 'verbatim' : 'by product token'})`;
    case 'global':
      return `the * group: no group names ${named}`;
    case 'none':
      return `no group: none names ${named} and there is no * group, so everything is allowed`;
    case 'out-of-scope':
      return `${OUTCOME_MESSAGES['out-of-scope']}: the group ${named} selects was left out`;
  }
}

/**
 * Returns what decided `d` (a {@link Decision} of `Robots#explain`, or its outcome and rule), in the words the CLI's `explain`, `check` and
 * `audit`, the playground and the Crawlee logs print: for 'rule' the deciding rule as written
 * with its line (`line 3: Disallow: /x`; `line 3: Disallow (pattern not kept)` for an artifact
 * compiled without patterns), for 'index-html' that rule followed by the index.html note, for
 * every other outcome its {@link OUTCOME_MESSAGES} text (RFC 9309 sections 2.2.1 and 2.2.2;
 * docs/semantics.md sections 4 and 5). Never re-derives: it only words the decision. O(pattern).
 */
export function describeDecision(d: { readonly outcome: Outcome; readonly rule: Pick<RuleInfo, 'line' | 'kind' | 'pattern'> | undefined }): string {
  const r = d.rule;
  if (r === undefined) return OUTCOME_MESSAGES[d.outcome];
  const rule = `line ${r.line}: ${r.kind === 'allow' ? 'Allow' : 'Disallow'}${r.pattern === undefined ? ' (pattern not kept)' : `: ${r.pattern}`}`;
  return d.outcome === 'index-html' ? `${rule}, ${OUTCOME_MESSAGES['index-html']}` : rule;
}

/**
 * Returns the path `url` is matched by (docs/semantics.md sections 6 and 7), as a string: the
 * bytes the checks compare, written by the same reader (path-bytes.ts `fillPath`) and decoded
 * (rfc9309: ASCII; google: UTF-8, a lone surrogate as U+FFFD). Not hot: allocates. O(url).
 */
export function readMatchedPath(url: string, rfc: boolean): string {
  const m = fillPath(url, rfc, NO_RANK, THREAD_SCRATCH);
  return _PATH_DECODER.decode(THREAD_SCRATCH.path.subarray(0, m));
}

const _PATH_DECODER = new TextDecoder();

/** What {@link decideOutcome} returns: the outcome, the deciding rule id (-1: none) and the verdict. */
export interface RankOutcome {
  readonly outcome: 'rule' | 'index-html' | 'robots-txt' | 'no-match';
  readonly ruleId: number;
  readonly allowed: boolean;
}

/**
 * Returns the outcome of a rank-table entry (tables.ts `RANK_*`) as the untiered walk found it:
 * NO_RANK for no match, IMPLICIT_RANK for the rfc9309 `/robots.txt` allow, else the entry of
 * the deciding rank. O(1).
 */
export function decideOutcome(entry: number): RankOutcome {
  if (entry === NO_RANK) return { outcome: 'no-match', ruleId: -1, allowed: true };
  if (entry === IMPLICIT_RANK) return { outcome: 'robots-txt', ruleId: -1, allowed: true };
  const companion = (entry & RANK_COMPANION) !== 0;
  return { outcome: companion ? 'index-html' : 'rule', ruleId: ruleOfEntry(entry), allowed: (entry & RANK_ALLOW) !== 0 };
}
