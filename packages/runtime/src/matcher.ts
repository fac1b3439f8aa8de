/**
 * The hot path: walks a group's automaton (DFA, then lazy DFA past frontier states) over the
 * bytes of a URL's path, finding the path and
 * normalising on the fly (SPEC.md sections 6 and 7; RFC 9309 sections 2.2.2 and 2.2.3), with
 * no allocation per call.
 */
import {
  FRONTIER_BEST, FRONTIER_END, FRONTIER_LEVEL, FRONTIER_LIST_LENGTH, FRONTIER_LIST_OFFSET, FRONTIER_WORDS,
  NFA_ALLOW, NFA_ANCHORED, NFA_KIND_END, NFA_KIND_MASK, NFA_KIND_STAR, NO_RANK, isUnreservedByte, nfaKindAt,
} from './format.js';
import {
  SEGMENT_DENSE_MAX_WORDS, buildSegmentIndex, collectSuffixRanges, grownInt32, grownUint8, isSegmentStart, suffixRanges, sweepSegments,
} from './segment-scan.js';
import type { SegmentIndex } from './segment-scan.js';

/** Placeholders of the lazy DFA's buffers until its first use (keeps the fields monomorphic). */
const _EMPTY = new Int32Array(0);
const _EMPTY_BYTES = new Uint8Array(0);

/**
 * Slots of an automaton's escape cache (log2): DFA state and rare unit (an escaped octet or a
 * non-ASCII character) to the DFA state after the 3 to 12 bytes the walk reads for it. 12 KB,
 * allocated by the first escape a walk reads. The size is not tuned (a 4 KB URL meets at most
 * a few thousand distinct pairs). Effect, from a one-off A/B script that loaded the old and new
 * runtime in one process (not kept): 4,000 lone surrogates against binary-body (rfc9309), 266 us
 * before, 24 us after; `pnpm bench --hostile` shows it in the "per 4,000 octets" column.
 */
export const RARE_CACHE_BITS = 10;
const _RARE_SHIFT = 32 - RARE_CACHE_BITS;

/**
 * A direct-mapped cache from (walk state, rare unit) to the walk state after all the unit's
 * bytes (see {@link RARE_CACHE_BITS}); used for DFA states by an automaton and for lazy states
 * by a lazy DFA. Invariant: slot `k` is empty (`state[k] == -1`) or maps `(state[k], unit[k])`
 * to `next[k]`. Allocated on first use.
 */
export class UnitCache {
  state = _EMPTY;
  unit = _EMPTY;
  next = _EMPTY;

  /** Allocates the slots, all empty. */
  allocate(): void {
    this.state = new Int32Array(1 << RARE_CACHE_BITS).fill(-1);
    this.unit = new Int32Array(1 << RARE_CACHE_BITS);
    this.next = new Int32Array(1 << RARE_CACHE_BITS);
  }

  /** Empties every slot (the lazy states it named were renumbered). */
  clear(): void {
    this.state.fill(-1);
  }

  /** Records that `unit` leads from walk state `s` to `t` in slot `slot` (see `_unitSlot`). */
  store(slot: number, s: number, unit: number, t: number): void {
    this.state[slot] = s;
    this.unit[slot] = unit;
    this.next[slot] = t;
  }
}

/** Returns the slot of (walk state `s`, rare unit `unit`) in a {@link UnitCache}. */
function _unitSlot(s: number, unit: number): number {
  return Math.imul(s ^ Math.imul(unit, 0x85ebca77), 0x9e3779b1) >>> _RARE_SHIFT;
}

/**
 * One hybrid automaton as typed-array views into the artifact. Invariant (checked by the
 * loader): every state `s < stateCount` has `header[2s] + classCount <= pairs.length / 2` and a
 * default that is a state or a frontier; every `pairs[2j]` equal to a state has a target that
 * is a state or a frontier (`t < 0`: frontier `-t - 2 < frontierCount`); `cls` has 256 entries
 * `< classCount`; `end[s]` is -1 or a valid rank; every NFA position that is not an end is
 * followed by a position of the same pattern; frontier lists name valid positions.
 */
export class AutomatonPart {
  constructor(
    readonly cls: Uint8Array,
    readonly header: Int32Array,
    readonly pairs: Int32Array,
    readonly end: Int32Array,
    readonly start: number,
    readonly settleVerdict: number,
    readonly settleRule: number,
    readonly classCount: number,
    readonly stateCount: number,
    /** `kind | flags, rank` per NFA position. */
    readonly nfa: Int32Array,
    /** FRONTIER_WORDS per frontier state. */
    readonly frontiers: Int32Array,
    readonly lists: Int32Array,
    readonly frontierCount: number,
  ) {}

  /** Escape cache of DFA states (to a DFA state or frontier), allocated by the first escape a walk reads. */
  readonly units = new UnitCache();
  /** The rule scan's segment automaton over the whole NFA, once a scan has built it (null until then). */
  segments: SegmentIndex | null = null;
  /** NFA positions covered by local segment indexes so far (see `LOCAL_INDEX_SHIFT`). */
  localIndexWork = 0;
}

/**
 * Lazy-DFA states a selected group's cache starts with. Measured with `pnpm bench` (rule
 * scaling series): 256 states thrashed on 3,000 mixed real rules (204 us per check) where
 * 1,024 held them (373 ns); the buffers exist only for groups whose walks leave the DFA.
 */
export const LAZY_STATE_CAPACITY = 1024;
/**
 * Minimum words of lazy-state position sets a cache starts with (and at least the NFA's size,
 * so any one set fits). The pool, not the state count, is what thrashes: `pnpm bench` corpus
 * workload gave 115 ns per check with 32 K words and 266 ns with 16 K; 64 K costs 256 KB.
 */
