/**
 * Tier 1 of a check: a lazily determinised automaton per hot group (regex-automata's hybrid
 * DFA as model). A group that has answered {@link tierTuning}`.threshold` checks gets its
 * patterns laid out as one position NFA ({@link buildGroupNfa}); its DFA states are built on
 * demand, one transition at a time, into preallocated typed arrays that grow to a budget and
 * are flushed when full. A state is a set of NFA positions plus the best rank already matched
 * (prefix matching, docs/semantics.md sections 4 and 5: a pattern that has been read to its end
 * matches whatever follows); positions that cannot beat that rank are pruned, so a state whose
 * set is empty is settled and the walk stops reading the path there. Positions before the last
 * active `*` of the same pattern are pruned too (the later `*` accepts every suffix the earlier
 * positions can). Reads char codes straight from the caller's string while they are plain
 * ASCII (rfc9309: no `%`, `*` or `$`); anything else is fed as the bytes path-bytes.ts would
 * write for it (a `%XX` octet, a character's UTF-8 octets), computed from the string, never
 * written to a buffer. rfc9309's implicit `/robots.txt` allow is two of the NFA's patterns.
 * A check that would build more than
 * {@link tierTuning}`.checkWork` positions' worth of states, a group that thrashes its cache, or
 * an automaton paused while it keeps building states (tierTuning.churnWindow), hands its checks
 * to the tier below (matcher.ts), which keeps the O(URL + the group's segments)
 * bound of SECURITY.md. Thread safety: a LazyDfa lives on one `AgentRules` object, which lives
 * in one thread (JS objects are never shared between threads); only the artifact bytes are
 * shareable, and the automaton never writes to them.
 */
import { NO_RANK } from './format.js';
import { THREAD_SCRATCH } from './scratch.js';
import { AUTHORITY_MAX, FAST_GOOGLE, FAST_RFC, HEX_DIGITS, ROBOTS_TXT_BYTES, UNRESERVED_ASCII, copyPrefix, findAuthorityEnd, findPathStartGeneral, hexValue, httpAuthorityStart, startsWithAuthority } from './path-bytes.js';
import {
  acByte, acDepth, AC_PARENT, AC_WORDS, IMPLICIT_RANK, nodeChildCount, nodeEndRank, NODE_FIRST_CHILD,
  nodeLabelLength, NODE_LABEL_OFF, nodePrefixRank, nodeWildCount, nodeWildFirst, NODE_WORDS, wildAnchored,
  WILD_RANK, WILD_SEG_COUNT, WILD_SEG_OFF, WILD_WORDS, type Tables,
} from './tables.js';

/** NFA symbol: `*` (a self-loop on any byte, followed by its epsilon move to the next position). */
export const SYM_STAR = 256;
/** NFA symbol: the pattern has been read to its end and matches (a prefix match). */
export const SYM_END = 257;
/** NFA symbol: the pattern matches only if the path ends here (a final `$`). */
export const SYM_END_ANCHORED = 258;
/** Package-private key of `AgentRules`' tier inspection (see `tierOf` in testing.ts): not a public method name. */
export const TIER_STATE: unique symbol = Symbol('robomata.tierState');

/** Which tier answers a group's checks: 1 (its lazily built automaton) or 0 (tries and segment scan), and the automaton's bytes. */
export interface TierState {
  readonly tier: 0 | 1;
  /** Bytes held by the automaton (0 on tier 0): the bench's separate memory line. */
  readonly automatonBytes: number;
  /** States the automaton holds now, and how often its cache was flushed. */
  readonly states: number;
  readonly flushes: number;
  /** True when the group stays on tier 0 for good: its NFA is past tierTuning.maxPositions or its cache thrashed. */
  readonly stayBelow: boolean;
  /** The scheme and authority the answering tier finds path starts after with one `indexOf` ('' when none; tier 1: see runLazyDfa; tier 0: robots.ts `AgentRules._rankBelow`). */
  readonly authority: string;
  /** Bytes per transition of the automaton's rows: 1 while it holds at most 127 states, else 2 (0 on tier 0). */
  readonly transitionBytes: 0 | 1 | 2;
  /** Times the churn rule paused the automaton (tierTuning.churnWindow), and whether it is paused now (tier 0 answers; 0 and false on tier 0). */
  readonly pauses: number;
  readonly paused: boolean;
}

/** What {@link runLazyDfa} returns when the check must be answered by the tier below. */
export const TIER_FALLBACK = -2;

/**
 * Tier-up tuning, one documented config (reachable from `@robomata/runtime/testing` so tests
 * can force either tier; both give the same answers).
 */
