/**
 * The "AI crawlers" panel's data: every crawler of the bundled catalogue (the vendored
 * ai.robots.txt list, packages/cli/catalogue/) against the page's robots.txt, with the CLI's
 * audit rows (packages/cli/src/audit-rows.ts: the runtime's decision per crawler and URL, its
 * group, verdict and the preferences that apply), grouped by kind (packages/cli/src/catalogue.ts documents the mapping
 * from the list's free-text function: training, AI search, assistants acting for a user, other).
 */
import type { Robots } from '@robomata/runtime';
import { auditRobots, summarizeAudit, type AuditRow, type AuditSummary } from '../../cli/src/audit-rows.js';
import { parseCatalogue, type CatalogueEntry, type CrawlerKind } from '../../cli/src/catalogue.js';
import catalogueJson from '../../cli/catalogue/robots.json?raw';

/** URLs of the page the panel checks at most (the verdict table has them all). */
export const AI_PANEL_MAX_URLS = 8;

/** Kinds in panel order, with their headings. */
export const CRAWLER_KINDS: readonly { readonly kind: CrawlerKind; readonly title: string }[] = [
  { kind: 'training', title: 'Training and data collection' },
  { kind: 'ai-search', title: 'AI search' },
  { kind: 'assistant', title: 'Assistants and agents acting for a user' },
  { kind: 'other', title: 'Other' },
];

/** One catalogued crawler in the panel (its catalogue entry) with one audit row per checked URL, in URL order. */
export type AiCrawler = CatalogueEntry & { readonly rows: readonly AuditRow[] };

/** The panel: the URLs checked, the crawlers by kind, and the CLI's audit summary at the first URL. */
export interface AiCrawlersPanel {
  readonly urls: readonly string[];
  /** The page's URLs past the first {@link AI_PANEL_MAX_URLS}, not checked here (the panel says how many). */
  readonly unchecked: number;
  readonly kinds: readonly { readonly kind: CrawlerKind; readonly title: string; readonly crawlers: readonly AiCrawler[] }[];
  /** `summarizeAudit` of the CLI at `urls[0]`: crawlers, blocked, blocked only through `*`, ... */
  readonly summary: AuditSummary;
}

let _catalogue: readonly CatalogueEntry[] | undefined;

/** Returns the bundled catalogue (parsed once). */
export function bundledCatalogue(): readonly CatalogueEntry[] {
  _catalogue ??= parseCatalogue(catalogueJson);
  return _catalogue;
}

/** Returns the panel for `robots` and the page's URLs (the first {@link AI_PANEL_MAX_URLS}; `/` when none). */
export function analyzeAiCrawlers(robots: Robots, pageUrls: readonly string[]): AiCrawlersPanel {
  const urls = pageUrls.length === 0 ? ['/'] : pageUrls.slice(0, AI_PANEL_MAX_URLS);
  const catalogue = bundledCatalogue();
  const rows = auditRobots(robots, catalogue, urls);
  const crawlers: AiCrawler[] = catalogue.map((entry, i) => ({ ...entry, rows: rows.slice(i * urls.length, (i + 1) * urls.length) }));
  return {
    urls,
    unchecked: pageUrls.length - (pageUrls.length === 0 ? 0 : urls.length),
    kinds: CRAWLER_KINDS.map((k) => ({ ...k, crawlers: crawlers.filter((c) => c.kind === k.kind) })),
    summary: summarizeAudit(rows, urls[0]),
  };
}

/** Returns the preferences of a row as `train-ai=n · ai-train=no`, or '' when none applies. */
export function formatPreferences(usage: Readonly<Record<string, string>>, signal: Readonly<Record<string, string>>): string {
  const pairs = [...Object.keys(usage).sort().map((k) => `${k}=${usage[k]}`), ...Object.keys(signal).sort().map((k) => `${k}=${signal[k]}`)];
  return pairs.join(' · ');
}
