/**
 * The compiler's entry points: robots.txt to artifact bytes (`compile`) or straight to a loaded
 * `Robots` (`compileRobots`). Stages: parse (1), merge groups (2), plan parts (3), build parts (4), serialise (5).
 */
import { type Robots, extractProductToken } from '@robomata/runtime';
import { artifactOf, loadTrustedArtifact, loadTrustedGroup, robotsOfLoaded, robotsOfPending, type LoadedArtifact } from '@robomata/runtime/internal';
import type { Profile, WarningCode } from '@robomata/runtime/format';
import { buildParts, type BuiltParts } from './build-parts.js';
import { mergeGroups, type MergedGroups } from './merge-groups.js';
import { DEFAULT_MAX_BYTES, holdBorrowedParse, parseBorrowed, parseForCompile, parseLean, parseRobotsTxt, releaseBorrowedParse, type ParsedRobots, type ParsedRule } from './parse.js';
import { filledArray } from './build-trie.js';
import { groupsOfScope, planParts, type GroupMarks, type PartPlan } from './plan-parts.js';
import { serializeArtifact } from './serialize.js';

/** Options of {@link compile} and {@link compileRobots}. */
export interface CompileOptions {
  /** Matching profile (docs/semantics.md section 7). Default `rfc9309`. */
  readonly profile?: Profile;
  /** Bytes of input parsed; the rest is ignored and reported. Default 512,000 (RFC 9309 section 2.5). */
  readonly maxBytes?: number;
  /**
   * Product tokens of the crawlers the artifact is for (`['MyBot']`): only the groups they
   * select and the global group are kept, and `agent()` with any other name throws a
   * `RobotsAgentError`. Default: every group.
   */
  readonly agents?: readonly string[];
  /** Keep each rule's pattern as written, for `rule(id).pattern` (lines are always kept). Default true. */
  readonly patterns?: boolean;
}

/** One compilation: the artifact and the parse behind it (lines, diagnostics, warnings). */
export interface CompileReport {
  readonly artifact: Uint8Array;
  readonly parsed: ParsedRobots;
}

/** @internal A compilation with the plan and tables behind its artifact (`@robomata/compiler/internals`). */
export interface CompileStages extends CompileReport {
  /** Which groups were kept and how their parsed groups share parts. */
  readonly plan: PartPlan;
  /** The matching tables written. */
  readonly built: BuiltParts;
}

/**
 * @internal What one compile built, counted in units that each cost O(1) to build (plus
 * sorting): the tests' bound on compile work (`test/hostile/bounds.test.ts` asserts it is
 * linear in the parsed bytes and grows about 2x when the input doubles) instead of timing it.
 */
export interface CompileWork {
  /** Lines parsed. */
  readonly lines: number;
  /** Allow/disallow rules kept. */
  readonly rules: number;
  /** Patterns ranked (a rule's own pattern and its index.html companion). */
  readonly patterns: number;
  /** Radix-trie nodes over every part (a part shared by many merged groups counts once). */
  readonly trieNodes: number;
  /** Segment references of the wildcard patterns. */
  readonly wildcardSegments: number;
  /** Nodes of the segment trie. */
  readonly segmentNodes: number;
  /** Parts referenced by the merged groups (each group lists its parts). */
  readonly groupParts: number;
  readonly artifactBytes: number;
  /** The sum of the above. */
  readonly total: number;
}

/** @internal Returns the work counters of a compilation (`@robomata/compiler/internals`). O(parts + patterns). */
export function measureCompileWork(stages: CompileStages): CompileWork {
  const { plan, built, parsed, artifact } = stages;
  let trieNodes = 0;
  for (const part of built.parts) trieNodes += part.length;
  // Every wildcard pattern's segment references, in one flat list.
  const wildcardSegments = built.wildSegments.length;
  let groupParts = 0;
  for (const parts of plan.groupParts) groupParts += parts.length;
  const w = {
    lines: parsed.lineCount, rules: plan.rules.length, patterns: built.rankRules.length, trieNodes, wildcardSegments,
    segmentNodes: built.segmentCount, groupParts, artifactBytes: artifact.length,
  };
  return { ...w, total: w.lines + w.rules + w.patterns + w.trieNodes + w.wildcardSegments + w.segmentNodes + w.groupParts + w.artifactBytes };
}

function _describe(v: unknown): string {
  if (v === null) return 'null';
  if (typeof v === 'string') return `the string ${JSON.stringify(v.length > 40 ? v.slice(0, 40) + '...' : v)}`;
  if (typeof v === 'object') return (v as object).constructor?.name ?? 'an object';
  return `${typeof v} ${String(v)}`;
}

