/**
 * The loaded-artifact API: {@link Robots} (one per robots.txt) and {@link AgentRules} (the
 * group selected for one crawler), answering checks with no allocation per call.
 */
import { decideOutcome, describeGroupChoice, readMatchedPath, type AgentSelection, type Decision, type RuleInfo, type Selection } from './explain.js';
import { FLAG_PROFILE_GOOGLE, GROUP_FLAG_GLOBAL, GROUP_FLAG_UNBUILT, NO_RANK, WARNING_CODES, WARNING_MESSAGES, type Profile, type WarningCode } from './format.js';
import { classifyUrl } from './read-url.js';
import { LazyDfa, TIER_FALLBACK, TIER_STATE, buildGroupNfa, rememberAuthority, runLazyDfa, tierTuning, type TierState } from './lazy-dfa.js';
import { bestRank, bestRankFrom } from './matcher.js';
import { AUTHORITY_MAX, copyPrefix, findPathStart, httpAuthorityStart, startsWithAuthority } from './path-bytes.js';
import { THREAD_SCRATCH } from './scratch.js';
import { PatternIndex, rebuildPattern } from './pattern-text.js';
import { crawlerToken, findAgentGroupIn, findAgentGroupOf, findProductToken, hasAgentToken } from './select-group.js';
import {
  DIRECTIVE_KEY_LEN, DIRECTIVE_KEY_OFF, DIRECTIVE_LINE_DELTA, DIRECTIVE_VALUE_LEN, DIRECTIVE_VALUE_OFF, DIRECTIVE_WORDS, groupDelayLength,
  GROUP_DELAY_OFF, GROUP_FLAGS, GROUP_NEED, GROUP_ROOTS, groupRootCount, GROUP_SOURCES, GROUP_SOURCE_COUNT, GROUP_SOURCE_WORDS, GROUP_WORDS, nodeChildCount,
  NODE_FIRST_CHILD, nodeWildCount, nodeWildFirst, NODE_WORDS, WILD_SEG_COUNT, WILD_WORDS, RANK_COMPANION, rankAllows, rankEntry, ruleOfRank, REBUILD_PATTERN, RULE_ALLOW, RULE_LINE,
  RULE_PATTERN_LEN, RULE_PATTERN_OFF, RULE_WORDS, SITEMAP_WORDS, SOURCE_FIRST_RULE, SOURCE_RULE_COUNT, SOURCE_WORDS, TOKEN_GROUP, TOKEN_LEN,
  TOKEN_OFF, TOKEN_WORDS, WARNING_CODE, WARNING_LINE, WARNING_WORDS, Tables, INDEX_AGENT_COUNT, INDEX_CUT_WORDS, INDEX_DIRECTIVE_COUNT,
  INDEX_FIRST_GROUP, INDEX_FLAGS, INDEX_GLOBAL_GROUP, INDEX_GROUP_COUNT, INDEX_HEADER_WORDS, INDEX_RULE_COUNT, INDEX_SCOPE_COUNT,
  INDEX_SITEMAP_COUNT, INDEX_WARNING_BASE, INDEX_WARNING_COUNT, INDEX_WHOLE_WORDS,
} from './tables.js';
import {
  ANSWER_ALLOW, ANSWER_DISALLOW, KIND_SIGNAL, KIND_USAGE, NO_PREFERENCES, answerPreference, explainPreference,
  type PreferenceExplanation, type PreferenceTables,
} from './usage.js';


/** Returns the crawl-delay written at `bytes[off, off + len)` in seconds (NaN when it is not a number). */
export function parseCrawlDelay(bytes: Uint8Array, off: number, len: number): number {
  let s = '';
  for (let k = 0; k < len; k++) s += String.fromCharCode(bytes[off + k] as number);
  return s.trim() === '' ? Number.NaN : Number(s);
}

/** @internal The whole file decoded (rules, patterns, sitemaps, directives), for the calls that read it all. */
export interface WholeImage {
  readonly tables: Tables;
  /** Image offsets of the rule records (RULE_WORDS each), sitemaps (SITEMAP_WORDS) and directives (DIRECTIVE_WORDS). */
  readonly ruleBase: number;
  readonly sitemapBase: number;
  readonly directiveBase: number;
  /** Image offset of the group records (GROUP_WORDS each; their roots are this image's radix nodes). */
  readonly groupBase: number;
  /** Image offset of the groups' sources entries (GROUP_SOURCE_WORDS each, tables.ts). */
  readonly groupSourceBase: number;
}

/** The image of a group without parts (allow all): never read. */
export const EMPTY_GROUP_IMAGE: Tables = new Tables(new Int32Array(0), new Uint8Array(0), 0, 0, 0, -1, 0, 0, 0);

/** @internal What a {@link LoadedArtifact} is built from (load.ts): the bytes, the index (header filled, tables.ts INDEX_*) and the preferences. */
export interface LoadedArtifactFields {
  readonly bytes: Uint8Array;
  readonly index: Int32Array;
  readonly preferences: PreferenceTables;
  /** The first group image, already cut into the index's array (the index header names its group and words): compileRobots' (load.ts loadTrustedGroup). */
  readonly firstImage?: Tables | undefined;
}

/**
 * @internal A validated artifact as load.ts keeps it: the bytes and a small index (a header of
 * counts, tokens, group records with their part roots and sources, warnings; layouts in
 * tables.ts). A group's matching image is cut on first use ({@link LoadedArtifact.group}), the
 * first one into the same array as the index; the whole file's image (rules, patterns,
 * directives, sitemaps) too ({@link LoadedArtifact.whole}); strings are decoded from `bytes` on
 * first use. Counts and offsets are read from the index header (one word each, not one field
 * each: a loaded host keeps fewer bytes). Built from one named object ({@link LoadedArtifactFields}).
 */
export abstract class LoadedArtifact {
  readonly bytes: Uint8Array;
  /** The index (tables.ts INDEX_*), followed by the first group image once it is cut. */
  private _index: Int32Array;
  /** The first group image cut (its group in the index header): most artifacts serve one group (an array costs about 200 bytes more per host). */
  private _firstImage: Tables = EMPTY_GROUP_IMAGE;
  /**
   * The whole image once kept, the images of further groups by group index and the file's rank
   * table once read: most hosts have none of them (made on first use, one field for all).
   */
  private _rest: _ArtifactRest | undefined = undefined;

  constructor(f: LoadedArtifactFields) {
    this.bytes = f.bytes;
    this._index = f.index;
    if (f.firstImage !== undefined) this._firstImage = f.firstImage;
    // Most files state no preference: only the others keep their tables (in the rarely used fields).
    if (f.preferences !== NO_PREFERENCES) this._more().preferences = f.preferences;
  }

  /** The PREFERENCES section (usage.ts; NO_PREFERENCES when the file has no Content-Usage or Content-Signal line). */
  get preferences(): PreferenceTables {
    return this._rest === undefined ? NO_PREFERENCES : this._rest.preferences;
  }

  /**
   * Returns group `g`'s own image, or null when its own words would take more than `maxWords`.
   * With `prefix` (the artifact's index, for its first cut) the image array starts with a copy
   * of it, so that the host keeps one typed array for both. load.ts implements the decoding
   * (a subclass: one method for every host, not a field each); from the validated bytes, never throwing for them.
   */
  protected abstract decodeGroup(g: number, maxWords: number, prefix: Int32Array | null): Tables | null;
  /** Returns the whole file's image decoded again (load.ts). */
  protected abstract decodeWhole(): WholeImage;
  /** Returns the file's rank table decoded again (load.ts): per file rank, `(ruleId + 1) << RANK_RULE_SHIFT | companion << 1 | allow`. */
  protected abstract decodeRanks(): Int32Array;

