/**
 * Stage 4 of the compiler: a merged group's patterns (in rank order) to one hybrid automaton
 * over byte classes: an eager DFA with longest-match outputs and early-exit levels, plus the
 * NFA it was built from for the rare walks that leave it (SPEC.md section 5; RFC 9309 section
 * 2.2.2 longest match).
 *
 * NFA: every pattern of body length L has positions 0..L; position i < L is a literal byte or
 * the wildcard (a self-loop with an epsilon move to i + 1); position L is its end. A DFA state
 * is (best rank matched so far, pruned set of live positions). Pruning keeps the subset
 * construction small without changing any answer:
 * - a position of a pattern ranked at or below `best` can never decide: dropped;
 * - an unanchored pattern that reaches its end has matched for good: it becomes `best`;
 * - within one pattern, a live wildcard position dominates every earlier position of the same
 *   pattern (whatever they can still match, the wildcard can too): those are dropped.
 *
 * Subset construction is exponential in the worst case (many interacting wildcards), so it
 * runs breadth-first under a state cap and a work cap. States discovered but not expanded when
 * a cap is reached become *frontier* states: the artifact stores their position sets, and a
 * walk that reaches one continues by simulating the NFA from that set (same pruning, same
 * answers, O(set size) per byte, no allocation). Compile time and artifact size are therefore
 * bounded by the caps, and a check is linear in the URL length whatever the rules.
 */
import { NFA_ALLOW, NFA_ANCHORED, NFA_KIND_END, NFA_KIND_STAR, NO_RANK } from '@robomata/runtime';
import { WILDCARD, patternKey, type MatchPattern } from './normalize-pattern.js';

/**
 * Default cap on expanded DFA states per group. Measured with `pnpm bench --quick` (corpus
 * workload, same run each): 4,096 and 1,024 gave the same check speed (29.9x and 31.5x
 * robots-parser) while 1,024 halved retained memory per host (117 KB to 65 KB) and compile
 * time; walks past the cap continue in the lazy DFA.
 */
export const DEFAULT_STATE_CAP = 1_024;
/**
 * Cap on subset-construction work (positions visited), in units of the state cap: bounds the
 * time spent on very large position sets (a 500 KiB group of distinct wildcard rules).
 */
const _WORK_PER_STATE = 512;
/** Cap on frontier position-list words, in units of the state cap (bounds artifact growth). */
const _LIST_WORDS_PER_STATE = 64;
/**
 * First-fit probes per row when packing transition rows; a row that finds no hole by then is
 * appended. Measured on the corpus: 32 probes cost under 10% of table size against unbounded
 * first-fit, which took seconds on 4,000-state wildcard groups.
 */
const _PACK_PROBES = 256;
/** Cap on Moore minimisation work (row entries visited over all rounds; one round per DFA depth). */
const _MINIMIZE_WORK_CAP = 2_000_000;

const _STAR = -1;
const _END = -2;

/** Options of {@link buildAutomaton}. */
export interface BuildOptions {
  /** Maximum expanded DFA states before the rest is left to NFA simulation. Default {@link DEFAULT_STATE_CAP}. */
  readonly stateCap?: number;
  /**
   * Moore-minimise each DFA (default false). Measured over the corpus it removes 0.3% of
   * states (2,620,834 to 2,612,615) for 40% of a median file's compile time, since the pruned
   * subset construction is already near-minimal; it is bounded by a work cap when enabled.
   */
  readonly minimize?: boolean;
  /**
   * Parts already built, keyed by the rank-ordered (kind, anchor, body) sequence they depend
   * on: groups with the same rules (common: one rule block repeated per crawler) share them.
   */
  readonly cache?: Map<string, BuiltPart | null>;
}

function _cacheKey(patterns: readonly MatchPattern[]): string {
  let key = '';
  for (const p of patterns) key += (p.kind === 'allow' ? 'A' : 'D') + patternKey(p) + '\n';
  return key;
}

