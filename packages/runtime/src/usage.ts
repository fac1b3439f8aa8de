/**
 * AI preferences: the PREFERENCES section of an artifact (format.ts section 12) validated and
 * decoded into tables of its own, and the `usage()` / `signal()` answers over them
 * (docs/semantics.md section 10; draft-ietf-aipref-attach-05, draft-ietf-aipref-vocab-07,
 * the Content Signals Policy). Allow/disallow matching never reads these tables.
 */
import { compareByteRanges } from './format.js';
import { PreferenceMatcher, matchPreferenceLines } from './usage-match.js';

/** Words per rule record in {@link PreferenceTables.rules}. */
const _RULE_WORDS = 9;
const _R_LINE = 0;
const _R_KIND = 1;
const _R_ANCHORED = 2;
const _R_PRIORITY = 3;
const _R_BODY_OFF = 4;
const _R_BODY_LEN = 5;
const _R_STATEMENT = 6;
const _R_PATH_OFF = 7;
const _R_PATH_LEN = 8;

/** Words per statement record: text offset, text length, first answer, answer count. */
const _S_WORDS = 4;
/** Words per answer record: key offset, key length, answer (1 allow, 2 disallow). */
const _A_WORDS = 3;

/**
 * The keys answered from a per-statement table instead of a string compare: the vocabulary's
 * categories and the Content Signals Policy's keys. A key compare cost about 20 ns of a 200 ns
 * usage() check (a warm loop over bench/src/usage-bench.ts's file and URLs).
 */
const _KNOWN_KEYS = ['train-ai', 'search', 'ai-input', 'ai-train'] as const;

/** Returns the index of `key` in {@link _KNOWN_KEYS}, or -1. O(1). */
function _knownKey(key: string): number {
  return key === 'train-ai' ? 0 : key === 'search' ? 1 : key === 'ai-input' ? 2 : key === 'ai-train' ? 3 : -1;
}

/** Rule kind of a Content-Usage line. */
export const KIND_USAGE = 0;
/** Rule kind of a Content-Signal line. */
export const KIND_SIGNAL = 1;

/** Answer codes of {@link answerPreference}. */
export const ANSWER_UNKNOWN = 0;
export const ANSWER_ALLOW = 1;
export const ANSWER_DISALLOW = 2;

/**
 * @internal The decoded PREFERENCES section. Invariants (checked by {@link readPreferences}):
 * every offset lies in `bytes`; statement and answer indices are in range; a group's sources
 * are disjoint, ascending rule ranges. `matchers` holds, per merged group and kind, the
 * group's lines ready to match (usage-match.ts), built on the group's first check.
 */
export class PreferenceTables {
  constructor(
    readonly bytes: Uint8Array,
    readonly rules: Int32Array,
    readonly ruleCount: number,
    readonly statements: Int32Array,
    readonly answers: Int32Array,
    /** Per merged group: offset into `sources` and source count. */
    readonly groups: Int32Array,
    /** `firstRule, ruleCount` pairs. */
    readonly sources: Int32Array,
    /** Per merged group: 1 when it has Content-Usage rules, 2 Content-Signal, 3 both. */
    readonly kinds: Uint8Array,
  ) {
    this.matchers = new Array<PreferenceMatcher | null>(2 * kinds.length).fill(null);
    this.known = _knownAnswers(this, statements.length / _S_WORDS);
  }

  /** Per statement, its answers for the keys of `_KNOWN_KEYS` (4 per statement). */
  readonly known: Uint8Array;

  /** Per merged group `g` and kind `k`, at `2 * g + k`: its lines' matcher once a check built it. */
  readonly matchers: (PreferenceMatcher | null)[];
}

/** Tables of an artifact without preferences. */
export const NO_PREFERENCES = new PreferenceTables(
  new Uint8Array(0), new Int32Array(0), 0, new Int32Array(0), new Int32Array(0), new Int32Array(0), new Int32Array(0),
  new Uint8Array(0),
);

/** Throws the loader's typed error (load.ts passes it in: this module does not import load.ts). */
export type FailFunction = (code: 'bad-section' | 'bad-table', message: string) => never;

/** A bounds-checked reader of varints and byte strings over the section. */
class _Reader {
  constructor(
    readonly bytes: Uint8Array,
    public pos: number,
    readonly fail: FailFunction,
  ) {}

  lastLength = 0;

