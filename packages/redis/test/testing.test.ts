// testing.ts: a missing redis-server binary is one clear error (the fleet tests rely on it
// being the only error of their file: their clean-ups tolerate what was never started).
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { REDIS_SERVER_MISSING, startRedisServer } from '../src/testing.js';

describe('startRedisServer without redis-server on the PATH', () => {
  const path = process.env['PATH'];
  const tmp = process.env['TMPDIR'];
  afterEach(() => {
    process.env['PATH'] = path;
    if (tmp === undefined) delete process.env['TMPDIR'];
    else process.env['TMPDIR'] = tmp;
  });

  it('rejects with the install command and leaves no temporary directory', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'robomata-nopath-'));
    const ownTmp = mkdtempSync(join(tmpdir(), 'robomata-tmp-'));
    process.env['PATH'] = empty;
    process.env['TMPDIR'] = ownTmp; // os.tmpdir() reads it on each call
    try {
      await expect(startRedisServer()).rejects.toThrow(REDIS_SERVER_MISSING);
      expect(readdirSync(ownTmp)).toEqual([]);
    } finally {
      rmSync(empty, { recursive: true, force: true });
      rmSync(ownTmp, { recursive: true, force: true });
    }
    expect(REDIS_SERVER_MISSING).toContain('sudo apt-get install -y redis-server');
  });
});