  /** Tokens, group records (with roots and sources) and warnings, at the bases below (tables.ts INDEX_*). */
  get index(): Int32Array {
    return this._index;
  }

  /** Replaces the index by `copy`, the same words in an array of the artifact's own (load.ts: an index kept in the thread's load buffer until the next load). */
  protected replaceIndex(copy: Int32Array): void {
    this._index = copy;
  }

  /**
   * Returns the index header's word `field` (tables.ts INDEX_*: the flags, the counts of scope
   * tokens, agent tokens, groups, rules, sitemaps, directives and warnings, the global group, the
   * warnings' base, the whole image's words), as the load validated them. O(1).
   */
  header(field: number): number {
    return this._index[field] as number;
  }

  /** The matching profile the artifact was compiled for (its FLAG_PROFILE_GOOGLE bit). */
  get profile(): Profile {
    return ((this._index[INDEX_FLAGS] as number) & FLAG_PROFILE_GOOGLE) !== 0 ? 'google' : 'rfc9309';
  }

  /** Returns the index offset of the scope tokens (TOKEN_WORDS each; group 0): right after the header. */
  get scopeBase(): number {
    return INDEX_HEADER_WORDS;
  }

  /** Returns the index offset of the agent tokens (TOKEN_WORDS each, sorted): after the scope tokens. */
  get agentBase(): number {
    return INDEX_HEADER_WORDS + TOKEN_WORDS * (this._index[INDEX_SCOPE_COUNT] as number);
  }

  /** Index offset of the group records (GROUP_WORDS each; GROUP_ROOTS lists the parts' roots in the whole image's numbering). */
  get groupBase(): number {
    return this.agentBase + TOKEN_WORDS * (this._index[INDEX_AGENT_COUNT] as number);
  }

  /**
   * Returns group `g`'s matching image (EMPTY_GROUP_IMAGE for a group without parts or `g` < 0),
   * made once and cached: its own image cut from the file (only its parts; the first one in the
   * index's array), while the images cut so far fit in the whole file's image size; past that
   * (groups sharing big parts, each cut would copy them) and once the whole image exists, the
   * group is matched on the whole image. So a loaded artifact holds at most about twice its
   * whole image, however many groups are asked for.
   */
  group(g: number): Tables {
    const index = this._index;
    if (g < 0 || groupRootCount(index, this.groupBase + g * GROUP_WORDS) === 0) return EMPTY_GROUP_IMAGE;
    const firstGroup = index[INDEX_FIRST_GROUP] as number;
    if (g === firstGroup) return this._firstImage;
    let image = this._rest?.images[g];
    if (image !== undefined) return image;
    const prefix = firstGroup < 0 ? index : null;
    const cut = this._rest?.whole === undefined ? this.decodeGroup(g, this.header(INDEX_WHOLE_WORDS) - (index[INDEX_CUT_WORDS] as number), prefix) : null;
    if (cut === null) {
      image = this._onWhole(g);
    } else {
      image = cut;
      // The index lives on at the start of the first cut's array (same offsets, same words).
      if (prefix !== null) this._index = cut.img;
      this._index[INDEX_CUT_WORDS] = (this._index[INDEX_CUT_WORDS] as number) + cut.img.length - (prefix === null ? 0 : prefix.length);
    }
    if (firstGroup < 0) {
      this._firstImage = image;
      this._index[INDEX_FIRST_GROUP] = g;
    } else {
      this._more().images[g] = image;
    }
    return image;
  }

  /** Returns group `g`'s image on the whole file's image (its roots as the whole image lists them). */
  private _onWhole(g: number): Tables {
    const w = this.whole();
    const t = w.tables;
    const rec = w.groupBase + g * GROUP_WORDS;
    return new Tables(t.img, t.bytes, t.nodeBase, t.nodeCount, t.acBase, t.acRootRow, t.wildBase, t.wildCount, t.acCount, t.img[rec + GROUP_ROOTS] as number, groupRootCount(t.img, rec));
  }

  /** Returns the rarely used fields, made on first use. */
  private _more(): _ArtifactRest {
    return (this._rest ??= new _ArtifactRest());
  }

  /** Returns the whole file's image (decoded once, then cached). */
  whole(): WholeImage {
    const rest = this._more();
    rest.whole ??= this.decodeWhole();
    return rest.whole;
  }

  /**
   * Returns the file's rank table (tables.ts `RANK_*` entries by file rank; read an image rank
   * with `rankEntry`/`ruleOfRank`): what `decide`, `decidedByIndexHtml` and explanations need
   * beyond a check's answer, which the image's rank words carry themselves. Decoded on the first
   * call (O(artifact) when another artifact was loaded since), then O(1).
   */
  ranks(): Int32Array {
    const rest = this._rest;
    if (rest !== undefined && rest.ranks !== null) return rest.ranks;
    const ranks = this.decodeRanks();
    this._more().ranks = ranks;
    return ranks;
  }

  /**
   * Returns the whole file's image without keeping it (the cached one if there is one): for
   * callers that copy what they read out of it once, so a host whose sitemaps are read keeps no
   * more than its group images. O(artifact) when not cached.
   */
  peekWhole(): WholeImage {
    return this._rest?.whole ?? this.decodeWhole();
  }

  /** True once the whole file's image is kept (rule(), otherDirectives(), or groups matched on it). */
  get wholeKept(): boolean {
    return this._rest?.whole !== undefined;
  }
}

/** A {@link LoadedArtifact}'s fields most hosts never use (see its `_rest`). */
class _ArtifactRest {
  whole: WholeImage | undefined = undefined;
  images: (Tables | undefined)[] = [];
  ranks: Int32Array | null = null;
  preferences: PreferenceTables = NO_PREFERENCES;
}

/** Each described `Robots`' tokens by group (`Robots#describeGroup`; tooling only, so no field on every host). */
const _TOKENS_BY_GROUP = new WeakMap<Robots, string[][]>();

/** Package-private method keys of {@link Robots} (read through internal.ts): not public method names. */
export const ARTIFACT: unique symbol = Symbol('robomata.artifact');
export const GROUP_TABLES: unique symbol = Symbol('robomata.groupTables');
export const IS_BUILT: unique symbol = Symbol('robomata.isBuilt');
/** Package-private method key of {@link Robots}: the rules of one built group, chosen without an agent table (compileRobots' per-group artifacts have none). */
export const GROUP_RULES: unique symbol = Symbol('robomata.groupRules');
/** Package-private method key of {@link AgentRules}: why a URL has its preferences (read through internal.ts and `Robots#explain`). */
export const EXPLAIN_PREFERENCES: unique symbol = Symbol('robomata.explainPreferences');
/** Package-private method key of {@link AgentRules}: its wildcard segments (read through `groupSegmentCount` of testing.ts). */
export const SEGMENT_COUNT: unique symbol = Symbol('robomata.segmentCount');
/** Package-private method key of {@link AgentRules}: the rank-table entry the untiered walk finds (for `Robots#explain`). */
const UNTIERED_ENTRY: unique symbol = Symbol('robomata.untieredEntry');

/** @internal Returns the `Robots` that holds group `g` built (same group indices and rule ids); called once per group (the builder caches). */
export type GroupBuilder = (g: number) => Robots;
/** @internal Returns the artifact of the whole file (compileRobots: its texts and `bytes`), loaded on the first call that reads them. */
export type FileLoader = () => LoadedArtifact;
/**
 * @internal A compileRobots host's first artifact before it is made: what selection reads
 * (profile, tokens, scope, global group) as maps, so that the first `agent()` selects its group
 * first and makes one artifact with that group built (`build(g)`), instead of an index artifact
 * and then a second one for the group. Any other call first makes it with no group built (`build(-1)`).
 */
