// AI preferences (docs/semantics.md section 10), written for clarity: Content-Usage and
// Content-Signal lines of the selected group, matched like Allow/Disallow and combined.

import { parseDictionary, Token } from 'structured-headers';
import type { Group, PreferenceLine } from './parse.js';
import { canonicalize, escapePattern, matchPattern } from './match.js';

/** The vocabulary's categories (draft-ietf-aipref-vocab-07 section 6.1). */
const CATEGORIES = ['train-ai', 'search'];

/** Splits a rule value into path and statement (draft-ietf-aipref-attach-05, "Processing Content-Usage Rules"). */
export function splitValue(value: Uint8Array): { path: Uint8Array; statement: string } {
  const text = (bytes: Uint8Array): string => new TextDecoder().decode(bytes);
  if (value[0] !== 0x2f) return { path: new Uint8Array(0), statement: text(value) };
  let end = 0;
  while (end < value.length && value[end] !== 0x20 && value[end] !== 0x09) end++;
  let start = end;
  while (start < value.length && (value[start] === 0x20 || value[start] === 0x09)) start++;
  return { path: value.subarray(0, end), statement: text(value.subarray(start)) };
}

/** Returns the statement's Token value for `key`, or undefined (parse failure, no key, not a Token). */
export function tokenOf(statement: string, key: string): string | undefined {
  let dict;
  try {
    dict = parseDictionary(statement);
  } catch {
    return undefined;
  }
  const value = dict.get(key)?.[0];
  return value instanceof Token ? value.toString() : undefined;
}

/**
 * Returns the combined answer of the `kind` lines of `groups` for `key` at `path` (already in
 * the profile's form): among the matching lines of the longest path, any disallow word gives
 * it, else any allow word, else undefined. O(lines x |path| x |pattern|).
 */
export function preferenceAnswer(
  groups: Group[],
  kind: PreferenceLine['kind'],
  key: string,
  path: Uint8Array,
  profile: 'rfc9309' | 'google',
): boolean | undefined {
  const [yes, no] = kind === 'content-usage' ? ['y', 'n'] : ['yes', 'no'];
  let best = -1;
  let words: (string | undefined)[] = [];
  for (const line of groups.flatMap((g) => g.preferences).filter((p) => p.kind === kind)) {
    const split = splitValue(line.value);
    const pattern = profile === 'google' ? escapePattern(split.path) : canonicalize(split.path, true);
    if (!matchPattern(path, pattern)) continue;
    if (pattern.length > best) {
      best = pattern.length;
      words = [];
    }
    if (pattern.length === best) words.push(tokenOf(split.statement, key));
  }
  if (words.includes(no)) return false;
  if (words.includes(yes)) return true;
  return undefined;
}

/** Returns whether `category` is one the vocabulary defines (others are ignored: undefined). */
export function isCategory(category: string): boolean {
  return CATEGORIES.includes(category);
}
