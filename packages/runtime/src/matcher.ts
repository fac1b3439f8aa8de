/**
 * Stage 2 of a check: the path bytes against a group's parts (docs/semantics.md sections 4 and 5; RFC
 * 9309 section 2.2.2). Each part is a radix trie of its patterns' literal heads: one walk down
 * the path finds every literal pattern that matches and every wildcard pattern whose head
 * matches (a candidate); the candidates are then verified by segment-scan.ts. The lowest rank
 * found decides. No allocation in steady state.
 */

import { FAST_GOOGLE, FAST_RFC, fillPathFrom, findPathStart, isRobotsTxtAt } from './path-bytes.js';
import { THREAD_SCRATCH, type Scratch } from './scratch.js';
import { verifyCandidates } from './segment-scan.js';
import { IMPLICIT_RANK, readLabelLength, searchRadixChild, type Candidates, type Tables } from './tables.js';

/** Returns the child of radix node `x` whose label starts with byte `b`, or -1. */
function _radixChild(img: Int32Array, base: number, x: number, b: number): number {
  const rec = base + x * 4 /* NODE_WORDS */;
  const lo = img[rec + 1 /* NODE_FIRST_CHILD */] as number;
  return searchRadixChild(img, base, lo, lo + ((img[rec + 2 /* NODE_KEY */] as number) & 511 /* NODE_CHILD_MASK */) - 1, b);
}

/** Records radix node `x` (which holds wildcard patterns) as passed with its head ending at `pos`. */
function _addCandidate(c: Candidates, x: number, pos: number, patterns: number): void {
  if (c.count === c.node.length) c.grow();
  c.node[c.count] = x;
  c.bound[c.count] = pos;
  c.count++;
  c.patterns += patterns;
}

/**
 * Returns the lowest rank below `best` among the literal patterns at and below radix node `x`
 * (a part's root, `from` 0; or, for a resumed walk, `_resumeWritten`, a node whose full label
 * path is the path's first `from` bytes) that match the path `sc.path[0, m)`, else `best`;
 * records the nodes passed that hold wildcard patterns (their heads match) in `sc.candidates`.
 * O(min(m - from, the part's deepest head)).
 */
export function walkTrie(t: Tables, x: number, from: number, m: number, best: number, sc: Scratch): number {
  // Invariant: at node x the path's first `pos` bytes spell x's full label path, and every
  // pattern ending at a node on that path has been seen. Hot: run pnpm bench.
  const img = t.img;
  const bytes = t.bytes;
  const base = t.nodeBase;
  const path = sc.path;
  let pos = from;
  for (;;) {
    const rec = base + x * 4 /* NODE_WORDS */;
    // Most nodes have no extra record (no `$` pattern, no wildcard head): their one rank word is the prefix rank.
    const v = img[rec + 3 /* NODE_RANK */] as number;
    if (v >= 0) {
      if (v < best) best = v;
      if (pos === m) return best;
    } else {
      const ex = ~v;
      const pr = img[ex + 0 /* EXTRA_PREFIX_RANK */] as number;
      if (pr < best) best = pr;
      const wc = img[ex + 3 /* EXTRA_WILD_COUNT */] as number;
      if (wc > 0) _addCandidate(sc.candidates, x, pos, wc);
      if (pos === m) {
        const er = img[ex + 1 /* EXTRA_END_RANK */] as number;
        return er < best ? er : best;
      }
    }
    const y = _radixChild(img, base, x, path[pos] as number);
    if (y < 0) return best;
    const yrec = base + y * 4 /* NODE_WORDS */;
    const off = img[yrec + 0 /* NODE_LABEL_OFF */] as number;
    let len = (img[yrec + 2 /* NODE_KEY */] as number) >>> 18 /* NODE_LEN_SHIFT */;
    if (len === 8191 /* NODE_LEN_LONG */) len = readLabelLength(bytes, off);
    if (pos + len > m) return best;
    for (let k = 1; k < len; k++) if (bytes[off + k] !== path[pos + k]) return best;
    pos += len;
    x = y;
  }
}

/**
 * walkTrieUrl's result when the walk met a code unit the path bytes rewrite (never a rank): the
 * walk stopped at node `sc.resumeNode`, visited, after `sc.resumePos` plain units, with the
 * rank `sc.resumeBest` so far; the written walk resumes there (walkTrie from that node).
 */
const _REWRITE = -2;

/** Returns {@link _REWRITE}, leaving where walkTrieUrl stopped in `sc`. */
function _stopAt(sc: Scratch, x: number, pos: number, best: number): number {
  sc.resumeNode = x;
  sc.resumePos = pos;
  sc.resumeBest = best;
  return -2 /* _REWRITE */;
}

