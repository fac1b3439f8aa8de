/**
 * `robomata lint FILE`: the parser's per-line diagnostics (docs/semantics.md section 8, a relative
 * `Sitemap:` URL among them), one per line in the format compilers use,
 * `file:line: severity: message [code]`; a clean file says so in one line on stderr. A body that is not a robots.txt
 * at all (an HTML page, binary data) gets one diagnostic saying so instead of one per line.
 */

import { parseRobotsTxt } from '@robomata/compiler';
import type { ParseWarning } from './load-robots.js';
import { CliError, EXIT_FINDINGS, EXIT_OK } from './errors.js';
import type { CliIo } from './io.js';
import { writeErrorLine } from './io.js';
import { formatParseWarning, isArtifact, readInputFile } from './load-robots.js';

/** A `line N: ` prefix some messages carry; the location is already printed before them. */
const _LINE_PREFIX = /^line \d+: /;

/** One printed finding: a parser diagnostic, or the summary of a body that is not a robots.txt. */
interface LintFinding {
  readonly line: number;
  readonly severity: 'error' | 'warning' | 'info';
  readonly code: string;
  readonly message: string;
}

/** Options of {@link runLint}, as parsed by commander. */
export interface LintOptions {
  readonly maxBytes?: number;
  readonly json?: boolean;
}

/**
 * Prints the diagnostics of `file` and returns exit code 1 when any has severity 'error',
 * else 0. A count summary goes to stderr when there is anything to report.
 */
export async function runLint(file: string, options: LintOptions, io: CliIo): Promise<number> {
  const bytes = await readInputFile(file);
  if (isArtifact(bytes)) throw new CliError(`${file} is a compiled artifact; lint takes the robots.txt`);
  const parsed = parseRobotsTxt(bytes, options.maxBytes === undefined ? {} : { maxBytes: options.maxBytes });
  for (const w of parsed.warnings) writeErrorLine(io, formatParseWarning(file, w));
  const notRobots = parsed.warnings.find((w) => w.code === 'html' || w.code === 'binary');
  const diagnostics: readonly LintFinding[] =
    notRobots === undefined ? parsed.diagnostics : [_summarise(notRobots, parsed.diagnostics.length)];
  const counts = { error: 0, warning: 0, info: 0 };
  const lines: string[] = [];
  for (const d of diagnostics) {
    counts[d.severity]++;
    lines.push(
      options.json === true
        ? JSON.stringify({ file, line: d.line, severity: d.severity, code: d.code, message: d.message })
        : `${file}:${d.line}: ${d.severity}: ${d.message.replace(_LINE_PREFIX, '')} [${d.code}]`,
    );
  }
  if (lines.length > 0) io.stdout.write(`${lines.join('\n')}\n`);
  if (diagnostics.length > 0) {
    writeErrorLine(io, `${counts.error} error(s), ${counts.warning} warning(s), ${counts.info} note(s)`);
  } else {
    writeErrorLine(io, `${file}: no problems found`);
  }
  return counts.error > 0 ? EXIT_FINDINGS : EXIT_OK;
}

/** One error diagnostic standing for a whole body that is not a robots.txt (`html` or `binary`). */
function _summarise(w: ParseWarning, suppressed: number): LintFinding {
  const what = w.code === 'html' ? 'an HTML page' : 'binary data';
  return {
    line: w.line,
    severity: 'error',
    code: w.code,
    message: `the file is ${what}, not a robots.txt; ${suppressed.toLocaleString('en-US')} per-line diagnostic(s) of it are not listed`,
  };
}
