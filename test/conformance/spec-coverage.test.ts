// Every bullet of docs/semantics.md sections 1 to 7 is named by a spec id, and every id has cases.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CONFORMANCE_CASES, countCasesBySection } from './cases.js';

/** The semantics document, in the repository: test/conformance -> ../../docs. */
const SPEC_URL = new URL('../../docs/semantics.md', import.meta.url);

/** Spec ids per bullet: the bullet is found by a snippet of its text (whitespace-normalised). */
const BULLETS: readonly { section: number; snippet: string; ids: readonly string[] }[] = [
  { section: 1, snippet: 'A leading UTF-8 byte-order mark is skipped', ids: ['1.bom'] },
  { section: 1, snippet: 'LF, CR and CRLF each end a line', ids: ['1.lines'] },
  { section: 1, snippet: 'A line keeps at most its first 16,663 bytes', ids: ['1.linecap'] },
  { section: 1, snippet: "A NUL byte ends the line's content", ids: ['1.nul'] },
  { section: 1, snippet: '`#` anywhere starts a comment', ids: ['1.comment'] },
  { section: 1, snippet: 'Parse at least 500 KiB', ids: ['1.limit'] },
  { section: 2, snippet: 'After cutting the comment, trim ASCII whitespace', ids: ['2.trim'] },
  { section: 2, snippet: 'The separator is the first `:` of the line', ids: ['2.separator'] },
  { section: 2, snippet: 'Key and value are trimmed; spaces inside the value are kept', ids: ['2.value'] },
  { section: 2, snippet: 'Keys are recognised by a case-insensitive **prefix** test', ids: ['2.keys'] },
  { section: 3, snippet: 'A group starts at a user-agent line that follows an allow/disallow line', ids: ['3.groups'] },
  { section: 3, snippet: 'A user-agent value is global when', ids: ['3.global', '3.token'] },
  { section: 3, snippet: "The crawler's own token is compared ASCII-case-insensitively", ids: ['3.agent'] },
  { section: 3, snippet: 'All groups naming the crawler merge into one', ids: ['3.merge'] },
  { section: 3, snippet: 'If any group names the crawler, the global group is ignored', ids: ['3.hide'] },
  { section: 3, snippet: 'Rules before the first user-agent line', ids: ['3.ignored'] },
  { section: 4, snippet: 'Allow/disallow values are escaped before use', ids: ['4.escape'] },
  { section: 4, snippet: 'An empty value makes a rule that never decides anything', ids: ['4.empty'] },
  { section: 4, snippet: 'Matching is anchored at the start of the URL path', ids: ['4.match'] },
  { section: 5, snippet: 'The priority of a matching rule is the **octet length', ids: ['5.priority'] },
  { section: 5, snippet: "Within the crawler's merged group", ids: ['5.decide'] },
  { section: 5, snippet: 'index.html rule (allow only)', ids: ['5.index'] },
  { section: 5, snippet: '`google`: no implicit allow of `/robots.txt`', ids: ['5.robots'] },
  { section: 6, snippet: 'Skip a leading `//`', ids: ['6.path'] },
  { section: 6, snippet: 'Examples: `http://www.example.com`', ids: ['6.examples'] },
  { section: 6, snippet: 'Every string gets an answer by the rules above', ids: ['6.readable'] },
  { section: 7, snippet: '`/robots.txt` itself is always allowed', ids: ['7.robots'] },
  { section: 7, snippet: 'URL path and patterns are compared in one canonical form', ids: ['7.canonical'] },
  { section: 7, snippet: 'The priority is the octet length of the canonical pattern', ids: ['7.priority'] },
  { section: 7, snippet: 'Exception to "rfc9309 = google plus normalisation"', ids: ['7.content-usage'] },
];

/** Returns the bullets of docs/semantics.md sections 1 to 7 as `{ section, text }` (continuations joined). */
function readBullets(): { section: number; text: string }[] {
  const bullets: { section: number; text: string }[] = [];
  let section = 0;
  for (const line of readFileSync(SPEC_URL, 'utf8').split('\n')) {
    const heading = /^## (\d+)\./.exec(line);
    if (heading !== null) section = Number(heading[1]);
    else if (line.startsWith('#')) section = 0;
    if (section < 1 || section > 7) continue;
    if (line.startsWith('- ')) bullets.push({ section, text: line.slice(2).trim() });
    else if (line.startsWith('  ') && bullets.length > 0 && bullets[bullets.length - 1]?.section === section) {
      const last = bullets[bullets.length - 1];
      if (last !== undefined) last.text += ` ${line.trim()}`;
    }
  }
  return bullets;
}

const idOf = (spec: string): string => spec.split('.').slice(0, 2).join('.');

describe('conformance: docs/semantics.md coverage', () => {
  const bullets = readBullets();

  it('reads the bullets of sections 1 to 7', () => {
    expect(bullets.length).toBeGreaterThanOrEqual(25);
    expect(new Set(bullets.map((b) => b.section))).toEqual(new Set([1, 2, 3, 4, 5, 6, 7]));
  });

  it('maps every bullet of docs/semantics.md to exactly one table entry', () => {
    for (const bullet of bullets) {
      const entries = BULLETS.filter((e) => e.section === bullet.section && bullet.text.includes(e.snippet));
      expect(entries.length, `bullet without spec id: ${bullet.text}`).toBe(1);
    }
  });

  it('finds every table entry in docs/semantics.md', () => {
    for (const entry of BULLETS) {
      const hits = bullets.filter((b) => b.section === entry.section && b.text.includes(entry.snippet));
      expect(hits.length, `snippet not found once: ${entry.snippet}`).toBe(1);
    }
  });

  it('has cases for every spec id, in both profiles', () => {
    for (const id of BULLETS.flatMap((e) => e.ids)) {
      for (const profile of ['rfc9309', 'google'] as const) {
        const n = CONFORMANCE_CASES.filter((c) => idOf(c.spec) === id && c.profile === profile).length;
        expect(n, `no ${profile} case for ${id}`).toBeGreaterThan(0);
      }
    }
  });

  it('names only known spec ids', () => {
    const known = new Set(BULLETS.flatMap((e) => e.ids));
    for (const c of CONFORMANCE_CASES) expect(known.has(idOf(c.spec)), c.spec).toBe(true);
  });

  it('counts cases in every section 1 to 7', () => {
    const counts = countCasesBySection();
    for (const s of ['1', '2', '3', '4', '5', '6', '7']) expect(counts[s] ?? 0).toBeGreaterThan(0);
  });
});