export const tierTuning = {
  /**
   * Checks a group answers on the tier below before its automaton is built: ski rental, the
   * group tiers up once tier 0 has spent about what the build costs. `pnpm bench` series
   * "checks per group before tier-up pays" (200 hosts, ns per check with tier-up at the first
   * check vs tier 0 only): the full run at 0d610c2 gave 266 vs 150 over 32 checks, 172 vs 144
   * over 64, 209 vs 249 over 128; the committed bench/results/report.md (3ce6c56) gives 588 vs
   * 150 over 32, 250 vs 146 over 64, 167 vs 143 over 128, 144 vs 144 over 256. Four full runs
   * on the loaded machine put the crossing between 32 and 256 checks, the two at 1d363ff
   * between 256 and 512 (133 vs 77 over 256, 70 vs 76 over 512); 64 stays low, where a hot
   * group gains soonest and a warm loop tiers up within a few passes (README: Tier 1, a hot
   * group). Most hosts of a crawl (a median of 52 URLs) never tier up. 0
   * forces tier 1 from the first check, Infinity keeps every group on tier 0.
   */
  threshold: 64,
  /**
   * Most NFA positions (pattern bytes plus one per `*` and end) of a group that tiers up: a
   * transition costs O(positions of the state), so this bounds one build step. 65,536
   * positions cover every corpus group but the largest 0.1% (docs.oracle.com's is 30 K).
   */
  maxPositions: 1 << 16,
  /**
   * Most NFA positions a single check may walk through while building states before it is
   * answered by the tier below instead: bounds a check on an adversarial group to about 1 ms
   * of building on top of the tier below's O(URL + segments).
   */
  checkWork: 1 << 17,
  /**
   * Memory budget of one group's state cache in bytes (transition rows and position sets):
   * the cache starts at 16 states and doubles up to it, then flushes. A state costs 2 bytes
   * per byte class plus 24 (a 60-class group: 144 B, about 7,000 states in 1 MiB before their
   * position sets); a host's real URLs visit a median of 21 (DESIGN-NOTES).
   */
  budgetBytes: 1 << 20,
  /** A flush that comes fewer than this many checks after the previous one makes the group give up its automaton (it thrashes). */
  minChecksPerFlush: 256,
  /**
   * Checks that ran out of tierTuning.checkWork after which the group gives its automaton up:
   * its states are too large to build at the pace its URLs need them (in the corpus, groups
   * with thousands of `/*X` patterns, whose every state holds each one's `*`).
   */
  maxWorkOuts: 4,
  /**
   * Checks per window of the churn rule: a window, not the first after tier-up or after a pause,
   * in which the automaton built a state for every fewer than tierTuning.minChecksPerState
   * checks pauses it (tier 0 answers, its states kept) for 4 windows. URLs that never repeat
   * keep needing states, so the automaton runs a third of the time; a fixed URL set stops
   * needing them after its first pass, and one longer than the windows is built while the
   * automaton runs (its states are kept across pauses). Swept with `node --expose-gc
   * bench/dist/focus.js --churn-sweep --rounds 3` (200 hosts; windows 128, 256, 512 x rates 4, 8,
   * 16, 32, twice): at 256 every rate cost 234-265 ns a check on 1,600 never-repeated URLs a host
   * and 94-104 / 111-119 on passes 2-5 of 600 / 1,200 URLs cycled; 128 cost 109-132 on the 600
   * set (it pauses twice as many groups), 512 cost 266-295 on never-repeated URLs. The rates at
   * 256 lie within the noise; 16 kept. With the rule off: 352-413, 184-201 and 204-218.
   */
  churnWindow: 256,
  /** The churn rule's rate (see tierTuning.churnWindow): fewer checks than this per state built over a window pauses the automaton; 0 turns the rule off. */
  minChecksPerState: 16,
};

/**
 * A group's patterns as one position NFA: per position its symbol (a byte, {@link SYM_STAR},
 * {@link SYM_END} or {@link SYM_END_ANCHORED}), the rank of its pattern and the pattern index;
 * each pattern's positions are contiguous and end with an end symbol. `starts` lists each
 * pattern's first position. `cls` maps a byte to its class (bytes no pattern names share
 * class 0). Built once per tier-up, immutable after.
 */
export class GroupNfa {
  constructor(
    readonly sym: Int32Array,
    readonly rank: Int32Array,
    readonly pat: Int32Array,
    readonly starts: Int32Array,
    readonly cls: Uint8Array,
    readonly classCount: number,
  ) {}
}

/** Appends the bytes of segment `s` (Aho-Corasick node where it ends) to `out` from `at`; returns the next index. */
function _putSegment(t: Tables, s: number, out: number[], at: number): number {
  const img = t.img;
  const len = acDepth(img, t.acBase, s);
  for (let j = at + len - 1; s !== 0; j--) {
    out[j] = acByte(img, t.acBase + s * AC_WORDS);
    s = img[t.acBase + s * AC_WORDS + AC_PARENT] as number;
  }
  return at + len;
}

/** Collects the group's patterns as position lists (see GroupNfa) into `syms`/`ranks`; returns false past `max` positions. */
function _collectPatterns(t: Tables, roots: Int32Array, max: number, syms: number[], ranks: number[], pats: number[], starts: number[]): boolean {
  const img = t.img;
  const head: number[] = [];
  const stack: number[] = [];
  for (let k = 0; k < roots.length; k++) stack.push(roots[k] as number, 0);
  const emit = (depth: number, tail: (at: number) => number, rank: number): boolean => {
    const at = syms.length;
    for (let j = 0; j < depth; j++) syms.push(head[j] as number);
    const end = tail(syms.length);
    if (end > max) return false;
    for (let j = at; j < end; j++) {
      ranks.push(rank);
      pats.push(starts.length);
    }
    starts.push(at);
    return true;
  };
  while (stack.length > 0) {
    const depthBefore = stack.pop() as number;
    const x = stack.pop() as number;
    const rec = t.nodeBase + x * NODE_WORDS;
    const off = img[rec + NODE_LABEL_OFF] as number;
    const len = nodeLabelLength(img, t.bytes, rec);
    for (let j = 0; j < len; j++) head[depthBefore + j] = t.bytes[off + j] as number;
    const depth = depthBefore + len;
    const pr = nodePrefixRank(img, rec);
    if (pr !== NO_RANK && !emit(depth, (at) => { syms.push(SYM_END); return at + 1; }, pr)) return false;
    const er = nodeEndRank(img, rec);
    if (er !== NO_RANK && !emit(depth, (at) => { syms.push(SYM_END_ANCHORED); return at + 1; }, er)) return false;
    const wf = nodeWildFirst(img, rec);
    for (let w = wf; w < wf + nodeWildCount(img, rec); w++) {
      const wrec = t.wildBase + w * WILD_WORDS;
      const tail = (at: number): number => {
        const k = img[wrec + WILD_SEG_COUNT] as number;
        const segs = img[wrec + WILD_SEG_OFF] as number;
        for (let j = 0; j < k; j++) {
          syms.push(SYM_STAR);
          at = _putSegment(t, img[segs + j] as number, syms, at + 1);
        }
        syms.push(wildAnchored(img, wrec) ? SYM_END_ANCHORED : SYM_END);
        return at + 1;
      };
      if (!emit(depth, tail, img[wrec + WILD_RANK] as number)) return false;
    }
    const fc = img[rec + NODE_FIRST_CHILD] as number;
    for (let c = fc; c < fc + nodeChildCount(img, rec); c++) stack.push(c, depth);
  }
  return true;
}

