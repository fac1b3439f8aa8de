/**
 * `pnpm bench --fleet`: N crawler processes x M origins sharing one Redis (issue 15). Starts a
 * throwaway redis-server and M HTTP servers on 127.0.0.1 serving real robots.txt files of the
 * corpus (sampled by size), runs N ./fleet-worker.ts processes, and reports the robots.txt
 * requests made (goal: exactly M), checks per second through the cache (awaited `isAllowed`,
 * and the `peek` fast path), and p50/p99 latency of a check answered from Redis.
 */
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { startRedisServer } from '@robomata/redis/testing';
import { CORPUS_DIR, listCorpus, readCorpusFile, sampleBySize } from './corpus.js';
import { createPrng } from './prng.js';
import type { FleetWorkerJob, FleetWorkerReport } from './fleet-worker.js';

/** Sizes of a fleet run. */
export interface FleetConfig {
  readonly processes: number;
  readonly origins: number;
  readonly checks: number;
  readonly rounds: number;
}

/**
 * `--fleet`: 4 processes x 100 origins (2 shared cores here). 4 x 200 ran at load average 13-15
 * on this machine too, but starved processes then fell back to their own fetches (see README).
 */
export const FLEET_CONFIG: FleetConfig = { processes: 4, origins: 100, checks: 200_000, rounds: 3 };
/** `--fleet --quick`: 2 processes x 40 origins, a few seconds. */
export const FLEET_QUICK_CONFIG: FleetConfig = { processes: 2, origins: 40, checks: 20_000, rounds: 1 };

/** The figures of one fleet run. */
export interface FleetResults {
  readonly config: FleetConfig;
  readonly robotsRequests: number;
  readonly requestsPerOrigin: { readonly min: number; readonly max: number };
  readonly checksPerSecond: number;
  readonly peekChecksPerSecond: number;
  readonly redisHitP50Ms: number;
  readonly redisHitP99Ms: number;
  readonly warmMsMax: number;
  readonly fetchesByProcess: number[];
  readonly rejectedRecords: number;
  readonly localFallbacks: number;
  readonly waitTimeouts: number;
  readonly leasesLost: number;
}

/** Returns the q-quantile (0..1) of sorted values. */
function quantile(sorted: readonly number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
}

/** Starts one HTTP server per body on 127.0.0.1; counts robots.txt requests per server. */
async function startOrigins(bodies: readonly string[]): Promise<{ servers: Server[]; bases: string[]; counts: number[] }> {
  const counts = bodies.map(() => 0);
  const servers: Server[] = [];
  const bases: string[] = [];
  for (const [i, body] of bodies.entries()) {
    const server = createServer((req, res) => {
      if (req.url === '/robots.txt') {
        counts[i] = (counts[i] ?? 0) + 1;
        res.writeHead(200, { 'content-type': 'text/plain' }).end(body);
      } else res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    servers.push(server);
    bases.push(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  }
  return { servers, bases, counts };
}

/** Runs one worker process and resolves with its report. */
function runWorkerProcess(job: FleetWorkerJob): Promise<FleetWorkerReport> {
  const script = fileURLToPath(new URL('./fleet-worker.js', import.meta.url));
  const child = spawn(process.execPath, [script, JSON.stringify(job)], { stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  child.stdout.on('data', (c: Buffer) => (out += c.toString()));
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => {
      const line = out.split('\n').find((l) => l.startsWith('{'));
      if (code === 0 && line !== undefined) resolve(JSON.parse(line) as FleetWorkerReport);
      else reject(new Error(`fleet worker exited with ${code}`));
    });
  });
}

/** Runs the fleet bench and returns its figures (the caller prints them). */
export async function runFleetBench(config: FleetConfig): Promise<FleetResults> {
  const files = sampleBySize(listCorpus(CORPUS_DIR), config.origins, createPrng(9309));
  const bodies = files.map((f) => readCorpusFile(CORPUS_DIR, f.name).text);
  const redis = await startRedisServer();
  const origins = await startOrigins(bodies);
  try {
    const job: FleetWorkerJob = { redisUrl: redis.url, origins: origins.bases, checks: config.checks, rounds: config.rounds };
    const reports = await Promise.all(Array.from({ length: config.processes }, () => runWorkerProcess(job)));
    const latencies = reports.flatMap((r) => r.redisHitMs).sort((a, b) => a - b);
    return {
      config,
      robotsRequests: origins.counts.reduce((a, b) => a + b, 0),
      requestsPerOrigin: { min: Math.min(...origins.counts), max: Math.max(...origins.counts) },
      checksPerSecond: reports.reduce((s, r) => s + r.checksPerSecond, 0),
      peekChecksPerSecond: reports.reduce((s, r) => s + r.peekChecksPerSecond, 0),
      redisHitP50Ms: quantile(latencies, 0.5),
      redisHitP99Ms: quantile(latencies, 0.99),
      warmMsMax: Math.max(...reports.map((r) => r.warmMs)),
      fetchesByProcess: reports.map((r) => r.stats.fetches),
      rejectedRecords: reports.reduce((s, r) => s + r.stats.rejectedRecords + r.freshStats.rejectedRecords, 0),
      localFallbacks: reports.reduce((s, r) => s + r.stats.localFallbacks + r.freshStats.localFallbacks, 0),
      waitTimeouts: reports.reduce((s, r) => s + r.stats.waitTimeouts + r.freshStats.waitTimeouts, 0),
      leasesLost: reports.reduce((s, r) => s + r.stats.leasesLost + r.freshStats.leasesLost, 0),
    };
  } finally {
    for (const s of origins.servers) s.close();
    await redis.dispose();
  }
}

/** Returns the human-readable lines of a fleet run. */
export function formatFleetResults(r: FleetResults): string {
  const { processes, origins } = r.config;
  return [
    `fleet: ${processes} processes x ${origins} origins (corpus sample), one redis-server, all on 127.0.0.1`,
    `${r.robotsRequests === origins ? 'PASS' : 'MISS'}  robots.txt requests: ${r.robotsRequests} (goal ${origins}; per origin ${r.requestsPerOrigin.min}..${r.requestsPerOrigin.max}; fetches by process ${r.fetchesByProcess.join('/')})`,
    `      checks/s through the cache, all processes: ${Math.round(r.checksPerSecond).toLocaleString('en-US')} (await isAllowed), ${Math.round(r.peekChecksPerSecond).toLocaleString('en-US')} (peek)`,
    `      check answered from Redis (empty in-process tier): p50 ${r.redisHitP50Ms.toFixed(3)} ms, p99 ${r.redisHitP99Ms.toFixed(3)} ms`,
    `      warm-up (every origin at once, leases contended): ${r.warmMsMax.toFixed(0)} ms; rejected records ${r.rejectedRecords}; local fallbacks ${r.localFallbacks}; wait timeouts ${r.waitTimeouts}; leases lost ${r.leasesLost}`,
  ].join('\n');
}