/** Returns the sorted, distinct lower-cased product tokens of `options.agents`, or throws its TypeError. */
function _scopeOf(agents: unknown): string[] | undefined {
  if (agents === undefined) return undefined;
  if (!Array.isArray(agents) || agents.length === 0) {
    throw new TypeError(`options.agents must be a non-empty array of product tokens, got ${_describe(agents)}`);
  }
  const tokens = new Set<string>();
  for (const agent of agents as unknown[]) {
    const token = typeof agent === 'string' ? extractProductToken(agent) : '';
    if (token === '') throw new TypeError(`options.agents: ${_describe(agent)} has no product token ([A-Za-z_-]+)`);
    tokens.add(token.toLowerCase());
  }
  return [...tokens].sort();
}

function _checkOptions(robotsTxt: unknown, options: CompileOptions | undefined): _Options {
  if (typeof robotsTxt !== 'string' && !(robotsTxt instanceof Uint8Array)) {
    throw new TypeError(`robots.txt must be a string or a Uint8Array, got ${_describe(robotsTxt)}`);
  }
  if (options === undefined || options === null) return _DEFAULT_OPTIONS;
  if (typeof options !== 'object') throw new TypeError(`options must be an object, got ${_describe(options)}`);
  // Each option is read once: a getter cannot answer the check and the compile differently.
  const { profile: named, maxBytes, patterns, agents } = options;
  const profile = named ?? 'rfc9309';
  if (profile !== 'rfc9309' && profile !== 'google') {
    throw new TypeError(`options.profile must be 'rfc9309' or 'google', got ${_describe(profile)}`);
  }
  if (maxBytes !== undefined && !(Number.isSafeInteger(maxBytes) && maxBytes >= 0)) {
    throw new TypeError(`options.maxBytes must be a non-negative integer, got ${_describe(maxBytes)}`);
  }
  if (patterns !== undefined && typeof patterns !== 'boolean') throw new TypeError(`options.patterns must be a boolean, got ${_describe(patterns)}`);
  return { profile, maxBytes, patterns: patterns ?? true, scope: _scopeOf(agents) };
}

/** The options of a compile as read once and checked by _checkOptions. */
interface _Options {
  readonly profile: Profile;
  readonly maxBytes: number | undefined;
  readonly patterns: boolean;
  readonly scope: readonly string[] | undefined;
}

const _DEFAULT_OPTIONS: _Options = { profile: 'rfc9309', maxBytes: undefined, patterns: true, scope: undefined };

/** Returns the warnings the artifact records about the parsed body (truncation, HTML, binary). */
function _warningsOf(parsed: ParsedRobots): { code: WarningCode; line: number }[] {
  return parsed.warnings.map((w) => ({ code: w.code, line: w.line }));
}

/** Everything a build of one file needs once it is parsed. */
interface _Source {
  readonly parsed: ParsedRobots;
  readonly merged: MergedGroups;
  readonly profile: Profile;
  readonly scope: readonly string[] | undefined;
  readonly patterns: boolean;
}

/**
 * Returns the artifact of building the groups `build` marks (undefined: the scope's, or all).
 * `unchecked`: its checksum is left 0 and it is a view of the writer's buffer, valid until the
 * next artifact is written (compileRobots' own artifacts, which loadTrustedGroup copies).
 */
function _build(src: _Source, build: GroupMarks | undefined, unchecked = false): Uint8Array {
  return _stagesOf(src, build, false, unchecked).artifact;
}

/**
 * Returns {@link _build}'s artifact with the plan and tables behind it. `own`: the tables' PARTS
 * bytes are their own; else they are the build's kept buffer, valid only until the next build
 * (what `_build` serialises at once and lets go).
 */
function _stagesOf(src: _Source, build: GroupMarks | undefined, own: boolean, unchecked = false): CompileStages {
  const { parsed, merged, profile, scope, patterns } = src;
  const plan = planParts(parsed, merged, build ?? (scope === undefined ? undefined : groupsOfScope(merged, scope)));
  const built = buildParts(parsed, plan, profile, patterns, own);
  const artifact = serializeArtifact({ profile, parsed, merged, plan, built, scope, patterns, warnings: _warningsOf(parsed), unchecked });
  return { artifact, parsed, plan, built };
}

/** A merged group as a per-group artifact writes a group it does not build: no tokens, delay or sources. */
const _UNBUILT: MergedGroups['groups'][number] = { tokens: [], global: false, sources: [], rules: [], ruleCount: 0, crawlDelay: undefined };
const _UNBUILT_GLOBAL: MergedGroups['groups'][number] = { ..._UNBUILT, global: true };
const _NO_BYTES = new Uint8Array(0);

