// Lines, keys and groups of a robots.txt (docs/semantics.md sections 1 to 3), written for clarity.

/** The longest line content kept, in bytes (Google's 2083 * 8 buffer minus its NUL). */
export const MAX_LINE_BYTES = 16_663;

/** Bytes of a robots.txt parsed by default: 500 KiB, RFC 9309 section 2.5. */
export const DEFAULT_MAX_BYTES = 512_000;

/** What a line's key was recognised as (docs/semantics.md section 2). */
export type KeyKind = 'user-agent' | 'allow' | 'disallow' | 'sitemap' | 'content-usage' | 'content-signal' | 'other';

/** A Content-Usage or Content-Signal line (docs/semantics.md section 10): its raw value bytes. */
export interface PreferenceLine {
  readonly line: number;
  readonly kind: 'content-usage' | 'content-signal';
  readonly value: Uint8Array;
}

/** One allow/disallow rule: its 1-based line, kind and value bytes as written (trimmed). */
export interface Rule {
  readonly line: number;
  readonly allow: boolean;
  readonly value: Uint8Array;
}

/** One user-agent entry of a group: global (`*`) or a product token. */
export interface AgentEntry {
  readonly global: boolean;
  readonly token: string;
}

/** A group: its user-agent entries and its rules, in file order. */
export interface Group {
  readonly agents: AgentEntry[];
  readonly rules: Rule[];
  readonly preferences: PreferenceLine[];
}

const LF = 0x0a;
const CR = 0x0d;
const BOM = [0xef, 0xbb, 0xbf];

/**
 * Returns the content bytes of every line (index i is line i + 1), docs/semantics.md section 1: a (partial)
 * BOM at the very start is skipped, LF, CR and CRLF end a line, a line keeps its first
 * {@link MAX_LINE_BYTES} bytes, a NUL ends its content. The last line is always present
 * (RFC 9309 section 2.2 line grammar, plus Google's parser quirks). O(n).
 */
export function splitLines(bytes: Uint8Array): Uint8Array[] {
  let start = 0;
  while (start < BOM.length && start < bytes.length && bytes[start] === BOM[start]) start++;
  const lines: Uint8Array[] = [];
  let lineStart = start;
  for (let i = start; i <= bytes.length; i++) {
    const b = bytes[i];
    if (i < bytes.length && b !== LF && b !== CR) continue;
    let content = bytes.subarray(lineStart, i).subarray(0, MAX_LINE_BYTES);
    const nul = content.indexOf(0);
    if (nul >= 0) content = content.subarray(0, nul);
    lines.push(content);
    if (b === CR && bytes[i + 1] === LF) i++;
    lineStart = i + 1;
  }
  return lines;
}

/** Whether `b` is ASCII whitespace as trimmed by docs/semantics.md section 2 (SP, HT, LF, VT, FF, CR). */
export function isAsciiSpace(b: number | undefined): boolean {
  return b === 0x20 || (b !== undefined && b >= 0x09 && b <= 0x0d);
}

function _trim(s: Uint8Array): Uint8Array {
  let a = 0;
  let z = s.length;
  while (a < z && isAsciiSpace(s[a])) a++;
  while (z > a && isAsciiSpace(s[z - 1])) z--;
  return s.subarray(a, z);
}

function _isBlank(b: number | undefined): boolean {
  return b === 0x20 || b === 0x09;
}

/** Returns the ASCII-lower-cased copy of `s` (other characters unchanged). */
export function lowerAscii(s: string): string {
  return s.replace(/[A-Z]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 32));
}

/** Returns the kind of a key by case-insensitive prefix test, in the order of docs/semantics.md section 2. O(1). */
export function classifyKey(key: Uint8Array): KeyKind {
  const k = lowerAscii(String.fromCharCode(...key));
  if (k === 'content-usage' || k === 'content-signal') return k;
  const any = (...words: string[]): boolean => words.some((w) => k.startsWith(w));
  if (any('user-agent', 'useragent', 'user agent')) return 'user-agent';
  if (any('allow')) return 'allow';
  if (any('disallow', 'dissallow', 'dissalow', 'disalow', 'diasllow', 'disallaw')) return 'disallow';
  if (any('sitemap', 'site-map')) return 'sitemap';
  return 'other';
}

/**
 * Returns the key and value of one line's content, or `null` when the line has no directive
 * (docs/semantics.md section 2; RFC 9309 section 2.2): comment cut, trim, first `:` (else exactly two
 * SP/HT-separated tokens, Google's missing-colon tolerance). O(n).
 */
export function parseLine(content: Uint8Array): { key: Uint8Array; value: Uint8Array } | null {
  const hash = content.indexOf(0x23);
  const s = _trim(hash >= 0 ? content.subarray(0, hash) : content);
  let sep = s.indexOf(0x3a);
  if (sep < 0) {
    sep = s.findIndex(_isBlank);
    if (sep < 0) return null;
    let v = sep;
    while (_isBlank(s[v])) v++;
    if (s.subarray(v).some(_isBlank)) return null;
  }
  const key = _trim(s.subarray(0, sep));
  if (key.length === 0) return null;
  return { key, value: _trim(s.subarray(sep + 1)) };
}

/**
 * Returns the group entry for a user-agent value (docs/semantics.md section 3; RFC 9309 section 2.2.1):
 * global for `*` alone or `*` + whitespace, else the leading `[A-Za-z_-]` run. O(n).
 */
export function parseAgent(value: Uint8Array): AgentEntry {
  if (value[0] === 0x2a && (value.length === 1 || isAsciiSpace(value[1]))) return { global: true, token: '' };
  let n = 0;
  while (n < value.length && /[A-Za-z_-]/.test(String.fromCharCode(value[n] ?? 0))) n++;
  return { global: false, token: String.fromCharCode(...value.subarray(0, n)) };
}

/**
 * Returns the groups of a robots.txt (docs/semantics.md sections 1 to 3): consecutive user-agent lines share
 * a group, an allow/disallow line closes the run of user-agent lines, rules before the first
 * user-agent line are dropped (RFC 9309 sections 2.1, 2.2.1). Only the first `maxBytes` bytes
 * are read (section 2.5). O(n).
 */
export function parseGroups(bytes: Uint8Array, maxBytes: number, profile: 'rfc9309' | 'google' = 'rfc9309'): Group[] {
  const groups: Group[] = [];
  let current: Group | undefined;
  let sawRule = false;
  splitLines(bytes.subarray(0, Math.max(0, maxBytes))).forEach((content, index) => {
    const kv = parseLine(content);
    if (kv === null) return;
    const kind = classifyKey(kv.key);
    if (kind === 'user-agent') {
      if (current === undefined || sawRule) {
        current = { agents: [], rules: [], preferences: [] };
        groups.push(current);
        sawRule = false;
      }
      current.agents.push(parseAgent(kv.value));
    } else if ((kind === 'allow' || kind === 'disallow') && current !== undefined) {
      current.rules.push({ line: index + 1, allow: kind === 'allow', value: kv.value });
      sawRule = true;
    } else if ((kind === 'content-usage' || kind === 'content-signal') && current !== undefined) {
      current.preferences.push({ line: index + 1, kind, value: kv.value });
      // rfc9309: Content-Usage extends RFC 9309's `rule`; Google's parser ignores the line.
      if (kind === 'content-usage' && profile === 'rfc9309') sawRule = true;
    }
  });
  return groups;
}