/** Appends `/robots.txt`, then `tail`'s symbols, as one pattern of rank IMPLICIT_RANK (see buildGroupNfa). */
function _addRobotsPattern(tail: readonly number[], syms: number[], ranks: number[], pats: number[], starts: number[]): void {
  const pat = starts.length;
  starts.push(syms.length);
  for (let k = 0; k < ROBOTS_TXT_BYTES.length + tail.length; k++) {
    syms.push(k < ROBOTS_TXT_BYTES.length ? (ROBOTS_TXT_BYTES[k] as number) : (tail[k - ROBOTS_TXT_BYTES.length] as number));
    ranks.push(IMPLICIT_RANK);
    pats.push(pat);
  }
}

/**
 * Returns the position NFA of the group whose part roots are `roots`, or null when it has more
 * than `maxPositions` positions (the group stays on the tier below). With `implicitRobots`
 * (rfc9309) it also holds RFC 9309 section 2.2.2's implicit allow as two patterns of rank
 * IMPLICIT_RANK, below every rule's: `/robots.txt$` and `/robots.txt?` (docs/semantics.md
 * section 7: `%72` is `r` there too), so the automaton answers it as it reads the path, with
 * no read of its own. O(positions).
 */
export function buildGroupNfa(t: Tables, roots: Int32Array, maxPositions: number, implicitRobots: boolean): GroupNfa | null {
  const syms: number[] = [];
  const ranks: number[] = [];
  const pats: number[] = [];
  const starts: number[] = [];
  if (!_collectPatterns(t, roots, maxPositions, syms, ranks, pats, starts)) return null;
  if (implicitRobots) {
    _addRobotsPattern([SYM_END_ANCHORED], syms, ranks, pats, starts);
    _addRobotsPattern([QUESTION_MARK, SYM_END], syms, ranks, pats, starts);
    // The bound counts the implicit patterns too (SECURITY.md: at most maxPositions positions).
    if (syms.length > maxPositions) return null;
  }
  const cls = new Uint8Array(256);
  let classCount = 1;
  for (let k = 0; k < syms.length; k++) {
    const b = syms[k] as number;
    if (b < 256 && cls[b] === 0) cls[b] = classCount++;
  }
  // 256 bytes in use need 256 classes and leave class 0 empty: still fits a Uint8Array.
  if (classCount > 256) {
    for (let b = 0; b < 256; b++) cls[b] = b;
    classCount = 256;
  }
  return new GroupNfa(Int32Array.from(syms), Int32Array.from(ranks), Int32Array.from(pats), Int32Array.from(starts), cls, classCount);
}

/**
 * Most states (ids 1 to 127 and the unused 0) whose rows are one byte a transition (`trans8`):
 * a hot group's rows are the cache lines a check touches most on a workload that interleaves
 * hosts, and the corpus workload's median hot group holds 64 states.
 */
const _NARROW_STATES = 128;

/** State cache the automaton starts with (it doubles up to the budget). */
const _INITIAL_STATES = 16;
/**
 * Most states the cache holds (state ids are Int16 transitions): a group that needs more
 * flushes. 16-bit transitions instead of 32-bit row offsets (the corpus workload's ~420 tiered-up
 * groups keep their rows in cache between a host's checks): `node --expose-gc bench/dist/focus.js
 * --warm --ab <32-bit build>` gave 0.76x the time, 1.77x against 2.36x the read-once floor, in one
 * run; the cache budget allows past 32,767 states only for groups of fewer than 4 byte classes.
 */
const _MAX_STATES = 0x8000;

/**
 * A group's lazily built DFA. States are numbered from 1; state `id`'s row starts at
 * `id * classCount` in `trans`: its `classCount` transitions (0: not built yet; `+id`: the
 * next state; `-id`: the next state is settled). `answers[2 id]` is its end answer (the rank
 * when the path ends there), `answers[2 id + 1]` the best rank matched (the answer once
 * settled). `sets[2 id]` and `sets[2 id + 1]` locate its NFA positions in `pool` (offset,
 * count); `table` is an open-addressing hash of the states. Scratch (`stamp`, `next`) is the
 * group's own. Invariant: every state id stored names a state built since the last flush.
 */
