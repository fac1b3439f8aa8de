/**
 * `robomata audit`: every crawler of the bundled AI-crawler catalogue (catalogue.ts) against a
 * robots.txt: may it fetch each URL, which group decides (the token it matched, or `*`), and
 * which Content-Usage and Content-Signal preferences apply (docs/semantics.md sections 3 and
 * 10); then a summary. Names that are not valid RFC 9309 product tokens, and names that cut to
 * the same token, are matched by the profile's rule and flagged, never skipped.
 */

import type { AgentRules, Profile, Robots } from '@robomata/runtime';
import { EXIT_OK } from './errors.js';
import { loadCatalogue, type CatalogueEntry, type CrawlerKind } from './catalogue.js';
import type { CliIo } from './io.js';
import { writeErrorLine } from './io.js';
import { loadRobotsSource } from './load-robots.js';
import { LineWriter } from './output.js';

/** Options of {@link runAudit}, as parsed by commander. */
export interface AuditOptions {
  readonly url?: readonly string[];
  readonly json?: boolean;
  readonly profile: Profile;
  readonly profileExplicit: boolean;
  readonly maxBytes?: number;
}

/** One (crawler, URL) row of the audit. */
export interface AuditRow {
  /** The catalogue's name. */
  readonly agent: string;
  readonly kind: CrawlerKind;
  readonly url: string;
  readonly allowed: boolean;
  /** What the lookup compared: rfc9309 the crawler token, google the name verbatim. */
  readonly token: string;
  /** How the group was chosen: its own ('specific'), `*` ('global'), none (allow all). */
  readonly selection: 'specific' | 'global' | 'none' | 'out-of-scope';
  /** The deciding group: the token matched, `*`, or '' for none. */
  readonly group: string;
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

/** Returns the audit rows of `robots` for every catalogue entry and URL, in catalogue order. */
export function auditRobots(robots: Robots, catalogue: readonly CatalogueEntry[], urls: readonly string[]): AuditRow[] {
  const picks = catalogue.map((entry) => ({ entry, pick: robots.selectAgent(entry.name) }));
  const byToken = new Map<string, string[]>();
  for (const { entry, pick } of picks) {
    const key = pick.token.toLowerCase();
    const names = byToken.get(key);
    if (names === undefined) byToken.set(key, [entry.name]);
    else names.push(entry.name);
  }
  const rows: AuditRow[] = [];
  for (const { entry, pick } of picks) {
    const sharedWith = (byToken.get(pick.token.toLowerCase()) ?? []).filter((n) => n !== entry.name);
    const rules: AgentRules | undefined = pick.selection === 'out-of-scope' ? undefined : robots.agent(entry.name);
    for (const url of urls) {
      rows.push({
        agent: entry.name,
        kind: entry.kind,
        url,
        allowed: rules === undefined ? true : rules.isAllowed(url),
        token: pick.token,
        selection: pick.selection,
        group: pick.selection === 'specific' ? pick.token : pick.selection === 'global' ? '*' : '',
        usage: rules === undefined ? {} : rules._explainPreferences(url, 'usage').answers,
        signal: rules === undefined ? {} : rules._explainPreferences(url, 'signal').answers,
        validToken: _PRODUCT_TOKEN.test(entry.name),
        sharedWith,
      });
    }
  }
  return rows;
}

/** The summary of an audit at `/`. */
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

/** Returns the summary of rows for URL `/` (one row per crawler). */
export function summarizeAudit(rows: readonly AuditRow[]): AuditSummary {
  const root = rows.filter((r) => r.url === '/');
  const blocked = root.filter((r) => !r.allowed);
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

/** Returns `k=v` pairs of a record, sorted by key, or `-` when empty. */
function _pairs(record: Readonly<Record<string, string>>): string {
  const keys = Object.keys(record).sort();
  return keys.length === 0 ? '-' : keys.map((k) => `${k}=${record[k]}`).join(',');
}

/** Returns the flags column of a row: `not-a-token`, `shares-token:NAME|NAME`, or `-`. */
function _flags(row: AuditRow): string {
  const flags: string[] = [];
  if (!row.validToken) flags.push('not-a-token');
  if (row.sharedWith.length > 0) flags.push(`shares-token:${row.sharedWith.join('|')}`);
  return flags.length === 0 ? '-' : flags.join(' ');
}

/** Column names of the text output. */
export const AUDIT_COLUMNS: readonly string[] = ['verdict', 'agent', 'url', 'group', 'token', 'usage', 'signal', 'flags'];

/**
 * Returns a row as one tab-separated line: verdict (`allowed`/`blocked`), agent, url, group
 * (the token matched, `*`, or `-` for no group), token (what the lookup compared), usage,
 * signal (`key=value` lists or `-`) and flags.
 */
export function formatAuditTsv(row: AuditRow): string {
  const group = row.selection === 'out-of-scope' ? 'out-of-scope' : row.group === '' ? '-' : row.group;
  return [row.allowed ? 'allowed' : 'blocked', row.agent, row.url, group, row.token, _pairs(row.usage), _pairs(row.signal), _flags(row)].join('\t');
}

/** Returns a row as one JSON line. */
export function formatAuditJson(row: AuditRow): string {
  return JSON.stringify(row);
}

/** Returns the summary lines printed after the text output. */
export function formatAuditSummary(s: AuditSummary, profile: Profile): string[] {
  const lines = [
    `${s.crawlers} catalogued crawlers (ai.robots.txt), ${profile} profile: ${s.blocked} blocked at /, ${s.blockedByStar} of them only through the * group; groups of their own: ${s.specific}`,
  ];
  if (s.trainAiDisallowed > 0 || s.aiTrainNo > 0) {
    lines.push(`allowed at / with a preference against training: ${s.trainAiDisallowed} Content-Usage train-ai=n, ${s.aiTrainNo} Content-Signal ai-train=no`);
  }
  lines.push(`${s.invalidTokens} names are not RFC 9309 product tokens and ${s.sharedTokens} share their token with another name (flagged; matched by the ${profile} rule)`);
  return lines;
}

/**
 * Runs `audit` and returns its exit code (0; 2 on errors, thrown as CliError). Text output: a
 * header, one tab-separated line per crawler and URL, then the summary (at `/`, which is always
 * checked). `--json`: JSON Lines, one object per crawler and URL, no summary.
 * O(catalogue x URLs x check).
 */
export async function runAudit(source: string, options: AuditOptions, io: CliIo): Promise<number> {
  const robots = await loadRobotsSource(source, {
    profile: options.profile,
    profileExplicit: options.profileExplicit,
    maxBytes: options.maxBytes,
    warn: (line) => writeErrorLine(io, line),
  });
  const asked = options.url !== undefined && options.url.length > 0 ? [...options.url] : ['/'];
  const urls = asked.includes('/') ? asked : [...asked, '/'];
  const rows = auditRobots(robots, loadCatalogue(), urls);
  const shown = rows.filter((r) => asked.includes(r.url));
  const out = new LineWriter(io.stdout);
  if (options.json === true) {
    for (const row of shown) if (out.writeLine(formatAuditJson(row))) await out.flush();
    await out.flush();
    return EXIT_OK;
  }
  out.writeLine(AUDIT_COLUMNS.join('\t'));
  for (const row of shown) if (out.writeLine(formatAuditTsv(row))) await out.flush();
  out.writeLine('');
  for (const line of formatAuditSummary(summarizeAudit(rows), robots.profile)) out.writeLine(line);
  await out.flush();
  return EXIT_OK;
}
