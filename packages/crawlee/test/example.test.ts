/**
 * The README's runnable example (examples/crawl-local-site.mjs), run as a user runs it: plain
 * Node on the built package. It must print a crawl that requested no disallowed page and
 * fetched robots.txt once.
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const EXAMPLE = fileURLToPath(new URL('../examples/crawl-local-site.mjs', import.meta.url));

describe('examples/crawl-local-site.mjs', () => {
  it('crawls the local site, names the line of each skip, fetches robots.txt once and requests no disallowed page', () => {
    const out = execFileSync(process.execPath, [EXAMPLE], { encoding: 'utf8', timeout: 90_000 });
    expect(out).toMatch(/^crawled [1-9]\d* pages: \//m);
    expect(out).toMatch(/^skipped [1-9]\d* URLs:$/m);
    expect(out).toMatch(/^ {2}\/private\/\S+\s+line \d+: Disallow: \/private\/ \(specific group\)$/m);
    expect(out).toMatch(/^robots\.txt requests: 1; sitemaps: http:\/\/127\.0\.0\.1:\d+\/sitemap\.xml/m);
    expect(out).toMatch(/^disallowed pages requested: 0$/m);
  });
});
