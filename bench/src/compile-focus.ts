/**
 * A focused compile bench (the full `pnpm bench` takes minutes): `node --expose-gc
 * bench/dist/compile-focus.js [compile] [cold] [oracle] [--files N] [--hosts N] [--rounds N]`.
 * - `compile`: median compile (and `compileRobots` + one `agent()`) vs robots-parser's parse
 *   over the bench's corpus sample (same sample and seed as `pnpm bench`);
 * - `cold`: the cold-host workloads of `pnpm bench` (compileRobots, full compile, scoped);
 * - `oracle`: docs.oracle.com (853 KB) compile in a warm process;
 * - `ab --against DIR`: this build's compiler against another build's (`DIR`: that checkout's
 *   root) in one process, rounds over the same files alternating A B B A, for `--seconds` each
 *   of `compile` and `compileRobots` + one `agent()`: per-file mean time of each round, the
 *   median and fastest round of each build and their ratios. Two processes timed minutes apart
 *   on a shared machine differ more than most changes do; run it twice with the builds swapped
 *   (the build loaded second measured about 4% slower in both orders here) and quote both.
 *   `--mid`: only the files from the 30th to the 70th size percentile (the median-sized files
 *   the median-compile target is about; the mean over all is led by a few large ones).
 * Figures from one run on a shared machine: compare ratios, not times.
 */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { compile, compileRobots, parseRobotsTxt } from '@robomata/compiler';
import { measureColdHosts, pickCrawler } from './crawl.js';
import { CORPUS_DIR, readCorpusFile } from './corpus.js';
import { medianOf, timeOp } from './measure.js';
import { parseWithRobotsParser } from './strategies.js';
import { DEFAULT_SEED } from './main.js';
import { buildCorpusWorkload } from './workload.js';

const SEED = DEFAULT_SEED;

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

/** The compiler entry points an A/B round calls. */
interface _Compiler {
  readonly compile: typeof compile;
  readonly compileRobots: typeof compileRobots;
}

/** Returns the per-file mean ms of one round of `compiler` over `files` (`lazy`: compileRobots + agent()). */
function _abRound(compiler: _Compiler, files: readonly { text: string | Uint8Array; maxBytes: number; agent: string }[], lazy: boolean): number {
  const t0 = performance.now();
  for (const f of files) {
    if (lazy) compiler.compileRobots(f.text, { maxBytes: f.maxBytes }).agent(f.agent);
    else compiler.compile(f.text, { maxBytes: f.maxBytes });
  }
  return (performance.now() - t0) / files.length;
}

async function _ab(files: number, against: string, seconds: number, mid: boolean): Promise<void> {
  const other = (await import(pathToFileURL(join(against, 'packages/compiler/dist/index.js')).href)) as _Compiler;
  const builds: readonly _Compiler[] = [{ compile, compileRobots }, other];
  const hosts = buildCorpusWorkload({ dir: CORPUS_DIR, files, urlsPerFile: 1, seed: SEED }).hosts;
  const seen = new Set<string>();
  const all = hosts.filter((h) => !seen.has(h.name) && seen.add(h.name) !== undefined).map((h) => ({ text: h.text, maxBytes: h.maxBytes, agent: pickCrawler(h) }));
  const bySize = [...all].sort((x, y) => x.text.length - y.text.length);
  const sample = mid ? bySize.slice(Math.floor(all.length * 0.3), Math.floor(all.length * 0.7)) : all;
  for (const lazy of [false, true]) {
    const times: [number[], number[]] = [[], []];
    for (let i = 0; i < 3; i++) for (const b of builds) _abRound(b, sample, lazy);
    const t0 = performance.now();
    for (let r = 0; performance.now() - t0 < seconds * 1000; r++) {
      // A B B A: neither build always runs right after the other's garbage.
      for (const k of r % 2 === 0 ? [0, 1] : [1, 0]) times[k as 0 | 1].push(_abRound(builds[k] as _Compiler, sample, lazy));
    }
    const [a, b] = times;
    const us = (x: number): string => (x * 1000).toFixed(1);
    process.stdout.write(
      `ab ${lazy ? 'compileRobots+agent' : 'compile'}: ${sample.length} files, ${a.length} rounds each; per-file mean: this build median ${us(medianOf(a))} us, fastest ${us(Math.min(...a))} us; ` +
        `${against} median ${us(medianOf(b))} us, fastest ${us(Math.min(...b))} us; this/other median ${(medianOf(a) / medianOf(b)).toFixed(3)}x, fastest ${(Math.min(...a) / Math.min(...b)).toFixed(3)}x\n`,
    );
  }
}

const { values, positionals } = parseArgs({
  options: {
    files: { type: 'string', default: '300' }, hosts: { type: 'string', default: '1000' }, rounds: { type: 'string', default: '3' },
    against: { type: 'string' }, seconds: { type: 'string', default: '10' }, mid: { type: 'boolean', default: false },
  },
  allowPositionals: true,
});
const what = positionals.length === 0 ? ['compile', 'cold', 'oracle'] : positionals;
if (what.includes('compile')) _compileRatio(Number(values.files));
if (what.includes('cold')) _cold(Number(values.hosts), Number(values.rounds));
if (what.includes('oracle')) _oracle();
if (what.includes('ab')) {
  if (values.against === undefined) throw new Error('ab needs --against <root of another built checkout>');
  await _ab(Number(values.files), values.against, Number(values.seconds), values.mid);
}
