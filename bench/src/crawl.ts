/**
 * The workloads crawlers have: a cold host (robots.txt bytes to the answers
 * for one URL batch, everything included) and new URLs (each URL checked once against a freshly
 * loaded artifact). Both against robots-parser doing the same work (parse + checks); answers
 * are compared with the compiled path's before anything is timed.
 */
import { compile } from '@robomata/compiler';
import { loadRobots } from '@robomata/runtime';
import { medianOf } from './measure.js';
import { parseWithRobotsParser } from './strategies.js';
import type { BenchProfile } from './strategies.js';
import type { HostCase } from './workload.js';

/** One crawler-shaped measurement: robomata's and robots-parser's total time over the hosts. */
export interface CrawlResult {
  readonly id: 'cold-host' | 'cold-host-scoped' | 'new-urls' | 'new-urls-wildcard';
  readonly title: string;
  readonly hosts: number;
  readonly checks: number;
  /** Sum over hosts of the median (over rounds) of robomata's time, microseconds. */
  readonly robomataUs: number;
  readonly robotsParserUs: number;
  /** robomata / robots-parser. */
  readonly ratio: number;
}

/** The crawler of a host: its last agent (a random crawler name, or the group's own token). */
function _crawler(h: HostCase): string {
  return h.agents[h.agents.length - 1] ?? '*';
}

/** Work on one host: an untimed set-up that returns the timed part (which returns a sink). */
type _HostWork = (h: HostCase, i: number) => () => number;

/**
 * Returns the sums over hosts of the median (over `rounds` interleaved rounds) of the timed part
 * of `a` and of `b`, in microseconds.
 */
function _timeHosts(hosts: readonly HostCase[], rounds: number, a: _HostWork, b: _HostWork): { a: number; b: number } {
  const ta: number[][] = hosts.map(() => []);
  const tb: number[][] = hosts.map(() => []);
  let sink = 0;
  const time = (run: () => number, into: number[]): void => {
    const t0 = performance.now();
    sink += run();
    into.push(performance.now() - t0);
  };
  for (let r = 0; r < rounds; r++) {
    hosts.forEach((h, i) => {
      time(a(h, i), ta[i] as number[]);
      time(b(h, i), tb[i] as number[]);
    });
  }
  if (sink < 0) throw new Error('unreachable');
  const sum = (t: number[][]): number => t.reduce((s, x) => s + medianOf(x), 0) * 1000;
  return { a: sum(ta), b: sum(tb) };
}

/** Returns how many of `urls` are allowed (a sink that keeps the checks alive). */
function _count(urls: readonly string[], allowed: (url: string) => boolean): number {
  let n = 0;
  for (const url of urls) if (allowed(url)) n++;
  return n;
}

/**
 * Returns the cold-host measurement: per host, robots.txt text to the answers for its URL batch
 * (robomata: compile + load + agent + checks; robots-parser: parse + checks), optionally with
 * the compile scoped to the crawler (`agents`). O(hosts x rounds x (compile + batch)).
 */
export function measureColdHosts(hosts: readonly HostCase[], profile: BenchProfile, rounds: number, scoped: boolean): CrawlResult {
  const robomata: _HostWork = (h) => () => {
    const agent = _crawler(h);
    const options = scoped && agent !== '*' ? { profile, maxBytes: h.maxBytes, agents: [agent] } : { profile, maxBytes: h.maxBytes };
    const rules = loadRobots(compile(h.text, options)).agent(agent);
    return _count(h.urls, (u) => rules.isAllowed(u));
  };
  const robotsParser: _HostWork = (h) => () => {
    const rp = parseWithRobotsParser(h.robotsUrl, h.text);
    const agent = _crawler(h);
    return _count(h.urls, (u) => rp.isAllowed(u, agent) !== false);
  };
  const t = _timeHosts(hosts, rounds, robomata, robotsParser);
  const checks = hosts.reduce((s, h) => s + h.urls.length, 0);
  return {
    id: scoped ? 'cold-host-scoped' : 'cold-host',
    title: `Cold host${scoped ? ', compile scoped to the crawler (agents option)' : ''}: robots.txt to answers for ${Math.round(checks / Math.max(1, hosts.length))} URLs, ${hosts.length} hosts`,
    hosts: hosts.length,
    checks,
    robomataUs: t.a,
    robotsParserUs: t.b,
    ratio: t.a / t.b,
  };
}

/**
 * Returns the new-URL measurement: per host, each URL checked once against a freshly loaded
 * artifact (robomata) or a freshly parsed robots-parser object; only the checks are timed.
 */
export function measureNewUrls(hosts: readonly HostCase[], profile: BenchProfile, rounds: number, id: 'new-urls' | 'new-urls-wildcard', title: string): CrawlResult {
  const artifacts = hosts.map((h) => compile(h.text, { profile, maxBytes: h.maxBytes }));
  const robomata: _HostWork = (h, i) => {
    const rules = loadRobots(artifacts[i] as Uint8Array).agent(_crawler(h));
    return () => _count(h.urls, (u) => rules.isAllowed(u));
  };
  const robotsParser: _HostWork = (h) => {
    const rp = parseWithRobotsParser(h.robotsUrl, h.text);
    const agent = _crawler(h);
    return () => _count(h.urls, (u) => rp.isAllowed(u, agent) !== false);
  };
  const t = _timeHosts(hosts, rounds, robomata, robotsParser);
  const checks = hosts.reduce((s, h) => s + h.urls.length, 0);
  const a = t.a;
  const b = t.b;
  return { id, title, hosts: hosts.length, checks, robomataUs: a, robotsParserUs: b, ratio: a / b };
}
