/**
 * `pnpm bench:robots-parser`: @robomata/robots-parser against robots-parser 3.0.1 through the same
 * API, as a robots-parser user would switch: `robotsParser(url, text)` once per host, then
 * `isAllowed(absoluteUrl, userAgentHeader)` per URL. Corpus files sampled by size (seeded), URLs
 * generated from each file's own rules; prints ns per check, parse/compile time per host and the
 * share of answers that differ (the differences the package README lists). `--quick` is the
 * smoke run. Self-contained: nothing else in the bench depends on it.
 */
import { createRequire } from 'node:module';
import { parseArgs } from 'node:util';
import robomataParser from '@robomata/robots-parser';
import { listCorpus, readCorpusFile, sampleBySize, CORPUS_DIR } from './corpus.js';
import { createPassFn, medianOf, timePasses, type PreparedCase } from './measure.js';
import { createPrng } from './prng.js';
import { generateUrls } from './url-gen.js';
import { summarizeFile } from './workload.js';

/** The robots-parser API both sides implement (what the timed loop calls). */
interface RobotLike {
  isAllowed(url: string, ua?: string): boolean | undefined;
}

const realParser = createRequire(import.meta.url)('robots-parser') as (url: string, text: string) => RobotLike;

/** The User-Agent header every check passes (a full header, as robots-parser users pass it). */
const USER_AGENT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
/** Seed of the sample and the URLs. */
const SEED = 9309;

/** Sizes of a run: hosts sampled from the corpus, URLs per host, timing budget per side. */
const CONFIGS = {
  full: { hosts: 300, urls: 60, budgetMs: 3_000, minSamples: 20 },
  quick: { hosts: 40, urls: 20, budgetMs: 300, minSamples: 5 },
} as const;

/**
 * One side's prepared hosts: matchers bound to the header, and the median prepare time per host,
 * warm (every host is prepared once untimed first: cold compiles of the first hosts cost 10-60 ms
 * of JIT warm-up that a crawler pays once per process, not per host).
 */
function prepare(make: (url: string, text: string) => RobotLike, hosts: readonly { origin: string; text: string; urls: string[] }[]): { cases: PreparedCase[]; prepareMs: number } {
  for (const h of hosts) make(`${h.origin}/robots.txt`, h.text);
  const times: number[] = [];
  const cases = hosts.map((h) => {
    const t0 = performance.now();
    const robot = make(`${h.origin}/robots.txt`, h.text);
    times.push(performance.now() - t0);
    return { m: { isAllowed: (url: string): boolean => robot.isAllowed(url, USER_AGENT) === true }, urls: h.urls };
  });
  return { cases, prepareMs: medianOf(times) };
}

/** Runs the comparison and prints one table; returns the process exit code. */
export function runRobotsParserBench(quick: boolean): number {
  const config = quick ? CONFIGS.quick : CONFIGS.full;
  const prng = createPrng(SEED);
  const sample = sampleBySize(listCorpus(CORPUS_DIR), config.hosts, prng);
  const hosts = sample.map(({ name }) => {
    const { text } = readCorpusFile(CORPUS_DIR, name);
    const origin = `https://${name}`;
    const urls = generateUrls(summarizeFile(text).patterns, config.urls, prng, { base: origin }).map((u) => u.url);
    return { origin, text, urls };
  });
  const checks = hosts.reduce((n, h) => n + h.urls.length, 0);
  const sides = [
    { name: 'robots-parser 3.0.1', ...prepare(realParser, hosts) },
    { name: '@robomata/robots-parser', ...prepare(robomataParser, hosts) },
  ];
  let differ = 0;
  for (let i = 0; i < hosts.length; i++) {
    const [a, b] = [sides[0]?.cases[i], sides[1]?.cases[i]];
    for (const url of hosts[i]?.urls ?? []) if (a?.m.isAllowed(url) !== b?.m.isAllowed(url)) differ++;
  }
  const rows = sides.map((s) => {
    const t0 = performance.now();
    const pass = createPassFn();
    pass(s.cases);
    const timing = timePasses(s.name, pass, s.cases, { budgetMs: config.budgetMs, minSamples: config.minSamples, checks, passMs: performance.now() - t0 });
    return { name: s.name, ns: timing.ns, madPct: timing.madPct, prepareMs: s.prepareMs };
  });
  const base = rows[0]?.ns ?? 1;
  console.log(`robots-parser drop-in: ${hosts.length} corpus hosts sampled by size, ${checks.toLocaleString('en-US')} checks per pass, UA "${USER_AGENT}"`);
  console.log('| implementation | ns/check (median) | MAD | speed-up vs robots-parser | prepare per host (median) |');
  console.log('|---|---:|---:|---:|---:|');
  for (const r of rows) console.log(`| ${r.name} | ${r.ns.toFixed(1)} | ${r.madPct.toFixed(1)}% | ${(base / r.ns).toFixed(1)}x | ${r.prepareMs.toFixed(3)} ms |`);
  console.log(`answers that differ: ${differ} of ${checks} (${((100 * differ) / checks).toFixed(2)}%; the package README lists why)`);
  return 0;
}

const { values } = parseArgs({ options: { quick: { type: 'boolean', default: false } } });
process.exitCode = runRobotsParserBench(values.quick === true);
