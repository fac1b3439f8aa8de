/**
 * Everything the page shows, computed from the editor's state in one pure step (run in a Web
 * Worker, or on the main thread where workers are missing): diagnostics, body warnings, per
 * (URL, agent) verdicts with the deciding rule and why, sitemaps, crawl-delays, other
 * directives and the selected group's automaton.
 */
import { compileRobots, parseRobotsTxt, type Diagnostic, type ParsedRobots } from '@robomata/compiler';
import { describeDecision, describeGroupChoice, type AgentSelection, type Outcome, type Profile, type Robots, type RobotsWarning, type RuleInfo } from '@robomata/runtime';
import { graphOf, type AutomatonGraph } from './automaton-graph.js';
import { analyzeAiCrawlers, formatPreferences, type AiCrawlersPanel } from './ai-crawlers.js';

/** What the analysis needs: the page state, already split into lists. */
export interface AnalysisInput {
  readonly robotsTxt: string;
  readonly profile: Profile;
  /** Agents as typed (rfc9309 cuts a full User-Agent header to its product token; google compares it verbatim). */
  readonly agents: readonly string[];
  readonly urls: readonly string[];
  /** Index into `agents` of the agent whose group is drawn. */
  readonly graphAgent: number;
  /** Nodes drawn at most; the rest are counted. */
  readonly maxNodes: number;
}

/** The group one agent obeys, and why (RFC 9309 section 2.2.1). */
export interface AgentAnswer {
  readonly agent: string;
  /** What the lookup compared (the runtime's decision, `Decision#group`: rfc9309 the crawler token, google the string verbatim; docs/semantics.md section 3). */
  readonly token: string;
  /** False when `agent` names no crawler product token (a browser header): the page warns. */
  readonly tokenRecognised: boolean;
  readonly selection: AgentSelection['selection'];
  readonly groupIndex: number;
  /** How the group was chosen, in the runtime's words (`describeGroupChoice`). */
  readonly reason: string;
  readonly crawlDelay: number | undefined;
}

/** The verdict for one (URL, agent). */
export interface UrlAnswer {
  readonly url: string;
  /** Index into {@link Analysis.agents}. */
  readonly agentIndex: number;
  readonly allowed: boolean;
  /** The deciding rule, or undefined when no rule decides. */
  readonly rule: RuleInfo | undefined;
  /** What decided (the runtime's `Robots#explain`). */
  readonly outcome: Outcome;
  readonly reason: string;
  /** Content-Usage and Content-Signal preferences that apply (`train-ai=n · ai-train=no`), '' for none. */
  readonly preferences: string;
}

/** The drawn automaton of one agent's group. */
export interface GraphAnswer {
  readonly agentIndex: number;
  readonly groupIndex: number;
  readonly ruleCount: number;
  readonly graph: AutomatonGraph;
  /** Rules named by the graph's nodes and scans. */
  readonly rules: readonly RuleInfo[];
}

/** Everything the page shows. */
export interface Analysis {
  readonly profile: Profile;
  readonly lineCount: number;
  readonly byteLength: number;
  readonly diagnostics: readonly Diagnostic[];
  /** The body warnings the compiler recorded (truncated, HTML page, binary), with the runtime's one text per code. */
  readonly warnings: readonly RobotsWarning[];
  readonly sitemaps: readonly { readonly line: number; readonly url: string }[];
  readonly others: readonly { readonly line: number; readonly key: string; readonly value: string }[];
  readonly agents: readonly AgentAnswer[];
  readonly results: readonly UrlAnswer[];
  readonly graph: GraphAnswer | undefined;
  /** True when this analysis parsed and compiled the file (false: the last compile was reused). */
  readonly compiled: boolean;
  /** True when the file has Content-Usage or Content-Signal lines (the verdict table then shows them). */
  readonly hasPreferences: boolean;
  /** The "AI crawlers" panel: the bundled catalogue against the file and the page's URLs. */
  readonly aiCrawlers: AiCrawlersPanel;
  /** Milliseconds spent parsing and compiling (0 when the compiled file was reused). */
  readonly compileMs: number;
}

