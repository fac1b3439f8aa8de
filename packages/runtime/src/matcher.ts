/**
 * The hot path: walks a part's DFA over the bytes of a URL's path, finding the path and
 * normalising on the fly (SPEC.md sections 6 and 7; RFC 9309 sections 2.2.2 and 2.2.3), with
 * no allocation per call.
 */
import {
  FRONTIER_BEST, FRONTIER_END, FRONTIER_LEVEL, FRONTIER_LIST_LENGTH, FRONTIER_LIST_OFFSET, FRONTIER_WORDS,
  NFA_ALLOW, NFA_ANCHORED, NFA_KIND_END, NFA_KIND_MASK, NFA_KIND_STAR, NO_RANK, type Profile,
} from './format.js';

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
}

/**
 * Scratch buffers of the NFA simulation that continues a walk past a frontier state: one per
 * selected group (never shared between concurrent walks; JavaScript runs one at a time per
 * thread). Sized once, so simulation allocates nothing. Invariant: `cur[0..count)` is a
 * deduplicated, pruned position set and `best` the best rank matched so far.
 */
export class NfaScratch {
  cur: Int32Array;
  next: Int32Array;
  readonly stamp: Int32Array;
  readonly domPos: Int32Array;
  readonly domGen: Int32Array;
  count = 0;
  best = NO_RANK;
  nextBest = NO_RANK;
  fill = 0;
  gen = 0;
  constructor(
    positions: number,
    ranks: number,
    /** Per rank: `(ruleId + 1) << 1 | allow`. */
    readonly rankInfo: Int32Array,
  ) {
    this.cur = new Int32Array(positions);
    this.next = new Int32Array(positions);
    this.stamp = new Int32Array(positions);
    this.domPos = new Int32Array(ranks);
    this.domGen = new Int32Array(ranks);
  }
}

/** Walk state: the NFA simulation is running (its set is in the scratch). */
export const SIM_ACTIVE = -1;
/** Walk state: the NFA simulation settled (its set and best are in the scratch). */
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
for (let c = 0; c < 128; c++) {
  const ch = String.fromCharCode(c);
  _UNRESERVED[c] = /[A-Za-z0-9\-._~]/.test(ch) ? 1 : 0;
}
const _HEX_DIGITS = new Uint8Array([48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 65, 66, 67, 68, 69, 70]);

/** Code-unit index where `_walkRare` stopped (it consumed one escape or one character). */
let _rareNext = 0;

/**
 * Returns the index in `url` where the path starts (a `/`, `?` or `;`), or -1 when the path
 * is `/` (none found, or a `#` comes first). SPEC.md section 6. O(length of scheme+authority).
 */
export function findPathStart(url: string): number {
  // Invariant: reads only code units before the path start. Hot: run pnpm bench.
  const n = url.length;
  let from = 0;
  if (n >= 2 && url.charCodeAt(0) === 47 && url.charCodeAt(1) === 47) from = 2;
  let authority = from;
  for (let k = from; k < n; k++) {
    const c = url.charCodeAt(k);
    if (c === 47 || c === 63 || c === 59) break;
    if (c === 58 && k + 2 < n && url.charCodeAt(k + 1) === 47 && url.charCodeAt(k + 2) === 47) {
      authority = k + 3;
      break;
    }
  }
  let k = authority;
  for (; k < n; k++) {
    const c = url.charCodeAt(k);
    if (c === 47 || c === 63 || c === 59) break;
    if (c === 35) return -1;
  }
  if (k >= n) return -1;
  for (let h = from; h < authority; h++) if (url.charCodeAt(h) === 35) return -1;
  return k;
}

/** Returns the DFA state after reading byte `b` in DFA state `s >= 0` (may be a frontier). */
function _step(p: AutomatonPart, s: number, b: number): number {
  // Invariant: 0 <= s < stateCount and b < 256, so every index is in bounds. Hot: run pnpm bench.
  const j = ((p.header[s << 1] as number) + (p.cls[b] as number)) << 1;
  return p.pairs[j] === s ? (p.pairs[j + 1] as number) : (p.header[(s << 1) + 1] as number);
}

