// Offline fleet demo: a throwaway redis-server, three local sites, and three crawler processes
// sharing one robots.txt fetch per site through Redis. Needs redis-server on the PATH.
//   npx -y pnpm@10 build && node packages/redis/examples/fleet-demo.mjs
import { fork } from 'node:child_process';
import { createServer } from 'node:http';
import { createRobotsCache } from '@robomata/fetch';
import { createRedisStore } from '@robomata/redis';
import { startRedisServer } from '@robomata/redis/testing';

const PATHS = ['/', '/private/report', '/shop/cart', '/public/page'];

if (process.argv[2] === 'crawler') {
  // One crawler process: the code a real crawler runs.
  const [, , , redisUrl, ...sites] = process.argv;
  const store = createRedisStore({ url: redisUrl });
  const robots = createRobotsCache({ userAgent: 'ExampleCrawler/1.0 (+https://example.com/bot)', store });
  const urls = sites.flatMap((site) => PATHS.map((p) => site + p));
  const answers = await Promise.all(urls.map((url) => robots.isAllowed(url)));
  const { fetches, storeHits } = robots.stats();
  console.log(`crawler ${process.pid}: ${answers.filter(Boolean).length}/${urls.length} allowed; fetched ${fetches}, from Redis ${storeHits}`);
  await store.close();
} else {
  const redis = await startRedisServer();
  const requests = [];
  const sites = [];
  for (const [i, body] of ['User-agent: *\nDisallow: /private/\n', 'User-agent: ExampleCrawler\nDisallow: /shop/\n', 'User-agent: *\nDisallow: /\n'].entries()) {
    requests.push(0);
    const server = createServer((req, res) => {
      if (req.url === '/robots.txt') requests[i]++;
      setTimeout(() => res.writeHead(200, { 'content-type': 'text/plain' }).end(body), 50);
    });
    await new Promise((r) => server.listen(0, '127.0.0.1', r));
    server.unref();
    sites.push(`http://127.0.0.1:${server.address().port}`);
  }
  const self = new URL(import.meta.url).pathname;
  await Promise.all([1, 2, 3].map(() => new Promise((resolve) => fork(self, ['crawler', redis.url, ...sites]).on('exit', resolve))));
  console.log(`robots.txt requests per site: ${requests.join(', ')} (3 processes, one fetch per site)`);
  await redis.dispose();
}
