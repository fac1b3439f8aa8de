/**
 * The loaded-artifact API: {@link Robots} (one per robots.txt) and {@link AgentRules} (the
 * group selected for one crawler), answering checks with no allocation per call.
 */
import type { Profile } from './format.js';
import { AutomatonPart, NfaScratch, endRankOf, stepClass, walkPath } from './matcher.js';
import { findAgentGroup, type AgentTable } from './select-group.js';

/** @internal A validated merged group. */
export interface LoadedGroup {
  /** The group's automaton, or null when no rule can ever decide. */
  readonly part: AutomatonPart | null;
  /** Per rank: `(ruleId + 1) << 1 | allow`. */
  readonly rankInfo: Int32Array;
  readonly ruleIds: readonly number[];
  readonly crawlDelay: number | undefined;
  readonly global: boolean;
}

/** @internal A validated rule record. */
export interface LoadedRule {
  readonly line: number;
  readonly allow: boolean;
  readonly offset: number;
  readonly length: number;
}

/** One allow/disallow rule, for explanations. */
export interface RuleInfo {
  readonly id: number;
  /** 1-based line in the robots.txt. */
  readonly line: number;
  readonly kind: 'allow' | 'disallow';
  /** The pattern as written. */
  readonly pattern: string;
}

/** Size of one automaton of a group. */
export interface AutomatonInfo {
  /** Expanded DFA states. */
  readonly states: number;
  readonly classes: number;
  /** States left to NFA simulation (0: the DFA is complete). */
  readonly frontiers: number;
  /** NFA positions. */
  readonly positions: number;
  /** Bytes of its tables in the artifact. */
  readonly bytes: number;
}

/** Description of a merged group, for tooling. */
export interface GroupInfo {
  readonly index: number;
  /** Lower-cased product tokens selecting it. */
  readonly tokens: readonly string[];
  readonly global: boolean;
  readonly ruleIds: readonly number[];
  readonly crawlDelay: number | undefined;
  readonly automata: readonly AutomatonInfo[];
}

/** A directive other than user-agent/allow/disallow/sitemap, with its line. */
export interface OtherDirective {
  readonly line: number;
  readonly key: string;
  readonly value: string;
}

/** How {@link Robots.agent} chose the rules: own group, global group, or none (allow all). */
export type Selection = 'specific' | 'global' | 'none';

const _DECODER = new TextDecoder();

function _typeName(v: unknown): string {
  return v === null ? 'null' : Array.isArray(v) ? 'an array' : typeof v;
}

/** Returns the TypeError for a non-string URL (kept out of the hot functions). */
function _urlError(url: unknown): TypeError {
  return new TypeError(`url must be a string (an absolute URL or a path), got ${_typeName(url)}`);
}

/**
 * The rules one crawler obeys: its own merged group, else the global group, else none (allow
 * all). Keep it and call {@link AgentRules.isAllowed} in hot loops. Invariant: `_part` is the
 * group's automaton (null: no rule can decide); `_scratch` exists exactly when it has frontier
 * states.
 */
export class AgentRules {
  private readonly _part: AutomatonPart | null;
  private readonly _scratch: NfaScratch | null;
  private readonly _rankInfo: Int32Array;
  private readonly _rfc: boolean;

  /** @internal Use {@link Robots.agent}. */
  constructor(
    /** How the group was chosen. */
    readonly selection: Selection,
    /** Merged-group index, or -1 for 'none'. */
    readonly groupIndex: number,
    group: LoadedGroup | null,
    profile: Profile,
  ) {
    const part = group === null ? null : group.part;
    this._part = part;
    this._rankInfo = group === null ? new Int32Array(0) : group.rankInfo;
    this._scratch = part !== null && part.frontierCount > 0 ? new NfaScratch(part, this._rankInfo) : null;
    this._rfc = profile === 'rfc9309';
  }

