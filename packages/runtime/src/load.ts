/**
 * Artifact loading: validates every field of an artifact once (format.ts lists the invariants),
 * decoding it into the thread's load buffer, and keeps the bytes plus a small index (a header
 * of counts, tokens, group records, warnings). A group's matching image (tables.ts layouts,
 * only its parts and the segment nodes they use) is cut on its first `agent()`, the first one
 * into the index's array, the whole file's image on the first call that reads every rule;
 * strings are decoded on first use.
 */
import {
  FLAG_PATTERNS, FLAG_PROFILE_GOOGLE, FLAG_SCOPED, FORMAT_VERSION, GROUP_FLAG_GLOBAL, GROUP_FLAG_UNBUILT, HEADER_BYTES,
  KNOWN_FLAGS, MAGIC, NO_RANK, WARNING_CODES, compareByteRanges, computeChecksum,
} from './format.js';
import { EMPTY_GROUP_IMAGE, LoadedArtifact, Robots, parseCrawlDelay, type WholeImage } from './robots.js';
import {
  acByte, AC_BYTE_SHIFT, AC_CHILDREN_OUT, AC_CHILD_MASK, acDepth, acDepthBits, AC_DEPTH_LONG, AC_DEPTH_SHIFT, AC_DICT, AC_ROOT_LONG_DEPTHS, AC_FAIL, AC_FIRST_CHILD, AC_OUT_BIT, AC_PARENT, AC_WORDS,
  NODE_KEY, NODE_KEY_SHIFT, NODE_CHILD_MASK, NODE_FIRST_CHILD, nodeChildCount, nodeKey, nodeLabelLength, NODE_LABEL_OFF,
  NODE_RANK, nodeExtra, nodeRankWord, NO_EXTRA, EXTRA_END_RANK, EXTRA_PREFIX_RANK, EXTRA_WILD_COUNT, EXTRA_WILD_FIRST, EXTRA_WORDS, NODE_WORDS, Tables, wildAnchored, wildForm, WILD_FORM, WILD_HEAD_DEPTH,
  WILD_HEAD_NODE, WILD_RANK, SHAPE_GENERAL, SHAPE_LITERAL, SHAPE_SUFFIX, WILD_SEG_BYTES, WILD_SEG_COUNT, WILD_SEG_OFF, WILD_WORDS, AC_FIRST_BIT,
  AC_LIST, AC_LIST_FINAL_COUNT, AC_LIST_FIRST_COUNT, AC_LIST_HEADER, AC_ROOT_ROW_MIN, GROUP_DELAY_OFF, GROUP_FLAGS, groupFlagsWord, groupRootCount, GROUP_NEED, GROUP_ROOTS, MAX_GROUP_PARTS,
  GROUP_SOURCES, GROUP_SOURCE_COUNT, GROUP_SOURCE_WORDS, GROUP_WORDS, imageRank, MAX_RANKS, RANK_ALLOW, RANK_RULE_SHIFT, REBUILD_PATTERN, RULE_ALLOW, RULE_LINE, RULE_PATTERN_LEN, RULE_PATTERN_OFF,
  RULE_WORDS, SITEMAP_WORDS, DIRECTIVE_WORDS, SOURCE_FIRST_RULE, SOURCE_RULE_COUNT, SOURCE_WORDS, TOKEN_GROUP, TOKEN_LEN, TOKEN_OFF, TOKEN_WORDS, WARNING_CODE, WARNING_WORDS,
  INDEX_AGENT_COUNT, INDEX_CUT_WORDS, INDEX_DIRECTIVE_COUNT, INDEX_FIRST_GROUP, INDEX_FLAGS, INDEX_GLOBAL_GROUP, INDEX_GROUP_COUNT, INDEX_HEADER_WORDS,
  INDEX_RULE_COUNT, INDEX_SCOPE_COUNT, INDEX_SITEMAP_COUNT, INDEX_WARNING_BASE, INDEX_WARNING_COUNT, INDEX_WHOLE_WORDS,
} from './tables.js';
import { NO_PREFERENCES, readPreferences, type PreferenceTables } from './usage.js';

/** Stable codes of {@link RobotsFormatError}. */
export type RobotsFormatErrorCode =
  | 'too-short'
  | 'bad-magic'
  | 'bad-version'
  | 'bad-length'
  | 'bad-checksum'
  | 'bad-section'
  | 'bad-table';

/** Error thrown by {@link loadRobots} when an artifact is not valid; says what is wrong. */
export class RobotsFormatError extends Error {
  override readonly name = 'RobotsFormatError';
  constructor(
    readonly code: RobotsFormatErrorCode,
    message: string,
  ) {
    super(`invalid robomata artifact (${code}): ${message}`);
  }
}

function _fail(code: RobotsFormatErrorCode, message: string): never {
  throw new RobotsFormatError(code, message);
}

/** Bounds-checked reader of the body's varints and strings. */
class _Reader {
  pos = HEADER_BYTES;
  /**
   * `trusted`: the bytes are an artifact the compiler has just written in this call
   * (loadTrustedArtifact, loadTrustedGroup): the checks its writer guarantees are skipped (the one list: token
   * bytes and order, rank companions, segment parents, siblings and fail links,
   * wildcard ranks and segments, trie-node order and rank ranges, crawl-delays, group sources,
   * agent groups, warning codes). Every byte this reader reads stays within the artifact and
   * the decode is the same; the table indices, orders and links those checks cover are the
   * writer's (the fail-link and rank orders are what later loops rely on to end and to stop
   * early: a writer bug could loop), which the differential and compileRobots tests check.
   */
  constructor(
    readonly bytes: Uint8Array,
    readonly trusted: boolean,
  ) {}

  /** Returns the next unsigned LEB128 varint (at most 31 bits). */
  v(what: string): number {
    // Most varints of an artifact are one byte (counts, small offsets, ranks): read them inline.
    const b = this.bytes;
    const p = this.pos;
    if (p < b.length) {
      const c = b[p] as number;
      if (c < 0x80) {
        this.pos = p + 1;
        return c;
      }
    }
    return this._longV(what);
  }

  /** Returns the next varint of two or more bytes (or fails): {@link v}'s slow path. */
  private _longV(what: string): number {
    const b = this.bytes;
    let x = 0;
    let scale = 1;
    for (let k = 0; k < 5; k++) {
      if (this.pos >= b.length) _fail('bad-section', `${what}: the body ends inside a number`);
      const c = b[this.pos++] as number;
      x += (c & 0x7f) * scale;
      if (c < 0x80) {
        if (x > 0x7fffffff) _fail('bad-table', `${what}: ${x} does not fit 31 bits`);
        return x;
      }
      scale *= 128;
    }
    return _fail('bad-table', `${what}: a number longer than 5 bytes`);
  }

  /** Returns a count of entries that each take at least `minBytes`, checked against the bytes left. */
  count(what: string, minBytes: number): number {
    const n = this.v(what);
    if (n * minBytes > this.bytes.length - this.pos) _fail('bad-table', `${what}: ${n} entries cannot fit the ${this.bytes.length - this.pos} bytes left`);
    return n;
  }

  /** Returns the next raw byte. */
  byte(what: string): number {
    if (this.pos >= this.bytes.length) _fail('bad-section', `${what}: the body ends early`);
    return this.bytes[this.pos++] as number;
  }

  /** Skips a byte string; returns its offset (its length is in `lastLength`). */
  s(what: string): number {
    const len = this.v(what);
    if (len > this.bytes.length - this.pos) _fail('bad-table', `${what}: a ${len}-byte string overruns the artifact`);
    const off = this.pos;
    this.pos += len;
    this.lastLength = len;
    return off;
  }

  lastLength = 0;
}

/**
 * A growable Int32Array: the image under construction. `fresh`: its words past `used` are
 * still zero (a new array), so {@link alloc} need not clear them (the reused load buffer is not).
 */
class _Image {
  used = 0;
  constructor(
    public words: Int32Array,
    readonly fresh: boolean,
  ) {}

  /** Reserves `n` zeroed words; returns their offset. */
  alloc(n: number): number {
    const at = this.take(n);
    if (!this.fresh) this.words.fill(0, at, at + n);
    return at;
  }

  /** Reserves `n` words whose contents are arbitrary (the caller writes every one); returns their offset. */
  take(n: number): number {
    const at = this.used;
    if (at + n > this.words.length) {
      const grown = new Int32Array(Math.max(this.words.length * 2, at + n));
      grown.set(this.words.subarray(0, at));
      this.words = grown;
    }
    this.used = at + n;
    return at;
  }
}

/**
 * Words of the thread's reusable load buffer (at most 256 KiB kept per thread, and as much for
 * the extra records' buffer, {@link _extraBuffer}, between loads): an artifact is
 * decoded there and what is kept is copied out at its size, so a load allocates only that.
 * Larger artifacts (above about 32 KiB, {@link DECODE_WORDS_PER_BYTE}) decode into a buffer of
 * their own, let go after their first group cut (or the whole image a cut over budget makes) or
 * at the next decode ({@link _forgetLarge}; a whole-file read after the cut decodes again and
 * keeps that decode until the next decode: at most one large decode a thread): 4,109 of
 * the corpus's 4,231 files have a source under 17 KiB (artifacts are about 0.9x it).
 */
const LOAD_BUFFER_MAX_WORDS = 1 << 16;
let _loadBuffer: Int32Array = new Int32Array(1024);

