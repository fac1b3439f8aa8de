/**
 * Stage 1b of the compiler: the value of a `Content-Usage` line (draft-ietf-aipref-attach-05,
 * "Processing Content-Usage Rules") or a `Content-Signal` line (contentsignals.org) to its path
 * and statement of preference, the statement parsed as an RFC 9651 Dictionary by the
 * `structured-headers` package and read as draft-ietf-aipref-vocab-07 section 6.5 says
 * (docs/semantics.md section 10).
 */
import { ParseError, Token, parseDictionary } from 'structured-headers';

/** Which line a preference came from: `Content-Usage` (`y`/`n`) or `Content-Signal` (`yes`/`no`). */
export type PreferenceKind = 'usage' | 'signal';

/** One Content-Usage or Content-Signal line of a group. */
export interface ParsedPreference {
  /** 1-based line number. */
  readonly line: number;
  readonly kind: PreferenceKind;
  /** The path as written ('' when absent: the rule applies to every path with a match of length 0). */
  readonly path: string;
  /** The path's raw bytes as written. */
  readonly rawPath: Uint8Array;
  /** docs/semantics.md section 4 escaping of rawPath, as for Allow/Disallow. */
  readonly escaped: Uint8Array;
  /** The statement of preference as written (after the path and its SP/HTAB separator). */
  readonly preference: string;
  /** False when the statement is not an RFC 9651 Dictionary: every answer is unknown. */
  readonly parsed: boolean;
  /**
   * Keys with an explicit answer, in dictionary order: `true` allow, `false` disallow. A key's
   * last value wins (RFC 9651 section 4.2.2); only Tokens `y`/`n` (usage) or `yes`/`no` (signal)
   * count, parameters are ignored.
   */
  readonly answers: readonly (readonly [string, boolean])[];
}

/** A lint finding about a preference line, before the line number and severity are added. */
export interface PreferenceFinding {
  readonly severity: 'warning' | 'info';
  readonly code: PreferenceDiagnosticCode;
  readonly message: string;
}

/** Diagnostic codes of preference lines. */
export type PreferenceDiagnosticCode =
  | 'unparseable-preference'
  | 'uppercase-preference-key'
  | 'retired-category'
  | 'wrong-answer-word'
  | 'unknown-preference-value'
  | 'preference-path'
  | 'empty-preference';

/** The vocabulary's categories (draft-ietf-aipref-vocab-07 section 6.1). */
export const USAGE_CATEGORIES: readonly string[] = ['train-ai', 'search'];

/** The Content Signals Policy's keys (contentsignals.org, September 2025). */
export const SIGNAL_KEYS: readonly string[] = ['search', 'ai-input', 'ai-train'];

/** Categories of earlier aipref drafts that vocab-07 no longer defines (a lint warning). */
export const RETIRED_CATEGORIES: ReadonlySet<string> = new Set([
  'bots', 'train-genai', 'ai-use', 'genai', 'tdm', 'ai', 'inference', 'all', 'ai-output',
]);

/** Longest statement quoted in a message. */
const _QUOTE_MAX = 60;

function _quote(text: string): string {
  const cut = text.length > _QUOTE_MAX ? `${text.slice(0, _QUOTE_MAX)}...` : text;
  return cut.replace(/[\x00-\x1f\x7f]/g, (c) => `\\x${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`);
}

function _isBlank(b: number): boolean {
  return b === 0x20 || b === 0x09;
}

/**
 * Returns the split of a rule value (bytes `[vs, ve)` of `bytes`, comment cut and trimmed)
 * into path and statement: a value starting with `/` carries a path up to the first SP/HTAB,
 * and the statement follows the SP/HTAB run; any other value is all statement (attach-05,
 * "Processing Content-Usage Rules"). O(n).
 */
export function splitPreferenceValue(bytes: Uint8Array, vs: number, ve: number): { pathEnd: number; prefStart: number } {
  if (vs >= ve || bytes[vs] !== 0x2f) return { pathEnd: vs, prefStart: vs };
  let p = vs;
  while (p < ve && !_isBlank(bytes[p]!)) p++;
  let q = p;
  while (q < ve && _isBlank(bytes[q]!)) q++;
  return { pathEnd: p, prefStart: q };
}

