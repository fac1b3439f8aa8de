// Crawls the bundled local site (local-site.mjs) with a CheerioCrawler made robots.txt-aware by
// withRobomata, and prints what was crawled, what was skipped and by which robots.txt line.
// Run: npx -y pnpm@10 build && node packages/crawlee/examples/crawl-local-site.mjs
import { CheerioCrawler, Configuration, log } from '@crawlee/cheerio';
import { withRobomata } from '@robomata/crawlee';
import { SITE_BOT, startLocalSite } from './local-site.mjs';

log.setLevel(log.LEVELS.ERROR); // keep the output to what this example prints
const site = await startLocalSite();
const skipped = [];
const RobotsCheerioCrawler = withRobomata(CheerioCrawler, {
  userAgent: `${SITE_BOT}/1.0 (+https://example.com/bot)`,
  onRobotsTxtSkip: (decision) => skipped.push(decision),
});
const crawled = [];
const crawler = new RobotsCheerioCrawler(
  {
    async requestHandler({ request, enqueueLinks }) {
      crawled.push(new URL(request.url).pathname + new URL(request.url).search);
      await enqueueLinks();
    },
  },
  new Configuration({ persistStorage: false }), // nothing written to ./storage
);
await crawler.run([`${site.base}/`]);

console.log(`crawled ${crawled.length} pages: ${crawled.sort().join(' ')}`);
const firstSkips = [...new Map(skipped.map((d) => [d.url, d])).values()]; // a URL linked from many pages is skipped each time
console.log(`skipped ${firstSkips.length} URLs:`);
for (const d of firstSkips.sort((a, b) => a.url.localeCompare(b.url))) {
  const path = d.url.slice(site.base.length);
  console.log(`  ${path.padEnd(28)} line ${d.rule?.line}: ${d.rule?.kind === 'allow' ? 'Allow' : 'Disallow'}: ${d.rule?.pattern} (${d.group} group)`);
}
const robotsFile = await crawler.robomata.find(`${site.base}/`);
console.log(`robots.txt requests: ${site.robotsRequests()}; sitemaps: ${robotsFile.getSitemaps().join(' ')}`);
const leaked = site.pageRequests().filter((p) => skipped.some((d) => d.url === `${site.base}${p}`));
console.log(`disallowed pages requested: ${leaked.length}`);
await site.close();