export class LazyDfa {
  readonly nfa: GroupNfa;
  /** True for the rfc9309 profile (else google): how the run loop reads `%`, `*`, `$` and non-ASCII. */
  readonly rfc: boolean;
  readonly classCount: number;
  /** Per ASCII code: its class when the profile reads it as itself, else -1 (`#`, NUL; rfc9309 `%`, `*`, `$`). */
  readonly fastCls: Int16Array;
  /**
   * Per state: its row of `classCount` transitions (see above); grown by doubling, flushed when
   * full. While the cache holds at most {@link _NARROW_STATES} states the rows are `trans8`
   * (one byte a transition) and `trans` is empty, after that `trans`; `narrow` says which.
   */
  trans: Int16Array;
  trans8: Int8Array;
  narrow: boolean;
  /** Per state id: its end answer, then its best rank (two words). */
  answers: Int32Array;
  /** Per state id: its set's offset in `pool`, then its position count (two words). */
  sets: Int32Array;
  /** The states' NFA position sets, back to back. */
  pool: Int32Array;
  /** Open-addressing hash of the states by their sets (state ids; 0 is empty), twice the state capacity. */
  table: Int32Array;
  poolUsed = 0;
  /** States built since the last flush, plus one (id 0 is no state). */
  states = 1;
  /** The start state's id (1 after every flush). */
  start = 0;
  /** The start state's answer when it is settled, else TIER_FALLBACK. */
  startSettled = TIER_FALLBACK;
  readonly stamp: Int32Array;
  /** The byte class of `%` (rfc9309 reads it outside the fast classes). */
  readonly percentCls: number;
  readonly next: Int32Array;
  /** The pending set kept across a flush (as long as `next`: a flush inside a check allocates nothing). */
  private readonly _saved: Int32Array;
  nextCount = 0;
  nextBest = NO_RANK;
  gen = 0;
  /** Positions walked by builds in the check in progress. */
  work = 0;
  checks = 0;
  flushes = 0;
  lastFlushCheck = 0;
  /** Checks that ran out of tierTuning.checkWork. */
  workOuts = 0;
  gaveUp = false;
  /** `checks` when the churn rule's window began. */
  windowStart = 0;
  /** States built since windowStart. */
  windowBuilt = 0;
  /** True in the first window after tier-up or a pause, which the churn rule does not judge. */
  graceWindow = true;
  /** Set by the churn rule: the next check that would build a state goes to the tier below, which parks the automaton (robots.ts `AgentRules`) until tier-up resumes it. */
  pauseWanted = false;
  /** Times the churn rule paused the automaton. */
  pauses = 0;
  /**
   * The scheme and authority (`https://host`, up to its path's first `/`) of an `http(s)://` URL
   * this group checked, or '' (see {@link runLazyDfa}): a URL that starts with it and has `/`
   * right after it has its path start there, found by one native `indexOf` instead of a read of
   * every code unit. Set at most {@link _AUTHORITY_SETS} times (no allocation in steady state).
   */
  authority = '';
  /** URLs of the http(s) form that did not start with `authority` since it was last set. */
  authorityMisses = 0;
  /** `checks` when `authority` was last set: a replacement needs misses in more than half the checks since. */
  authorityChecks = 0;
  /** Times `authority` was set. */
  authoritySets = 0;
  /** Scratch copy of the set of a state kept across a flush. */
  private readonly _start: Int32Array;
  /** The start state's best rank (a pattern that matches the empty path: `*`). */
  private readonly _startBest: number;

  constructor(nfa: GroupNfa, rfc: boolean) {
    this.nfa = nfa;
    this.rfc = rfc;
    const fast = rfc ? FAST_RFC : FAST_GOOGLE;
    this.fastCls = new Int16Array(128);
    for (let c = 0; c < 128; c++) this.fastCls[c] = fast[c] === 1 ? (nfa.cls[c] as number) : -1;
    this.classCount = nfa.classCount;
    this.percentCls = nfa.cls[PERCENT] as number;
    const n = nfa.sym.length;
    this.stamp = new Int32Array(n);
    this.next = new Int32Array(n);
    this._saved = new Int32Array(n);
    this.trans = new Int16Array(0);
    this.trans8 = new Int8Array(_INITIAL_STATES * this.classCount);
    this.narrow = true;
    this.answers = new Int32Array(2 * _INITIAL_STATES);
    this.sets = new Int32Array(2 * _INITIAL_STATES);
    this.pool = new Int32Array(2 * n + 64);
    this.table = new Int32Array(2 * _INITIAL_STATES);
    // Start state: the closure of every pattern's first position.
    this._beginSet(NO_RANK);
    for (let k = 0; k < nfa.starts.length; k++) this._addClosure(nfa.starts[k] as number);
    this._pruneSet();
    this._start = this.next.slice(0, this.nextCount);
    this._startBest = this.nextBest;
    this.start = this._intern();
    if (this.nextCount === 0) this.startSettled = this.answers[2 * this.start + 1] as number;
  }

  /** Memory held, in bytes (the separate "tiered-up automaton" line of the bench). */
  get byteLength(): number {
    const n = this.nfa;
    return 2 * this.trans.length + this.trans8.length + 2 * this.authority.length + 4 * (this.answers.length + this.sets.length + this.pool.length + this.table.length + this.stamp.length + this.next.length + this._saved.length + this._start.length +
      n.sym.length + n.rank.length + n.pat.length + n.starts.length) + 256;
  }

