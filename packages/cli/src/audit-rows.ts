/**
 * The rows of `robomata audit` (audit.ts) and of the playground's "AI crawlers" panel: every
 * catalogued crawler against a loaded robots.txt, each row the runtime's decision
 * (`Robots#explain`): the group chosen, the verdict per URL, what decided and the preferences
 * that apply (docs/semantics.md sections 3 and 10). No Node API: the playground bundles this module.
 */

import { describeDecision, type AgentSelection, type Decision, type Outcome, type Robots } from '@robomata/runtime';
import type { CatalogueEntry, CrawlerKind } from './catalogue.js';

/** One (crawler, URL) row of the audit. */
export interface AuditRow {
  /** The catalogue's name. */
  readonly agent: string;
  readonly kind: CrawlerKind;
  readonly url: string;
  /**
   * Whether the crawler may fetch the URL; null when the artifact cannot say (an agent-scoped
   * artifact that left the crawler's group out: 'out-of-scope').
   */
  readonly allowed: boolean | null;
  /** What the lookup compared: rfc9309 the crawler token, google the name verbatim. */
  readonly token: string;
  /** How the group was chosen: its own ('specific'), `*` ('global'), none (allow all). */
  readonly selection: AgentSelection['selection'];
  /**
   * The deciding group as the decision names it (`GroupChoice`): `*` for the `*` group, else its
   * product tokens, lower-cased and comma-separated ('' for none and out of scope).
   */
  readonly group: string;
  /** What decided (the runtime's `Decision#outcome`). */
  readonly outcome: Outcome;
  /** What decided, in the runtime's words (`describeDecision`). */
  readonly reason: string;
  /** Content-Usage answers that apply (category to `y`/`n`). */
  readonly usage: Readonly<Record<string, string>>;
  /** Content-Signal answers that apply (key to `yes`/`no`). */
  readonly signal: Readonly<Record<string, string>>;
  /** False when the name is not an RFC 9309 product token (`[A-Za-z_-]+`). */
  readonly validToken: boolean;
  /** Other catalogue names whose lookup token is the same (ASCII case-insensitively). */
  readonly sharedWith: readonly string[];
}

/** RFC 9309 section 2.2.1: a product token is `[A-Za-z_-]+`. */
const _PRODUCT_TOKEN = /^[A-Za-z_-]+$/;

/**
 * Returns the audit rows of `robots` for every catalogue entry and URL, in catalogue order: one
 * `Robots#explain` per (crawler, URL). O(catalogue x URLs x (URL + the group's segments)).
 */
export function auditRobots(robots: Robots, catalogue: readonly CatalogueEntry[], urls: readonly string[]): AuditRow[] {
  const decided = catalogue.map((entry) => ({ entry, decisions: urls.map((url) => robots.explain(url, entry.name)) }));
  // Entries looked up by the same token (the runtime's selection) share every answer.
  const byToken = new Map<string, string[]>();
  const tokenOf = (decisions: readonly Decision[]): string | undefined => decisions[0]?.group.token.toLowerCase();
  for (const { entry, decisions } of decided) {
    const key = tokenOf(decisions);
    if (key === undefined) continue;
    const names = byToken.get(key);
    if (names === undefined) byToken.set(key, [entry.name]);
    else names.push(entry.name);
  }
  const rows: AuditRow[] = [];
  for (const { entry, decisions } of decided) {
    const key = tokenOf(decisions);
    const sharedWith = key === undefined ? [] : (byToken.get(key) ?? []).filter((n) => n !== entry.name);
    for (const d of decisions) rows.push(_rowOf(entry, d, sharedWith));
  }
  return rows;
}

/** Returns the row of one decision. */
function _rowOf(entry: CatalogueEntry, d: Decision, sharedWith: readonly string[]): AuditRow {
  return {
    agent: entry.name,
    kind: entry.kind,
    url: d.url,
    allowed: d.allowed ?? null,
    token: d.group.token,
    selection: d.group.selection,
    group: d.group.selection === 'global' ? '*' : d.group.tokens.join(','),
    outcome: d.outcome,
    reason: describeDecision(d),
    usage: d.usage?.answers ?? {},
    signal: d.signal?.answers ?? {},
    validToken: _PRODUCT_TOKEN.test(entry.name),
    sharedWith,
  };
}

/** The summary of an audit at one URL (`/` for the CLI; the first checked URL for the playground). */
export interface AuditSummary {
  readonly crawlers: number;
  readonly blocked: number;
  /** Blocked crawlers whose decision came from the `*` group (no group of their own). */
  readonly blockedByStar: number;
  readonly specific: number;
  readonly invalidTokens: number;
  readonly sharedTokens: number;
  /** Crawlers allowed at `/` with a Content-Usage `train-ai=n` there. */
  readonly trainAiDisallowed: number;
  /** Crawlers allowed at `/` with a Content-Signal `ai-train=no` there. */
  readonly aiTrainNo: number;
}

/** Returns the summary of the rows for `url` (one row per crawler; default `/`). O(rows). */
export function summarizeAudit(rows: readonly AuditRow[], url = '/'): AuditSummary {
  const root = rows.filter((r) => r.url === url);
  const blocked = root.filter((r) => r.allowed === false);
  return {
    crawlers: root.length,
    blocked: blocked.length,
    blockedByStar: blocked.filter((r) => r.selection === 'global').length,
    specific: root.filter((r) => r.selection === 'specific').length,
    invalidTokens: root.filter((r) => !r.validToken).length,
    sharedTokens: root.filter((r) => r.sharedWith.length > 0).length,
    trainAiDisallowed: root.filter((r) => r.usage['train-ai'] === 'n').length,
    aiTrainNo: root.filter((r) => r.signal['ai-train'] === 'no').length,
  };
}
