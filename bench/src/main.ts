/**
 * `pnpm bench` entry point: parses the flags (node:util parseArgs), runs the bench and writes the
 * report. `--quick` (CI smoke, < 2 min) writes to bench/results/quick/, `--robots/--urls` to
 * bench/results/user/, the full run to bench/results/.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { CRAWLEE_CONFIG, CRAWLEE_QUICK_CONFIG, formatCrawleeResults, runCrawleeBench, writeCrawleeResults } from './crawlee.js';
import { FLEET_CONFIG, FLEET_QUICK_CONFIG, formatFleetResults, runFleetBench } from './fleet.js';
import { writeReport } from './report.js';
import type { BenchResults, RunOptions } from './run-bench.js';
import { DisagreementError, FULL_CONFIG, QUICK_CONFIG, runBench } from './run-bench.js';
import type { BenchProfile } from './strategies.js';
import { measureWorkerThroughput } from './workers.js';

/** Seed of every PRNG of a run unless --seed is given. */
export const DEFAULT_SEED = 9309;

const USAGE = `usage: pnpm bench [--quick] [--warm-only] [--profile rfc9309|google] [--seed N] [--out DIR]
       pnpm bench --robots FILE --urls FILE [--agent NAME]
       pnpm bench --hostile [--quick]
       pnpm bench --fleet [--quick]
       pnpm bench --crawlee [--quick]
  --quick     smaller sizes (under 2 minutes); writes bench/results/quick/
  --warm-only only the warm rows (corpus and wildcard-heavy workloads, as the full run times
              them first); prints the rows and their targets, writes no report
  --robots    benchmark your own robots.txt against --urls (one URL per line)
  --agent     crawler product token for --robots (default '*')
  --hostile   run the hostile-input suite (bench/src/hostile.ts)
  --fleet     N processes x M origins sharing a redis-server (bench/src/fleet.ts; needs redis-server)
  --crawlee   a local Crawlee crawl, built-in robots.txt vs withRobomata (bench/src/crawlee.ts)
  --profile   matching profile (default rfc9309)`;

/** The shape `bench/src/hostile.ts` exports (written by another helper). */
interface _HostileModule {
  runHostileSuite(opts: { quick: boolean }): Promise<unknown>;
}

/** Returns the path of a results folder next to bench/dist. */
function _resultsDir(sub: string): string {
  return fileURLToPath(new URL(`../results/${sub}`, import.meta.url));
}

/** Runs the hostile suite if its module is present; returns the process exit code. */
async function _runHostile(quick: boolean): Promise<number> {
  const url = new URL('./hostile.js', import.meta.url);
  if (!existsSync(url)) {
    process.stderr.write('--hostile: the hostile-input suite (bench/src/hostile.ts, built to bench/dist/hostile.js) is not there yet; nothing to run.\n');
    return 2;
  }
  const mod = (await import(url.href)) as Partial<_HostileModule>;
  if (typeof mod.runHostileSuite !== 'function') {
    process.stderr.write('--hostile: bench/dist/hostile.js does not export runHostileSuite(opts).\n');
    return 2;
  }
  const report = await mod.runHostileSuite({ quick });
  process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
  return 0;
}