export interface PendingArtifact {
  readonly profile: Profile;
  /** Lower-cased product token to merged group: the artifact's agent table. */
  readonly byToken: ReadonlyMap<string, number>;
  /** The scope's lower-cased tokens, or null for an artifact of every group. */
  readonly scope: ReadonlySet<string> | null;
  /** Merged global group, or -1. */
  readonly global: number;
  /**
   * Returns the first artifact, loaded, with merged group `g` built (-1: none); same group
   * indices and rule ids as the file's. Called once. `selected`: the host's first agent() (or
   * explain()) chose `g` (-1: no group, or out of scope), so the parse need not be kept for it.
   */
  build(g: number, selected: boolean): LoadedArtifact;
}

/** @internal A group's tables, the trie roots of its parts and the file's rank table (read image ranks with tables.ts `ruleOfRank`), for tooling. */
export interface GroupTables {
  readonly tables: Tables;
  readonly roots: readonly number[];
  readonly ranks: Int32Array;
}

/** Size of one part (a trie shared by the merged groups made of the same parsed groups). */
export interface PartInfo {
  /** Radix-trie nodes. */
  readonly nodes: number;
  /** Patterns with a `*`, verified by the segment scan. */
  readonly wildcards: number;
}

/** Description of a merged group, for tooling. */
export interface GroupInfo {
  readonly index: number;
  /** Lower-cased product tokens selecting it. */
  readonly tokens: readonly string[];
  readonly global: boolean;
  readonly ruleIds: readonly number[];
  readonly crawlDelay: number | undefined;
  /** False when its tries were left out of this artifact (an agent-scoped compile): `agent()` refuses it. */
  readonly built: boolean;
  /** Its parts: tries shared with every merged group made of the same parsed groups (empty when not built). */
  readonly parts: readonly PartInfo[];
}

/** A directive other than user-agent/allow/disallow/sitemap, with its line. */
export interface OtherDirective {
  readonly line: number;
  readonly key: string;
  readonly value: string;
}

/** Something about the robots.txt body a crawler should know: cut at the size limit, an HTML page, binary data. */
export interface RobotsWarning {
  readonly code: WarningCode;
  /** 1-based line it concerns (for 'truncated', the line where the cut falls, read only in part). */
  readonly line: number;
  readonly message: string;
}

/** {@link AgentRules.decideVerdict}'s value when no rule decides: allowed, rule id -1. */
const NO_RULE_VERDICT = -1;

/**
 * Returns true when a verdict from {@link AgentRules.decideVerdict} allows the URL (its low bit).
 * O(1).
 */
export function verdictAllows(verdict: number): boolean {
  return (verdict & 1) === 1;
}

/**
 * Returns the deciding rule id of a verdict from {@link AgentRules.decideVerdict} (see
 * {@link Robots.rule}), or -1 when no rule decides. O(1).
 */
export function verdictRule(verdict: number): number {
  return verdict >> 1;
}

/** `_pickGroup` result for a crawler whose group an agent-scoped artifact left out. */
const _OUT_OF_SCOPE = Number.MIN_SAFE_INTEGER;

/** Stable codes of {@link RobotsAgentError}. */
export type RobotsAgentErrorCode = 'agent-not-in-scope';

/** Thrown by {@link Robots.agent} for a crawler an agent-scoped artifact was not compiled for. */
export class RobotsAgentError extends Error {
  override readonly name = 'RobotsAgentError';
  constructor(
    readonly code: RobotsAgentErrorCode,
    message: string,
  ) {
    super(message);
  }
}

const _DECODER = new TextDecoder();

/** Throws the TypeError of a non-string User-Agent. */
function _checkAgent(userAgent: unknown): void {
  if (typeof userAgent !== 'string') {
    throw new TypeError(`userAgent must be a string (a product token such as "Googlebot"), got ${_typeName(userAgent)}`);
  }
}

function _typeName(v: unknown): string {
  return v === null ? 'null' : Array.isArray(v) ? 'an array' : typeof v;
}

/** Returns the TypeError for a non-string URL (kept out of the hot functions). */
function _urlError(url: unknown): TypeError {
  return new TypeError(`url must be a string (an absolute URL or a path), got ${_typeName(url)}`);
}

/** The selections an {@link AgentRules} packs into two bits. */
const _SELECTIONS: readonly Selection[] = ['specific', 'global', 'none'];

/** `AgentRules._checks` once the group stays on the tier below (below any count a pause starts from). */
const _STAY_BELOW = -(2 ** 30);

/** Checks a paused automaton waits on tier 0, counted as tier-up counts (4 churn windows, lazy-dfa.ts tierTuning.churnWindow). */
function _pauseChecks(): number {
  return 4 * tierTuning.churnWindow;
}

/**
 * The rules one crawler obeys: its own merged group, else the global group, else none (allow
 * all). Keep it and call {@link AgentRules.isAllowed} in hot loops: after
 * `tierTuning.threshold` checks (64) the group tiers up to its lazily built automaton
 * (lazy-dfa.ts), which this object holds; answers are the same on both tiers. Thread safety:
 * an `AgentRules` and its automaton belong to the thread that created them (JS objects are
 * never shared between threads); to check in several workers, share the artifact bytes (a
 * `SharedArrayBuffer` is read in place, never written) and `loadRobots` them in each worker.
 * Invariant: the image lists the trie roots of the group's parts at `[_t.roots, _t.roots +
 * _t.rootCount)` (none: allow all); `_need` bounds the path bytes read.
 */
export class AgentRules {
  private readonly _t: Tables;
  private readonly _need: number;
  /** Checks answered on the tier below so far (counts up to the tier-up threshold); STAY_BELOW once the group cannot tier up (past the NFA budget) or gave its automaton up. */
  private _checks = 0;
  /** The group's lazily built automaton once it tiered up (lazy-dfa.ts), else null. */
  private _dfa: LazyDfa | null = null;
  /** The automaton while the churn rule pauses it (`_dfa` null, tier 0 counting `_checks` up to tier-up again), else null. */
  private _parked: LazyDfa | null = null;
  /** The scheme and authority of the group's first `http(s)://` URL ('' until then): tier 0 finds the path start of URLs that begin with it by one compare (_rankBelow). */
  private _authority = '';
  /** The loaded artifact: its preferences, and its rank table for the calls that name rules. */
  private readonly _a: LoadedArtifact;
  /** `(groupIndex + 1) * 8 + rfc9309 * 4 + SELECTIONS.indexOf(selection)`: one word for the three (a loaded host keeps fewer bytes). */
  private readonly _pick: number;

  /** @internal Use {@link Robots.agent}. */
  constructor(selection: Selection, groupIndex: number, a: LoadedArtifact) {
    this._t = a.group(groupIndex);
    this._pick = (groupIndex + 1) * 8 + (a.profile === 'rfc9309' ? 4 : 0) + _SELECTIONS.indexOf(selection);
    this._need = groupIndex < 0 ? 0 : (a.index[a.groupBase + groupIndex * GROUP_WORDS + GROUP_NEED] as number);
    this._a = a;
  }

  /** How the group was chosen. */
  get selection(): Selection {
    return _SELECTIONS[this._pick & 3] as Selection;
  }

  /** Merged-group index, or -1 for 'none'. */
  get groupIndex(): number {
    return (this._pick >> 3) - 1;
  }

  /** True when the artifact was compiled for the rfc9309 profile (else google). */
  private get _rfc(): boolean {
    return (this._pick & 4) !== 0;
  }

  /**
   * Returns the deciding rank of `url` (see matcher.ts bestRank): on the group's automaton once
   * it tiered up (tier 1, lazy-dfa.ts), else on the tries and segment scan (tier 0), counting
   * checks towards the tier-up threshold.
   */
  private _rank(url: string): number {
    // Invariant: the group has parts. Hot: run pnpm bench.
    let d = this._dfa;
    if (d === null && this._checks !== _STAY_BELOW && ++this._checks > tierTuning.threshold) d = this._tierUp();
    if (d !== null) {
      const r = runLazyDfa(d, url);
      if (r !== TIER_FALLBACK) return r;
    }
    return this._rankBelow(url);
  }

