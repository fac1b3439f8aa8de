/**
 * `@robomata/runtime`: loads robomata artifacts and answers robots.txt checks with no
 * allocation per call. Does not depend on the compiler. The artifact layout lives in the
 * `@robomata/runtime/format` subpath.
 */
export { loadRobots, RobotsFormatError, type RobotsFormatErrorCode } from './load.js';
export {
  Robots,
  AgentRules,
  RobotsAgentError,
  type RobotsAgentErrorCode,
  type GroupInfo,
  type OtherDirective,
  type PartInfo,
  type RobotsWarning,
  verdictAllows,
  verdictRule,
} from './robots.js';
export { OUTCOME_MESSAGES, describeDecision, describeGroupChoice, type AgentSelection, type Decision, type GroupChoice, type Outcome, type RuleInfo, type Selection } from './explain.js';
export { describeAutomaton, type AutomatonGraph, type GraphEdge, type GraphNode, type GraphScan } from './describe.js';
export { extractProductToken, findProductToken, type ProductToken } from './select-group.js';
export { classifyUrl, isReadableUrl, type UrlForm } from './read-url.js';
export type { PreferenceExplanation, PreferenceRuleInfo } from './usage.js';
export { FORMAT_VERSION, WARNING_MESSAGES, type Profile, type WarningCode } from './format.js';
