/**
 * Shared input stage of the commands: a robots.txt file, a compiled artifact, or an http(s)
 * URL (fetched with @robomata/fetch, RFC 9309 section 2.3) becomes a {@link Robots}.
 */

import { readFile } from 'node:fs/promises';
import { compileWithReport } from '@robomata/compiler';
import type { ParsedRobots } from '@robomata/compiler';
import { createRobotsCache } from '@robomata/fetch';
import { RobotsFormatError, loadRobots } from '@robomata/runtime';
import { MAGIC } from '@robomata/runtime/format';
import type { Profile, Robots } from '@robomata/runtime';
import { CliError, describeFileError } from './errors.js';

/** User-Agent header the CLI sends when it fetches a robots.txt. */
export const CLI_USER_AGENT = 'robomata-cli/0.1 (+https://github.com/robomata/robomata)';


/**
 * A whole-file warning (truncated, HTML or binary body): the compiler's parser's for a robots.txt,
 * the artifact's (`Robots#warnings`) for an artifact or a fetched body.
 */
export type ParseWarning = ParsedRobots['warnings'][number] | Robots['warnings'][number];

/** What {@link loadRobotsWithWarnings} returns: the rules and the parser's warnings about the file. */
export interface LoadedRobots {
  readonly robots: Robots;
  /** Warnings about the body: the parser's, or those recorded in the artifact. */
  readonly warnings: readonly ParseWarning[];
}

/** Returns a parse warning as one stderr line: `robomata: warning: SOURCE:LINE: message [code]`. */
export function formatParseWarning(source: string, w: ParseWarning): string {
  return `robomata: warning: ${source}:${w.line}: ${w.message} [${w.code}]`;
}

/**
 * Returns the artifact of the robots.txt `bytes` of `source` with the parser's warnings, or throws
 * a {@link CliError} when the compiler rejects it. Each warning is also written to `warn`.
 */
export function compileSource(
  source: string,
  bytes: Uint8Array,
  options: Pick<LoadOptions, 'profile' | 'maxBytes' | 'warn'>,
): { artifact: Uint8Array; warnings: readonly ParseWarning[] } {
  let report;
  try {
    report = compileWithReport(bytes, {
      profile: options.profile,
      ...(options.maxBytes === undefined ? {} : { maxBytes: options.maxBytes }),
    });
  } catch (err) {
    throw new CliError(`cannot compile ${source}: ${err instanceof Error ? err.message : String(err)}`);
  }
  const warnings = report.parsed.warnings;
  for (const w of warnings) options.warn(formatParseWarning(source, w));
  return { artifact: report.artifact, warnings };
}

/** Options of {@link loadRobotsSource}. */
export interface LoadOptions {
  readonly profile: Profile;
  /** True when the user passed --profile (an artifact of another profile is then an error). */
  readonly profileExplicit: boolean;
  readonly maxBytes: number | undefined;
  /** Where notes go (fetch outcome other than 2xx). */
  readonly warn: (line: string) => void;
}

/** Returns true when `bytes` start with the artifact magic (the runtime's MAGIC, "RBMT"). */
export function isArtifact(bytes: Uint8Array): boolean {
  if (bytes.byteLength < 4) return false;
  return new DataView(bytes.buffer, bytes.byteOffset, 4).getUint32(0, true) === MAGIC;
}

/** Returns the bytes of a file, or throws a {@link CliError} describing why it cannot be read. */
export async function readInputFile(path: string): Promise<Uint8Array> {
  try {
    return new Uint8Array(await readFile(path));
  } catch (err) {
    throw new CliError(describeFileError('read', path, err));
  }
}

/**
 * Returns the loaded artifact in `bytes`, or throws a {@link CliError} naming `path` when the
 * bytes are not a valid artifact (RobotsFormatError) or were compiled for another profile.
 */
export function loadArtifact(path: string, bytes: Uint8Array, options: Pick<LoadOptions, 'profile' | 'profileExplicit'>): Robots {
  if (!isArtifact(bytes)) {
    throw new CliError(`${path} is not a robomata artifact (write one with "robomata compile")`);
  }
  let robots: Robots;
  try {
    robots = loadRobots(bytes);
  } catch (err) {
    if (err instanceof RobotsFormatError) throw new CliError(`cannot load ${path}: ${err.message}`);
    throw err;
  }
  if (options.profileExplicit && robots.profile !== options.profile) {
    throw new CliError(`${path} was compiled with --profile ${robots.profile}, not ${options.profile}`);
  }
  return robots;
}

/**
 * Returns the {@link Robots} for `source`: an http(s) URL is fetched (any outcome is a Robots:
 * 4xx allows all, 5xx disallows all; a note goes to `warn`), a file starting with the artifact
 * magic is loaded, any other file is compiled as robots.txt with the profile (its parse warnings,
 * a truncated, HTML or binary body, go to `warn`).
 */
export async function loadRobotsSource(source: string, options: LoadOptions): Promise<Robots> {
  return (await loadRobotsWithWarnings(source, options)).robots;
}

/** As {@link loadRobotsSource}, also returning the parse warnings of a compiled robots.txt. */
export async function loadRobotsWithWarnings(source: string, options: LoadOptions): Promise<LoadedRobots> {
  if (/^https?:\/\//i.test(source)) {
    const cache = createRobotsCache({
      userAgent: CLI_USER_AGENT,
      profile: options.profile,
      ...(options.maxBytes === undefined ? {} : { maxBytes: options.maxBytes }),
    });
    let fetched;
    try {
      fetched = await cache.get(source);
    } catch (err) {
      throw new CliError(`cannot fetch robots.txt for ${source}: ${err instanceof Error ? err.message : String(err)}`);
    }
    if (fetched.policy !== 'rules') {
      const status = fetched.httpStatus === 0 ? fetched.statusClass : `HTTP ${fetched.httpStatus} (${fetched.statusClass})`;
      const detail = fetched.error !== undefined && fetched.httpStatus === 0 ? `: ${fetched.error}` : '';
      options.warn(`robomata: note: ${fetched.sourceUrl}: ${status}${detail}; applying ${fetched.policy}`);
    }
    // A cut body is compiled from its first maxBytes + 1 bytes, so its rules carry 'truncated'
    // (fetch-robots.ts); under any other policy the rules applied are not the body's.
    const warnings = fetched.robots.warnings;
    for (const w of warnings) options.warn(formatParseWarning(fetched.sourceUrl, w));
    return { robots: fetched.robots, warnings };
  }
  const bytes = await readInputFile(source);
  if (isArtifact(bytes)) {
    const robots = loadArtifact(source, bytes, options);
    for (const w of robots.warnings) options.warn(formatParseWarning(source, w));
    return { robots, warnings: robots.warnings };
  }
  const { artifact, warnings } = compileSource(source, bytes, options);
  return { robots: loadRobots(artifact), warnings };
}
