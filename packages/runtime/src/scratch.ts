/**
 * The per-thread scratch of a tier-0 check (matcher.ts, segment-scan.ts, path-bytes.ts): one
 * object, passed explicitly into the hot functions. A check runs to its end before another
 * starts and nothing in a check calls out, so one per thread is enough; its buffers only grow
 * (to the longest URL and the largest artifact the thread has matched). Tier 1 (lazy-dfa.ts)
 * keeps its scratch in each group's automaton.
 */
import { Candidates, type Tables } from './tables.js';

/**
 * Per-thread state of the sweep: per radix node whether the walk passed it (`nodeGen == gen`);
 * per wildcard pattern its next segment index, bound and queue link; per Aho-Corasick node how
 * far its first-segment list has been started (`firstGen == gen`) and the queue of patterns
 * waiting for the segment ending there (`qGen == gen`); the patterns waiting for their final
 * anchored segment; the Aho-Corasick root's child per byte of the last swept group without a
 * root row of its own. Part of the thread's Scratch; segment-scan.ts reads and writes it;
 * buffers only grow (to the largest artifact the thread has matched).
 */
export class SweepWork {
  nodeGen: Int32Array = new Int32Array(0);
  firstGen: Int32Array = new Int32Array(0);
  firstPos: Int32Array = new Int32Array(0);
  wIdx: Int32Array = new Int32Array(0);
  wBound: Int32Array = new Int32Array(0);
  wNext: Int32Array = new Int32Array(0);
  qHead: Int32Array = new Int32Array(0);
  qTail: Int32Array = new Int32Array(0);
  qGen: Int32Array = new Int32Array(0);
  finWild: Int32Array = new Int32Array(0);
  finBound: Int32Array = new Int32Array(0);
  finCount = 0;
  gen = 0;
  /**
   * The Aho-Corasick root's child per byte (0: none) of `rowOf`, the last swept tables without
   * a root row in their image (tables.ts AC_ROOT_ROW_MIN): the sweep's root step is one read
   * instead of a binary search over the root's children. Rebuilt when another group sweeps
   * (O(root children of both groups)); holds that one group's tables alive.
   */
  readonly rootRow: Int32Array = new Int32Array(256);
  rowOf: Tables | null = null;
  /** Patterns the sweep in progress started or advanced (its share of `Scratch.work`). */
  moves = 0;
}

/** Scratch of tier-0 checks: the path bytes, the candidates of the trie walk, the sweep's work arrays. */
export class Scratch {
  /**
   * The last written path's bytes (fillPathFrom; a check read in place writes none). Grows (9 bytes per code unit: a character is at
   * most four `%XX` octets) only when a URL is longer than any before.
   */
  path: Uint8Array = new Uint8Array(1024);
  readonly candidates: Candidates = new Candidates();
  /** Where the last in-place trie walk stopped at a unit to rewrite (matcher.ts walkTrieUrl): its node (visited), the plain units it read, its rank so far. */
  resumeNode = 0;
  resumePos = 0;
  resumeBest = 0;
  readonly sweep: SweepWork = new SweepWork();
  /** Candidates verified by their shape (segment-scan.ts `_matchShaped`) since the thread started: tests check a forced road took effect. Added once per direct verification. */
  shapeChecks = 0;
  /**
   * Work done by the thread's tier-0 sweeps since the last reset (`readCheckWork` of
   * `@robomata/runtime/testing`), in steps of about one byte read, added once per sweep: its
   * path bytes, output-chain steps and pattern moves (segment-scan.ts). The rest of a check is
   * bounded by construction and not counted on the hot road: the path is written at most once
   * (not at all when a group without wildcard patterns reads a plain path in place, matcher.ts
   * walkTrieUrl), each part's trie walk visits at most path + 2 nodes (an in-place walk that
   * stopped at a unit to rewrite resumes on the written bytes from the node it stopped at), and the direct road runs only while its
   * candidates' segment bytes x path bytes stay under `scanTuning.directMaxWork`. Tests assert
   * it, never time: SECURITY.md's O(URL + the group's segments).
   */
  work = 0;
  /**
   * Tier 1's building work since the last reset (`readBuildWork`): the NFA positions a check
   * walks while building states (lazy-dfa.ts, at most tierTuning.checkWork per check) and the
   * NFA's positions when a group tiers up (robots.ts). Reading the path on built states is not
   * counted (it is the hot road).
   */
  buildWork = 0;
}

/** The thread's scratch (module state is per thread in JS: each worker has its own). */
export const THREAD_SCRATCH = new Scratch();
