/**
 * @robomata/fetch in action, offline: three local HTTP servers play three sites (200, 404,
 * 503) and one RobotsCache answers for all of them.
 *
 *   npx -y pnpm@10 build && node packages/fetch/examples/cache-demo.mjs
 */

import { createServer } from 'node:http';
import { createRobotsCache } from '@robomata/fetch';

/** Starts a site on 127.0.0.1 whose /robots.txt answers `status` with `body`; returns its origin. */
async function startSite(status, body = '', headers = {}) {
  const server = createServer((req, res) => res.writeHead(status, { 'content-type': 'text/plain', ...headers }).end(body));
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  server.unref(); // let the process exit when the demo is done
  return `http://127.0.0.1:${server.address().port}`;
}

const ok = await startSite(200, 'User-agent: *\nDisallow: /private/\n\nUser-agent: FooBot\nDisallow: /\n', {
  'cache-control': 'max-age=3600',
});
const missing = await startSite(404);
const down = await startSite(503);

const cache = createRobotsCache({ userAgent: 'ExampleCrawler/1.0 (+https://example.com/bot)', timeoutMs: 2_000 });

// 200: the rules apply. 100 concurrent checks share one request.
const urls = Array.from({ length: 100 }, (_, i) => `${ok}/${i % 2 ? 'private/' : ''}page${i}`);
const verdicts = await Promise.all(urls.map((url) => cache.isAllowed(url, 'ExampleCrawler')));
console.log('200: %d of 100 allowed; FooBot on /: %s', verdicts.filter(Boolean).length, await cache.isAllowed(`${ok}/`, 'FooBot'));
const info = await cache.get(ok);
console.log('     policy %s, HTTP %d, cached for %d s (max-age)', info.policy, info.httpStatus, (info.expiresAt - info.fetchedAt) / 1000);

// 404: no restrictions.
console.log('404: /private/x allowed: %s (%s)', await cache.isAllowed(`${missing}/private/x`, 'ExampleCrawler'), (await cache.get(missing)).policy);

// 503: everything disallowed until a retry succeeds (first retry after 60 s).
const failed = await cache.get(down);
console.log('503: / allowed: %s (%s, retry in %d s)', await cache.isAllowed(`${down}/`, 'ExampleCrawler'), failed.policy, (failed.expiresAt - failed.fetchedAt) / 1000);
