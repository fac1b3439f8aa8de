/** Splits the cold-host workload's time (`node bench/dist/cold-split.js`): compile, load, agent() and the 50 checks, summed over hosts (medians of 5 rounds). */
import { compile, compileRobots } from '@robomata/compiler';
import { loadRobots } from '@robomata/runtime';
import { CORPUS_DIR } from './corpus.js';
import { medianOf } from './measure.js';
import { parseWithRobotsParser } from './strategies.js';
import { buildCorpusWorkload } from './workload.js';

const hosts = buildCorpusWorkload({ dir: CORPUS_DIR, files: 1000, urlsPerFile: 50, seed: 9314 }).hosts;
const names = ['compile', 'load', 'agent', 'checks', 'compileRobots', 'lazy agent', 'lazy checks', 'rp parse', 'rp checks'] as const;
const times: number[][][] = hosts.map(() => names.map(() => []));
let sink = 0;
for (let r = 0; r < 6; r++) {
  hosts.forEach((h, i) => {
    const t = times[i] as number[][];
    const agent = h.agents[h.agents.length - 1] ?? '*';
    let t0 = performance.now();
    const a = compile(h.text);
    let t1 = performance.now();
    (t[0] as number[]).push(t1 - t0);
    const robots = loadRobots(a);
    t0 = performance.now();
    (t[1] as number[]).push(t0 - t1);
    const rules = robots.agent(agent);
    t1 = performance.now();
    (t[2] as number[]).push(t1 - t0);
    for (const u of h.urls) if (rules.isAllowed(u)) sink++;
    t0 = performance.now();
    (t[3] as number[]).push(t0 - t1);
    const lazy = compileRobots(h.text);
    t1 = performance.now();
    (t[4] as number[]).push(t1 - t0);
    const lr = lazy.agent(agent);
    t0 = performance.now();
    (t[5] as number[]).push(t0 - t1);
    for (const u of h.urls) if (lr.isAllowed(u)) sink++;
    t1 = performance.now();
    (t[6] as number[]).push(t1 - t0);
    const rp = parseWithRobotsParser(h.robotsUrl, h.text);
    t0 = performance.now();
    (t[7] as number[]).push(t0 - t1);
    for (const u of h.urls) if (rp.isAllowed(u, agent) !== false) sink++;
    t1 = performance.now();
    (t[8] as number[]).push(t1 - t0);
  });
}
const sums = names.map((_, k) => times.reduce((s, t) => s + medianOf((t[k] as number[]).slice(1)), 0));
process.stdout.write(`${names.map((n, k) => `${n} ${(sums[k] as number).toFixed(1)} ms`).join(', ')} (${sink > 0 ? hosts.length : 0} hosts)\n`);
