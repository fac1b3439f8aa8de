/**
 * The `robomata` command line: commander wiring of the commands (check, explain, compile,
 * inspect, lint), exit codes and one-line error reporting.
 */

import { Command, CommanderError, Option } from 'commander';
import { runAudit } from './audit.js';
import { runCheck } from './check.js';
import { runCompile } from './compile.js';
import { CliError, EXIT_ERROR, EXIT_OK } from './errors.js';
import { runExplain } from './explain.js';
import { runInspect } from './inspect.js';
import type { CliIo } from './io.js';
import { processIo, writeErrorLine } from './io.js';
import { runLint } from './lint.js';
import { collectValues, createMaxBytesOption, createProfileOption, readProfile } from './options.js';

/** Version printed by `robomata --version`. */
export const CLI_VERSION = '0.1.0';

const _CHECK_HELP = `
URLs come from the arguments, else from --urls FILE, else from stdin (one per line; blank
lines and lines starting with # are skipped). Output, one line per (URL, agent):
  allowed|disallowed <TAB> agent <TAB> url <TAB> line <TAB> kind <TAB> pattern
(line 0, kind "none" and no pattern column when no rule decided). --header prints the
column names first; --json prints JSON lines instead. On a terminal (stdout a TTY) check prints
a readable form instead: a header, and what decided ("line 7: Disallow: /x", or why no rule did)
(--tsv keeps the tab-separated lines). --usage CATEGORY and --signal KEY (repeatable) add one
column each: the Content-Usage (y/n) or Content-Signal (yes/no) answer, "-" for no answer
(docs/semantics.md section 10); the pattern column is then always present. After a stream, a
summary line goes to stderr. A URL with neither a scheme nor a leading "/" gets a warning (it is
read as host/path); so does one robomata cannot read at all (http://, mailto:..., "not a url";
docs/semantics.md section 6).
--robots takes a robots.txt file, an artifact from "robomata compile", or an http(s) URL
(fetched per RFC 9309: 4xx allows all, 5xx/429/unreachable disallows all).
Agents are product tokens, matched case-insensitively; a full User-Agent header is cut to
its crawler token in the rfc9309 profile ("Mozilla/5.0 (compatible; Googlebot/2.1; ...)" gives
Googlebot; docs/semantics.md section 3) and matched verbatim in the google profile. stderr
says which token was used, and warns when a header names no crawler token (a browser's).

Exit status: 0 all allowed, 1 any disallowed (0 with --exit-zero), 2 error.

Example:
  robomata check --robots robots.txt --agent Googlebot https://example.com/private/x
  cat urls.txt | robomata check --robots robots.txt --agent Googlebot --agent Bingbot --json`;

const _AUDIT_HELP = `
Output, one tab-separated line per (crawler, URL) after a header line:
  allowed|blocked <TAB> agent <TAB> url <TAB> group <TAB> token <TAB> usage <TAB> signal <TAB> flags
group is the token of the group that decides, "*" for the global group, "-" for none (allow
all); usage and signal list the Content-Usage (y/n) and Content-Signal (yes/no) preferences
that apply ("-": none); flags: not-a-token (the name is not an RFC 9309 product token),
shares-token:NAMES (other names select by the same token). Then a summary: how many crawlers
are blocked at / and how many of those only through the * group. --json prints JSON Lines with
agent, kind, url, allowed, token, selection, group, usage, signal, validToken, sharedWith.
The catalogue is ai.robots.txt (MIT), bundled in packages/cli/catalogue/.

Exit status: 0, 2 error.

Example:
  robomata audit https://example.com/robots.txt --url / --url /blog/`;

/** What {@link _addRobotsCommand} adds besides `--profile`. */
interface _CommandExtras {
  /** Add `--max-bytes` (default true; inspect reads artifacts, which have no such limit). */
  readonly maxBytes?: boolean;
  /** Text printed after the option list by `--help`. */
  readonly help?: string;
}

/**
 * Completes `command` as every robomata command is: `--profile` (and `--max-bytes`), its help
 * text, and an action that calls `run(argument, options with the profile read, io)` and passes
 * its exit code on. The runners take their own option types; commander's parsed options are
 * handed over as they are.
 */
function _addRobotsCommand<A>(command: Command, run: (argument: A, options: never, io: CliIo) => Promise<number>, io: CliIo, setExitCode: (code: number) => void, extras: _CommandExtras = {}): void {
  command.addOption(createProfileOption());
  if (extras.maxBytes !== false) command.addOption(createMaxBytesOption());
  if (extras.help !== undefined) command.addHelpText('after', extras.help);
  command.action(async (argument: A, opts: Record<string, unknown>, self: Command) => {
    setExitCode(await run(argument, { ...opts, ...readProfile(self) } as never, io));
  });
}

