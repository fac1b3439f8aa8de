/**
 * End-to-end tests of the built playground in headless Chromium (Debian's `chromium`, driven by
 * playwright-core). Expected answers come from the engine in this process: the page must show
 * exactly what `compileRobots(...).agent(token).decide(url)` and `parseRobotsTxt` say.
 */
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { compileRobots, parseRobotsTxt } from '@robomata/compiler';
import { describeDecision, extractProductToken, type Profile } from '@robomata/runtime';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { graphOf } from '../../src/automaton-graph.js';
import { makeLargeRobotsTxt, LARGE_EXAMPLE_BYTES } from '../../src/examples.js';
import { DIST_DIR, launchChromium, maySkipBrowserTests, serveStatic, type StaticServer } from './harness.js';

const ARTIFACTS = new URL('../artifacts/', import.meta.url);
/** The tracked picture in the playground's README, rewritten by the shop-example test. */
const SCREENSHOT = fileURLToPath(new URL('../../screenshot.png', import.meta.url));
/**
 * Most analyses requested while the test types its keys into the 500 KiB file: the edit
 * debounce (120 ms plus 1 ms per KB) sends none per key, one when typing pauses; 3 leaves room for
 * a pause a loaded machine puts between two keys, far below one per key (31). Work, not time: the
 * latency is logged for the reader, the bench owns speed.
 */
const MAX_REQUESTS_WHILE_TYPING = 3;
/** How long typeTimed waits for the last keys' frames (printed only; CI took over 30 s once under load). */
const LATENCY_WAIT_MS = 20_000;

interface Row {
  readonly url: string;
  readonly agent: string;
  readonly verdict: string;
  readonly line: number;
}

let server: StaticServer;
let browser: Browser;

/** Opens the playground (optionally at a shared-link fragment) and waits for its analysis. */
async function openPage(hash = '', viewport = { width: 1400, height: 1000 }): Promise<Page> {
  const page = await browser.newPage({ viewport });
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(server.url + hash);
  await waitReady(page);
  expect(errors).toEqual([]);
  return page;
}

/** Waits until the page shows the analysis of its current inputs. */
async function waitReady(page: Page, timeout = 20_000): Promise<void> {
  await page.waitForSelector('body[data-status="ready"]', { timeout });
}

/** Returns the verdict table as rows. */
async function readRows(page: Page): Promise<Row[]> {
  return page.$$eval('#results tbody tr', (trs) =>
    trs.map((tr) => {
      const d = (tr as HTMLElement).dataset;
      return { url: d['url'] ?? '', agent: d['agent'] ?? '', verdict: d['verdict'] ?? '', line: Number(d['line']) };
    }),
  );
}

/** Returns the rows the runtime gives: per URL, per agent, verdict and deciding line (0: none). */
function expectedRows(robotsTxt: string, profile: Profile, agents: readonly string[], urls: readonly string[]): Row[] {
  const robots = compileRobots(robotsTxt, { profile });
  const rows: Row[] = [];
  for (const url of urls) {
    for (const agent of agents) {
      const id = robots.agent(extractProductToken(agent)).decide(url);
      const rule = id < 0 ? undefined : robots.rule(id);
      rows.push({ url, agent, verdict: rule === undefined || rule.kind === 'allow' ? 'allowed' : 'disallowed', line: rule?.line ?? 0 });
    }
  }
  return rows;
}

/** Fills the agents and URL fields and waits for the analysis. */
async function fillInputs(page: Page, agents: readonly string[], urls: readonly string[]): Promise<void> {
  await page.fill('#agents', agents.join('\n'));
  await page.fill('#urls', urls.join('\n'));
  await waitReady(page);
}

/** Returns the editor's whole text (it draws only the lines in view). */
async function editorText(page: Page): Promise<string> {
  return page.evaluate(() => (window as unknown as { robomataPlayground: { text(): string } }).robomataPlayground.text());
}

/** Replaces the editor's text as a paste would (one input). */
async function pasteText(page: Page, text: string): Promise<void> {
  await page.click('.cm-content');
  await page.keyboard.press('Control+A');
  await page.keyboard.insertText(text);
}

/**
 * Types `text` key by key and returns each key's time from keydown to the next frame, in ms.
 * The latencies are printed for the reader, never asserted (time belongs to the bench): on a
 * loaded machine some frames come late, so this waits at most LATENCY_WAIT_MS for them and
 * returns the ones that arrived.
 */