/**
 * Returns walkTrie's answer for the part rooted at radix node `root` read straight off `url`'s
 * code units from `start` (the path start, a `/`): the path bytes are the code units as long as
 * each is plain (`fast`: copied as is, one byte), so the walk compares them in place and writes
 * nothing. The path ends at `#`, NUL or the string's end. Returns {@link _REWRITE} (-2, never a
 * rank) as soon as the walk would compare a unit that is not plain (non-ASCII; rfc9309 `%`, `*`,
 * `$`), with where it stopped in `sc` (units before it are plain, so their count is the byte
 * offset). Stops at a leaf without reading on. Reads only the units the trie compares:
 * O(min(path, the part's deepest head)). Only for a part without wildcard patterns (its
 * group's need is below NO_RANK, load.ts): it records no candidates.
 */
export function walkTrieUrl(t: Tables, root: number, url: string, start: number, best: number, fast: Uint8Array, sc: Scratch): number {
  // Invariant: url[start, start + pos) are plain units spelling the label path of x; a unit
  // is read only to pick a child or compare a label. Hot: run pnpm bench.
  const img = t.img;
  const bytes = t.bytes;
  const base = t.nodeBase;
  const n = url.length;
  let x = root;
  let pos = 0;
  for (;;) {
    const rec = base + x * 4 /* NODE_WORDS */;
    const v = img[rec + 3 /* NODE_RANK */] as number;
    const i = start + pos;
    // The path ends at the string's end, `#` or NUL (read as 0 here).
    const b = i < n ? url.charCodeAt(i) : 0;
    const end = b === 0 || b === 35;
    if (v >= 0) {
      if (v < best) best = v;
      if (end) return best;
    } else {
      const ex = ~v;
      const pr = img[ex + 0 /* EXTRA_PREFIX_RANK */] as number;
      if (pr < best) best = pr;
      if (end) {
        const er = img[ex + 1 /* EXTRA_END_RANK */] as number;
        return er < best ? er : best;
      }
    }
    // A leaf: no later unit can change the answer (read none).
    if (((img[rec + 2 /* NODE_KEY */] as number) & 511 /* NODE_CHILD_MASK */) === 0) return best;
    if (b >= 128 || fast[b] !== 1) return _stopAt(sc, x, pos, best);
    const y = _radixChild(img, base, x, b);
    if (y < 0) return best;
    const yrec = base + y * 4 /* NODE_WORDS */;
    const off = img[yrec + 0 /* NODE_LABEL_OFF */] as number;
    let len = (img[yrec + 2 /* NODE_KEY */] as number) >>> 18 /* NODE_LEN_SHIFT */;
    if (len === 8191 /* NODE_LEN_LONG */) len = readLabelLength(bytes, off);
    for (let k = 1; k < len; k++) {
      const c = i + k < n ? url.charCodeAt(i + k) : 0;
      // The path ends inside the label: no pattern below it matches.
      if (c === 0 || c === 35) return best;
      if (c >= 128 || fast[c] !== 1) return _stopAt(sc, x, pos, best);
      if (bytes[off + k] !== c) return best;
    }
    pos += len;
    x = y;
  }
}

/**
 * Returns the rank that decides `url` for a group made of the parts whose roots the image lists
 * at `[roots, roots + rootCount)`: the
 * lowest rank of a matching pattern, {@link IMPLICIT_RANK} for the rfc9309 `/robots.txt`
 * allow, or NO_RANK when nothing matches. `sc` is the thread's scratch (scratch.ts). `need` is how many path bytes can matter (the
 * deepest head plus one, or all of them when the group has wildcard patterns). A group
 * without wildcard patterns walks its tries off the URL's code units while they are plain
 * (walkTrieUrl) and writes no path byte unless the walk meets a unit to rewrite (the walk then
 * resumes on the written bytes where it stopped); in rfc9309 `/robots.txt` is compared in
 * place. A group with them writes the path (nearly every URL has candidates: a head of `/`) and
 * walks the bytes. O(path + the verification of the candidates, see segment-scan.ts); no
 * allocation in steady state.
 */
export function bestRank(t: Tables, roots: number, rootCount: number, need: number, url: string, rfc: boolean, sc: Scratch): number {
  return bestRankFrom(t, roots, rootCount, need, url, findPathStart(url), rfc, sc);
}

/**
 * Returns {@link bestRank} for a URL whose path starts at `i`, its findPathStart (-1: the path
 * is `/`): for callers that found the path start another way (robots.ts remembers a group's
 * authority). Same bound.
 */
