/**
 * Fleet test helpers: a real redis-server per test file, origin servers on 127.0.0.1, and
 * crawler child processes (fixtures/fleet-child.mjs, on the built packages).
 */

import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { useService } from '../../../test/support/fixture.js';
import { startRedisServer } from '@robomata/redis/testing';
import type { RedisServer } from '@robomata/redis/testing';
import { reply, startTestServer } from '../../fetch/test/_server.js';
import type { TestServer } from '../../fetch/test/_server.js';

export { reply, startTestServer };
export type { TestServer };

/** The product token the fleet's caches are created with (fixtures/fleet-child.mjs). */
export const FLEET_TOKEN = 'FleetBot';

/**
 * The robots.txt of origin `i`: FleetBot may not fetch `/o{i}/`, everything else is allowed.
 * Sitemap lines make it longer than COMPILE_IN_WORKER_MIN_BYTES, so children compile on the worker.
 */
export function robotsOf(i: number): string {
  const sitemaps = Array.from({ length: 8 }, (_, k) => `Sitemap: https://www.example.com/sitemap-${i}-${k}.xml\n`).join('');
  return `User-agent: *\nDisallow: /\n\nUser-agent: ${FLEET_TOKEN}\nDisallow: /o${i}/\n\n${sitemaps}`;
}

/** The answer the rules of {@link robotsOf} give FleetBot for `path` on origin `i`. */
export function expectedAnswer(i: number, path: string): boolean {
  return !path.startsWith(`/o${i}/`);
}

/** Starts a redis-server before the file's tests and disposes of it after; `get()` returns it. */
export function useRedisServer(): () => RedisServer {
  return useService('useRedisServer', 'file', startRedisServer, (server) => server.dispose());
}

/** What a child prints. */
export interface ChildReport {
  readonly answers: boolean[];
  readonly stats: Record<string, number | boolean>;
  readonly logs: string[];
}

/** A running crawler child. */
export interface Child {
  readonly process: ChildProcess;
  /** Resolves with the child's report (rejects if it exits without one or after `timeoutMs`). */
  readonly report: Promise<ChildReport>;
  /** Resolves when the child says it is connected (only with `signalReady`). */
  readonly ready: Promise<void>;
}

const CHILD = fileURLToPath(new URL('./fixtures/fleet-child.mjs', import.meta.url));

/** Spawns a crawler child checking `urls` through Redis at `redisUrl`; bounded by `timeoutMs`. */
export function spawnChild(job: { redisUrl: string; urls: string[]; leaseMs?: number; timeoutMs?: number; signalReady?: boolean }, timeoutMs = 30_000): Child {
  const child = spawn(process.execPath, [CHILD, JSON.stringify(job)], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  let onReady: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => (onReady = resolve));
  child.stdout.on('data', (chunk: Buffer) => {
    out += chunk.toString();
    if (out.startsWith('ready\n')) onReady();
  });
  child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
  const report = new Promise<ChildReport>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`child did not finish in ${timeoutMs} ms; stderr: ${err}`));
    }, timeoutMs);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      const line = out.split('\n').find((l) => l.startsWith('{'));
      if (line === undefined) reject(new Error(`child exited (${code ?? signal}) without a report; stderr: ${err}`));
      else resolve(JSON.parse(line) as ChildReport);
    });
  });
  report.catch(() => undefined);
  return { process: child, report, ready };
}
