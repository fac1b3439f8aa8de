/**
 * Two crawler processes sharing a real redis-server (started on a free port on 127.0.0.1): one
 * robots.txt request per origin between them. The children run on the built packages.
 */

import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startRedisServer } from '@robomata/redis/testing';
import type { RedisServer } from '@robomata/redis/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalSite } from '../examples/local-site.mjs';
import type { LocalSite } from '../examples/local-site.mjs';

const CHILD = fileURLToPath(new URL('./fixtures/fleet-crawler.mjs', import.meta.url));

interface Report {
  readonly handled: string[];
  readonly stats: Record<string, number | boolean>;
}

/** Spawns a crawler child; resolves `ready` when it is connected, `report` when it is done. */
function spawnCrawler(job: object): { child: ChildProcess; ready: Promise<void>; report: Promise<Report> } {
  const child = spawn(process.execPath, [CHILD, JSON.stringify(job)], { stdio: ['pipe', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  let onReady: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => (onReady = resolve));
  child.stdout?.on('data', (chunk: Buffer) => {
    out += chunk.toString();
    if (out.startsWith('ready\n')) onReady();
  });
  child.stderr?.on('data', (chunk: Buffer) => (err += chunk.toString()));
  const report = new Promise<Report>((resolve, reject) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      const line = out.split('\n').find((l) => l.startsWith('{'));
      if (line === undefined) reject(new Error(`crawler child exited ${String(code)} without a report: ${err}`));
      else resolve(JSON.parse(line) as Report);
    });
  });
  return { child, ready, report };
}

let redis: RedisServer;
let sites: LocalSite[] = [];
let storageDir = '';
beforeAll(async () => {
  redis = await startRedisServer();
  sites = [await startLocalSite(), await startLocalSite()];
  storageDir = mkdtempSync(join(tmpdir(), 'robomata-crawlee-fleet-'));
});
afterAll(async () => {
  await Promise.all(sites.map((s) => s.close()));
  await redis?.dispose();
  if (storageDir !== '') rmSync(storageDir, { recursive: true, force: true });
});

describe('two crawler processes sharing redis', () => {
  it('request each origin\'s robots.txt once between them, and both obey it', async () => {
    const urls = sites.flatMap((s) => ['/page/1', '/page/2', '/drafts/1', '/private/2', '/about'].map((p) => `${s.base}${p}`));
    const children = [0, 1].map((i) => spawnCrawler({ redisUrl: redis.url, urls, storageDir: join(storageDir, String(i)) }));
    await Promise.all(children.map((c) => c.ready));
    for (const c of children) c.child.stdin?.write('go\n');
    const reports = await Promise.all(children.map((c) => c.report));
    for (const s of sites) expect(s.robotsRequests(), s.base).toBe(1);
    const fetches = reports.reduce((n, r) => n + Number(r.stats['fetches']), 0);
    expect(fetches).toBe(2);
    for (const r of reports) {
      expect(r.handled.map((u) => new URL(u).pathname).sort()).toEqual(['/about', '/about', '/page/1', '/page/1', '/page/2', '/page/2']);
      expect(r.stats['skipped']).toBe(4);
    }
    for (const s of sites) expect(s.pageRequests().filter((p) => p.startsWith('/drafts/') || p.startsWith('/private/'))).toEqual([]);
  });
});
