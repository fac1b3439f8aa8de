// @robomata/reference: the plain, obviously-correct robots.txt matcher used as the oracle.

import { DEFAULT_MAX_BYTES, lowerAscii, parseGroups } from './parse.js';
import type { Group, Rule } from './parse.js';
import { canonicalize, escapePattern, indexHtmlPattern, matchPattern } from './match.js';
import { pathFromUrl } from './url.js';
import { isCategory, preferenceAnswer } from './usage.js';

export { DEFAULT_MAX_BYTES, MAX_LINE_BYTES } from './parse.js';

/** Matching profile: `rfc9309` (default, with normalisation) or `google` (Google's parser). */
export type Profile = 'rfc9309' | 'google';

/** Options of {@link isAllowed} and {@link decide}. */
export interface ReferenceOptions {
  /** Matching profile, `rfc9309` by default. */
  profile?: Profile;
  /** Bytes of the robots.txt read; the rest is ignored. Default {@link DEFAULT_MAX_BYTES}. */
  maxBytes?: number;
}

/** The verdict for one URL and the rule that decided it (line 0, kind 'none' if none did). */
export interface Decision {
  readonly allowed: boolean;
  readonly line: number;
  readonly kind: 'allow' | 'disallow' | 'none';
  /** The deciding rule's value as written (UTF-8 decoded), '' when no rule decided. */
  readonly pattern: string;
}

const NO_RULE: Decision = { allowed: true, line: 0, kind: 'none', pattern: '' };
const ROBOTS_TXT = '/robots.txt';

function _selectGroups(groups: Group[], userAgent: string): Group[] {
  const agent = lowerAscii(userAgent);
  const own = groups.filter((g) => g.agents.some((a) => !a.global && lowerAscii(a.token) === agent));
  return own.length > 0 ? own : groups.filter((g) => g.agents.some((a) => a.global));
}

function _selectRules(groups: Group[], userAgent: string): Rule[] {
  return _selectGroups(groups, userAgent).flatMap((g) => g.rules);
}

function _latin1(bytes: Uint8Array): string {
  let s = '';
  for (const b of bytes) s += String.fromCharCode(b);
  return s;
}

/** A robots.txt parsed once, answering for any crawler and URL (see {@link createReferenceMatcher}). */
export interface ReferenceMatcher {
  /** Returns the decision for `url` by crawler `userAgent` (same semantics as {@link decide}). */
  decide(userAgent: string, url: string): Decision;
  /** Returns whether crawler `userAgent` may fetch `url`. */
  isAllowed(userAgent: string, url: string): boolean;
  /** Returns the Content-Usage answer for `category` (docs/semantics.md section 10). */
  usage(userAgent: string, url: string, category: string): 'y' | 'n' | undefined;
  /** Returns the Content-Signal answer for `key` (docs/semantics.md section 10). */
  signal(userAgent: string, url: string, key: string): 'yes' | 'no' | undefined;
}

/**
 * Returns a matcher over `robotsTxt` parsed once: the same answers as {@link decide}, without
 * re-parsing the file per call (for differential tests and the benchmark baseline). Matching
 * stays the naive linear scan: O(rules x |path| x |pattern|) per call.
 */
export function createReferenceMatcher(robotsTxt: string | Uint8Array, options?: ReferenceOptions): ReferenceMatcher {
  const profile = options?.profile ?? 'rfc9309';
  const bytes = typeof robotsTxt === 'string' ? new TextEncoder().encode(robotsTxt) : robotsTxt;
  const groups = parseGroups(bytes, options?.maxBytes ?? DEFAULT_MAX_BYTES, profile);
  const decideOne = (userAgent: string, url: string): Decision => _decideParsed(groups, profile, userAgent, url);
  // A URL the group disallows has no preference (draft-ietf-aipref-attach-05).
  const answer = (userAgent: string, url: string, kind: 'content-usage' | 'content-signal', key: string): boolean | undefined => {
    if (!decideOne(userAgent, url).allowed) return undefined;
    const raw = pathFromUrl(url);
    const path = profile === 'google' ? raw : canonicalize(raw, false);
    return preferenceAnswer(_selectGroups(groups, userAgent), kind, key, path, profile);
  };
  return {
    decide: decideOne,
    isAllowed: (userAgent, url) => decideOne(userAgent, url).allowed,
    usage: (userAgent, url, category) => {
      if (!isCategory(category)) return undefined;
      const a = answer(userAgent, url, 'content-usage', category);
      return a === undefined ? undefined : a ? 'y' : 'n';
    },
    signal: (userAgent, url, key) => {
      const a = answer(userAgent, url, 'content-signal', key);
      return a === undefined ? undefined : a ? 'yes' : 'no';
    },
  };
}

function _decideParsed(groups: Group[], profile: Profile, userAgent: string, url: string): Decision {
  const rawPath = pathFromUrl(url);
  const path = profile === 'google' ? rawPath : canonicalize(rawPath, false);
  const text = _latin1(path);
  if (profile === 'rfc9309' && (text === ROBOTS_TXT || text.startsWith(`${ROBOTS_TXT}?`))) return NO_RULE;
  const best: Record<'allow' | 'disallow', { priority: number; rule: Rule | undefined }> = {
    allow: { priority: 0, rule: undefined },
    disallow: { priority: 0, rule: undefined },
  };
  for (const rule of _selectRules(groups, userAgent)) {
    const pattern = profile === 'google' ? escapePattern(rule.value) : canonicalize(rule.value, true);
    const candidates = [pattern];
    const derived = rule.allow ? indexHtmlPattern(pattern) : null;
    if (derived !== null) candidates.push(derived);
    const priority = Math.max(0, ...candidates.filter((c) => matchPattern(path, c)).map((c) => c.length));
    const slot = rule.allow ? best.allow : best.disallow;
    if (priority > slot.priority) {
      slot.priority = priority;
      slot.rule = rule;
    }
  }
  const winner = best.allow.priority >= best.disallow.priority ? best.allow.rule : best.disallow.rule;
  if (winner === undefined) return NO_RULE;
  return {
    allowed: winner.allow,
    line: winner.line,
    kind: winner.allow ? 'allow' : 'disallow',
    pattern: new TextDecoder().decode(winner.value),
  };
}

/**
 * Returns the decision for `url` by crawler `userAgent` under `robotsTxt`, with the deciding
 * rule (RFC 9309 sections 2.2.2 and 2.2.3; docs/semantics.md sections 1 to 7). `userAgent` is compared
 * verbatim (ASCII case-insensitively) with each group's product token: cut a full User-Agent
 * header down to its product token first if needed. A string robots.txt is UTF-8 encoded; bytes
 * past `maxBytes` are ignored. The longest matching pattern wins, an allow wins a tie, and among
 * equal rules of one kind the earliest line decides. O(|robots.txt| + rules x |path| x |pattern|).
 */
export function decide(
  robotsTxt: string | Uint8Array,
  userAgent: string,
  url: string,
  options?: ReferenceOptions,
): Decision {
  return createReferenceMatcher(robotsTxt, options).decide(userAgent, url);
}

/**
 * Returns whether crawler `userAgent` may fetch `url` under `robotsTxt` (see {@link decide}
 * for the semantics and complexity; RFC 9309 section 2.2).
 */
export function isAllowed(
  robotsTxt: string | Uint8Array,
  userAgent: string,
  url: string,
  options?: ReferenceOptions,
): boolean {
  return decide(robotsTxt, userAgent, url, options).allowed;
}