export const LAZY_POOL_WORDS = 1 << 16;
/**
 * Most states a cache grows to (it doubles when full instead of flushing, up to this and
 * {@link LAZY_MAX_TRANS_WORDS}): a memory bound, not tuned. Why grow at all, from `pnpm bench
 * --hostile`: a 16,664-byte literal past the DFA's state cap visits 16,664 lazy states per
 * check; with a fixed 1,024 states every check rebuilt them (long-lines, 0.6 ms), held they
 * cost one table read per byte (75-100 us for the 16,664-byte URL).
 */
export const LAZY_MAX_STATES = 1 << 16;
/** Most transition-table words (states x byte classes) a cache grows to: 4 MB. */
export const LAZY_MAX_TRANS_WORDS = 1 << 20;
/**
 * Most words of position sets a cache grows to (8 MB), or 8 x the NFA's positions when that
 * is more (the pool before growth existed). Past both limits the cache flushes as RE2's does.
 */
export const LAZY_MAX_POOL_WORDS = 1 << 21;

/**
 * The working set of an NFA simulation step, shared by every lazy DFA of the thread (a walk runs
 * to its end before another starts, and nothing in a walk calls out), so a group's cache holds
 * only its states: `cur[0..count)` is the set being advanced, with best rank `best`; `next`,
 * `fill` and `nextBest` the successor being built; `stamp[x] == gen` marks membership and
 * `domGen[r] == gen` a valid `domPos[r]` (furthest star of rank r). Buffers only grow (to the
 * largest NFA and rank table the thread has walked), so a group that fitted once always fits.
 */
export class SimWork {
  cur = _EMPTY;
  next = _EMPTY;
  stamp = _EMPTY;
  domPos = _EMPTY;
  domGen = _EMPTY;
  count = 0;
  best = NO_RANK;
  nextBest = NO_RANK;
  fill = 0;
  gen = 0;
}

/** The thread's working set (see {@link SimWork}). */
const _work = new SimWork();

/** Grows the shared working set to hold `positions` NFA positions and `ranks` ranks. */
function _ensureWork(positions: number, ranks: number): void {
  const w = _work;
  if (w.stamp.length < positions) {
    w.cur = new Int32Array(positions);
    w.next = new Int32Array(positions);
    w.stamp = new Int32Array(positions);
  }
  if (w.domPos.length < ranks) {
    w.domPos = new Int32Array(ranks);
    w.domGen = new Int32Array(ranks);
  }
}

/**
 * The lazy DFA that continues a walk past a frontier state: states are NFA position sets
 * computed on demand with the compiler's own closure and pruning, interned in preallocated
 * typed arrays with their transitions cached per byte class; when full, the cache doubles (up to
 * `maxStates` states and `maxPoolWords` set words), and past that everything is flushed and
 * rebuilt on demand (RE2's approach). One per selected group (JavaScript runs one walk at a
 * time per thread); its buffers are allocated by the first walk that leaves the DFA and
 * reallocated only when they double, at most log2(maxStates / 1,024) + log2(maxPoolWords /
 * initial pool) times in the group's life, so steady-state walks allocate nothing. Invariants:
 * `capacity` is a power of two; states
 * `[0, states)` hold a pruned set `pool[setOff[l] .. + setLen[l])` with `bestOf`, `endOf`,
 * `flagsOf` (1: verdict settled, 2: rule settled) derived from it; `trans[l * K + c]` is -1
 * or a state of the same generation. The working set lives in the thread's shared {@link SimWork}.
 */
export class NfaScratch {
  readonly classes: number;
  trans = _EMPTY;
  setOff = _EMPTY;
  setLen = _EMPTY;
  bestOf = _EMPTY;
  endOf = _EMPTY;
  flagsOf = _EMPTY_BYTES;
  hashOf = _EMPTY;
  table = _EMPTY;
  pool = _EMPTY;
  frontierLazy = _EMPTY;
  frontierGen = _EMPTY;
  states = 0;
  poolUsed = 0;
  /** States the buffers hold (0 before {@link NfaScratch.allocate}). */
  capacity = 0;
  /** Most states the cache may grow to (a power of two). */
  maxStates: number;
  /** Most set-pool words the cache may grow to. */
  maxPoolWords: number;
  generation = 1;
  /** Lazy state a walk settled in (read by endRankOf for SIM_DONE). */
  doneLazy = 0;
  /** Positions advanced by lazy-state construction so far (walks compare it to their budget). */
  work = 0;
  /** Rank decided by the last rule scan (-1: none), read by endRankOf for SIM_SCANNED. */
  scanRank = -1;
  /** Walks answered by a rule scan so far (diagnostics and tests). */
  scans = 0;
  /**
   * State-building work one walk may spend before it finishes by a scan: NFA positions >>
   * {@link SCAN_BUDGET_SHIFT}, at least {@link SCAN_BUDGET_MIN} (tests set 0 to scan at the first
   * new state, or Infinity never to).
   */
  scanBudget: number;
  /** Escape cache of lazy states, cleared by a flush. */
  readonly units = new UnitCache();

  constructor(
    /** The automaton this scratch continues. */
    readonly part: AutomatonPart,
    /** Per rank: `(ruleId + 1) << 1 | allow`. */
    readonly rankInfo: Int32Array,
  ) {
    this.classes = part.classCount;
    let states = LAZY_STATE_CAPACITY;
    while (states < LAZY_MAX_STATES && states * 2 * part.classCount <= LAZY_MAX_TRANS_WORDS) states *= 2;
    this.maxStates = states;
    this.maxPoolWords = Math.max(LAZY_MAX_POOL_WORDS, 8 * (part.nfa.length >> 1));
    this.scanBudget = Math.max(SCAN_BUDGET_MIN, (part.nfa.length >> 1) >> SCAN_BUDGET_SHIFT);
  }

