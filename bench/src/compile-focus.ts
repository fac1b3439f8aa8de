/**
 * A focused compile bench (the full `pnpm bench` takes minutes): `node --expose-gc
 * bench/dist/compile-focus.js [compile] [cold] [oracle] [--files N] [--hosts N] [--rounds N]`.
 * - `compile`: median compile (and `compileRobots` + one `agent()`) vs robots-parser's parse
 *   over the bench's corpus sample (same sample and seed as `pnpm bench`);
 * - `cold`: the cold-host workloads of `pnpm bench` (compileRobots, full compile, scoped);
 * - `oracle`: docs.oracle.com (853 KB) compile in a warm process.
 * Figures from one run on a shared machine: compare ratios, not times.
 */
import { parseArgs } from 'node:util';
import { compile, compileRobots, parseRobotsTxt } from '@robomata/compiler';
import { measureColdHosts, pickCrawler } from './crawl.js';
import { CORPUS_DIR, readCorpusFile } from './corpus.js';
import { medianOf, timeOp } from './measure.js';
import { parseWithRobotsParser } from './strategies.js';
import { buildCorpusWorkload } from './workload.js';

const SEED = 9309;

function _compileRatio(files: number): void {
  const hosts = buildCorpusWorkload({ dir: CORPUS_DIR, files, urlsPerFile: 1, seed: SEED }).hosts;
  const seen = new Set<string>();
  const c: number[] = [];
  const parse: number[] = [];
  const lazy: number[] = [];
  const rp: number[] = [];
  for (const h of hosts) {
    if (seen.has(h.name)) continue;
    seen.add(h.name);
    const agent = pickCrawler(h);
    c.push(timeOp(() => compile(h.text, { maxBytes: h.maxBytes }), 3, 0.2));
    parse.push(timeOp(() => parseRobotsTxt(h.text, { maxBytes: h.maxBytes }), 3, 0.2));
    lazy.push(timeOp(() => compileRobots(h.text, { maxBytes: h.maxBytes }).agent(agent), 3, 0.2));
    rp.push(timeOp(() => parseWithRobotsParser(h.robotsUrl, h.text), 3, 0.2));
  }
  const m = medianOf(c);
  const r = medianOf(rp);
  const l = medianOf(lazy);
  process.stdout.write(
    `compile: ${seen.size} files, median compile ${(m * 1000).toFixed(1)} us, compileRobots+agent ${(l * 1000).toFixed(1)} us, robots-parser parse ${(r * 1000).toFixed(1)} us: ` +
      `compile/parse ${(m / r).toFixed(2)}x, compileRobots+agent/parse ${(l / r).toFixed(2)}x (sums ${(c.reduce((a, b) => a + b, 0) / rp.reduce((a, b) => a + b, 0)).toFixed(2)}x); ` +
      `our parse alone ${(medianOf(parse) * 1000).toFixed(1)} us: ${(medianOf(parse) / r).toFixed(2)}x robots-parser's\n`,
  );
}

function _cold(files: number, rounds: number): void {
  const hosts = buildCorpusWorkload({ dir: CORPUS_DIR, files, urlsPerFile: 50, seed: SEED + 5 }).hosts;
  measureColdHosts(hosts.slice(0, 50), 'rfc9309', 1, 'compileRobots');
  for (const mode of ['compileRobots', 'compile', 'scoped'] as const) {
    const r = measureColdHosts(hosts, 'rfc9309', rounds, mode);
    process.stdout.write(`cold ${mode}: ${r.hosts} hosts, robomata ${(r.robomataUs / 1000).toFixed(1)} ms, robots-parser ${(r.robotsParserUs / 1000).toFixed(1)} ms: ${r.ratio.toFixed(3)}x\n`);
  }
}

function _oracle(): void {
  const text = readCorpusFile(CORPUS_DIR, 'docs.oracle.com').text;
  for (let i = 0; i < 3; i++) compile(text);
  process.stdout.write(`docs.oracle.com: ${timeOp(() => compile(text), 5, 0.2).toFixed(1)} ms warm\n`);
}

const { values, positionals } = parseArgs({
  options: { files: { type: 'string', default: '300' }, hosts: { type: 'string', default: '1000' }, rounds: { type: 'string', default: '3' } },
  allowPositionals: true,
});
const what = positionals.length === 0 ? ['compile', 'cold', 'oracle'] : positionals;
if (what.includes('compile')) _compileRatio(Number(values.files));
if (what.includes('cold')) _cold(Number(values.hosts), Number(values.rounds));
if (what.includes('oracle')) _oracle();
