/**
 * `robomata compile FILE -o OUT`: writes the validated artifact of a robots.txt; `-o -` writes it
 * to stdout (the summary line then goes to stderr).
 */

import { writeFile } from 'node:fs/promises';
import { loadRobots } from '@robomata/runtime';
import type { Profile } from '@robomata/runtime';
import { CliError, EXIT_OK, describeFileError } from './errors.js';
import type { CliIo } from './io.js';
import { writeErrorLine } from './io.js';
import { compileSource, isArtifact, readInputFile } from './load-robots.js';

/** Options of {@link runCompile}, as parsed by commander. */
export interface CompileOptions {
  /** Artifact file to write, or `-` for stdout. */
  readonly output: string;
  readonly profile: Profile;
  readonly maxBytes?: number;
}

/**
 * Compiles `file` to `options.output` (`-`: stdout) and returns exit code 0; one summary line
 * goes to stdout, or to stderr when the artifact itself goes to stdout. Parse warnings (a
 * truncated, HTML or binary body) go to stderr.
 */
export async function runCompile(file: string, options: CompileOptions, io: CliIo): Promise<number> {
  const bytes = await readInputFile(file);
  if (isArtifact(bytes)) throw new CliError(`${file} is already a compiled artifact`);
  const { artifact } = compileSource(file, bytes, {
    profile: options.profile,
    maxBytes: options.maxBytes,
    warn: (line) => writeErrorLine(io, line),
  });
  const robots = loadRobots(artifact);
  const toStdout = options.output === '-';
  if (toStdout) {
    await new Promise<void>((resolve, reject) => {
      io.stdout.write(artifact, (err) => (err == null ? resolve() : reject(new CliError(describeFileError('write', 'stdout', err)))));
    });
  } else {
    try {
      await writeFile(options.output, artifact);
    } catch (err) {
      throw new CliError(describeFileError('write', options.output, err));
    }
  }
  const summary = `wrote ${toStdout ? 'stdout' : options.output}: ${artifact.byteLength} bytes, profile ${robots.profile}, ${robots.groupCount} group(s)`;
  if (toStdout) writeErrorLine(io, summary);
  else io.stdout.write(`${summary}\n`);
  return EXIT_OK;
}
