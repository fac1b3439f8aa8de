/**
 * `@robomata/compiler`: parses robots.txt and compiles it into a validated byte artifact of
 * wildcard automata for `@robomata/runtime`.
 */
export { compile, compileRobots, compileWithReport, type CompileOptions, type CompileReport } from './compile.js';
export {
  parseRobotsTxt,
  DEFAULT_MAX_BYTES,
  type ParseOptions,
  type ParsedRobots,
  type ParsedGroup,
  type ParsedRule,
  type ParsedAgent,
  type ParsedDirective,
  type ParsedSitemap,
  type Diagnostic,
  type DiagnosticCode,
  type RuleKind,
} from './parse.js';
export { mergeGroups, type MergedGroup, type MergedGroups } from './merge-groups.js';
export {
  normalizeGroupPatterns,
  canonicalizePattern,
  deriveIndexHtmlPattern,
  simplifyPattern,
  isUnreservedByte,
  WILDCARD,
  type MatchPattern,
  type PatternSource,
} from './normalize-pattern.js';
export { buildAutomaton, DEFAULT_STATE_CAP, type BuildOptions, type BuiltAutomaton, type BuiltPart } from './build-automaton.js';
export { serializeArtifact, type ArtifactInput } from './serialize.js';
export { emitModule, type EmitOptions } from './emit-module.js';
