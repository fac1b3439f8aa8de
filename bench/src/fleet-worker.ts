/**
 * One crawler process of the fleet bench (spawned by ./fleet.ts): warms a Redis-shared cache on
 * every origin at once (contending for the leases), then measures checks per second through
 * the cache and the latency of a check answered from Redis (an empty in-process tier), and
 * prints one JSON line ({@link FleetWorkerReport}).
 */
import { createRobotsCache } from '@robomata/fetch';
import type { RobotsCacheStats } from '@robomata/fetch';
import { createRedisStore } from '@robomata/redis';

/** What the parent sends (argv[2], JSON). */
export interface FleetWorkerJob {
  readonly redisUrl: string;
  /** One page URL per origin; checks use its origin with varied paths. */
  readonly origins: readonly string[];
  /** Checks of the throughput phase. */
  readonly checks: number;
  /** Rounds of the Redis-hit latency phase (each checks every origin once on a fresh cache). */
  readonly rounds: number;
}

/** What a worker prints. */
export interface FleetWorkerReport {
  readonly warmMs: number;
  readonly checksPerSecond: number;
  readonly peekChecksPerSecond: number;
  /** Latency (ms) of every check answered from Redis. */
  readonly redisHitMs: number[];
  readonly stats: RobotsCacheStats;
  readonly freshStats: RobotsCacheStats;
  readonly sink: number;
}

const USER_AGENT = 'FleetBench/1.0 (+http://127.0.0.1/bench)';

/** Runs the three phases of the module comment and returns the report. */
async function runWorker(job: FleetWorkerJob): Promise<FleetWorkerReport> {
  const store = createRedisStore({ url: job.redisUrl });
  for (let i = 0; i < 250; i++) {
    if (await store.get('fleet:probe').then(() => true, () => false)) break;
    await new Promise((r) => setTimeout(r, 20));
  }
  const cache = createRobotsCache({ userAgent: USER_AGENT, store, log: (m) => process.stderr.write(`${m}\n`) });
  const urls = job.origins.flatMap((o) => ['/', '/search?q=1', '/private/page', '/a/b/c.html'].map((p) => `${o}${p}`));
  let t = performance.now();
  await Promise.all(job.origins.map((o) => cache.isAllowed(o)));
  const warmMs = performance.now() - t;
  let sink = 0;
  t = performance.now();
  for (let i = 0; i < job.checks; i++) if (await cache.isAllowed(urls[i % urls.length] as string)) sink++;
  const checksPerSecond = job.checks / ((performance.now() - t) / 1000);
  t = performance.now();
  for (let i = 0; i < job.checks; i++) {
    const url = urls[i % urls.length] as string;
    if (cache.peek(url)?.isAllowed(url) === true) sink++;
  }
  const peekChecksPerSecond = job.checks / ((performance.now() - t) / 1000);
  const redisHitMs: number[] = [];
  let freshStats = cache.stats();
  for (let r = 0; r < job.rounds; r++) {
    const fresh = createRobotsCache({ userAgent: USER_AGENT, store });
    for (const url of job.origins) {
      const s = performance.now();
      if (await fresh.isAllowed(url)) sink++;
      redisHitMs.push(performance.now() - s);
    }
    freshStats = fresh.stats();
  }
  const stats = cache.stats();
  await store.close();
  return { warmMs, checksPerSecond, peekChecksPerSecond, redisHitMs, stats, freshStats, sink };
}

runWorker(JSON.parse(process.argv[2] ?? '{}') as FleetWorkerJob).then(
  (report) => process.stdout.write(`${JSON.stringify(report)}\n`),
  (err: unknown) => {
    process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
    process.exitCode = 1;
  },
);
