/**
 * Pattern forms for stage 4 (build-parts.ts): escaped allow/disallow values to the profile's
 * pattern form, their priorities, and the simplified matching form the tries are built from (docs/semantics.md sections
 * 4, 5 and 7; RFC 9309 sections 2.2.2 and 2.2.3).
 */
import { isUnreservedByte, type Profile } from '@robomata/runtime/format';
import { SHAPE_ANY, SHAPE_HIGH, SHAPE_INNER_DOLLAR, SHAPE_PERCENT, SHAPE_STAR, isHexDigit, upperHexDigit, type RuleKind } from './parse.js';

/** Byte value that stands for the `*` wildcard in a pattern body (a literal `*` cannot occur). */
export const WILDCARD = 0x2a;
const _DOLLAR = 0x24;
const _PERCENT = 0x25;
const _SLASH = 0x2f;
const _HEX = '0123456789ABCDEF';
/** `index.htm` as bytes (docs/semantics.md section 5, the index.html rule). */
const _INDEX_HTM = [0x69, 0x6e, 0x64, 0x65, 0x78, 0x2e, 0x68, 0x74, 0x6d];

/**
 * A pattern in matching form.
 *
 * Invariants: `body` holds no run of two wildcards and does not end with a wildcard; it is
 * empty or starts with `/` or a wildcard; `priority` is the octet length of the profile's
 * pattern form before simplification (a final `$` included).
 */
export interface MatchPattern {
  /** Pattern bytes; {@link WILDCARD} is `*`. */
  readonly body: Uint8Array;
  /** True when the pattern ended with `$` (matches the whole path only). */
  readonly anchored: boolean;
  /** Octets of the profile's pattern form (docs/semantics.md sections 5 and 7). */
  readonly priority: number;
  readonly kind: RuleKind;
  /** Line of the rule (1-based). */
  readonly line: number;
  /** Rule id reported by `decide` (the runtime applies the rfc9309 `/robots.txt` allow itself; it is no pattern). */
  readonly ruleId: number;
  /**
   * True when this is an allow rule's derived index.html pattern rather than its own
   * (docs/semantics.md section 5; the artifact's per-rank mark, format.ts RANKS).
   */
  readonly companion: boolean;
  /** Bytes of `body` before its first wildcard (all of it for a literal pattern). */
  readonly head: number;
}

function _isHex(b: number | undefined): boolean {
  return b !== undefined && isHexDigit(b);
}

/** True for `0-9` and `A-F`: a hex digit already in canonical (upper) case. */
function _isUpperHex(b: number | undefined): boolean {
  return b !== undefined && isHexDigit(b) && upperHexDigit(b) === b;
}

function _hexValue(b: number): number {
  return b <= 0x39 ? b - 0x30 : (b | 0x20) - 0x57;
}

/** The unreserved set of the rfc9309 canonical form, defined once in the runtime's contract. */
export { isUnreservedByte };

/** Writes `%XX` of byte `b` at `out[o]`; returns the index after it. */
function _writeEscape(out: Uint8Array, o: number, b: number): number {
  out[o] = _PERCENT;
  out[o + 1] = _HEX.charCodeAt(b >> 4);
  out[o + 2] = _HEX.charCodeAt(b & 15);
  return o + 3;
}

/**
 * Returns the rfc9309 canonical form of an escaped pattern (docs/semantics.md section 7): `%XX` of an
 * unreserved byte decoded, other `%xx` upper-cased, bytes >= 0x80 percent-encoded, a non-final
 * `$` written `%24`; the wildcard and a final `$` are kept. O(n).
 */
