/**
 * @robomata/cli: the `robomata` command line (check, explain, audit, compile, inspect, lint) as a
 * library: run it with your own streams (`runCli`), or load a robots.txt, URL or artifact as
 * the commands do, explain a verdict in words, and audit a robots.txt against the bundled AI
 * crawler catalogue. The executable is `dist/bin.js`; the
 * commands' own formatting stays inside the package.
 */

export { createProgram, runCli, CLI_VERSION } from './program.js';
export { CliError, EXIT_ERROR, EXIT_FINDINGS, EXIT_OK } from './errors.js';
export type { CliIo } from './io.js';
export { explainUrl, formatExplanation } from './explain.js';
export type { Explanation, ExplainOptions } from './explain.js';
export { CLI_USER_AGENT, loadRobotsSource, loadRobotsWithWarnings } from './load-robots.js';
export { auditRobots, summarizeAudit } from './audit-rows.js';
export type { AuditRow, AuditSummary } from './audit-rows.js';
export { loadCatalogue } from './catalogue-file.js';
export type { CatalogueEntry, CrawlerKind } from './catalogue.js';
export type { LoadedRobots, ParseWarning } from './load-robots.js';