/** Adds position `x` and its epsilon closure to the simulation's next set. */
function _simAdd(nfa: Int32Array, sc: NfaScratch, x: number, gen: number): void {
  for (;;) {
    const w = nfa[x << 1] as number;
    const kind = w & NFA_KIND_MASK;
    if (kind === NFA_KIND_END && (w & NFA_ANCHORED) === 0) {
      const r = nfa[(x << 1) + 1] as number;
      if (r < sc.nextBest) sc.nextBest = r;
      return;
    }
    if (sc.stamp[x] !== gen) {
      sc.stamp[x] = gen;
      sc.next[sc.fill++] = x;
      if (kind === NFA_KIND_STAR) {
        const r = nfa[(x << 1) + 1] as number;
        if (sc.domGen[r] !== gen || (sc.domPos[r] as number) < x) {
          sc.domGen[r] = gen;
          sc.domPos[r] = x;
        }
      }
    }
    if (kind !== NFA_KIND_STAR) return;
    x++;
  }
}

/**
 * Returns SIM_ACTIVE or SIM_DONE after the simulation reads byte `b`: the same transition,
 * closure and pruning the compiler's subset construction applies (rank below best, wildcard
 * dominance within a pattern). O(set size); no allocation.
 */
function _simStep(p: AutomatonPart, sc: NfaScratch, b: number, forVerdict: boolean): number {
  const nfa = p.nfa;
  let gen = sc.gen + 1;
  if (gen === 0x3fffffff) {
    sc.stamp.fill(0);
    sc.domGen.fill(0);
    gen = 1;
  }
  sc.gen = gen;
  sc.fill = 0;
  sc.nextBest = sc.best;
  const cur = sc.cur;
  for (let k = 0; k < sc.count; k++) {
    const pos = cur[k] as number;
    const kind = (nfa[pos << 1] as number) & NFA_KIND_MASK;
    if (kind === NFA_KIND_STAR) _simAdd(nfa, sc, pos, gen);
    else if (kind === b) _simAdd(nfa, sc, pos + 1, gen);
  }
  return _simPrune(p, sc, gen, forVerdict);
}

/** Prunes the next set into the current one; returns SIM_DONE once the answer is settled. */
function _simPrune(p: AutomatonPart, sc: NfaScratch, gen: number, forVerdict: boolean): number {
  const nfa = p.nfa;
  const best = sc.nextBest;
  const decisionAllow = best === NO_RANK ? NFA_ALLOW : ((sc.rankInfo[best] as number) & 1) === 1 ? NFA_ALLOW : 0;
  const src = sc.next;
  const dst = sc.cur;
  let kept = 0;
  let open = false;
  for (let k = 0; k < sc.fill; k++) {
    const x = src[k] as number;
    const w = nfa[x << 1] as number;
    const r = nfa[(x << 1) + 1] as number;
    if (r >= best) continue;
    if (sc.domGen[r] === gen && x < (sc.domPos[r] as number)) continue;
    dst[kept++] = x;
    if ((w & NFA_ALLOW) !== decisionAllow) open = true;
  }
  sc.count = kept;
  sc.best = best;
  return kept === 0 || (forVerdict && !open) ? SIM_DONE : SIM_ACTIVE;
}

/** Loads frontier `f` into the scratch; returns SIM_DONE when it is already settled for this walk. */
function _simEnter(p: AutomatonPart, sc: NfaScratch, f: number, forVerdict: boolean): number {
  const base = f * FRONTIER_WORDS;
  const off = p.frontiers[base + FRONTIER_LIST_OFFSET] as number;
  const len = p.frontiers[base + FRONTIER_LIST_LENGTH] as number;
  for (let k = 0; k < len; k++) sc.cur[k] = p.lists[off + k] as number;
  sc.count = len;
  sc.best = p.frontiers[base + FRONTIER_BEST] as number;
  return forVerdict && (p.frontiers[base + FRONTIER_LEVEL] as number) >= 1 ? SIM_DONE : SIM_ACTIVE;
}

