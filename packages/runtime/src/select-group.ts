/**
 * User-agent lookup: the caller's agent string to a merged group (docs/semantics.md section 3; RFC 9309
 * section 2.2.1), by binary search over the artifact's sorted token table, with no allocation.
 */

/**
 * Sorted token table view. Invariant (checked by the loader): `entries` holds `count` records from `base`
 * (string offset, string length, group) whose token bytes are strictly ascending and lie in
 * `strings`.
 */
export interface AgentTable {
  readonly strings: Uint8Array;
  readonly entries: Int32Array;
  /** Offset of record 0 in `entries`. */
  readonly base: number;
  readonly count: number;
}

function _isTokenChar(c: number): boolean {
  return (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 45 || c === 95;
}

/**
 * Returns the merged-group index whose token equals `agent` ASCII-case-insensitively, or -1.
 * The agent is compared verbatim: a string with any character outside `[A-Za-z_-]` can equal
 * no token (tokens are product tokens), so `FooBot/1.2` does not select `FooBot` (use
 * `extractProductToken` first). O(|agent| log tokens).
 */
export function findAgentGroup(table: AgentTable, agent: string): number {
  const n = agent.length;
  for (let k = 0; k < n; k++) if (!_isTokenChar(agent.charCodeAt(k))) return -1;
  let lo = 0;
  let hi = table.count - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const cmp = _compareToken(table, mid, agent);
    if (cmp === 0) return table.entries[table.base + mid * 3 + 2] as number;
    if (cmp < 0) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}

/** Compares token `i` of the table with the lower-cased agent: <0, 0, >0. */
function _compareToken(table: AgentTable, i: number, agent: string): number {
  const off = table.entries[table.base + i * 3] as number;
  const len = table.entries[table.base + i * 3 + 1] as number;
  const n = agent.length;
  const m = len < n ? len : n;
  for (let k = 0; k < m; k++) {
    let c = agent.charCodeAt(k);
    if (c >= 65 && c <= 90) c += 32;
    const t = table.strings[off + k] as number;
    if (t !== c) return t - c;
  }
  return len - n;
}

/** Returns the index of the first code unit of `header` after leading whitespace. */
export function productTokenStart(header: string): number {
  let i = 0;
  while (i < header.length && /\s/.test(header.charAt(i))) i++;
  return i;
}

/** Returns the index after the run of `[A-Za-z_-]` that starts at `i` in `header`. */
export function productTokenEnd(header: string, i: number): number {
  let j = i;
  while (j < header.length && _isTokenChar(header.charCodeAt(j))) j++;
  return j;
}

/**
 * Returns the token the rfc9309 profile looks a crawler up by: the product token of a
 * User-Agent header (`FooBot/2.1 (+x)` gives `FooBot`), or the string itself when it has none
 * (`*`, `/1.0`): cutting those to "" would select groups whose token is empty, such as
 * `User-agent: 008`. Allocates only for a header that needs cutting. O(|header|).
 */
export function crawlerToken(userAgent: string): string {
  const i = productTokenStart(userAgent);
  const j = productTokenEnd(userAgent, i);
  return j > i && (i !== 0 || j !== userAgent.length) ? userAgent.slice(i, j) : userAgent;
}

/**
 * Returns the product token of a User-Agent header: the longest leading run of `[A-Za-z_-]`
 * after leading whitespace (`FooBot/1.2 (+https://x)` gives `FooBot`). `Robots#agent` does
 * this itself in the rfc9309 profile; in the google profile the lookup never cuts (docs/semantics.md
 * section 3): call this when you hold a full header.
 */
export function extractProductToken(userAgentHeader: string): string {
  if (typeof userAgentHeader !== 'string') {
    throw new TypeError(`userAgentHeader must be a string, got ${userAgentHeader === null ? 'null' : typeof userAgentHeader}`);
  }
  const i = productTokenStart(userAgentHeader);
  return userAgentHeader.slice(i, productTokenEnd(userAgentHeader, i));
}
