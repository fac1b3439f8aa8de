#!/usr/bin/env node
/** The `robomata` executable: runs the CLI on the process arguments and sets the exit code. */

import { runCli } from './program.js';

// A closed pipe (`robomata check ... | head`) is not an error worth a stack trace.
process.stdout.on('error', (err: NodeJS.ErrnoException) => {
  if (err.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  process.stderr.write(`robomata: error: ${err.message}\n`);
  process.exit(2);
});

process.exitCode = await runCli(process.argv);
