/**
 * CLI error reporting: every failure the user can cause becomes one line on stderr and exit
 * code 2, never a stack trace.
 */

/** Exit code: every verdict was "allowed" / the command succeeded. */
export const EXIT_OK = 0;
/** Exit code: at least one verdict was "disallowed" (check) or an error diagnostic (lint). */
export const EXIT_FINDINGS = 1;
/** Exit code: usage error, unreadable input or any other failure. */
export const EXIT_ERROR = 2;

/** An error whose message is shown to the user as is (one line, exit code 2). */
export class CliError extends Error {
  override readonly name = 'CliError';
}

/**
 * Returns a one-line, user-facing description of a file-system error for `path`
 * (`cannot read x.txt: no such file`), or the error's own message for anything else.
 */
export function describeFileError(verb: string, path: string, err: unknown): string {
  const code = (err as { code?: unknown } | null)?.code;
  const reasons: Record<string, string> = {
    ENOENT: 'no such file or directory',
    EACCES: 'permission denied',
    EISDIR: 'is a directory',
    ENOTDIR: 'a path component is not a directory',
    EPERM: 'operation not permitted',
  };
  const reason = typeof code === 'string' ? reasons[code] : undefined;
  if (reason !== undefined) return `cannot ${verb} ${path}: ${reason}`;
  return `cannot ${verb} ${path}: ${err instanceof Error ? err.message : String(err)}`;
}