/** Parses the flags, runs the requested bench and returns the process exit code. */
export async function main(argv: readonly string[]): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      args: [...argv],
      options: {
        quick: { type: 'boolean', default: false },
        'warm-only': { type: 'boolean', default: false },
        robots: { type: 'string' },
        urls: { type: 'string' },
        agent: { type: 'string', default: '*' },
        hostile: { type: 'boolean', default: false },
        fleet: { type: 'boolean', default: false },
        crawlee: { type: 'boolean', default: false },
        profile: { type: 'string', default: 'rfc9309' },
        seed: { type: 'string' },
        out: { type: 'string' },
        help: { type: 'boolean', short: 'h', default: false },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (e) {
    process.stderr.write(`${e instanceof Error ? e.message : String(e)}\n${USAGE}\n`);
    return 2;
  }
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  if (values.hostile) return _runHostile(values.quick);
  if (values.fleet) {
    const fleet = await runFleetBench(values.quick ? FLEET_QUICK_CONFIG : FLEET_CONFIG);
    process.stdout.write(`${formatFleetResults(fleet)}\n`);
    return fleet.robotsRequests === fleet.config.origins ? 0 : 1;
  }
  if (values.crawlee) {
    const crawl = await runCrawleeBench(values.quick ? CRAWLEE_QUICK_CONFIG : CRAWLEE_CONFIG);
    process.stdout.write(`${formatCrawleeResults(crawl)}\nwrote ${writeCrawleeResults(crawl, values.quick).join(', ')}\n`);
    return 0;
  }
  if (values.profile !== 'rfc9309' && values.profile !== 'google') {
    process.stderr.write(`--profile must be rfc9309 or google\n${USAGE}\n`);
    return 2;
  }
  const profile: BenchProfile = values.profile;
  if ((values.robots === undefined) !== (values.urls === undefined)) {
    process.stderr.write(`--robots and --urls go together\n${USAGE}\n`);
    return 2;
  }
  const seed = values.seed !== undefined ? Number.parseInt(values.seed, 10) : DEFAULT_SEED;
  const notes: string[] = [];
  const base = {
    profile,
    seed,
    notes,
    extraStrategies: [],
    measureWorkers: measureWorkerThroughput,
  };
  let opts: RunOptions;
  let outDir: string;
  if (values.robots !== undefined && values.urls !== undefined) {
    const text = readFileSync(values.robots, 'utf8');
    const urls = readFileSync(values.urls, 'utf8').split(/\r?\n/).map((l) => l.trim()).filter((l) => l.length > 0 && !l.startsWith('#'));
    if (urls.length === 0) {
      process.stderr.write(`${values.urls}: no URLs\n`);
      return 2;
    }
    opts = { ...base, config: values.quick ? QUICK_CONFIG : FULL_CONFIG, mode: 'user', user: { robotsPath: values.robots, text, urls, agent: values.agent } };
    outDir = values.out ?? _resultsDir('user');
  } else {
    opts = { ...base, config: values.quick ? QUICK_CONFIG : FULL_CONFIG, mode: values.quick ? 'quick' : 'full', warmOnly: values['warm-only'] };
    outDir = values.out ?? _resultsDir(values.quick ? 'quick' : '');
  }
  let results: BenchResults;
  try {
    results = await runBench(opts);
  } catch (e) {
    if (e instanceof DisagreementError) {
      process.stderr.write(`ABORTED: ${e.message}\n`);
      return 1;
    }
    throw e;
  }
  if (values['warm-only']) {
    for (const w of results.workloads) process.stdout.write(`${w.id} (${w.checks} checks/pass): ${w.strategies.map((s) => `${s.id} ${s.ns.toFixed(1)} ns [${s.lo.toFixed(1)}-${s.hi.toFixed(1)}], MAD ${s.madPct.toFixed(1)}%`).join('; ')}\n`);
    for (const t of results.targets) process.stdout.write(`${t.pass === true ? 'PASS' : 'MISS'}  ${t.name}: ${t.measured} (goal ${t.goal}; ${t.gap})\n`);
    return 0;
  }
  const paths = writeReport(results, outDir);
  for (const t of results.targets) process.stdout.write(`${t.pass === undefined ? 'n/a ' : t.pass ? 'PASS' : 'MISS'}  ${t.name}: ${t.measured} (goal ${t.goal}; ${t.gap})\n`);
  process.stdout.write(`wrote ${paths.join(', ')}\n`);
  return 0;
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) {
  main(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code;
    },
    (e: unknown) => {
      process.stderr.write(`${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
      process.exitCode = 1;
    },
  );
}