/**
 * Returns the artifact of compileRobots' group `g`: its build's input trimmed to what matching
 * reads (it is loaded beside compileRobots' first artifact and the whole file's, which hold the
 * rest, and never shown to users):
 * no agent tokens, rule texts, sitemaps, directives or warnings, rule lines 1, 2, 3, ... (one
 * byte per rule: matching reads a rule's kind only), the other groups without delay or
 * sources, the preferences of group `g`'s parsed groups only. `ordinal`: the rules as written
 * here, made once per file.
 */
function _buildMatching(src: _Source, g: number, ordinal: readonly ParsedRule[], unchecked: boolean): Uint8Array {
  const { parsed, merged, profile, scope } = src;
  const only = filledArray(merged.groups.length, 0);
  only[g] = 1;
  const plan = planParts(parsed, merged, only);
  const built = buildParts(parsed, plan, profile, false, false);
  const group = merged.groups[g] as MergedGroups['groups'][number];
  const groups = merged.groups.map((m, k) => (k === g ? m : m.global ? _UNBUILT_GLOBAL : _UNBUILT));
  let parsedGroups = parsed.groups;
  if (parsedGroups.some((p) => p.preferences.length > 0)) {
    const used = new Set(group.sources);
    parsedGroups = parsedGroups.map((p, source) => (used.has(source) ? p : { ...p, preferences: [] }));
  }
  return serializeArtifact({
    profile, scope, built, patterns: false, warnings: [], unchecked,
    parsed: { ...parsed, groups: parsedGroups, sitemaps: [], others: [] },
    merged: { groups, global: merged.global, byToken: merged.byToken },
    plan: {
      groups: plan.groups, built: plan.built, groupParts: plan.groupParts, parts: plan.parts, rules: ordinal, firstRule: plan.firstRule, agents: [],
      global: plan.global,
    },
  });
}

/** Returns every rule of the file (rule id order) as a per-group artifact writes it: kind only, lines 1, 2, 3, ... */
function _ordinalRules(parsed: ParsedRobots): ParsedRule[] {
  const out: ParsedRule[] = [];
  for (const group of parsed.groups) for (const r of group.rules) out.push({ line: out.length + 1, kind: r.kind, pattern: '', rawBytes: _NO_BYTES, escaped: _NO_BYTES, shape: 0 });
  return out;
}

/**
 * @internal Returns the artifact compileRobots builds and loads for merged group `g` on the
 * first agent() that selects it (`@robomata/compiler/internals`, for tests and tools).
 */
export function compileGroupArtifact(robotsTxt: string | Uint8Array, g: number, options?: CompileOptions): Uint8Array {
  const src = _source(robotsTxt, _checkOptions(robotsTxt, options), false);
  if (!(Number.isSafeInteger(g) && g >= 0 && g < src.merged.groups.length)) throw new RangeError(`no merged group ${String(g)}`);
  return _buildMatching(src, g, _ordinalRules(src.parsed), false);
}

/**
 * Returns the parsed and merged file and the options of a compile, or throws their TypeError.
 * `report`: the parse is returned to the caller (diagnostics and pattern texts built), else
 * parseForCompile's; `borrow`: nothing of the source is kept past the call (parseBorrowed's).
 */
function _source(robotsTxt: string | Uint8Array, opts: _Options, report: boolean, borrow = false): _Source {
  const parse = report ? parseRobotsTxt : borrow ? parseBorrowed : parseForCompile;
  return _sourceOf(parse(robotsTxt, _parseOptionsOf(opts)), opts);
}

/** Returns the build input of `parsed` under the checked options `opts`. */
function _sourceOf(parsed: ParsedRobots, opts: _Options): _Source {
  return { parsed, merged: mergeGroups(parsed), profile: opts.profile, scope: opts.scope, patterns: opts.patterns };
}

/**
 * Returns compileRobots' parse of `robotsTxt` (parseLean's: no directives) merged; `borrow` as
 * for {@link _source}. Its artifacts are compileRobots' first artifact: what selection reads
 * (scope and agent tokens, group records with their delays, warnings, preferences, each rule's
 * kind and line) and the sitemaps (crawlers read them with the rules), without rule texts
 * (`patterns` false) or directives: those are in the whole file's artifact, made when
 * something reads them.
 */
function _leanSource(robotsTxt: string | Uint8Array, opts: _Options, borrow: boolean): _Source {
  return { ..._sourceOf(parseLean(robotsTxt, _parseOptionsOf(opts), borrow), opts), patterns: false };
}