  v(what: string): number {
    const b = this.bytes;
    let x = 0;
    for (let shift = 0; shift < 35; shift += 7) {
      if (this.pos >= b.length) this.fail('bad-section', `${what}: the body ends inside a number`);
      const c = b[this.pos++] as number;
      x += (c & 0x7f) * 2 ** shift;
      if (c < 0x80) {
        if (x > 0x7fffffff) this.fail('bad-table', `${what}: ${x} does not fit 31 bits`);
        return x;
      }
    }
    return this.fail('bad-table', `${what}: a number longer than 5 bytes`);
  }

  count(what: string, minBytes: number): number {
    const n = this.v(what);
    if (n * minBytes > this.bytes.length - this.pos) this.fail('bad-table', `${what}: ${n} entries cannot fit the ${this.bytes.length - this.pos} bytes left`);
    return n;
  }

  s(what: string): number {
    const len = this.v(what);
    if (len > this.bytes.length - this.pos) this.fail('bad-table', `${what}: a ${len}-byte string overruns the artifact`);
    const off = this.pos;
    this.pos += len;
    this.lastLength = len;
    return off;
  }
}

/** Returns true for a byte RFC 9651 allows in a key (`[a-z0-9_.*-]`; the first `[a-z*]`). */
function _isKeyByte(c: number, first: boolean): boolean {
  if ((c >= 0x61 && c <= 0x7a) || c === 0x2a) return true;
  return !first && ((c >= 0x30 && c <= 0x39) || c === 0x5f || c === 0x2d || c === 0x2e);
}

/** Reads the statements and their answers. */
function _readStatements(r: _Reader): { statements: Int32Array; count: number; answers: Int32Array } {
  const count = r.count('preference statements', 2);
  const statements = new Int32Array(_S_WORDS * count);
  const answerList: number[] = [];
  for (let i = 0; i < count; i++) {
    const text = r.s('preference statement');
    const textLen = r.lastLength;
    statements[_S_WORDS * i] = text;
    statements[_S_WORDS * i + 1] = textLen;
    const n = r.count('preference answers', 3);
    statements[_S_WORDS * i + 2] = answerList.length / _A_WORDS;
    statements[_S_WORDS * i + 3] = n;
    let prevOff = -1;
    let prevLen = 0;
    for (let k = 0; k < n; k++) {
      const at = r.v('preference key offset');
      const len = r.v('preference key length');
      if (len === 0 || at > textLen || len > textLen - at) r.fail('bad-table', `statement ${i}: key ${at}+${len} outside its ${textLen}-byte text`);
      const off = text + at;
      for (let j = 0; j < len; j++) if (!_isKeyByte(r.bytes[off + j] as number, j === 0)) r.fail('bad-table', `statement ${i}: a key byte outside RFC 9651 keys`);
      if (prevOff >= 0 && compareByteRanges(r.bytes, prevOff, prevLen, off, len) >= 0) r.fail('bad-table', `statement ${i}: keys not strictly ascending`);
      const answer = r.v('preference answer');
      if (answer !== ANSWER_ALLOW && answer !== ANSWER_DISALLOW) r.fail('bad-table', `statement ${i}: answer ${answer}`);
      answerList.push(off, len, answer);
      prevOff = off;
      prevLen = len;
    }
  }
  return { statements, count, answers: Int32Array.from(answerList) };
}


