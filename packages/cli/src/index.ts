/**
 * @robomata/cli: the `robomata` command line (check, explain, compile, inspect, lint) as a
 * library, for embedding and tests. The executable is `dist/bin.js`.
 */

export { createProgram, runCli, CLI_VERSION } from './program.js';
export { CliError, EXIT_ERROR, EXIT_FINDINGS, EXIT_OK } from './errors.js';
export type { CliIo } from './io.js';
export {
  READABLE_COLUMNS,
  TSV_COLUMNS,
  decideVerdict,
  formatCheckSummary,
  formatVerdictJson,
  formatVerdictReadable,
  formatVerdictTsv,
  runCheck,
} from './check.js';
export type { CheckOptions, Verdict } from './check.js';
export { explainUrl, formatExplanation, runExplain } from './explain.js';
export type { Explanation, ExplainOptions } from './explain.js';
export { runCompile } from './compile.js';
export type { CompileOptions } from './compile.js';
export { describeArtifact, formatInspection, readFormatVersion, runInspect } from './inspect.js';
export type { InspectOptions } from './inspect.js';
export { runLint } from './lint.js';
export type { LintOptions } from './lint.js';
export { formatBytes, renderGroupDot } from './dot.js';
export { describeUnreadableUrl, describeUrlWithoutPath, matchedPath } from './url-path.js';
export { CLI_USER_AGENT, compileSource, formatParseWarning, isArtifact, loadRobotsSource, loadRobotsWithWarnings } from './load-robots.js';
export type { LoadedRobots, ParseWarning } from './load-robots.js';