  /** Starts a new successor set with best rank `best`. */
  private _beginSet(best: number): void {
    if (++this.gen === 0x7fffffff) {
      this.stamp.fill(0);
      this.gen = 1;
    }
    this.nextCount = 0;
    this.nextBest = best;
  }

  /** Adds position `p` and its epsilon closure to the successor set (a `*` also moves past itself; an end lowers the best rank). */
  private _addClosure(p: number): void {
    const sym = this.nfa.sym;
    const stamp = this.stamp;
    for (;;) {
      if (stamp[p] === this.gen) return;
      stamp[p] = this.gen;
      const y = sym[p] as number;
      if (y === SYM_END) {
        const r = this.nfa.rank[p] as number;
        if (r < this.nextBest) this.nextBest = r;
        return;
      }
      this.next[this.nextCount++] = p;
      if (y !== SYM_STAR) return;
      p++;
    }
  }

  /**
   * Drops from the successor set the positions that cannot beat its best rank and those before
   * the last `*` of their pattern in the set, keeping ascending order. One backward pass.
   */
  private _pruneSet(): void {
    const nfa = this.nfa;
    const next = this.next;
    const n = this.nextCount;
    let w = n - 1;
    let cur = -1;
    let star = false;
    for (let r = n - 1; r >= 0; r--) {
      const p = next[r] as number;
      const pat = nfa.pat[p] as number;
      if (pat !== cur) {
        cur = pat;
        star = false;
      }
      if (star || (nfa.rank[p] as number) >= this.nextBest) continue;
      if (nfa.sym[p] === SYM_STAR) star = true;
      next[w--] = p;
    }
    const kept = n - 1 - w;
    next.copyWithin(0, w + 1, n);
    this.nextCount = kept;
  }

  /** Returns the hash of the successor set. */
  private _hashSet(): number {
    return _hashPositions(this.nextBest, this.next, 0, this.nextCount);
  }

  /** Returns true when state `id` holds exactly the successor set. */
  private _sameSet(id: number): boolean {
    if (this.answers[2 * id + 1] !== this.nextBest || this.sets[2 * id + 1] !== this.nextCount) return false;
    const off = this.sets[2 * id] as number;
    for (let k = 0; k < this.nextCount; k++) if (this.pool[off + k] !== this.next[k]) return false;
    return true;
  }

  /**
   * Returns the id of the state holding the successor set, adding it when new (growing the
   * cache up to the budget, else flushing it: then every state id but the returned one and
   * the start's is void).
   */
  private _intern(): number {
    const h = this._hashSet();
    const mask = this.table.length - 1;
    for (let i = h & mask; ; i = (i + 1) & mask) {
      const id = this.table[i] as number;
      if (id === 0) break;
      if (this._sameSet(id)) return id;
    }
    if (this.states + 1 >= this.sets.length >> 1 || this.poolUsed + this.nextCount > this.pool.length) this._makeRoom();
    this._countBuilt();
    const id = this.states++;
    let endBest = this.nextBest;
    const rank = this.nfa.rank;
    for (let k = 0; k < this.nextCount; k++) {
      const p = this.next[k] as number;
      this.pool[this.poolUsed + k] = p;
      if (this.nfa.sym[p] === SYM_END_ANCHORED && (rank[p] as number) < endBest) endBest = rank[p] as number;
    }
    this.sets[2 * id] = this.poolUsed;
    this.sets[2 * id + 1] = this.nextCount;
    this.poolUsed += this.nextCount;
    this.answers[2 * id] = endBest;
    this.answers[2 * id + 1] = this.nextBest;
    this._insertHash(id, h);
    return id;
  }

  /**
   * Counts a state built towards the churn rule (tierTuning.churnWindow): once a window has
   * passed, pauses the automaton when that window, not a grace window, built a state for every
   * fewer than tierTuning.minChecksPerState checks; then starts the next window (after the
   * pause, a grace window). O(1).
   */
  private _countBuilt(): void {
    this.windowBuilt++;
    const span = this.checks - this.windowStart;
    if (span < tierTuning.churnWindow) return;
    if (!this.graceWindow && this.windowBuilt * tierTuning.minChecksPerState > span) {
      // The pause is tier 0's count to tier-up again (PAUSE_CHECKS, robots.ts); resume() starts a grace window.
      this.pauseWanted = true;
      this.pauses++;
    } else {
      this.windowStart = this.checks;
      this.graceWindow = false;
    }
    this.windowBuilt = 0;
  }

  /** Takes the automaton back after a pause (robots.ts `AgentRules` tiering up again): its states are kept, and the churn rule starts with a grace window. */
  resume(): void {
    this.pauseWanted = false;
    this.windowStart = this.checks;
    this.windowBuilt = 0;
    this.graceWindow = true;
  }

  private _insertHash(id: number, h: number): void {
    const mask = this.table.length - 1;
    let i = h & mask;
    while (this.table[i] !== 0) i = (i + 1) & mask;
    this.table[i] = id;
  }

  /** Grows the full part of the cache (doubling, while it stays within tierTuning.budgetBytes) or flushes it, keeping the successor set in `next`. */
  private _makeRoom(): void {
    const cap = this.sets.length >> 1;
    const states = this.states + 1 >= cap ? 2 * cap : cap;
    const need = this.poolUsed + this.nextCount;
    const pool = need > this.pool.length ? Math.max(2 * this.pool.length, need) : this.pool.length;
    // Per state: 2 bytes per transition, two answer words, two set words, two hash slots.
    if (states <= _MAX_STATES && states * (2 * this.classCount + 24) + 4 * pool <= tierTuning.budgetBytes) this._grow(states, pool);
    else this._flush();
  }