/**
 * One hybrid automaton, ready to serialise. Invariants: expanded states `[0, settleVerdict)`
 * may change the verdict, `[settleVerdict, settleRule)` only the deciding rule,
 * `[settleRule, stateCount)` nothing; a transition target `t < 0` names frontier `-t - 2`;
 * `header` holds `base, def` per state and `pairs` holds `check, next` per slot with
 * `base + classCount <= pairs.length / 2`; `end[s]` is a rank or -1; `nfa` holds
 * `kind | flags, rank` per position; `frontiers` holds `best, end, level, listOffset,
 * listLength` per frontier state, lists in `frontierLists`.
 */
export interface BuiltPart {
  readonly classMap: Uint8Array;
  readonly classCount: number;
  readonly stateCount: number;
  readonly start: number;
  readonly settleVerdict: number;
  readonly settleRule: number;
  readonly header: Int32Array;
  readonly pairs: Int32Array;
  readonly end: Int32Array;
  readonly nfa: Int32Array;
  readonly frontiers: Int32Array;
  readonly frontierLists: Int32Array;
  /** States of the subset construction (expanded) before minimisation. */
  readonly statesBeforeMinimization: number;
  /** Number of frontier states (0: the DFA is complete). */
  readonly frontierCount: number;
}

/** Result of {@link buildAutomaton}. */
export interface BuiltAutomaton {
  /** The automaton, or null when no pattern can ever decide. */
  readonly part: BuiltPart | null;
  /** Per rank: `(ruleId + 1) << 1 | allow`. */
  readonly rankInfo: Int32Array;
}

/**
 * Returns the hybrid automaton of a merged group. `patterns` must be in rank order (index =
 * rank, 0 best), as `normalizeGroupPatterns` returns them. Time: bounded by the state cap and
 * the work cap (subset construction stops there).
 */
export function buildAutomaton(patterns: readonly MatchPattern[], options: BuildOptions = {}): BuiltAutomaton {
  const cap = options.stateCap ?? DEFAULT_STATE_CAP;
  const rankInfo = new Int32Array(patterns.length);
  for (let r = 0; r < patterns.length; r++) {
    const p = patterns[r] as MatchPattern;
    rankInfo[r] = ((p.ruleId + 1) << 1) | (p.kind === 'allow' ? 1 : 0);
  }
  if (patterns.length === 0) return { part: null, rankInfo };
  const key = options.cache === undefined ? '' : _cacheKey(patterns);
  const cached = options.cache?.get(key);
  if (cached !== undefined) return { part: cached, rankInfo };
  const part = _buildPart(patterns, cap, options.minimize === true);
  options.cache?.set(key, part);
  return { part, rankInfo };
}

/** Flattened NFA of a set of patterns. */
interface _Nfa {
  /** Per position: literal byte, _STAR or _END. */
  readonly kind: Int16Array;
  /** Per position: rank of its pattern. */
  readonly rank: Int32Array;
  /** Per position: 1 when its pattern is anchored (`$`). */
  readonly anchored: Uint8Array;
  /** Per position: 1 when its pattern is an allow. */
  readonly allow: Uint8Array;
  /** First position of each pattern of the set. */
  readonly starts: Int32Array;
}

function _buildNfa(patterns: readonly MatchPattern[]): _Nfa {
  let total = 0;
  for (const p of patterns) total += p.body.length + 1;
  const kind = new Int16Array(total);
  const rank = new Int32Array(total);
  const anchored = new Uint8Array(total);
  const allow = new Uint8Array(total);
  const starts = new Int32Array(patterns.length);
  let at = 0;
  patterns.forEach((p, r) => {
    starts[r] = at;
    for (let i = 0; i <= p.body.length; i++, at++) {
      const b = p.body[i];
      kind[at] = b === undefined ? _END : b === WILDCARD ? _STAR : b;
      rank[at] = r;
      anchored[at] = p.anchored ? 1 : 0;
      allow[at] = p.kind === 'allow' ? 1 : 0;
    }
  });
  return { kind, rank, anchored, allow, starts };
}

/**
 * Scratch state for one construction: the position list being built (in a growable typed
 * buffer) and its best rank, plus the table of interned DFA states (hashed position sets).
 */
class _Builder {
  buf = new Int32Array(1024);
  count = 0;
  best = NO_RANK;
  /** Interned states: best rank and position set per id. */
  readonly bests: number[] = [];
  readonly lists: Int32Array[] = [];
  /** Total words of all interned position lists. */
  listWords = 0;
  private readonly _table = new Map<number, number[]>();
  private _out = new Int32Array(1024);

