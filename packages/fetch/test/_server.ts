/**
 * A real HTTP server on 127.0.0.1 (port 0) for the fetch tests: each request is recorded and
 * answered by the test's handler.
 */

import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll } from 'vitest';

/** A request as the server saw it. */
export interface SeenRequest {
  readonly path: string;
  readonly userAgent: string | undefined;
}

/** A started test server. */
export interface TestServer {
  /** `http://127.0.0.1:PORT` */
  readonly base: string;
  readonly port: number;
  readonly requests: SeenRequest[];
  /** Replaces the request handler. */
  handle(handler: (req: IncomingMessage, res: ServerResponse) => void): void;
  /** Number of requests for a path. */
  count(path: string): number;
  close(): Promise<void>;
}

/** Starts a server on 127.0.0.1:0 that answers 404 until a handler is set. */
export async function startTestServer(): Promise<TestServer> {
  let handler: (req: IncomingMessage, res: ServerResponse) => void = (_req, res) => {
    res.writeHead(404).end();
  };
  const requests: SeenRequest[] = [];
  const server = createServer((req, res) => {
    requests.push({ path: req.url ?? '', userAgent: req.headers['user-agent'] });
    handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    base: `http://127.0.0.1:${port}`,
    port,
    requests,
    handle(next): void {
      handler = next;
    },
    count(path: string): number {
      return requests.filter((r) => r.path === path).length;
    },
    close(): Promise<void> {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Answers `status` with a text body and optional extra headers. */
export function reply(res: ServerResponse, status: number, body = '', headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'text/plain', ...headers });
  res.end(body);
}

/**
 * Starts two test servers before a file's tests and closes them after, handing them to `set`
 * (two origins, for cross-origin redirects).
 */
export function useTestServers(set: (a: TestServer, b: TestServer) => void): void {
  let a: TestServer | null = null;
  let b: TestServer | null = null;
  beforeAll(async () => {
    a = await startTestServer();
    b = await startTestServer();
    set(a, b);
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });
}

/**
 * Returns a handler for a redirect chain `/robots.txt` -> `/r1` -> ... -> `/rN`: each hop
 * answers `status` with a `location`, and `/rN` answers 200 with `final(N)`.
 */
export function redirectChain(hops: number, status: number, final: (at: number) => string): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    const path = req.url ?? '';
    const at = path === '/robots.txt' ? 0 : Number(path.slice(2));
    if (at < hops) reply(res, status, '', { location: `/r${at + 1}` });
    else reply(res, 200, final(at));
  };
}

/**
 * Starts two test servers (see {@link useTestServers}) that answer every request 200 with
 * `body`; returns a holder whose `a` and `b` are set before the tests run.
 */
export function useRulesServers(body: string): { readonly a: TestServer; readonly b: TestServer } {
  const pair = {} as { a: TestServer; b: TestServer };
  useTestServers((a, b) => {
    pair.a = a;
    pair.b = b;
    for (const s of [a, b]) s.handle((_req, res) => reply(res, 200, body));
  });
  return pair;
}