/** Reads the rules; checks each body's matching form. */
function _readRules(r: _Reader, statementCount: number): { rules: Int32Array; count: number } {
  const count = r.count('preference rules', 6);
  const rules = new Int32Array(_RULE_WORDS * count);
  for (let i = 0; i < count; i++) {
    const rec = _RULE_WORDS * i;
    const line = r.v('preference line');
    if (line < 1) r.fail('bad-table', `preference rule ${i}: line 0`);
    const flags = r.v('preference flags');
    if (flags > 3) r.fail('bad-table', `preference rule ${i}: unknown flags ${flags}`);
    const priority = r.v('preference priority');
    const pathOff = r.s('preference path');
    const pathLen = r.lastLength;
    // 0: the body is the path as written; else its length + 1, then its bytes.
    const bodyStored = r.v('preference body');
    if (bodyStored - 1 > r.bytes.length - r.pos) r.fail('bad-table', `preference rule ${i}: a ${bodyStored - 1}-byte body overruns the artifact`);
    const bodyOff = bodyStored === 0 ? pathOff : r.pos;
    const bodyLen = bodyStored === 0 ? pathLen : bodyStored - 1;
    if (bodyStored > 0) r.pos += bodyLen;
    const b = r.bytes;
    if (bodyLen > 0 && b[bodyOff] !== 0x2f) r.fail('bad-table', `preference rule ${i}: the body does not start with '/'`);
    if (bodyLen > 0 && b[bodyOff + bodyLen - 1] === 0x2a) r.fail('bad-table', `preference rule ${i}: the body ends with '*'`);
    for (let k = 1; k < bodyLen; k++) if (b[bodyOff + k] === 0x2a && b[bodyOff + k - 1] === 0x2a) r.fail('bad-table', `preference rule ${i}: '**' in the body`);
    if (bodyLen === 0 && (flags & 2) !== 0) r.fail('bad-table', `preference rule ${i}: an anchored empty body`);
    if (priority < bodyLen) r.fail('bad-table', `preference rule ${i}: priority ${priority} below the body's ${bodyLen} bytes`);
    const statement = r.v('preference statement index');
    if (statement >= statementCount) r.fail('bad-table', `preference rule ${i}: statement ${statement} of ${statementCount}`);
    rules[rec + _R_LINE] = line;
    rules[rec + _R_KIND] = flags & 1;
    rules[rec + _R_ANCHORED] = flags >> 1;
    rules[rec + _R_PRIORITY] = priority;
    rules[rec + _R_BODY_OFF] = bodyOff;
    rules[rec + _R_BODY_LEN] = bodyLen;
    rules[rec + _R_STATEMENT] = statement;
    rules[rec + _R_PATH_OFF] = pathOff;
    rules[rec + _R_PATH_LEN] = pathLen;
  }
  return { rules, count };
}

/**
 * Reads, per merged group, its sources; checks that they are disjoint ascending rule ranges
 * whose rules are ordered as format.ts says (usage first, then priority descending).
 */
function _readGroups(r: _Reader, groupCount: number, rules: Int32Array, ruleCount: number): { groups: Int32Array; sources: Int32Array; kinds: Uint8Array } {
  const groups = new Int32Array(2 * groupCount);
  const kinds = new Uint8Array(groupCount);
  const sourceList: number[] = [];
  for (let g = 0; g < groupCount; g++) {
    const n = r.count('preference sources', 2);
    groups[2 * g] = sourceList.length / 2;
    groups[2 * g + 1] = n;
    let end = 0;
    for (let k = 0; k < n; k++) {
      const first = r.v('preference source first rule');
      const count = r.v('preference source rule count');
      if (first < end || first > ruleCount || count > ruleCount - first) r.fail('bad-table', `group ${g}: preference rules ${first}+${count} of ${ruleCount} overlap or overrun`);
      end = first + count;
      for (let id = first; id < end; id++) {
        const rec = _RULE_WORDS * id;
        kinds[g] = (kinds[g] as number) | ((rules[rec + _R_KIND] as number) === KIND_USAGE ? 1 : 2);
        if (id === first) continue;
        const prev = rec - _RULE_WORDS;
        const dk = (rules[rec + _R_KIND] as number) - (rules[prev + _R_KIND] as number);
        if (dk < 0 || (dk === 0 && (rules[rec + _R_PRIORITY] as number) > (rules[prev + _R_PRIORITY] as number))) {
          r.fail('bad-table', `group ${g}: preference rules ${id - 1} and ${id} out of order`);
        }
      }
      sourceList.push(first, count);
    }
  }
  return { groups, sources: Int32Array.from(sourceList), kinds };
}

/**
 * Validates and decodes the PREFERENCES section starting at `pos` of `bytes` for an artifact of
 * `groupCount` merged groups; returns the tables and the offset after the section. Throws
 * through `fail` (the loader's RobotsFormatError) for anything format.ts section 12 forbids.
 * O(section size).
 */
export function readPreferences(bytes: Uint8Array, pos: number, groupCount: number, fail: FailFunction): { tables: PreferenceTables; end: number } {
  const r = new _Reader(bytes, pos, fail);
  const st = _readStatements(r);
  const ru = _readRules(r, st.count);
  const gr = _readGroups(r, groupCount, ru.rules, ru.count);
  return { tables: new PreferenceTables(bytes, ru.rules, ru.count, st.statements, st.answers, gr.groups, gr.sources, gr.kinds), end: r.pos };
}