  constructor(readonly nfa: _Nfa) {}

  /** Adds position `pos` and its epsilon closure. */
  add(pos: number): void {
    const k = this.nfa.kind[pos] as number;
    if (k === _END) {
      if (this.nfa.anchored[pos] === 1) this._push(pos);
      else if ((this.nfa.rank[pos] as number) < this.best) this.best = this.nfa.rank[pos] as number;
      return;
    }
    this._push(pos);
    if (k === _STAR) this.add(pos + 1);
  }

  private _push(pos: number): void {
    if (this.count === this.buf.length) {
      const grown = new Int32Array(this.buf.length * 2);
      grown.set(this.buf);
      this.buf = grown;
    }
    this.buf[this.count++] = pos;
  }

  /**
   * Sorts, dedupes and prunes the pending list (see the module comment) and returns the id of
   * the DFA state (best, list), interning it if new. O(k log k) for k pending positions.
   */
  intern(): number {
    const { rank, kind } = this.nfa;
    const best = this.best;
    const src = this.buf.subarray(0, this.count).sort();
    if (this._out.length < this.count) this._out = new Int32Array(this.buf.length);
    const out = this._out;
    let n = 0;
    let domRank = -1;
    let domPos = -1;
    for (let i = src.length - 1; i >= 0; i--) {
      const pos = src[i] as number;
      if (i + 1 < src.length && src[i + 1] === pos) continue;
      const r = rank[pos] as number;
      if (r >= best) continue;
      if (r === domRank && pos < domPos) continue;
      if (kind[pos] === _STAR && r !== domRank) {
        domRank = r;
        domPos = pos;
      }
      out[n++] = pos;
    }
    out.subarray(0, n).reverse();
    this.count = 0;
    let h = Math.imul(best ^ 0x9e3779b9, 0x85ebca6b);
    for (let i = 0; i < n; i++) h = Math.imul(h ^ (out[i] as number), 0x01000193);
    let bucket = this._table.get(h);
    if (bucket !== undefined) {
      for (const id of bucket) {
        const list = this.lists[id] as Int32Array;
        if (this.bests[id] !== best || list.length !== n) continue;
        let same = true;
        for (let i = 0; i < n; i++) {
          if (list[i] !== out[i]) {
            same = false;
            break;
          }
        }
        if (same) return id;
      }
    } else {
      bucket = [];
      this._table.set(h, bucket);
    }
    const id = this.lists.length;
    bucket.push(id);
    this.bests.push(best);
    this.lists.push(out.slice(0, n));
    this.listWords += n;
    return id;
  }
}

const _LEVEL_OPEN = 0;
const _LEVEL_VERDICT = 1;
const _LEVEL_RULE = 2;

