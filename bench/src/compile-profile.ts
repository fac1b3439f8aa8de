/** Profiling loop (not part of the bench): `node --cpu-prof bench/dist/compile-profile.js [compile|compile-only|lazy|parse] [reps] [max file chars]`. */
import { compile, compileRobots, parseRobotsTxt } from '@robomata/compiler';
import { loadRobots } from '@robomata/runtime';
import { CORPUS_DIR } from './corpus.js';
import { buildCorpusWorkload } from './workload.js';

const mode = process.argv[2] ?? 'compile';
const reps = Number(process.argv[3] ?? '10');
const maxSize = Number(process.argv[4] ?? 'Infinity');
const hosts = buildCorpusWorkload({ dir: CORPUS_DIR, files: 1000, urlsPerFile: 50, seed: 9314 }).hosts.filter((h) => h.text.length <= maxSize);
let sink = 0;
const t0 = performance.now();
for (let r = 0; r < reps; r++) {
  for (const h of hosts) {
    const agent = h.agents[h.agents.length - 1] ?? '*';
    if (mode === 'parse') { sink += parseRobotsTxt(h.text).groups.length; continue; }
    if (mode === 'compile-only') { sink += compile(h.text).length; continue; }
    const rules = (mode === 'lazy' ? compileRobots(h.text) : loadRobots(compile(h.text))).agent(agent);
    for (const u of h.urls) if (rules.isAllowed(u)) sink++;
  }
}
process.stdout.write(`${mode}: ${((performance.now() - t0) / reps).toFixed(1)} ms per pass (${sink})\n`);
