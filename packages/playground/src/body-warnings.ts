/**
 * Warnings about the robots.txt body as a whole: truncated, HTML instead of robots.txt, or
 * binary. Derived today from `parseRobotsTxt` diagnostics; when the runtime gains
 * `robots.warnings`, only {@link findBodyWarnings} changes.
 */
import type { ParsedRobots } from '@robomata/compiler';
import type { Robots } from '@robomata/runtime';

/** Kinds of body warnings. */
export type BodyWarningKind = 'truncated' | 'html' | 'binary';

/** One warning about the whole body, with the first line it concerns. */
export interface BodyWarning {
  readonly kind: BodyWarningKind;
  /** 1-based line where the problem starts. */
  readonly line: number;
  readonly message: string;
}

/** Diagnostics a line of HTML markup produces: no `key: value`, two words, or a key like `<meta`. */
const _MARKUP_CODES: ReadonlySet<string> = new Set(['no-directive', 'missing-colon', 'unknown-key']);
/** A line starting with a tag or a doctype. */
const _MARKUP_RE = /^\s*<[!/a-zA-Z]/;
/** Diagnostics only a binary body produces. */
const _BINARY_CODES: ReadonlySet<string> = new Set(['nul-byte', 'invalid-utf8']);

/**
 * Returns the body warnings of a robots.txt, in the order truncated, html, binary (at most one
 * of each), from its parse; `robots` (the compiled file) is unused until the runtime reports
 * them itself (then: `robots.warnings`, whose codes are these kinds). `lineText(n)` returns line
 * `n` (1-based) of the text as edited. A body is
 * HTML when some line flagged as no directive starts with a tag; binary when a line holds a NUL
 * byte or invalid UTF-8; truncated when it passed the size limit (RFC 9309 section 2.5).
 * O(diagnostics).
 */
export function findBodyWarnings(_robots: Robots, parsed: ParsedRobots, lineText: (line: number) => string): BodyWarning[] {
  const out: BodyWarning[] = [];
  const cut = parsed.diagnostics.find((d) => d.code === 'past-size-limit');
  if (parsed.truncated && cut !== undefined) {
    out.push({ kind: 'truncated', line: cut.line, message: `Truncated: ${cut.message.replace(/^line \d+: /, '')}.` });
  }
  const htmlLines = new Set<number>();
  let firstHtml = 0;
  let firstBinary = 0;
  for (const d of parsed.diagnostics) {
    if (_MARKUP_CODES.has(d.code) && _MARKUP_RE.test(lineText(d.line))) {
      htmlLines.add(d.line);
      if (firstHtml === 0) firstHtml = d.line;
    } else if (_BINARY_CODES.has(d.code) && firstBinary === 0) firstBinary = d.line;
  }
  if (htmlLines.size > 0) {
    out.push({
      kind: 'html',
      line: firstHtml,
      message: `This looks like an HTML page, not a robots.txt: ${htmlLines.size} line(s) of markup are ignored (first: line ${firstHtml}). A server that answers /robots.txt with a page gives crawlers no rules from it.`,
    });
  }
  if (firstBinary > 0) {
    out.push({
      kind: 'binary',
      line: firstBinary,
      message: `This looks like a binary body: NUL bytes or invalid UTF-8 from line ${firstBinary}. Those lines are read as text as far as possible; check that the server sends the right file.`,
    });
  }
  return out;
}
