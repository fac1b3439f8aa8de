/**
 * The RobotsTxtFile equivalents: createRobotsTxtFinder / findRobotsTxtFile (Crawlee's
 * `RobotsTxtFile.find`), and how a file answers URLs of its own origin (any spelling), of other
 * cached origins, of uncached ones, and for other product tokens.
 */

import { RobotsTxtFile } from '@crawlee/utils';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createRobotsTxtFinder, describeDecision, findRobotsTxtFile } from '@robomata/crawlee';
import { OUTCOME_MESSAGES } from '@robomata/runtime';
import { SITE_BOT, startLocalSite } from '../examples/local-site.mjs';
import type { LocalSite } from '../examples/local-site.mjs';

let a: LocalSite;
let b: LocalSite;
beforeEach(async () => {
  a = await startLocalSite();
  b = await startLocalSite();
  b.setRobots({ status: 200, body: `User-agent: ${SITE_BOT}\nDisallow: /page/\n` });
});
afterEach(async () => {
  await a.close();
  await b.close();
});

describe('createRobotsTxtFinder', () => {
  it('fetches each origin once and returns the same file per cache entry', async () => {
    const finder = createRobotsTxtFinder({ userAgent: `${SITE_BOT}/3.0` });
    const [f1, f2] = await Promise.all([finder.find(`${a.base}/x`), finder.find(`${a.base}/y`)]);
    expect(f1).toBe(f2);
    expect(f1).toBeInstanceOf(RobotsTxtFile);
    expect(a.robotsRequests()).toBe(1);
    expect(a.log[0]?.userAgent).toBe(`${SITE_BOT}/3.0`);
    expect(finder.productToken).toBe(SITE_BOT);
  });

  it('answers a URL of its origin in any spelling, of another cached origin by that origin\'s rules, of an uncached one: allowed', async () => {
    const finder = createRobotsTxtFinder({ userAgent: `${SITE_BOT}/3.0` });
    const file = await finder.find(`${a.base}/`);
    const port = a.port;
    expect(file.isAllowed(`http://127.0.0.1:${port}/drafts/1`)).toBe(false);
    expect(file.isAllowed(`HTTP://127.0.0.1:${port}/drafts/1`)).toBe(false); // not the canonical spelling: parsed
    expect(file.isAllowed(`http://user@127.0.0.1:${port}/drafts/1`)).toBe(false);
    expect(file.isAllowed(`${b.base}/page/1`)).toBe(true); // b not cached yet
    await finder.find(`${b.base}/`);
    expect(file.isAllowed(`${b.base}/page/1`)).toBe(false); // b's rules, through a's file
    expect(file.isAllowed('not a url')).toBe(true);
    expect(file.isAllowed(`${a.base}/drafts/1`, 'OtherBot')).toBe(true); // OtherBot: the * group
    expect(file.isAllowed(`${a.base}/private/1`, 'OtherBot')).toBe(false);
  });

  it('explains with the rule as written and formats it for logs', async () => {
    const finder = createRobotsTxtFinder({ userAgent: `${SITE_BOT}/3.0` });
    const d = await finder.explain(`${a.base}/list?sort=asc`);
    expect(d).toMatchObject({ allowed: false, reason: 'rule', group: 'specific', rule: { line: 9, kind: 'disallow', pattern: '/*?sort=' } });
    expect(describeDecision(d)).toBe(`disallowed by ${a.base}/robots.txt: line 9: Disallow: /*?sort=`);
    const none = await finder.explain(`${a.base}/page/1`);
    expect(none).toMatchObject({ allowed: true, reason: 'no-rule', rule: undefined });
    expect(describeDecision(none)).toBe(`allowed by ${a.base}/robots.txt: ${OUTCOME_MESSAGES['no-match']}`);
    // The rfc9309 /robots.txt allow is no rule matching: the log says which (the runtime's outcome).
    const self = await finder.explain(`${a.base}/%72obots.txt`);
    expect([self.outcome, describeDecision(self)]).toEqual(['robots-txt', `allowed by ${a.base}/robots.txt: ${OUTCOME_MESSAGES['robots-txt']}`]);
  });

  it("carries the runtime's outcome: an index.html allow also allows its folder, and no rule matching says so", async () => {
    b.setRobots({ status: 200, body: `User-agent: ${SITE_BOT}\nDisallow: /d/\nAllow: /d/index.html\n` });
    const finder = createRobotsTxtFinder({ userAgent: `${SITE_BOT}/3.0` });
    const d = await finder.explain(`${b.base}/d/`);
    expect(d).toMatchObject({ allowed: true, reason: 'rule', outcome: 'index-html', rule: { line: 3, kind: 'allow', pattern: '/d/index.html' } });
    expect(describeDecision(d)).toBe(`allowed by ${b.base}/robots.txt: line 3: Allow: /d/index.html, ${OUTCOME_MESSAGES['index-html']}`);
    expect(await finder.explain(`${b.base}/other`)).toMatchObject({ allowed: true, reason: 'no-rule', outcome: 'no-match' });
  });

  it('rejects a URL that is not http(s), and a userAgent without a product token', async () => {
    const finder = createRobotsTxtFinder({ userAgent: `${SITE_BOT}/3.0` });
    await expect(finder.find('ftp://127.0.0.1/x')).rejects.toThrow(TypeError);
    expect(() => createRobotsTxtFinder({ userAgent: '(compatible)' })).toThrow(/no product token/);
  });
});

describe('findRobotsTxtFile', () => {
  it('is RobotsTxtFile.find for robomata: the file of the URL\'s origin, with its sitemaps', async () => {
    const file = await findRobotsTxtFile(`${a.base}/some/page?q=1`, { userAgent: `${SITE_BOT}/1.0` });
    expect(file.getSitemaps()).toEqual([`${a.base}/sitemap.xml`]);
    expect(file.isAllowed(`${a.base}/private/public-note`)).toBe(true);
    expect(file.isAllowed(`${a.base}/private/2`)).toBe(false);
    expect(file.robomata).toMatchObject({ origin: a.base, httpStatus: 200, policy: 'rules', sourceUrl: `${a.base}/robots.txt` });
  });
});