  private _grow(states: number, poolWords: number): void {
    if (states <= _NARROW_STATES) {
      const trans8 = new Int8Array(states * this.classCount);
      trans8.set(this.trans8);
      this.trans8 = trans8;
    } else {
      const trans = new Int16Array(states * this.classCount);
      if (this.narrow) trans.set(this.trans8);
      else trans.set(this.trans);
      this.trans = trans;
      this.trans8 = new Int8Array(0);
      this.narrow = false;
    }
    const answers = new Int32Array(2 * states);
    answers.set(this.answers);
    this.answers = answers;
    const sets = new Int32Array(2 * states);
    sets.set(this.sets);
    this.sets = sets;
    const pool = new Int32Array(poolWords);
    pool.set(this.pool);
    this.pool = pool;
    this.table = new Int32Array(2 * states);
    for (let id = 1; id < this.states; id++) this._rehash(id);
  }

  /** Re-inserts state `id` into the hash table (hashing its stored set). */
  private _rehash(id: number): void {
    const best = this.answers[2 * id + 1] as number;
    this._insertHash(id, _hashPositions(best, this.pool, this.sets[2 * id] as number, this.sets[2 * id + 1] as number));
  }

  /** Empties the cache and re-adds the start state; gives up when flushes come too often. */
  private _flush(): void {
    this.flushes++;
    if (this.flushes > 1 && this.checks - this.lastFlushCheck < tierTuning.minChecksPerFlush) this.gaveUp = true;
    this.lastFlushCheck = this.checks;
    if (this.narrow) this.trans8.fill(0);
    else this.trans.fill(0);
    this.table.fill(0);
    this.poolUsed = 0;
    this.states = 1;
    // Re-add the start state (id 1, as before), keeping the pending set.
    const saved = this._saved;
    const savedCount = this.nextCount;
    for (let k = 0; k < savedCount; k++) saved[k] = this.next[k] as number;
    const savedBest = this.nextBest;
    this.next.set(this._start);
    this.nextCount = this._start.length;
    this.nextBest = this._startBest;
    this.start = this._intern();
    for (let k = 0; k < savedCount; k++) this.next[k] = saved[k] as number;
    this.nextCount = savedCount;
    this.nextBest = savedBest;
  }

  /**
   * Returns the id of the state after reading byte `b` from state `id` (negative when it is
   * settled), building and recording it; 0 when the check in progress has used up
   * tierTuning.checkWork (the caller answers on the tier below). O(positions of the state).
   */
  step(id: number, b: number): number {
    const len = this.sets[2 * id + 1] as number;
    this.work += len + 1;
    if (this.gaveUp || this.pauseWanted) return 0;
    if (this.work > tierTuning.checkWork) {
      if (++this.workOuts >= tierTuning.maxWorkOuts) this.gaveUp = true;
      return 0;
    }
    // The thread's work counter (scratch.ts), on the build road only: never on a built state.
    THREAD_SCRATCH.buildWork += len + 1;
    const sym = this.nfa.sym;
    this._beginSet(this.answers[2 * id + 1] as number);
    const off = this.sets[2 * id] as number;
    for (let k = off; k < off + len; k++) {
      const p = this.pool[k] as number;
      const y = sym[p] as number;
      if (y === SYM_STAR) this._addClosure(p);
      else if (y === b) this._addClosure(p + 1);
    }
    this._pruneSet();
    const flushes = this.flushes;
    const next = this._intern();
    const settled = this.nextCount === 0;
    // After a flush the source state is void: record nothing from it.
    if (this.flushes === flushes) {
      const at = id * this.classCount + (this.nfa.cls[b] as number);
      if (this.narrow) this.trans8[at] = settled ? -next : next;
      else this.trans[at] = settled ? -next : next;
    }
    return settled ? -next : next;
  }
}

/** Returns the hash of a state's set: its best rank and the NFA positions `a[off, off + len)`. O(len). */
function _hashPositions(best: number, a: Int32Array, off: number, len: number): number {
  let h = Math.imul(best ^ 0x9e3779b9, 0x85ebca6b);
  for (let k = off; k < off + len; k++) h = Math.imul(h ^ (a[k] as number), 0x01000193);
  return (h ^ (h >>> 15)) >>> 0;
}

/**
 * Returns the rank that decides `url` (as matcher.ts's bestRank: NO_RANK, IMPLICIT_RANK or a
 * rank), or {@link TIER_FALLBACK} when the check must be answered by the tier below. Reads the
 * caller's string directly (a rare unit, see decodeRareUnit, is fed as the bytes it stands
 * for); stops at the first settled state. O(path bytes read) once the states it visits are
 * built; no allocation then.
 */
