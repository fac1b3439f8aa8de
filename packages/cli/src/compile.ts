/** `robomata compile FILE -o OUT`: writes the validated artifact of a robots.txt. */

import { writeFile } from 'node:fs/promises';
import { compile } from '@robomata/compiler';
import { loadRobots } from '@robomata/runtime';
import type { Profile } from '@robomata/runtime';
import { CliError, EXIT_OK, describeFileError } from './errors.js';
import type { CliIo } from './io.js';
import { isArtifact, readInputFile } from './load-robots.js';

/** Options of {@link runCompile}, as parsed by commander. */
export interface CompileOptions {
  readonly output: string;
  readonly profile: Profile;
  readonly maxBytes?: number;
}

/** Compiles `file` to `options.output` and returns exit code 0; one summary line on stdout. */
export async function runCompile(file: string, options: CompileOptions, io: CliIo): Promise<number> {
  const bytes = await readInputFile(file);
  if (isArtifact(bytes)) throw new CliError(`${file} is already a compiled artifact`);
  let artifact: Uint8Array;
  try {
    artifact = compile(bytes, {
      profile: options.profile,
      ...(options.maxBytes === undefined ? {} : { maxBytes: options.maxBytes }),
    });
  } catch (err) {
    throw new CliError(`cannot compile ${file}: ${err instanceof Error ? err.message : String(err)}`);
  }
  const robots = loadRobots(artifact);
  try {
    await writeFile(options.output, artifact);
  } catch (err) {
    throw new CliError(describeFileError('write', options.output, err));
  }
  io.stdout.write(
    `wrote ${options.output}: ${artifact.byteLength} bytes, profile ${robots.profile}, ${robots.groupCount} group(s)\n`,
  );
  return EXIT_OK;
}
