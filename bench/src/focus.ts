/**
 * Focused runs of the crawler workloads the full bench takes minutes to reach: the new-URL
 * workload (same hosts, seed and timing as `pnpm bench`'s) with a breakdown of where a first
 * check goes, and the retained memory per loaded host with a breakdown of what it holds.
 *
 *   npx -y pnpm@10 build && node --expose-gc bench/dist/focus.js [--newurl] [--mem] [--files N] [--rounds N]
 *   node --cpu-prof bench/dist/focus.js --profile-newurl   (a CPU profile of the new-URL checks)
 *   node bench/dist/focus.js --newurl --ab DIR [--rounds N]   (the new-URL workload, this build against the
 *     runtime build in DIR in the same process, fresh loads, alternating order, read-once floor)
 *   node bench/dist/focus.js --roads   (tier-0 checks of the new-URL workload by the road they take)
 *   node bench/dist/focus.js --ab DIR [--wild] [--rounds N]   (this build's tier-0 checks against the
 *     runtime build in DIR, e.g. a copy of main's packages/runtime/dist: interleaved, CPU time)
 *   node bench/dist/focus.js --warm [--ab DIR] [--wild] [--rounds N] [--passes N]   (the full bench's warm
 *     check on its main corpus workload: read-once floor, robots-parser and this build in interleaved
 *     rounds, CPU time; with --ab also the runtime build in DIR, e.g. main's packages/runtime/dist)
 *   node --cpu-prof bench/dist/focus.js --profile-warm [--seconds N]   (a CPU profile of warm checks)
 *   node bench/dist/focus.js --direct-max 8,16,32 [--wild] [--rounds N]   (tier-0 checks with wildcard
 *     candidates at each scanTuning.directMaxCandidates, interleaved, CPU time: the measurement behind it)
 *   node bench/dist/focus.js --fresh-tier [--no-churn] [--urls N] [--fresh-files N] [--rounds N]   (URLs that never repeat:
 *     N distinct per host, checked in order on tier 0 only, with tier 1 from the first check and with the
 *     default threshold, ns per check by check-count bucket: what a hot host whose URLs are all new pays;
 *     --no-churn: with tierTuning.minChecksPerState 0, the churn rule off)
 *   node bench/dist/focus.js --churn-sweep [--urls N] [--fresh-files N] [--rounds N]   (the churn rule's settings, and
 *     the rule off: never-repeated URLs and fixed sets of 600 and 1,200 URLs cycled, ns per check and groups paused)
 */
import { compile, compileRobots } from '@robomata/compiler';
import { loadRobots, type AgentRules } from '@robomata/runtime';
import { hostWordsByKind } from '@robomata/runtime/internal';
import { groupSegmentCount, lastCandidateCount, readCheckWork, resetCheckWork, scanTuning, tierOf, tierTuning } from '@robomata/runtime/testing';
import { parseArgs } from 'node:util';
import { CORPUS_DIR } from './corpus.js';
import { measureColdHosts, measureNewUrls, pickCrawler as _crawler } from './crawl.js';
import { createPassFn, measureRetained, medianOf, type PassFn, type PreparedCase } from './measure.js';
import { FULL_CONFIG, tierUpPasses } from './run-bench.js';
import { FLOOR_STRATEGY, ROBOTS_PARSER_STRATEGY, parseWithRobotsParser, type Matcher } from './strategies.js';
import { buildCorpusWorkload, buildWildcardWorkload, type HostCase, type Workload } from './workload.js';
import { DEFAULT_SEED } from './main.js';

/** Returns per-stage medians (ns per host, then ns per check for the checks) of a fresh load, agent() and each URL once. */
function _breakdown(hosts: readonly HostCase[], artifacts: readonly Uint8Array[], rounds: number): Record<string, number> {
  const stages = { floor: [] as number[], load: [] as number[], agent: [] as number[], first: [] as number[], rest: [] as number[], again: [] as number[] };
  let sink = 0;
  for (let r = 0; r < rounds; r++) {
    const per = { floor: 0, load: 0, agent: 0, first: 0, rest: 0, again: 0 };
    hosts.forEach((h, i) => {
      // The read-once floor on the same URLs first: what reading each URL string once costs here.
      const f0 = performance.now();
      for (const u of h.urls) {
        let x = 0;
        for (let k = 0; k < u.length; k++) x += u.charCodeAt(k);
        sink += x & 1;
      }
      per.floor += (performance.now() - f0) / Math.max(1, h.urls.length);
      const t0 = performance.now();
      const robots = loadRobots(artifacts[i] as Uint8Array);
      const t1 = performance.now();
      const rules = robots.agent(_crawler(h));
      const t2 = performance.now();
      const urls = h.urls;
      if (rules.isAllowed(urls[0] as string)) sink++;
      const t3 = performance.now();
      for (let k = 1; k < urls.length; k++) if (rules.isAllowed(urls[k] as string)) sink++;
      const t4 = performance.now();
      for (let k = 0; k < urls.length; k++) if (rules.isAllowed(urls[k] as string)) sink++;
      const t5 = performance.now();
      // (checks 51..100 of a group: tier-up fires at tierTuning.threshold, its build included)
      per.load += t1 - t0;
      per.agent += t2 - t1;
      per.first += t3 - t2;
      per.rest += (t4 - t3) / Math.max(1, urls.length - 1);
      per.again += (t5 - t4) / Math.max(1, urls.length);
    });
    for (const k of Object.keys(per) as (keyof typeof per)[]) stages[k].push((per[k] * 1e6) / hosts.length);
  }
  if (sink < 0) throw new Error('unreachable');
  return {
    'read-once floor ns/URL (first read of each URL string)': medianOf(stages.floor),
    'loadRobots ns/host': medianOf(stages.load),
    'agent() ns/host': medianOf(stages.agent),
    'first check ns': medianOf(stages.first),
    'checks 2..n ns/check': medianOf(stages.rest),
    'same URLs again ns/check': medianOf(stages.again),
  };
}