/** Builds the commander program; `setExitCode` receives each command's exit code. */
export function createProgram(io: CliIo, setExitCode: (code: number) => void): Command {
  const program = new Command('robomata')
    .description('robots.txt matcher: check URLs, explain verdicts, audit AI crawlers, compile, inspect and lint robots.txt files')
    .version(CLI_VERSION)
    .exitOverride()
    .configureOutput({
      writeOut: (s) => io.stdout.write(s),
      writeErr: (s) => io.stderr.write(s),
      outputError: (s, write) => write(`robomata: ${s}`),
    });

  _addRobotsCommand(
    program
      .command('check')
      .description('print a verdict for every (agent, URL); exit 1 if any is disallowed')
      .argument('[urls...]', 'URLs (or paths) to check')
      .requiredOption('-r, --robots <file|url>', 'robots.txt file, compiled artifact or http(s) URL')
      .addOption(
        new Option('-a, --agent <name>', 'crawler product token (repeat for several agents)')
          .argParser(collectValues)
          .makeOptionMandatory(),
      )
      .option('--urls <file>', 'read URLs from a file, one per line')
      .option('--json', 'print JSON lines')
      .option('--header', 'print a header line naming the columns first (tab-separated output)')
      .option('--tsv', 'tab-separated output even on a terminal (which otherwise gets a readable table)')
      .option('--exit-zero', 'exit 0 even when a URL is disallowed (errors still exit 2)')
      .addOption(new Option('--usage <category>', 'also print the Content-Usage answer for a category, e.g. train-ai (repeat)').argParser(collectValues))
      .addOption(new Option('--signal <key>', 'also print the Content-Signal answer for a key, e.g. ai-train (repeat)').argParser(collectValues)),
    runCheck,
    io,
    setExitCode,
    { help: _CHECK_HELP },
  );

  _addRobotsCommand(
    program
      .command('explain')
      .description('explain the verdict for one agent and URL: group chosen, path matched, deciding rule')
      .argument('<url>', 'URL (or path) to explain')
      .requiredOption('-r, --robots <file|url>', 'robots.txt file, compiled artifact or http(s) URL')
      .requiredOption('-a, --agent <name>', 'crawler product token')
      .option('--json', 'print one JSON object'),
    runExplain,
    io,
    setExitCode,
    { help: '\nExit status: 0 allowed, 1 disallowed, 2 error.' },
  );

  _addRobotsCommand(
    program
      .command('audit')
      .description('every crawler of the bundled AI-crawler catalogue (ai.robots.txt) against a robots.txt: fetch verdict, deciding group, AI preferences')
      .argument('<robots>', 'robots.txt file, compiled artifact or http(s) URL')
      .addOption(new Option('-u, --url <path>', 'URL or path to check (repeat; default /)').argParser(collectValues))
      .option('--json', 'print JSON lines (one object per crawler and URL), no summary'),
    runAudit,
    io,
    setExitCode,
    { help: _AUDIT_HELP },
  );

  _addRobotsCommand(
    program
      .command('compile')
      .description('compile a robots.txt into a validated artifact file')
      .argument('<file>', 'robots.txt file')
      .requiredOption('-o, --output <file>', 'artifact file to write ("-": stdout)'),
    runCompile,
    io,
    setExitCode,
  );

  _addRobotsCommand(
    program
      .command('inspect')
      .description("print an artifact's header, groups and sizes, or a group's tries as Graphviz DOT")
      .argument('<artifact>', 'artifact written by "robomata compile"')
      .option('--dot', 'print the tries of the group --agent selects as Graphviz DOT')
      .option('-a, --agent <name>', 'crawler product token (with --dot)')
      .option('-o, --output <file>', 'write the DOT text to a file instead of stdout (with --dot)')
      .option('--json', 'print the inspection as one JSON object'),
    runInspect,
    io,
    setExitCode,
    { maxBytes: false, help: '\nWith --profile, an artifact compiled for another profile is an error.' },
  );

  _addRobotsCommand(
    program
      .command('lint')
      .description('print the diagnostics of a robots.txt as "file:line: severity: message [code]"')
      .argument('<file>', 'robots.txt file')
      .option('--json', 'print JSON lines'),
    runLint,
    io,
    setExitCode,
    { help: '\nDiagnostics do not depend on the profile.\nExit status: 0 no errors (warnings allowed), 1 any error, 2 failure.' },
  );

  return program;
}

/**
 * Runs the CLI on `argv` (as `process.argv`: node, script, args...) and returns the exit code:
 * the command's own (0/1), or 2 after printing a one-line error for any failure.
 */
export async function runCli(argv: readonly string[], io: CliIo = processIo()): Promise<number> {
  let exitCode = EXIT_OK;
  const program = createProgram(io, (code) => {
    exitCode = code;
  });
  try {
    await program.parseAsync([...argv]);
  } catch (err) {
    if (err instanceof CommanderError) return err.exitCode === 0 ? EXIT_OK : EXIT_ERROR;
    const message = err instanceof Error ? err.message : String(err);
    writeErrorLine(io, `robomata: error: ${err instanceof CliError ? message : message.split('\n')[0] ?? ''}`);
    return EXIT_ERROR;
  }
  return exitCode;
}
