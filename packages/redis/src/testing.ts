/**
 * `@robomata/redis/testing`: the store's tuning constants, and a throwaway `redis-server` for
 * tests and benchmarks, on 127.0.0.1, on a free port, in a temporary directory, without
 * persistence; stopped (and its directory removed) by {@link RedisServer.stop}. Needs the `redis-server` binary on the PATH (Debian:
 * `apt-get install redis-server`).
 */

import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export { DEFAULT_CONNECT_TIMEOUT_MS, RECONNECT_MAX_DELAY_MS } from './redis-store.js';

/** A running test server. */
export interface RedisServer {
  /** `redis://127.0.0.1:PORT` */
  readonly url: string;
  /** The TCP port on 127.0.0.1 (kept across `stop`/`start`). */
  readonly port: number;
  /** The temporary working directory (removed by `stop`). */
  readonly dir: string;
  /** Pid of the current redis-server process. */
  pid(): number | undefined;
  /** Stops the server (SIGTERM, then SIGKILL after 5 s); `start` brings it back on the same port, empty. */
  stop(): Promise<void>;
  /** Starts it again after `stop`, on the same port. */
  start(): Promise<void>;
  /** Freezes the server (SIGSTOP): connections stay open but nothing answers, like a stalled Redis. */
  pause(): void;
  /** Resumes a paused server (SIGCONT). */
  resume(): void;
  /** Stops the server and removes its directory. */
  dispose(): Promise<void>;
}

/** Longest wait for redis-server to accept connections: 10 s (it starts in ~10 ms here). */
export const REDIS_START_TIMEOUT_MS = 10_000;

/** Returns a port that was free on 127.0.0.1 a moment ago. */
export async function findFreePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const port = (server.address() as AddressInfo).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** The error of {@link startRedisServer} when the binary is not on the PATH. */
export const REDIS_SERVER_MISSING =
  'redis-server is not installed (not on the PATH): the Redis tests start their own server; install it with `sudo apt-get install -y redis-server` (Debian/Ubuntu)';

/** Spawns redis-server on `port` in `dir` and resolves once it accepts connections. */
function _spawnRedis(port: number, dir: string): Promise<ChildProcess> {
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--save', '', '--appendonly', 'no', '--protected-mode', 'yes', '--loglevel', 'notice'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  return new Promise<ChildProcess>((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`redis-server did not start in ${REDIS_START_TIMEOUT_MS} ms:\n${output}`));
    }, REDIS_START_TIMEOUT_MS);
    const onData = (chunk: Buffer): void => {
      output += chunk.toString();
      if (output.includes('Ready to accept connections')) {
        clearTimeout(timer);
        child.stdout?.off('data', onData);
        child.stdout?.resume();
        child.stderr?.resume();
        resolve(child);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', (err: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      reject(err.code === 'ENOENT' ? new Error(REDIS_SERVER_MISSING) : err);
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`redis-server exited with code ${code}:\n${output}`));
    });
  });
}

/** Ends a child process: SIGTERM, SIGKILL after 5 s; resolves when it has exited. */
function _end(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise<void>((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGCONT');
    child.kill('SIGTERM');
  });
}

/**
 * Starts a `redis-server` on 127.0.0.1 on a free port with a fresh temporary directory and no
 * persistence; resolves once it accepts connections. Rejects with a clear message when the
 * binary is missing. Call `dispose()` when done.
 */
export async function startRedisServer(): Promise<RedisServer> {
  const dir = mkdtempSync(join(tmpdir(), 'robomata-redis-'));
  const port = await findFreePort();
  let child: ChildProcess | undefined;
  try {
    child = await _spawnRedis(port, dir);
  } catch (err) {
    rmSync(dir, { recursive: true, force: true });
    throw err;
  }
  const server: RedisServer = {
    url: `redis://127.0.0.1:${port}`,
    port,
    dir,
    pid: () => child?.pid,
    async stop() {
      const c = child;
      child = undefined;
      if (c !== undefined) await _end(c);
    },
    async start() {
      if (child === undefined) child = await _spawnRedis(port, dir);
    },
    pause() {
      child?.kill('SIGSTOP');
    },
    resume() {
      child?.kill('SIGCONT');
    },
    async dispose() {
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
  return server;
}