  /**
   * Returns true when the crawler may fetch `url` (an absolute URL or a path; SPEC.md section
   * 6 finds the path). Zero allocation; O(path length), and usually far less: the walk stops as
   * soon as the verdict is settled. RFC 9309 section 2.2.2.
   */
  isAllowed(url: string): boolean {
    // Invariant: the loader validated the tables; no allocation. Hot: run pnpm bench.
    if (typeof url !== 'string') throw _urlError(url);
    const p = this._part;
    if (p === null) return true;
    const r = endRankOf(p, this._scratch, walkPath(p, this._scratch, url, true, this._rfc));
    return r < 0 || ((this._rankInfo[r] as number) & 1) === 1;
  }

  /**
   * Returns the id of the rule that decides `url` (see {@link Robots.rule}), or -1 when no rule
   * decides (allowed; also the rfc9309 implicit `/robots.txt` allow). Zero allocation.
   */
  decide(url: string): number {
    // Invariant: as isAllowed, but walks until the deciding rule is settled. Hot: run pnpm bench.
    if (typeof url !== 'string') throw _urlError(url);
    const p = this._part;
    if (p === null) return -1;
    const r = endRankOf(p, this._scratch, walkPath(p, this._scratch, url, false, this._rfc));
    return r < 0 ? -1 : ((this._rankInfo[r] as number) >> 1) - 1;
  }
}

/**
 * A loaded artifact: every merged group's automata, the rule table, sitemaps and directives.
 * Created by `loadRobots` (or `compileRobots` in the compiler). Immutable; safe to share.
 */
export class Robots {
  private readonly _agents: AgentTable;
  private readonly _specific: (AgentRules | undefined)[];
  private readonly _globalRules: AgentRules;
  private readonly _none: AgentRules;

  /** @internal Use `loadRobots`. */
  constructor(
    /** The artifact bytes (e.g. to post to a worker). */
    readonly bytes: Uint8Array,
    /** Matching profile the artifact was compiled for. */
    readonly profile: Profile,
    private readonly _strings: Uint8Array,
    agentEntries: Int32Array,
    agentCount: number,
    private readonly _global: number,
    private readonly _groups: readonly LoadedGroup[],
    private readonly _rules: readonly LoadedRule[],
    /** Sitemap URLs, in file order (RFC 9309 section 2.3.5). */
    readonly sitemaps: readonly string[],
    private readonly _directives: readonly { line: number; key: string; value: string; group: number }[],
  ) {
    this._agents = { strings: _strings, entries: agentEntries, count: agentCount };
    this._specific = new Array<AgentRules | undefined>(_groups.length).fill(undefined);
    this._none = new AgentRules('none', -1, null, profile);
    this._globalRules = _global < 0 ? this._none : new AgentRules('global', _global, _groups[_global] as LoadedGroup, profile);
  }

  /** Returns the artifact's size in bytes. */
  get byteLength(): number {
    return this.bytes.byteLength;
  }

  /** Returns the number of merged groups. */
  get groupCount(): number {
    return this._groups.length;
  }

  /**
   * Returns the rules for a crawler (SPEC.md section 3; RFC 9309 section 2.2.1): the merged
   * group whose product token equals `userAgent` ASCII-case-insensitively, else the global
   * group, else allow-all. `userAgent` is compared verbatim (`FooBot/1.2` selects no `FooBot`
   * group: use `extractProductToken` on a full header). The same object is returned for the
   * same choice: keep it. No allocation after the first call per group; O(|agent| log tokens).
   */
  agent(userAgent: string): AgentRules {
    if (typeof userAgent !== 'string') {
      throw new TypeError(`userAgent must be a string (a product token such as "Googlebot"), got ${_typeName(userAgent)}`);
    }
    const g = findAgentGroup(this._agents, userAgent);
    if (g < 0) return this._globalRules;
    let rules = this._specific[g];
    if (rules === undefined) {
      rules = new AgentRules('specific', g, this._groups[g] as LoadedGroup, this.profile);
      this._specific[g] = rules;
    }
    return rules;
  }

  /** Returns true when `userAgent` may fetch `url`; `agent(userAgent).isAllowed(url)`. */
  isAllowed(url: string, userAgent: string): boolean {
    return this.agent(userAgent).isAllowed(url);
  }

  /** Returns the deciding rule id for `userAgent` and `url`, or -1; `agent(userAgent).decide(url)`. */
  decide(url: string, userAgent: string): number {
    return this.agent(userAgent).decide(url);
  }

