/** Shared command-line options of the commands (validated by commander before any work). */

import { InvalidArgumentError, Option } from 'commander';
import type { Command } from 'commander';
import type { Profile } from '@robomata/runtime';

/** The accepted --profile values. */
export const PROFILES: readonly Profile[] = ['rfc9309', 'google'];

/** Returns the `--profile` option: a validated choice, default rfc9309. */
export function createProfileOption(): Option {
  return new Option('-p, --profile <profile>', 'matching profile').choices(PROFILES).default('rfc9309');
}

/** Returns the `--max-bytes` option: a positive integer (robots.txt bytes parsed). */
export function createMaxBytesOption(): Option {
  return new Option('--max-bytes <n>', 'robots.txt bytes parsed; the rest is ignored (default 512000)').argParser(
    parsePositiveInteger,
  );
}

/** Returns `value` as a positive safe integer, or throws commander's InvalidArgumentError. */
export function parsePositiveInteger(value: string): number {
  const n = /^\d+$/.test(value) ? Number(value) : NaN;
  if (!Number.isSafeInteger(n) || n <= 0) throw new InvalidArgumentError('must be a positive integer.');
  return n;
}

/** Returns `previous` with `value` appended: the parser of a repeatable option. */
export function collectValues(value: string, previous: readonly string[] | undefined): string[] {
  return [...(previous ?? []), value];
}

/** Returns the profile option's value and whether the user gave it on the command line. */
export function readProfile(command: Command): { profile: Profile; profileExplicit: boolean } {
  const profile = command.getOptionValue('profile') as Profile;
  return { profile, profileExplicit: command.getOptionValueSource('profile') === 'cli' };
}