async function typeTimed(page: Page, text: string): Promise<number[]> {
  await page.evaluate(() => {
    const w = window as unknown as { latencies: number[]; timing?: boolean };
    w.latencies = [];
    if (w.timing === true) return;
    w.timing = true;
    document.querySelector('.cm-content')?.addEventListener('keydown', (e) => {
      const t0 = e.timeStamp;
      requestAnimationFrame(() => setTimeout(() => w.latencies.push(performance.now() - t0), 0));
    });
  });
  await page.keyboard.type(text, { delay: 25 });
  await page
    .waitForFunction((n) => (window as unknown as { latencies: number[] }).latencies.length >= n, text.length, { timeout: LATENCY_WAIT_MS })
    .catch(() => undefined);
  return page.evaluate(() => (window as unknown as { latencies: number[] }).latencies.slice());
}

/** Returns the median of `values`. */
function median(values: readonly number[]): number {
  return [...values].sort((a, b) => a - b)[values.length >> 1] as number;
}

describe.skipIf(maySkipBrowserTests())('playground in Chromium', () => {
  beforeAll(async () => {
    server = await serveStatic(DIST_DIR);
    browser = await launchChromium();
  });
  
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  test('typed robots.txt and URLs: verdicts and deciding lines match the runtime; a click jumps to the line', async () => {
    const page = await openPage();
    const robotsTxt = 'User-agent: FooBot\nDisallow: /private\nAllow: /private/ok\n\nUser-agent: *\nDisallow: /*.pdf$\nDisallow: /tmp/\n';
    await page.click('.cm-content');
    await page.keyboard.press('Control+A');
    await page.keyboard.press('Delete');
    await page.keyboard.type(robotsTxt);
    const agents = ['FooBot/1.2 (+https://foo.example)', 'OtherBot'];
    const urls = ['https://example.com/private/x', 'https://example.com/private/ok/1', '/docs/a.pdf', '/docs/a.pdf?x', '/tmp/file', '/'];
    await fillInputs(page, agents, urls);
    expect(await editorText(page)).toBe(robotsTxt);
    const expected = expectedRows(robotsTxt, 'rfc9309', agents, urls);
    expect(expected.filter((r) => r.verdict === 'disallowed').length).toBeGreaterThan(1);
    expect(await readRows(page)).toEqual(expected);
    // What decided, in the runtime's one sentence (describeDecision of its decision).
    const robots = compileRobots(robotsTxt);
    expect(await page.$$eval('#results tbody td.rule', (tds) => tds.map((td) => td.textContent ?? ''))).toEqual(
      urls.flatMap((url) => agents.map((agent) => describeDecision(robots.explain(url, agent)))),
    );
    // The group choice and why: FooBot's own group (token cut from the header), OtherBot the * group.
    expect(await page.textContent('#agent-groups li[data-agent^="FooBot"]')).toContain('its own group');
    expect(await page.textContent('#agent-groups li[data-agent="OtherBot"]')).toContain('the * group');
    const target = expected.find((r) => r.verdict === 'disallowed' && r.agent === 'OtherBot') as Row;
    await page.click(`#results tbody tr[data-url="${target.url}"][data-agent="OtherBot"]`);
    await page.waitForSelector(`.cm-line.selected.cm-activeLine[data-line="${target.line}"]`);
    expect(await page.getAttribute(`.cm-line[data-line="${target.line}"]`, 'class')).toContain('decides-disallow');
    await page.close();
  });

  test('switching the profile changes the verdicts as the runtime does', async () => {
    const page = await openPage();
    const robotsTxt = 'User-agent: *\nDisallow: /\nAllow: /%7Euser/\n';
    await pasteText(page, robotsTxt);
    const agents = ['AnyBot'];
    const urls = ['/robots.txt', '/~user/page', '/%7Euser/page', '/other'];
    await fillInputs(page, agents, urls);
    const rfc = expectedRows(robotsTxt, 'rfc9309', agents, urls);
    const google = expectedRows(robotsTxt, 'google', agents, urls);
    expect(google).not.toEqual(rfc); // the case must tell the profiles apart
    expect(await readRows(page)).toEqual(rfc);
    await page.selectOption('#profile', 'google');
    await waitReady(page);
    expect(await readRows(page)).toEqual(google);
    await page.selectOption('#profile', 'rfc9309');
    await waitReady(page);
    expect(await readRows(page)).toEqual(rfc);
    await page.close();
  });

  test('a shared link reproduces the whole state in a fresh browser context', async () => {
    const page = await openPage();
    const robotsTxt = 'User-agent: a-bot\nDisallow: /a\n\nUser-agent: b-bot\nDisallow: /b\nAllow: /b/ok\n# ünïcödé comment\n';
    await pasteText(page, robotsTxt);
    await fillInputs(page, ['a-bot', 'b-bot'], ['/a/1', '/b/ok/2', '/b/3']);
    await page.selectOption('#profile', 'google');
    await page.selectOption('#graph-agent', { index: 1 });
    await waitReady(page);
    await page.click('#copy-link');
    await page.waitForFunction(() => location.hash.startsWith('#s=') && document.getElementById('status')?.textContent?.includes('link'));
    const link = page.url();
    const before = await readRows(page);
    const caption = await page.textContent('#graph-summary');
    await page.close();

    const context = await browser.newContext();
    const shared = await context.newPage();
    await shared.goto(link);
    await waitReady(shared);
    expect(await editorText(shared)).toBe(robotsTxt);
    expect(await shared.$eval('#agents', (t) => (t as HTMLTextAreaElement).value)).toBe('a-bot\nb-bot');
    expect(await shared.$eval('#urls', (t) => (t as HTMLTextAreaElement).value)).toBe('/a/1\n/b/ok/2\n/b/3');
    expect(await shared.$eval('#profile', (s) => (s as HTMLSelectElement).value)).toBe('google');
    expect(await shared.$eval('#graph-agent', (s) => (s as HTMLSelectElement).selectedIndex)).toBe(1);
    expect(await readRows(shared)).toEqual(before);
    expect(before).toEqual(expectedRows(robotsTxt, 'google', ['a-bot', 'b-bot'], ['/a/1', '/b/ok/2', '/b/3']));
    expect(await shared.textContent('#graph-summary')).toBe(caption);
    await context.close();
  });

  test('lint diagnostics appear on their lines, as parseRobotsTxt reports them, for typed and dropped files', async () => {
    const page = await openPage();
    const robotsTxt = 'User-agent: *\nDissallow: /tmp/\nDisallow /nocolon\nCrawl-delay: soon\nAllow: nopath\nFrobnicate: yes\nDisallow: /fine\n';
    await pasteText(page, robotsTxt);
    await waitReady(page);
    const diagnostics = parseRobotsTxt(robotsTxt).diagnostics;
    expect(new Set(diagnostics.map((d) => d.line)).size).toBeGreaterThanOrEqual(5);
    for (const d of diagnostics) {
      expect(await page.getAttribute(`.cm-diag[data-line="${d.line}"]`, 'class')).toMatch(/diag-(error|warning|info)/);
      expect(await page.$(`#diagnostics li[data-line="${d.line}"][data-code="${d.code}"]`)).not.toBeNull();
      expect(await page.getAttribute(`.cm-line[data-line="${d.line}"]`, 'class')).toMatch(/diag-(error|warning|info)/);
    }
    const clean = [1, 7].filter((line) => !diagnostics.some((d) => d.line === line));
    expect(clean).toEqual([1, 7]);
    for (const line of clean) {
      expect(await page.$(`.cm-diag[data-line="${line}"]`)).toBeNull();
      expect(await page.getAttribute(`.cm-line[data-line="${line}"]`, 'class')).not.toMatch(/diag-/);
    }
    expect(await page.$$eval('#diagnostics li', (lis) => lis.length)).toBe(diagnostics.length);
    // Typing a fix removes the mark: line 2 becomes a correct Disallow.
    await pasteText(page, robotsTxt.replace('Dissallow', 'Disallow'));
    await waitReady(page);
    expect(await page.$('.cm-diag[data-line="2"]')).toBeNull();
    // A dropped file replaces the text and is linted the same way.
    const dropped = 'User-agent: *\nDisalow: /x\n';
    await page.evaluate((text) => {
      const data = new DataTransfer();
      data.items.add(new File([text], 'robots.txt', { type: 'text/plain' }));
      document.querySelector('.cm-content')?.dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }));
    }, dropped);
    await page.waitForFunction((text) => (window as unknown as { robomataPlayground: { text(): string } }).robomataPlayground.text() === text, dropped);
    await waitReady(page);
    const droppedDiagnostics = parseRobotsTxt(dropped).diagnostics;
    expect(droppedDiagnostics.map((d) => d.line)).toEqual([2]);
    expect(await page.getAttribute('.cm-diag[data-line="2"]', 'class')).toMatch(/diag-/);
    await page.close();
  });

  test('AI preferences: the AI crawlers panel by kind, the usage column and lint marks, as the runtime says', async () => {
    const page = await openPage();
    await page.selectOption('#example', 'ai-preferences');
    await waitReady(page);
    const robotsTxt = await editorText(page);
    expect(robotsTxt).toContain('Content-Usage: /ai-ok/ train-ai=y');
    const robots = compileRobots(robotsTxt);
    // The verdict table gains its AI preferences column, each cell the runtime's answers.
    expect(await page.isVisible('#usage-head')).toBe(true);
    for (const [agent, url, prefs] of [['ClaudeBot', '/test', 'train-ai=n · ai-train=no · search=yes'], ['ClaudeBot', '/never/test', ''], ['ExampleBot', '/never/test', 'train-ai=y']] as const) {
      expect(await page.getAttribute(`#results tbody tr[data-agent="${agent}"][data-url="${url}"]`, 'data-preferences')).toBe(prefs);
      expect(robots.agent(agent).usage(url, 'train-ai') ?? null).toBe(prefs.includes('train-ai=') ? prefs.match(/train-ai=(.)/)![1] : null);
    }
    // The panel: four kinds, 166 crawlers, each cell the runtime's verdict for its URL.
    await page.click('#ai-crawlers summary');
    expect(await page.$$eval('#ai-kinds section', (ss) => ss.map((s) => (s as HTMLElement).dataset['kind']))).toEqual(['training', 'ai-search', 'assistant', 'other']);
    const cells = await page.$$eval('#ai-kinds tbody tr', (trs) => trs.flatMap((tr) => [...tr.querySelectorAll('td[data-url]')].map((td) => ({
      agent: (tr as HTMLElement).dataset['agent'] ?? '', url: (td as HTMLElement).dataset['url'] ?? '', verdict: (td as HTMLElement).dataset['verdict'] ?? '',
    }))));
    expect(cells.length).toBe(166 * 3);
    for (const c of cells) expect(c.verdict, `${c.agent} ${c.url}`).toBe(robots.agent(c.agent).isAllowed(c.url) ? 'allowed' : 'blocked');
    expect(await page.getAttribute('#ai-kinds tr[data-agent="GPTBot"]', 'data-group')).toBe('gptbot');
    expect(await page.getAttribute('#ai-kinds tr[data-agent="ClaudeBot"] td[data-url="/test"]', 'data-preferences')).toBe('train-ai=n · ai-train=no · search=yes');
    expect(await page.textContent('#ai-kinds tr[data-agent="AI2Bot"] td.crawler')).toContain('⚠');
    expect(await page.textContent('#ai-summary')).toContain('1 of 166 blocked at /test');
    // Lint marks for preference lines, on their lines.
    await pasteText(page, 'User-agent: *\nContent-Usage: Train-AI=n\nContent-Usage: ai=n\nContent-Signal: ai-train=n\n');
    await waitReady(page);
    for (const [line, code] of [[2, 'uppercase-preference-key'], [3, 'retired-category'], [4, 'wrong-answer-word']] as const) {
      expect(await page.$(`#diagnostics li[data-line="${line}"][data-code="${code}"]`)).not.toBeNull();
      expect(await page.getAttribute(`.cm-diag[data-line="${line}"]`, 'class')).toMatch(/diag-warning/);
    }
    await page.close();
  });

  test('the shop example: warnings, directives, automaton, and the screenshot', async () => {
    const page = await openPage();
    const graphLines = await page.$$eval('#graph svg text.caption', (ts) => ts.map((t) => Number((t as SVGElement).dataset['line'])));
    const robots = compileRobots(await editorText(page));
    const graph = graphOf(robots, robots.agent('Googlebot').groupIndex, 150);
    const deciding = new Set(graph.nodes.flatMap((n) => n.decides.map((d) => robots.rule(d.ruleId).line)));
    expect(new Set(graphLines)).toEqual(deciding);
    // Literal rules decide at trie states; the wildcard rules are listed as segment scans.
    expect(deciding).toEqual(new Set([7, 10, 11]));
    const scanned = new Set(graph.scans.map((s) => robots.rule(s.ruleId).line));
    expect(scanned).toEqual(new Set([8, 9]));
    expect(new Set(await page.$$eval('#graph ul.scans li', (lis) => lis.map((li) => Number((li as HTMLElement).dataset['line']))))).toEqual(scanned);
    expect(await page.$$eval('#sitemaps li', (lis) => lis.map((li) => li.textContent))).toEqual([
      'line 3 https://shop.example.com/sitemap.xml',
      'line 32 https://shop.example.com/sitemap-products.xml',
    ]);
    expect(await page.textContent('#agent-groups li[data-agent="ExampleBot"]')).toContain('crawl-delay 5 s');
    mkdirSync(ARTIFACTS, { recursive: true });
    await page.screenshot({ path: new URL('playground.png', ARTIFACTS).pathname, fullPage: true });
    // The README's picture: regenerated by this test, so it always shows today's engine (the
    // compile time is left out of it, so that an unchanged page gives the same bytes).
    await page.evaluate(() => {
      const status = document.getElementById('status') as HTMLElement;
      status.textContent = (status.textContent ?? '').replace(/, compiled in \d+ ms/, '');
    });
    await page.screenshot({ path: SCREENSHOT });
    await page.selectOption('#example', 'html');
    await waitReady(page);
    expect(await page.getAttribute('#warnings .warning', 'data-kind')).toBe('html');
    // An HTML page's "key: value" lines (<title>Not: found</title>) are not listed as directives.
    const others = await page.$$eval('#others li', (lis) => lis.map((li) => li.textContent ?? ''));
    expect(others).toHaveLength(1);
    expect(others[0]).toMatch(/^not listed: the body is an HTML page, not a robots\.txt/);
    expect(others.join('')).not.toContain('<');
    await page.close();
  });

  test('a damaged shared link is reported and stays reported after the example loads', async () => {
    const page = await openPage('#s=garbage!!');
    await page.waitForTimeout(1_000); // the status line is rewritten ~350 ms after loading
    expect(await page.isVisible('#link-error')).toBe(true);
    expect(await page.textContent('#link-error')).toMatch(/the shared link is damaged .*not loaded\. The first example is shown instead\./);
    expect(await page.getAttribute('#link-error', 'role')).toBe('alert');
    // Choosing an example dismisses it; a good link does too.
    await page.selectOption('#example', 'html');
    await waitReady(page);
    expect(await page.isVisible('#link-error')).toBe(false);
    await page.close();
  });

  test('layout: whole rows in the verdict box, URLs wrap at width not per character, a long User-Agent keeps the pane narrow', async () => {
    const page = await openPage('', { width: 1100, height: 800 });
    const longAgent =
      'Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
    const chrome = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';
    const urls = Array.from({ length: 40 }, (_, i) => `https://shop.example.com/checkout/step-${i}/with/a/rather/long/path/that/wraps?session=${'x'.repeat(i)}`);
    await fillInputs(page, [longAgent, chrome], urls);
    // The verdict box ends at a row's bottom: no row straddles its lower edge.
    const cut = await page.$eval('.table-wrap', (wrap) => {
      const box = wrap.getBoundingClientRect();
      const bottom = box.top + wrap.clientTop + wrap.clientHeight;
      return Array.from(wrap.querySelectorAll('tbody tr')).filter((tr) => {
        const r = tr.getBoundingClientRect();
        return r.top < bottom - 1 && r.bottom > bottom + 1;
      }).length;
    });
    expect(await page.$eval('.table-wrap', (w) => w.scrollHeight > w.clientHeight)).toBe(true);
    expect(cut).toBe(0);
    // The URL column keeps at least 18 characters: a URL does not wrap a few characters a line.
    const urlCell = await page.$eval('#results tbody td.url', (td) => {
      const style = getComputedStyle(td);
      const probe = document.createElement('span');
      probe.style.font = style.font;
      probe.textContent = 'x'.repeat(18);
      document.body.append(probe);
      const width = probe.getBoundingClientRect().width;
      probe.remove();
      const content = td.getBoundingClientRect().width - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      return { content, chars18: width };
    });
    expect(urlCell.content).toBeGreaterThanOrEqual(urlCell.chars18 - 0.5);
    // The automaton's crawler choice stays narrow, the right pane does not scroll sideways.
    const widths = await page.evaluate(() => ({
      select: (document.getElementById('graph-agent') as HTMLElement).getBoundingClientRect().width,
      pane: (document.getElementById('right') as HTMLElement).getBoundingClientRect().width,
      overflow: document.documentElement.scrollWidth - document.documentElement.clientWidth,
    }));
    expect(widths.select).toBeLessThan(widths.pane / 2);
    expect(widths.overflow).toBeLessThanOrEqual(0);
    // Which token each header was read as, and a warning for the browser header.
    expect(await page.textContent('#agent-groups li:nth-child(1)')).toContain('(token Googlebot)');
    expect(await page.textContent('#agent-groups li:nth-child(2)')).toContain('no crawler product token recognised');
    await page.close();
  });

  test('a 500 KiB robots.txt stays responsive while typing (debounced, compiled off the main thread), and its link opens', async () => {
    const page = await openPage();
    const typed = '\nDisallow: /typed-by-the-test/';
    // The baseline: the same keys typed at the end of the small example, in the same page.
    await page.click('.cm-content');
    await page.keyboard.press('Control+End');
    const small = await typeTimed(page, typed);
    await page.selectOption('#example', 'large');
    await waitReady(page, 30_000);
    const large = makeLargeRobotsTxt(LARGE_EXAMPLE_BYTES);
    expect(await editorText(page)).toBe(large);
    expect(large.length).toBeGreaterThan(LARGE_EXAMPLE_BYTES - 200);
    const agents = ['crawler-d', 'SomeBot'];
    const urls = ['/shop/cart-42/', '/media/x/print-7', '/static/a.tmp', '/blog-123', '/typed-by-the-test/x'];
    await fillInputs(page, agents, urls);
    await page.click('.cm-content');
    await page.keyboard.press('Control+End');
    // A comment brings the file to 10 bytes under the 512,000-byte limit; the typing crosses it
    // (the file ends with a line break, so the caret is on an empty last line).
    expect(large.endsWith('\n')).toBe(true);
    const filler = `#${'x'.repeat(LARGE_EXAMPLE_BYTES - 11 - large.length)}`;
    await page.keyboard.insertText(filler);
    type Work = { requests: number; started: number; terminated: number; onMainThread: number };
    const work = (): Promise<Work> => page.evaluate(() => (window as unknown as { robomataPlayground: { work(): Work } }).robomataPlayground.work());
    const before = await work();
    const big = await typeTimed(page, typed);
    const typing = await work();
    await waitReady(page, 30_000);
    const after = await work();
    const stats = (l: readonly number[]): string =>
      l.length === 0 ? 'no frames recorded' : `median ${median(l).toFixed(1)} ms, max ${Math.max(...l).toFixed(1)} ms over ${l.length} frames`;
    console.log(`input-to-frame latency over ${typed.length} keys: small file ${stats(small)}; 500 KiB file ${stats(big)}; analyses ${JSON.stringify(before)} -> ${JSON.stringify(after)}`);
    // The keys are debounced (no analysis per key) and every compile runs in the worker.
    expect(typing.requests - before.requests).toBeLessThanOrEqual(MAX_REQUESTS_WHILE_TYPING);
    expect(after.requests - before.requests).toBeGreaterThanOrEqual(1);
    expect(after.requests - before.requests).toBeLessThanOrEqual(MAX_REQUESTS_WHILE_TYPING + 1);
    expect(after.started).toBeLessThanOrEqual(after.requests);
    expect(after.onMainThread).toBe(0);
    // The typed text went past the 512,000-byte limit: the page says so, and agrees with the runtime.
    const text = large + filler + typed;
    expect(await editorText(page)).toBe(text);
    expect(new TextEncoder().encode(text).length).toBeGreaterThan(LARGE_EXAMPLE_BYTES);
    expect(await page.getAttribute('#warnings .warning', 'data-kind')).toBe('truncated');
    expect(await readRows(page)).toEqual(expectedRows(text, 'rfc9309', agents, urls));
    expect(await page.textContent('#status')).not.toContain('main thread');
    // A link to the 500 KiB state opens with the same text.
    await page.click('#copy-link');
    await page.waitForFunction(() => document.getElementById('status')?.textContent?.includes('link'));
    const link = page.url();
    expect(link.length).toBeGreaterThan(100_000);
    const shared = await browser.newPage();
    await shared.goto(link);
    await waitReady(shared, 30_000);
   expect(await editorText(shared)).toBe(text);
    await shared.close();
    await page.close();
  }, 180_000);
});