  /** Returns the rank tier 0 (tries and segment scan) gives `url`, first dropping an automaton that gave up; for checks tier 1 did not answer (TIER_FALLBACK) or that come before tier-up. */
  private _rankBelow(url: string): number {
    // Invariant: the group has parts. Hot (tier 0): run pnpm bench.
    const d = this._dfa;
    if (d !== null && (d.gaveUp || d.pauseWanted)) this._stepDown(d);
    // A URL that starts with the group's remembered scheme and authority, then `/`, has its
    // path there (exact: see _findPathStart).
    const a = this._authority;
    const i = startsWithAuthority(url, a) ? a.length : this._findPathStart(url);
    return bestRankFrom(this._t, this._t.roots, this._t.rootCount, this._need, url, i, this._rfc, THREAD_SCRATCH);
  }

  /**
   * Returns findPathStart(url) and, on the group's first URL of the `http(s)://` form whose path
   * starts with `/` (path-bytes.ts httpAuthorityStart), remembers its scheme and authority in
   * `_authority` (once: one string per group, at most AUTHORITY_MAX code units). Exact: for
   * that form the path start depends only on the code units before the first `/`, `?`, `;` or
   * `#` after the `//`, so any URL that starts with the same units, followed by `/`, has its
   * path start at the same index. O(scheme + authority).
   */
  private _findPathStart(url: string): number {
    // Invariant: none. Hot (a URL of another authority than the remembered one): run pnpm bench.
    const i = findPathStart(url);
    // Not once the automaton holds the group's authorities (a check it handed back: TIER_FALLBACK).
    if (this._authority.length === 0 && this._dfa === null && i > 0 && i <= AUTHORITY_MAX && url.charCodeAt(i) === 47 && httpAuthorityStart(url) > 0) this._authority = copyPrefix(url, i);
    return i;
  }

  /** Builds the group's automaton (tier 1) and returns it, or marks the group as staying below when its NFA is past the budget (null). */
  private _tierUp(): LazyDfa | null {
    const parked = this._parked;
    if (parked !== null) {
      // The end of a pause: the automaton comes back with its states.
      this._parked = null;
      parked.resume();
      this._dfa = parked;
      return parked;
    }
    const nfa = buildGroupNfa(this._t, this._t.img.subarray(this._t.roots, this._t.roots + this._t.rootCount), tierTuning.maxPositions, this._rfc);
    // Work (scratch.ts): the build is linear in the NFA's positions.
    THREAD_SCRATCH.buildWork += nfa === null ? tierTuning.maxPositions : nfa.sym.length;
    if (nfa === null) this._checks = _STAY_BELOW;
    else {
      this._dfa = new LazyDfa(nfa, this._rfc);
      // The automaton takes over the authority tier 0 remembered: one string per group across tiers.
      if (this._authority.length !== 0) rememberAuthority(this._dfa, this._authority);
    }
    return this._dfa;
  }

  /**
   * Takes the group's automaton `d` (`_dfa`) off tier 1: drops one that gave up (it thrashed its
   * cache or ran out of work), and the group stays on the tier below; parks one the churn rule
   * paused, and tier 0 answers until it has counted {@link _pauseChecks} checks to tier-up, which
   * resumes it.
   */
  private _stepDown(d: LazyDfa): void {
    // Tier 0 keeps the automaton's authority when it has none: no new string after give-up (8 per group in all).
    if (this._authority.length === 0) this._authority = d.authority;
    this._dfa = null;
    if (d.gaveUp) {
      this._checks = _STAY_BELOW;
      return;
    }
    this._parked = d;
    this._checks = tierTuning.threshold - _pauseChecks();
  }

  /** Returns the literal segments of the group's wildcard patterns, counted per pattern (read through `groupSegmentCount` of `@robomata/runtime/testing`). */
  [SEGMENT_COUNT](): number {
    const t = this._t;
    const img = t.img;
    let segments = 0;
    for (let k = t.roots; k < t.roots + t.rootCount; k++) {
      const queue = [img[k] as number];
      while (queue.length > 0) {
        const rec = t.nodeBase + (queue.pop() as number) * NODE_WORDS;
        const w0 = nodeWildFirst(img, rec);
        const w1 = w0 + nodeWildCount(img, rec);
        for (let w = w0; w < w1; w++) segments += img[t.wildBase + w * WILD_WORDS + WILD_SEG_COUNT] as number;
        const first = img[rec + NODE_FIRST_CHILD] as number;
        for (let c = first; c < first + nodeChildCount(img, rec); c++) queue.push(c);
      }
    }
    return segments;
  }

  /** Which tier answers this group's checks now and the automaton's bytes (read through `tierOf` of `@robomata/runtime/testing`). */
  [TIER_STATE](): TierState {
    // A parked automaton (paused) still counts as the group's tier 1.
    const d = this._dfa ?? this._parked;
    const stayBelow = this._checks === _STAY_BELOW;
    return d === null
      ? { tier: 0, automatonBytes: 0, states: 0, flushes: 0, stayBelow, authority: this._authority, transitionBytes: 0, pauses: 0, paused: false }
      : { tier: 1, automatonBytes: d.byteLength, states: d.states - 1, flushes: d.flushes, stayBelow, authority: d.authority, transitionBytes: d.narrow ? 1 : 2, pauses: d.pauses, paused: this._parked !== null };

  }

  /**
   * Returns the Content-Usage preference for `category` at `url` (docs/semantics.md section 10;
   * draft-ietf-aipref-attach-05, draft-ietf-aipref-vocab-07): `'y'` allowed, `'n'` disallowed,
   * undefined unknown (no matching line states it, the group disallows the URL, or `category`
   * is not a vocabulary category: `train-ai`, `search`). Among the matching lines of the
   * longest path (octets, as Allow/Disallow), any `n` wins, else any `y`. Throws TypeError for
   * a non-string `url` or `category`. The group's first preference check builds its matcher
   * (usage-match.ts, once per group and kind); after that no allocation. O(isAllowed + path +
   * the segments of the group's Content-Usage lines), see usage.ts for the bound on hostile groups.
   */
  usage(url: string, category: string): 'y' | 'n' | undefined {
    // Invariant: as isAllowed. Hot: run pnpm bench.
    if (typeof url !== 'string') throw _urlError(url);
    if (typeof category !== 'string') throw new TypeError(`category must be a string such as 'train-ai', got ${_typeName(category)}`);
    if (category !== 'train-ai' && category !== 'search') return undefined;
    const a = answerPreference(this._a.preferences, this.groupIndex, KIND_USAGE, category, url, this._rfc, this);
    return a === ANSWER_DISALLOW ? 'n' : a === ANSWER_ALLOW ? 'y' : undefined;
  }

  /**
   * Returns the Content-Signal answer for `key` (`search`, `ai-input`, `ai-train` or any other
   * key a line states) at `url`: `'yes'`, `'no'` or undefined, matched and combined as
   * {@link AgentRules.usage} (docs/semantics.md section 10). Throws TypeError for a non-string
   * `url` or `key`. Builds the group's Content-Signal matcher on first use, then no allocation;
   * same bound as `usage`.
   */
  signal(url: string, key: string): 'yes' | 'no' | undefined {
    // Invariant: as isAllowed. Hot: run pnpm bench.
    if (typeof url !== 'string') throw _urlError(url);
    if (typeof key !== 'string') throw new TypeError(`key must be a string such as 'ai-train', got ${_typeName(key)}`);
    const a = answerPreference(this._a.preferences, this.groupIndex, KIND_SIGNAL, key, url, this._rfc, this);
    return a === ANSWER_DISALLOW ? 'no' : a === ANSWER_ALLOW ? 'yes' : undefined;
  }

