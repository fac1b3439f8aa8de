/**
 * `robomata audit`: every crawler of the bundled AI-crawler catalogue (catalogue.ts) against a
 * robots.txt: may it fetch each URL, which group decides (the token it matched, or `*`), and
 * which Content-Usage and Content-Signal preferences apply (docs/semantics.md sections 3 and
 * 10); then a summary. Names that are not valid RFC 9309 product tokens, and names that cut to
 * the same token, are matched by the profile's rule and flagged, never skipped.
 */

import type { Profile } from '@robomata/runtime';
import { auditRobots, summarizeAudit, type AuditRow, type AuditSummary } from './audit-rows.js';
import { loadCatalogue } from './catalogue-file.js';
import { EXIT_OK } from './errors.js';
import type { CliIo } from './io.js';
import { writeErrorLine } from './io.js';
import { loadRobotsSource } from './load-robots.js';
import { LineWriter } from './output.js';
import { describeUrlReading } from './url-reading.js';

/** Options of {@link runAudit}, as parsed by commander. */
export interface AuditOptions {
  readonly url?: readonly string[];
  readonly json?: boolean;
  readonly profile: Profile;
  readonly profileExplicit: boolean;
  readonly maxBytes?: number;
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
 * Returns a row as one tab-separated line: verdict (`allowed`/`blocked`, `unknown` out of an agent-scoped artifact's scope), agent, url, group
 * (the group's product tokens as the runtime's decision names them, `*`, or `-` for no group), token (what the lookup compared), usage,
 * signal (`key=value` lists or `-`) and flags.
 */
export function formatAuditTsv(row: AuditRow): string {
  const group = row.selection === 'out-of-scope' ? 'out-of-scope' : row.group === '' ? '-' : row.group;
  return [row.allowed === null ? 'unknown' : row.allowed ? 'allowed' : 'blocked', row.agent, row.url, group, row.token, _pairs(row.usage), _pairs(row.signal), _flags(row)].join('\t');
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
 * checked). `--json`: JSON Lines, one object per crawler and URL, no summary. A `--url` robomata
 * cannot read (or without scheme and leading `/`) gets a warning on stderr, as in `check`.
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
  // As `check` does: a URL robomata cannot read is answered anyway, never silently.
  for (const url of asked) {
    const problem = describeUrlReading(robots.explain(url, '*'));
    if (problem !== undefined) writeErrorLine(io, `robomata: warning: ${problem}`);
  }
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