/** Returns the walk state after byte `b` in any walk state (DFA, frontier or simulation). */
function _stepAny(p: AutomatonPart, sc: NfaScratch | null, s: number, b: number, forVerdict: boolean): number {
  if (s >= 0) return _step(p, s, b);
  if (s <= -2) {
    s = _simEnter(p, sc as NfaScratch, -s - 2, forVerdict);
    if (s === SIM_DONE) return s;
  }
  return _simStep(p, sc as NfaScratch, b, forVerdict);
}

/** Returns the rank decided by a finished walk in state `s` (-1: none). */
export function endRankOf(p: AutomatonPart, sc: NfaScratch | null, s: number): number {
  if (s >= 0 && s < p.stateCount) return p.end[s] as number;
  if (s <= -2) return p.frontiers[(-s - 2) * FRONTIER_WORDS + FRONTIER_END] as number;
  const scratch = sc as NfaScratch;
  let end = scratch.best;
  for (let k = 0; k < scratch.count; k++) {
    const x = scratch.cur[k] as number;
    const w = p.nfa[x << 1] as number;
    if ((w & NFA_KIND_MASK) === NFA_KIND_END) {
      const r = p.nfa[(x << 1) + 1] as number;
      if (r < end) end = r;
    }
  }
  return end === NO_RANK ? -1 : end;
}

/** Returns the state after reading `%XX` for byte `v`, stopping early once settled. */
function _stepEscaped(p: AutomatonPart, sc: NfaScratch | null, s: number, v: number, threshold: number, forVerdict: boolean): number {
  s = _stepAny(p, sc, s, 37, forVerdict);
  if (s >= threshold) return s;
  s = _stepAny(p, sc, s, _HEX_DIGITS[v >> 4] as number, forVerdict);
  if (s >= threshold) return s;
  return _stepAny(p, sc, s, _HEX_DIGITS[v & 15] as number, forVerdict);
}

function _hexValue(c: number): number {
  if (c >= 48 && c <= 57) return c - 48;
  if (c >= 65 && c <= 70) return c - 55;
  if (c >= 97 && c <= 102) return c - 87;
  return -1;
}

/** Returns the state after one UTF-8 byte of the URL: raw (google) or `%XX` (rfc9309). */
function _stepOctet(p: AutomatonPart, sc: NfaScratch | null, s: number, b: number, threshold: number, forVerdict: boolean, rfc: boolean): number {
  return rfc ? _stepEscaped(p, sc, s, b, threshold, forVerdict) : _stepAny(p, sc, s, b, forVerdict);
}

/**
 * Returns the state after the rare unit at `i` (a `%`, `*` or `$` in rfc9309, or a non-ASCII
 * character), and sets `_rareNext` to the index after it. Kept out of `walkPath` so the hot
 * loop stays small enough to inline.
 */