interface _Compiled {
  readonly text: string;
  readonly profile: Profile;
  readonly parsed: ParsedRobots;
  readonly robots: Robots;
}

/**
 * Analyses page states, keeping the last compiled file so that a change of agents or URLs does
 * not compile again. Never throws on content.
 */
export class Analyzer {
  private _last: _Compiled | undefined;

  /** Returns the analysis of `input`. O(file) when the file or profile changed, else O(URLs x agents). */
  analyze(input: AnalysisInput): Analysis {
    const started = performance.now();
    const c = this._compile(input.robotsTxt, input.profile);
    const compiled = c !== this._last;
    const compileMs = compiled ? performance.now() - started : 0;
    this._last = c;
    const agents = input.agents.map((agent) => answerAgent(c.robots, agent));
    const results: UrlAnswer[] = [];
    for (const url of input.urls) {
      agents.forEach((a, agentIndex) => results.push(answerUrl(c.robots, a, agentIndex, url)));
    }
    const drawn = agents[input.graphAgent] ?? agents[0];
    return {
      profile: input.profile,
      lineCount: c.parsed.lineCount,
      byteLength: c.parsed.byteLength,
      diagnostics: c.parsed.diagnostics,
      warnings: c.robots.warnings,
      sitemaps: c.parsed.sitemaps.map((s) => ({ line: s.line, url: s.url })),
      others: c.robots.otherDirectives(),
      agents,
      results,
      graph: drawn === undefined ? undefined : drawGroup(c.robots, drawn, agents.indexOf(drawn), input.maxNodes),
      compiled,
      hasPreferences: c.parsed.groups.some((g) => g.preferences.length > 0),
      aiCrawlers: analyzeAiCrawlers(c.robots, input.urls),
      compileMs,
    };
  }

  private _compile(text: string, profile: Profile): _Compiled {
    const last = this._last;
    if (last !== undefined && last.text === text && last.profile === profile) return last;
    const parsed = parseRobotsTxt(text, { profile });
    const robots = compileRobots(text, { profile });
    return { text, profile, parsed, robots };
  }
}

/**
 * Returns the group `agent` obeys and why: the group of the runtime's decision (`Robots#explain`;
 * the group does not depend on the URL, so `/` is asked) and its words (`describeGroupChoice`).
 */
function answerAgent(robots: Robots, agent: string): AgentAnswer {
  const group = robots.explain('/', agent).group;
  return {
    agent,
    token: group.token,
    tokenRecognised: group.recognised || agent === '*',
    selection: group.selection,
    groupIndex: group.group,
    reason: describeGroupChoice(group, robots.profile),
    crawlDelay: group.group >= 0 ? robots.crawlDelay(agent) : undefined,
  };
}

/** Returns the verdict for one (URL, agent) with the deciding rule and why: the runtime's decision, in its words (`describeDecision`). */
function answerUrl(robots: Robots, agent: AgentAnswer, agentIndex: number, url: string): UrlAnswer {
  const d = robots.explain(url, agent.agent);
  const preferences = formatPreferences(d.usage?.answers ?? {}, d.signal?.answers ?? {});
  return { url, agentIndex, allowed: d.allowed !== false, rule: d.rule, outcome: d.outcome, reason: describeDecision(d), preferences };
}

/** Returns the automaton of `agent`'s group with the rules its nodes name. */
function drawGroup(robots: Robots, agent: AgentAnswer, agentIndex: number, maxNodes: number): GraphAnswer | undefined {
  if (agent.groupIndex < 0) return undefined;
  const graph = graphOf(robots, agent.groupIndex, maxNodes);
  const ids = new Set<number>();
  for (const node of graph.nodes) for (const d of node.decides) ids.add(d.ruleId);
  for (const scan of graph.scans) ids.add(scan.ruleId);
  return {
    agentIndex,
    groupIndex: agent.groupIndex,
    ruleCount: robots.describeGroup(agent.groupIndex).ruleIds.length,
    graph,
    rules: [...ids].sort((a, b) => a - b).map((id) => robots.rule(id)),
  };
}