  /**
   * Allocates the buffers, once, when a walk first leaves the DFA: most groups with frontier
   * states never do for real URLs, so they never pay for them.
   */
  allocate(): void {
    const part = this.part;
    const positions = part.nfa.length >> 1;
    _ensureWork(positions, this.rankInfo.length);
    this.pool = new Int32Array(Math.min(this.maxPoolWords, Math.max(LAZY_POOL_WORDS, positions)));
    this.frontierLazy = new Int32Array(part.frontierCount);
    this.frontierGen = new Int32Array(part.frontierCount);
    this.units.allocate();
    this.resize(Math.min(LAZY_STATE_CAPACITY, this.maxStates));
  }

  /**
   * Gives the state buffers room for `capacity` states (a power of two, at least the current
   * one), keeping every state, set and cached transition; rebuilds the hash table. O(capacity x
   * classes).
   */
  resize(capacity: number): void {
    const k = this.classes;
    const trans = new Int32Array(capacity * k).fill(-1);
    trans.set(this.trans.subarray(0, this.states * k));
    this.trans = trans;
    this.setOff = grownInt32(this.setOff, capacity);
    this.setLen = grownInt32(this.setLen, capacity);
    this.bestOf = grownInt32(this.bestOf, capacity);
    this.endOf = grownInt32(this.endOf, capacity);
    this.hashOf = grownInt32(this.hashOf, capacity);
    this.flagsOf = grownUint8(this.flagsOf, capacity);
    this.table = new Int32Array(capacity * 2).fill(-1);
    const mask = this.table.length - 1;
    for (let l = 0; l < this.states; l++) {
      let slot = (this.hashOf[l] as number) & mask;
      while ((this.table[slot] as number) >= 0) slot = (slot + 1) & mask;
      this.table[slot] = l;
    }
    this.capacity = capacity;
  }
}

/**
 * Makes room for one more lazy state whose set has `words` positions by doubling the full
 * buffers; returns false (nothing changed) when a limit forbids it, and the caller flushes.
 */
function _lazyGrow(sc: NfaScratch, words: number): boolean {
  const needStates = sc.states === sc.capacity;
  let pool = sc.pool.length;
  while (sc.poolUsed + words > pool) pool *= 2;
  if ((needStates && sc.capacity * 2 > sc.maxStates) || pool > sc.maxPoolWords) return false;
  if (pool !== sc.pool.length) sc.pool = grownInt32(sc.pool, pool);
  if (needStates) sc.resize(sc.capacity * 2);
  return true;
}

/** Walk state: settled inside the lazy DFA (state `doneLazy` of the scratch). */
export const SIM_DONE = 0x7ffffffe;

/** Per ASCII code: 1 when the byte goes straight to the DFA in the google profile. */
const _FAST_GOOGLE = new Uint8Array(128);
/** Per ASCII code: 1 when the byte goes straight to the DFA in the rfc9309 profile. */
const _FAST_RFC = new Uint8Array(128);
for (let c = 1; c < 128; c++) {
  _FAST_GOOGLE[c] = c === 0x23 ? 0 : 1;
  _FAST_RFC[c] = c === 0x23 || c === 0x25 || c === 0x2a || c === 0x24 ? 0 : 1;
}
/** Per ASCII code: 1 for RFC 3986 unreserved characters (decoded from `%XX` in rfc9309). */
const _UNRESERVED = new Uint8Array(128);
for (let c = 0; c < 128; c++) _UNRESERVED[c] = isUnreservedByte(c) ? 1 : 0;
const _HEX_DIGITS = new Uint8Array([48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 65, 66, 67, 68, 69, 70]);

/** Code-unit index where `_decodeRare` stopped (it consumed one escape or one character). */
let _rareNext = 0;
/** Bytes the walk reads for a rare unit (`_unitBytes`): 4 UTF-8 octets as `%XX` at most. */
const _rareBytes = new Uint8Array(12);
/** Number of valid bytes in `_rareBytes`. */
let _rareCount = 0;

/**
 * Returns the index in `url` where the path starts (a `/`, `?` or `;`), or -1 when the path
 * is `/` (none found, or a `#` comes first). SPEC.md section 6. O(length of scheme+authority).
 */
export function findPathStart(url: string): number {
  // Invariant: one pass over the code units before the path start; a `#` anywhere before it
  // (scheme included) means the path is `/`. Hot: run pnpm bench.
  const n = url.length;
  let k = n >= 2 && url.charCodeAt(0) === 47 && url.charCodeAt(1) === 47 ? 2 : 0;
  let protocol = false;
  for (; k < n; k++) {
    const c = url.charCodeAt(k);
    if (c === 47 || c === 63 || c === 59) return k;
    if (c === 35) return -1;
    // The first "://" before any '/', '?' or ';' ends the scheme; the authority follows it.
    if (c === 58 && !protocol && k + 2 < n && url.charCodeAt(k + 1) === 47 && url.charCodeAt(k + 2) === 47) {
      protocol = true;
      k += 2;
    }
  }
  return -1;
}

/**
 * Returns the target of DFA state `s >= 0` on byte class `c` (a state, or a frontier `< -1`):
 * the comb lookup `j = base(s) + c`, `pairs[2j + 1]` if `pairs[2j] == s`, else `def(s)`.
 */
export function stepClass(p: AutomatonPart, s: number, c: number): number {
  // Invariant: 0 <= s < stateCount and c < classCount, so every index is in bounds. Hot: run pnpm bench.
  const j = ((p.header[s << 1] as number) + c) << 1;
  return p.pairs[j] === s ? (p.pairs[j + 1] as number) : (p.header[(s << 1) + 1] as number);
}

/** Returns the DFA state after reading byte `b` in DFA state `s >= 0` (may be a frontier). */
function _step(p: AutomatonPart, s: number, b: number): number {
  return stepClass(p, s, p.cls[b] as number);
}

