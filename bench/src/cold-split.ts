/**
 * Splits the cold-host workload's time (`node bench/dist/cold-split.js`): compile, load, agent() and the 50 checks, summed over hosts (medians of 5 rounds).
 * `lazy file` is outside the workload: what a compileRobots host pays later for the whole file's artifact (`robots.bytes`, rule texts, sitemaps).
 * `--against DIR [--rounds N]`: compileRobots + agent() + the checks of this build against another build's (`DIR`: that checkout's root) in one
 * process, rounds alternating A B / B A, the sum over hosts of each host's median (first two rounds dropped), by file shape. The build imported
 * first has measured a few percent faster: run it from both checkouts and quote both. It also prints on how many hosts this build was
 * faster. `--paired`: each host's two runs back to back instead (order alternating by round and host), so load that drifts over a pass (a
 * shared machine) falls on both builds alike.
 */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { compile, compileRobots } from '@robomata/compiler';
import { loadRobots } from '@robomata/runtime';
import { CORPUS_DIR } from './corpus.js';
import { pickCrawler } from './crawl.js';
import { medianOf } from './measure.js';
import { parseWithRobotsParser } from './strategies.js';
import { DEFAULT_SEED } from './main.js';
import { FULL_CONFIG } from './run-bench.js';
import { buildCorpusWorkload } from './workload.js';

const hosts = buildCorpusWorkload({ dir: CORPUS_DIR, files: FULL_CONFIG.crawlFiles, urlsPerFile: FULL_CONFIG.crawlUrls, seed: DEFAULT_SEED + 5 }).hosts;
const { values: args } = parseArgs({ options: { against: { type: 'string' }, rounds: { type: 'string', default: '16' }, paired: { type: 'boolean', default: false } } });
if (args.against !== undefined) {
  await _abColdHosts(args.against, Number(args.rounds), args.paired === true);
  process.exit(0);
}
const names = ['compile', 'load', 'agent', 'checks', 'compileRobots', 'lazy agent', 'lazy checks', 'lazy file', 'rp parse', 'rp checks'] as const;
const times: number[][][] = hosts.map(() => names.map(() => []));
let sink = 0;
for (let r = 0; r < 6; r++) {
  hosts.forEach((h, i) => {
    const t = times[i] as number[][];
    const agent = pickCrawler(h);
    let last = performance.now();
    /** Records the time since the previous stage as stage `k`. */
    const lap = (k: number): void => {
      const now = performance.now();
      (t[k] as number[]).push(now - last);
      last = now;
    };
    const a = compile(h.text, { maxBytes: h.maxBytes });
    lap(0);
    const robots = loadRobots(a);
    lap(1);
    const rules = robots.agent(agent);
    lap(2);
    for (const u of h.urls) if (rules.isAllowed(u)) sink++;
    lap(3);
    const lazy = compileRobots(h.text, { maxBytes: h.maxBytes });
    lap(4);
    const lr = lazy.agent(agent);
    lap(5);
    for (const u of h.urls) if (lr.isAllowed(u)) sink++;
    lap(6);
    sink += lazy.bytes.length > 0 ? 1 : 0;
    lap(7);
    const rp = parseWithRobotsParser(h.robotsUrl, h.text);
    lap(8);
    for (const u of h.urls) if (rp.isAllowed(u, agent) !== false) sink++;
    lap(9);
  });
}
const sums = names.map((_, k) => times.reduce((s, t) => s + medianOf((t[k] as number[]).slice(1)), 0));
process.stdout.write(`${names.map((n, k) => `${n} ${(sums[k] as number).toFixed(1)} ms`).join(', ')} (${sink > 0 ? hosts.length : 0} hosts)\n`);
// compileRobots' stages by file shape: a file whose one merged group is the global group is built at once; others on the first agent().
const oneGroup = _oneGroupHosts();
for (const one of [true, false]) {
  const of = (k: number): number => times.reduce((s, t, i) => (oneGroup[i] === one ? s + medianOf((t[k] as number[]).slice(1)) : s), 0);
  const n = oneGroup.filter((x) => x === one).length;
  process.stdout.write(`${one ? 'one-group' : 'multi-group'} (${n} hosts): ${[4, 5, 6].map((k) => `${names[k]} ${of(k).toFixed(1)} ms`).join(', ')}\n`);
}

/** True per host when its file's one merged group is the global group (compileRobots builds it at once). */
function _oneGroupHosts(): boolean[] {
  return hosts.map((h) => {
    const r = loadRobots(compile(h.text, { maxBytes: h.maxBytes }));
    return r.groupCount === 1 && r.agent('*').selection === 'global';
  });
}

/** Prints this build's compileRobots + agent() + checks against `against`'s, in one process (see the file comment). */
async function _abColdHosts(against: string, rounds: number, paired: boolean): Promise<void> {
  const other = (await import(pathToFileURL(join(against, 'packages/compiler/dist/index.js')).href)) as { compileRobots: typeof compileRobots };
  const builds = [compileRobots, other.compileRobots];
  const oneGroup = _oneGroupHosts();
  const agents = hosts.map((h) => pickCrawler(h));
  const t: number[][][] = builds.map(() => hosts.map(() => []));
  let allowed = 0;
  /** Times build `k`'s compileRobots + agent() + checks of host `i`. */
  const runHost = (k: number, i: number): void => {
    const h = hosts[i] as (typeof hosts)[number];
    const t0 = performance.now();
    const rules = (builds[k] as typeof compileRobots)(h.text, { maxBytes: h.maxBytes }).agent(agents[i] as string);
    for (const u of h.urls) if (rules.isAllowed(u)) allowed++;
    (t[k]?.[i] as number[]).push(performance.now() - t0);
  };
  for (let r = 0; r < rounds; r++) {
    if (paired) {
      for (let i = 0; i < hosts.length; i++) for (const k of (r + i) % 2 === 0 ? [0, 1] : [1, 0]) runHost(k, i);
    } else {
      for (const k of r % 2 === 0 ? [0, 1] : [1, 0]) for (let i = 0; i < hosts.length; i++) runHost(k, i);
    }
  }
  const medianAt = (k: number, i: number): number => medianOf((t[k]?.[i] as number[]).slice(2));
  const sumOf = (k: number, keep: (i: number) => boolean): number => hosts.reduce((s, _, i) => (keep(i) ? s + medianAt(k, i) : s), 0);
  for (const [name, keep] of [['one-group', (i: number) => oneGroup[i] === true], ['multi-group', (i: number) => oneGroup[i] === false], ['all', () => true]] as const) {
    const a = sumOf(0, keep);
    const b = sumOf(1, keep);
    process.stdout.write(`${name}: this build ${a.toFixed(1)} ms, ${against} ${b.toFixed(1)} ms, this/other ${(a / b).toFixed(3)}\n`);
  }
  const faster = hosts.filter((_, i) => medianAt(0, i) < medianAt(1, i)).length;
  process.stdout.write(`(${hosts.length} hosts, compileRobots + agent() + checks, ${rounds} rounds${paired ? ', paired by host' : ''}, this build faster on ${faster}; ${allowed > 0 ? 'answers kept' : ''})\n`);
}
