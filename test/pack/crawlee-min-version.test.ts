/**
 * @robomata/crawlee on the oldest Crawlee its peer range accepts (3.14.0, the first release with
 * every seam it overrides): packs the packages it needs, installs them with npm in a fresh
 * project next to Crawlee 3.14.0 (registry only), and crawls the bundled local site, a 503 origin
 * and a crawl-delay origin there. Runs with the pack test (ROBOMATA_PACK_TEST=1, `pnpm test:pack`).
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const PEER_RANGE = (JSON.parse(readFileSync(join(ROOT, 'packages/crawlee/package.json'), 'utf8')) as { peerDependencies: Record<string, string> }).peerDependencies;
/** The lower bound of the peer range, e.g. `>=3.14.0 <4` gives 3.14.0. */
const OLDEST = /^>=(\d+\.\d+\.\d+)/.exec(PEER_RANGE['@crawlee/basic'] ?? '')?.[1] ?? '';
const PACKAGES = ['runtime', 'compiler', 'fetch', 'crawlee'];

let project = '';
let packDir = '';

/** The children's environment without pnpm's settings npm 10 does not know (it would warn "Unknown env config"). */
const CHILD_ENV = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^npm_config_(verify_deps_before_run|_jsr_registry|npm_globalconfig)$/i.test(k)));

function run(cmd: string, args: readonly string[], cwd: string): string {
  return execFileSync(cmd, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 64 * 1024 * 1024, env: CHILD_ENV });
}

beforeAll(() => {
  packDir = mkdtempSync(join(tmpdir(), 'robomata-crawlee-pack-'));
  project = mkdtempSync(join(tmpdir(), 'robomata-crawlee-oldest-'));
  const tarballs = PACKAGES.map((p) => {
    const out = run('npx', ['-y', 'pnpm@10', 'pack', '--pack-destination', packDir], join(ROOT, 'packages', p)).trim().split('\n');
    return out[out.length - 1] ?? '';
  });
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'crawlee-oldest', private: true, version: '1.0.0', type: 'module' }));
  const crawlee = ['basic', 'core', 'utils', 'http', 'cheerio'].map((p) => `@crawlee/${p}@${OLDEST}`);
  run('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error', ...tarballs, ...crawlee], project);
  copyFileSync(join(ROOT, 'packages/crawlee/examples/local-site.mjs'), join(project, 'local-site.mjs'));
}, 600_000);

afterAll(() => {
  for (const dir of [project, packDir]) if (dir !== '') rmSync(dir, { recursive: true, force: true });
});

describe(`@robomata/crawlee with Crawlee ${OLDEST}, the oldest its peer range allows`, () => {
  it('installs that version', () => {
    expect(OLDEST).toBe('3.14.0');
    expect((JSON.parse(readFileSync(join(project, 'node_modules/@crawlee/basic/package.json'), 'utf8')) as { version: string }).version).toBe(OLDEST);
  });

  it('crawls the local site obeying robots.txt, skips a 503 origin, applies crawl-delay', () => {
    writeFileSync(
      join(project, 'crawl.mjs'),
      `import { CheerioCrawler, Configuration, log } from '@crawlee/cheerio';
import { withRobomata } from '@robomata/crawlee';
import { SITE_BOT, startLocalSite } from './local-site.mjs';
log.setLevel(log.LEVELS.ERROR);
const config = () => new Configuration({ persistStorage: false });
const skipped = new Set();
const Crawler = withRobomata(CheerioCrawler, { userAgent: SITE_BOT + '/1.0', onRobotsTxtSkip: (d) => skipped.add(d.url + ' ' + d.rule?.line) });
const site = await startLocalSite();
const crawler = new Crawler({ async requestHandler({ enqueueLinks }) { await enqueueLinks(); } }, config());
await crawler.run([site.base + '/']);
const file = await crawler.robomata.find(site.base + '/');
const down = await startLocalSite();
down.setRobots({ status: 503 });
await new Crawler({ requestHandler() {} }, config()).run([down.base + '/', down.base + '/page/1']);
const slow = await startLocalSite();
slow.setRobots({ status: 200, body: 'User-agent: *\\nCrawl-delay: 0.3\\nDisallow: /private/\\n' });
await new Crawler({ requestHandler() {} }, config()).run(['/page/1', '/page/2', '/page/3'].map((p) => slow.base + p));
const at = slow.log.filter((r) => r.path !== '/robots.txt').map((r) => r.at);
console.log(JSON.stringify({
  pages: site.pageRequests().length,
  leaked: site.pageRequests().filter((p) => /^\\/(private\\/\\d|drafts\\/)|sort=|\\.pdf$/.test(p)),
  robots: site.robotsRequests(),
  skipped: [...skipped].filter((s) => s.startsWith(site.base)).map((s) => s.slice(site.base.length)).sort(),
  downSkipped: [...skipped].filter((s) => s.startsWith(down.base)).length,
  sitemaps: file.getSitemaps().length,
  downPages: down.pageRequests(),
  gaps: at.slice(1).map((t, i) => t - at[i]),
}));
await Promise.all([site.close(), down.close(), slow.close()]);
`,
    );
    const out = JSON.parse(run(process.execPath, ['crawl.mjs'], project)) as { pages: number; leaked: string[]; robots: number; skipped: string[]; downSkipped: number; sitemaps: number; downPages: string[]; gaps: number[] };
    expect(out.leaked).toEqual([]);
    expect(out.pages).toBe(27);
    expect(out.robots).toBe(1);
    expect(out.skipped).toEqual(['/docs/report.pdf 10', '/drafts/1 8', '/drafts/2 8', '/drafts/3 8', '/list?sort=asc 9', '/list?sort=desc 9', '/private/1 6', '/private/2 6', '/private/3 6', '/private/4 6', '/private/5 6']);
    expect(out.sitemaps).toBe(1);
    expect(out.downPages).toEqual([]);
    expect(out.downSkipped).toBe(2);
    expect(out.gaps).toHaveLength(2);
    for (const g of out.gaps) expect(g).toBeGreaterThanOrEqual(200);
  }, 120_000);
});