/** Returns the next stamp generation of the working set, resetting the stamps when it would overflow. */
function _nextGen(w: SimWork): number {
  let gen = w.gen + 1;
  if (gen === 0x3fffffff) {
    w.stamp.fill(0);
    w.domGen.fill(0);
    gen = 1;
  }
  w.gen = gen;
  return gen;
}

/** Adds position `x` and its epsilon closure to the working set's successor (`next`). */
function _simAdd(nfa: Int32Array, w: SimWork, x: number, gen: number): void {
  for (;;) {
    const word = nfa[x << 1] as number;
    const kind = word & NFA_KIND_MASK;
    if (kind === NFA_KIND_END && (word & NFA_ANCHORED) === 0) {
      const r = nfa[(x << 1) + 1] as number;
      if (r < w.nextBest) w.nextBest = r;
      return;
    }
    if (w.stamp[x] !== gen) {
      w.stamp[x] = gen;
      w.next[w.fill++] = x;
      if (kind === NFA_KIND_STAR) {
        const r = nfa[(x << 1) + 1] as number;
        if (w.domGen[r] !== gen || (w.domPos[r] as number) < x) {
          w.domGen[r] = gen;
          w.domPos[r] = x;
        }
      }
    }
    if (kind !== NFA_KIND_STAR) return;
    x++;
  }
}

/** Returns the starting hash of a set whose best rank is `best` (positions are then summed in). */
function _hashSeed(best: number): number {
  return Math.imul(best ^ 0x2545f491, 0x9e3779b1);
}

/** Returns the hash contribution of position `x` (order-independent: summed). */
function _positionHash(x: number): number {
  let h = Math.imul(x ^ 0x5bd1e995, 0xcc9e2d51);
  h ^= h >>> 15;
  return Math.imul(h, 0x1b873593);
}

/**
 * Sets the working set to the successor on byte `b` of the set `src[off .. off + len)` with
 * best rank `best`: the same transition, closure and pruning as the compiler's subset
 * construction (rank below best, wildcard dominance within a pattern). Returns the new set's
 * hash (see `_setHash`). O(set size); no allocation.
 */
function _simAdvance(p: AutomatonPart, src: Int32Array, off: number, len: number, best: number, b: number): number {
  const nfa = p.nfa;
  const w = _work;
  const gen = _nextGen(w);
  w.fill = 0;
  w.nextBest = best;
  for (let k = off; k < off + len; k++) {
    const pos = src[k] as number;
    const kind = nfaKindAt(nfa, pos);
    if (kind === NFA_KIND_STAR) _simAdd(nfa, w, pos, gen);
    else if (kind === b) _simAdd(nfa, w, pos + 1, gen);
  }
  const nextBest = w.nextBest;
  const next = w.next;
  const cur = w.cur;
  let h = _hashSeed(nextBest);
  let kept = 0;
  for (let k = 0; k < w.fill; k++) {
    const x = next[k] as number;
    const r = nfa[(x << 1) + 1] as number;
    if (r >= nextBest) continue;
    if (w.domGen[r] === gen && x < (w.domPos[r] as number)) continue;
    cur[kept++] = x;
    h = (h + _positionHash(x)) | 0;
  }
  w.count = kept;
  w.best = nextBest;
  return h;
}

/** Returns an order-independent hash of the working set and its best rank. */
function _setHash(w: SimWork): number {
  let h = _hashSeed(w.best);
  for (let k = 0; k < w.count; k++) h = (h + _positionHash(w.cur[k] as number)) | 0;
  return h;
}

/** Returns true when lazy state `l` holds exactly the working set (membership via stamps). */
function _sameSet(sc: NfaScratch, w: SimWork, l: number): boolean {
  if (sc.bestOf[l] !== w.best || sc.setLen[l] !== w.count) return false;
  const gen = _nextGen(w);
  const off = sc.setOff[l] as number;
  for (let k = 0; k < w.count; k++) w.stamp[sc.pool[off + k] as number] = gen;
  for (let k = 0; k < w.count; k++) if (w.stamp[w.cur[k] as number] !== gen) return false;
  return true;
}

/** Empties the lazy cache (a new generation); states and transitions are rebuilt on demand. */
function _lazyFlush(sc: NfaScratch): void {
  sc.trans.fill(-1, 0, sc.states * sc.classes);
  sc.table.fill(-1);
  sc.units.clear();
  sc.states = 0;
  sc.poolUsed = 0;
  sc.generation++;
}

/**
 * Returns the lazy state holding the working set (hash `h`, see `_setHash`), adding it (after
 * growing the cache, or flushing it at its largest size, when full).
 */
function _lazyIntern(p: AutomatonPart, sc: NfaScratch, h: number): number {
  const w = _work;
  const mask = sc.table.length - 1;
  let slot = h & mask;
  for (;;) {
    const l = sc.table[slot] as number;
    if (l < 0) break;
    if (sc.hashOf[l] === h && _sameSet(sc, w, l)) return l;
    slot = (slot + 1) & mask;
  }
  const count = w.count;
  if (sc.states === sc.capacity || sc.poolUsed + count > sc.pool.length) {
    if (!_lazyGrow(sc, count)) _lazyFlush(sc);
    const m = sc.table.length - 1;
    slot = h & m;
    while ((sc.table[slot] as number) >= 0) slot = (slot + 1) & m;
  }
  const l = sc.states++;
  sc.table[slot] = l;
  sc.hashOf[l] = h;
  sc.setOff[l] = sc.poolUsed;
  sc.setLen[l] = count;
  sc.bestOf[l] = w.best;
  const nfa = p.nfa;
  const pool = sc.pool;
  const cur = w.cur;
  const decisionAllow = w.best === NO_RANK ? NFA_ALLOW : ((sc.rankInfo[w.best] as number) & 1) === 1 ? NFA_ALLOW : 0;
  let end = w.best;
  let open = false;
  let used = sc.poolUsed;
  for (let k = 0; k < count; k++) {
    const x = cur[k] as number;
    pool[used++] = x;
    const word = nfa[x << 1] as number;
    if ((word & NFA_ALLOW) !== decisionAllow) open = true;
    if ((word & NFA_KIND_MASK) === NFA_KIND_END) {
      const r = nfa[(x << 1) + 1] as number;
      if (r < end) end = r;
    }
  }
  sc.poolUsed = used;
  sc.endOf[l] = end === NO_RANK ? -1 : end;
  sc.flagsOf[l] = count === 0 ? 3 : open ? 0 : 1;
  return l;
}

