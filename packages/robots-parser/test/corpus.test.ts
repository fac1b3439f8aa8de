// @robomata/robots-parser against the real robots-parser 3.0.1 on the whole corpus: every
// disagreement is one of the differences the README lists (none unexplained), counted.
import { beforeAll, describe, expect, it } from 'vitest';
import { listCorpusFiles, readCorpusFile } from '../../../test/fixtures/corpus.js';
import { DIFFERENCES, compareFile, type Difference } from './_compare.js';

/** URLs per (file, User-Agent): 6 fixed ones plus up to 24 built from the file's rules. */
const URLS_PER_FILE = 30;

describe('@robomata/robots-parser vs robots-parser 3.0.1 on the corpus (4,231 files)', () => {
  const files = listCorpusFiles();
  const counts = Object.fromEntries(DIFFERENCES.map((d) => [d, 0])) as Record<Difference, number>;
  let checks = 0;
  let sitemapFiles = 0;
  let hostFiles = 0;
  let crawlDelays = 0;
  let crawlDelaysHeader = 0;
  const unexplained: string[] = [];
  beforeAll(() => {
    for (const file of files) {
      const r = compareFile(file, new TextDecoder().decode(readCorpusFile(file)), URLS_PER_FILE);
      checks += r.checks;
      if (r.sitemapsDiffer) sitemapFiles++;
      if (r.hostDiffers) hostFiles++;
      crawlDelays += r.crawlDelayDiffers;
      crawlDelaysHeader += r.crawlDelayHeaderDiffers;
      for (const d of r.disagreements) {
        counts[d.kind]++;
        if (d.kind === 'unexplained' && unexplained.length < 10) unexplained.push(JSON.stringify(d));
      }
    }
  }, 300_000);

  it('explains every isAllowed disagreement by a listed difference', () => {
    expect(unexplained).toEqual([]);
  });

  it('counts the disagreements per difference (README table)', () => {
    expect(checks).toBe(529_650);
    expect(counts).toEqual({
      'agent-header': 2_169,
      truncated: 4,
      'key-syntax': 40,
      'group-boundary': 1_292,
      'agent-token': 2_084,
      'empty-group': 232,
      'unicode-trim': 16,
      'url-parsing': 7_898,
      'robots-txt': 8,
      'index-html': 4,
      encoding: 60,
      unexplained: 0,
    });
  });

  it('counts the getter differences: sitemaps in 2 files, host in none, crawl-delay for 237 (file, UA) and 58 more for the header', () => {
    expect({ sitemapFiles, hostFiles, crawlDelays, crawlDelaysHeader }).toEqual({ sitemapFiles: 2, hostFiles: 0, crawlDelays: 237, crawlDelaysHeader: 58 });
  });
});
