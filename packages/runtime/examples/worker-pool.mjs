#!/usr/bin/env node
/**
 * Worker-thread example: load an artifact (written by `robomata compile`, or any compiler of
 * yours) once, share it with N workers through a SharedArrayBuffer, check a stream of URLs on
 * all of them and print the throughput next to a single-thread run. Uses the runtime only.
 *
 *   npx -y pnpm@10 build
 *   node packages/cli/dist/bin.js compile packages/cli/examples/robots.txt -o /tmp/example.rbmt
 *   node packages/runtime/examples/worker-pool.mjs /tmp/example.rbmt [--agent Googlebot] [--workers 4] [--urls 1000000]
 *
 * URLs are generated deterministically.
 */

import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { parseArgs } from 'node:util';
import { loadRobots } from '@robomata/runtime';
import { checkInPool } from './pool.mjs';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    agent: { type: 'string', default: 'Googlebot' },
    workers: { type: 'string', default: String(Math.min(4, availableParallelism())) },
    urls: { type: 'string', default: '1000000' },
  },
});
const artifactPath = positionals[0];
if (artifactPath === undefined) {
  console.error('usage: worker-pool.mjs ARTIFACT [--agent Googlebot] [--workers 4] [--urls 1000000] (ARTIFACT: robomata compile robots.txt -o ARTIFACT)');
  process.exit(2);
}
const workers = Number(values.workers);
const total = Number(values.urls);

// 1. Read the artifact once and put it into shared memory.
const bytes = readFileSync(artifactPath);
const artifact = new SharedArrayBuffer(bytes.byteLength);
new Uint8Array(artifact).set(bytes);

// 2. A deterministic URL stream (a linear congruential generator picks path pieces).
const PIECES = ['', 'search', 'cart', 'checkout', 'admin', 'products', 'docs', 'tmp', 'a', 'cache', 'index.html', 'x.pdf', 'y.json'];
const QUERIES = ['', '?sessionid=1', '?page=2', '?q=shoes'];
function generateUrls(count) {
  const urls = new Array(count);
  let seed = 12345;
  const next = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0);
  for (let i = 0; i < count; i++) {
    const depth = 1 + (next() % 4);
    let path = '';
    for (let d = 0; d < depth; d++) path += `/${PIECES[next() % PIECES.length]}`;
    urls[i] = `https://shop.example.com${path}${QUERIES[next() % QUERIES.length]}`;
  }
  return urls;
}
const urls = generateUrls(total);

// 3. One thread, for comparison.
const rules = loadRobots(artifact).agent(values.agent);
const single = new Uint8Array(total);
const started = performance.now();
for (let i = 0; i < total; i++) single[i] = rules.isAllowed(urls[i]) ? 1 : 0;
const singleMs = performance.now() - started;

// 4. The pool.
const pool = await checkInPool({ artifact, agent: values.agent, urls, workers });
let mismatches = 0;
for (let i = 0; i < total; i++) if (pool.allowed[i] !== single[i]) mismatches++;

const rate = (n, ms) => `${Math.round((n * 1000) / ms).toLocaleString('en-US')} URLs/s`;
const allowed = single.reduce((sum, v) => sum + v, 0);
console.log(`artifact:     ${bytes.byteLength} bytes (shared by ${pool.workers.length} workers, zero-copy: ${pool.workers.every((w) => w.zeroCopy)})`);
console.log(`urls:         ${total.toLocaleString('en-US')} for agent ${values.agent} (${allowed.toLocaleString('en-US')} allowed)`);
console.log(`1 thread:     ${singleMs.toFixed(0)} ms, ${rate(total, singleMs)}`);
console.log(`${pool.workers.length} workers:    ${pool.elapsedMs.toFixed(0)} ms wall (startup included), ${rate(total, pool.elapsedMs)}`);
for (const [i, w] of pool.workers.entries()) console.log(`  worker ${i}:   ${w.count.toLocaleString('en-US')} URLs in ${w.ms.toFixed(0)} ms, ${rate(w.count, w.ms)}`);
const slowest = Math.max(...pool.workers.map((w) => w.ms));
console.log(`matching:     ${rate(total, slowest)} aggregate (slowest worker)`);
console.log(`verdicts:     ${mismatches === 0 ? 'identical to one thread' : `${mismatches} MISMATCHES`}`);
process.exitCode = mismatches === 0 ? 0 : 1;