/**
 * Image words per artifact byte a decode starts with room for: the corpus's images take 0.5
 * words a byte at the median, 1.8 at most (1,000 cold-split hosts); an image past it grows
 * (_Image.alloc). 4 words a byte, enough for any artifact, spent 5% of a load zeroing a buffer
 * of its own for each large artifact (lab profile of loadRobots + agent()).
 */
const DECODE_WORDS_PER_BYTE = 2;

/** Returns the image to decode an artifact of `bytes` bytes into: the thread's load buffer, or a new array when large. */
function _decodeImage(bytes: number): _Image {
  const words = DECODE_WORDS_PER_BYTE * bytes + 512;
  if (words > LOAD_BUFFER_MAX_WORDS) return new _Image(new Int32Array(words), true);
  if (_loadBuffer.length < words) _loadBuffer = new Int32Array(Math.max(words, 2 * _loadBuffer.length));
  return new _Image(_loadBuffer, false);
}

/**
 * Returns true when the PREFERENCES section at `pos` is empty (no statement, no rule, no
 * source in any of the `groupCount` groups: the bytes 0, 0 and `groupCount` zeros to the end),
 * so the loader shares NO_PREFERENCES instead of decoding empty tables.
 */
function _noPreferences(bytes: Uint8Array, pos: number, groupCount: number): boolean {
  if (bytes.length - pos !== 2 + groupCount) return false;
  for (let k = pos; k < bytes.length; k++) if (bytes[k] !== 0) return false;
  return true;
}

/** Returns true when `bytes[off, off + len)` are all `[a-z_-]`. */
function _isToken(bytes: Uint8Array, off: number, len: number): boolean {
  for (let k = 0; k < len; k++) {
    const c = bytes[off + k] as number;
    if (!((c >= 97 && c <= 122) || c === 45 || c === 95)) return false;
  }
  return true;
}


/**
 * Reads a list of strictly ascending `[a-z_-]` tokens (SCOPE), or tokens with a group each
 * (AGENTS), into the image as `offset, length, group` triples (group 0 for SCOPE); returns the
 * image offset and count.
 */
function _readTokens(r: _Reader, img: _Image, what: string, withGroup: boolean): { base: number; count: number } {
  const n = r.count(what, withGroup ? 2 : 1);
  const base = img.take(TOKEN_WORDS * n);
  const w = img.words;
  for (let i = 0; i < n; i++) {
    const off = r.s(what);
    const len = r.lastLength;
    const rec = base + TOKEN_WORDS * i;
    if (!r.trusted && !_isToken(r.bytes, off, len)) _fail('bad-table', `${what} ${i}: a byte outside [a-z_-]`);
    if (!r.trusted && i > 0 && compareByteRanges(r.bytes, w[rec - TOKEN_WORDS + TOKEN_OFF] as number, w[rec - TOKEN_WORDS + TOKEN_LEN] as number, off, len) >= 0) {
      _fail('bad-table', `${what}: tokens not strictly sorted at ${i}`);
    }
    w[rec + TOKEN_OFF] = off;
    w[rec + TOKEN_LEN] = len;
    w[rec + TOKEN_GROUP] = withGroup ? r.v(what) : 0;
  }
  return { base, count: n };
}

/** Returns the little-endian u16 at `at` (the header's; in bounds). */
function _u16(bytes: Uint8Array, at: number): number {
  return (bytes[at] as number) | ((bytes[at + 1] as number) << 8);
}

/** Returns the little-endian u32 at `at` (the header's; in bounds), read without a DataView (one object less a load). */
function _u32(bytes: Uint8Array, at: number): number {
  return (_u16(bytes, at) | (_u16(bytes, at + 2) << 16)) >>> 0;
}

/** Copies `src[from, to)` to `dst` from `at`: the small copies of a load, without a subarray view each. */
function _copyWords(dst: Int32Array, at: number, src: Int32Array, from: number, to: number): void {
  for (let k = from; k < to; k++) dst[at + k - from] = src[k] as number;
}

/** Checks the header (its checksum unless `unchecked`); returns the flags. */
function _readHeader(bytes: Uint8Array, unchecked = false): number {
  if (bytes.byteLength < HEADER_BYTES) _fail('too-short', `${bytes.byteLength} bytes is shorter than the ${HEADER_BYTES}-byte header`);
  if (_u32(bytes, 0) !== MAGIC) _fail('bad-magic', 'the bytes do not start with "RBMT"');
  const version = _u16(bytes, 4);
  if (version !== FORMAT_VERSION) {
    _fail('bad-version', `format version ${version}, this runtime reads version ${FORMAT_VERSION}: compile the robots.txt again with a matching @robomata/compiler`);
  }
  const flags = _u16(bytes, 6);
  if ((flags & ~KNOWN_FLAGS) !== 0) _fail('bad-version', `unknown flags 0x${flags.toString(16)}`);
  if (_u32(bytes, 8) !== bytes.byteLength) {
    _fail('bad-length', `header says ${_u32(bytes, 8)} bytes, artifact has ${bytes.byteLength} (truncated or extended?)`);
  }
  if (!unchecked && _u32(bytes, 12) !== computeChecksum(bytes)) _fail('bad-checksum', 'checksum mismatch: the artifact is corrupted');
  return flags;
}

/** Reads RULES into the image (`line, allow, patternOff, patternLen` per rule); returns the rule count. */
function _readRules(r: _Reader, img: _Image, patterns: boolean): { count: number; base: number } {
  const count = r.count('rules', 1);
  const base = img.take(RULE_WORDS * count);
  let line = 0;
  for (let i = 0; i < count; i++) {
    const w = r.v('rule line');
    const next = line + (w >>> 1);
    if (i > 0 && next === line) _fail('bad-table', `rule ${i}: lines must ascend`);
    line = next;
    let off = 0;
    let len = -1;
    if (patterns) {
      // 0: rebuilt from the tables (see robots.ts); else the length + 1, then the text.
      const x = r.v('rule pattern');
      if (x === 0) len = REBUILD_PATTERN;
      else {
        len = x - 1;
        if (len > r.bytes.length - r.pos) _fail('bad-table', `rule ${i}: a ${len}-byte pattern overruns the artifact`);
        off = r.pos;
        r.pos += len;
      }
    }
    const rec = base + RULE_WORDS * i;
    img.words[rec + RULE_LINE] = line;
    img.words[rec + RULE_ALLOW] = w & 1;
    img.words[rec + RULE_PATTERN_OFF] = off;
    img.words[rec + RULE_PATTERN_LEN] = len;
  }
  return { count, base };
}

/** Returns the depth of segment node `s` while SEGMENTS is read: packed, or (from node `firstLong` on) in `long`. */
function _readDepth(w: Int32Array, base: number, s: number, firstLong: number, long: readonly number[]): number {
  return s < firstLong ? (w[base + s * AC_WORDS + AC_CHILDREN_OUT] as number) >>> AC_DEPTH_SHIFT : (long[s - firstLong] as number);
}

/** Reads SEGMENTS into the image: AC nodes, the dense root row and the long-depth table (tables.ts AC_ROOT_LONG_DEPTHS). */
function _readSegments(r: _Reader, img: _Image): { count: number; base: number; row: number } {
  const count = r.count('segment nodes', 0);
  if (count < 1 || count - 1 > (r.bytes.length - r.pos) / 3) _fail('bad-table', `segment trie of ${count} nodes`);
  const base = img.alloc(AC_WORDS * count);
  // A dense root row (the sweep's most frequent lookup) pays for its 1 KB only in large tries.
  const row = count >= AC_ROOT_ROW_MIN ? img.alloc(256) : -1;
  const w = img.words;
  let prevParent = 0;
  let prevByte = -1;
  const trusted = r.trusted;
  // Depths of AC_DEPTH_LONG or more: parents ascend, so depths do too and the long nodes come last.
  const long: number[] = [];
  let firstLong = count;
  for (let i = 1; i < count; i++) {
    const p = r.v('segment parent');
    const b = r.byte('segment byte');
    const fo = r.v('segment fail');
    const f = fo >>> 1;
    if (!trusted) {
      if (!(p < i && p >= prevParent)) _fail('bad-table', `segment node ${i}: parent ${p} out of order`);
      if (p === prevParent && b <= prevByte) _fail('bad-table', `segment node ${i}: sibling bytes not ascending`);
    }
    const rec = base + i * AC_WORDS;
    const depth = _readDepth(w, base, p, firstLong, long) + 1;
    if (!trusted && !(f < i && _readDepth(w, base, f, firstLong, long) < depth)) _fail('bad-table', `segment node ${i}: fail link ${f} is not shallower`);
    if (depth >= AC_DEPTH_LONG) {
      if (firstLong === count) firstLong = i;
      long.push(depth);
    }
    const prec = base + p * AC_WORDS;
    if (((w[prec + AC_CHILDREN_OUT] as number) & AC_CHILD_MASK) === 0) w[prec + AC_FIRST_CHILD] = i;
    w[prec + AC_CHILDREN_OUT] = (w[prec + AC_CHILDREN_OUT] as number) + 1;
    if (p === 0 && row >= 0) w[row + b] = i;
    w[rec + AC_CHILDREN_OUT] = (b << AC_BYTE_SHIFT) | acDepthBits(depth);
    w[rec + AC_FAIL] = f;
    w[rec + AC_PARENT] = p;
    if ((fo & 1) === 1) w[rec + AC_CHILDREN_OUT] = (w[rec + AC_CHILDREN_OUT] as number) | AC_OUT_BIT;
    const frec = base + f * AC_WORDS;
    w[rec + AC_DICT] = f !== 0 && ((w[frec + AC_CHILDREN_OUT] as number) & AC_OUT_BIT) !== 0 ? f : (w[frec + AC_DICT] as number);
    prevParent = p;
    prevByte = b;
  }
  const longAt = img.take(long.length);
  for (let k = 0; k < long.length; k++) img.words[longAt + k] = long[k] as number;
  img.words[base + AC_ROOT_LONG_DEPTHS] = longAt - firstLong;
  return { count, base, row };
}