/**
 * Returns the sums over hosts of the per-host median (over `rounds`) of three timed parts per
 * host, interleaved as crawl.ts's _timeHosts does: robomata's checks on a fresh load,
 * robots-parser's checks on a fresh parse, and the read-once floor (each URL's code units
 * summed once), in microseconds: the floor says what reading the workload's URLs costs.
 */
function _newUrlsWithFloor(hosts: readonly HostCase[], rounds: number): { robomata: number; robotsParser: number; floor: number } {
  const artifacts = hosts.map((h) => compile(h.text, { profile: 'rfc9309', maxBytes: h.maxBytes }));
  const t = { robomata: hosts.map(() => [] as number[]), robotsParser: hosts.map(() => [] as number[]), floor: hosts.map(() => [] as number[]) };
  let sink = 0;
  for (let r = 0; r < rounds; r++) {
    hosts.forEach((h, i) => {
      const rules = loadRobots(artifacts[i] as Uint8Array).agent(_crawler(h));
      const rp = parseWithRobotsParser(h.robotsUrl, h.text);
      const agent = _crawler(h);
      // Whoever runs first on a host reads its URL strings from memory, the next from cache:
      // alternate the order by round so that neither side always pays it.
      const first = (r + i) % 2 === 0;
      let t0 = 0;
      for (const side of first ? [0, 1] : [1, 0]) {
        t0 = performance.now();
        if (side === 0) {
          for (const u of h.urls) if (rules.isAllowed(u)) sink++;
          t.robomata[i]?.push(performance.now() - t0);
        } else {
          for (const u of h.urls) if (rp.isAllowed(u, agent) !== false) sink++;
          t.robotsParser[i]?.push(performance.now() - t0);
        }
      }
      t0 = performance.now();
      for (const u of h.urls) {
        let x = 0;
        for (let k = 0; k < u.length; k++) x += u.charCodeAt(k);
        sink += x & 1;
      }
      t.floor[i]?.push(performance.now() - t0);
    });
  }
  if (sink < 0) throw new Error('unreachable');
  const sum = (x: number[][]): number => x.reduce((a, v) => a + medianOf(v), 0) * 1000;
  return { robomata: sum(t.robomata), robotsParser: sum(t.robotsParser), floor: sum(t.floor) };
}

/** Runs the new-URL workload as `pnpm bench` does and prints the figures and the breakdown. */
function _newUrls(hosts: readonly HostCase[], wild: readonly HostCase[], rounds: number): void {
  measureColdHosts(hosts.slice(0, 50), 'rfc9309', 1, 'compileRobots');
  const c = measureNewUrls(hosts, 'rfc9309', rounds, 'new-urls', 'new URLs');
  const w = measureNewUrls(wild, 'rfc9309', rounds, 'new-urls-wildcard', 'new URLs, wildcard-heavy');
  for (const x of [c, w]) {
    const ns = (x.robomataUs * 1000) / x.checks;
    process.stdout.write(`${x.title}: robomata ${(x.robomataUs / 1000).toFixed(2)} ms (${ns.toFixed(0)} ns/check), robots-parser ${(x.robotsParserUs / 1000).toFixed(2)} ms: ${(1 / x.ratio).toFixed(2)}x faster\n`);
  }
  const f = _newUrlsWithFloor(hosts, rounds);
  const checks = hosts.reduce((n, h) => n + h.urls.length, 0);
  const per = (us: number): string => `${((us * 1000) / checks).toFixed(0)} ns/check`;
  process.stdout.write(
    `same workload with the read-once floor interleaved: robomata ${per(f.robomata)}, robots-parser ${per(f.robotsParser)}, floor ${per(f.floor)}; ` +
      `robots-parser / robomata ${(f.robotsParser / f.robomata).toFixed(2)}x, robots-parser / floor ${(f.robotsParser / f.floor).toFixed(2)}x, robomata / floor ${(f.robomata / f.floor).toFixed(2)}x\n`,
  );
  const artifacts = hosts.map((h) => compile(h.text, { profile: 'rfc9309', maxBytes: h.maxBytes }));
  for (const [k, v] of Object.entries(_breakdown(hosts, artifacts, rounds))) process.stdout.write(`  ${k}: ${v.toFixed(0)}\n`);
}

/** Loops the new-URL checks (fresh load per host, each URL once) for a CPU profile. */
function _profileNewUrls(hosts: readonly HostCase[], seconds: number): void {
  const artifacts = hosts.map((h) => compile(h.text, { profile: 'rfc9309', maxBytes: h.maxBytes }));
  const end = performance.now() + seconds * 1000;
  let sink = 0;
  let passes = 0;
  while (performance.now() < end) {
    hosts.forEach((h, i) => {
      const rules = loadRobots(artifacts[i] as Uint8Array).agent(_crawler(h));
      for (const u of h.urls) if (rules.isAllowed(u)) sink++;
    });
    passes++;
  }
  process.stdout.write(`${passes} passes (${sink} allowed)\n`);
}

