/**
 * What `check` and `explain` warn about a URL the runtime cannot read as given: the runtime's
 * `classifyUrl` form and the path it was matched as (`Robots#explain`), in words.
 */

import type { Decision } from '@robomata/runtime';

/**
 * Returns a warning for a URL the runtime read as 'unreadable' (`http://`, `mailto:a@b.c`,
 * `not a url`) or 'host-relative' (`example.com/a`: no scheme and no leading `/`), naming the
 * path it was matched as (docs/semantics.md section 6); undefined for a URL or a path. O(1)
 * beyond quoting the URL.
 */
export function describeUrlReading(d: Pick<Decision, 'url' | 'form' | 'path'>): string | undefined {
  if (d.form === 'unreadable') {
    return `${_shown(d.url)} is not a URL or path robomata can read (docs/semantics.md section 6): it is answered as path ${JSON.stringify(d.path)}`;
  }
  if (d.form === 'host-relative') {
    return `${_shown(d.url)} has neither a scheme (https://...) nor a leading "/": it is read as host/path and matched as path ${JSON.stringify(d.path)}`;
  }
  return undefined;
}

/** Returns `url` quoted for a message, cut at 80 code units. */
function _shown(url: string): string {
  return JSON.stringify(url.length > 80 ? `${url.slice(0, 80)}...` : url);
}