export function bestRankFrom(t: Tables, roots: number, rootCount: number, need: number, url: string, i: number, rfc: boolean, sc: Scratch): number {
  // Invariant: need === NO_RANK exactly when a part has wildcard patterns (load.ts); the
  // in-place walks record nothing; i === findPathStart(url). Hot: run pnpm bench.
  const c = sc.candidates;
  c.count = 0;
  c.patterns = 0;
  // In place: a path that starts with `/` (else a `/` is put before it). In rfc9309 a path
  // that starts `/r` or `/%` is first compared with `/robots.txt` (always allowed) in place.
  if (i < 0 || url.charCodeAt(i) !== 47) return _bestRankWritten(t, roots, rootCount, need, url, i, rfc, sc);
  if (rfc && _mayBeRobotsTxt(url.charCodeAt(i + 1)) && isRobotsTxtAt(url, i)) return (-1 /* IMPLICIT_RANK */);
  // A group with wildcard patterns writes its path first: nearly every path is a candidate (a
  // head of `/`), whose verification reads the bytes (walked in place first, then written, it
  // measured 4% slower on the new-URL workload).
  if (need === 2147483647 /* NO_RANK */) return _bestRankWritten(t, roots, rootCount, need, url, i, rfc, sc);
  const fast = rfc ? FAST_RFC : FAST_GOOGLE;
  const img = t.img;
  let best = 2147483647 /* NO_RANK */;
  for (let k = roots; k < roots + rootCount; k++) {
    best = walkTrieUrl(t, img[k] as number, url, i, best, fast, sc);
    if (best === (-2 /* _REWRITE */)) return _resumeWritten(t, k, roots + rootCount, need, url, i, rfc, sc);
  }
  return best;
}

/** Returns true for the second code unit of a path that may read as `/robots.txt` in rfc9309 (`r`, or `%` of a `%72`). */
function _mayBeRobotsTxt(c: number): boolean {
  return c === 114 || c === 37;
}

/**
 * bestRankFrom after the in-place walk of the part at image word `k` stopped at a unit to
 * rewrite (`sc.resume*`): writes the path bytes (up to `need`), resumes that walk where it
 * stopped (the walk is not done again from the root) and walks the parts after it (to `kEnd`) on
 * the bytes. The parts before `k` are done (their ranks in `sc.resumeBest`). A literal group's
 * road: no candidates.
 */
function _resumeWritten(t: Tables, k: number, kEnd: number, need: number, url: string, start: number, rfc: boolean, sc: Scratch): number {
  // Invariant: the path starts with `/` at `start` and its first sc.resumePos units are plain. Hot: run pnpm bench.
  const m = fillPathFrom(url, start, rfc, need, sc);
  // The stopped node is visited again: its ranks are in resumeBest already, its end rank is not
  // read (resumePos < m) and it holds no wildcard pattern (a literal group).
  let best = walkTrie(t, sc.resumeNode, sc.resumePos, m, sc.resumeBest, sc);
  for (let j = k + 1; j < kEnd; j++) best = walkTrie(t, t.img[j] as number, 0, m, best, sc);
  return best;
}

/**
 * bestRank over the written path bytes (fillPathFrom): the road of every check on a group with
 * wildcard patterns, and of a URL whose path does not start with `/` (none, `?` or `;`). Its
 * path is never `/robots.txt` (bestRankFrom compared that in place first, or the path is `/` or
 * its second byte is `?` or `;`).
 */
function _bestRankWritten(t: Tables, roots: number, rootCount: number, need: number, url: string, start: number, rfc: boolean, sc: Scratch): number {
  // Invariant: candidates are appended during the walks only. Hot (wildcard groups): run pnpm bench.
  const m = fillPathFrom(url, start, rfc, need, sc);
  let best = 2147483647 /* NO_RANK */;
  for (let k = roots; k < roots + rootCount; k++) best = walkTrie(t, t.img[k] as number, 0, m, best, sc);
  return sc.candidates.count === 0 ? best : verifyCandidates(t, m, best, sc);
}

/** Returns how many trie nodes with wildcard candidates the thread's last tier-0 check passed (for test statistics). */
export function lastCandidateCount(): number {
  return THREAD_SCRATCH.candidates.count;
}

/** Returns how many candidates the thread's tier-0 checks verified by their shape (segment-scan.ts; for test statistics). */
export function shapeCheckCount(): number {
  return THREAD_SCRATCH.shapeChecks;
}

/** Returns the work the thread's tier-0 checks have done since the last {@link resetCheckWork} (scratch.ts `Scratch.work`). */
export function readCheckWork(): number {
  return THREAD_SCRATCH.work;
}

/** Returns tier 1's building work since the last {@link resetCheckWork} (scratch.ts `Scratch.buildWork`). */
export function readBuildWork(): number {
  return THREAD_SCRATCH.buildWork;
}

/** Sets the thread's work counters back to 0. */
export function resetCheckWork(): void {
  THREAD_SCRATCH.work = 0;
  THREAD_SCRATCH.buildWork = 0;
}
