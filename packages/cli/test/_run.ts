/**
 * Runs the BUILT CLI (`node packages/cli/dist/bin.js`) as a child process. The CI builds before
 * testing (`pnpm test:all`); locally run `npx -y pnpm@10 build` first.
 */

import { spawn } from 'node:child_process';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll } from 'vitest';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Path of the built executable. */
export const BIN = fileURLToPath(new URL('../dist/bin.js', import.meta.url));
/** The bundled example robots.txt and URL list. */
export const EXAMPLE_ROBOTS = fileURLToPath(new URL('../examples/robots.txt', import.meta.url));
export const EXAMPLE_URLS = fileURLToPath(new URL('../examples/urls.txt', import.meta.url));

if (!existsSync(BIN)) {
  throw new Error(`${BIN} is missing: run "npx -y pnpm@10 build" before the CLI tests`);
}

/** Result of one CLI run. */
export interface RunResult {
  readonly status: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs the CLI with `args` (and `input` on stdin) and resolves when it exits. */
export async function runCli(args: readonly string[], input?: string): Promise<RunResult> {
  const r = await runCliBytes(args, input);
  return { ...r, stdout: r.stdout.toString('utf8') };
}

/** As {@link runCli}, with stdout as raw bytes (binary output such as `compile -o -`). */
export function runCliBytes(args: readonly string[], input?: string): Promise<{ status: number | null; stdout: Buffer; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], { stdio: ['pipe', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (c: Buffer) => out.push(c));
    child.stderr.on('data', (c: Buffer) => err.push(c));
    child.on('error', reject);
    child.on('close', (status) => {
      resolve({ status, stdout: Buffer.concat(out), stderr: Buffer.concat(err).toString('utf8') });
    });
    child.stdin.on('error', () => undefined); // the CLI may exit before reading stdin
    child.stdin.end(input ?? '');
  });
}

/** Creates a temporary directory; the returned function removes it. */
export function makeTempDir(): { dir: string; path: (name: string) => string; remove: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'robomata-cli-'));
  return { dir, path: (name) => join(dir, name), remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Asserts-friendly view: no stack trace lines in a stderr text. */
export function hasStackTrace(stderr: string): boolean {
  return /^\s+at .+\(.+:\d+:\d+\)$/m.test(stderr) || stderr.includes('node:internal');
}

/**
 * Returns a temporary directory and the path of the example robots.txt compiled there by
 * `robomata compile` before the suite's tests (the directory is removed after them).
 */
export function useExampleArtifact(): { tmp: ReturnType<typeof makeTempDir>; artifact: string } {
  const tmp = makeTempDir();
  const artifact = tmp.path('example.rbmt');
  afterAll(() => tmp.remove());
  beforeAll(async () => {
    const r = await runCli(['compile', EXAMPLE_ROBOTS, '-o', artifact]);
    if (r.status !== 0) throw new Error(`compile failed: ${r.stderr}`);
  });
  return { tmp, artifact };
}

/**
 * Serves `handler` on 127.0.0.1 (a free port) for the enclosing suite: started before its
 * tests, all connections closed after them. `site.base` is `http://127.0.0.1:PORT` once started.
 */
export function serveLocally(handler: (req: IncomingMessage, res: ServerResponse) => void): { readonly base: string } {
  const site = { base: '' };
  let server: Server | undefined;
  beforeAll(async () => {
    const started = createServer(handler);
    server = started;
    await new Promise<void>((resolve) => started.listen(0, '127.0.0.1', resolve));
    site.base = `http://127.0.0.1:${(started.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    if (server === undefined) return;
    const stopping = server;
    stopping.closeAllConnections();
    await new Promise<void>((resolve) => stopping.close(() => resolve()));
  });
  return site;
}