/** The answer words of each kind: allow, disallow. */
const _WORDS: Record<PreferenceKind, readonly [string, string]> = { usage: ['y', 'n'], signal: ['yes', 'no'] };

/**
 * Returns the answers a statement of preference gives and its lint findings
 * (draft-ietf-aipref-vocab-07 sections 6.5 and 6.5.1): an RFC 9651 Dictionary whose Token values
 * `y`/`n` (`yes`/`no` for Content-Signal) allow or disallow a key; any other value states no
 * preference; a parse failure (uppercase keys included) makes every answer unknown.
 * `lint` false (the compile-only parse): the same answers and no findings, none of their work
 * done. O(n) plus the parser's own linear work.
 */
export function readPreference(
  kind: PreferenceKind,
  text: string,
  lint = true,
): { parsed: boolean; answers: (readonly [string, boolean])[]; findings: PreferenceFinding[] } {
  const findings: PreferenceFinding[] = [];
  const label = kind === 'usage' ? 'Content-Usage' : 'Content-Signal';
  let dict: ReturnType<typeof parseDictionary>;
  try {
    dict = parseDictionary(text);
  } catch (e) {
    if (!(e instanceof ParseError) && !(e instanceof Error)) throw e;
    // The finding parses the statement again (lower-cased): only a linting caller pays for it.
    if (lint) findings.push(_parseFailure(label, text));
    return { parsed: false, answers: [], findings };
  }
  const answers = _answersOf(kind, dict);
  if (lint) _lintStatement(kind, label, dict, findings);
  return { parsed: true, answers, findings };
}

/** Appends the findings of a parsed statement: no preference stated, retired categories, answers that are not the kind's words. */
function _lintStatement(kind: PreferenceKind, label: string, dict: ReturnType<typeof parseDictionary>, findings: PreferenceFinding[]): void {
  if (dict.size === 0) {
    findings.push({ severity: 'warning', code: 'empty-preference', message: `the ${label} line states no preference` });
  }
  const [yes, no] = _WORDS[kind];
  const [otherYes, otherNo] = _WORDS[kind === 'usage' ? 'signal' : 'usage'];
  for (const [key, [value]] of dict) {
    if (kind === 'usage' && RETIRED_CATEGORIES.has(key)) {
      findings.push({
        severity: 'warning',
        code: 'retired-category',
        message: `'${_quote(key)}' is a category of earlier AI-preferences drafts that draft-ietf-aipref-vocab-07 no longer defines; it is ignored (use train-ai or search)`,
      });
    }
    const word = value instanceof Token ? value.toString() : undefined;
    if (word === yes || word === no) continue;
    if (word === otherYes || word === otherNo) {
      findings.push({
        severity: 'warning',
        code: 'wrong-answer-word',
        message: `${label} answers are ${yes}/${no}, not ${otherYes}/${otherNo}: '${_quote(key)}=${word}' states no preference`,
      });
    } else {
      findings.push({
        severity: 'info',
        code: 'unknown-preference-value',
        message: `'${_quote(key)}' has no ${yes}/${no} token value, so it states no preference`,
      });
    }
  }
}

/** Returns the answers of a parsed statement (the kind's allow and disallow words; any other value states none). */
function _answersOf(kind: PreferenceKind, dict: ReturnType<typeof parseDictionary>): (readonly [string, boolean])[] {
  const words = _WORDS[kind];
  const yes = words[0];
  const no = words[1];
  const answers: (readonly [string, boolean])[] = [];
  // forEach, not for..of with destructuring (an iterator per entry, unoptimised in a fresh process).
  dict.forEach((item, key) => {
    const value = item[0];
    const word = value instanceof Token ? value.toString() : undefined;
    if (word === yes || word === no) answers.push([key, word === yes]);
  });
  return answers;
}