/** Returns the matcher of merged group `group`'s `kind` lines, building it on first use (allocates once, O(their bytes)). */
function _matcherOf(t: PreferenceTables, group: number, kind: number): PreferenceMatcher {
  const at = 2 * group + kind;
  const built = t.matchers[at];
  if (built !== null && built !== undefined) return built;
  const ids: number[] = [];
  const off: number[] = [];
  const len: number[] = [];
  const anchored: number[] = [];
  const first = t.groups[2 * group] as number;
  for (let k = first; k < first + (t.groups[2 * group + 1] as number); k++) {
    const lo = t.sources[2 * k] as number;
    for (let id = lo; id < lo + (t.sources[2 * k + 1] as number); id++) {
      const rec = _RULE_WORDS * id;
      if (t.rules[rec + _R_KIND] !== kind) continue;
      ids.push(rec);
      off.push(t.rules[rec + _R_BODY_OFF] as number);
      len.push(t.rules[rec + _R_BODY_LEN] as number);
      anchored.push(t.rules[rec + _R_ANCHORED] as number);
    }
  }
  const pm = new PreferenceMatcher(t.bytes, Int32Array.from(ids), off, len, anchored);
  t.matchers[at] = pm;
  return pm;
}

/** Returns, per statement and known key (`4 * statement + key index`), the statement's answer (ANSWER_*). O(answers). */
function _knownAnswers(t: { bytes: Uint8Array; statements: Int32Array; answers: Int32Array }, count: number): Uint8Array {
  const out = new Uint8Array(_KNOWN_KEYS.length * count);
  for (let s = 0; s < count; s++) {
    for (let k = 0; k < _KNOWN_KEYS.length; k++) out[_KNOWN_KEYS.length * s + k] = _answerOf(t, s, _KNOWN_KEYS[k] as string);
  }
  return out;
}

/** Returns true when `bytes[off, off + len)` spell the string `key` (ASCII). */
function _keyEquals(bytes: Uint8Array, off: number, len: number, key: string): boolean {
  if (len !== key.length) return false;
  for (let k = 0; k < len; k++) if (bytes[off + k] !== key.charCodeAt(k)) return false;
  return true;
}

/** Returns statement `s`'s answer for `key` (ANSWER_*). O(answers of the statement). */
function _answerOf(t: { bytes: Uint8Array; statements: Int32Array; answers: Int32Array }, s: number, key: string): number {
  const st = t.statements;
  const first = st[_S_WORDS * s + 2] as number;
  const n = st[_S_WORDS * s + 3] as number;
  const a = t.answers;
  for (let k = first; k < first + n; k++) {
    const rec = _A_WORDS * k;
    if (_keyEquals(t.bytes, a[rec] as number, a[rec + 1] as number, key)) return a[rec + 2] as number;
  }
  return ANSWER_UNKNOWN;
}

/** The fetch check a preference answer depends on (AgentRules#isAllowed). */
export interface AllowCheck {
  isAllowed(url: string): boolean;
}

/**
 * Returns the combined answer (ANSWER_*) of the `kind` rules of merged group `group` for `key`
 * at `url` (docs/semantics.md section 10): unknown when the group has no such rules or disallows
 * the URL; else among the matching rules of the greatest priority, any disallow gives disallow,
 * else any allow gives allow, else unknown. The lines are matched first (one pass over the
 * path, usage-match.ts) and `check.isAllowed` runs only when they give an answer. No allocation
 * after the group's first check; O(isAllowed + path x segment ends per byte + the group's
 * segments), never O(lines x path).
 */
export function answerPreference(t: PreferenceTables, group: number, kind: number, key: string, url: string, rfc: boolean, check: AllowCheck): number {
  // Invariant: readPreferences validated the tables; no allocation. Hot: run pnpm bench.
  if (group < 0 || ((t.kinds[group] as number) & (kind + 1)) === 0) return ANSWER_UNKNOWN;
  const pm = _matcherOf(t, group, kind);
  const n = matchPreferenceLines(pm, url, rfc);
  const rules = t.rules;
  const known = _knownKey(key);
  let best = -1;
  let acc = 0;
  for (let k = 0; k < n; k++) {
    const rec = pm.ids[pm.matched[k] as number] as number;
    const p = rules[rec + _R_PRIORITY] as number;
    if (p < best) continue;
    if (p > best) {
      best = p;
      acc = 0;
    }
    const st = rules[rec + _R_STATEMENT] as number;
    acc |= known >= 0 ? (t.known[_KNOWN_KEYS.length * st + known] as number) : _answerOf(t, st, key);
  }
  if (acc === 0 || !check.isAllowed(url)) return ANSWER_UNKNOWN;
  return (acc & ANSWER_DISALLOW) !== 0 ? ANSWER_DISALLOW : acc;
}