  /**
   * @internal Returns why `url` has its Content-Usage (`'usage'`) or Content-Signal (`'signal'`)
   * preferences: the deciding lines, their paths and raw dictionaries, the combined answers
   * (for the decision type of the explanation API, the CLI and the playground). Allocates.
   */
  [EXPLAIN_PREFERENCES](url: string, kind: 'usage' | 'signal'): PreferenceExplanation {
    if (typeof url !== 'string') throw _urlError(url);
    return explainPreference(this._a.preferences, this.groupIndex, kind === 'usage' ? KIND_USAGE : KIND_SIGNAL, url, this._rfc, this);
  }

  /**
   * Returns true when the crawler may fetch `url` (an absolute URL or a path; docs/semantics.md section
   * 6 finds the path). Zero allocation; O(path + candidates verified), reading only as much of
   * the path as can matter. RFC 9309 section 2.2.2.
   */
  isAllowed(url: string): boolean {
    // Invariant: the loader validated the tables; no allocation. Hot: run pnpm bench.
    // A tiered-up group answers first, reading nothing else of this object (one call, one
    // object less per check); the rank word carries its rule's kind (tables.ts imageRank;
    // NO_RANK and IMPLICIT_RANK allow).
    const d = this._dfa;
    if (d !== null && typeof url === 'string') {
      const r = runLazyDfa(d, url);
      if (r !== TIER_FALLBACK) return rankAllows(r);
    }
    return this._isAllowedBelow(url);
  }

  /** isAllowed on tier 0 (and before tier-up), apart so that isAllowed stays small enough to inline into a caller's loop. */
  private _isAllowedBelow(url: string): boolean {
    if (typeof url !== 'string') throw _urlError(url);
    if (this._t.rootCount === 0) return true;
    // With an automaton, tier 1 answered TIER_FALLBACK for this URL in isAllowed: tier 0 answers it.
    return rankAllows(this._dfa !== null ? this._rankBelow(url) : this._rank(url));
  }

  /**
   * Returns the id of the rule that decides `url` (see {@link Robots.rule}), or -1 when no rule
   * decides (allowed; also the rfc9309 implicit `/robots.txt` allow). Zero allocation.
   */
  decide(url: string): number {
    // Invariant: as isAllowed. Hot: run pnpm bench.
    return verdictRule(this.decideVerdict(url));
  }

  /**
   * Returns the verdict and the deciding rule of `url` in one check, as one number `v`:
   * {@link verdictAllows}(v) is {@link AgentRules.isAllowed}'s answer and {@link verdictRule}(v)
   * is {@link AgentRules.decide}'s rule id (-1 when no rule decides: allowed, also the rfc9309
   * implicit `/robots.txt` allow). For callers that need both in a hot loop (the CLI's TSV
   * output) without checking twice. Zero allocation; O(path + candidates verified) as isAllowed.
   */
  decideVerdict(url: string): number {
    // Invariant: as isAllowed. Hot: run pnpm bench.
    if (typeof url !== 'string') throw _urlError(url);
    if (this._t.rootCount === 0) return NO_RULE_VERDICT;
    const r = this._rank(url);
    if (r === NO_RANK || r < 0) return NO_RULE_VERDICT;
    return (ruleOfRank(this._a.ranks(), r) << 1) | (rankAllows(r) ? 1 : 0);
  }

  /**
   * Returns true when the rule that decides `url` (see {@link AgentRules.decide}) decides
   * through its index.html companion pattern (an `Allow: /dir/index.html` also allows exactly
   * `/dir/`, docs/semantics.md section 5), not its own pattern; false otherwise
   * (also when no rule decides). Zero allocation.
   */
  decidedByIndexHtml(url: string): boolean {
    // Invariant: as isAllowed. Hot: run pnpm bench.
    if (typeof url !== 'string') throw _urlError(url);
    if (this._t.rootCount === 0) return false;
    const r = this._rank(url);
    return r !== NO_RANK && r >= 0 && (rankEntry(this._a.ranks(), r) & RANK_COMPANION) !== 0;
  }

  /**
   * Returns the rank-table entry (tables.ts `RANK_*`) of the rank that decides `url` on the
   * tries and segment scan (tier 0), NO_RANK when nothing matches, IMPLICIT_RANK for the rfc9309
   * `/robots.txt` allow. A tiered-up automaton settles on answers, not rules, so explanations
   * walk tier 0; it counts no check towards tiering up. Not hot.
   */
  [UNTIERED_ENTRY](url: string): number {
    if (this._t.rootCount === 0) return NO_RANK;
    const r = bestRank(this._t, this._t.roots, this._t.rootCount, this._need, url, this._rfc, THREAD_SCRATCH);
    return r === NO_RANK || r < 0 ? r : rankEntry(this._a.ranks(), r);
  }
}

/** A {@link Robots}' fields most hosts never use, in one object made on first use (a loaded host keeps fewer bytes). */
class _RobotsRest {
  /** AgentRules of specific groups past the first, by group index. */
  moreSpecific: (AgentRules | undefined)[] | undefined = undefined;
  /** The global group's (or allow-all) AgentRules when it was not the first made. */
  globalRules: AgentRules | undefined = undefined;
  sitemaps: readonly string[] | undefined = undefined;
  patterns: PatternIndex | undefined = undefined;
  /** The whole file's artifact once `fileLoader` made it (compileRobots). */
  file: LoadedArtifact | undefined = undefined;
  constructor(
    readonly builder: GroupBuilder | null,
    readonly fileLoader: FileLoader | null = null,
    /** What makes compileRobots' first artifact, until it is made (the Robots' artifact is null until then). */
    public pending: PendingArtifact | null = null,
  ) {}
}

/**
 * A loaded artifact: every merged group's parts, the rule table, sitemaps, directives and
 * warnings. Created by `loadRobots` (or `compileRobots` in the compiler). Its answers never
 * change; it caches what it decodes (strings on first use, one `AgentRules` per group with
 * that group's tier-up automaton) and belongs to the thread that loaded it: the artifact bytes
 * (`robots.bytes`) are what can be shared across threads.
 */
export class Robots {
  /** The loaded artifact; null under compileRobots until its first use (`_rest.pending` makes it, see {@link PendingArtifact}). */
  private _art: LoadedArtifact | null;
  /** The first AgentRules made (most hosts are asked for one crawler), specific or not; further ones in `_rest`. */
  private _first: AgentRules | undefined = undefined;
  /** What most hosts never need (see {@link _RobotsRest}), made on first use; null until then. */
  private _rest: _RobotsRest | null;

  /** @internal Use `loadRobots` (or `compileRobots`, through internal.ts). */
  constructor(artifact: LoadedArtifact | PendingArtifact, builder: GroupBuilder | null = null, fileLoader: FileLoader | null = null) {
    // A null check, not instanceof, on every later read: the field holds one class or null.
    const loaded = artifact instanceof LoadedArtifact;
    this._art = loaded ? artifact : null;
    this._rest = builder === null && fileLoader === null && loaded ? null : new _RobotsRest(builder, fileLoader, loaded ? null : artifact);
  }

  /** The loaded artifact (made now, with no group built, when compileRobots' first one is still pending). */
  private get _a(): LoadedArtifact {
    const a = this._art;
    return a !== null ? a : this._settle(this._pending(), -1, false);
  }

  /** Returns what makes the first artifact while `_art` is null. */
  private _pending(): PendingArtifact {
    return (this._rest as _RobotsRest).pending as PendingArtifact;
  }

