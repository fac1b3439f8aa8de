/**
 * The strategies the bench times. Each prepares, once per robots.txt file, one matcher per
 * crawler agent; a matcher answers `isAllowed(url)`. Preparation is never timed with checks.
 */
import { compile, parseRobotsTxt } from '@robomata/compiler';
import { isAllowed as referenceIsAllowed } from '@robomata/reference';
import { loadRobots } from '@robomata/runtime';
import robotsParserModule from 'robots-parser';
import { buildRegexMatcher } from './regex-strategy.js';

/** Matching profile of a run. */
export type BenchProfile = 'rfc9309' | 'google';

/** Identifiers of the strategies. */
export type StrategyId = 'floor' | 'reference' | 'regex' | 'robots-parser' | 'compiled';

/** Anything that answers checks for one crawler of one file. */
export interface Matcher {
  isAllowed(url: string): boolean;
}

/** What a strategy is given to prepare its matchers. */
export interface PrepareInput {
  readonly text: string;
  /** Crawler agents (one matcher each, same order). */
  readonly agents: readonly string[];
  readonly profile: BenchProfile;
  /** Parse limit in bytes (the default limit unless a scaling file needs more). */
  readonly maxBytes: number;
  /** Absolute URL of the robots.txt (robots-parser answers only for URLs on its host). */
  readonly robotsUrl: string;
}

/** A benchmarked strategy. */
export interface Strategy {
  readonly id: StrategyId;
  /** Label used in tables and charts. */
  readonly label: string;
  /** True when it must agree with the reference on every input (else disagreements are counted). */
  readonly mustAgree: boolean;
  /** Returns one matcher per agent of `input`. */
  prepare(input: PrepareInput): Matcher[];
}

/** The robots-parser object (its own typings resolve to `any`). */
export interface RobotsParserRobot {
  isAllowed(url: string, ua?: string): boolean | undefined;
}

const robotsParser = robotsParserModule as unknown as (url: string, contents: string) => RobotsParserRobot;

/** Returns robots-parser's parsed object for a file (exported for the memory and parse-time measurements). */
export function parseWithRobotsParser(robotsUrl: string, text: string): RobotsParserRobot {
  return robotsParser(robotsUrl, text);
}

/** The read-once floor: reads every char code of the URL once and does nothing else. */
export class FloorMatcher implements Matcher {
  /** Returns a value derived from the sum of the URL's char codes (so the read is not dead code). */
  isAllowed(url: string): boolean {
    let sum = 0;
    for (let i = 0; i < url.length; i++) sum += url.charCodeAt(i);
    return (sum & 1) === 0;
  }
}

/** The reference matcher of one agent: parses the file again on every call (its public API). */
class _ReferenceMatcher implements Matcher {
  readonly #text: string;
  readonly #agent: string;
  readonly #options: { profile: BenchProfile; maxBytes: number };
  constructor(text: string, agent: string, options: { profile: BenchProfile; maxBytes: number }) {
    this.#text = text;
    this.#agent = agent;
    this.#options = options;
  }
  isAllowed(url: string): boolean {
    return referenceIsAllowed(this.#text, this.#agent, url, this.#options);
  }
}

/** robots-parser's matcher of one agent (`undefined`, i.e. another host, counts as disallowed). */
class _RobotsParserMatcher implements Matcher {
  readonly #robot: RobotsParserRobot;
  readonly #agent: string;
  constructor(robot: RobotsParserRobot, agent: string) {
    this.#robot = robot;
    this.#agent = agent;
  }
  isAllowed(url: string): boolean {
    return this.#robot.isAllowed(url, this.#agent) === true;
  }
}

/** Strategy: the read-once floor (not a matcher; a lower bound for any matcher reading the URL). */
export const FLOOR_STRATEGY: Strategy = {
  id: 'floor',
  label: 'read-once floor',
  mustAgree: false,
  prepare: (input) => input.agents.map(() => new FloorMatcher()),
};

/** Strategy 1: @robomata/reference through its public API (it parses the file on every call). */
export const REFERENCE_STRATEGY: Strategy = {
  id: 'reference',
  label: 'reference',
  mustAgree: true,
  prepare: (input) => input.agents.map((a) => new _ReferenceMatcher(input.text, a, { profile: input.profile, maxBytes: input.maxBytes })),
};

/** Strategy 2: one anchored RegExp per rule, sorted by priority, first hit wins. */
export const REGEX_STRATEGY: Strategy = {
  id: 'regex',
  label: 'regex per rule',
  mustAgree: true,
  prepare: (input) => {
    // The profile's grouping (docs/semantics.md section 10: Content-Usage ends a user-agent run in rfc9309).
    const parsed = parseRobotsTxt(input.text, { maxBytes: input.maxBytes, profile: input.profile });
    return input.agents.map((a) => buildRegexMatcher(parsed, a, input.profile));
  },
};

/** Strategy 3: robots-parser 3.0.1 from npm (semantics differ; disagreements are counted). */
export const ROBOTS_PARSER_STRATEGY: Strategy = {
  id: 'robots-parser',
  label: 'robots-parser',
  mustAgree: false,
  prepare: (input) => {
    const robot = robotsParser(input.robotsUrl, input.text);
    return input.agents.map((a) => new _RobotsParserMatcher(robot, a));
  },
};

/** Strategy 4: compile to an artifact, loadRobots, agent(), isAllowed. */
export const COMPILED_STRATEGY: Strategy = {
  id: 'compiled',
  label: 'compiled automaton',
  mustAgree: true,
  prepare: (input) => {
    const robots = loadRobots(compile(input.text, { profile: input.profile, maxBytes: input.maxBytes }));
    return input.agents.map((a) => robots.agent(a));
  },
};

/**
 * Returns strategy 4 reading precompiled artifacts (compiled with a time limit beforehand) by
 * file text; a file whose compile failed or timed out makes `prepare` throw.
 */
export function makeCompiledStrategy(artifacts: ReadonlyMap<string, { readonly artifact: Uint8Array | undefined; readonly error: string | undefined }>): Strategy {
  return {
    ...COMPILED_STRATEGY,
    prepare: (input) => {
      const got = artifacts.get(input.text);
      if (got === undefined) return COMPILED_STRATEGY.prepare(input);
      if (got.artifact === undefined) throw new Error(got.error ?? 'compile failed');
      const robots = loadRobots(got.artifact);
      return input.agents.map((a) => robots.agent(a));
    },
  };
}

/** Returns the default strategy list (the generated-code strategy is added when available). */
export function listStrategies(extra: readonly Strategy[] = []): Strategy[] {
  return [FLOOR_STRATEGY, REFERENCE_STRATEGY, REGEX_STRATEGY, ROBOTS_PARSER_STRATEGY, COMPILED_STRATEGY, ...extra];
}