/** Reads WILDCARDS into the image: records and segment lists. */
function _readWildcards(r: _Reader, img: _Image, acBase: number, acCount: number, rankBase: number, rankCount: number): { count: number; base: number } {
  const count = r.count('wildcard patterns', 3);
  // Every word is written: WILD_HEAD_* by _readPart (the tries name every pattern, checked).
  const base = img.take(WILD_WORDS * count);
  for (let i = 0; i < count; i++) {
    const rank = r.v('wildcard rank');
    if (rank >= rankCount && !r.trusted) _fail('bad-table', `wildcard ${i}: rank ${rank} of ${rankCount}`);
    const ka = r.v('wildcard segments');
    const k = ka >>> 1;
    if (k < 1 || k > r.bytes.length - r.pos) _fail('bad-table', `wildcard ${i}: ${k} segments`);
    const segs = img.take(k);
    let total = 0;
    for (let j = 0; j < k; j++) {
      const s = r.v('wildcard segment');
      if (!r.trusted && !(s >= 1 && s < acCount && ((img.words[acBase + s * AC_WORDS + AC_CHILDREN_OUT] as number) & AC_OUT_BIT) !== 0)) _fail('bad-table', `wildcard ${i}: segment node ${s} ends no segment`);
      img.words[segs + j] = s;
      total += acDepth(img.words, acBase, s);
    }
    const rec = base + i * WILD_WORDS;
    img.words[rec + WILD_RANK] = imageRank(rank, (img.words[rankBase + rank] as number) & RANK_ALLOW);
    img.words[rec + WILD_SEG_COUNT] = k;
    img.words[rec + WILD_SEG_OFF] = segs;
    img.words[rec + WILD_SEG_BYTES] = total;
    // The shape is a function of the segment count and anchor: fixed once here, never per check.
    const shape = k > 1 ? SHAPE_GENERAL : (ka & 1) === 1 ? SHAPE_SUFFIX : SHAPE_LITERAL;
    img.words[rec + WILD_FORM] = wildForm(ka & 1, shape, k > 1 ? -1 : acByte(img.words, acBase + (img.words[segs] as number) * AC_WORDS));
  }
  return { count, base };
}

/** A part: its root node and node count, its wildcard patterns, and how many path bytes can matter to it (NO_RANK: all, it has wildcards). */
interface _Part {
  readonly root: number;
  readonly nodes: number;
  readonly wildFirst: number;
  readonly wildCount: number;
  readonly need: number;
}

/** What runs across the parts while PARTS is read: radix nodes, wildcard patterns and extra records so far (see {@link _extraBuffer}). */
interface _PartState {
  nodes: number;
  wild: number;
  extras: number;
  readonly nodeBase: number;
}

/**
 * The extra records (tables.ts EXTRA_*) of the parts being read, numbered in order: they are
 * moved into the image after the last part (the radix nodes of all parts stay contiguous), with
 * NODE_EXTRA pointing here until then. The thread's, reused; let go when past the load buffer's size.
 */
let _extraBuffer: Int32Array = new Int32Array(EXTRA_WORDS * 64);

/** Lets a large extra or scratch buffer go (past the load buffer's size), so a thread keeps bounded ones between loads. */
function _releaseExtraBuffer(): void {
  if (_extraBuffer.length > LOAD_BUFFER_MAX_WORDS) _extraBuffer = new Int32Array(EXTRA_WORDS * 64);
  if (!_scratchLarge) return;
  _scratchLarge = false;
  for (let k = 0; k < _SCRATCH.length; k++) if ((_SCRATCH[k] as Int32Array).length > LOAD_BUFFER_MAX_WORDS) _SCRATCH[k] = new Int32Array(64);
}

/**
 * The thread's scratch arrays for a load's and a cut's temporaries, one slot per use so no two
 * live ones share: SCRATCH_DEPTH, SCRATCH_PARENT (a part's node depths and parents, _readPart), SCRATCH_BY_DEPTH,
 * SCRATCH_ORDER, SCRATCH_NEXT (_indexSegments' sorts), SCRATCH_MAP, SCRATCH_ENDS, SCRATCH_LISTED
 * (a cut's renumbering, _cutGroup). Reused instead of allocated per load (typed arrays a load made
 * and dropped: 6% of a load in the garbage collector, lab profile); contents arbitrary.
 */
const _SCRATCH: Int32Array[] = [0, 1, 2, 3, 4, 5, 6, 7].map(() => new Int32Array(64));
const SCRATCH_DEPTH = 0;
const SCRATCH_PARENT = 7;
const SCRATCH_BY_DEPTH = 1;
const SCRATCH_ORDER = 2;
const SCRATCH_NEXT = 3;
const SCRATCH_MAP = 4;
const SCRATCH_ENDS = 5;
const SCRATCH_LISTED = 6;

/** True once a scratch array grew past the load buffer's size (let go by the next decode). */
let _scratchLarge = false;

/** Returns scratch slot `k` with at least `n` words (contents arbitrary). */
function _scratch(k: number, n: number): Int32Array {
  const s = _SCRATCH[k] as Int32Array;
  if (s.length >= n) return s;
  const grown = new Int32Array(Math.max(n, 2 * s.length));
  if (grown.length > LOAD_BUFFER_MAX_WORDS) _scratchLarge = true;
  _SCRATCH[k] = grown;
  return grown;
}

/** Returns the extra buffer with room for `words` words, keeping its contents. */
function _extraRoom(words: number): Int32Array {
  if (_extraBuffer.length < words) {
    const grown = new Int32Array(Math.max(words, 2 * _extraBuffer.length));
    grown.set(_extraBuffer);
    _extraBuffer = grown;
  }
  return _extraBuffer;
}

/**
 * Fails unless trie node `i` of a part of `n` nodes (`children` children, a `len`-byte label
 * starting with byte `b`, or -1 at the root) is in order: its children inside the part, at most
 * 256, a label unless the root, siblings ascending by first byte.
 */
function _checkNode(i: number, n: number, children: number, nextChild: number, len: number, b: number, prevByte: number, parent: Int32Array): void {
  if (children > 256) _fail('bad-table', `trie node ${i}: ${children} children (at most 256: their first bytes differ)`);
  if (children > 0 && !(nextChild > i && nextChild + children <= n)) _fail('bad-table', `trie node ${i}: children out of order`);
  if ((i === 0) !== (len === 0)) _fail('bad-table', `trie node ${i}: ${len}-byte label`);
  if (i > 1 && parent[i] === parent[i - 1] && b <= prevByte) _fail('bad-table', `trie node ${parent[i] as number}: children not ascending by first byte`);
}

/** Reads one radix trie of PARTS into the image (extra records into {@link _extraBuffer}); `state` runs across parts. */
function _readPart(r: _Reader, img: _Image, state: _PartState, rankBase: number, rankCount: number, wildCount: number, wildBase: number): _Part {
  const n = r.count('trie nodes', 5);
  if (n < 1) _fail('bad-table', 'a part without a root');
  const first = state.nodes;
  const wildFirst = state.wild;
  img.take(NODE_WORDS * n);
  state.nodes += n;
  const w = img.words;
  const bytes = r.bytes;
  // One pass: a node's parent comes before it, so when node i is read its parent set
  // depth[i] to the parent's depth and parent[i]; siblings are contiguous.
  const depth = _scratch(SCRATCH_DEPTH, n);
  const parent = _scratch(SCRATCH_PARENT, n);
  depth[0] = 0;
  parent[0] = -1;
  let nextChild = 1;
  let maxDepth = 0;
  let wildSeen = false;
  let prevByte = -1;
  const trusted = r.trusted;
  for (let i = 0; i < n; i++) {
    // Node i >= 1 must be a child of a node read before it (no later node can name it).
    if (i > 0 && i >= nextChild) _fail('bad-table', `part of ${n} trie nodes names ${nextChild - 1} children`);
    const rec = state.nodeBase + (first + i) * NODE_WORDS;
    const children = r.v('trie children');
    const off = r.s('trie label');
    const len = r.lastLength;
    const b = i === 0 ? -1 : (bytes[off] as number);
    if (!trusted) _checkNode(i, n, children, nextChild, len, b, prevByte, parent);
    prevByte = b;
    const d = (depth[i] as number) + len;
    depth[i] = d;
    if (d > maxDepth) maxDepth = d;
    // Parents are read by _checkNode alone.
    for (let c = nextChild; c < nextChild + children; c++) depth[c] = d;
    if (!trusted) for (let c = nextChild; c < nextChild + children; c++) parent[c] = i;
    const prefix = r.v('trie prefix rank');
    const end = r.v('trie end rank');
    const wilds = r.v('trie wildcards');
    if (!trusted && (prefix > rankCount || end > rankCount)) _fail('bad-table', `trie node ${i}: rank out of range`);
    if (wilds > wildCount - state.wild) _fail('bad-table', `trie node ${i}: more wildcard patterns than WILDCARDS holds`);
    for (let k = state.wild; k < state.wild + wilds; k++) {
      const wrec = wildBase + k * WILD_WORDS;
      if (!trusted && k > state.wild && (w[wrec + WILD_RANK] as number) <= (w[wrec - WILD_WORDS + WILD_RANK] as number)) {
        _fail('bad-table', `trie node ${i}: wildcard ranks not ascending`);
      }
      w[wrec + WILD_HEAD_NODE] = first + i;
      w[wrec + WILD_HEAD_DEPTH] = d;
    }
    w[rec + NODE_LABEL_OFF] = off;
    w[rec + NODE_FIRST_CHILD] = children > 0 ? first + nextChild : 0;
    w[rec + NODE_KEY] = nodeKey(children, b, len);
    const prefixRank = prefix === 0 ? NO_RANK : imageRank(prefix - 1, (w[rankBase + prefix - 1] as number) & RANK_ALLOW);
    if (end === 0 && wilds === 0) w[rec + NODE_RANK] = nodeRankWord(prefixRank, NO_EXTRA);
    else {
      // NODE_RANK points into the extra buffer until _placeExtras moves the records into the image.
      const ex = EXTRA_WORDS * state.extras++;
      const x = _extraRoom(ex + EXTRA_WORDS);
      x[ex + EXTRA_PREFIX_RANK] = prefixRank;
      x[ex + EXTRA_END_RANK] = end === 0 ? NO_RANK : imageRank(end - 1, (w[rankBase + end - 1] as number) & RANK_ALLOW);
      x[ex + EXTRA_WILD_FIRST] = state.wild;
      x[ex + EXTRA_WILD_COUNT] = wilds;
      w[rec + NODE_RANK] = nodeRankWord(prefixRank, ex);
    }
    state.wild += wilds;
    if (wilds > 0) wildSeen = true;
    nextChild += children;
  }
  if (nextChild !== n) _fail('bad-table', `part of ${n} trie nodes names ${nextChild - 1} children`);
  return { root: first, nodes: n, wildFirst, wildCount: state.wild - wildFirst, need: wildSeen ? NO_RANK : maxDepth + 1 };
}