/** Returns the lazy state of frontier `f` (its stored set), interning it once per generation. */
function _lazyEnter(p: AutomatonPart, sc: NfaScratch, f: number): number {
  if (sc.frontierGen.length === 0) sc.allocate();
  if (sc.frontierGen[f] === sc.generation) return sc.frontierLazy[f] as number;
  const w = _work;
  const base = f * FRONTIER_WORDS;
  const off = p.frontiers[base + FRONTIER_LIST_OFFSET] as number;
  const len = p.frontiers[base + FRONTIER_LIST_LENGTH] as number;
  for (let k = 0; k < len; k++) w.cur[k] = p.lists[off + k] as number;
  w.count = len;
  sc.work += len;
  w.best = p.frontiers[base + FRONTIER_BEST] as number;
  const l = _lazyIntern(p, sc, _setHash(w));
  sc.frontierGen[f] = sc.generation;
  sc.frontierLazy[f] = l;
  return l;
}

/** Returns the lazy state after byte `b` (class `c`) from lazy state `l`, computing it if new. */
function _lazyStep(p: AutomatonPart, sc: NfaScratch, l: number, b: number): number {
  const c = p.cls[b] as number;
  const known = sc.trans[l * sc.classes + c] as number;
  if (known >= 0) return known;
  sc.work += (sc.setLen[l] as number) + 1;
  const h = _simAdvance(p, sc.pool, sc.setOff[l] as number, sc.setLen[l] as number, sc.bestOf[l] as number, b);
  const generation = sc.generation;
  const t = _lazyIntern(p, sc, h);
  if (sc.generation === generation) sc.trans[l * sc.classes + c] = t;
  return t;
}

/**
 * Returns the walk state after byte `b` in any walk state: DFA (`s >= 0`), frontier
 * (`-s - 2 < frontierCount`) or lazy DFA (`-s - 2 - frontierCount`); SIM_DONE once a lazy
 * state settles the answer for this walk.
 */
function _stepAny(p: AutomatonPart, sc: NfaScratch | null, s: number, b: number, forVerdict: boolean): number {
  if (s >= 0) return _step(p, s, b);
  const lazy = sc as NfaScratch;
  const k = -s - 2;
  const l = k < p.frontierCount ? _lazyEnter(p, lazy, k) : k - p.frontierCount;
  const t = _lazyStep(p, lazy, l, b);
  if (((lazy.flagsOf[t] as number) & (forVerdict ? 1 : 2)) !== 0) {
    lazy.doneLazy = t;
    return SIM_DONE;
  }
  return -(t + p.frontierCount) - 2;
}

/** Returns true when walk state `s < 0` is a frontier whose verdict is already settled. */
function _frontierSettled(p: AutomatonPart, s: number, forVerdict: boolean): boolean {
  const f = -s - 2;
  return forVerdict && f < p.frontierCount && (p.frontiers[f * FRONTIER_WORDS + FRONTIER_LEVEL] as number) >= 1;
}

/** Returns the rank decided by a finished walk in state `s` (-1: none). */
export function endRankOf(p: AutomatonPart, sc: NfaScratch | null, s: number): number {
  if (s >= 0 && s < p.stateCount) return p.end[s] as number;
  const lazy = sc as NfaScratch;
  if (s === SIM_DONE) return lazy.endOf[lazy.doneLazy] as number;
  if (s === SIM_SCANNED) return lazy.scanRank;
  const k = -s - 2;
  if (k < p.frontierCount) return p.frontiers[k * FRONTIER_WORDS + FRONTIER_END] as number;
  return lazy.endOf[k - p.frontierCount] as number;
}

function _hexValue(c: number): number {
  if (c >= 48 && c <= 57) return c - 48;
  if (c >= 65 && c <= 70) return c - 55;
  if (c >= 97 && c <= 102) return c - 87;
  return -1;
}

/**
 * Returns the rare unit at `i` (a `%`, `*` or `$` in rfc9309, or a non-ASCII character) and sets
 * `_rareNext` to the index after it. SPEC.md section 7: a `%` without two hex digits is itself
 * and a valid `%XX` of an unreserved byte is that byte (units below 0x100: one raw byte); any
 * other escape and a literal `*` or `$` are octet `v` read as `%XX` with upper-case hex (unit
 * `0x100 | v`); a character is its UTF-8 octets, a lone surrogate U+FFFD (unit `0x200 + cp`).
 * Kept out of the walk loops so they stay small enough to inline.
 */
function _decodeRare(url: string, i: number, n: number): number {
  const c = url.charCodeAt(i);
  _rareNext = i + 1;
  if (c < 128) {
    // Only rfc9309 sends ASCII here (google reads every ASCII byte but '#' and NUL raw).
    if (c !== 37) return 0x100 | c; // '*' or '$'
    const hi = i + 2 < n ? _hexValue(url.charCodeAt(i + 1)) : -1;
    const lo = hi >= 0 ? _hexValue(url.charCodeAt(i + 2)) : -1;
    if (lo < 0) return 37;
    _rareNext = i + 3;
    const v = (hi << 4) | lo;
    return v < 128 && _UNRESERVED[v] === 1 ? v : 0x100 | v;
  }
  if (c < 0xd800 || c > 0xdfff) return 0x200 + c;
  const d = i + 1 < n ? url.charCodeAt(i + 1) : 0;
  if (c <= 0xdbff && d >= 0xdc00 && d <= 0xdfff) {
    _rareNext = i + 2;
    return 0x200 + 0x10000 + ((c - 0xd800) << 10) + (d - 0xdc00);
  }
  return 0x200 + 0xfffd;
}