function _walkRare(
  p: AutomatonPart, sc: NfaScratch | null, url: string, i: number, n: number, s: number,
  threshold: number, forVerdict: boolean, rfc: boolean,
): number {
  const c = url.charCodeAt(i);
  _rareNext = i + 1;
  if (c < 128) {
    if (c === 37) {
      const hi = i + 2 < n ? _hexValue(url.charCodeAt(i + 1)) : -1;
      const lo = hi >= 0 ? _hexValue(url.charCodeAt(i + 2)) : -1;
      if (lo < 0) return _stepAny(p, sc, s, 37, forVerdict);
      _rareNext = i + 3;
      const v = (hi << 4) | lo;
      return v < 128 && _UNRESERVED[v] === 1 ? _stepAny(p, sc, s, v, forVerdict) : _stepEscaped(p, sc, s, v, threshold, forVerdict);
    }
    return _stepEscaped(p, sc, s, c, threshold, forVerdict); // '*' or '$' in rfc9309
  }
  let cp = c;
  if (c >= 0xd800 && c <= 0xdfff) {
    const d = i + 1 < n ? url.charCodeAt(i + 1) : 0;
    if (c <= 0xdbff && d >= 0xdc00 && d <= 0xdfff) {
      cp = 0x10000 + ((c - 0xd800) << 10) + (d - 0xdc00);
      _rareNext = i + 2;
    } else {
      cp = 0xfffd;
    }
  }
  if (cp < 0x800) {
    s = _stepOctet(p, sc, s, 0xc0 | (cp >> 6), threshold, forVerdict, rfc);
  } else {
    if (cp < 0x10000) {
      s = _stepOctet(p, sc, s, 0xe0 | (cp >> 12), threshold, forVerdict, rfc);
    } else {
      s = _stepOctet(p, sc, s, 0xf0 | (cp >> 18), threshold, forVerdict, rfc);
      if (s >= threshold) return s;
      s = _stepOctet(p, sc, s, 0x80 | ((cp >> 12) & 63), threshold, forVerdict, rfc);
    }
    if (s >= threshold) return s;
    s = _stepOctet(p, sc, s, 0x80 | ((cp >> 6) & 63), threshold, forVerdict, rfc);
  }
  if (s >= threshold) return s;
  return _stepOctet(p, sc, s, 0x80 | (cp & 63), threshold, forVerdict, rfc);
}

/**
 * Returns the walk state after reading the path of `url` (SPEC.md section 6) in profile form:
 * a DFA state, a frontier state (< -1) or a simulation state (SIM_ACTIVE, SIM_DONE); read the
 * decided rank with {@link endRankOf}. Stops at the first settled state (verdict settled when
 * `forVerdict`, else deciding rule settled) or at the path's end (`#`, NUL or the end of the
 * string). O(path length) in the DFA, O(path length x set size) past a frontier; reads each
 * code unit at most once; no allocation.
 */
export function walkPath(p: AutomatonPart, sc: NfaScratch | null, url: string, forVerdict: boolean, rfc: boolean): number {
  // Invariant: states >= threshold are settled, so stopping there gives the same end output as
  // reading the rest; a negative state leaves the DFA (unsigned compare catches it in the same
  // test). Tables were bounds-checked at load. Hot: run pnpm bench.
  const threshold = forVerdict ? p.settleVerdict : p.settleRule;
  let s = p.start;
  if (s >= threshold) return s;
  let i = findPathStart(url);
  if (i < 0) return _stepAny(p, sc, s, 47, forVerdict);
  if (url.charCodeAt(i) !== 47) {
    s = _step(p, s, 47);
    if (s >= threshold) return s;
  }
  const header = p.header;
  const pairs = p.pairs;
  const cls = p.cls;
  const fast = rfc ? _FAST_RFC : _FAST_GOOGLE;
  const n = url.length;
  while (i < n) {
    const c = url.charCodeAt(i);
    if (s >= 0 && c < 128 && fast[c] === 1) {
      const j = ((header[s << 1] as number) + (cls[c] as number)) << 1;
      s = pairs[j] === s ? (pairs[j + 1] as number) : (header[(s << 1) + 1] as number);
      if (s >>> 0 >= threshold) {
        if (s >= 0 || i + 1 === n) return s;
        s = _simEnter(p, sc as NfaScratch, -s - 2, forVerdict);
        if (s === SIM_DONE) return s;
      }
      i++;
    } else if (c === 35 || c === 0) {
      return s;
    } else if (c < 128 && fast[c] === 1) {
      s = _stepAny(p, sc, s, c, forVerdict);
      if (s >= threshold) return s;
      i++;
    } else {
      s = _walkRare(p, sc, url, i, n, s, threshold, forVerdict, rfc);
      if (s >= threshold) return s;
      i = _rareNext;
    }
  }
  return s;
}

/** Returns true when a profile normalises URLs and patterns (rfc9309). */
export function isRfcProfile(profile: Profile): boolean {
  return profile === 'rfc9309';
}