/** Moves the parts' extra records from {@link _extraBuffer} into the image, after the radix nodes, and points NODE_EXTRA at them. */
function _placeExtras(img: _Image, state: _PartState): void {
  const words = EXTRA_WORDS * state.extras;
  const base = img.take(words);
  const w = img.words;
  _copyWords(w, base, _extraBuffer, 0, words);
  for (let x = 0; x < state.nodes; x++) {
    const rec = state.nodeBase + x * NODE_WORDS;
    const ex = nodeExtra(w, rec);
    if (ex >= 0) w[rec + NODE_RANK] = nodeRankWord(NO_RANK, ex + base);
  }
  _releaseExtraBuffer();
}

/** Which list of which node wildcard pattern `k` goes to: `(segment node << 1) | final` (final: a `$`-anchored one-segment pattern). */
function _listSlot(w: Int32Array, wildBase: number, k: number): number {
  const rec = wildBase + k * WILD_WORDS;
  const s = w[w[rec + WILD_SEG_OFF] as number] as number;
  return (s << 1) | (wildAnchored(w, rec) && (w[rec + WILD_SEG_COUNT] as number) === 1 ? 1 : 0);
}

/**
 * Returns the words the segment nodes' pattern lists take (tables.ts AC_LIST) for `wildCount`
 * patterns whose lists fall on `listed` distinct nodes: the shared empty list, a header per
 * listed node and one word per pattern (0 without patterns: no lists).
 */
function _listWords(wildCount: number, listed: number): number {
  return wildCount === 0 ? 0 : AC_LIST_HEADER * (listed + 1) + wildCount;
}

/**
 * Writes, per segment node, its pattern list (tables.ts AC_LIST): the wildcard patterns it
 * starts (first segment; all but the one-segment `$` ones), then the one-segment `$` patterns it
 * ends, each part ascending by head depth, behind a header with both counts; nodes listing
 * nothing share one empty list. A counting sort by depth, then a stable one by segment.
 * O(patterns + nodes + deepest head).
 */
function _indexSegments(img: _Image, acBase: number, acCount: number, wildBase: number, wildCount: number): void {
  if (wildCount === 0) return;
  let w = img.words;
  const depthAt = wildBase + WILD_HEAD_DEPTH;
  let deepest = 0;
  for (let k = 0; k < wildCount; k++) deepest = Math.max(deepest, w[depthAt + k * WILD_WORDS] as number);
  const byDepth = _scratch(SCRATCH_BY_DEPTH, deepest + 2).fill(0, 0, deepest + 2);
  for (let k = 0; k < wildCount; k++) {
    const d = (w[depthAt + k * WILD_WORDS] as number) + 1;
    byDepth[d] = (byDepth[d] as number) + 1;
  }
  for (let d = 1; d < deepest + 2; d++) byDepth[d] = (byDepth[d] as number) + (byDepth[d - 1] as number);
  const order = _scratch(SCRATCH_ORDER, wildCount);
  for (let k = 0; k < wildCount; k++) {
    const d = w[depthAt + k * WILD_WORDS] as number;
    order[byDepth[d] as number] = k;
    byDepth[d] = (byDepth[d] as number) + 1;
  }
  const next = _scratch(SCRATCH_NEXT, 2 * acCount).fill(0, 0, 2 * acCount);
  for (let k = 0; k < wildCount; k++) {
    const slot = _listSlot(w, wildBase, k);
    next[slot] = (next[slot] as number) + 1;
  }
  let listed = 0;
  for (let s = 0; s < acCount; s++) if ((next[2 * s] as number) + (next[2 * s + 1] as number) > 0) listed++;
  // Every word is written: the empty list's header here, each list's header and patterns below.
  const empty = img.take(_listWords(wildCount, listed));
  w = img.words;
  w[empty + AC_LIST_FIRST_COUNT] = 0;
  w[empty + AC_LIST_FINAL_COUNT] = 0;
  let at = empty + AC_LIST_HEADER;
  for (let s = 0; s < acCount; s++) {
    const rec = acBase + s * AC_WORDS;
    const first = next[2 * s] as number;
    const final = next[2 * s + 1] as number;
    if (first + final === 0) {
      w[rec + AC_LIST] = empty;
      continue;
    }
    w[rec + AC_LIST] = at;
    w[at + AC_LIST_FIRST_COUNT] = first;
    w[at + AC_LIST_FINAL_COUNT] = final;
    if (first > 0) w[rec + AC_CHILDREN_OUT] = (w[rec + AC_CHILDREN_OUT] as number) | AC_FIRST_BIT;
    // From here `next` holds each list's write cursor.
    next[2 * s] = at + AC_LIST_HEADER;
    next[2 * s + 1] = at + AC_LIST_HEADER + first;
    at += AC_LIST_HEADER + first + final;
  }
  for (let i = 0; i < wildCount; i++) {
    const k = order[i] as number;
    const slot = _listSlot(w, wildBase, k);
    w[next[slot] as number] = k;
    next[slot] = (next[slot] as number) + 1;
  }
}

/** Everything GROUPS holds, before the parts are resolved to roots. */
interface _Groups {
  readonly count: number;
  readonly global: number;
  /** Image offset of the group records (GROUP_WORDS each, see tables.ts), then their roots, up to `end`. */
  readonly base: number;
  readonly end: number;
  /** Image offset of the groups' sources entries (GROUP_SOURCE_WORDS each), after `end`: the index does not keep them. */
  readonly sourceBase: number;
}

/** Reads GROUPS into the image, resolving part indices to trie roots. */
function _readGroups(r: _Reader, img: _Image, parts: readonly _Part[], ruleCount: number, rfc: boolean): _Groups {
  const count = r.count('groups', 5);
  const global = r.v('global group') - 1;
  if (global >= count) _fail('bad-table', `global group ${global} of ${count}`);
  // Where each group's sources start in the artifact: read into their own region after the loop.
  const sourceAt = img.take(count);
  const base = img.take(GROUP_WORDS * count);
  for (let g = 0; g < count; g++) {
    const flags = r.v('group flags');
    if ((flags & ~(GROUP_FLAG_GLOBAL | GROUP_FLAG_UNBUILT)) !== 0) _fail('bad-table', `group ${g} has unknown flags`);
    const delayOff = r.s('crawl-delay');
    const delayLen = r.lastLength;
    if (delayLen > 0 && !r.trusted && !(delayLen <= 32 && parseCrawlDelay(r.bytes, delayOff, delayLen) >= 0)) {
      _fail('bad-table', `group ${g}: crawl-delay is not a number of seconds`);
    }
    const partCount = r.count('group parts', 1);
    if (partCount > MAX_GROUP_PARTS) _fail('bad-table', `group ${g} names ${partCount} parts (at most ${MAX_GROUP_PARTS})`);
    if ((flags & GROUP_FLAG_UNBUILT) !== 0 && partCount !== 0) _fail('bad-table', `group ${g} is not built but has parts`);
    const roots = img.take(partCount);
    let need = 0;
    for (let k = 0; k < partCount; k++) {
      const p = r.v('group part');
      if (p >= parts.length) _fail('bad-table', `group ${g} names part ${p} of ${parts.length}`);
      const part = parts[p] as _Part;
      img.words[roots + k] = part.root;
      if (part.need > need) need = part.need;
    }
    img.words[sourceAt + g] = r.pos;
    const sourceCount = r.count('group sources', 2);
    // Sources are disjoint and ascending, so a group lists each rule at most once.
    let ruleEnd = 0;
    for (let k = 0; k < sourceCount; k++) {
      const firstRule = r.v('source first rule');
      const rules = r.v('source rule count');
      if (!r.trusted && (firstRule < ruleEnd || firstRule > ruleCount || rules > ruleCount - firstRule)) _fail('bad-table', `group ${g}: rules ${firstRule}+${rules} of ${ruleCount} overlap or overrun`);
      ruleEnd = firstRule + rules;
    }
    const rec = base + GROUP_WORDS * g;
    img.words[rec + GROUP_DELAY_OFF] = delayOff;
    img.words[rec + GROUP_FLAGS] = groupFlagsWord(flags, delayLen, partCount);
    img.words[rec + GROUP_ROOTS] = roots;
    // `/robots.txt?` needs 12 bytes to be told from a longer path (RFC 9309 section 2.2.2).
    img.words[rec + GROUP_NEED] = rfc && need < 12 ? 12 : need;
  }
  const end = img.used;
  return { count, global, base, end, sourceBase: _readSources(r, img, sourceAt, count) };
}