/** Returns the process's CPU time in ms (user + system): steadier than wall time on a shared machine. */
function _cpuMs(): number {
  const c = process.cpuUsage();
  return (c.user + c.system) / 1000;
}

/** Returns each host's crawler group, from a fresh rfc9309 compile and load (its tier as tierTuning says when checked). O(hosts x compile). */
function _crawlerRules(hosts: readonly HostCase[]): AgentRules[] {
  return hosts.map((h) => loadRobots(compile(h.text, { profile: 'rfc9309', maxBytes: h.maxBytes })).agent(_crawler(h)));
}

/**
 * Prints where tier-0 checks of the new-URL workload go, by the road each takes: no group, a
 * literal group (the trie walked in place), a wildcard group's check without candidates (the
 * path written, the trie walked), candidates verified directly, or the sweep
 * (segment-scan.ts). Each road's checks are timed together in host order (CPU time, median of
 * `rounds`), so the shares say which road a speed-up must target.
 */
function _roads(hosts: readonly HostCase[], rounds: number): void {
  const saved = tierTuning.threshold;
  tierTuning.threshold = Number.POSITIVE_INFINITY;
  const rules = _crawlerRules(hosts);
  const roads = { 'no group': [] as [AgentRules, string][], 'literal group (in place)': [] as [AgentRules, string][], 'wildcard group, no candidates': [] as [AgentRules, string][], direct: [] as [AgentRules, string][], sweep: [] as [AgentRules, string][] };
  // A group without wildcard segments is a literal group (its kept wildcard patterns have at least one literal segment each).
  const literal = rules.map((r) => groupSegmentCount(r) === 0);
  hosts.forEach((h, i) => {
    const r = rules[i] as AgentRules;
    for (const u of h.urls) {
      resetCheckWork();
      r.isAllowed(u);
      roads[r.groupIndex < 0 ? 'no group' : readCheckWork() > 0 ? 'sweep' : lastCandidateCount() > 0 ? 'direct' : literal[i] === true ? 'literal group (in place)' : 'wildcard group, no candidates'].push([r, u]);
    }
  });
  let sink = 0;
  const times = Object.fromEntries(Object.keys(roads).map((k) => [k, [] as number[]]));
  for (let round = 0; round < rounds; round++) {
    for (const [k, checks] of Object.entries(roads)) {
      const t0 = _cpuMs();
      for (const [r, u] of checks) if (r.isAllowed(u)) sink++;
      times[k]?.push(_cpuMs() - t0);
    }
  }
  tierTuning.threshold = saved;
  if (sink < 0) throw new Error('unreachable');
  const total = Object.values(times).reduce((a, v) => a + medianOf(v), 0);
  process.stdout.write(`tier-0 checks by road (${hosts.length} hosts, CPU time, median of ${rounds} rounds):\n`);
  for (const [k, checks] of Object.entries(roads)) {
    const ms = medianOf(times[k] ?? []);
    process.stdout.write(`  ${k}: ${checks.length} checks, ${checks.length === 0 ? 0 : ((ms * 1e6) / checks.length).toFixed(0)} ns/check, ${((100 * ms) / total).toFixed(1)}% of the time\n`);
  }
}

/**
 * Prints the tier-0 time per check of the hosts' checks that have wildcard candidates, at each
 * value of scanTuning.directMaxCandidates (the most candidate patterns verified one by one
 * before the sweep), the values interleaved in each round (CPU time, median of `rounds`).
 * Groups loaded beforehand, tier-up off; the tuning is restored.
 */
function _directMax(hosts: readonly HostCase[], values: readonly number[], rounds: number): void {
  const saved = [tierTuning.threshold, scanTuning.directMaxCandidates] as const;
  tierTuning.threshold = Number.POSITIVE_INFINITY;
  const checks: [AgentRules, string][] = [];
  const all = _crawlerRules(hosts);
  for (const [i, h] of hosts.entries()) {
    const rules = all[i] as AgentRules;
    for (const u of h.urls) {
      rules.isAllowed(u);
      if (rules.groupIndex >= 0 && lastCandidateCount() > 0) checks.push([rules, u]);
    }
  }
  const times = values.map(() => [] as number[]);
  let sink = 0;
  for (let round = 0; round < rounds; round++) {
    values.forEach((v, i) => {
      scanTuning.directMaxCandidates = v;
      const t0 = _cpuMs();
      for (const [r, u] of checks) if (r.isAllowed(u)) sink++;
      times[i]?.push(_cpuMs() - t0);
    });
  }
  [tierTuning.threshold, scanTuning.directMaxCandidates] = saved;
  if (sink < 0) throw new Error('unreachable');
  const cells = values.map((v, i) => `${v}: ${((medianOf(times[i] ?? []) * 1e6) / Math.max(1, checks.length)).toFixed(0)} ns`);
  process.stdout.write(`tier-0 checks with wildcard candidates (${hosts.length} hosts, ${checks.length} checks, CPU time, median of ${rounds} rounds) by directMaxCandidates: ${cells.join(', ')}\n`);
}