/** Returns the finding for a statement that does not parse (uppercase keys get their own code). */
function _parseFailure(label: string, text: string): PreferenceFinding {
  let lowerParses = false;
  if (/[A-Z]/.test(text)) {
    try {
      parseDictionary(text.toLowerCase());
      lowerParses = true;
    } catch {
      lowerParses = false;
    }
  }
  if (lowerParses) {
    return {
      severity: 'warning',
      code: 'uppercase-preference-key',
      message: `the ${label} preference '${_quote(text)}' has uppercase letters: keys and tokens are case-sensitive, so it does not parse and every preference of the line is unknown`,
    };
  }
  return {
    severity: 'warning',
    code: 'unparseable-preference',
    message: `the ${label} preference '${_quote(text)}' is not an RFC 9651 dictionary (such as 'train-ai=n, search=y'), so every preference of the line is unknown`,
  };
}

/**
 * Returns the lint finding for a statement whose first word looks like a path that does not
 * start with `/` (such as `*.pdf train-ai=n` or `images/ train-ai=n`), else undefined: such a
 * value has no path, and all of it is read as the statement.
 */
export function checkPreferencePath(kind: PreferenceKind, text: string): PreferenceFinding | undefined {
  const m = /^([^\s]+)[ \t]+\S/.exec(text);
  if (m === null) return undefined;
  const first = m[1]!;
  if (!(first.startsWith('*') || first.includes('/') || first.startsWith('$'))) return undefined;
  const label = kind === 'usage' ? 'Content-Usage' : 'Content-Signal';
  return {
    severity: 'warning',
    code: 'preference-path',
    message: `the ${label} path '${_quote(first)}' does not start with '/': the value has no path and all of it is read as the preference`,
  };
}

/** Keys compared to find near misses of `content-usage` and `content-signal`. */
const _PREFERENCE_KEYS: readonly string[] = ['content-usage', 'content-signal'];

/**
 * Returns the key a near miss stands for (`Content_Usage`, `Content-Usages`, `ContentSignal`),
 * or undefined: a lower-cased key at edit distance 1 or 2 from `content-usage` or
 * `content-signal`, or equal to one once `-`, `_` and spaces are removed. O(|key|) (keys longer
 * than 24 bytes are not compared).
 */
export function nearMissPreferenceKey(lowerKey: string): string | undefined {
  // Within distance 2 of a 13- or 14-byte key, or equal to one squashed (12 or 13 bytes plus separators).
  if (lowerKey.length > 24 || lowerKey.length < 11) return undefined;
  if (lowerKey.length > 16 && !(lowerKey.includes('-') || lowerKey.includes('_') || lowerKey.includes(' '))) return undefined;
  const squashed = lowerKey.replace(/[-_ ]/g, '');
  for (const key of _PREFERENCE_KEYS) {
    if (lowerKey === key) return undefined;
    if (squashed === key.replace('-', '') || _withinTwoEdits(lowerKey, key)) return key;
  }
  return undefined;
}

/** Two rows of the edit-distance table of {@link _withinTwoEdits} (keys are at most 24 bytes). */
const _ROW_A = new Int32Array(32);
const _ROW_B = new Int32Array(32);

/**
 * Returns true when the Levenshtein distance of `a` and `b` is at most 2: lengths more than 2
 * apart never are, and a row whose least entry passes 2 ends the table. O(|a| |b|), no allocation.
 */
function _withinTwoEdits(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 2 || b.length >= _ROW_A.length) return false;
  let prev = _ROW_A;
  let cur = _ROW_B;
  for (let j = 0; j <= b.length; j++) prev[j] = j;
  for (let i = 1; i <= a.length; i++) {
    cur[0] = i;
    let least = i;
    for (let j = 1; j <= b.length; j++) {
      const v = Math.min((prev[j] as number) + 1, (cur[j - 1] as number) + 1, (prev[j - 1] as number) + (a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1));
      cur[j] = v;
      if (v < least) least = v;
    }
    if (least > 2) return false;
    const t = prev;
    prev = cur;
    cur = t;
  }
  return (prev[b.length] as number) <= 2;
}