/** Reads the groups' sources again (validated by _readGroups) from the artifact positions at `img[sourceAt, + count)` into a region of their own; returns its offset. */
function _readSources(r: _Reader, img: _Image, sourceAt: number, count: number): number {
  const sourceBase = img.take(GROUP_SOURCE_WORDS * count);
  const end = r.pos;
  for (let g = 0; g < count; g++) {
    r.pos = img.words[sourceAt + g] as number;
    const n = r.v('group sources');
    const sources = img.take(SOURCE_WORDS * n);
    for (let k = 0; k < SOURCE_WORDS * n; k++) img.words[sources + k] = r.v('group source');
    img.words[sourceBase + GROUP_SOURCE_WORDS * g + GROUP_SOURCES] = sources;
    img.words[sourceBase + GROUP_SOURCE_WORDS * g + GROUP_SOURCE_COUNT] = n;
  }
  r.pos = end;
  return sourceBase;
}

/**
 * Reads a count, then that many records laid out as `layout` says (`v` a varint, `s` a byte
 * string stored as offset, length) into the image; returns the image offset and count.
 */
function _readRecords(r: _Reader, img: _Image, what: string, layout: readonly ('v' | 's')[], words: number): { base: number; count: number } {
  const n = r.count(what, layout.length);
  const base = img.take(words * n);
  let at = base;
  for (let i = 0; i < n; i++) {
    for (let f = 0; f < layout.length; f++) {
      if (layout[f] === 'v') img.words[at++] = r.v(what);
      else {
        img.words[at++] = r.s(what);
        img.words[at++] = r.lastLength;
      }
    }
  }
  return { base, count: n };
}

/** The fields of SITEMAPS, DIRECTIVES and WARNINGS records (format.ts), for {@link _readRecords}. */
const _SITEMAP_LAYOUT: readonly ('v' | 's')[] = ['s'];
const _DIRECTIVE_LAYOUT: readonly ('v' | 's')[] = ['v', 's', 's', 'v'];
const _WARNING_LAYOUT: readonly ('v' | 's')[] = ['v', 'v'];

/** Turns `bytes` into a Uint8Array, or throws the TypeError of a wrong argument. */
function _asBytes(artifact: unknown): Uint8Array {
  if (artifact instanceof Uint8Array) return artifact;
  if (artifact instanceof ArrayBuffer) return new Uint8Array(artifact);
  if (typeof SharedArrayBuffer !== 'undefined' && artifact instanceof SharedArrayBuffer) return new Uint8Array(artifact);
  throw new TypeError(
    `loadRobots: artifact must be a Uint8Array, ArrayBuffer or SharedArrayBuffer, got ${artifact === null ? 'null' : typeof artifact}`,
  );
}

/** The sections up to RANKS of a decoded artifact, in its image. */
interface _HeadSections {
  readonly img: _Image;
  readonly scope: { base: number; count: number };
  readonly agents: { base: number; count: number };
  readonly rules: { base: number; count: number };
  readonly rankBase: number;
  readonly rankCount: number;
}

/** A validated artifact decoded whole into an image (the thread's load buffer, or its own for a large artifact). */
interface _Decoded extends _HeadSections {
  readonly seg: { base: number; count: number; row: number };
  readonly wild: { base: number; count: number };
  readonly nodeBase: number;
  readonly nodeCount: number;
  /** Extra records (tables.ts EXTRA_*) placed after the radix nodes. */
  readonly extras: number;
  /** The parts in artifact order (ascending roots). */
  readonly parts: readonly _Part[];
  /** End of the matching region: ranks, segment nodes, wildcard patterns, radix nodes and segment lists lie in `[rankBase, matchEnd)`. */
  readonly matchEnd: number;
  readonly groups: _Groups;
  readonly sitemaps: { base: number; count: number };
  readonly directives: { base: number; count: number };
  readonly warnings: { base: number; count: number };
  /** Where PREFERENCES starts in the bytes (the reader's position after WARNINGS). */
  readonly end: number;
}

/** The sections up to RANKS of a decode under way ({@link _decodeHead}), and its reader past them. */
interface _Head extends _HeadSections {
  readonly r: _Reader;
}

/**
 * Starts a decode of the body of an artifact whose header `_readHeader` accepted (flags
 * `flags`) in a fresh image (the thread's load buffer unless the artifact is large): validates
 * and decodes SCOPE, AGENTS, RULES and RANKS. Throws RobotsFormatError. O(those sections).
 */
function _decodeHead(bytes: Uint8Array, flags: number, trusted: boolean): _Head {
  // A load that failed part-way left the extra buffer at its size: let a large one go here.
  _releaseExtraBuffer();
  // The load buffer is about to be overwritten: the decode it held is no longer anyone's, and
  // an index still kept there moves out to an array of its own.
  _lastArtifact = null;
  _lastDecoded = null;
  _moveIndexOut();
  const r = new _Reader(bytes, trusted);
  const img = _decodeImage(bytes.length);
  const scope = _readTokens(r, img, 'scope', false);
  if (((flags & FLAG_SCOPED) !== 0) !== scope.count > 0) _fail('bad-table', 'the scoped flag and the scope tokens disagree');
  const agents = _readTokens(r, img, 'agents', true);
  const rules = _readRules(r, img, (flags & FLAG_PATTERNS) !== 0);
  const rankCount = r.count('ranks', 1);
  if (rankCount > MAX_RANKS) _fail('bad-table', `${rankCount} ranks (at most ${MAX_RANKS})`);
  const rankBase = img.take(rankCount);
  for (let k = 0; k < rankCount; k++) {
    const x = r.v('rank rule');
    const id = x >>> 1;
    if (id >= rules.count) _fail('bad-table', `rank ${k} names rule ${id} of ${rules.count}`);
    const companion = x & 1;
    const allow = img.words[rules.base + RULE_WORDS * id + RULE_ALLOW] as number;
    if (companion === 1 && allow !== 1 && !r.trusted) _fail('bad-table', `rank ${k}: an index.html companion of disallow rule ${id}`);
    img.words[rankBase + k] = ((id + 1) << RANK_RULE_SHIFT) | (companion << 1) | allow;
  }
  return { r, img, scope, agents, rules, rankBase, rankCount };
}

/**
 * Validates and decodes the body of an artifact whose header `_readHeader` accepted (flags
 * `flags`): every section into one image, in the thread's load buffer unless the artifact is
 * large. The PREFERENCES section after `end` is read by the caller that needs it (the loads,
 * not a decode again). Throws RobotsFormatError. O(artifact size).
 */
function _decode(bytes: Uint8Array, flags: number, trusted: boolean): _Decoded {
  const { r, img, scope, agents, rules, rankBase, rankCount } = _decodeHead(bytes, flags, trusted);
  const seg = _readSegments(r, img);
  const wild = _readWildcards(r, img, seg.base, seg.count, rankBase, rankCount);
  const partCount = r.count('parts', 1);
  const parts: _Part[] = [];
  const nodeState: _PartState = { nodes: 0, wild: 0, extras: 0, nodeBase: img.used };
  for (let p = 0; p < partCount; p++) parts.push(_readPart(r, img, nodeState, rankBase, rankCount, wild.count, wild.base));
  if (nodeState.wild !== wild.count) _fail('bad-table', `tries name ${nodeState.wild} of ${wild.count} wildcard patterns`);
  _placeExtras(img, nodeState);
  _indexSegments(img, seg.base, seg.count, wild.base, wild.count);
  const matchEnd = img.used;
  const groups = _readGroups(r, img, parts, rules.count, (flags & FLAG_PROFILE_GOOGLE) === 0);
  if (!r.trusted) for (let i = 0; i < agents.count; i++) {
    const g = img.words[agents.base + TOKEN_WORDS * i + TOKEN_GROUP] as number;
    if (g >= groups.count) _fail('bad-table', `agent names group ${g} of ${groups.count}`);
  }
  const sitemaps = _readRecords(r, img, 'sitemaps', _SITEMAP_LAYOUT, SITEMAP_WORDS);
  const directives = _readRecords(r, img, 'directives', _DIRECTIVE_LAYOUT, DIRECTIVE_WORDS);
  const warnings = _readRecords(r, img, 'warnings', _WARNING_LAYOUT, WARNING_WORDS);
  if (!r.trusted) for (let i = 0; i < warnings.count; i++) {
    const code = img.words[warnings.base + WARNING_WORDS * i + WARNING_CODE] as number;
    if (code >= WARNING_CODES.length) _fail('bad-table', `warning code ${code}`);
  }
  const end = r.pos;
  return {
    img, scope, agents, rules, rankBase, rankCount, seg, wild, nodeBase: nodeState.nodeBase, nodeCount: nodeState.nodes, extras: nodeState.extras, parts, matchEnd, groups,
    sitemaps, directives, warnings, end,
  };
}