function _buildPart(patterns: readonly MatchPattern[], cap: number, minimize: boolean): BuiltPart {
  const nfa = _buildNfa(patterns);
  // Byte classes: one per byte that occurs literally in a pattern, one for all other bytes.
  const used = new Uint8Array(256);
  for (let i = 0; i < nfa.kind.length; i++) {
    const k = nfa.kind[i] as number;
    if (k >= 0) used[k] = 1;
  }
  const classMap = new Uint8Array(256);
  let classCount = 0;
  let other = -1;
  for (let b = 0; b < 256; b++) {
    if (used[b] === 0) {
      if (other < 0) other = classCount++;
      classMap[b] = other;
    } else {
      classMap[b] = classCount++;
    }
  }

  const bld = new _Builder(nfa);
  const stateBest = bld.bests;
  const stateLists = bld.lists;
  const rows: _Row[] = [];
  for (let k = 0; k < nfa.starts.length; k++) bld.add(nfa.starts[k] as number);
  const start = bld.intern();

  const workCap = cap * _WORK_PER_STATE;
  const listCap = cap * _LIST_WORDS_PER_STATE;
  let work = 0;
  const buckets: number[][] = Array.from({ length: classCount }, () => []);
  const touched: number[] = [];
  const stars: number[] = [];
  // Expand breadth-first until a cap is reached; every later state with live positions is a
  // frontier state (the NFA takes over there).
  let expanded = 0;
  for (let s = 0; s < stateLists.length; s++) {
    const list = stateLists[s] as Int32Array;
    if (list.length === 0) {
      rows[s] = { def: s, classes: [], targets: [] };
      continue;
    }
    // The start state is always expanded, so every part has at least one DFA state.
    if (expanded > 0 && (expanded >= cap || work > workCap || bld.listWords > listCap)) continue;
    expanded++;
    const best = stateBest[s] as number;
    stars.length = 0;
    for (let i = 0; i < list.length; i++) {
      const pos = list[i] as number;
      const k = nfa.kind[pos] as number;
      if (k === _STAR) stars.push(pos);
      else if (k >= 0) {
        const c = classMap[k] as number;
        const bucket = buckets[c] as number[];
        if (bucket.length === 0) touched.push(c);
        bucket.push(pos);
      }
    }
    touched.sort((a, b) => a - b);
    work += list.length + (stars.length + 1) * (touched.length + 1);
    // Classes no literal position reads all lead where the wildcards alone lead.
    bld.best = best;
    for (const pos of stars) bld.add(pos);
    const def = bld.intern();
    const row: _Row = { def, classes: [], targets: [] };
    for (const c of touched) {
      const bucket = buckets[c] as number[];
      bld.best = best;
      for (const pos of stars) bld.add(pos);
      for (const pos of bucket) bld.add(pos + 1);
      work += bucket.length;
      bucket.length = 0;
      const t = bld.intern();
      if (t !== def) {
        row.classes.push(c);
        row.targets.push(t);
      }
    }
    touched.length = 0;
    rows[s] = row;
  }

  // Unexpanded states leave holes in `rows`; make its length cover every state.
  rows.length = stateLists.length;
  // Levels and end outputs.
  const n = stateLists.length;
  const level = new Uint8Array(n);
  const endRank = new Int32Array(n);
  for (let s = 0; s < n; s++) {
    const list = stateLists[s] as Int32Array;
    const best = stateBest[s] as number;
    let end = best;
    const decisionAllow = best === NO_RANK ? 1 : (patterns[best] as MatchPattern).kind === 'allow' ? 1 : 0;
    let open = false;
    for (let i = 0; i < list.length; i++) {
      const pos = list[i] as number;
      if (nfa.kind[pos] === _END && (nfa.rank[pos] as number) < end) end = nfa.rank[pos] as number;
      if (nfa.allow[pos] !== decisionAllow) open = true;
    }
    endRank[s] = end === NO_RANK ? -1 : end;
    level[s] = list.length === 0 ? _LEVEL_RULE : open ? _LEVEL_OPEN : _LEVEL_VERDICT;
  }

  // Frontier states: interned, live, never expanded.
  const frontierOf = new Int32Array(n).fill(-1);
  const frontierWords: number[] = [];
  const listWords: number[] = [];
  let frontierCount = 0;
  for (let s = 0; s < n; s++) {
    if (rows[s] !== undefined) continue;
    const list = stateLists[s] as Int32Array;
    frontierOf[s] = frontierCount++;
    frontierWords.push(stateBest[s] as number, endRank[s] as number, level[s] as number, listWords.length, list.length);
    for (let i = 0; i < list.length; i++) listWords.push(list[i] as number);
  }

  const block = minimize ? _minimize(rows, level, endRank, frontierOf) : _identityBlocks(n);
  const packed = _packPart(classMap, classCount, rows, level, endRank, block, frontierOf, start, n - frontierCount);
  const nfaWords = new Int32Array(2 * nfa.kind.length);
  for (let i = 0; i < nfa.kind.length; i++) {
    const k = nfa.kind[i] as number;
    nfaWords[2 * i] =
      (k === _STAR ? NFA_KIND_STAR : k === _END ? NFA_KIND_END : k) |
      (nfa.anchored[i] === 1 ? NFA_ANCHORED : 0) |
      (nfa.allow[i] === 1 ? NFA_ALLOW : 0);
    nfaWords[2 * i + 1] = nfa.rank[i] as number;
  }
  return {
    ...packed,
    nfa: nfaWords,
    frontiers: Int32Array.from(frontierWords),
    frontierLists: Int32Array.from(listWords),
    frontierCount,
  };
}

/** Sparse transition row: `def` for every class not listed in `classes` (ascending). */
interface _Row {
  def: number;
  readonly classes: number[];
  readonly targets: number[];
}