/** Appends octet `b` to `_rareBytes` as the walk reads it: `%XX` (upper-case hex) in rfc9309, raw in google. */
function _pushOctet(b: number, rfc: boolean): void {
  if (rfc) {
    _rareBytes[_rareCount++] = 37;
    _rareBytes[_rareCount++] = _HEX_DIGITS[b >> 4] as number;
    _rareBytes[_rareCount++] = _HEX_DIGITS[b & 15] as number;
  } else {
    _rareBytes[_rareCount++] = b;
  }
}

/** Sets `_rareBytes[0 .. _rareCount)` to the bytes the walk reads for unit `unit >= 0x100`. */
function _unitBytes(unit: number, rfc: boolean): void {
  _rareCount = 0;
  if (unit < 0x200) {
    _pushOctet(unit & 0xff, true);
    return;
  }
  const cp = unit - 0x200;
  if (cp < 0x800) {
    _pushOctet(0xc0 | (cp >> 6), rfc);
  } else {
    if (cp < 0x10000) {
      _pushOctet(0xe0 | (cp >> 12), rfc);
    } else {
      _pushOctet(0xf0 | (cp >> 18), rfc);
      _pushOctet(0x80 | ((cp >> 12) & 63), rfc);
    }
    _pushOctet(0x80 | ((cp >> 6) & 63), rfc);
  }
  _pushOctet(0x80 | (cp & 63), rfc);
}

/**
 * Returns the walk state after the rare unit at `i` (see `_decodeRare`) from any walk state,
 * stopping at the first settled state (`>= threshold`); sets `_rareNext`. From a DFA state the
 * whole unit is one read of the automaton's escape cache once seen: the cached state is the
 * state after every byte of the unit (a settled state only leads to settled states with the
 * same outcome, so walking past one inside a unit changes nothing).
 */
function _walkRare(
  p: AutomatonPart, sc: NfaScratch | null, url: string, i: number, n: number, s: number,
  threshold: number, forVerdict: boolean, rfc: boolean,
): number {
  // Invariant: as walkPath's; cache slots hold DFA-only results (DFA states or frontiers, never
  // lazy states, which a flush renumbers). Hot for escapes: run pnpm bench.
  const unit = _decodeRare(url, i, n);
  if (unit < 0x100) return s >= 0 ? _step(p, s, unit) : _stepAny(p, sc, s, unit, forVerdict);
  let k = 0;
  if (s >= 0) {
    const units = p.units;
    if (units.state.length === 0) units.allocate();
    const slot = _unitSlot(s, unit);
    if (units.state[slot] === s && units.unit[slot] === unit) return units.next[slot] as number;
    _unitBytes(unit, rfc);
    let t = s;
    while (k < _rareCount && t >= 0) t = _step(p, t, _rareBytes[k++] as number);
    if (k === _rareCount) {
      units.store(slot, s, unit, t);
      return t;
    }
    s = t; // entered a frontier inside the unit: the rest goes through the lazy DFA
  } else {
    _unitBytes(unit, rfc);
  }
  for (; k < _rareCount; k++) {
    s = _stepAny(p, sc, s, _rareBytes[k] as number, forVerdict);
    if (s >= threshold) return s;
  }
  return s;
}

/**
 * Returns the lazy state after the rare unit at `i` from lazy state `l`, or -1 once a state
 * settles (`mode` bit of its flags; `doneLazy` is set); sets `_rareNext`.
 */
function _walkRareLazy(p: AutomatonPart, sc: NfaScratch, url: string, i: number, n: number, l: number, mode: number, rfc: boolean): number {
  // Invariant: l is a lazy state of the current generation; cache slots hold states of the
  // current generation (a flush clears them). Hot for escapes: run pnpm bench.
  const unit = _decodeRare(url, i, n);
  let t: number;
  if (unit < 0x100) {
    // The cached transition read inline, as in _walkLazy's loop; _lazyStep only on a miss.
    t = sc.trans[l * sc.classes + (p.cls[unit] as number)] as number;
    if (t < 0) t = _lazyStep(p, sc, l, unit);
  } else {
    const units = sc.units;
    const slot = _unitSlot(l, unit);
    if (units.state[slot] === l && units.unit[slot] === unit) {
      t = units.next[slot] as number;
    } else {
      _unitBytes(unit, rfc);
      const generation = sc.generation;
      t = l;
      for (let k = 0; k < _rareCount; k++) t = _lazyStep(p, sc, t, _rareBytes[k] as number);
      if (sc.generation === generation) units.store(slot, l, unit, t);
    }
  }
  if (((sc.flagsOf[t] as number) & mode) !== 0) {
    sc.doneLazy = t;
    return -1;
  }
  return t;
}

/**
 * State-building work (NFA positions advanced to build new lazy states) one walk may spend, as
 * a right shift of the group's NFA positions, before it finishes by a scan instead (`_scanFrom`:
 * one sweep of the rest of the path that advances every live pattern, segment-scan.ts). Building
 * states pays only when later walks read them; a scan pays every time. Measured with a one-off
 * script (not kept; `pnpm bench --hostile` has the warm and cold columns to re-check) once the
 * sweep replaced per-pattern matching: worst warm isAllowed/decide pair of a 4 KB URL, us per
 * check, shift 4 / 5 / 6 / 7: segment-probe-storm (google) 24 / 27 / 946 / 1,688 (its states
 * recur, so repeated walks converge on cached ones only with a budget of several states per
 * walk); storm-long-mixed 885 / 634 / 410 / 436 and storm-long-random 458 / 279 / 241 / 228 (a
 * new state at every byte, more than the cache holds: building is waste); storm-random-letters,
 * storm-single-line, index-html-storm and storm-same-letter 24-51 at every shift. Shift 5 has
 * the lowest worst case (634 us against 946 and 1,688); the cost is colder first walks
 * (storm-long-random's first pair 20 ms against 8 at shift 7). With per-pattern matching, shift 3
 * was chosen.
 */
