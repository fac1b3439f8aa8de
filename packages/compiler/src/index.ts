/**
 * `@robomata/compiler`: parses robots.txt and compiles it into a validated byte artifact of
 * tries for `@robomata/runtime`. The stages behind `compile` are in the
 * `@robomata/compiler/internals` subpath.
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
export {
  USAGE_CATEGORIES,
  SIGNAL_KEYS,
  RETIRED_CATEGORIES,
  type ParsedPreference,
  type PreferenceKind,
  type PreferenceDiagnosticCode,
} from './parse-preference.js';