/** Returns the parse options of the checked compile options `opts`. */
function _parseOptionsOf(opts: _Options): { profile: Profile; maxBytes?: number } {
  const { profile, maxBytes } = opts;
  return maxBytes === undefined ? { profile } : { maxBytes, profile };
}

/**
 * Returns the compilation report: the artifact plus the parse behind it (diagnostics with
 * lines, warnings). Never throws on content (only on argument types). Time and artifact size
 * linear in the input (plus sorting the patterns).
 */
export function compileWithReport(robotsTxt: string | Uint8Array, options?: CompileOptions): CompileReport {
  const src = _source(robotsTxt, _checkOptions(robotsTxt, options), true);
  return { artifact: _build(src, undefined), parsed: src.parsed };
}

/** @internal Returns the compilation with its plan and tables, for tests and tools (`@robomata/compiler/internals`). */
export function compileStages(robotsTxt: string | Uint8Array, options?: CompileOptions): CompileStages {
  return _stagesOf(_source(robotsTxt, _checkOptions(robotsTxt, options), true), undefined, true);
}

/**
 * Returns the artifact for a robots.txt: one validated byte array holding every kept merged
 * group's tries, the rule table, sitemaps, directives and warnings (layout:
 * `@robomata/runtime/format`). The same input and options always give the same bytes. Never
 * throws on content.
 */
export function compile(robotsTxt: string | Uint8Array, options?: CompileOptions): Uint8Array {
  // Borrowed: the artifact is written out of the parse before it returns, and nothing else of it is kept.
  return _build(_source(robotsTxt, _checkOptions(robotsTxt, options), false, true), undefined);
}

/**
 * Returns the builder of a compileRobots `Robots`: group `g` built (once, cached) into an
 * artifact of its own with the same group indices and rule ids, holding only what its
 * matching reads (its parts, ranks and segments, each rule's kind, its preferences): no agent
 * tokens, rule texts, sitemaps, directives or other groups' records, which compileRobots' first
 * artifact (tokens, group records, sitemaps) and the whole file's (texts, directives) hold.
 */
function _groupBuilder(sourceOf: () => _Source): (g: number) => Robots {
  // By group index, made on the first group built (most hosts build none here: a host keeps fewer bytes).
  let built: (Robots | undefined)[] | undefined;
  let ordinal: ParsedRule[] | undefined;
  return (g) => {
    built ??= [];
    let robots = built[g];
    if (robots === undefined) {
      const src = sourceOf();
      ordinal ??= _ordinalRules(src.parsed);
      robots = robotsOfLoaded(loadTrustedGroup(_buildMatching(src, g, ordinal, true), g));
      built[g] = robots;
    }
    return robots;
  };
}

/**
 * Returns what of `robotsTxt` a compile with `maxBytes` reads, kept to compile it again: a
 * string as it is while it has at most `maxBytes` UTF-16 units (2 bytes each in memory), else
 * (and for bytes, which the caller may reuse) a copy of its first `maxBytes` + 1 UTF-8 bytes
 * (the same parse: the same bytes read, still past the limit). O(min(input, maxBytes)).
 */
function _boundedInput(robotsTxt: string | Uint8Array, maxBytes: number): string | Uint8Array {
  if (typeof robotsTxt === 'string') {
    if (robotsTxt.length <= maxBytes) return robotsTxt;
    // More units than maxBytes: more UTF-8 bytes too. Whole characters of at most 4 bytes: at
    // least maxBytes + 1 are written, the first maxBytes as a full encoding writes them.
    const out = new Uint8Array(maxBytes + 4);
    return out.slice(0, _ENCODER.encodeInto(robotsTxt, out).written);
  }
  return robotsTxt.slice(0, Math.min(robotsTxt.length, maxBytes + 1));
}

const _ENCODER = new TextEncoder();

/**
 * Returns a loader of the whole file's artifact for `text` with the checked options `opts` and
 * the groups `marks` builds (undefined: every group, compile's artifact): the file a
 * compileRobots host writes for `bytes` and its texts, out of a borrowed parse of `text` made
 * on the call and not kept (the input it reads is kept, see _boundedInput; the parse a host
 * holds is a lean one, without the directives).
 */
function _fileLoaderOf(text: string | Uint8Array, opts: _Options, marks: GroupMarks | undefined): () => LoadedArtifact {
  // Shown (`robots.bytes`): checksummed, and not read back (written by this call).
  return () => artifactOf(loadTrustedArtifact(_build(_source(text, opts, false, true), marks)));
}