/** The part of a runtime build the A/B run calls. */
interface RuntimeUnderTest {
  loadRobots(bytes: Uint8Array): { agent(name: string): { isAllowed(url: string): boolean } };
}

/**
 * Prints the tier-0 check time of this build against the runtime build in `dir` on the same
 * hosts, groups loaded beforehand, each URL once per round, the two alternating first by round
 * (CPU time, median per-round ratio): on this shared machine an A/A run of two copies of one
 * build gives 0.97-1.02, so smaller differences are noise. Also says whether the answers agree.
 */
async function _ab(dir: string, hosts: readonly HostCase[], rounds: number): Promise<void> {
  const other = (await import(`${dir}/index.js`)) as RuntimeUnderTest;
  const otherTuning = ((await import(`${dir}/testing.js`)) as { tierTuning: { threshold: number } }).tierTuning;
  const artifacts = hosts.map((h) => compile(h.text, { profile: 'rfc9309', maxBytes: h.maxBytes }));
  const saved = [tierTuning.threshold, otherTuning.threshold];
  tierTuning.threshold = Number.POSITIVE_INFINITY;
  otherTuning.threshold = Number.POSITIVE_INFINITY;
  const sides = [loadRobots, other.loadRobots].map((load) => hosts.map((h, i) => load(artifacts[i] as Uint8Array).agent(_crawler(h))));
  const run = (k: number): [number, number] => {
    let allowed = 0;
    const t0 = _cpuMs();
    hosts.forEach((h, i) => {
      const rules = sides[k]?.[i];
      for (const u of h.urls) if (rules?.isAllowed(u)) allowed++;
    });
    return [_cpuMs() - t0, allowed];
  };
  const ratios: number[] = [];
  const answers = [0, 0];
  for (let r = 0; r < rounds; r++) {
    const order = r % 2 === 0 ? [0, 1] : [1, 0];
    const t = [0, 0];
    for (const k of order) [t[k], answers[k]] = run(k);
    ratios.push((t[0] as number) / (t[1] as number));
  }
  tierTuning.threshold = saved[0] as number;
  otherTuning.threshold = saved[1] as number;
  process.stdout.write(`A/B, tier 0, ${hosts.length} hosts: this build / ${dir} = ${medianOf(ratios).toFixed(3)} (median of ${rounds} rounds); answers ${answers[0] === answers[1] ? 'agree' : `differ (${answers[0]} vs ${answers[1]} allowed)`}\n`);
}

/**
 * Prints the new-URL workload (a fresh load and agent() per host, untimed, then each of its URLs
 * checked once) of this build against the runtime build in `dir`: per host and round both sides
 * load the same artifact, the side that checks first alternating by host and round; each side's
 * figure is the sum over hosts of the per-host median (as `pnpm bench`), with the read-once floor
 * timed alike. Same process and minutes, so the ratio is steadier than two runs' figures.
 */
async function _newUrlsAb(dir: string, hosts: readonly HostCase[], rounds: number): Promise<void> {
  const other = (await import(`${dir}/index.js`)) as RuntimeUnderTest;
  const artifacts = hosts.map((h) => compile(h.text, { profile: 'rfc9309', maxBytes: h.maxBytes }));
  const loads = [loadRobots, other.loadRobots];
  const t = [0, 1, 2].map(() => hosts.map(() => [] as number[]));
  const answers = [0, 0];
  let sink = 0;
  for (let r = 0; r < rounds; r++) {
    hosts.forEach((h, i) => {
      const sides = loads.map((load) => load(artifacts[i] as Uint8Array).agent(_crawler(h)));
      for (const k of (r + i) % 2 === 0 ? [0, 1] : [1, 0]) {
        const rules = sides[k] as { isAllowed(url: string): boolean };
        let allowed = 0;
        const t0 = performance.now();
        for (const u of h.urls) if (rules.isAllowed(u)) allowed++;
        t[k]?.[i]?.push(performance.now() - t0);
        answers[k] = (answers[k] as number) + allowed;
      }
      const t0 = performance.now();
      for (const u of h.urls) {
        let x = 0;
        for (let k = 0; k < u.length; k++) x += u.charCodeAt(k);
        sink += x & 1;
      }
      t[2]?.[i]?.push(performance.now() - t0);
    });
  }
  if (sink < 0) throw new Error('unreachable');
  const checks = hosts.reduce((n, h) => n + h.urls.length, 0);
  const ns = t.map((side) => (side.reduce((a, v) => a + medianOf(v), 0) * 1e6) / checks);
  const [mine, theirs, floor] = ns as [number, number, number];
  process.stdout.write(
    `new URLs A/B (${hosts.length} hosts, ${rounds} rounds): this build ${mine.toFixed(0)} ns/check, ${dir} ${theirs.toFixed(0)} ns/check, floor ${floor.toFixed(0)}; ` +
      `this / other ${(mine / theirs).toFixed(3)}; answers ${answers[0] === answers[1] ? 'agree' : `differ (${answers[0]} vs ${answers[1]} allowed)`}\n`,
  );
}

/** One side of the warm measurement: its matchers in (host, agent) order and its own pass function. */
interface _WarmSide {
  readonly label: string;
  readonly cases: PreparedCase[];
  readonly pass: PassFn;
  readonly ns: number[];
}

