/**
 * Compares @robomata/robots-parser with the real robots-parser 3.0.1 on one robots.txt and sorts
 * every disagreement into one of the documented differences (README "Differences") by
 * counterfactuals: robots-parser is rerun on the file as robomata parsed it, and the URL path is
 * compared as each reads it. A disagreement no documented difference explains is 'unexplained'.
 */
import { createRequire } from 'node:module';
import { parseRobotsTxt } from '@robomata/compiler';
import type { ParsedRobots } from '@robomata/compiler';
import { createPrng } from '../../../bench/src/prng.js';
import { readMatchedPath } from '@robomata/runtime/testing';
import { robotsParser } from '../src/index.js';
import { productTokenOf } from '../src/robots-parser.js';
import { findProductToken } from '@robomata/runtime';
import type { Robot } from '../src/index.js';

/** The real robots-parser (CommonJS). */
export const realRobotsParser = createRequire(import.meta.url)('robots-parser') as (url: string, contents: string) => Robot;

/** Categories of the README's differences table, in the order a disagreement is tested against them. */
export const DIFFERENCES = [
  'agent-header',
  'truncated',
  'key-syntax',
  'group-boundary',
  'agent-token',
  'empty-group',
  'unicode-trim',
  'url-parsing',
  'robots-txt',
  'index-html',
  'encoding',
  'unexplained',
] as const;
export type Difference = (typeof DIFFERENCES)[number];

/** One disagreement on isAllowed. */
export interface Disagreement {
  readonly file: string;
  readonly ua: string | undefined;
  readonly url: string;
  readonly robomata: boolean | undefined;
  readonly robotsParser: boolean | undefined;
  readonly kind: Difference;
}

/** Per-file results of {@link compareFile}. */
export interface FileComparison {
  readonly checks: number;
  readonly disagreements: readonly Disagreement[];
  readonly sitemapsDiffer: boolean;
  readonly hostDiffers: boolean;
  /** User agents whose getCrawlDelay differs (not counting the header difference). */
  readonly crawlDelayDiffers: number;
  /** User agents whose getCrawlDelay differs only because robomata finds the crawler in a Mozilla header. */
  readonly crawlDelayHeaderDiffers: number;
}

/**
 * Returns the robots.txt as robomata parsed it, rewritten in the plainest syntax with every line
 * in place: user-agent and rule lines, and with `others` also every other directive and sitemap.
 */
function _rebuild(
  parsed: ParsedRobots,
  others: boolean,
  agentText: (value: string, token: string, global: boolean) => string,
): string {
  const lines = new Array<string>(parsed.lineCount).fill('');
  if (others) {
    for (const d of parsed.others) lines[d.line - 1] = `${d.key}: ${d.value}`;
    for (const m of parsed.sitemaps) lines[m.line - 1] = `Sitemap: ${m.url}`;
    for (const g of parsed.groups) {
      for (const p of g.preferences) {
        lines[p.line - 1] = `${p.kind === 'usage' ? 'Content-Usage' : 'Content-Signal'}: ${p.path === '' ? '' : `${p.path} `}${p.preference}`;
      }
    }
  }
  for (const g of parsed.groups) {
    for (const a of g.agents) lines[a.line - 1] = `User-agent: ${agentText(a.value, a.token, a.global)}`;
    for (const r of g.rules) lines[r.line - 1] = `${r.kind === 'allow' ? 'Allow' : 'Disallow'}: ${r.pattern}`;
  }
  return lines.join('\n');
}

const _TAILS = ['', 'x', '/', '?a=1', '.html', '%7E', '%2f', 'é', '#frag', ' b', '/../c'];