export function canonicalizePattern(escaped: Uint8Array): Uint8Array {
  const n = escaped.length;
  // Most patterns are already canonical (parse.ts escaped them: upper-case hex, no byte >= 0x80;
  // a `%XX` of a reserved byte stays): return them as they are. Else the pass has counted the
  // form's bytes: one array of the exact size, no copy cut from a larger one.
  let plain = true;
  let size = 0;
  for (let i = 0; i < n; i++) {
    const b = escaped[i] as number;
    if (b === _PERCENT && _isHex(escaped[i + 1]) && _isHex(escaped[i + 2])) {
      // Lower-case hex is upper-cased and an unreserved byte decoded: not plain.
      const unreserved = isUnreservedByte((_hexValue(escaped[i + 1] as number) << 4) | _hexValue(escaped[i + 2] as number));
      if (unreserved || !_isUpperHex(escaped[i + 1]) || !_isUpperHex(escaped[i + 2])) plain = false;
      size += unreserved ? 1 : 3;
      i += 2;
    } else if (b >= 0x80 || (b === _DOLLAR && i !== n - 1)) {
      plain = false;
      size += 3;
    } else size++;
  }
  if (plain) return escaped;
  const out = new Uint8Array(size);
  let o = 0;
  for (let i = 0; i < n; i++) {
    const b = escaped[i] as number;
    if (b === _PERCENT && _isHex(escaped[i + 1]) && _isHex(escaped[i + 2])) {
      const v = (_hexValue(escaped[i + 1] as number) << 4) | _hexValue(escaped[i + 2] as number);
      if (isUnreservedByte(v)) out[o++] = v;
      else o = _writeEscape(out, o, v);
      i += 2;
    } else if (b >= 0x80 || (b === _DOLLAR && i !== n - 1)) {
      o = _writeEscape(out, o, b);
    } else {
      out[o++] = b;
    }
  }
  return out;
}

/**
 * Returns the index.html companion of an allow pattern in profile form (docs/semantics.md section 5):
 * the pattern cut after its last `/` plus `$` when the part after that `/` starts with
 * `index.htm`, else null.
 */
export function deriveIndexHtmlPattern(form: Uint8Array): Uint8Array | null {
  const slash = _indexHtmSlash(form);
  if (slash < 0) return null;
  const out = _copyPrefix(form, slash + 1, slash + 2);
  out[slash + 1] = _DOLLAR;
  return out;
}

/** Returns a new array of `size` bytes whose first `n` (at most `size`) are `form`'s first `n`. O(size). */
function _copyPrefix(form: Uint8Array, n: number, size: number): Uint8Array {
  const out = new Uint8Array(size);
  // A loop, not set(subarray): subarray looks up a species constructor on every call.
  for (let k = 0; k < n; k++) out[k] = form[k] as number;
  return out;
}

/** Returns the offset of the last `/` of `form` when `index.htm` follows it, else -1. */
function _indexHtmSlash(form: Uint8Array): number {
  // A loop, not TypedArray#lastIndexOf (a builtin call per allow rule).
  let slash = form.length - 1;
  while (slash >= 0 && form[slash] !== _SLASH) slash--;
  if (slash < 0 || form.length - slash - 1 < _INDEX_HTM.length) return -1;
  for (let k = 0; k < _INDEX_HTM.length; k++) {
    if (form[slash + 1 + k] !== _INDEX_HTM[k]) return -1;
  }
  return slash;
}

/**
 * Returns the matching form of a pattern in profile form, or null when it can never decide
 * anything: an empty value (priority 0), or a non-empty pattern that cannot match a path
 * (it does not start with `/` or `*`; `$` alone). Runs of `*` collapse, trailing `*` (and `*$`)
 * are dropped: neither changes what matches. The priority is that of the unsimplified form.
 */
export function simplifyPattern(
  form: Uint8Array,
  kind: RuleKind,
  line: number,
  ruleId: number,
  companion = false,
  star = true,
): MatchPattern | null {
  if (form.length === 0) return null;
  const priority = form.length;
  let end = form.length;
  let anchored = false;
  if (form[end - 1] === _DOLLAR) {
    anchored = true;
    end--;
  }
  // Without `**` and a trailing `*` the body is the form itself (less a final `$`); `star`
  // false (the parse saw none): no scan for them.
  const found = star ? _firstWildcard(form, end) : end;
  const head = found < 0 ? ~found : found;
  if (!star || (found >= 0 && (end === 0 || form[end - 1] !== WILDCARD))) {
    if (end === 0 ? anchored : !_startsPath(form)) return null;
    // The view constructor, not subarray (which looks up a species constructor on every call).
    const body = end === form.length ? form : new Uint8Array(form.buffer, form.byteOffset, end);
    return { body, anchored, priority, kind, line, ruleId, companion, head };
  }
  // Trailing `*`s (and a `$` after them) change nothing: cut them, then collapse runs of `*`
  // into an array of the exact size (one allocation; refused patterns none).
  let e = end;
  while (e > 0 && form[e - 1] === WILDCARD) e--;
  if (e < end) anchored = false;
  if (found >= 0) {
    // No `**` anywhere and one `*` at the end (10% of the median files' rules): one copy of the
    // form's first `e` bytes, no count or collapse pass (appendPatternsOfRule A/B: see commit).
    // The first `*` is at or before the cut (head <= e), and a form cut to nothing starts with `*`.
    if (!_startsPath(form)) return null;
    return { body: _copyPrefix(form, e, e), anchored, priority, kind, line, ruleId, companion, head };
  }
  let o = 0;
  for (let i = 0; i < e; i++) if (!(form[i] === WILDCARD && i > 0 && form[i - 1] === WILDCARD)) o++;
  if (o === 0 ? anchored : !_startsPath(form)) return null;
  const out = new Uint8Array(o);
  // The first `*` keeps its offset (no `*` before it to collapse) unless the cut took it.
  const outHead = head < e ? head : o;
  o = 0;
  for (let i = 0; i < e; i++) if (!(form[i] === WILDCARD && i > 0 && form[i - 1] === WILDCARD)) out[o++] = form[i] as number;
  return { body: out, anchored, priority, kind, line, ruleId, companion, head: outHead };
}

