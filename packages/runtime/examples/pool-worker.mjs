/** One worker of pool.mjs: loads the shared artifact in place and checks its slice of URLs. */

import { parentPort, workerData } from 'node:worker_threads';
import { loadRobots } from '@robomata/runtime';

const { artifact, agent, urls, results, offset } = workerData;
const robots = loadRobots(artifact); // a SharedArrayBuffer is used in place, not copied
const rules = robots.agent(agent);
const out = new Uint8Array(results);
const started = performance.now();
for (let i = 0; i < urls.length; i++) out[offset + i] = rules.isAllowed(urls[i]) ? 1 : 0;
const ms = performance.now() - started;
parentPort.postMessage({
  shared: artifact instanceof SharedArrayBuffer,
  zeroCopy: robots.bytes.buffer === artifact,
  count: urls.length,
  ms,
});