/** Returns absolute and relative URLs built from the file's own rules (seeded by its name), plus fixed ones. */
export function urlsForFile(text: string, host: string, count: number): string[] {
  const values = [...text.matchAll(/^[ \t]*(?:dis)?allow[ \t]*:[ \t]*([^\r\n#]*)/gim)].map((m) => (m[1] ?? '').trim()).filter((v) => v !== '');
  let seed = 0;
  for (let i = 0; i < host.length; i++) seed = Math.imul(seed ^ host.charCodeAt(i), 0x01000193);
  const prng = createPrng(seed);
  const rand = prng.next;
  const pick = <T>(xs: readonly T[]): T => prng.pick(xs);
  const urls = ['/', '/robots.txt', `https://${host}/`, `https://${host}:443/index.html`, `http://${host}/`, 'https://other.example/'];
  for (let k = 0; urls.length < count && values.length > 0 && k < count * 4; k++) {
    let v = pick(values).replace(/\$$/, '').replace(/\*/g, () => pick(['', 'a', 'x/y', '?q=']));
    if (!v.startsWith('/')) v = '/' + v;
    if (rand() < 0.2) v = v.slice(0, Math.max(1, v.length - 1));
    v += pick(_TAILS);
    urls.push(rand() < 0.7 ? `https://${host}${v}` : v);
  }
  return urls;
}

/** Returns the User-Agent strings a file is checked with: default, its first two tokens as headers, Googlebot's header, an unknown bot. */
export function userAgentsForFile(text: string): (string | undefined)[] {
  const tokens = [...text.matchAll(/^[ \t]*user-agent[ \t]*:[ \t]*([A-Za-z_-]+)/gim)].map((m) => m[1] as string);
  return [undefined, ...[...new Set(tokens)].slice(0, 2).map((t) => `${t}/1.0`), 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)', 'Googlebot/2.1', 'UnknownBot/1.0'];
}

/** Returns the path and query robots-parser matches (WHATWG URL against its base), or undefined. */
function _whatwgPath(url: string): string | undefined {
  try {
    const u = new URL(url, 'http://robots-relative.samclarke.com/');
    return u.pathname + u.search;
  } catch {
    return undefined;
  }
}

/** Compares the two on one file: isAllowed for every (UA, URL), and the file-level getters. */
export function compareFile(file: string, text: string, urlCount: number): FileComparison {
  const origin = `https://${file}/robots.txt`;
  const ours = robotsParser(origin, text);
  const theirs = realRobotsParser(origin, text);
  const parsed = parseRobotsTxt(text);
  let full: Robot | undefined;
  let lines: Robot | undefined;
  let tokens: Robot | undefined;
  const disagreements: Disagreement[] = [];
  let checks = 0;
  let crawlDelayDiffers = 0;
  let crawlDelayHeaderDiffers = 0;
  const uas = userAgentsForFile(text);
  for (const ua of uas) {
    // robots-parser 3.0.1 cuts `Mozilla/5.0 (compatible; Googlebot/2.1)` to `mozilla`; robomata
    // finds `Googlebot` (the header difference): rerun robots-parser with robomata's token.
    const header = ua !== undefined && /^\s*(?:mozilla|opera)\//i.test(ua) && findProductToken(ua).recognised ? findProductToken(ua).token : undefined;
    if (ours.getCrawlDelay(ua) !== theirs.getCrawlDelay(ua)) {
      if (header !== undefined && ours.getCrawlDelay(ua) === theirs.getCrawlDelay(header)) crawlDelayHeaderDiffers++;
      else crawlDelayDiffers++;
    }
    for (const url of urlsForFile(text, file, urlCount)) {
      checks++;
      const a = ours.isAllowed(url, ua);
      const b = theirs.isAllowed(url, ua);
      if (a === b) continue;
      // Counterfactuals: robots-parser on every line robomata read, in the plainest syntax; on
      // its user-agent and rule lines alone; and on those with user-agents cut to product tokens.
      full ??= realRobotsParser(origin, _rebuild(parsed, true, (value) => value));
      lines ??= realRobotsParser(origin, _rebuild(parsed, false, (value) => value));
      tokens ??= realRobotsParser(origin, _rebuild(parsed, false, (_v, token, global) => (global ? '*' : token)));
      let kind: Difference;
      if (header !== undefined && theirs.isAllowed(url, header) === a) kind = 'agent-header';
      else if (full.isAllowed(url, ua) === a) kind = parsed.truncated ? 'truncated' : 'key-syntax';
      else if (lines.isAllowed(url, ua) === a) kind = 'group-boundary';
      else if (tokens.isAllowed(url, ua) === a) kind = 'agent-token';
      else if (_unicodeTrimmed(parsed, [ours.getMatchingLineNumber(url, ua), theirs.getMatchingLineNumber(url, ua)])) kind = 'unicode-trim';
      else kind = _matchingDifference(ours, url, ua, _patternsOn(parsed, [ours.getMatchingLineNumber(url, ua), theirs.getMatchingLineNumber(url, ua)]));
      disagreements.push({ file, ua, url, robomata: a, robotsParser: b, kind });
    }
  }
  const hostDiffers = ours.getPreferredHost() !== theirs.getPreferredHost();
  const sitemapsDiffer = JSON.stringify(ours.getSitemaps()) !== JSON.stringify(theirs.getSitemaps());
  return { checks, disagreements, sitemapsDiffer, hostDiffers, crawlDelayDiffers, crawlDelayHeaderDiffers };
}

/** Returns the patterns of the rules on `lines`. */
function _patternsOn(parsed: ParsedRobots, lines: readonly number[]): string[] {
  return parsed.groups.flatMap((g) => g.rules.filter((r) => lines.includes(r.line)).map((r) => r.pattern));
}

/** Characters encodeURI leaves alone: anything else in a path or pattern is compared differently. */
const _ENCODE_URI_KEEPS = /^[A-Za-z0-9;,/?:@&=+$\-_.!~*'()#]*$/;

/** Returns true when the rule on one of `lines` has a pattern that JavaScript's trim() would shorten. */
function _unicodeTrimmed(parsed: ParsedRobots, lines: readonly number[]): boolean {
  return parsed.groups.some((g) => g.rules.some((r) => lines.includes(r.line) && r.pattern.trim() !== r.pattern));
}

/** Sorts a disagreement both sides read the same rules for: URL parsing, /robots.txt, index.html, encoding. */
function _matchingDifference(ours: ReturnType<typeof robotsParser>, url: string, ua: string | undefined, patterns: readonly string[]): Difference {
  const rules = ours.robots.agent(productTokenOf(ua ?? '*'));
  if (rules.selection === 'specific' && ours.robots.describeGroup(rules.groupIndex).ruleIds.length === 0) return 'empty-group';
  const raw = readMatchedPath(url, false);
  const whatwg = _whatwgPath(url);
  if (whatwg !== undefined && whatwg !== raw && decodeURIComponentSafe(whatwg) !== decodeURIComponentSafe(raw)) return 'url-parsing';
  const id = rules.decide(url);
  if (id < 0 && /^\/robots\.txt(?:\?|$)/.test(raw)) return 'robots-txt';
  if (id >= 0) {
    const rule = ours.robots.rule(id);
    const pattern = rule.pattern ?? '';
    if (rule.kind === 'allow' && /\/index\.htm[^/]*$/.test(pattern) && !raw.includes(pattern)) return 'index-html';
  }
  if ([raw, whatwg ?? '', ...patterns].some((s) => !_ENCODE_URI_KEEPS.test(s))) return 'encoding';
  return 'unexplained';
}

/** Returns `s` percent-decoded, or `s` when it is not valid percent-encoding. */
function decodeURIComponentSafe(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}
