/**
 * Loading the real robots.txt corpus and sampling it so the sample's size mix matches the
 * corpus's (stratified by size quantiles, seeded).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Prng } from './prng.js';

/** One robots.txt file of the corpus. */
export interface CorpusFile {
  /** File name (the host it was fetched from). */
  readonly name: string;
  /** Size in bytes. */
  readonly bytes: number;
  /** The file decoded as UTF-8 (what every strategy is given). */
  readonly text: string;
}

/**
 * Default corpus location: the repository's fixture (4,231 real files, test/fixtures/corpus), found
 * relative to this module (bench/src or bench/dist, both two levels below the repository root).
 */
export const CORPUS_DIR = fileURLToPath(new URL('../../test/fixtures/corpus/robots', import.meta.url));

/**
 * Returns the sizes of every regular file of `dir`, sorted by name. O(n) stat calls.
 */
export function listCorpus(dir: string = CORPUS_DIR): { name: string; bytes: number }[] {
  return readdirSync(dir)
    .sort()
    .map((name) => ({ name, bytes: statSync(join(dir, name)).size }))
    .filter((f) => f.bytes >= 0);
}

/** Returns the file read and decoded as UTF-8. */
export function readCorpusFile(dir: string, name: string): CorpusFile {
  const buf = readFileSync(join(dir, name));
  return { name, bytes: buf.length, text: buf.toString('utf8') };
}

/**
 * Returns `count` entries drawn so that their size distribution matches the whole list's:
 * the list is sorted by size and cut into `count` equal strata, and one entry is drawn
 * uniformly (seeded) from each stratum. O(n log n).
 */
export function sampleBySize<T extends { bytes: number }>(items: readonly T[], count: number, prng: Prng): T[] {
  if (count >= items.length) return items.slice();
  const sorted = items.slice().sort((a, b) => a.bytes - b.bytes);
  const out: T[] = [];
  for (let s = 0; s < count; s++) {
    const lo = Math.floor((s * sorted.length) / count);
    const hi = Math.max(lo + 1, Math.floor(((s + 1) * sorted.length) / count));
    out.push(sorted[lo + prng.int(hi - lo)] as T);
  }
  return out;
}
