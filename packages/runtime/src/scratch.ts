/**
 * The per-thread scratch of a tier-0 check (matcher.ts, segment-scan.ts, path-bytes.ts): one
 * object, passed explicitly into the hot functions. A check runs to its end before another
 * starts and nothing in a check calls out, so one per thread is enough; its buffers only grow
 * (to the longest URL and the largest artifact the thread has matched). Tier 1 (lazy-dfa.ts)
 * keeps its scratch in each group's automaton.
 */
import { SweepWork } from './segment-scan.js';
import { Candidates } from './tables.js';

/** Scratch of tier-0 checks: the path bytes, the candidates of the trie walk, the sweep's work arrays. */
export class Scratch {
  /**
   * The path bytes of the last fillPath call. Grows (9 bytes per code unit: a character is at
   * most four `%XX` octets) only when a URL is longer than any before.
   */
  path: Uint8Array = new Uint8Array(1024);
  readonly candidates: Candidates = new Candidates();
  readonly sweep: SweepWork = new SweepWork();
}

/** The thread's scratch (module state is per thread in JS: each worker has its own). */
export const THREAD_SCRATCH = new Scratch();
