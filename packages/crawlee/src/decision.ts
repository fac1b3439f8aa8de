/**
 * Explains one answer: which group the crawler's product token selected, which rule (line,
 * pattern) decided the URL, and how the robots.txt was obtained (RFC 9309 sections 2.2.2, 2.3.1).
 * The runtime decides; this module only reads its answer back (`Robots#explain`).
 */

import type { CachedRobots } from '@robomata/fetch';
import { describeDecision as describeRuntimeDecision, describeGroupChoice, type Outcome } from '@robomata/runtime';

/** The rule that decided a URL, as written in the robots.txt. */
export interface RobotsTxtRule {
  /** 1-based line of the rule in the robots.txt. */
  readonly line: number;
  readonly kind: 'allow' | 'disallow';
  /** The pattern as written (undefined only for artifacts compiled without patterns). */
  readonly pattern: string | undefined;
}

/**
 * Why a URL was allowed or disallowed:
 * - `'rule'`: a rule of the robots.txt decided (see `rule`);
 * - `'no-rule'`: no rule of the selected group matched: allowed (RFC 9309 section 2.2.2);
 * - `'unavailable'`: robots.txt answered 429/5xx, timed out or could not be reached (or its body
 *   could not be compiled): everything disallowed until the retry time (RFC 9309 section 2.3.1.4);
 * - `'unrestricted'`: robots.txt answered 4xx or redirected too often: everything allowed
 *   (RFC 9309 section 2.3.1.3), or 30 days of failure with no good copy.
 */
export type RobotsTxtReason = 'rule' | 'no-rule' | 'unavailable' | 'unrestricted';

/** What `crawler.robomata.explain(url)` returns and `onRobotsTxtSkip` receives. */
export interface RobotsTxtDecision {
  readonly url: string;
  readonly allowed: boolean;
  readonly reason: RobotsTxtReason;
  /**
   * The runtime's outcome (`Decision#outcome` of `@robomata/runtime`): `'rule'`, `'index-html'`
   * (an `Allow: /d/index.html` also allows exactly `/d/`), `'robots-txt'`, `'no-match'` or
   * `'no-group'`; undefined when the rules were not read (`'unavailable'`, `'unrestricted'`).
   */
  readonly outcome: Outcome | undefined;
  /** The deciding rule when `reason` is `'rule'`, else undefined. */
  readonly rule: RobotsTxtRule | undefined;
  /** The product token the group was selected with (the crawler's, unless another was asked for). */
  readonly productToken: string;
  /** How the group was chosen: the token's own group, the `*` group, or none (allow all). */
  readonly group: 'specific' | 'global' | 'none';
  /** When the rules are fetched again (after a failure: when the retry backoff ends), clock ms. */
  readonly retryAt: number;
  /** The origin's cached robots.txt: policy, HTTP status, fetch time, truncation, error, ... */
  readonly robots: CachedRobots;
}

/**
 * Returns the decision for `url` under `info` for `productToken`: the runtime's decision
 * (`Robots#explain`) read back, with the policy of the cache entry. O(URL + the group's
 * segments), plus decoding the deciding rule's text once. Throws only a RobotsAgentError for a
 * crawler outside an agent-scoped artifact (which the fetch layer never produces).
 */
export function explainDecision(info: CachedRobots, url: string, productToken: string): RobotsTxtDecision {
  const d = info.robots.explain(url, productToken);
  if (d.group.selection === 'out-of-scope') {
    // The runtime's own refusal (RobotsAgentError) for a crawler an agent-scoped artifact left out.
    throw info.robots.findAgentRefusal(productToken) ?? new Error('unreachable: an out-of-scope selection has a refusal');
  }
  const base = { url, productToken, group: d.group.selection, retryAt: info.expiresAt, robots: info, allowed: d.allowed !== false };
  if (info.policy === 'disallow-all') return { ...base, reason: 'unavailable', outcome: undefined, rule: undefined };
  if (info.policy === 'allow-all') return { ...base, reason: 'unrestricted', outcome: undefined, rule: undefined };
  if (d.rule === undefined) return { ...base, reason: 'no-rule', outcome: d.outcome, rule: undefined };
  const { line, kind, pattern } = d.rule;
  return { ...base, reason: 'rule', outcome: d.outcome, rule: { line, kind, pattern } };
}

/**
 * Returns a one-line account of a decision for logs: for rules read from the robots.txt, the
 * runtime's words for what decided (`describeDecision` of `@robomata/runtime`), e.g.
 * `disallowed by https://example.com/robots.txt: line 4: Disallow: /private`; else the policy.
 */
export function describeDecision(d: RobotsTxtDecision): string {
  const verdict = d.allowed ? 'allowed' : 'disallowed';
  switch (d.reason) {
    case 'rule':
    case 'no-rule':
      return `${verdict} by ${d.robots.sourceUrl}: ${describeRuntimeDecision({ outcome: d.outcome ?? 'no-match', rule: d.rule })}`;
    case 'unavailable':
      return `${verdict}: ${d.robots.sourceUrl} is unavailable (${d.robots.statusClass}${d.robots.httpStatus > 0 ? ` ${d.robots.httpStatus}` : ''}) until ${new Date(d.retryAt).toISOString()}`;
    case 'unrestricted':
      return `${verdict}: ${d.robots.sourceUrl} answered ${d.robots.httpStatus > 0 ? d.robots.httpStatus : d.robots.statusClass} (no restrictions)`;
  }
}