export function runLazyDfa(d: LazyDfa, url: string): number {
  // Invariant: the check starts at the start state. Hot: run pnpm bench.
  d.checks++;
  // rfc9309's implicit allow of `/robots.txt` is two of the automaton's patterns (buildGroupNfa),
  // so a start state settled before any byte answers every URL: no path start to find.
  if (d.startSettled !== TIER_FALLBACK) return d.startSettled;
  // A URL that starts with the group's remembered scheme and authority, then `/`, has its path
  // there (docs/semantics.md section 6; see _findPathStartRemembering for why that is exact).
  const a = d.authority;
  let i = startsWithAuthority(url, a) ? a.length : _findPathStartRemembering(d, url);
  const n = url.length;
  if (i >= 0 && url.charCodeAt(i) === 47) {
    // The common case, _walk's loop inlined (one call less per check; measured with pnpm bench).
    // Two copies of one loop, one per row width, so each reads one typed array type.
    const C = d.classCount;
    const fc = d.fastCls;
    let s = d.start;
    if (d.narrow) {
      const tt = d.trans8;
      for (; i < n; i++) {
        const c = url.charCodeAt(i);
        const k = c < 128 ? (fc[c] as number) : -1;
        if (k < 0) break;
        const x = tt[s * C + k] as number;
        if (x <= 0) {
          if (x < 0) return d.answers[1 - 2 * x] as number;
          break;
        }
        s = x;
      }
    } else {
      const tt = d.trans;
      for (; i < n; i++) {
        const c = url.charCodeAt(i);
        const k = c < 128 ? (fc[c] as number) : -1;
        if (k < 0) break;
        const x = tt[s * C + k] as number;
        if (x <= 0) {
          if (x < 0) return d.answers[1 - 2 * x] as number;
          break;
        }
        s = x;
      }
    }
    if (i === n) return d.answers[2 * s] as number;
    // Only the roads below build states: they start this check's build work.
    d.work = 0;
    return _walk(d, url, i, n, s);
  }
  return _runWithoutSlash(d, url, i, n);
}

/** runLazyDfa for a path that is `/` (no path, `i` < 0) or starts with `?` or `;` at `i`: a `/` comes first. Apart so that runLazyDfa stays small enough to inline. */
function _runWithoutSlash(d: LazyDfa, url: string, i: number, n: number): number {
  // Invariant: as runLazyDfa, whose start state is not settled. Hot (a path that does not start with `/`): run pnpm bench.
  d.work = 0;
  const x = _feedByte(d, d.start, 47);
  if (x <= 0) return x === 0 ? TIER_FALLBACK : (d.answers[1 - 2 * x] as number);
  if (i < 0) return d.answers[2 * x] as number;
  return _walk(d, url, i, n, x);
}

/**
 * Misses of `LazyDfa.authority` after which an http(s) URL's authority replaces it (when they are
 * also more than half the checks since it was set, so a majority authority is never displaced by
 * a minority one), and most times it is set per group: a host's URLs nearly all share one scheme
 * and authority; the bound keeps allocation at zero in steady state for a group whose URLs
 * alternate between several.
 */
const _AUTHORITY_MISSES = 256;
const _AUTHORITY_SETS = 8;

/**
 * Returns findPathStart(url) and remembers the URL's scheme and authority in `d.authority`
 * when it is of the `http(s)://` form (path-bytes.ts httpAuthorityStart), its path starts with `/`, and
 * the group has none yet (or missed it in at least _AUTHORITY_MISSES http(s) URLs that are more
 * than half the checks since it was set). Exact: for that form the path start
 * depends only on the code units before the first `/`, `?`, `;` or `#` after the `//`, so any
 * URL that starts with the same units, followed by `/`, has its path start at the same index.
 */
function _findPathStartRemembering(d: LazyDfa, url: string): number {
  // Invariant: none. Hot (a URL of another authority than the group's): run pnpm bench.
  // findPathStart's halves: only the http(s) form is remembered, and only its URLs are misses.
  const a = httpAuthorityStart(url);
  if (a < 0) return findPathStartGeneral(url);
  const i = findAuthorityEnd(url, a);
  if (i > 0 && i <= AUTHORITY_MAX && url.charCodeAt(i) === 47 && d.authoritySets < _AUTHORITY_SETS && (d.authority.length === 0 || (++d.authorityMisses >= _AUTHORITY_MISSES && 2 * d.authorityMisses > d.checks - d.authorityChecks))) {
    rememberAuthority(d, copyPrefix(url, i));
  }
  return i;
}

/**
 * Makes `authority` (a scheme and authority up to its path's `/`, at most AUTHORITY_MAX code
 * units) the one `d` finds path starts after, counting one set: by the automaton itself, or
 * at tier-up with the string tier 0 remembered (robots.ts), so a group keeps one copy across
 * tiers. O(1).
 */
export function rememberAuthority(d: LazyDfa, authority: string): void {
  d.authority = authority;
  d.authorityMisses = 0;
  d.authorityChecks = d.checks;
  d.authoritySets++;
}

