/**
 * The workloads crawlers have: a cold host (robots.txt bytes to the answers
 * for one URL batch, everything included) and new URLs (each URL checked once against a freshly
 * loaded artifact). Both against robots-parser doing the same work (parse + checks); answers
 * are compared with the compiled path's before anything is timed.
 */
import { compile, compileRobots } from '@robomata/compiler';
import { loadRobots } from '@robomata/runtime';
import { tierOf, tierTuning } from '@robomata/runtime/testing';
import { medianOf } from './measure.js';
import { parseWithRobotsParser } from './strategies.js';
import type { BenchProfile } from './strategies.js';
import type { HostCase } from './workload.js';

/** One crawler-shaped measurement: robomata's and robots-parser's total time over the hosts. */
export interface CrawlResult {
  readonly id: 'cold-host' | 'cold-host-scoped' | 'cold-host-lazy' | 'new-urls' | 'new-urls-wildcard';
  readonly title: string;
  readonly hosts: number;
  readonly checks: number;
  /** Sum over hosts of the median (over rounds) of robomata's time, microseconds. */
  readonly robomataUs: number;
  readonly robotsParserUs: number;
  /** robomata / robots-parser. */
  readonly ratio: number;
}

/** Returns the crawler of a host: its last agent (a random crawler name, or the group's own token); `*` when it has none. O(1). */
export function pickCrawler(h: HostCase): string {
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

/** How the cold-host workload builds its rules: a full `compile` + `loadRobots`, one scoped to the crawler (`agents`), or `compileRobots` (groups built on first use). */
export type ColdHostMode = 'compile' | 'scoped' | 'compileRobots';

/**
 * Returns the cold-host measurement: per host, robots.txt text to the answers for its URL batch
 * (robomata: compile + load + agent + checks, as `mode` says; robots-parser: parse + checks).
 * O(hosts x rounds x (compile + batch)).
 */
export function measureColdHosts(hosts: readonly HostCase[], profile: BenchProfile, rounds: number, mode: ColdHostMode): CrawlResult {
  const robomata: _HostWork = (h) => () => {
    const agent = pickCrawler(h);
    const scoped = mode === 'scoped' && agent !== '*';
    const options = scoped ? { profile, maxBytes: h.maxBytes, agents: [agent] } : { profile, maxBytes: h.maxBytes };
    const rules = (mode === 'compileRobots' ? compileRobots(h.text, options) : loadRobots(compile(h.text, options))).agent(agent);
    return _count(h.urls, (u) => rules.isAllowed(u));
  };
  const robotsParser: _HostWork = (h) => () => {
    const rp = parseWithRobotsParser(h.robotsUrl, h.text);
    const agent = pickCrawler(h);
    return _count(h.urls, (u) => rp.isAllowed(u, agent) !== false);
  };
  const t = _timeHosts(hosts, rounds, robomata, robotsParser);
  const checks = hosts.reduce((s, h) => s + h.urls.length, 0);
  const how = mode === 'scoped' ? ', compile scoped to the crawler (agents option)' : mode === 'compileRobots' ? ' with compileRobots (groups built on first use)' : ', full compile + loadRobots';
  return {
    id: mode === 'scoped' ? 'cold-host-scoped' : mode === 'compileRobots' ? 'cold-host-lazy' : 'cold-host',
    title: `Cold host${how}: robots.txt to answers for ${Math.round(checks / Math.max(1, hosts.length))} URLs, ${hosts.length} hosts`,
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
    const rules = loadRobots(artifacts[i] as Uint8Array).agent(pickCrawler(h));
    return () => _count(h.urls, (u) => rules.isAllowed(u));
  };
  const robotsParser: _HostWork = (h) => {
    const rp = parseWithRobotsParser(h.robotsUrl, h.text);
    const agent = pickCrawler(h);
    return () => _count(h.urls, (u) => rp.isAllowed(u, agent) !== false);
  };
  const t = _timeHosts(hosts, rounds, robomata, robotsParser);
  const checks = hosts.reduce((s, h) => s + h.urls.length, 0);
  const a = t.a;
  const b = t.b;
  return { id, title, hosts: hosts.length, checks, robomataUs: a, robotsParserUs: b, ratio: a / b };
}

/** One point of the tier-up series: ns per check over the first `x` checks of a freshly loaded group, build included. */
export interface TierUpPoint {
  readonly x: number;
  /** Tier 1 from the first check (the automaton's build included). */
  readonly tierUpNs: number;
  /** Tier 0 only (tries and segment scan). */
  readonly stayBelowNs: number;
  /** The default threshold (tierTuning.threshold). */
  readonly defaultNs: number;
}

/**
 * Returns the series "checks per group before tier-up pays": for each `x`, per host, a freshly
 * loaded group answers `x` checks (its URLs cycled) with the automaton from the first check,
 * on tier 0 only, and with the default threshold; the figure is the sum over hosts of the
 * median over rounds, divided by the checks. Where the tier-up line falls under the tier-0
 * line is where building pays.
 */
export function measureTierUpSeries(hosts: readonly HostCase[], profile: BenchProfile, xs: readonly number[], rounds: number): TierUpPoint[] {
  const artifacts = hosts.map((h) => compile(h.text, { profile, maxBytes: h.maxBytes }));
  const saved = tierTuning.threshold;
  const run = (x: number, threshold: number): number => {
    tierTuning.threshold = threshold;
    let total = 0;
    let sink = 0;
    hosts.forEach((h, i) => {
      const times: number[] = [];
      for (let r = 0; r < rounds; r++) {
        const rules = loadRobots(artifacts[i] as Uint8Array).agent(pickCrawler(h));
        const urls = h.urls;
        const t0 = performance.now();
        for (let k = 0; k < x; k++) if (rules.isAllowed(urls[k % urls.length] as string)) sink++;
        times.push(performance.now() - t0);
      }
      total += medianOf(times);
    });
    if (sink < 0) throw new Error('unreachable');
    return (total * 1e6) / (x * hosts.length);
  };
  try {
    return xs.map((x) => ({ x, tierUpNs: run(x, 0), stayBelowNs: run(x, Number.POSITIVE_INFINITY), defaultNs: run(x, saved) }));
  } finally {
    tierTuning.threshold = saved;
  }
}

/** Sizes of tiered-up groups' automata after their URLs were checked (bytes). */
export interface AutomatonMemory {
  readonly groups: number;
  readonly median: number;
  readonly p90: number;
  readonly max: number;
  /** Groups that stayed on tier 0 (past the NFA budget, or gave up). */
  readonly stayedBelow: number;
  /** The per-group cache budget (tierTuning.budgetBytes). */
  readonly budget: number;
}

/** Returns the automaton sizes of each host's crawler group, tiered up and run over its URLs three times. */
export function measureAutomatonMemory(hosts: readonly HostCase[], profile: BenchProfile): AutomatonMemory {
  const saved = tierTuning.threshold;
  tierTuning.threshold = 0;
  const sizes: number[] = [];
  let stayedBelow = 0;
  try {
    for (const h of hosts) {
      const rules = loadRobots(compile(h.text, { profile, maxBytes: h.maxBytes })).agent(pickCrawler(h));
      if (rules.groupIndex < 0) continue;
      for (let r = 0; r < 3; r++) _count(h.urls, (u) => rules.isAllowed(u));
      const t = tierOf(rules);
      if (t.tier === 1) sizes.push(t.automatonBytes);
      else if (t.stayBelow) stayedBelow++;
    }
  } finally {
    tierTuning.threshold = saved;
  }
  const sorted = sizes.slice().sort((a, b) => a - b);
  return {
    groups: sizes.length,
    median: medianOf(sizes),
    p90: sorted[Math.min(sorted.length - 1, Math.floor(0.9 * sorted.length))] ?? Number.NaN,
    max: sorted[sorted.length - 1] ?? Number.NaN,
    stayedBelow,
    budget: tierTuning.budgetBytes,
  };
}