  /** Returns rule `id` (from `decide`) with its line, kind and pattern as written. */
  rule(id: number): RuleInfo {
    const r = Number.isInteger(id) ? this._rules[id] : undefined;
    if (r === undefined) throw new RangeError(`no rule ${String(id)}: ids run from 0 to ${this._rules.length - 1}`);
    return {
      id,
      line: r.line,
      kind: r.allow ? 'allow' : 'disallow',
      pattern: _DECODER.decode(this._strings.subarray(r.offset, r.offset + r.length)),
    };
  }

  /** Returns the crawl-delay in seconds of the group `userAgent` obeys, or undefined. */
  crawlDelay(userAgent: string): number | undefined {
    const g = this.agent(userAgent).groupIndex;
    return g < 0 ? undefined : (this._groups[g] as LoadedGroup).crawlDelay;
  }

  /** Returns every other directive (crawl-delay, host, clean-param, ...) with its line. */
  otherDirectives(): readonly OtherDirective[] {
    return this._directives.map((d) => ({ line: d.line, key: d.key, value: d.value }));
  }

  /** Returns a description of merged group `index` (tokens, rules, automata sizes). */
  describeGroup(index: number): GroupInfo {
    const g = Number.isInteger(index) ? this._groups[index] : undefined;
    if (g === undefined) throw new RangeError(`no group ${String(index)}: there are ${this._groups.length}`);
    const tokens: string[] = [];
    const e = this._agents.entries;
    for (let i = 0; i < this._agents.count; i++) {
      if (e[i * 3 + 2] === index) {
        const off = e[i * 3] as number;
        tokens.push(_DECODER.decode(this._strings.subarray(off, off + (e[i * 3 + 1] as number))));
      }
    }
    return {
      index,
      tokens,
      global: g.global,
      ruleIds: g.ruleIds,
      crawlDelay: g.crawlDelay,
      automata: g.part === null ? [] : [{
        states: g.part.stateCount,
        classes: g.part.classCount,
        frontiers: g.part.frontierCount,
        positions: g.part.nfa.length >> 1,
        bytes: 256 + 4 * (g.part.header.length + g.part.pairs.length + g.part.end.length + g.part.nfa.length +
          g.part.frontiers.length + g.part.lists.length),
      }],
    };
  }

  /** @internal Returns the rank table of group `index`, for tooling (`describeAutomaton`). */
  groupRankInfo(index: number): Int32Array {
    return this._groups[index]?.rankInfo ?? new Int32Array(0);
  }

  /** @internal Returns the automaton of group `index`, for tooling (`describeAutomaton`). */
  groupPart(index: number): AutomatonPart | null {
    return this._groups[index]?.part ?? null;
  }
}

/** A read-only view of one automaton, for tooling (DOT output, inspection). */
export interface AutomatonView {
  readonly states: number;
  readonly classes: number;
  readonly start: number;
  /** Returns the byte class of byte `b`. */
  classOf(byte: number): number;
  /** Returns the state reached from `state` on class `cls`; a value < 0 is frontier `-v - 2`. */
  next(state: number, cls: number): number;
  /** Returns the rule id decided when a path ends in `state`, or -1. */
  endRule(state: number): number;
  /** Returns true when no further byte can change the deciding rule. */
  settled(state: number): boolean;
}

/** Returns a view of automaton `part` of merged group `groupIndex`, for tooling. */
export function describeAutomaton(robots: Robots, groupIndex: number, part: number): AutomatonView {
  const p = part === 0 ? robots.groupPart(groupIndex) : null;
  if (p === null) throw new RangeError(`group ${groupIndex} has no automaton ${part}`);
  const rankInfo = robots.groupRankInfo(groupIndex);
  return {
    states: p.stateCount,
    classes: p.classCount,
    start: p.start,
    classOf: (b) => p.cls[b & 255] as number,
    next: (s, c) => stepClass(p, s, c),
    endRule: (s) => {
      const r = p.end[s] as number;
      return r < 0 ? -1 : ((rankInfo[r] as number) >> 1) - 1;
    },
    settled: (s) => s >= p.settleRule,
  };
}
