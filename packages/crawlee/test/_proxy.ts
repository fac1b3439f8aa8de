/**
 * A forward HTTP proxy on 127.0.0.1 for the tests: CONNECT tunnels and absolute-URI requests,
 * each logged, to servers on 127.0.0.1 only.
 */

import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';

/** A started proxy. */
export interface TestProxy {
  /** `http://127.0.0.1:PORT` */
  readonly url: string;
  /** `CONNECT host:port` or `GET http://...`, in order. */
  readonly log: string[];
  close(): Promise<void>;
}

/** Starts the proxy; it refuses targets other than 127.0.0.1. */
export async function startTestProxy(): Promise<TestProxy> {
  const log: string[] = [];
  const server = createServer((req, res) => {
    log.push(`${req.method ?? ''} ${req.url ?? ''}`);
    const target = new URL(req.url ?? '');
    if (target.hostname !== '127.0.0.1') {
      res.writeHead(403).end();
      return;
    }
    const upstream = httpRequest({ host: '127.0.0.1', port: target.port, method: req.method, path: target.pathname + target.search, headers: req.headers }, (up) => {
      res.writeHead(up.statusCode ?? 502, up.headers);
      up.pipe(res);
    });
    upstream.on('error', () => res.writeHead(502).end());
    req.pipe(upstream);
  });
  server.on('connect', (req, client, head) => {
    log.push(`CONNECT ${req.url ?? ''}`);
    const [host, port] = (req.url ?? '').split(':');
    if (host !== '127.0.0.1') {
      client.end('HTTP/1.1 403 Forbidden\r\n\r\n');
      return;
    }
    const upstream = connect(Number(port), '127.0.0.1', () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    upstream.on('error', () => client.destroy());
    client.on('error', () => upstream.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    log,
    close(): Promise<void> {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
