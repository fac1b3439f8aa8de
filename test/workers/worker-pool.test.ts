/**
 * Worker threads share one artifact through a SharedArrayBuffer (packages/runtime/examples/
 * pool.mjs). The workers run plain Node and so use the BUILT runtime (dist/): build first.
 */

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compile } from '@robomata/compiler';
import { loadRobots } from '@robomata/runtime';
import { NOT_CHECKED, checkInPool } from '../../packages/runtime/examples/pool.mjs';

const ROBOTS = readFileSync(new URL('../../packages/cli/examples/robots.txt', import.meta.url));
const PIECES = ['', 'search', 'cart', 'checkout', 'admin', 'drafts', 'public', 'tmp', 'cache', 'index.html', 'x.pdf', 'y.json', 'robots.txt', '%7Euser', 'ツ'];
const QUERIES = ['', '?sessionid=1', '?page=2', '#frag'];

/** ~20,000 deterministic URLs over the path pieces the example robots.txt names. */
function generateUrls(count: number): string[] {
  const urls: string[] = [];
  let seed = 42;
  const next = (): number => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0);
  for (let i = 0; i < count; i++) {
    let path = '';
    const depth = 1 + (next() % 4);
    for (let d = 0; d < depth; d++) path += `/${PIECES[next() % PIECES.length] ?? ''}`;
    urls.push(`https://shop.example.com${path}${QUERIES[next() % QUERIES.length] ?? ''}`);
  }
  return urls;
}

function share(bytes: Uint8Array): SharedArrayBuffer {
  const sab = new SharedArrayBuffer(bytes.byteLength);
  new Uint8Array(sab).set(bytes);
  return sab;
}

describe('checkInPool', () => {
  const urls = generateUrls(20_000);

  it.each(['Googlebot', 'ExampleBot', 'SomeOtherBot'])(
    '2 workers give the verdicts of one thread, in order (%s)',
    async (agent) => {
      const artifact = share(compile(ROBOTS));
      const rules = loadRobots(artifact).agent(agent);
      const single = urls.map((u) => (rules.isAllowed(u) ? 1 : 0));
      const pool = await checkInPool({ artifact, agent, urls, workers: 2 });
      expect(pool.workers).toHaveLength(2);
      expect(pool.workers.map((w) => w.count)).toEqual([10_000, 10_000]);
      expect(Array.from(pool.allowed).includes(NOT_CHECKED)).toBe(false);
      expect(Array.from(pool.allowed)).toEqual(single);
      // The URL mix exercises both verdicts.
      expect(single.includes(0)).toBe(true);
      expect(single.includes(1)).toBe(true);
    },
  );

  it('each worker received the SharedArrayBuffer itself and reads it without copying', async () => {
    const artifact = share(compile(ROBOTS));
    const pool = await checkInPool({ artifact, agent: 'Googlebot', urls: urls.slice(0, 100), workers: 2 });
    for (const w of pool.workers) {
      expect(w.shared).toBe(true);
      expect(w.zeroCopy).toBe(true);
    }
  });

  it('the google profile artifact gives its own verdicts through the pool too', async () => {
    const artifact = share(compile(ROBOTS, { profile: 'google' }));
    const rules = loadRobots(artifact).agent('Googlebot');
    const single = urls.map((u) => (rules.isAllowed(u) ? 1 : 0));
    const pool = await checkInPool({ artifact, agent: 'Googlebot', urls, workers: 3 });
    expect(Array.from(pool.allowed)).toEqual(single);
  });

  it('rejects an artifact that is not a SharedArrayBuffer', async () => {
    const bytes = compile(ROBOTS);
    await expect(
      checkInPool({ artifact: bytes.buffer as unknown as SharedArrayBuffer, agent: 'X', urls: ['/'], workers: 1 }),
    ).rejects.toThrow(TypeError);
  });
});