/**
 * Returns the offset of the first `*` in form[0, end) (`end` when there is none), or that
 * offset's bitwise complement (negative) once a run of `*` follows it: the head a simplified
 * pattern keeps, and whether runs need collapsing. O(end).
 */
function _firstWildcard(form: Uint8Array, end: number): number {
  let head = end;
  for (let i = 0; i < end; i++) {
    if (form[i] !== WILDCARD) continue;
    if (head === end) head = i;
    else if (form[i - 1] === WILDCARD) return ~head;
  }
  return head;
}

/** Returns whether a non-empty form can match a path: it starts with `/` or `*`. O(1). */
function _startsPath(form: Uint8Array): boolean {
  const first = form[0];
  return first === _SLASH || first === WILDCARD;
}

/** One allow/disallow rule as the pattern stage needs it. */
export interface PatternSource {
  readonly kind: RuleKind;
  readonly line: number;
  readonly ruleId: number;
  /** docs/semantics.md section 4 escaped value. */
  readonly escaped: Uint8Array;
  /** @internal The parse's ParsedRule.shape of the value; absent: any (every scan done). */
  readonly shape?: number;
}

/**
 * Returns the patterns one rule contributes in matching form: its own and, for an allow, its
 * index.html companion (docs/semantics.md section 5; marked `companion`); none when it can
 * never decide. O(pattern).
 */
export function patternsOfRule(rule: PatternSource, profile: Profile): MatchPattern[] {
  const out: MatchPattern[] = [];
  appendPatternsOfRule(rule, rule.ruleId, profile, out);
  return out;
}

/**
 * Appends {@link patternsOfRule}'s patterns of rule `ruleId` to `out` (the compiler's one
 * road from a rule to its patterns: no array per rule). O(pattern).
 */
export function appendPatternsOfRule(rule: Pick<PatternSource, 'kind' | 'line' | 'escaped' | 'shape'>, ruleId: number, profile: Profile, out: MatchPattern[]): void {
  // The parse's findings skip the scans they settle: no `%`, byte >= 0x80 or inner `$` is
  // canonical already; no `*` needs no collapsing and has no head to find.
  const shape = rule.shape ?? SHAPE_ANY;
  const canonical = profile === 'rfc9309' && (shape & (SHAPE_PERCENT | SHAPE_HIGH | SHAPE_INNER_DOLLAR)) !== 0;
  const form = canonical ? canonicalizePattern(rule.escaped) : rule.escaped;
  const star = (shape & SHAPE_STAR) !== 0;
  const own = simplifyPattern(form, rule.kind, rule.line, ruleId, false, star);
  if (own !== null) out.push(own);
  if (rule.kind !== 'allow') return;
  const companion = _companionOf(form, rule.line, ruleId, star);
  if (companion !== null) out.push(companion);
}

/**
 * Returns simplifyPattern(deriveIndexHtmlPattern(form)) for an allow rule's form: without a run
 * of `*`, the body written straight into an array of its own (a view of a small derived array
 * cut off its `$` moved that array's bytes off the heap: 3% of a CPU profile of a 17-rule file).
 */
function _companionOf(form: Uint8Array, line: number, ruleId: number, star: boolean): MatchPattern | null {
  const slash = _indexHtmSlash(form);
  if (slash < 0) return null;
  if (!_startsPath(form)) return null;
  const head = star ? _firstWildcard(form, slash + 1) : slash + 1;
  if (head < 0) return simplifyPattern(deriveIndexHtmlPattern(form) as Uint8Array, 'allow', line, ruleId, true);
  return { body: _copyPrefix(form, slash + 1, slash + 1), anchored: true, priority: slash + 2, kind: 'allow', line, ruleId, companion: true, head };
}
