/**
 * Corpus differential check: every real robots.txt in test/fixtures/corpus/robots compiles, and for
 * URLs built from its own rules (hits, near misses, queries, escapes, non-ASCII) the runtime
 * agrees with the reference (verdict and deciding line). Sharded across test files so CI's
 * cores share the work.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { compileRobots } from '@robomata/compiler';
import { createReferenceMatcher } from '@robomata/reference';
import { verdictAllows, verdictRule } from '@robomata/runtime';
import { tierOf, tierTuning } from '@robomata/runtime/testing';

export const CORPUS_DIR = new URL('../fixtures/corpus/robots/', import.meta.url);
export const SHARDS = 4;

/** Returns the corpus file names of one shard (stable: by index in the sorted listing). */
export function corpusShard(shard: number): string[] {
  return readdirSync(CORPUS_DIR)
    .sort()
    .filter((_, i) => i % SHARDS === shard);
}

function _rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const _TAILS = ['', 'x', '/', '?a=1', '.html', '%7E', '%2f', 'é', 'ツ', '#frag', '$', '*'];

/** Returns URLs built from the file's own rule values, seeded by the file name. */
export function urlsFor(text: string, name: string, count: number): string[] {
  const values = [...text.matchAll(/^[ \t]*(?:dis)?allow[a-z]*[ \t]*:[ \t]*([^\r\n#]*)/gim)].map((m) => (m[1] ?? '').trim());
  let seed = 0;
  for (let i = 0; i < name.length; i++) seed = Math.imul(seed ^ name.charCodeAt(i), 0x01000193);
  const rand = _rng(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)] as T;
  const urls = ['/', '/robots.txt', `https://${name}/`, `http://${name}/index.html`];
  for (let k = 0; urls.length < count && values.length > 0 && k < count * 4; k++) {
    let v = pick(values).replace(/\$$/, '').replace(/\*/g, () => pick(['', 'a', 'x/y', '?q=', 'ツ']));
    if (!v.startsWith('/')) v = '/' + v;
    const r = rand();
    if (r < 0.2) v = v.slice(0, Math.max(1, v.length - 1));
    else if (r < 0.3) v = v.toUpperCase();
    v += pick(_TAILS);
    urls.push(rand() < 0.5 ? v : `https://${name}${v}`);
  }
  return urls;
}

/** Returns the agents to check a file with: its own first tokens, a global-fallback name, Googlebot. */
export function agentsFor(text: string): string[] {
  const tokens = [...text.matchAll(/^[ \t]*user-?agent[ \t]*:[ \t]*([A-Za-z_-]+)/gim)].map((m) => m[1] as string);
  return [...new Set([...tokens.slice(0, 3), 'robomata-unknown-bot', 'Googlebot'])];
}

/** A disagreement between runtime and reference. */
export interface Mismatch {
  readonly file: string;
  readonly agent: string;
  readonly url: string;
  readonly profile: string;
  readonly runtime: string;
  readonly reference: string;
}

/**
 * Checks one corpus file in one profile with each group on tier `tier` (0: tries and segment
 * scan; 1: its lazily built automaton from the first check); returns the mismatches, the
 * number of checks and how many of them the forced tier answered.
 */
export function checkCorpusFile(name: string, profile: 'rfc9309' | 'google', urlCount: number, tier: 0 | 1 = 0): { mismatches: Mismatch[]; checks: number; onTier: number } {
  const saved = tierTuning.threshold;
  tierTuning.threshold = tier === 1 ? 0 : Infinity;
  try {
    return _checkCorpusFile(name, profile, urlCount, tier);
  } finally {
    tierTuning.threshold = saved;
  }
}

function _checkCorpusFile(name: string, profile: 'rfc9309' | 'google', urlCount: number, tier: 0 | 1): { mismatches: Mismatch[]; checks: number; onTier: number } {
  const bytes = new Uint8Array(readFileSync(new URL(name, CORPUS_DIR)));
  const text = new TextDecoder().decode(bytes);
  const robots = compileRobots(bytes, { profile });
  const ref = createReferenceMatcher(bytes, { profile });
  const mismatches: Mismatch[] = [];
  let checks = 0;
  let onTier = 0;
  for (const agent of agentsFor(text)) {
    const rules = robots.agent(agent);
    // A group without rules (or no group) answers with no tier at all.
    const tiered = rules.groupIndex >= 0 && robots.describeGroup(rules.groupIndex).ruleIds.length > 0;
    for (const url of urlsFor(text, name, urlCount)) {
      const want = ref.decide(agent, url);
      const id = rules.decide(url);
      const line = id < 0 ? 0 : robots.rule(id).line;
      const allowed = rules.isAllowed(url);
      const v = rules.decideVerdict(url);
      checks++;
      // Groups past the automaton's NFA budget stay on tier 0 by design.
      if (!tiered || tierOf(rules).tier === tier) onTier++;
      if (allowed !== want.allowed || line !== want.line || verdictAllows(v) !== allowed || verdictRule(v) !== id) {
        mismatches.push({ file: name, agent, url, profile, runtime: `${allowed} line ${line} verdict ${verdictAllows(v)} rule ${verdictRule(v)} (decide ${id})`, reference: `${want.allowed} line ${want.line}` });
      }
    }
  }
  return { mismatches, checks, onTier };
}

/**
 * Registers the vitest test for one shard: every file compiles and agrees with the reference
 * (rfc9309 for every file, google for every 4th), failing with the first mismatches.
 */
export function defineCorpusShardTest(shard: number): void {
  it(`corpus shard ${shard}: every file compiles and agrees with the reference (rfc9309 on both tiers; google on every 4th file, alternating tiers)`, () => {
    const files = corpusShard(shard);
    let checks = 0;
    let onTier = 0;
    const mismatches: Mismatch[] = [];
    for (const [k, name] of files.entries()) {
      // Each file on both tiers.
      for (const tier of [0, 1] as const) {
        const a = checkCorpusFile(name, 'rfc9309', 12, tier);
        checks += a.checks;
        onTier += a.onTier;
        mismatches.push(...a.mismatches);
      }
      if (k % 4 === 0) {
        const b = checkCorpusFile(name, 'google', 8, k % 8 === 0 ? 1 : 0);
        checks += b.checks;
        onTier += b.onTier;
        mismatches.push(...b.mismatches);
      }
    }
    expect(files.length).toBeGreaterThan(1000);
    expect(checks).toBeGreaterThan(files.length * 10);
    // The forcing took effect: all but the checks of groups past the NFA budget (or with no rules).
    expect(onTier / checks).toBeGreaterThan(0.9);
    expect(mismatches.slice(0, 5)).toEqual([]);
  }, 600_000);
}