  /** Makes and keeps the pending first artifact with group `g` built (-1: none; `selected` as PendingArtifact.build); returns it. */
  private _settle(pending: PendingArtifact, g: number, selected: boolean): LoadedArtifact {
    const a = pending.build(g, selected);
    this._art = a;
    (this._rest as _RobotsRest).pending = null;
    return a;
  }

  /**
   * compileRobots' first agent() (or explain()): makes the first artifact with the group of
   * `pick` (`_pickGroup`'s code, made over the pending maps) built, its own or the global group
   * it falls back to. Out of scope or no group: none built (agent() then throws or answers
   * allow-all from it).
   */
  private _settleFor(pending: PendingArtifact, pick: number): void {
    this._settle(pending, pick >= 0 ? pick : pick === -1 || pick === _OUT_OF_SCOPE ? -1 : -pick - 2, true);
  }

  /**
   * Returns the artifact holding the whole file's texts (rule patterns, directives, group
   * sources) and `bytes`: `_a` itself, except under compileRobots, whose `_a` holds what
   * selection and matching read (and the sitemaps) and whose whole file is loaded on the first
   * call that reads it.
   */
  private _file(): LoadedArtifact {
    const rest = this._rest;
    if (rest === null || rest.fileLoader === null) return this._a;
    return (rest.file ??= rest.fileLoader());
  }

  /** Returns the host's rarely used caches, made on first use. */
  private _more(): _RobotsRest {
    return (this._rest ??= new _RobotsRest(null));
  }

  /** Builds an unbuilt group on its first `agent()` (compileRobots; see internal.ts), or null. */
  private get _builder(): GroupBuilder | null {
    return this._rest === null ? null : this._rest.builder;
  }

  /**
   * The artifact bytes (e.g. to post to a worker or store in a cache). On a `compileRobots`
   * host the whole file's artifact is compiled and loaded on the first read and then kept
   * (about one more compile and the artifact's size retained); a caller that wants bytes to
   * ship should call `compile` and `loadRobots` instead.
   */
  get bytes(): Uint8Array {
    return this._file().bytes;
  }

  /** Matching profile the artifact was compiled for (docs/semantics.md section 7). */
  get profile(): Profile {
    // A pending artifact knows its profile: reading it makes nothing.
    const a = this._art;
    return a !== null ? a.profile : this._pending().profile;
  }

  /**
   * Returns the artifact's size in bytes. On a `compileRobots` host it is the whole file's
   * artifact, compiled and kept on the first read as for {@link Robots.bytes}: size a cache of
   * `compileRobots` hosts by their input's length instead.
   */
  get byteLength(): number {
    return this._file().bytes.byteLength;
  }

  /** Returns the number of merged groups. */
  get groupCount(): number {
    return this._a.header(INDEX_GROUP_COUNT);
  }

  /** The lower-cased product tokens an agent-scoped artifact was compiled for, or null when it holds every group. */
  get scope(): readonly string[] | null {
    const a = this._a;
    const count = a.header(INDEX_SCOPE_COUNT);
    return count === 0 ? null : this._texts(a.index, a.scopeBase, count, TOKEN_WORDS);
  }

  /** Sitemap URLs, in file order (RFC 9309 section 2.3.5). */
  get sitemaps(): readonly string[] {
    const rest = this._more();
    if (rest.sitemaps === undefined) {
      const count = this._a.header(INDEX_SITEMAP_COUNT);
      const w = count === 0 ? undefined : this._a.peekWhole();
      rest.sitemaps = w === undefined ? [] : this._texts(w.tables.img, w.sitemapBase, count, SITEMAP_WORDS);
    }
    return rest.sitemaps;
  }

  /** What the compiler noticed about the body: cut at the size limit, an HTML page, binary data (empty for a plain robots.txt). */
  get warnings(): readonly RobotsWarning[] {
    const a = this._a;
    const img = a.index;
    const out: RobotsWarning[] = [];
    const base = a.header(INDEX_WARNING_BASE);
    for (let i = 0; i < a.header(INDEX_WARNING_COUNT); i++) {
      const at = base + WARNING_WORDS * i;
      const code = WARNING_CODES[img[at + WARNING_CODE] as number] as WarningCode;
      out.push({ code, line: img[at + WARNING_LINE] as number, message: WARNING_MESSAGES[code] });
    }
    return out;
  }

  /**
   * Returns the rules for a crawler (docs/semantics.md section 3; RFC 9309 section 2.2.1): the merged
   * group whose product token equals the crawler's ASCII-case-insensitively, else the global
   * group, else allow-all. In the rfc9309 profile a full User-Agent header is cut to its
   * crawler token first (`findProductToken`: `FooBot/2.1 (+https://x)` and
   * `Mozilla/5.0 (compatible; FooBot/2.1)` select `FooBot`; a string with no product token,
   * such as `*`, is kept whole and selects no group); the google profile compares `userAgent`
   * verbatim, as Google's parser does (`FooBot/2.1` selects no `FooBot` group: pass
   * `extractProductToken(header)`). {@link Robots.selectAgent} tells which token and group
   * a string selects. Throws {@link RobotsAgentError} when the artifact was compiled for other
   * agents only. The same object is returned for the same choice: keep it.
   * O(|agent| log tokens); allocates only for a header that needs cutting.
   */
  agent(userAgent: string): AgentRules {
    _checkAgent(userAgent);
    const token = this._lookupToken(userAgent);
    const pick = this._choose(token, true);
    if (pick === _OUT_OF_SCOPE) throw this._outOfScope(token);
    return this._rulesOf(pick);
  }

  /**
   * Returns which token `userAgent` is looked up by, whether it is a recognised crawler token,
   * and the group it selects (docs/semantics.md section 3), by the same lookup as
   * {@link Robots.agent}, without building the group. Never throws for the scope of an
   * agent-scoped artifact (selection 'out-of-scope'); TypeError for a non-string.
   * O(|agent| log tokens); allocates the result.
   */
  selectAgent(userAgent: string): AgentSelection {
    _checkAgent(userAgent);
    const token = this._lookupToken(userAgent);
    return this._selectionOf(userAgent, token, this._choose(token, false));
  }

  /** Returns the {@link AgentSelection} of `_choose`'s code `pick` for `userAgent`, looked up as `token`. Allocates the result. */
  private _selectionOf(userAgent: string, token: string, pick: number): AgentSelection {
    const { recognised } = findProductToken(userAgent);
    if (pick === _OUT_OF_SCOPE) return { token, recognised, selection: 'out-of-scope', group: -1 };
    if (pick === -1) return { token, recognised, selection: 'none', group: -1 };
    return { token, recognised, selection: pick >= 0 ? 'specific' : 'global', group: pick >= 0 ? pick : -pick - 2 };
  }

  /**
   * Returns the {@link RobotsAgentError} that {@link Robots.agent} throws for `userAgent` (a
   * crawler an agent-scoped artifact was compiled without), without throwing it; undefined when
   * `agent()` answers for it. For callers that report the refusal in their own words (the CLI,
   * the Crawlee adapter) after {@link Robots.selectAgent} said 'out-of-scope'. TypeError for a
   * non-string. O(|agent| log tokens); allocates only the error.
   */
  findAgentRefusal(userAgent: string): RobotsAgentError | undefined {
    _checkAgent(userAgent);
    const token = this._lookupToken(userAgent);
    return this._choose(token, false) === _OUT_OF_SCOPE ? this._outOfScope(token) : undefined;
  }

  /**
   * Returns the one refusal of a crawler an agent-scoped artifact left out, in the words of
   * {@link describeGroupChoice} plus the scope and the remedy: {@link Robots.agent} throws it and
   * the CLI and Crawlee print it. `token` is what the lookup compared.
   */
  private _outOfScope(token: string): RobotsAgentError {
    const choice = describeGroupChoice({ token, recognised: true, selection: 'out-of-scope', group: -1, tokens: [] }, this._a.profile);
    return new RobotsAgentError('agent-not-in-scope', `${choice} (this artifact holds ${JSON.stringify(this.scope)}): compile the robots.txt again with it in options.agents`);
  }