/** Returns the identity blocks (no minimisation: the default, see {@link BuildOptions.minimize}). */
function _identityBlocks(n: number): Int32Array {
  const block = new Int32Array(n);
  for (let s = 0; s < n; s++) block[s] = s;
  return block;
}

/**
 * Returns the Moore-minimised block of every expanded state (equal block = equivalent state),
 * or the identity when a round would exceed {@link _MINIMIZE_WORK_CAP}. Initial blocks:
 * (level, end output); fully settled states are final whatever their transitions say; each
 * frontier state is its own class. Signatures use the sparse rows, so equivalent states with
 * differently chosen defaults may stay apart: the result is always correct.
 */
function _minimize(rows: readonly (_Row | undefined)[], level: Uint8Array, endRank: Int32Array, frontierOf: Int32Array): Int32Array {
  const n = rows.length;
  let block = new Int32Array(n);
  const init = new Map<string, number>();
  for (let s = 0; s < n; s++) {
    const key = frontierOf[s] !== -1 ? 'f' + frontierOf[s] : level[s] + ':' + endRank[s];
    let b = init.get(key);
    if (b === undefined) init.set(key, (b = init.size));
    block[s] = b;
  }
  let count = init.size;
  let perRound = 0;
  for (const row of rows) perRound += (row?.classes.length ?? 0) + 2;
  let work = 0;
  for (;;) {
    // Moore needs as many rounds as the DFA is deep (a counting storm: thousands); a partial
    // refinement is not valid, so past the cap the states stay as built (still correct).
    work += perRound;
    if (work > _MINIMIZE_WORK_CAP) {
      for (let s = 0; s < n; s++) block[s] = s;
      return block;
    }
    const sigs = new Map<string, number>();
    const next = new Int32Array(n);
    for (let s = 0; s < n; s++) {
      let sig = String(block[s]);
      const row = rows[s];
      if (row !== undefined && level[s] !== _LEVEL_RULE) {
        const defBlock = block[row.def] as number;
        sig += '/' + defBlock;
        for (let k = 0; k < row.classes.length; k++) {
          const tb = block[row.targets[k] as number] as number;
          if (tb !== defBlock) sig += ',' + (row.classes[k] as number) + ':' + tb;
        }
      }
      let b = sigs.get(sig);
      if (b === undefined) sigs.set(sig, (b = sigs.size));
      next[s] = b;
    }
    block = next;
    if (sigs.size === count) return block;
    count = sigs.size;
  }
}

/** Renumbers expanded blocks by level, frontier states as negative ids, and packs the rows. */
function _packPart(
  classMap: Uint8Array,
  classCount: number,
  rows: readonly (_Row | undefined)[],
  level: Uint8Array,
  endRank: Int32Array,
  block: Int32Array,
  frontierOf: Int32Array,
  start: number,
  statesBefore: number,
): Omit<BuiltPart, 'nfa' | 'frontiers' | 'frontierLists' | 'frontierCount'> {
  const n = rows.length;
  let blocks = 0;
  for (let s = 0; s < n; s++) if ((block[s] as number) + 1 > blocks) blocks = (block[s] as number) + 1;
  const rep = new Int32Array(blocks).fill(-1);
  for (let s = 0; s < n; s++) if (rep[block[s] as number] === -1) rep[block[s] as number] = s;
  // New ids: expanded blocks by level, then by first occurrence; frontier f becomes -f - 2.
  const order: number[] = [];
  for (let lv = _LEVEL_OPEN; lv <= _LEVEL_RULE; lv++) {
    for (let b = 0; b < blocks; b++) {
      const s = rep[b] as number;
      if (frontierOf[s] === -1 && level[s] === lv) order.push(b);
    }
  }
  const id = new Int32Array(blocks);
  for (let b = 0; b < blocks; b++) {
    const f = frontierOf[rep[b] as number] as number;
    if (f !== -1) id[b] = -f - 2;
  }
  order.forEach((b, i) => (id[b] = i));
  const states = order.length;
  let settleVerdict = states;
  let settleRule = states;
  for (let i = states - 1; i >= 0; i--) {
    const lv = level[rep[order[i] as number] as number];
    if (lv === _LEVEL_RULE) settleRule = i;
    if (lv !== _LEVEL_OPEN) settleVerdict = i;
  }
  const end = new Int32Array(states);
  const packed: _Row[] = [];
  for (let i = 0; i < states; i++) {
    const s = rep[order[i] as number] as number;
    end[i] = endRank[s] as number;
    const src = rows[s] as _Row;
    if (level[s] === _LEVEL_RULE) {
      packed.push({ def: i, classes: [], targets: [] });
      continue;
    }
    const def = id[block[src.def] as number] as number;
    const row: _Row = { def, classes: [], targets: [] };
    for (let k = 0; k < src.classes.length; k++) {
      const t = id[block[src.targets[k] as number] as number] as number;
      if (t !== def) {
        row.classes.push(src.classes[k] as number);
        row.targets.push(t);
      }
    }
    packed.push(row);
  }
  const { header, pairs } = _packComb(packed, classCount);
  return {
    classMap, classCount, stateCount: states, start: id[block[start] as number] as number,
    settleVerdict, settleRule, header, pairs, end, statesBeforeMinimization: statesBefore,
  };
}