/**
 * Returns a loaded {@link Robots} for a robots.txt, for callers that do not ship artifacts: the
 * file is parsed at once and each group's tries are built on the first `agent()` that selects it
 * (a crawler that asks for one agent builds one group from that parse; another group's first
 * `agent()` parses the kept input again, see below; a file whose only group is the global
 * group, which every agent selects, is built at once). Answers, rule ids and group indices are
 * those of `loadRobots(compile(robotsTxt, options))`. What selection and matching read (agent
 * tokens, group records, warnings, preferences, each rule's kind) and the sitemaps are one
 * artifact without rule texts or directives, made on first use: the first `agent()` selects its
 * group before it exists (the runtime's lookup over the merged token map) and builds that
 * group in it (one artifact and one load for a host asked for one crawler), any other first
 * call makes it with no group built; the whole file's artifact (`robots.bytes`,
 * `rule()`, `otherDirectives()`, `describeGroup()`, `explain()`'s rule) is compiled and
 * loaded on the first of those calls, from a parse of the kept input made then (the parse
 * held for the groups lists no directives): compile's artifact for a one-group file, else
 * compile's with no group built. It retains the input its compile reads (at most `maxBytes` + 1 bytes;
 * a string within the limit is kept as it is), its first artifact, and per group built later
 * a small artifact of that group's tables alone; the parsed file (rules' bytes, agents,
 * preferences, merged groups; for a string, in one copy of its UTF-8: up to 2 KiB of it cut
 * from an 8 KiB slab that other compiles' copies share, so a held parse may keep up to 8 KiB
 * alive; a longer one's up to its last rule's end in a buffer of its own)
 * only until the first artifact holds a group (a crawler's first `agent()` ends it; a host
 * asked only for its sitemaps holds it): another group's first `agent()` parses the kept input
 * again (one more parse per host asked for a second crawler) and keeps that parse for the groups after it.
 */
export function compileRobots(robotsTxt: string | Uint8Array, options?: CompileOptions): Robots {
  const opts = _checkOptions(robotsTxt, options);
  const maxBytes = opts.maxBytes ?? DEFAULT_MAX_BYTES;
  // Bytes are read once, into the copy that is parsed and kept: the caller may reuse its buffer
  // or share it with another thread, and the first artifact and the whole file must be one file.
  const kept = _boundedInput(robotsTxt, maxBytes);
  // Borrowed, out of `kept` (a string past maxBytes is parsed from its bounded bytes, not encoded
  // whole again): a string is encoded into the shared buffer (a one-group file keeps nothing of
  // the parse; another's is held: given bytes of its own before the shared buffer is written
  // again, parse.ts holdBorrowedParse, unless its first agent() let it go first).
  const src = _leanSource(kept, opts, true);
  // A file whose one merged group is the global group: every agent() selects it, so it is built
  // at once, in the first artifact (a second artifact and load for it would only add work).
  if (src.merged.groups.length === 1 && src.merged.global === 0) {
    return robotsOfLoaded(loadTrustedGroup(_build(src, undefined, true), 0), _fileLoaderOf(kept, opts, undefined));
  }
  // A string's parse may read the shared encoding buffer: owned before the next borrowed parse.
  if (typeof kept === 'string') holdBorrowedParse(src.parsed);
  const count = src.merged.groups.length;
  const none = filledArray(count, 0);
  // The parse is held until the first artifact holds a group (a host asked for one crawler then
  // needs nothing more of it); another group's first agent() parses `kept` again and holds that
  // parse (a string's not borrowed: the shared encoding buffer would be overwritten).
  let held: _Source | null = src;
  const sourceOf = (): _Source => (held ??= _leanSource(kept, opts, typeof kept !== 'string'));
  // The whole file is written at once out of a borrowed parse (the held one has no directives).
  const loadFile = _fileLoaderOf(kept, opts, none);
  // The first artifact waits for the first agent(), which selects its group first (the
  // runtime's lookup over the token map): one artifact holds the index and that group built.
  const build = (g: number, selected: boolean): LoadedArtifact => {
    const marks = g < 0 ? none : filledArray(count, 0);
    if (g >= 0) marks[g] = 1;
    const first = loadTrustedGroup(_build(sourceOf(), marks, true), g);
    // The first agent() chose: its group is built, or it selected none (or out of scope).
    if (selected) {
      if (held !== null) releaseBorrowedParse(held.parsed);
      held = null;
    }
    return first;
  };
  const scope = opts.scope === undefined ? null : new Set(opts.scope);
  return robotsOfPending({ profile: opts.profile, byToken: src.merged.byToken, scope, global: src.merged.global, build }, _groupBuilder(sourceOf), loadFile);
}
