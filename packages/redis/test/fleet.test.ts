import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectedAnswer, reply, robotsOf, spawnChild, startTestServer, useRedisServer } from './_fleet.js';
import type { TestServer } from './_fleet.js';

const PROCESSES = 4;
const ORIGINS = 24;
const redis = useRedisServer();
let servers: TestServer[] = [];

beforeAll(async () => {
  servers = await Promise.all(Array.from({ length: ORIGINS }, () => startTestServer()));
  servers.forEach((s, i) => {
    // A little latency so that the processes really overlap on every origin.
    s.handle((req, res) => {
      if (req.url === '/robots.txt') setTimeout(() => reply(res, 200, robotsOf(i)), 30);
      else reply(res, 404);
    });
  });
});
afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
});

/** Every process checks, per origin, its own path and another origin's path, in its own order. */
function urlsFor(p: number): { urls: string[]; expected: boolean[] } {
  const urls: string[] = [];
  const expected: boolean[] = [];
  for (let k = 0; k < ORIGINS; k++) {
    const i = (k * 7 + p * 5) % ORIGINS;
    for (const path of [`/o${i}/page`, `/o${(i + 1) % ORIGINS}/page`, '/']) {
      urls.push(`${servers[i]?.base}${path}`);
      expected.push(expectedAnswer(i, path));
    }
  }
  return { urls, expected };
}

describe('a fleet of OS processes sharing Redis', () => {
  it(`${PROCESSES} processes x ${ORIGINS} origins: exactly one robots.txt request per origin, identical answers`, async () => {
    const jobs = Array.from({ length: PROCESSES }, (_, p) => urlsFor(p));
    const children = jobs.map((job) => spawnChild({ redisUrl: redis().url, urls: job.urls }));
    const reports = await Promise.all(children.map((c) => c.report));
    reports.forEach((r, p) => expect(r.answers).toEqual(jobs[p]?.expected));
    expect(servers.map((s) => s.count('/robots.txt'))).toEqual(servers.map(() => 1));
    const fetches = reports.reduce((n, r) => n + Number(r.stats['fetches']), 0);
    const hits = reports.reduce((n, r) => n + Number(r.stats['storeHits']), 0);
    expect(fetches).toBe(ORIGINS);
    expect(hits).toBe(ORIGINS * (PROCESSES - 1));
    expect(reports.every((r) => r.stats['localFallbacks'] === 0 && r.stats['rejectedRecords'] === 0)).toBe(true);
    // The bodies are longer than COMPILE_IN_WORKER_MIN_BYTES and the children run the built
    // package, whose worker script exists: every compile ran off the event loop.
    expect(reports.reduce((n, r) => n + Number(r.stats['compiledInWorker']), 0)).toBe(ORIGINS);
  });

  it('a second wave of processes fetches nothing: every origin comes from Redis', async () => {
    const before = servers.map((s) => s.count('/robots.txt'));
    const job = urlsFor(0);
    const reports = await Promise.all([0, 1].map(() => spawnChild({ redisUrl: redis().url, urls: job.urls }).report));
    for (const r of reports) {
      expect(r.answers).toEqual(job.expected);
      expect(r.stats['fetches']).toBe(0);
      expect(r.stats['storeHits']).toBe(ORIGINS);
    }
    expect(servers.map((s) => s.count('/robots.txt'))).toEqual(before);
  });
});