export const SCAN_BUDGET_SHIFT = 5;

/**
 * Least scan budget (NFA positions advanced building lazy states in one walk), whatever the
 * NFA's size: a shift alone gave real files' small NFAs a budget below one state, so their walks
 * scanned where building a few small states pays. Measured with a one-off script (not kept):
 * the 4,233 corpus files loaded fresh, about 800 checks each of URLs made from their own
 * patterns, 3.5 M checks: per-pattern scans at shift 3 took 1,616 ms (90,191 scans); the sweep at
 * shift 5 with no floor 1,885 ms (223,477 scans); with a floor of 256 / 1,024 / 4,096 / 16,384
 * positions 1,928 / 1,672 / 1,568 / 1,564 ms (96,293 / 28,207 / 3,654 / 108 scans). 4,096 leaves
 * NFAs of 131,072 positions and more (the 500 KiB storms) at their shift budget.
 */
export const SCAN_BUDGET_MIN = 4096;

/**
 * A rule scan whose live pattern suffixes cover at most NFA positions >> this builds a local
 * segment index over them alone instead of the whole NFA's, as long as local builds have covered
 * fewer positions than the NFA (so they never cost more than one whole build). From `pnpm bench
 * --hostile` (cold column: the first check on a fresh load) with whole builds only, sets of 4
 * to 692 positions against NFAs of 64,029 to 493,722 positions paid the whole build (13-30 ms:
 * invalid-utf8, only-specials, percent-deep), where the scan itself costs microseconds. 1/16
 * is not tuned: it bounds a local build to 1/16 of a whole one.
 */
export const LOCAL_INDEX_SHIFT = 4;

/** Walk state: decided by a rule scan (rank in the scratch's `scanRank`). */
export const SIM_SCANNED = 0x7ffffffd;

/** The canonical path of the last rule scan (grows to the longest URL scanned, x 9). */
let _path = new Uint8Array(0);

/** Appends the byte `b` to `_path` at `n`; returns `n + 1`. */
function _pathPush(n: number, b: number): number {
  _path[n] = b;
  return n + 1;
}

/**
 * Writes the bytes a walk reads for `url` from code unit `i` to the path's end (`#`, NUL or the
 * end; SPEC.md section 7 decoding, as walkPath reads them) into `_path`; returns their count.
 * O(URL length); allocates only when a URL needs more room than any before.
 */
function _pathBytesFrom(url: string, i: number, rfc: boolean): number {
  const n = url.length;
  if (_path.length < 9 * (n - i) + 1) _path = new Uint8Array(9 * (n - i) + 1);
  let m = 0;
  const fast = rfc ? _FAST_RFC : _FAST_GOOGLE;
  while (i < n) {
    const c = url.charCodeAt(i);
    if (c < 128 && fast[c] === 1) {
      m = _pathPush(m, c);
      i++;
    } else if (c === 35 || c === 0) {
      break;
    } else {
      const unit = _decodeRare(url, i, n);
      if (unit < 0x100) {
        m = _pathPush(m, unit);
      } else {
        _unitBytes(unit, rfc);
        for (let k = 0; k < _rareCount; k++) m = _pathPush(m, _rareBytes[k] as number);
      }
      i = _rareNext;
    }
  }
  return m;
}

/**
 * Returns SIM_SCANNED after setting `sc.scanRank` to the rank that decides the walk from lazy
 * state `l` with the rest of `url` from code unit `i`: the lowest of the state's best rank and
 * the ranks of its positions whose pattern suffix matches the rest (segment-scan.ts
 * `sweepSegments`). The same answer as walking on (each position's suffix is exactly what the
 * NFA simulation would match, and the pruning that built the set is exact), found without
 * building states: O(set + rest x (1 + segment occurrences per byte) + segments matched), see
 * `sweepSegments`. The group's segment automaton is built by its first scan whose suffixes
 * cover more than NFA positions >> {@link LOCAL_INDEX_SHIFT} (O(NFA positions), once); smaller
 * scans before it build a throwaway index of their suffixes. Taken when a walk has spent its
 * state budget; no allocation once the buffers hold the URL, the set and the whole automaton
 * (a throwaway index allocates).
 */
