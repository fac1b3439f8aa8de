/**
 * `robomata inspect ARTIFACT`: the artifact's header (profile, bytes, format version), its
 * groups (tokens, rules, crawl-delay, trie nodes and wildcard patterns per part) and warnings;
 * with `--dot --agent NAME`, the tries of the group that agent selects as Graphviz DOT.
 */

import { writeFile } from 'node:fs/promises';
import { FORMAT_VERSION, type Profile, type Robots } from '@robomata/runtime';
import { CliError, EXIT_OK, describeFileError } from './errors.js';
import type { CliIo } from './io.js';
import { loadArtifact, readInputFile } from './load-robots.js';
import { renderGroupDot } from './dot.js';

/** Options of {@link runInspect}, as parsed by commander. */
export interface InspectOptions {
  readonly dot?: boolean;
  readonly agent?: string;
  readonly output?: string;
  readonly json?: boolean;
  readonly profile: Profile;
  readonly profileExplicit: boolean;
}

/** Returns the inspection of an artifact as a plain object (what --json prints). */
export function describeArtifact(robots: Robots): {
  profile: Profile;
  version: number;
  bytes: number;
  sitemaps: number;
  otherDirectives: number;
  scope: readonly string[] | null;
  warnings: readonly { code: string; line: number; message: string }[];
  groups: { index: number; global: boolean; tokens: readonly string[]; rules: number; crawlDelay: number | undefined; built: boolean; parts: readonly { nodes: number; wildcards: number }[] }[];
} {
  const groups = [];
  for (let i = 0; i < robots.groupCount; i++) {
    const g = robots.describeGroup(i);
    groups.push({ index: g.index, global: g.global, tokens: g.tokens, rules: g.ruleIds.length, crawlDelay: g.crawlDelay, built: g.built, parts: g.parts });
  }
  return {
    profile: robots.profile,
    // The loader accepts no other version.
    version: FORMAT_VERSION,
    bytes: robots.byteLength,
    sitemaps: robots.sitemaps.length,
    otherDirectives: robots.otherDirectives().length,
    scope: robots.scope,
    warnings: robots.warnings,
    groups,
  };
}

/** Returns the human-readable inspection text. */
export function formatInspection(path: string, d: ReturnType<typeof describeArtifact>): string {
  const lines = [
    `artifact  ${path}`,
    `profile   ${d.profile}`,
    `version   ${d.version}`,
    `bytes     ${d.bytes}`,
    `groups    ${d.groups.length}`,
    `sitemaps  ${d.sitemaps}`,
    `other     ${d.otherDirectives} directive(s)`,
    `scope     ${d.scope === null ? 'every group' : d.scope.join(', ')}`,
    ...d.warnings.map((w) => `warning   line ${w.line}: ${w.message}`),
    '',
  ];
  for (const g of d.groups) {
    const who = g.global ? '* (global)' : g.tokens.map((t) => JSON.stringify(t)).join(', ');
    const delay = g.crawlDelay === undefined ? '' : `, crawl-delay ${g.crawlDelay}`;
    lines.push(`group ${g.index}: ${who}: ${g.rules} rule(s)${delay}${g.built ? '' : ', not built (outside the scope)'}`);
    g.parts.forEach((a, part) => {
      lines.push(`  part ${part}: ${a.nodes} trie nodes, ${a.wildcards} wildcard pattern(s)`);
    });
  }
  return `${lines.join('\n')}\n`;
}

/** Runs `inspect` and returns exit code 0. */
export async function runInspect(file: string, options: InspectOptions, io: CliIo): Promise<number> {
  const robots = loadArtifact(file, await readInputFile(file), options);
  if (options.dot === true) {
    if (options.agent === undefined) throw new CliError('--dot needs --agent NAME (the group to draw)');
    const rules = robots.agent(options.agent);
    if (rules.groupIndex < 0) {
      throw new CliError(`no group applies to "${options.agent}" (and no global group): nothing to draw`);
    }
    const dot = renderGroupDot(robots, rules.groupIndex, `${file}: group ${rules.groupIndex} (${rules.selection}) for ${options.agent}`);
    if (options.output === undefined) {
      io.stdout.write(dot);
    } else {
      try {
        await writeFile(options.output, dot);
      } catch (err) {
        throw new CliError(describeFileError('write', options.output, err));
      }
    }
    return EXIT_OK;
  }
  if (options.agent !== undefined || options.output !== undefined) {
    throw new CliError('--agent and --output are only used with --dot');
  }
  const d = describeArtifact(robots);
  io.stdout.write(options.json === true ? `${JSON.stringify(d)}\n` : formatInspection(file, d));
  return EXIT_OK;
}
