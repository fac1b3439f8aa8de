// `pnpm bench --crawlee` (crawlee.ts) on a small site: both crawlers obey the same group, fetch
// robots.txt once per origin and the report carries every column. Work done, never wall time.
import { describe, expect, it } from 'vitest';
import { formatCrawleeResults, runCrawleeBench } from '../src/crawlee.js';

describe('runCrawleeBench', () => {
  it('crawls the same pages with Crawlee\'s built-in robots.txt and withRobomata, one robots.txt request per origin each', async () => {
    const config = { pages: 48, origins: 2, links: 6, checks: 500, rounds: 1 };
    const r = await runCrawleeBench(config);
    expect(r.runs.map((f) => f.crawler)).toEqual(['built-in respectRobotsTxtFile', 'withRobomata']);
    for (const f of r.runs) {
      expect(f.robotsRequests, f.crawler).toBe(config.origins);
      expect(f.pagesCrawled, f.crawler).toBeGreaterThan(0);
      expect(f.pagesCrawled, f.crawler).toBeLessThanOrEqual(config.pages);
      expect(f.checks, f.crawler).toBeGreaterThanOrEqual(f.pagesCrawled);
    }
    expect(r.pagesDiffering).toBe(0);
    const table = formatCrawleeResults(r);
    expect(table).toContain('| withRobomata |');
    expect(table.split('\n').filter((l) => l.startsWith('| ') && !l.startsWith('| crawler') && !l.startsWith('| ---')).length).toBe(2);
  }, 120_000);
});
