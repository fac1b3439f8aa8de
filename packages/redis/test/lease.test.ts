import type { ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectedAnswer, reply, robotsOf, spawnChild, startTestServer, useRedisServer } from './_fleet.js';
import type { TestServer } from './_fleet.js';

const LEASE_MS = 1_500;
const redis = useRedisServer();
let site: TestServer;
const held: ServerResponse[] = [];

beforeAll(async () => {
  site = await startTestServer();
  // The first robots.txt request never gets an answer (its holder is killed meanwhile);
  // later ones are answered.
  site.handle((req, res) => {
    if (req.url !== '/robots.txt') return reply(res, 404);
    if (site.count('/robots.txt') === 1) held.push(res);
    else reply(res, 200, robotsOf(3));
  });
});
afterAll(async () => {
  for (const res of held) res.destroy();
  await site?.close(); // undefined when redis-server did not start
});

/** Resolves once the site has seen `n` robots.txt requests (bounded: 10 s). */
async function requestsSeen(n: number): Promise<void> {
  for (let i = 0; i < 500 && site.count('/robots.txt') < n; i++) await new Promise((r) => setTimeout(r, 20));
  expect(site.count('/robots.txt')).toBeGreaterThanOrEqual(n);
}

describe('lease holder killed mid-fetch', () => {
  it('another process takes over once the lease expires; nothing hangs; later processes hit Redis', async () => {
    const urls = [`${site.base}/o3/x`, `${site.base}/other`];
    const expected = urls.map((u) => expectedAnswer(3, new URL(u).pathname));
    const job = { redisUrl: redis().url, urls, leaseMs: LEASE_MS, timeoutMs: 20_000 };
    const holder = spawnChild(job);
    await requestsSeen(1); // the holder has the lease and is fetching
    const waiter = spawnChild(job);
    await new Promise((r) => setTimeout(r, 300)); // the waiter is polling
    holder.process.kill('SIGKILL');
    await expect(holder.report).rejects.toThrow(/without a report/);
    const report = await waiter.report;
    expect(report.answers).toEqual(expected);
    expect(report.stats['fetches']).toBe(1); // it fetched itself, as the new lease holder
    expect(report.stats['waitTimeouts']).toBe(0); // by taking the expired lease, not by giving up
    expect(site.count('/robots.txt')).toBe(2);
    const later = await spawnChild(job).report;
    expect(later.answers).toEqual(expected);
    expect(later.stats['storeHits']).toBe(1);
    expect(site.count('/robots.txt')).toBe(2);
  });
});