/** Validates and returns the PREFERENCES section at `pos`, the last of `bytes` (the tables keep `bytes`). Throws RobotsFormatError. */
function _readPreferencesAt(bytes: Uint8Array, pos: number, groupCount: number): PreferenceTables {
  const p = _noPreferences(bytes, pos, groupCount) ? { tables: NO_PREFERENCES, end: bytes.length } : readPreferences(bytes, pos, groupCount, _fail);
  if (p.end !== bytes.length) _fail('bad-section', `${bytes.length - p.end} bytes after the last section`);
  return p.tables;
}

/**
 * The artifact whose decode the thread holds (its last decode): a group image built right after
 * `loadRobots` (the usual `loadRobots(bytes).agent(ua)`) is cut from it instead of decoding
 * again. A large artifact's decode (an array of its own, not the load buffer) is let go after
 * its first cut ({@link _forgetLarge}) or at the next decode, whichever comes first: cutting
 * it from a second decode was an eighth of agent()'s time over the cold-split hosts.
 */
let _lastArtifact: LoadedArtifact | null = null;
let _lastDecoded: _Decoded | null = null;

/** Remembers `d` as the decode of `a`; returns `d`. */
function _remember(a: LoadedArtifact | null, d: _Decoded): _Decoded {
  _lastArtifact = a;
  _lastDecoded = d;
  return d;
}

/** Lets the thread's last decode go when it is a large one (not in the load buffer), and scratch grown past the load buffer's size, so a thread keeps at most the load buffer between loads. */
function _forgetLarge(): void {
  _releaseExtraBuffer();
  if (_lastDecoded !== null && _lastDecoded.img.words !== _loadBuffer) {
    _lastArtifact = null;
    _lastDecoded = null;
  }
}

/**
 * @internal Returns the words the thread holds between loads beyond its load buffer: a large
 * decode still kept, the extra records' buffer and the scratch slots (for tests of what
 * SECURITY.md promises a thread keeps). O(1).
 */
export function readHeldLoadWords(): number {
  let words = _extraBuffer.length;
  for (let k = 0; k < _SCRATCH.length; k++) words += (_SCRATCH[k] as Int32Array).length;
  if (_lastDecoded !== null && _lastDecoded.img.words !== _loadBuffer) words += _lastDecoded.img.words.length;
  return words;
}

/** Returns the decode of `a`: the thread's last one when it is `a`'s, else a new one (validated again: the bytes must not have changed). */
function _decodedOf(a: LoadedArtifact): _Decoded {
  return _heldDecodeOf(a) ?? _remember(a, _decode(a.bytes, a.header(INDEX_FLAGS), false));
}

/** Returns the whole decode of `a` the thread still holds (its last decode), or null. O(1). */
function _heldDecodeOf(a: LoadedArtifact): _Decoded | null {
  return _lastArtifact === a ? _lastDecoded : null;
}

/**
 * The loaded artifact whose index is still kept in the load buffer, right after its decode
 * ({@link _keepIndex}), and that index: the usual `loadRobots(bytes).agent(ua)` then copies
 * it once, into the first group image's array, instead of into an array of its own first (a
 * typed array of more than 64 bytes costs about 1 us to make and collect on Node 20). The next
 * decode moves it out first ({@link _moveIndexOut}).
 */
let _indexOwner: _LoadedFile | null = null;
let _indexInBuffer: Int32Array | null = null;

/** Gives the artifact whose index is in the load buffer a copy of its own (unless a group cut took it already). */
function _moveIndexOut(): void {
  const owner = _indexOwner;
  const index = _indexInBuffer;
  _indexOwner = null;
  _indexInBuffer = null;
  if (owner !== null && index !== null) owner.ownIndex(index);
}

/** Returns the part whose root is radix node `root` (parts ascend by root). O(log parts). */
function _partOf(parts: readonly _Part[], root: number): _Part {
  let lo = 0;
  let hi = parts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((parts[mid] as _Part).root < root) lo = mid + 1;
    else hi = mid;
  }
  return parts[lo] as _Part;
}

/**
 * Marks the Aho-Corasick nodes group image needs (every prefix of the segments of the parts'
 * wildcard patterns) and numbers them in the decode's order; returns the numbering (-1: left
 * out), the segment ends and the kept count.
 */
function _keepSegments(d: _Decoded, parts: readonly _Part[]): { map: Int32Array; ends: Int32Array; count: number; long: number } {
  const src = d.img.words;
  const map = _scratch(SCRATCH_MAP, d.seg.count).fill(-1, 0, d.seg.count);
  const ends = _scratch(SCRATCH_ENDS, d.seg.count).fill(0, 0, d.seg.count);
  map[0] = 1;
  for (const p of parts) {
    for (let w = p.wildFirst; w < p.wildFirst + p.wildCount; w++) {
      const rec = d.wild.base + w * WILD_WORDS;
      const segs = src[rec + WILD_SEG_OFF] as number;
      for (let j = 0; j < (src[rec + WILD_SEG_COUNT] as number); j++) {
        let s = src[segs + j] as number;
        ends[s] = 1;
        while (map[s] === -1) {
          map[s] = 1;
          s = src[d.seg.base + s * AC_WORDS + AC_PARENT] as number;
        }
      }
    }
  }
  let count = 0;
  let long = 0;
  for (let o = 0; o < d.seg.count; o++) {
    if (map[o] === -1) continue;
    map[o] = count++;
    if (o > 0 && (src[d.seg.base + o * AC_WORDS + AC_CHILDREN_OUT] as number) >>> AC_DEPTH_SHIFT === AC_DEPTH_LONG) long++;
  }
  return { map, ends, count, long };
}

/**
 * Writes the kept Aho-Corasick nodes into `img` (children, fail links restricted to kept nodes
 * along the decode's fail chains, dictionary links, the root row when large); returns the base
 * and row. Fail links stay shallower and children contiguous and ascending: the numbering keeps
 * the decode's breadth-first order.
 */
function _writeSegments(d: _Decoded, img: _Image, keep: { map: Int32Array; ends: Int32Array; count: number; long: number }): { base: number; row: number } {
  const src = d.img.words;
  const base = img.alloc(AC_WORDS * keep.count);
  const row = keep.count >= AC_ROOT_ROW_MIN ? img.alloc(256) : -1;
  // The kept long nodes are the last kept ones (the numbering keeps the order, depths ascend).
  const longAt = img.alloc(keep.long) - (keep.count - keep.long);
  const w = img.words;
  w[base + AC_ROOT_LONG_DEPTHS] = longAt;
  const map = keep.map;
  for (let o = 1; o < d.seg.count; o++) {
    const n = map[o] as number;
    if (n < 0) continue;
    const orec = d.seg.base + o * AC_WORDS;
    const rec = base + n * AC_WORDS;
    const p = map[src[orec + AC_PARENT] as number] as number;
    const prec = base + p * AC_WORDS;
    if (((w[prec + AC_CHILDREN_OUT] as number) & AC_CHILD_MASK) === 0) w[prec + AC_FIRST_CHILD] = n;
    w[prec + AC_CHILDREN_OUT] = (w[prec + AC_CHILDREN_OUT] as number) + 1;
    const b = acByte(src, orec);
    if (p === 0 && row >= 0) w[row + b] = n;
    const depth = acDepth(src, d.seg.base, o);
    w[rec + AC_CHILDREN_OUT] = (w[rec + AC_CHILDREN_OUT] as number) | (b << AC_BYTE_SHIFT) | acDepthBits(depth);
    if (depth >= AC_DEPTH_LONG) w[longAt + n] = depth;
    w[rec + AC_PARENT] = p;
    if (keep.ends[o] === 1) w[rec + AC_CHILDREN_OUT] = (w[rec + AC_CHILDREN_OUT] as number) | AC_OUT_BIT;
    let f = src[orec + AC_FAIL] as number;
    while ((map[f] as number) < 0) f = src[d.seg.base + f * AC_WORDS + AC_FAIL] as number;
    f = map[f] as number;
    w[rec + AC_FAIL] = f;
    const frec = base + f * AC_WORDS;
    w[rec + AC_DICT] = f !== 0 && ((w[frec + AC_CHILDREN_OUT] as number) & AC_OUT_BIT) !== 0 ? f : (w[frec + AC_DICT] as number);
  }
  return { base, row };
}

/** Returns true when group `g` has parts and they are the decode's every part, in order (its image is the decode's matching region). O(parts). */
function _isWholeGroup(d: _Decoded, g: number): boolean {
  const src = d.img.words;
  const grec = d.groups.base + g * GROUP_WORDS;
  const rootsAt = src[grec + GROUP_ROOTS] as number;
  const rootCount = groupRootCount(src, grec);
  if (rootCount === 0 || rootCount !== d.parts.length) return false;
  for (let k = 0; k < rootCount; k++) if (src[rootsAt + k] !== (d.parts[k] as _Part).root) return false;
  return true;
}

/**
 * Returns the image of group `g` cut from the decode: its parts' radix nodes and wildcard
 * patterns renumbered from 0, the Aho-Corasick nodes of their segments only, and the roots; its
 * rank words are the file's (tables.ts imageRank), so no rank table comes along. The matcher
 * reads it as it read the whole image (same layouts, tables.ts).
 * O(the group's nodes, patterns and segments + the file's segment nodes).
 */
