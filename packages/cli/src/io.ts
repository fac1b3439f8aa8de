/** The streams a command talks to (process streams in the binary, fakes in embedding code). */

import type { Readable, Writable } from 'node:stream';

/** Standard streams of one CLI run. */
export interface CliIo {
  readonly stdin: Readable;
  /** `isTTY`: a person reads it (check then prints a readable table instead of TSV). */
  readonly stdout: Writable & { readonly isTTY?: boolean };
  readonly stderr: Writable & { readonly isTTY?: boolean };
}

/** Returns the process's own standard streams. */
export function processIo(): CliIo {
  return { stdin: process.stdin, stdout: process.stdout, stderr: process.stderr };
}

/** Writes one line to stderr (diagnostic notes and errors; unbuffered). */
export function writeErrorLine(io: CliIo, line: string): void {
  io.stderr.write(`${line}\n`);
}
