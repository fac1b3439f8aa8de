// A small web site on 127.0.0.1 (a free port) for the example and the tests: 40 pages linking to
// each other, some under disallowed paths, some behind wildcard rules, and a robots.txt whose
// answer can be changed while it runs (a status, a hang, a redirect loop). Every request is logged.
import { createServer } from 'node:http';

/** The product token the site's robots.txt has a group for. */
export const SITE_BOT = 'LocalBot';

/** The site's robots.txt: a `*` group, a LocalBot group with wildcards, a sitemap. */
export function siteRobotsTxt(base) {
  return [
    '# robots.txt of the local example site',
    'User-agent: *',
    'Disallow: /private/',
    '',
    `User-agent: ${SITE_BOT}`,
    'Disallow: /private/',
    'Allow: /private/public-note',
    'Disallow: /drafts/',
    'Disallow: /*?sort=',
    'Disallow: /*.pdf$',
    '',
    `Sitemap: ${base}/sitemap.xml`,
    '',
  ].join('\n');
}

const PAGE_COUNT = 20;

/** Every page path of the site (the home page, numbered pages, and those the rules are about). */
export const SITE_PAGES = [
  '/',
  ...Array.from({ length: PAGE_COUNT }, (_, i) => `/page/${i + 1}`),
  ...Array.from({ length: 5 }, (_, i) => `/private/${i + 1}`),
  '/private/public-note',
  ...Array.from({ length: 3 }, (_, i) => `/drafts/${i + 1}`),
  '/docs/report.pdf',
  '/docs/report.pdf?download=1',
  '/list?sort=asc',
  '/list?sort=desc',
  '/list?page=2',
  '/list?page=3',
  '/about',
  '/contact',
];

/** Returns the links of page `path` (paths of the site). */
export function siteLinksOf(path) {
  if (path === '/') return ['/page/1', '/private/1', '/private/public-note', '/drafts/1', '/docs/report.pdf', '/docs/report.pdf?download=1', '/list?sort=asc', '/list?page=2', '/about'];
  const m = /^\/page\/(\d+)$/.exec(path);
  if (m !== null) {
    const i = Number(m[1]);
    const links = [`/private/${(i % 5) + 1}`, `/drafts/${(i % 3) + 1}`, i % 2 === 0 ? '/list?sort=desc' : '/list?page=3'];
    if (i < PAGE_COUNT) links.push(`/page/${i + 1}`);
    links.push(`/page/${((i * 7) % PAGE_COUNT) + 1}`);
    return links;
  }
  if (path.startsWith('/private/') || path.startsWith('/drafts/')) return ['/', '/contact'];
  if (path.startsWith('/list')) return ['/page/10', '/contact'];
  return ['/'];
}

function pageHtml(path) {
  const links = siteLinksOf(path).map((l) => `<li><a href="${l}">${l}</a></li>`).join('');
  return `<!doctype html><html><head><title>${path}</title></head><body><h1>${path}</h1><ul>${links}</ul></body></html>`;
}

/**
 * Starts the site. Returns { base, port, log, robots, setRobots(answer), pageRequests(), close() }:
 * `log` lists every request ({ path, at, userAgent }); `setRobots` changes the robots.txt answer:
 * { status, body?, headers? }, { hang: true } (never answers), { reset: true } (connection
 * reset) or { redirectLoop: true }.
 */
export async function startLocalSite() {
  const log = [];
  let answer;
  const server = createServer((req, res) => {
    const path = req.url ?? '/';
    log.push({ path, at: Date.now(), userAgent: req.headers['user-agent'] });
    if (path === '/robots.txt') {
      if (answer.hang) return; // never answers: the crawler's timeout must fire
      if (answer.reset) {
        req.socket.destroy(); // connection reset: a network error
        return;
      }
      if (answer.redirectLoop) {
        res.writeHead(301, { location: '/robots.txt' }).end();
        return;
      }
      res.writeHead(answer.status, { 'content-type': 'text/plain', ...(answer.headers ?? {}) }).end(answer.body ?? '');
      return;
    }
    if (!SITE_PAGES.includes(path)) {
      res.writeHead(404, { 'content-type': 'text/html' }).end('<html><body>not found</body></html>');
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(pageHtml(path));
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = server.address().port;
  const base = `http://127.0.0.1:${port}`;
  answer = { status: 200, body: siteRobotsTxt(base) };
  return {
    base,
    port,
    log,
    setRobots(next) {
      answer = next;
    },
    /** Paths requested, robots.txt excluded, in order. */
    pageRequests() {
      return log.filter((r) => r.path !== '/robots.txt').map((r) => r.path);
    },
    /** Number of robots.txt requests. */
    robotsRequests() {
      return log.filter((r) => r.path === '/robots.txt').length;
    },
    close() {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
