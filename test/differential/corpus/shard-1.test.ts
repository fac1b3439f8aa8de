import { expect, it } from 'vitest';
import { checkCorpusFile, corpusShard } from '../corpus-check.js';

it('corpus shard 1: every file compiles and agrees with the reference (rfc9309; google on every 4th file)', () => {
  const files = corpusShard(1);
  let checks = 0;
  const mismatches = [];
  for (const [k, name] of files.entries()) {
    const a = checkCorpusFile(name, 'rfc9309', 12);
    checks += a.checks;
    mismatches.push(...a.mismatches);
    if (k % 4 === 0) {
      const b = checkCorpusFile(name, 'google', 8);
      checks += b.checks;
      mismatches.push(...b.mismatches);
    }
  }
  expect(files.length).toBeGreaterThan(1000);
  expect(checks).toBeGreaterThan(files.length * 10);
  expect(mismatches.slice(0, 5)).toEqual([]);
}, 600_000);