/** One Content-Usage or Content-Signal line that decides, for explanations. */
export interface PreferenceRuleInfo {
  /** 1-based line in the robots.txt. */
  readonly line: number;
  readonly kind: 'usage' | 'signal';
  /** The path as written ('' when the line has none: it applies to every path). */
  readonly path: string;
  /** The statement of preference as written (the raw dictionary). */
  readonly preference: string;
  /** Its explicit answers: key to allow (`true`) or disallow (`false`). */
  readonly answers: Readonly<Record<string, boolean>>;
}

/** Why a URL has the preferences it has, for one kind of line. */
export interface PreferenceExplanation {
  /** False when the group disallows the URL: then no preference applies. */
  readonly allowed: boolean;
  /** The matching lines of the greatest priority (the deciding ones), in line order. */
  readonly rules: readonly PreferenceRuleInfo[];
  /** Priority of those lines (octets of the path; 0 for lines without a path), -1 when none matches. */
  readonly priority: number;
  /** The combined answers per key (`y`/`n` for usage, `yes`/`no` for signal), every key the deciding lines answer. */
  readonly answers: Readonly<Record<string, string>>;
}

const _DECODER = new TextDecoder();

/**
 * Returns the explanation of the `kind` preferences of merged group `group` at `url`: the
 * deciding lines with their paths and raw dictionaries, and the combined answer of every key
 * they state. Not hot: allocates. Same bound as {@link answerPreference}.
 */
export function explainPreference(t: PreferenceTables, group: number, kind: number, url: string, rfc: boolean, check: AllowCheck): PreferenceExplanation {
  const allowed = check.isAllowed(url);
  const out: PreferenceRuleInfo[] = [];
  let best = -1;
  if (allowed && group >= 0 && group < t.kinds.length && ((t.kinds[group] as number) & (kind + 1)) !== 0) {
    const pm = _matcherOf(t, group, kind);
    const n = matchPreferenceLines(pm, url, rfc);
    for (let k = 0; k < n; k++) best = Math.max(best, t.rules[(pm.ids[pm.matched[k] as number] as number) + _R_PRIORITY] as number);
    for (let k = 0; k < n; k++) {
      const rec = pm.ids[pm.matched[k] as number] as number;
      if (t.rules[rec + _R_PRIORITY] === best) out.push(_ruleInfo(t, rec));
    }
  }
  out.sort((a, b) => a.line - b.line);
  const words = kind === KIND_USAGE ? ['y', 'n'] : ['yes', 'no'];
  const answers: Record<string, string> = {};
  for (const rule of out) {
    for (const [key, allow] of Object.entries(rule.answers)) {
      if (answers[key] !== words[1]) answers[key] = allow ? words[0]! : words[1]!;
    }
  }
  return { allowed, rules: out, priority: best, answers };
}

/** Returns the description of rule record `rec`. */
function _ruleInfo(t: PreferenceTables, rec: number): PreferenceRuleInfo {
  const r = t.rules;
  const b = t.bytes;
  const s = r[rec + _R_STATEMENT] as number;
  const text = (off: number, len: number): string => _DECODER.decode(b.subarray(off, off + len));
  const answers: Record<string, boolean> = {};
  const first = t.statements[_S_WORDS * s + 2] as number;
  for (let k = first; k < first + (t.statements[_S_WORDS * s + 3] as number); k++) {
    answers[text(t.answers[_A_WORDS * k] as number, t.answers[_A_WORDS * k + 1] as number)] = t.answers[_A_WORDS * k + 2] === ANSWER_ALLOW;
  }
  return {
    line: r[rec + _R_LINE] as number,
    kind: r[rec + _R_KIND] === KIND_USAGE ? 'usage' : 'signal',
    path: text(r[rec + _R_PATH_OFF] as number, r[rec + _R_PATH_LEN] as number),
    preference: text(t.statements[_S_WORDS * s] as number, t.statements[_S_WORDS * s + 1] as number),
    answers,
  };
}
