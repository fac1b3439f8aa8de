// Stage 4 (build-automaton.ts): structural invariants of the hybrid automaton (settled levels,
// transition targets, frontiers, minimisation, byte classes, the shared-part cache) and the
// answers of its DFA, walked here by a small independent interpreter of the comb tables.
import { describe, expect, it } from 'vitest';
import { NO_RANK } from '@robomata/runtime';
import { DEFAULT_STATE_CAP, buildAutomaton, type BuiltPart } from '../src/build-automaton.js';
import { compileWithReport } from '../src/compile.js';
import { normalizeGroupPatterns, type MatchPattern } from '../src/normalize-pattern.js';
import { parseRobotsTxt } from '../src/parse.js';

type Profile = 'rfc9309' | 'google';

/** Patterns (rank order) of the first group of `User-agent: *` followed by `rules`. */
function patternsOf(rules: string, profile: Profile = 'google'): MatchPattern[] {
  const parsed = parseRobotsTxt(`User-agent: *\n${rules}\n`);
  let id = 0;
  const sources = (parsed.groups[0]?.rules ?? []).map((r) => ({ kind: r.kind, line: r.line, ruleId: id++, escaped: r.escaped }));
  return normalizeGroupPatterns(sources, profile);
}

function partOf(rules: string, profile: Profile = 'google', stateCap?: number, minimize = false): BuiltPart {
  const built = buildAutomaton(patternsOf(rules, profile), stateCap === undefined ? { minimize } : { stateCap, minimize });
  if (built.part === null) throw new Error('no part');
  return built.part;
}

/** True when `t` is a valid transition target: a state or a frontier. */
function isTarget(p: BuiltPart, t: number): boolean {
  return (t >= 0 && t < p.stateCount) || (t <= -2 && -t - 2 < p.frontierCount);
}

/** Checks every structural invariant documented on BuiltPart. */
function expectWellFormed(p: BuiltPart): void {
  expect(p.classCount).toBeGreaterThanOrEqual(1);
  expect(p.classMap.length).toBe(256);
  for (let b = 0; b < 256; b++) expect(p.classMap[b]).toBeLessThan(p.classCount);
  expect(p.stateCount).toBeGreaterThanOrEqual(1);
  expect(p.start).toBeGreaterThanOrEqual(0);
  expect(p.start).toBeLessThan(p.stateCount);
  expect(0 <= p.settleVerdict && p.settleVerdict <= p.settleRule && p.settleRule <= p.stateCount).toBe(true);
  expect(p.header.length).toBe(2 * p.stateCount);
  expect(p.end.length).toBe(p.stateCount);
  expect(p.pairs.length % 2).toBe(0);
  const slots = p.pairs.length / 2;
  for (let s = 0; s < p.stateCount; s++) {
    const base = p.header[2 * s] as number;
    expect(base).toBeGreaterThanOrEqual(0);
    expect(base + p.classCount).toBeLessThanOrEqual(slots);
    expect(isTarget(p, p.header[2 * s + 1] as number), `default of state ${s}`).toBe(true);
  }
  for (let j = 0; j < slots; j++) {
    const owner = p.pairs[2 * j] as number;
    if (owner === -1) continue;
    expect(owner >= 0 && owner < p.stateCount, `owner of slot ${j}`).toBe(true);
    expect(isTarget(p, p.pairs[2 * j + 1] as number), `target of slot ${j}`).toBe(true);
  }
  expect(p.frontiers.length).toBe(5 * p.frontierCount);
  for (let f = 0; f < p.frontierCount; f++) {
    const off = p.frontiers[5 * f + 3] as number;
    const len = p.frontiers[5 * f + 4] as number;
    expect(off + len).toBeLessThanOrEqual(p.frontierLists.length);
    expect(len).toBeGreaterThan(0);
  }
  for (let x = 0; x < p.frontierLists.length; x++) expect(p.frontierLists[x]).toBeLessThan(p.nfa.length / 2);
  expect(p.statesBeforeMinimization).toBeGreaterThanOrEqual(p.stateCount);
}

/** Next state of the comb tables (may be a frontier, < 0). */
function step(p: BuiltPart, s: number, byte: number): number {
  const j = (p.header[2 * s] as number) + (p.classMap[byte] as number);
  return p.pairs[2 * j] === s ? (p.pairs[2 * j + 1] as number) : (p.header[2 * s + 1] as number);
}

