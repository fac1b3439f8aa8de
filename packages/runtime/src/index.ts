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
  type AgentSelection,
  type AutomatonInfo,
  type GroupInfo,
  type OtherDirective,
  type RobotsWarning,
  type RuleInfo,
  type Selection,
} from './robots.js';
export { describeAutomaton, type AutomatonGraph, type GraphEdge, type GraphNode, type GraphScan } from './describe.js';
export { extractProductToken, findProductToken, type ProductToken } from './select-group.js';
export { findPathStart } from './path-bytes.js';
export { FORMAT_VERSION, type Profile, type WarningCode } from './format.js';
