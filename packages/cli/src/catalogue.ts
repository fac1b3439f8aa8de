/**
 * The AI-crawler catalogue's entries and kinds: the vendored ai.robots.txt list
 * (packages/cli/catalogue/, MIT, commit 738c80d) parsed in file order, with a few documented
 * kinds mapped from its free-text `function` field. No Node API here: the playground bundles
 * this module too; catalogue-file.ts reads the file for the CLI.
 */

/** What a catalogued crawler is for, mapped from the list's free-text `function` (see {@link classifyFunction}). */
export type CrawlerKind = 'training' | 'ai-search' | 'assistant' | 'other';

/** One catalogued crawler. */
export interface CatalogueEntry {
  /** The name as the list writes it after `User-agent:` (not always a valid product token). */
  readonly name: string;
  readonly operator: string;
  readonly respect: string;
  /** The list's free text. */
  readonly function: string;
  readonly kind: CrawlerKind;
  readonly description: string;
}

/** Commit of ai-robots-txt/ai.robots.txt the catalogue was copied from. */
export const CATALOGUE_COMMIT = '738c80df2169027ce0e07c9976fd3f2f57dd8f7b';

/**
 * Returns the kind of a catalogue `function` text, by the first rule that applies (ASCII
 * case-insensitive): `assistant` for assistants and agents acting for a user (assistant, agent,
 * user-initiated, prompts, queries, answers, chat), `ai-search` for search (the word search, not
 * research), `training` for
 * training, scraping and data collection (train, LLM, scrap, dataset, data, learning, model),
 * else `other`. The list has about 64 distinct texts; every one maps to exactly one kind.
 */
export function classifyFunction(text: string): CrawlerKind {
  const t = text.toLowerCase();
  if (/assistant|agent|user-initiated|prompts|queries|answers|chat|on behalf/.test(t)) return 'assistant';
  if (/\bsearch\b/.test(t)) return 'ai-search';
  if (/train|llm|scrap|dataset|data|learning|model|crawl/.test(t)) return 'training';
  return 'other';
}

/** Returns the entries of a `robots.json` text, in file order. Throws a TypeError for a malformed list. */
export function parseCatalogue(json: string): CatalogueEntry[] {
  const data: unknown = JSON.parse(json);
  if (typeof data !== 'object' || data === null || Array.isArray(data)) throw new TypeError('the catalogue must be a JSON object of crawlers');
  const out: CatalogueEntry[] = [];
  for (const [name, value] of Object.entries(data as Record<string, unknown>)) {
    const v = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
    const text = (key: string): string => (typeof v[key] === 'string' ? (v[key] as string) : '');
    out.push({ name, operator: text('operator'), respect: text('respect'), function: text('function'), kind: classifyFunction(text('function')), description: text('description') });
  }
  return out;
}