/** Returns the cases of `prepare`'s matchers over the workload, flattened as run-bench.ts's _prepare does. */
function _warmCases(w: Workload, prepare: (h: HostCase) => Matcher[]): PreparedCase[] {
  const cases: PreparedCase[] = [];
  for (const h of w.hosts) {
    const ms = prepare(h);
    for (let k = 0; k < h.agents.length; k++) cases.push({ m: ms[k] as Matcher, urls: h.urls });
  }
  return cases;
}

/** Returns the compiled sides (this build, and the runtime build in `dir` when given) after the untimed passes that tier every group up, as run-bench.ts's _runWorkload. */
async function _warmCompiledSides(w: Workload, dir: string | undefined): Promise<_WarmSide[]> {
  const artifacts = new Map(w.hosts.map((h) => [h.text, compile(h.text, { profile: 'rfc9309', maxBytes: h.maxBytes })]));
  const loads: [string, (bytes: Uint8Array) => { agent(name: string): Matcher }, number][] = [['this build', loadRobots, tierTuning.threshold]];
  if (dir !== undefined) {
    const other = (await import(`${dir}/index.js`)) as RuntimeUnderTest;
    const otherTuning = ((await import(`${dir}/testing.js`)) as { tierTuning: { threshold: number } }).tierTuning;
    loads.push([dir, other.loadRobots, otherTuning.threshold]);
  }
  return loads.map(([label, load, threshold]) => {
    const cases = _warmCases(w, (h) => {
      const robots = load(artifacts.get(h.text) as Uint8Array);
      return h.agents.map((a) => robots.agent(a));
    });
    const pass = createPassFn();
    let sink = 0;
    const passes = tierUpPasses(w.hosts, threshold);
    for (let k = 0; k < passes; k++) sink += pass(cases);
    if (sink < 0) throw new Error('unreachable');
    return { label, cases, pass, ns: [] };
  });
}

/**
 * Prints the full bench's warm check on its main corpus workload (same files, URLs, seed and
 * tier-up passes as run-bench.ts, each side's own pass function as measure.ts's): the read-once
 * floor, robots-parser and this build (and the build in `dir`). Each round times `passes` passes
 * of every side in CPU time (steadier than tinybench's wall time on this shared machine), the
 * sides in a rotated order; ratios are medians of the per-round ratios (a slow minute slows
 * every side of its round alike), with their quartiles in brackets.
 */
async function _warm(w: Workload, dir: string | undefined, rounds: number, passes: number): Promise<void> {
  const plain = (s: typeof FLOOR_STRATEGY): _WarmSide => ({
    label: s.label,
    cases: _warmCases(w, (h) => s.prepare({ text: h.text, agents: h.agents, profile: 'rfc9309', maxBytes: h.maxBytes, robotsUrl: h.robotsUrl })),
    pass: createPassFn(),
    ns: [],
  });
  const sides = [plain(FLOOR_STRATEGY), plain(ROBOTS_PARSER_STRATEGY), ...(await _warmCompiledSides(w, dir))];
  let sink = 0;
  // Warm-up as tinybench's: every side's code optimised before the first timed round.
  for (const s of sides) for (let k = 0; k < 5; k++) sink += s.pass(s.cases);
  for (let r = 0; r < rounds; r++) {
    for (let j = 0; j < sides.length; j++) {
      const s = sides[(j + r) % sides.length] as _WarmSide;
      const n = s === sides[1] ? Math.max(1, passes >> 3) : passes;
      const t0 = _cpuMs();
      for (let k = 0; k < n; k++) sink += s.pass(s.cases);
      s.ns.push(((_cpuMs() - t0) * 1e6) / (n * w.checks));
    }
  }
  if (sink < 0) throw new Error('unreachable');
  const [floor, rp, ...compiled] = sides as [_WarmSide, _WarmSide, ..._WarmSide[]];
  const ratio = (a: number[], b: number[]): string => {
    const q = a.map((x, i) => x / (b[i] as number)).sort((x, y) => x - y);
    const at = (f: number): string => (q[Math.min(q.length - 1, Math.floor(f * q.length))] as number).toFixed(2);
    return `${medianOf(q).toFixed(2)}x [${at(0.25)}-${at(0.75)}]`;
  };
  process.stdout.write(`warm check, ${w.title}: ${w.checks} checks/pass, ${rounds} rounds of ${passes} passes, CPU time (ns/check: median, min)\n`);
  process.stdout.write(`  floor ${medianOf(floor.ns).toFixed(1)}, ${Math.min(...floor.ns).toFixed(1)}; robots-parser ${medianOf(rp.ns).toFixed(1)}, ${Math.min(...rp.ns).toFixed(1)}\n`);
  for (const c of compiled) {
    process.stdout.write(`  ${c.label}: ${medianOf(c.ns).toFixed(1)}, ${Math.min(...c.ns).toFixed(1)} ns/check; / floor ${ratio(c.ns, floor.ns)}; robots-parser / it ${ratio(rp.ns, c.ns)}\n`);
  }
  if (compiled.length === 2) {
    const [a, b] = compiled as [_WarmSide, _WarmSide];
    process.stdout.write(`  A/B this build / ${b.label}: ${ratio(a.ns, b.ns)}\n`);
  }
}