function _scanFrom(p: AutomatonPart, sc: NfaScratch, l: number, url: string, i: number, rfc: boolean): number {
  const n = _pathBytesFrom(url, i, rfc);
  // The sweep's cursors: the set's positions, less each literal right after a `*` of the set
  // (that `*`'s cursor covers it), and the lowest rank (the sweep stops once it has matched).
  const nfa = p.nfa;
  const w = _work;
  const gen = _nextGen(w);
  const off = sc.setOff[l] as number;
  const len = sc.setLen[l] as number;
  for (let k = 0; k < len; k++) w.stamp[sc.pool[off + k] as number] = gen;
  const set = w.next;
  let count = 0;
  let lowest = NO_RANK;
  for (let k = 0; k < len; k++) {
    const x = sc.pool[off + k] as number;
    if (isSegmentStart(nfa, x) && w.stamp[x - 1] === gen) continue;
    set[count++] = x;
    const r = nfa[(x << 1) + 1] as number;
    if (r < lowest) lowest = r;
  }
  let ix = p.segments;
  if (ix === null) {
    // A set that reaches little of a large NFA gets a local index (its patterns' suffixes only)
    // until local builds have cost as much as one whole build; then the whole one is built once.
    const positions = nfa.length >> 1;
    const ranges = collectSuffixRanges(nfa, set, count, Math.min(positions >> LOCAL_INDEX_SHIFT, positions - p.localIndexWork));
    if (ranges >= 0) {
      for (let r = 0; r < ranges; r++) p.localIndexWork += (suffixRanges[2 * r + 1] as number) - (suffixRanges[2 * r] as number);
      ix = buildSegmentIndex(nfa, p.cls, p.classCount, SEGMENT_DENSE_MAX_WORDS, suffixRanges, ranges);
    } else {
      ix = p.segments = buildSegmentIndex(nfa, p.cls, p.classCount);
    }
  }
  const found = sweepSegments(ix, nfa, set, count, lowest, sc.bestOf[l] as number, _path, n);
  sc.scanRank = found === NO_RANK ? -1 : found;
  sc.scans++;
  return SIM_SCANNED;
}

/**
 * Returns the walk state after the rest of the path from index `i`, in the lazy DFA: `s` is a
 * frontier or lazy state reached by the DFA. Cached transitions are one table read; a new state
 * costs O(live positions) once per cache generation. No allocation (the first call for a group
 * allocates its buffers, once).
 */
function _walkLazy(
  p: AutomatonPart, sc: NfaScratch, url: string, i: number, n: number, s: number,
  forVerdict: boolean, rfc: boolean,
): number {
  // Invariant: s < -1 (frontier or lazy state) and i is the next code unit. Hot: run pnpm bench.
  if (i >= n) return s;
  const frontiers = p.frontierCount;
  const mode = forVerdict ? 1 : 2;
  let k = -s - 2;
  if (k < frontiers) {
    if (_frontierSettled(p, s, forVerdict)) return s;
    k = _lazyEnter(p, sc, k) + frontiers;
  }
  let l = k - frontiers;
  const cls = p.cls;
  const fast = rfc ? _FAST_RFC : _FAST_GOOGLE;
  const classes = sc.classes;
  // Past this much state-building work, a rule scan is cheaper than the rest of the walk.
  const limit = sc.work + sc.scanBudget;
  while (i < n) {
    const c = url.charCodeAt(i);
    if (c < 128 && fast[c] === 1) {
      let t = sc.trans[l * classes + (cls[c] as number)] as number;
      if (t < 0) {
        t = _lazyStep(p, sc, l, c);
        if (sc.work > limit && ((sc.flagsOf[t] as number) & mode) === 0) return _scanFrom(p, sc, t, url, i + 1, rfc);
      }
      if (((sc.flagsOf[t] as number) & mode) !== 0) {
        sc.doneLazy = t;
        return SIM_DONE;
      }
      l = t;
      i++;
    } else if (c === 35 || c === 0) {
      break;
    } else {
      const r = _walkRareLazy(p, sc, url, i, n, l, mode, rfc);
      if (r < 0) return SIM_DONE;
      if (sc.work > limit) return _scanFrom(p, sc, r, url, _rareNext, rfc);
      l = r;
      i = _rareNext;
    }
  }
  return -(l + frontiers) - 2;
}

/**
 * Returns the walk state after reading the path of `url` (SPEC.md section 6) in profile form:
 * a DFA state, a frontier or lazy-DFA state (< -1), SIM_DONE or SIM_SCANNED; read the
 * decided rank with {@link endRankOf}. Stops at the first settled state (verdict settled when
 * `forVerdict`, else deciding rule settled) or at the path's end (`#`, NUL or the end of the
 * string). O(path length) in the DFA and through cached lazy states; a walk past a frontier
 * spends at most the scan budget building new lazy states, then finishes by a rule scan (one
 * sweep of the rest, see `_scanFrom`). Reads each code unit at most once, or twice with a scan;
 * no allocation in steady state.
 */
export function walkPath(p: AutomatonPart, sc: NfaScratch | null, url: string, forVerdict: boolean, rfc: boolean): number {
  // Invariant: states >= threshold are settled, so stopping there gives the same end output as
  // reading the rest; a negative state leaves the DFA (unsigned compare catches it in the same
  // test). Tables were bounds-checked at load. Hot: run pnpm bench.
  const threshold = forVerdict ? p.settleVerdict : p.settleRule;
  let s = p.start;
  if (s >= threshold) return s;
  let i = findPathStart(url);
  if (i < 0) return _step(p, s, 47);
  if (url.charCodeAt(i) !== 47) {
    s = _step(p, s, 47);
    if (s >= threshold) return s;
    if (s < 0) return _walkLazy(p, sc as NfaScratch, url, i, url.length, s, forVerdict, rfc);
  }
  const header = p.header;
  const pairs = p.pairs;
  const cls = p.cls;
  const fast = rfc ? _FAST_RFC : _FAST_GOOGLE;
  const n = url.length;
  while (i < n) {
    const c = url.charCodeAt(i);
    if (c < 128 && fast[c] === 1) {
      const j = ((header[s << 1] as number) + (cls[c] as number)) << 1;
      s = pairs[j] === s ? (pairs[j + 1] as number) : (header[(s << 1) + 1] as number);
      i++;
      if (s >>> 0 >= threshold) return s >= 0 ? s : _walkLazy(p, sc as NfaScratch, url, i, n, s, forVerdict, rfc);
    } else if (c === 35 || c === 0) {
      return s;
    } else {
      s = _walkRare(p, sc, url, i, n, s, threshold, forVerdict, rfc);
      if (s >= threshold) return s;
      i = _rareNext;
      if (s < 0) return _walkLazy(p, sc as NfaScratch, url, i, n, s, forVerdict, rfc);
    }
  }
  return s;
}
