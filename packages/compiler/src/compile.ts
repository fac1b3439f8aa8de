/**
 * The compiler's entry points: robots.txt to artifact bytes (`compile`) or straight to a loaded
 * `Robots` (`compileRobots`). Stages: parse, merge groups, normalise patterns, build automata,
 * serialise.
 */
import { loadRobots, type Profile, type Robots } from '@robomata/runtime';
import { buildAutomaton, type BuiltAutomaton, type BuiltPart } from './build-automaton.js';
import { mergeGroups } from './merge-groups.js';
import { normalizeGroupPatterns } from './normalize-pattern.js';
import { parseRobotsTxt, type ParsedRobots, type ParsedRule } from './parse.js';
import { serializeArtifact } from './serialize.js';

/** Options of {@link compile} and {@link compileRobots}. */
export interface CompileOptions {
  /** Matching profile (SPEC.md section 7). Default `rfc9309`. */
  readonly profile?: Profile;
  /** Bytes of input parsed; the rest is ignored and reported. Default 512,000 (RFC 9309 section 2.5). */
  readonly maxBytes?: number;
  /** DFA states per automaton before a group is split (see build-automaton.ts). */
  readonly stateCap?: number;
}

/** Statistics of one compilation, for tooling and the benchmark. */
export interface CompileReport {
  readonly artifact: Uint8Array;
  readonly parsed: ParsedRobots;
  /** Per merged group: its automaton (shared between groups with the same rules). */
  readonly automata: readonly BuiltAutomaton[];
}

function _checkOptions(robotsTxt: unknown, options: CompileOptions | undefined): Profile {
  if (typeof robotsTxt !== 'string' && !(robotsTxt instanceof Uint8Array)) {
    throw new TypeError(`robots.txt must be a string or a Uint8Array, got ${_describe(robotsTxt)}`);
  }
  if (options === undefined || options === null) return 'rfc9309';
  if (typeof options !== 'object') throw new TypeError(`options must be an object, got ${_describe(options)}`);
  const profile = options.profile ?? 'rfc9309';
  if (profile !== 'rfc9309' && profile !== 'google') {
    throw new TypeError(`options.profile must be 'rfc9309' or 'google', got ${_describe(profile)}`);
  }
  const { maxBytes, stateCap } = options;
  if (maxBytes !== undefined && !(Number.isSafeInteger(maxBytes) && maxBytes >= 0)) {
    throw new TypeError(`options.maxBytes must be a non-negative integer, got ${_describe(maxBytes)}`);
  }
  if (stateCap !== undefined && !(Number.isSafeInteger(stateCap) && stateCap >= 1)) {
    throw new TypeError(`options.stateCap must be an integer >= 1, got ${_describe(stateCap)}`);
  }
  return profile;
}

function _describe(v: unknown): string {
  if (v === null) return 'null';
  if (typeof v === 'string') return `the string ${JSON.stringify(v.length > 40 ? v.slice(0, 40) + '...' : v)}`;
  if (typeof v === 'object') return (v as object).constructor?.name ?? 'an object';
  return `${typeof v} ${String(v)}`;
}

/**
 * Returns the compilation report: the artifact plus the parse and automata behind it. Never
 * throws on content (only on argument types). Time: linear in the input plus the bounded
 * automaton construction of each merged group.
 */
export function compileWithReport(robotsTxt: string | Uint8Array, options?: CompileOptions): CompileReport {
  const profile = _checkOptions(robotsTxt, options);
  const parsed = parseRobotsTxt(robotsTxt, options?.maxBytes === undefined ? {} : { maxBytes: options.maxBytes });
  const merged = mergeGroups(parsed);
  const rules: ParsedRule[] = [];
  const ruleIds = new Map<ParsedRule, number>();
  for (const group of parsed.groups) {
    for (const rule of group.rules) {
      ruleIds.set(rule, rules.length);
      rules.push(rule);
    }
  }
  const cache = new Map<string, BuiltPart | null>();
  const buildOptions = options?.stateCap === undefined ? { cache } : { stateCap: options.stateCap, cache };
  const automata = merged.groups.map((group) => {
    const sources = group.rules.map((rule) => ({
      kind: rule.kind, line: rule.line, ruleId: ruleIds.get(rule) as number, escaped: rule.escaped,
    }));
    return buildAutomaton(normalizeGroupPatterns(sources, profile), buildOptions);
  });
  const artifact = serializeArtifact({ profile, parsed, merged, automata, ruleIds, rules });
  return { artifact, parsed, automata };
}

/**
 * Returns the artifact for a robots.txt: one validated byte array holding every merged group's
 * automata, rule table, sitemaps and directives (layout: `@robomata/runtime` format.ts). The
 * same input and options always give the same bytes. Never throws on content.
 */
export function compile(robotsTxt: string | Uint8Array, options?: CompileOptions): Uint8Array {
  return compileWithReport(robotsTxt, options).artifact;
}

/** Returns a loaded {@link Robots} for a robots.txt, for callers that do not ship artifacts. */
export function compileRobots(robotsTxt: string | Uint8Array, options?: CompileOptions): Robots {
  return loadRobots(compile(robotsTxt, options));
}