/** Loops warm checks (after tier-up) of the main corpus workload for a CPU profile. */
async function _profileWarm(w: Workload, seconds: number): Promise<void> {
  const [side] = await _warmCompiledSides(w, undefined);
  const s = side as _WarmSide;
  const end = performance.now() + seconds * 1000;
  let sink = 0;
  let passes = 0;
  while (performance.now() < end) {
    sink += s.pass(s.cases);
    passes++;
  }
  process.stdout.write(`${passes} passes of ${w.checks} checks (${sink} allowed)\n`);
}

/** Prints the retained bytes per host as the bench measures them, and what they are made of. */
function _memory(hosts: readonly HostCase[], n: number): void {
  const bufs = hosts.map((h) => Buffer.from(h.text, 'utf8'));
  const fresh = (i: number): string => (bufs[i % bufs.length] as Buffer).toString('utf8');
  const hostOf = (i: number): HostCase => hosts[i % hosts.length] as HostCase;
  const artifactOf = (i: number): Uint8Array => compile(fresh(i), { profile: 'rfc9309', maxBytes: hostOf(i).maxBytes });
  const artifacts = hosts.map((_, i) => artifactOf(i));
  // A first measurement in a process also counts the code and feedback its calls create: warm up.
  measureRetained(Math.min(n, 500), (i) => loadRobots(artifactOf(i)).agent(hostOf(i).agents[0] ?? '*'));
  const rows: [string, number][] = [
    ['compiled: loadRobots(artifact) + one agent()', measureRetained(n, (i) => {
      const robots = loadRobots(artifactOf(i));
      robots.agent(hostOf(i).agents[0] ?? '*');
      return robots;
    })],
    ['robots-parser parsed object', measureRetained(n, (i) => parseWithRobotsParser(hostOf(i).robotsUrl, fresh(i)))],
    ['  artifact bytes alone (a copy)', measureRetained(n, (i) => (artifacts[i % artifacts.length] as Uint8Array).slice())],
    ['  loadRobots(copy), no agent()', measureRetained(n, (i) => loadRobots((artifacts[i % artifacts.length] as Uint8Array).slice()))],
    ['  loadRobots(copy) + one agent()', measureRetained(n, (i) => {
      const robots = loadRobots((artifacts[i % artifacts.length] as Uint8Array).slice());
      robots.agent(hostOf(i).agents[0] ?? '*');
      return robots;
    })],
    ['compiled: compileRobots(text) + one agent()', measureRetained(n, (i) => {
      const robots = compileRobots(fresh(i), { profile: 'rfc9309', maxBytes: hostOf(i).maxBytes });
      robots.agent(hostOf(i).agents[0] ?? '*');
      return robots;
    })],
  ];
  const rp = rows[1]?.[1] ?? Number.NaN;
  const sizes = artifacts.map((a) => a.byteLength);
  process.stdout.write(`retained per host (${n} instances; median source ${medianOf(bufs.map((b) => b.length))} B, median artifact ${medianOf(sizes)} B):\n`);
  for (const [k, v] of rows) process.stdout.write(`  ${k}: ${v.toFixed(0)} B (${(v / rp).toFixed(2)}x robots-parser)\n`);
  // Where loadRobots + agent()'s typed-array words go, by record kind, averaged over the same instances.
  const words: Record<string, number> = {};
  for (let i = 0; i < n; i++) {
    const robots = loadRobots(artifacts[i % artifacts.length] as Uint8Array);
    for (const [k, v] of Object.entries(hostWordsByKind(robots, robots.agent(hostOf(i).agents[0] ?? '*')))) words[k] = (words[k] ?? 0) + v;
  }
  const total = Object.values(words).reduce((x, y) => x + y, 0);
  process.stdout.write(`  index and group image words, bytes per host (4 B a word; ${((4 * total) / n).toFixed(0)} B in all):\n   `);
  for (const [k, v] of Object.entries(words)) process.stdout.write(` ${k} ${((4 * v) / n).toFixed(0)}`);
  process.stdout.write('\n');
}

/**
 * Returns `files` corpus hosts (the crawler workloads' seed + 5) with each one's first `perHost`
 * distinct generated URLs, and their rfc9309 artifacts: the generator repeats URLs (a quarter
 * at 1,600 a host), so three times as many are asked for. O(files x perHost + compiles).
 */
function _neverRepeatedHosts(files: number, perHost: number): { fresh: HostCase[]; artifacts: Uint8Array[] } {
  const fresh = buildCorpusWorkload({ dir: CORPUS_DIR, files, urlsPerFile: 3 * perHost, seed: DEFAULT_SEED + 5 }).hosts.map((h) => ({ ...h, urls: [...new Set(h.urls)].slice(0, perHost) }));
  return { fresh, artifacts: fresh.map((h) => compile(h.text, { profile: 'rfc9309', maxBytes: h.maxBytes })) };
}

/**
 * Prints, for URLs that never repeat (each host's first `perHost` distinct generated URLs, each
 * checked once in order), ns per check by check-count bucket on tier 0 only, with tier 1 from
 * the first check (its state builds included) and with the default threshold: the sum over
 * hosts of the per-bucket median over rounds, divided by the bucket's checks; then the states
 * and tier of the hosts' groups at the end under the default threshold. O(rounds x hosts x perHost).
 */