/**
 * Returns row-displacement tables for sparse rows: every listed entry sits at `base + class`
 * with `check = state`; every other class goes to the row's default. First-fit placement, rows
 * with most entries first. O(entries x probes).
 */
function _packComb(rows: readonly _Row[], classCount: number): { header: Int32Array; pairs: Int32Array } {
  const n = rows.length;
  const header = new Int32Array(2 * n);
  const order = Array.from({ length: n }, (_, s) => s).sort(
    (a, b) => (rows[b] as _Row).classes.length - (rows[a] as _Row).classes.length || a - b,
  );
  // check[j]: owner of slot j or -1; free[j]: a slot >= j that may be free (union-find with
  // path halving, so probing skips occupied runs in near O(1) amortised).
  let check = new Int32Array(Math.max(64, classCount * 2)).fill(-1);
  let free = Int32Array.from({ length: check.length }, (_, j) => j);
  const ensure = (len: number): void => {
    if (len <= check.length) return;
    const cap = Math.max(check.length * 2, len + 64);
    const grownCheck = new Int32Array(cap).fill(-1);
    grownCheck.set(check);
    const grownFree = new Int32Array(cap);
    grownFree.set(free);
    for (let j = check.length; j < cap; j++) grownFree[j] = j;
    check = grownCheck;
    free = grownFree;
  };
  const nextFree = (x: number): number => {
    ensure(x + 1);
    while (free[x] !== x) {
      ensure((free[x] as number) + 1);
      const up = free[free[x] as number] as number;
      free[x] = up;
      x = up;
      ensure(x + 1);
    }
    return x;
  };
  let size = classCount;
  for (const s of order) {
    const row = rows[s] as _Row;
    header[2 * s + 1] = row.def;
    const list = row.classes;
    if (list.length === 0) continue;
    const first = list[0] as number;
    let slot = nextFree(first);
    let base = -1;
    for (let probe = 0; probe < _PACK_PROBES; probe++) {
      const candidate = slot - first;
      ensure(candidate + classCount);
      let ok = true;
      for (let k = 1; k < list.length; k++) {
        if (check[candidate + (list[k] as number)] !== -1) {
          ok = false;
          break;
        }
      }
      if (ok) {
        base = candidate;
        break;
      }
      slot = nextFree(slot + 1);
    }
    // Every slot at or past `size` is free: appending always fits.
    if (base < 0) base = size - first;
    ensure(base + classCount);
    header[2 * s] = base;
    for (const c of list) {
      check[base + c] = s;
      free[base + c] = base + c + 1;
    }
    if (base + classCount > size) size = base + classCount;
  }
  const pairs = new Int32Array(2 * size);
  for (let j = 0; j < size; j++) pairs[2 * j] = -1;
  for (let s = 0; s < n; s++) {
    const row = rows[s] as _Row;
    const base = header[2 * s] as number;
    for (let k = 0; k < row.classes.length; k++) {
      const j = base + (row.classes[k] as number);
      pairs[2 * j] = s;
      pairs[2 * j + 1] = row.targets[k] as number;
    }
  }
  return { header, pairs };
}