  /** Returns the string the lookup compares: rfc9309 the crawler token, google `userAgent` verbatim. */
  private _lookupToken(userAgent: string): string {
    return this.profile === 'rfc9309' ? crawlerToken(userAgent) : userAgent;
  }

  /**
   * The one group lookup, made building nothing (over the pending maps while compileRobots'
   * first artifact waits): `g` for `token`'s own group, `-g - 2` for the global group `g` it
   * falls back to, -1 for none (allow all), or _OUT_OF_SCOPE when the scope leaves it out.
   */
  private _pickGroup(token: string): number {
    const a = this._art;
    if (a === null) {
      const p = this._pending();
      if (p.scope !== null && !hasAgentToken(p.scope, token)) return _OUT_OF_SCOPE;
      const own = findAgentGroupOf(p.byToken, token);
      if (own >= 0) return own;
      return p.global < 0 ? -1 : -p.global - 2;
    }
    // The token tables are read from the index each time: it moves into the first group image's array.
    const scope = a.header(INDEX_SCOPE_COUNT);
    if (scope > 0 && findAgentGroupIn(a.bytes, a.index, a.scopeBase, scope, token) < 0) return _OUT_OF_SCOPE;
    const g = findAgentGroupIn(a.bytes, a.index, a.agentBase, a.header(INDEX_AGENT_COUNT), token);
    if (g >= 0) return g;
    const global = a.header(INDEX_GLOBAL_GROUP);
    return global < 0 ? -1 : -global - 2;
  }

  /**
   * The one choice agent(), selectAgent(), findAgentRefusal() and explain() make for `token`:
   * `_pickGroup`'s code, with a group this artifact neither holds nor can build (an agent-scoped
   * artifact) turned into _OUT_OF_SCOPE, so that agent() throws exactly where selectAgent() says
   * 'out-of-scope'. With `settle`, compileRobots' pending first artifact is made with the chosen
   * group built (agent() and explain(); selectAgent() builds nothing). O(|token| log tokens).
   */
  private _choose(token: string, settle: boolean): number {
    const pick = this._pickGroup(token);
    if (settle && this._art === null) this._settleFor(this._pending(), pick);
    if (pick === _OUT_OF_SCOPE || pick === -1) return pick;
    return this._canBuild(pick >= 0 ? pick : -pick - 2) ? pick : _OUT_OF_SCOPE;
  }

  /** Returns the AgentRules of `_choose`'s code `pick` (not _OUT_OF_SCOPE): the group built on its first use under compileRobots. */
  private _rulesOf(pick: number): AgentRules {
    if (pick === -1) return this._global();
    const g = pick >= 0 ? pick : -pick - 2;
    // compileRobots: the group is built (once) into a Robots of its own, same indices and ids.
    if (!this._isBuilt(g)) return (this._builder as GroupBuilder)(g)[GROUP_RULES](g, pick < -1);
    return this[GROUP_RULES](g, pick < -1);
  }

  /** The global group's rules (selection 'global'), or allow-all ('none') when there is none. */
  private _global(): AgentRules {
    const first = this._first;
    if (first !== undefined && first.selection !== 'specific') return first;
    const known = this._rest?.globalRules;
    if (known !== undefined) return known;
    const g = this._a.header(INDEX_GLOBAL_GROUP);
    const rules = g < 0 ? new AgentRules('none', -1, this._a) : new AgentRules('global', g, this._a);
    if (first === undefined) this._first = rules;
    else this._more().globalRules = rules;
    return rules;
  }

  /** Returns true when `agent()` answers for group `g` (it is built, or can be). */
  private _canBuild(g: number): boolean {
    return this._builder !== null || this._isBuilt(g);
  }

  /** Returns true when group `g`'s parts are in this artifact. */
  private _isBuilt(g: number): boolean {
    const a = this._a;
    return ((a.index[a.groupBase + g * GROUP_WORDS + GROUP_FLAGS] as number) & GROUP_FLAG_UNBUILT) === 0;
  }

  /** Returns true when `userAgent` may fetch `url`; `agent(userAgent).isAllowed(url)`. */
  isAllowed(url: string, userAgent: string): boolean {
    return this.agent(userAgent).isAllowed(url);
  }

  /**
   * Returns why `url` is (dis)allowed for `userAgent` ({@link Decision}): the group it selected
   * and that group's tokens, the outcome (a rule, its index.html companion, the rfc9309
   * `/robots.txt` allow, no match, no group, out of scope), the deciding rule and the path as
   * matched, how the URL was read (`classifyUrl`), and why it has its Content-Usage and
   * Content-Signal preferences (docs/semantics.md section 10). Never throws for the scope of an agent-scoped artifact ('out-of-scope', `allowed`
   * undefined); TypeError for a non-string. `allowed` equals {@link Robots.isAllowed}'s answer.
   * Not hot: O(URL + the group's segments) like a tier-0 check, plus the allocations of the answer.
   */
  explain(url: string, userAgent: string): Decision {
    if (typeof url !== 'string') throw _urlError(url);
    _checkAgent(userAgent);
    const token = this._lookupToken(userAgent);
    // A first explain() on compileRobots' host settles as agent() would: one artifact, its group built.
    const pick = this._choose(token, true);
    const sel = this._selectionOf(userAgent, token, pick);
    const path = readMatchedPath(url, this._a.profile === 'rfc9309');
    const form = classifyUrl(url);
    const group = { ...sel, tokens: sel.group >= 0 ? this._groupTokens(sel.group) : [] };
    if (sel.selection === 'out-of-scope') return { url, form, group, outcome: 'out-of-scope', rule: undefined, allowed: undefined, path, usage: undefined, signal: undefined };
    const rules = this._rulesOf(pick);
    const usage = rules[EXPLAIN_PREFERENCES](url, 'usage');
    const signal = rules[EXPLAIN_PREFERENCES](url, 'signal');
    if (sel.selection === 'none') return { url, form, group, outcome: 'no-group', rule: undefined, allowed: true, path, usage, signal };
    const o = decideOutcome(rules[UNTIERED_ENTRY](url));
    return { url, form, group, outcome: o.outcome, rule: o.ruleId >= 0 ? this.rule(o.ruleId) : undefined, allowed: o.allowed, path, usage, signal };
  }

  /** Returns the deciding rule id for `userAgent` and `url`, or -1; `agent(userAgent).decide(url)`. */
  decide(url: string, userAgent: string): number {
    return this.agent(userAgent).decide(url);
  }

  /** Returns rule `id` (from `decide`) with its line, kind and pattern as written (undefined when not kept). */
  rule(id: number): RuleInfo {
    const a = this._file();
    const ruleCount = a.header(INDEX_RULE_COUNT);
    if (!(Number.isInteger(id) && id >= 0 && id < ruleCount)) {
      throw new RangeError(`no rule ${String(id)}: ids run from 0 to ${ruleCount - 1}`);
    }
    const whole = a.whole();
    const img = whole.tables.img;
    const rec = whole.ruleBase + RULE_WORDS * id;
    const len = img[rec + RULE_PATTERN_LEN] as number;
    let pattern: string | undefined;
    if (len === REBUILD_PATTERN) {
      const rest = this._more();
      rest.patterns ??= new PatternIndex(whole.tables, a.ranks(), ruleCount);
      pattern = rebuildPattern(whole.tables, rest.patterns, id);
    } else if (len >= 0) pattern = this._text(img[rec + RULE_PATTERN_OFF] as number, len, a.bytes);
    return { id, line: img[rec + RULE_LINE] as number, kind: img[rec + RULE_ALLOW] === 1 ? 'allow' : 'disallow', pattern };
  }