function _cutGroup(d: _Decoded, bytes: Uint8Array, g: number, maxWords: number, prefix: Int32Array | null): Tables | null {
  const src = d.img.words;
  const grec = d.groups.base + g * GROUP_WORDS;
  const rootsAt = src[grec + GROUP_ROOTS] as number;
  const rootCount = groupRootCount(src, grec);
  if (rootCount === 0) return EMPTY_GROUP_IMAGE;
  if (_isWholeGroup(d, g)) return _copyMatching(d, bytes, maxWords, prefix);
  const parts: _Part[] = [];
  for (let k = 0; k < rootCount; k++) parts.push(_partOf(d.parts, src[rootsAt + k] as number));
  let nodes = 0;
  let wilds = 0;
  let segWords = 0;
  // The segment nodes whose pattern lists are not empty (a pattern is listed at its first segment's node).
  const listedAt = _scratch(SCRATCH_LISTED, d.seg.count).fill(0, 0, d.seg.count);
  let listed = 0;
  let extras = 0;
  for (const p of parts) {
    nodes += p.nodes;
    wilds += p.wildCount;
    for (let i = 0; i < p.nodes; i++) if (nodeExtra(src, d.nodeBase + (p.root + i) * NODE_WORDS) >= 0) extras++;
    for (let w = p.wildFirst; w < p.wildFirst + p.wildCount; w++) {
      const rec = d.wild.base + w * WILD_WORDS;
      segWords += src[rec + WILD_SEG_COUNT] as number;
      const s = src[src[rec + WILD_SEG_OFF] as number] as number;
      if (listedAt[s] === 0) listed++;
      listedAt[s] = 1;
    }
  }
  const keep = _keepSegments(d, parts);
  const size = AC_WORDS * keep.count + (keep.count >= AC_ROOT_ROW_MIN ? 256 : 0) + keep.long + WILD_WORDS * wilds + segWords + NODE_WORDS * nodes +
    EXTRA_WORDS * extras + _listWords(wilds, listed) + rootCount;
  if (size > maxWords) return null;
  const at = prefix === null ? 0 : prefix.length;
  const img = new _Image(new Int32Array(at + size), true);
  if (prefix !== null) img.words.set(prefix, 0);
  img.used = at;
  const seg = _writeSegments(d, img, keep);
  const w = img.words;
  const wildBase = img.alloc(WILD_WORDS * wilds);
  let segAt = img.alloc(segWords);
  const nodeBase = img.alloc(NODE_WORDS * nodes);
  let extraAt = img.alloc(EXTRA_WORDS * extras);
  const roots = new Int32Array(rootCount);
  let nodeAt = 0;
  let wildAt = 0;
  for (let k = 0; k < parts.length; k++) {
    const p = parts[k] as _Part;
    roots[k] = nodeAt;
    for (let i = 0; i < p.nodes; i++) {
      const orec = d.nodeBase + (p.root + i) * NODE_WORDS;
      const rec = nodeBase + (nodeAt + i) * NODE_WORDS;
      for (let f = 0; f < NODE_WORDS; f++) w[rec + f] = src[orec + f] as number;
      if (nodeChildCount(w, rec) > 0) w[rec + NODE_FIRST_CHILD] = (src[orec + NODE_FIRST_CHILD] as number) - p.root + nodeAt;
      // The rank words are the file's: copied as they are (a node without an extra record is done).
      const oex = nodeExtra(src, orec);
      if (oex < 0) continue;
      w[rec + NODE_RANK] = nodeRankWord(NO_RANK, extraAt);
      w[extraAt + EXTRA_PREFIX_RANK] = src[oex + EXTRA_PREFIX_RANK] as number;
      w[extraAt + EXTRA_END_RANK] = src[oex + EXTRA_END_RANK] as number;
      w[extraAt + EXTRA_WILD_FIRST] = (src[oex + EXTRA_WILD_FIRST] as number) - p.wildFirst + wildAt;
      w[extraAt + EXTRA_WILD_COUNT] = src[oex + EXTRA_WILD_COUNT] as number;
      extraAt += EXTRA_WORDS;
    }
    for (let i = 0; i < p.wildCount; i++) {
      const orec = d.wild.base + (p.wildFirst + i) * WILD_WORDS;
      const rec = wildBase + (wildAt + i) * WILD_WORDS;
      for (let f = 0; f < WILD_WORDS; f++) w[rec + f] = src[orec + f] as number;
      const osegs = src[orec + WILD_SEG_OFF] as number;
      w[rec + WILD_SEG_OFF] = segAt;
      for (let j = 0; j < (src[orec + WILD_SEG_COUNT] as number); j++) w[segAt++] = keep.map[src[osegs + j] as number] as number;
      w[rec + WILD_HEAD_NODE] = (src[orec + WILD_HEAD_NODE] as number) - p.root + nodeAt;
    }
    nodeAt += p.nodes;
    wildAt += p.wildCount;
  }
  _indexSegments(img, seg.base, keep.count, wildBase, wilds);
  // The image is sized exactly, but read its array again: an alloc may have replaced it.
  const rootBase = img.alloc(rootCount);
  const out = img.words;
  out.set(roots, rootBase);
  return new Tables(out, bytes, nodeBase, nodes, seg.base, seg.row, wildBase, wilds, keep.count, rootBase, rootCount);
}

/**
 * Returns the image of a group made of every part of the file, in order (a one-group file, a
 * group compileRobots built): the decode's matching region copied whole, its image offsets
 * moved along, so nothing is renumbered. Null when it takes more than `maxWords`. O(region).
 */
function _copyMatching(d: _Decoded, bytes: Uint8Array, maxWords: number, prefix: Int32Array | null): Tables | null {
  const at = prefix === null ? 0 : prefix.length;
  const size = _matchingWords(d);
  if (size > maxWords) return null;
  const w = new Int32Array(at + size);
  if (prefix !== null) w.set(prefix, 0);
  return _writeMatching(d, bytes, w, at);
}

/** Returns the words {@link _copyMatching} copies: the decode's matching region and a root per part. */
function _matchingWords(d: _Decoded): number {
  return d.matchEnd - d.seg.base + d.parts.length;
}

/** Writes {@link _copyMatching}'s image into `w` from `at` (`_matchingWords(d)` words); returns its tables over `w` and `bytes`. */
function _writeMatching(d: _Decoded, bytes: Uint8Array, w: Int32Array, at: number): Tables {
  const rootCount = d.parts.length;
  // The region after the file's rank table: segment nodes first (the image's ranks carry their kind).
  const start = d.seg.base;
  w.set(d.img.words.subarray(start, d.matchEnd), at);
  // Every image offset moves from the decode's numbering to this array's.
  const shift = at - start;
  const wildBase = d.wild.base + shift;
  const acBase = d.seg.base + shift;
  w[acBase + AC_ROOT_LONG_DEPTHS] = (w[acBase + AC_ROOT_LONG_DEPTHS] as number) + shift;
  for (let k = 0; k < d.wild.count; k++) w[wildBase + k * WILD_WORDS + WILD_SEG_OFF] = (w[wildBase + k * WILD_WORDS + WILD_SEG_OFF] as number) + shift;
  if (d.wild.count > 0) {
    for (let s = 0; s < d.seg.count; s++) {
      w[acBase + s * AC_WORDS + AC_LIST] = (w[acBase + s * AC_WORDS + AC_LIST] as number) + shift;
    }
  }
  const nodeBase = d.nodeBase + shift;
  // Only nodes with an extra record point into the region (none: the part has one rank per node).
  if (d.extras > 0) {
    for (let x = 0; x < d.nodeCount; x++) {
      const rec = nodeBase + x * NODE_WORDS;
      const ex = nodeExtra(w, rec);
      if (ex >= 0) w[rec + NODE_RANK] = nodeRankWord(NO_RANK, ex + shift);
    }
  }
  const rootBase = d.matchEnd + shift;
  for (let k = 0; k < rootCount; k++) w[rootBase + k] = (d.parts[k] as _Part).root;
  const row = d.seg.row < 0 ? -1 : d.seg.row + shift;
  return new Tables(w, bytes, nodeBase, d.nodeCount, acBase, row, wildBase, d.wild.count, d.seg.count, rootBase, rootCount);
}

/** Returns the whole decoded image of `a` (rules, patterns, directives, sitemaps), for the calls that read the whole file. */
function _decodeWhole(a: LoadedArtifact): WholeImage {
  const d = _decodedOf(a);
  const tables = new Tables(d.img.words.slice(0, d.img.used), a.bytes, d.nodeBase, d.nodeCount, d.seg.base, d.seg.row, d.wild.base, d.wild.count, d.seg.count);
  return { tables, ruleBase: d.rules.base, sitemapBase: d.sitemaps.base, directiveBase: d.directives.base, groupBase: d.groups.base, groupSourceBase: d.groups.sourceBase };
}

/** A loaded artifact with the decoding of what it did not keep from the load. */
class _LoadedFile extends LoadedArtifact {
  /** True from a group cut over budget (decodeGroup's null) to the whole image made for it: the decode is let go then. */
  private _wholeNext = false;

  protected decodeGroup(g: number, maxWords: number, prefix: Int32Array | null): Tables | null {
    const d = _decodedOf(this);
    // A decode again moved the index out of the load buffer: the prefix is the index as it is now.
    const cut = _cutGroup(d, this.bytes, g, maxWords, prefix === null ? null : this.index);
    // A cut over budget (null): the group matches on the whole image, made next from this
    // decode (decodeWhole), which lets it go then.
    if (cut === null) this._wholeNext = true;
    else _forgetLarge();
    return cut;
  }

