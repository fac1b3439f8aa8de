/**
 * Stage 6b of the compiler: the Content-Usage and Content-Signal rules of every built merged
 * group to the PREFERENCES section of the artifact (`@robomata/runtime/format`, section 12),
 * in tables of their own so that allow/disallow matching never reads them.
 */
import type { Profile } from '@robomata/runtime/format';
import type { MergedGroups } from './merge-groups.js';
import { canonicalizePattern, simplifyPattern } from './normalize-pattern.js';
import type { ParsedRobots } from './parse.js';
import type { ParsedPreference } from './parse-preference.js';
import type { PartPlan } from './plan-parts.js';
import { compareBytes, sameBytes } from './build-trie.js';

const _ENCODER = new TextEncoder();


/** A preference rule in matching form. */
interface _Rule {
  readonly pref: ParsedPreference;
  readonly priority: number;
  readonly anchored: boolean;
  readonly body: Uint8Array;
  readonly statement: number;
}

/** Appends an unsigned LEB128 varint. */
function _v(out: number[], x: number): void {
  if (!(Number.isInteger(x) && x >= 0 && x <= 0x7fffffff)) throw new Error(`internal: varint ${x} out of range`);
  while (x >= 0x80) {
    out.push((x & 0x7f) | 0x80);
    x >>>= 7;
  }
  out.push(x);
}

/** Appends a byte string (length, then bytes). */
function _s(out: number[], bytes: Uint8Array): void {
  _v(out, bytes.length);
  for (let i = 0; i < bytes.length; i++) out.push(bytes[i]!);
}

/**
 * Returns the matching form of a preference path in the profile's form (docs/semantics.md
 * sections 4, 5, 7 and 10): the empty path matches every path with priority 0.
 */
function _matchForm(pref: ParsedPreference, profile: Profile): { priority: number; anchored: boolean; body: Uint8Array } {
  if (pref.escaped.length === 0) return { priority: 0, anchored: false, body: new Uint8Array(0) };
  const form = profile === 'rfc9309' ? canonicalizePattern(pref.escaped) : pref.escaped;
  // A path starts with '/', so simplifyPattern never refuses it.
  const simple = simplifyPattern(form, 'allow', pref.line, -1);
  if (simple === null) throw new Error(`internal: preference path of line ${pref.line} has no matching form`);
  return { priority: form.length, anchored: simple.anchored, body: simple.body };
}

/**
 * Orders the rules of one source: Content-Usage first, then longer first, then by matching form
 * (so that lines with the same path are adjacent and the runtime matches the path once), then
 * by line.
 */
function _compareRules(a: _Rule, b: _Rule): number {
  const ka = a.pref.kind === 'usage' ? 0 : 1;
  const kb = b.pref.kind === 'usage' ? 0 : 1;
  return ka - kb || b.priority - a.priority || compareBytes(a.body, b.body) || Number(a.anchored) - Number(b.anchored) ||
    a.pref.line - b.pref.line;
}

/** Returns the statement's key of a statement table: the text and its answers. */
function _statementKey(pref: ParsedPreference): string {
  return JSON.stringify([pref.preference, pref.answers]);
}

/**
 * Returns the PREFERENCES section bytes (format.ts section 12) for the built merged groups of
 * `plan`: the lines of every parsed group. Deterministic. O(preference lines + merged-group
 * sources), plus sorting each parsed group's lines.
 */
export function serializePreferences(parsed: ParsedRobots, merged: MergedGroups, plan: PartPlan, profile: Profile): Uint8Array {
  const out: number[] = [];
  const statements: ParsedPreference[] = [];
  const statementOf = new Map<string, number>();
  const rules: _Rule[] = [];
  const first: number[] = [];
  for (const group of parsed.groups) {
    first.push(rules.length);
    if (group.preferences.length === 0) continue;
    const own: _Rule[] = [];
    for (const pref of group.preferences) {
      const key = _statementKey(pref);
      let statement = statementOf.get(key);
      if (statement === undefined) {
        statement = statements.length;
        statements.push(pref);
        statementOf.set(key, statement);
      }
      own.push({ pref, statement, ..._matchForm(pref, profile) });
    }
    own.sort(_compareRules);
    for (const r of own) rules.push(r);
  }
  _v(out, statements.length);
  for (const st of statements) {
    _s(out, _ENCODER.encode(st.preference));
    const answers = [...st.answers].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
    _v(out, answers.length);
    for (const [key, allow] of answers) {
      // A parsed statement is ASCII and spells each of its keys: name the key by its offset.
      const at = st.preference.indexOf(key);
      if (at < 0) throw new Error(`internal: key ${key} not in its statement`);
      _v(out, at);
      _v(out, key.length);
      _v(out, allow ? 1 : 2);
    }
  }
  _v(out, rules.length);
  for (const r of rules) {
    _v(out, r.pref.line);
    _v(out, (r.pref.kind === 'usage' ? 0 : 1) | (r.anchored ? 2 : 0));
    _v(out, r.priority);
    _s(out, r.pref.rawPath);
    // 0: the body is the path as written (the usual case); else its length + 1 and its bytes.
    if (sameBytes(r.body, r.pref.rawPath)) _v(out, 0);
    else {
      _v(out, r.body.length + 1);
      for (let i = 0; i < r.body.length; i++) out.push(r.body[i]!);
    }
    _v(out, r.statement);
  }
  plan.groups.forEach((g, k) => {
    const group = merged.groups[g]!;
    if (plan.built[k] !== 1) {
      _v(out, 0);
      return;
    }
    const sources = group.sources.filter((src) => parsed.groups[src]!.preferences.length > 0);
    _v(out, sources.length);
    for (const src of sources) {
      _v(out, first[src]!);
      _v(out, parsed.groups[src]!.preferences.length);
    }
  });
  return new Uint8Array(out);
}