  /** Returns the crawl-delay in seconds of the group `userAgent` obeys, or undefined. */
  crawlDelay(userAgent: string): number | undefined {
    return this._crawlDelayOf(this.agent(userAgent).groupIndex);
  }

  /**
   * Returns every line no other call answers (crawl-delay, host, clean-param, ...) with its
   * line, in file order. A Content-Usage or Content-Signal line inside a group is a preference
   * answered by `usage()` / `signal()` and is not listed; one before any user-agent line is
   * (docs/semantics.md sections 8 and 10). Allocates; O(directives).
   */
  otherDirectives(): readonly OtherDirective[] {
    const a = this._file();
    const out: OtherDirective[] = [];
    const count = a.header(INDEX_DIRECTIVE_COUNT);
    if (count === 0) return out;
    const whole = a.whole();
    const d = whole.tables.img;
    let line = 0;
    for (let i = 0; i < count; i++) {
      const at = whole.directiveBase + DIRECTIVE_WORDS * i;
      line += d[at + DIRECTIVE_LINE_DELTA] as number;
      out.push({
        line,
        key: this._text(d[at + DIRECTIVE_KEY_OFF] as number, d[at + DIRECTIVE_KEY_LEN] as number, a.bytes),
        value: this._text(d[at + DIRECTIVE_VALUE_OFF] as number, d[at + DIRECTIVE_VALUE_LEN] as number, a.bytes),
      });
    }
    return out;
  }

  /**
   * Returns a description of merged group `index` (tokens, rules, part sizes), for tooling. The
   * first call decodes and keeps the whole file's image and lists every group's tokens once, so
   * describing each of a file's groups in turn costs O(artifact + agents + the groups' rules),
   * not O(artifact) per call.
   */
  describeGroup(index: number): GroupInfo {
    const a = this._a;
    const groupCount = a.header(INDEX_GROUP_COUNT);
    if (!(Number.isInteger(index) && index >= 0 && index < groupCount)) {
      throw new RangeError(`no group ${String(index)}: there are ${groupCount}`);
    }
    const tokens = this._groupTokens(index);
    const ruleIds: number[] = [];
    // The sources stay in the whole file's image, not in the index: decoded once and kept.
    const whole = this._file().whole();
    const w = whole.tables.img;
    const entry = whole.groupSourceBase + index * GROUP_SOURCE_WORDS;
    const src = w[entry + GROUP_SOURCES] as number;
    for (let k = 0; k < (w[entry + GROUP_SOURCE_COUNT] as number); k++) {
      const first = w[src + SOURCE_WORDS * k + SOURCE_FIRST_RULE] as number;
      for (let id = first; id < first + (w[src + SOURCE_WORDS * k + SOURCE_RULE_COUNT] as number); id++) ruleIds.push(id);
    }
    return {
      index,
      tokens,
      global: ((a.index[a.groupBase + index * GROUP_WORDS + GROUP_FLAGS] as number) & GROUP_FLAG_GLOBAL) !== 0,
      ruleIds,
      crawlDelay: this._crawlDelayOf(index),
      built: this._canBuild(index),
      parts: ((g) => g.roots.map((root) => _partSize(g.tables, root)))(this[GROUP_TABLES](index)),
    };
  }

  /** Returns the tables holding merged group `index`'s parts and their trie roots, for tooling (built first under compileRobots; empty when not built). Read through internal.ts. */
  [GROUP_TABLES](index: number): GroupTables {
    if (this._builder !== null && index >= 0 && index < this._a.header(INDEX_GROUP_COUNT) && !this._isBuilt(index)) return this._builder(index)[GROUP_TABLES](index);
    const image = this._a.group(index);
    const roots = Array.from(image.img.subarray(image.roots, image.roots + image.rootCount));
    return { tables: image, roots, ranks: this._a.ranks() };
  }

  /**
   * Returns the lower-cased product tokens that select merged group `index` (`*` for the global
   * group), in token order: every group's list is made on the first call, in one pass over the
   * agent table, and kept beside this object (tooling only; no field on the hot object).
   */
  private _groupTokens(index: number): string[] {
    let byGroup = _TOKENS_BY_GROUP.get(this);
    if (byGroup === undefined) {
      const a = this._a;
      const img = a.index;
      const base = a.agentBase;
      byGroup = Array.from({ length: a.header(INDEX_GROUP_COUNT) }, (): string[] => []);
      for (let i = 0; i < a.header(INDEX_AGENT_COUNT); i++) {
        const at = base + TOKEN_WORDS * i;
        byGroup[img[at + TOKEN_GROUP] as number]?.push(this._text(img[at + TOKEN_OFF] as number, img[at + TOKEN_LEN] as number));
      }
      _TOKENS_BY_GROUP.set(this, byGroup);
    }
    return (byGroup[index] as string[]).slice();
  }

  private _crawlDelayOf(group: number): number | undefined {
    if (group < 0) return undefined;
    const a = this._a;
    const rec = a.groupBase + group * GROUP_WORDS;
    const len = groupDelayLength(a.index, rec);
    return len === 0 ? undefined : parseCrawlDelay(a.bytes, a.index[rec + GROUP_DELAY_OFF] as number, len);
  }

  /** Returns the strings of `count` records of `words` words at offset `base` of `img` (offset, length first) in the artifact's bytes. */
  private _texts(img: Int32Array, base: number, count: number, words: number): string[] {
    const bytes = this._a.bytes;
    const out: string[] = [];
    for (let i = 0; i < count; i++) out.push(this._text(img[base + words * i] as number, img[base + words * i + 1] as number, bytes));
    return out;
  }

  /** Returns the decoded artifact, for tooling (read through internal.ts). */
  [ARTIFACT](): LoadedArtifact {
    return this._a;
  }

  /**
   * Returns the rules of built group `g`, selected as the crawler's own group or (`global`) as
   * the global group it falls back to: what `agent()` returns once it has chosen `g`. The
   * compileRobots seam: its per-group artifacts hold no agent table. O(1).
   */
  [GROUP_RULES](g: number, global: boolean): AgentRules {
    if (global) return this._global();
    const first = this._first;
    if (first !== undefined && first.groupIndex === g && first.selection === 'specific') return first;
    if (first === undefined) {
      const rules = new AgentRules('specific', g, this._a);
      this._first = rules;
      return rules;
    }
    const more = (this._more().moreSpecific ??= []);
    let rules = more[g];
    if (rules === undefined) {
      rules = new AgentRules('specific', g, this._a);
      more[g] = rules;
    }
    return rules;
  }

  /** Returns true when group `g`'s parts are in this artifact (read through internal.ts). */
  [IS_BUILT](g: number): boolean {
    return this._isBuilt(g);
  }

  /** Returns the string at `off`, `len` of `bytes` (`_a`'s unless the offset is the whole file's). */
  private _text(off: number, len: number, bytes: Uint8Array = this._a.bytes): string {
    return _DECODER.decode(bytes.subarray(off, off + len));
  }
}

/** Returns the node and wildcard counts of the part rooted at `root` (a BFS over its trie). */
function _partSize(t: Tables, root: number): PartInfo {
  const img = t.img;
  let nodes = 0;
  let wildcards = 0;
  const queue = [root];
  while (queue.length > 0) {
    const x = queue.pop() as number;
    const rec = t.nodeBase + x * NODE_WORDS;
    nodes++;
    wildcards += nodeWildCount(img, rec);
    const first = img[rec + NODE_FIRST_CHILD] as number;
    for (let c = first; c < first + nodeChildCount(img, rec); c++) queue.push(c);
  }
  return { nodes, wildcards };
}