  /** Replaces the index by a copy of its own when it is still `inBuffer`, the index kept in the load buffer. */
  ownIndex(inBuffer: Int32Array): void {
    if (this.index === inBuffer) this.replaceIndex(inBuffer.slice());
  }

  protected decodeWhole(): WholeImage {
    const whole = _decodeWhole(this);
    if (this._wholeNext) {
      this._wholeNext = false;
      _forgetLarge();
    }
    return whole;
  }

  protected decodeRanks(): Int32Array {
    // The last decode when it is this artifact's, else the sections up to RANKS decoded again (validated again).
    const d: _Head | _Decoded = _heldDecodeOf(this) ?? _decodeHead(this.bytes, this.header(INDEX_FLAGS), false);
    return d.img.words.slice(d.rankBase, d.rankBase + d.rankCount);
  }
}

/**
 * Returns the index a loaded artifact keeps (tables.ts INDEX_*): its header, the tokens, the
 * group records with their part roots and sources, and the warnings, copied out of the decode
 * with the group records' offsets moved along.
 */
function _keepIndex(d: _Decoded, flags: number): Int32Array {
  const src = d.img.words;
  const size = _indexWords(d);
  // In the load buffer past the decode when it fits (moved out by the next decode), else its own array.
  const at = d.img.used;
  const inBuffer = src === _loadBuffer && at + size <= src.length;
  const index = inBuffer ? src.subarray(at, at + size) : new Int32Array(size);
  // loadRobots names its owner (moved out by the next decode, _moveIndexOut).
  if (inBuffer) _indexInBuffer = index;
  _writeIndex(d, flags, index);
  return index;
}

/** Returns the words of {@link _keepIndex}'s index: header, tokens, group records with their roots, warnings. */
function _indexWords(d: _Decoded): number {
  return INDEX_HEADER_WORDS + d.agents.base + TOKEN_WORDS * d.agents.count + d.groups.end - d.groups.base + WARNING_WORDS * d.warnings.count;
}

/** Writes {@link _keepIndex}'s index into `index[0, _indexWords(d))`. */
function _writeIndex(d: _Decoded, flags: number, index: Int32Array): void {
  const src = d.img.words;
  // SCOPE and AGENTS are the decode's first records, contiguous from 0.
  const tokensEnd = d.agents.base + TOKEN_WORDS * d.agents.count;
  const groupBase = INDEX_HEADER_WORDS + tokensEnd;
  const groupWords = d.groups.end - d.groups.base;
  const warningWords = WARNING_WORDS * d.warnings.count;
  _copyWords(index, INDEX_HEADER_WORDS, src, 0, tokensEnd);
  _copyWords(index, groupBase, src, d.groups.base, d.groups.end);
  const shift = groupBase - d.groups.base;
  for (let g = 0; g < d.groups.count; g++) {
    const rec = groupBase + g * GROUP_WORDS;
    index[rec + GROUP_ROOTS] = (index[rec + GROUP_ROOTS] as number) + shift;
  }
  _copyWords(index, groupBase + groupWords, src, d.warnings.base, d.warnings.base + warningWords);
  index[INDEX_FLAGS] = flags;
  index[INDEX_SCOPE_COUNT] = d.scope.count;
  index[INDEX_AGENT_COUNT] = d.agents.count;
  index[INDEX_GROUP_COUNT] = d.groups.count;
  index[INDEX_GLOBAL_GROUP] = d.groups.global;
  index[INDEX_RULE_COUNT] = d.rules.count;
  index[INDEX_SITEMAP_COUNT] = d.sitemaps.count;
  index[INDEX_DIRECTIVE_COUNT] = d.directives.count;
  index[INDEX_WARNING_BASE] = groupBase + groupWords;
  index[INDEX_WARNING_COUNT] = d.warnings.count;
  index[INDEX_WHOLE_WORDS] = d.img.used;
  index[INDEX_CUT_WORDS] = 0;
  index[INDEX_FIRST_GROUP] = -1;
}

/**
 * Returns a {@link Robots} for an artifact after validating all of it (header, checksum, every
 * count, index, order and bound format.ts lists), so that no later check can read out of
 * bounds or loop. The bytes are read in place, never copied (labels, patterns and strings are
 * read from them: do not mutate them after loading; a SharedArrayBuffer is shared). Throws
 * {@link RobotsFormatError} for an invalid artifact (code 'bad-version' for another format
 * version) and TypeError for a wrong argument type; nothing later throws it as long as the
 * caller does not mutate the bytes after loading (a later decode validates them again; see
 * SECURITY.md). O(artifact size).
 * Keeps the bytes and a small index (tokens, group records, warnings); a group's matching image
 * is cut on its first `agent()` (from this decode when nothing was loaded in between, else from
 * a decode again: O(artifact) per group's first `agent()` then), rules, patterns and strings on
 * first use.
 */
export function loadRobots(artifact: Uint8Array | ArrayBuffer | SharedArrayBuffer): Robots {
  return _load(_asBytes(artifact), false);
}

/**
 * @internal {@link loadRobots} for an artifact the compiler has just written and holds alone
 * (`@robomata/runtime/internal`, compileRobots' own artifacts): decoded as loadRobots does,
 * but without the checksum, which such an artifact may leave 0 (a checksum guards bytes that
 * travelled; these never left the call that wrote them), and without the shape checks its
 * writer guarantees (_Reader's `trusted` lists them): every byte read stays within the
 * artifact, but table indices, orders and links are the writer's. Never for bytes from
 * elsewhere. O(artifact size).
 */
export function loadTrustedArtifact(bytes: Uint8Array): Robots {
  return _load(bytes, true, !loadTuning.checkTrusted);
}

/**
 * @internal {@link loadTrustedArtifact} for compileRobots' artifact with merged group `g`
 * built (`@robomata/runtime/internal`): decoded the same way, and group `g`'s image cut at
 * once, as its first `agent()` would cut it, into one buffer with the index and a copy of the
 * bytes (one allocation a host where two were: `bytes` may be the writer's buffer, overwritten
 * by the next compile, and is read only during the call). A group that is not the artifact's
 * every part in order, or without parts, or `g` < 0: the bytes are copied on their own and
 * the group is cut on first use, as loadRobots does. O(artifact size).
 */
export function loadTrustedGroup(bytes: Uint8Array, g: number): LoadedArtifact {
  const flags = _readHeader(bytes, true);
  const d = _decode(bytes, flags, !loadTuning.checkTrusted);
  const matching = _wholeGroupWords(d, g);
  let own: Uint8Array;
  let index: Int32Array;
  let firstImage: Tables | undefined;
  if (matching < 0) {
    own = bytes.slice();
    index = _keepIndex(d, flags);
  } else {
    const at = _indexWords(d);
    const words = at + matching;
    const buffer = new ArrayBuffer(4 * words + bytes.length);
    index = new Int32Array(buffer, 0, words);
    own = new Uint8Array(buffer, 4 * words, bytes.length);
    own.set(bytes);
    _writeIndex(d, flags, index);
    firstImage = _writeMatching(d, own, index, at);
    // As LoadedArtifact.group() records a first cut.
    index[INDEX_FIRST_GROUP] = g;
    index[INDEX_CUT_WORDS] = matching;
  }
  const loaded = _loadedOf(d, own, index, _readPreferencesAt(own, d.end, d.groups.count), firstImage);
  if (firstImage !== undefined) _forgetLarge();
  return loaded;
}

/** Returns the loaded file over `bytes` with its kept `index` (owning the load buffer when the index sits there) and remembers decode `d` for it. O(1). */
function _loadedOf(d: _Decoded, bytes: Uint8Array, index: Int32Array, preferences: PreferenceTables, firstImage: Tables | undefined): _LoadedFile {
  const loaded = new _LoadedFile({ bytes, index, preferences, firstImage });
  // _keepIndex kept it in the load buffer (the decode's _moveIndexOut cleared the last one).
  if (_indexInBuffer === index) _indexOwner = loaded;
  _remember(loaded, d);
  return loaded;
}

/**
 * Returns the words of group `g`'s image when it is the decode's every part in order and fits
 * the budget a first cut has (the whole image's words), else -1 (`g` < 0, no parts, or other
 * parts: cut as loadRobots cuts them).
 */
function _wholeGroupWords(d: _Decoded, g: number): number {
  if (g < 0 || g >= d.groups.count || !_isWholeGroup(d, g)) return -1;
  const words = _matchingWords(d);
  return words > d.img.used ? -1 : words;
}

/**
 * Test switch for the loader (`@robomata/runtime/testing`): with `checkTrusted`, loadTrustedArtifact and loadTrustedGroup
 * run every shape check loadRobots runs (still not the checksum), so that the test suite
 * checks each artifact compileRobots writes for itself against the full validation. The test
 * setup (test/setup-load.ts) turns it on; production leaves it off.
 */
export const loadTuning = { checkTrusted: false };

/** loadRobots' body; `unchecked`: the checksum is skipped, `trusted`: the writer's shape checks too (loadTrustedArtifact). */
function _load(bytes: Uint8Array, unchecked: boolean, trusted: boolean = unchecked): Robots {
  const flags = _readHeader(bytes, unchecked);
  const d = _decode(bytes, flags, trusted);
  const preferences = _readPreferencesAt(bytes, d.end, d.groups.count);
  return new Robots(_loadedOf(d, bytes, _keepIndex(d, flags), preferences, undefined));
}
