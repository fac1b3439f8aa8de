/**
 * Splits the cold-host workload's time (`node bench/dist/cold-split.js`): compile, load, agent() and the 50 checks, summed over hosts (medians of 5 rounds).
 * `lazy file` is outside the workload: what a compileRobots host pays later for the whole file's artifact (`robots.bytes`, rule texts, sitemaps).
 */
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
    const a = compile(h.text);
    lap(0);
    const robots = loadRobots(a);
    lap(1);
    const rules = robots.agent(agent);
    lap(2);
    for (const u of h.urls) if (rules.isAllowed(u)) sink++;
    lap(3);
    const lazy = compileRobots(h.text);
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
const oneGroup = hosts.map((h) => {
  const r = loadRobots(compile(h.text));
  return r.groupCount === 1 && r.agent('*').selection === 'global';
});
for (const one of [true, false]) {
  const of = (k: number): number => times.reduce((s, t, i) => (oneGroup[i] === one ? s + medianOf((t[k] as number[]).slice(1)) : s), 0);
  const n = oneGroup.filter((x) => x === one).length;
  process.stdout.write(`${one ? 'one-group' : 'multi-group'} (${n} hosts): ${[4, 5, 6].map((k) => `${names[k]} ${of(k).toFixed(1)} ms`).join(', ')}\n`);
}