/** Walks the path from code unit `i` on from state `s`; returns as runLazyDfa. */
function _walk(d: LazyDfa, url: string, i: number, n: number, s: number): number {
  // Invariant: `s` is the state after the path bytes before index `i`. Hot: run pnpm bench.
  const C = d.classCount;
  const fc = d.fastCls;
  for (; i < n; i++) {
    const c = url.charCodeAt(i);
    const k = c < 128 ? (fc[c] as number) : -1;
    if (k < 0) {
      if (c === 35 || c === 0) break;
      let x: number;
      if (c === PERCENT) {
        // rfc9309's `%`: a valid `%XX` of an unreserved byte is that byte (one fast class),
        // any other valid escape its octet as `%XX` upper-case, a `%` without two hex digits
        // itself (decodeRareUnit's rules, without its packed result).
        const hi = i + 2 < n ? hexValue(url.charCodeAt(i + 1)) : -1;
        const lo = hi >= 0 ? hexValue(url.charCodeAt(i + 2)) : -1;
        if (lo < 0) x = _feedByte(d, s, PERCENT);
        else {
          const v = (hi << 4) | lo;
          const kv = v < 128 && UNRESERVED_ASCII[v] === 1 ? (fc[v] as number) : -1;
          if (kv >= 0) {
            x = _transAt(d, s * C + kv);
            if (x === 0) x = d.step(s, v);
          } else x = _feedEscaped(d, s, v);
          i += 2;
        }
      } else if (c < 128) x = _feedEscaped(d, s, c); // rfc9309's `*` or `$`: `%2A`, `%24`
      else {
        // A character: its UTF-8 octets (a surrogate pair is one code point, a lone surrogate
        // U+FFFD), as decodeRareUnit reads it.
        let cp = c;
        if (c >= 0xd800 && c <= 0xdfff) {
          const c2 = i + 1 < n ? url.charCodeAt(i + 1) : 0;
          if (c <= 0xdbff && c2 >= 0xdc00 && c2 <= 0xdfff) {
            cp = 0x10000 + ((c - 0xd800) << 10) + (c2 - 0xdc00);
            i++;
          } else cp = 0xfffd;
        }
        x = _feedCodePoint(d, s, cp, d.rfc);
      }
      if (x <= 0) return x === 0 ? TIER_FALLBACK : (d.answers[1 - 2 * x] as number);
      s = x;
      continue;
    }
    let x = _transAt(d, s * C + k);
    if (x <= 0) {
      if (x === 0) {
        x = d.step(s, c);
        if (x === 0) return TIER_FALLBACK;
      }
      if (x < 0) return d.answers[1 - 2 * x] as number;
    }
    s = x;
  }
  return d.answers[2 * s] as number;
}

/** Returns transition `at` of `d`'s rows (see LazyDfa.trans), whichever width they have now. */
function _transAt(d: LazyDfa, at: number): number {
  // Invariant: `at` is inside the rows; no allocation. Hot (tier 1's run loop): run pnpm bench.
  return d.narrow ? (d.trans8[at] as number) : (d.trans[at] as number);
}

/** Returns the state after byte `b` from state `s`: an id, `-id` when settled, 0 to fall back (see LazyDfa.step). */
function _feedByte(d: LazyDfa, s: number, b: number): number {
  // Invariant: `s` is a live state id of `d` (> 0); no allocation. Hot (tier 1's run loop): run pnpm bench.
  const x = _transAt(d, s * d.classCount + (d.nfa.cls[b] as number));
  return x === 0 ? d.step(s, b) : x;
}

/** The bytes `%` and `?`, which tier 1 reads apart from the fast classes. */
const PERCENT = 0x25;
const QUESTION_MARK = 0x3f;

/** Feeds fast ASCII byte `b` (class `k` in `fastCls`); returns as _feedByte. */
function _feedFast(d: LazyDfa, s: number, b: number, k: number): number {
  // Invariant: `s` is a live state id of `d` (> 0); no allocation. Hot (tier 1's run loop): run pnpm bench.
  const x = _transAt(d, s * d.classCount + k);
  return x === 0 ? d.step(s, b) : x;
}

/**
 * Feeds octet `b` written `%XX` with upper-case hex (rfc9309, docs/semantics.md section 7): `%`
 * through its class and the two hex digits through the fast classes (no read of the NFA's
 * byte classes); returns as _feedByte.
 */
function _feedEscaped(d: LazyDfa, s: number, b: number): number {
  // Invariant: `s` is a live state id of `d` (> 0); no allocation. Hot (tier 1's run loop): run pnpm bench.
  const fc = d.fastCls;
  let x = _transAt(d, s * d.classCount + d.percentCls);
  if (x === 0) x = d.step(s, PERCENT);
  if (x <= 0) return x;
  const h = HEX_DIGITS[b >> 4] as number;
  x = _feedFast(d, x, h, fc[h] as number);
  if (x <= 0) return x;
  const l = HEX_DIGITS[b & 15] as number;
  return _feedFast(d, x, l, fc[l] as number);
}

/** Feeds octet `b` as the matcher reads it (`%XX` upper-case in rfc9309, raw in google); returns as _feedByte. */
function _feedOctet(d: LazyDfa, s: number, b: number, rfc: boolean): number {
  // Invariant: `s` is a live state id of `d` (> 0); no allocation. Hot (tier 1's run loop): run pnpm bench.
  return rfc ? _feedEscaped(d, s, b) : _feedByte(d, s, b);
}

/** Feeds the UTF-8 octets of code point `cp` (at least U+0080) as the matcher reads them; returns as _feedByte. O(1). */
function _feedCodePoint(d: LazyDfa, s: number, cp: number, rfc: boolean): number {
  // Invariant: `s` is a live state id of `d` (> 0); no allocation. Hot (tier 1's run loop): run pnpm bench.
  if (cp < 0x800) s = _feedOctet(d, s, 0xc0 | (cp >> 6), rfc);
  else {
    if (cp < 0x10000) s = _feedOctet(d, s, 0xe0 | (cp >> 12), rfc);
    else {
      s = _feedOctet(d, s, 0xf0 | (cp >> 18), rfc);
      if (s > 0) s = _feedOctet(d, s, 0x80 | ((cp >> 12) & 0x3f), rfc);
    }
    if (s > 0) s = _feedOctet(d, s, 0x80 | ((cp >> 6) & 0x3f), rfc);
  }
  return s > 0 ? _feedOctet(d, s, 0x80 | (cp & 0x3f), rfc) : s;
}