/** Rank decided for a path by a complete DFA (no frontier), or -1. */
function rankOf(p: BuiltPart, path: string): number {
  let s = p.start;
  for (const b of new TextEncoder().encode(path)) {
    if (s >= p.settleRule) break;
    s = step(p, s, b);
    if (s < 0) throw new Error('walk reached a frontier');
  }
  return p.end[s] as number;
}

describe('buildAutomaton', () => {
  it('returns no part when no pattern can decide, but still a rank table', () => {
    const built = buildAutomaton([]);
    expect(built.part).toBeNull();
    expect(built.rankInfo.length).toBe(0);
  });

  it('encodes each rank as (ruleId + 1) << 1 | allow', () => {
    const pats = patternsOf('Disallow: /a\nAllow: /bb', 'google');
    // rank 0: /bb (allow, rule 1), rank 1: /a (disallow, rule 0)
    expect(Array.from(buildAutomaton(pats).rankInfo)).toEqual([(2 << 1) | 1, 1 << 1]);
    // rfc9309: the two implicit /robots.txt allows (rule -1) come first.
    const rfc = buildAutomaton(patternsOf('Disallow: /a', 'rfc9309')).rankInfo;
    expect(Array.from(rfc)).toEqual([1, 1, 2]);
  });

  it('decides by longest match, allow winning ties (DFA walk)', () => {
    const pats = patternsOf('Disallow: /a\nAllow: /a/b\nDisallow: /*.x$\nAllow: /ab', 'google');
    const p = buildAutomaton(pats).part as BuiltPart;
    expect(p.frontierCount).toBe(0);
    const ruleOf = (path: string): number => {
      const r = rankOf(p, path);
      return r < 0 ? -1 : (pats[r] as MatchPattern).line;
    };
    expect(ruleOf('/a')).toBe(2);
    expect(ruleOf('/a/b/c')).toBe(3);
    expect(ruleOf('/ab')).toBe(5); // allow /ab (3) beats disallow /a (2)
    expect(ruleOf('/q.x')).toBe(4);
    expect(ruleOf('/q.xy')).toBe(-1);
    expect(ruleOf('/a/b.x')).toBe(4); // /*.x$ (5) beats /a/b (4)
    expect(ruleOf('/b')).toBe(-1);
    expect(ruleOf('/')).toBe(-1);
  });

  it('builds well-formed parts with ordered settled levels', () => {
    const sets = [
      'Disallow: /',
      'Disallow: /a\nAllow: /a/b',
      'Disallow: /*.php$\nAllow: /*?\nDisallow: /x*y*z',
      'Allow: /index.html\nDisallow: /*/*/*/*',
      'Disallow: /ツ\nAllow: /%41$',
    ];
    for (const rules of sets) {
      for (const profile of ['rfc9309', 'google'] as const) {
        for (const cap of [undefined, 1, 2, 3]) {
          const p = partOf(rules, profile, cap);
          expectWellFormed(p);
          if (cap === undefined) expect(p.frontierCount, `${rules} ${profile}`).toBe(0);
        }
      }
    }
  });

  it('orders states by level: verdict-open, verdict-settled, fully settled', () => {
    const p = partOf('Disallow: /a\nAllow: /a/b\nDisallow: /c$', 'google');
    // A fully settled state loops to itself on every byte.
    for (let s = p.settleRule; s < p.stateCount; s++) {
      for (let b = 0; b < 256; b++) expect(step(p, s, b)).toBe(s);
    }
    // The start state can still change the verdict here.
    expect(p.start).toBeLessThan(p.settleVerdict);
    // Some path reaches a settled state: '/x' cannot match anything any more.
    expect(step(p, step(p, p.start, 0x2f), 0x78)).toBeGreaterThanOrEqual(p.settleRule);
  });

  it('leaves no frontier for a small group and some with stateCap 1', () => {
    const rules = 'Disallow: /*a*b*c\nAllow: /a*b$\nDisallow: /x';
    for (const profile of ['rfc9309', 'google'] as const) {
      expect(partOf(rules, profile).frontierCount).toBe(0);
      const capped = partOf(rules, profile, 1);
      expect(capped.frontierCount).toBeGreaterThan(0);
      // Frontier records: best is NO_RANK or a rank; level is 0 or 1.
      for (let f = 0; f < capped.frontierCount; f++) {
        const best = capped.frontiers[5 * f] as number;
        expect(best === NO_RANK || (best >= 0 && best < patternsOf(rules, profile).length)).toBe(true);
        expect([0, 1]).toContain(capped.frontiers[5 * f + 2]);
      }
    }
  });

  it('expands at most stateCap states', () => {
    const rules = 'Disallow: /*a*b*c*d\nAllow: /*b*c*d*e\nDisallow: /*c*d*e*f';
    const full = partOf(rules, 'google');
    expect(full.frontierCount).toBe(0);
    for (const cap of [2, 5, 10]) {
      const p = partOf(rules, 'google', cap);
      expect(p.frontierCount).toBeGreaterThan(0);
      // At most `cap` states are expanded; states with no live position (one per best rank,
      // plus the dead state) need no expansion and do not count against the cap.
      expect(p.stateCount).toBeLessThanOrEqual(cap + patternsOf(rules, 'google').length + 1);
      expect(p.stateCount).toBeLessThan(full.stateCount);
    }
    expect(DEFAULT_STATE_CAP).toBeGreaterThanOrEqual(1);
  });

  it('reports states before and after minimisation (and merges equivalent states when asked)', () => {
    // After `/a` the set holds `/ab`'s next position, after `/c` it does not; but `/*b`
    // (better rank, same length) matches whenever `/ab` would, so the two states are equivalent.
    const p = partOf('Disallow: /*b\nDisallow: /ab', 'google', undefined, true);
    expect(p.statesBeforeMinimization).toBeGreaterThan(p.stateCount);
    const q = partOf('Disallow: /a\nDisallow: /b', 'google', undefined, true);
    expect(q.statesBeforeMinimization).toBe(q.stateCount);
    // Off by default (it does not pay on the corpus): the DFA is kept as built.
    const r = partOf('Disallow: /*b\nDisallow: /ab', 'google');
    expect(r.statesBeforeMinimization).toBe(r.stateCount);
  });

  it('puts bytes that occur in no pattern into one shared class', () => {
    const p = partOf('Disallow: /ab\nAllow: /b*c', 'google');
    const literal = [0x2f, 0x61, 0x62, 0x63];
    expect(p.classCount).toBe(literal.length + 1);
    const other = p.classMap[0x78] as number;
    for (let b = 0; b < 256; b++) {
      if (literal.includes(b)) expect(p.classMap[b], `byte ${b}`).not.toBe(other);
      else expect(p.classMap[b], `byte ${b}`).toBe(other);
    }
    expect(new Set(literal.map((b) => p.classMap[b])).size).toBe(literal.length);
    // The wildcard itself is no literal: a `*` byte shares the other class.
    expect(p.classMap[0x2a]).toBe(other);
  });

  it('shares one part between groups with identical rules through the cache', () => {
    const cache = new Map<string, BuiltPart | null>();
    const a = patternsOf('Disallow: /x\nAllow: /x/y', 'google');
    const b = patternsOf('\n\nDisallow: /x\nAllow: /x/y', 'google').map((p) => ({ ...p, ruleId: p.ruleId + 10, line: p.line + 10 }));
    const builtA = buildAutomaton(a, { cache });
    const builtB = buildAutomaton(b, { cache });
    expect(builtA.part).not.toBeNull();
    expect(builtB.part).toBe(builtA.part);
    // The rank tables stay per group (they name each group's own rules).
    expect(Array.from(builtB.rankInfo)).not.toEqual(Array.from(builtA.rankInfo));
    const other = buildAutomaton(patternsOf('Disallow: /x\nAllow: /x/z', 'google'), { cache });
    expect(other.part).not.toBe(builtA.part);
    // Same bodies but another kind: not shared.
    const flipped = buildAutomaton(patternsOf('Allow: /x\nDisallow: /x/y', 'google'), { cache });
    expect(flipped.part).not.toBe(builtA.part);
  });

  it('shares the part of separately written groups with the same rules (compile)', () => {
    const report = compileWithReport('User-agent: a\nDisallow: /x\n\nUser-agent: b\nDisallow: /x\n\nUser-agent: c\nDisallow: /y\n', {
      profile: 'google',
    });
    expect(report.automata.length).toBe(3);
    expect(report.automata[0]?.part).toBe(report.automata[1]?.part);
    expect(report.automata[2]?.part).not.toBe(report.automata[0]?.part);
  });
});
