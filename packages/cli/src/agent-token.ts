/**
 * The crawler token an `--agent` value is looked up by (docs/semantics.md section 3), reported on
 * stderr: a note when a header is cut to its token, a warning when it names no crawler token.
 */

import type { AgentSelection, Robots } from '@robomata/runtime';
import { extractProductToken } from '@robomata/runtime';
import { CliError } from './errors.js';
import type { CliIo } from './io.js';
import { writeErrorLine } from './io.js';

/**
 * Writes what `robots` compares `agent` by: a note when the rfc9309 profile cuts a header to its
 * crawler token (or the google profile compares a header verbatim), a warning when `agent`
 * names no crawler token (a browser header, `*` excepted), all from the runtime's `selection`
 * of `agent` (`Robots#selectAgent`, or a decision's `group`: the token compared and whether a
 * crawler token was found). Returns it.
 */
export function reportAgentToken(robots: Robots, agent: string, selection: AgentSelection, io: CliIo): AgentSelection {
  if (!selection.recognised) {
    if (agent !== '*') {
      writeErrorLine(io, `robomata: warning: agent "${agent}" names no crawler product token (docs/semantics.md section 3); matched as "${selection.token}"`);
    }
  } else if (selection.token !== agent) {
    writeErrorLine(io, `robomata: note: agent "${agent}" is matched by its crawler token "${selection.token}"`);
  } else if (robots.profile === 'google') {
    // google compares the string verbatim: suggest the token the rfc9309 profile would compare.
    const token = extractProductToken(agent);
    if (token !== agent) writeErrorLine(io, `robomata: note: agent "${agent}" is matched verbatim (google profile); did you mean "${token}"?`);
  }
  return selection;
}

/**
 * Throws a {@link CliError} with the runtime's own refusal (`Robots#findAgentRefusal`: the
 * RobotsAgentError `Robots#agent` would throw, in `describeGroupChoice`'s words with the scope
 * the artifact holds and the remedy) when an agent-scoped artifact left `agent`'s group out (the
 * artifact answers nothing for it); returns otherwise. O(scope).
 */
export function requireInScope(robots: Robots, agent: string): void {
  const refusal = robots.findAgentRefusal(agent);
  if (refusal !== undefined) throw new CliError(refusal.message);
}