function _freshTier(files: number, perHost: number, rounds: number, churn: boolean): void {
  const { fresh, artifacts } = _neverRepeatedHosts(files, perHost);
  const edges = [0, 10, 50, 100, 200, 400, 800, 1600, 3200].filter((b) => b < perHost).concat([perHost]);
  const saved = tierTuning.threshold;
  const savedRate = tierTuning.minChecksPerState;
  if (!churn) tierTuning.minChecksPerState = 0;
  const ends: { tier: number; states: number; paused: boolean; pauses: number }[] = [];
  let sink = 0;
  try {
    for (const threshold of [Number.POSITIVE_INFINITY, 0, saved]) {
      tierTuning.threshold = threshold;
      const times = fresh.map(() => edges.slice(1).map(() => [] as number[]));
      const checks = edges.slice(1).map(() => 0);
      for (let r = 0; r < rounds; r++) {
        fresh.forEach((h, i) => {
          const rules = loadRobots(artifacts[i] as Uint8Array).agent(_crawler(h));
          for (let b = 0; b + 1 < edges.length; b++) {
            const hi = Math.min(edges[b + 1] as number, h.urls.length);
            const t0 = performance.now();
            for (let k = edges[b] as number; k < hi; k++) if (rules.isAllowed(h.urls[k] as string)) sink++;
            times[i]?.[b]?.push(performance.now() - t0);
            if (r === 0) checks[b] = (checks[b] as number) + Math.max(0, hi - (edges[b] as number));
          }
          if (threshold === saved && r === rounds - 1 && rules.groupIndex >= 0) {
            const t = tierOf(rules);
            ends.push({ tier: t.tier, states: t.states, paused: t.paused, pauses: t.pauses });
          }
        });
      }
      const cells = checks.map((n, b) => `[${edges[b]},${edges[b + 1]}) ${((times.reduce((s, t) => s + medianOf(t[b] as number[]), 0) * 1e6) / Math.max(1, n)).toFixed(0)}`);
      const name = threshold === 0 ? 'tier 1 from the first check' : threshold === saved ? `default threshold (${saved})` : 'tier 0 only';
      process.stdout.write(`${name}, ns/check by checks so far: ${cells.join('  ')}\n`);
    }
  } finally {
    tierTuning.threshold = saved;
    tierTuning.minChecksPerState = savedRate;
  }
  if (sink < 0) throw new Error('unreachable');
  const states = ends.filter((e) => e.tier === 1).map((e) => e.states).sort((x, y) => x - y);
  const distinct = fresh.map((h) => h.urls.length).sort((x, y) => x - y);
  process.stdout.write(
    `(${fresh.length} hosts, ${distinct[0]}-${distinct[distinct.length - 1]} distinct generated URLs each, every URL checked once per round, ${rounds} rounds; ` +
      `at the end under the default threshold: ${states.length} groups on tier 1 holding a median of ${states.length === 0 ? 0 : medianOf(states)} states (p90 ${states[Math.floor(0.9 * (states.length - 1))] ?? 0}), ${ends.filter((e) => e.pauses > 0).length} paused by the churn rule${churn ? '' : ' (off: --no-churn)'}, ${ends.filter((e) => e.paused).length} paused now, ${ends.filter((e) => e.tier === 0).length} on tier 0)\n`,
  );
}

/** Returns ns per check, summed over hosts as medians over rounds, of `passes` passes over each host's `urls` on a freshly loaded group at the default threshold, counting passes from `from`. */
function _cyclePasses(hosts: readonly HostCase[], artifacts: readonly Uint8Array[], passes: number, from: number, rounds: number): { ns: number; paused: number } {
  let total = 0;
  let checks = 0;
  let sink = 0;
  let paused = 0;
  hosts.forEach((h, i) => {
    const times: number[] = [];
    for (let r = 0; r < rounds; r++) {
      const rules = loadRobots(artifacts[i] as Uint8Array).agent(_crawler(h));
      let t = 0;
      for (let p = 0; p < passes; p++) {
        const t0 = performance.now();
        for (const u of h.urls) if (rules.isAllowed(u)) sink++;
        if (p >= from) t += performance.now() - t0;
      }
      times.push(t);
      if (r === rounds - 1 && rules.groupIndex >= 0 && tierOf(rules).pauses > 0) paused++;
    }
    total += medianOf(times);
    checks += (passes - from) * h.urls.length;
  });
  if (sink < 0) throw new Error('unreachable');
  return { ns: (total * 1e6) / Math.max(1, checks), paused };
}

/**
 * Prints the churn rule's sweep (tierTuning.churnWindow x minChecksPerState, and the rule off):
 * per setting, ns per check over `perHost` never-repeated URLs a host (one pass, builds
 * included) and over passes 2-5 of fixed sets of 600 and 1,200 distinct URLs cycled (warm
 * loops the rule must not give up), with how many groups it paused. O(settings x rounds x hosts x URLs).
 */
function _churnSweep(files: number, perHost: number, rounds: number): void {
  const { fresh, artifacts } = _neverRepeatedHosts(files, perHost);
  // Fixed sets of 600 and 1,200 URLs (fewer with --urls below them: the header says how many).
  const sizes = [600, 1200].map((n) => Math.min(n, perHost));
  const sets = sizes.map((n) => fresh.map((h) => ({ ...h, urls: h.urls.slice(0, n) })));
  const savedWindow = tierTuning.churnWindow;
  const savedRate = tierTuning.minChecksPerState;
  const settings: [number, number][] = [[savedWindow, 0]];
  for (const w of [128, 256, 512]) for (const rate of [4, 8, 16, 32]) settings.push([w, rate]);
  process.stdout.write(`churn rule sweep (${fresh.length} hosts, default threshold ${tierTuning.threshold}, ${rounds} rounds; ns/check, groups paused):\n`);
  process.stdout.write(`  window rate | never repeated (one pass) | ${sizes[0]} cycled (passes 2-5) | ${sizes[1]} cycled (passes 2-5)\n`);
  try {
    for (let rep = 0; rep < 2; rep++) {
      for (const [w, rate] of settings) {
        tierTuning.churnWindow = w;
        tierTuning.minChecksPerState = rate;
        const once = _cyclePasses(fresh, artifacts, 1, 0, rounds);
        const cyc = sets.map((hs) => _cyclePasses(hs, artifacts, 5, 1, rounds));
        const cells = [once, ...cyc].map((c) => `${c.ns.toFixed(0)} ns, ${c.paused} paused`);
        process.stdout.write(`  ${rate === 0 ? '  (rule off)' : `${String(w).padStart(6)} ${String(rate).padStart(4)}`} | ${cells.join(' | ')}\n`);
      }
    }
  } finally {
    tierTuning.churnWindow = savedWindow;
    tierTuning.minChecksPerState = savedRate;
  }
}

const { values } = parseArgs({
  options: {
    newurl: { type: 'boolean', default: false },
    mem: { type: 'boolean', default: false },
    'profile-newurl': { type: 'boolean', default: false },
    roads: { type: 'boolean', default: false },
    ab: { type: 'string' },
    warm: { type: 'boolean', default: false },
    passes: { type: 'string', default: '4' },
    'profile-warm': { type: 'boolean', default: false },
    wild: { type: 'boolean', default: false },
    'direct-max': { type: 'string' },
    'fresh-tier': { type: 'boolean', default: false },
    'no-churn': { type: 'boolean', default: false },
    'churn-sweep': { type: 'boolean', default: false },
    urls: { type: 'string', default: '1600' },
    'fresh-files': { type: 'string', default: '200' },
    files: { type: 'string', default: '1000' },
    rounds: { type: 'string', default: '5' },
    instances: { type: 'string', default: '2000' },
    seconds: { type: 'string', default: '10' },
  },
});
/** The new-URL workload's wildcard-heavy hosts (run-bench.ts: seed + 6), each with its one crawler. */
function _crawlerWildHosts(): HostCase[] {
  return buildWildcardWorkload(CORPUS_DIR, 40, 50, DEFAULT_SEED + 6).hosts.map((h) => ({ ...h, agents: h.agents.slice(0, 1) }));
}
const files = Number(values.files);
const rounds = Number(values.rounds);
// The hosts and URLs of the full bench's crawler workloads (run-bench.ts: seed + 5 and + 6).
const hosts = buildCorpusWorkload({ dir: CORPUS_DIR, files, urlsPerFile: 50, seed: DEFAULT_SEED + 5 }).hosts;
if (values.newurl && values.ab !== undefined) {
  await _newUrlsAb(values.ab, hosts, rounds);
} else if (values.newurl) {
  const wild = _crawlerWildHosts();
  _newUrls(hosts, wild, rounds);
}
if (values['fresh-tier']) _freshTier(Number(values['fresh-files']), Number(values.urls), rounds, !values['no-churn']);
if (values['churn-sweep']) _churnSweep(Number(values['fresh-files']), Number(values.urls), rounds);
if (values['profile-newurl']) _profileNewUrls(hosts, Number(values.seconds));
if (values.roads) _roads(hosts, Math.max(rounds, 20));
if (values['direct-max'] !== undefined) {
  const dmHosts = values.wild ? _crawlerWildHosts() : hosts;
  _directMax(dmHosts, values['direct-max'].split(',').map(Number), Math.max(rounds, 21));
}
if (values.warm || values['profile-warm']) {
  // The full bench's main corpus workload (run-bench.ts: FULL_CONFIG's files and URLs, the seed), or its wildcard-heavy one (seed + 1).
  const w = values.wild
    ? buildWildcardWorkload(CORPUS_DIR, FULL_CONFIG.wildcardFiles, FULL_CONFIG.wildcardUrls, DEFAULT_SEED + 1)
    : buildCorpusWorkload({ dir: CORPUS_DIR, files: FULL_CONFIG.corpusFiles, urlsPerFile: FULL_CONFIG.corpusUrls, seed: DEFAULT_SEED });
  if (values.warm) await _warm(w, values.ab, Math.max(rounds, 30), Number(values.passes));
  else await _profileWarm(w, Number(values.seconds));
} else if (values.ab !== undefined && !values.newurl) {
  const abHosts = values.wild ? _crawlerWildHosts() : hosts;
  await _ab(values.ab, abHosts, Math.max(rounds, 40));
}
if (values.mem) {
  // The memory workload of the full bench is its main corpus sample (300 files, seed).
  const mainHosts = buildCorpusWorkload({ dir: CORPUS_DIR, files: 300, urlsPerFile: 24, seed: DEFAULT_SEED }).hosts;
  _memory(mainHosts, Number(values.instances));
}
