// Whole-file warnings of parseRobotsTxt: truncation, HTML pages and binary bodies (ParseWarning),
// on hand-made bodies and on the real corpus files that are HTML or binary.
import { WARNING_MESSAGES } from '@robomata/runtime/format';
import { describe, expect, it } from 'vitest';
import { BINARY_CONTROL_PERCENT, SNIFF_BYTES, parseRobotsTxt, type ParseWarning } from '../src/parse.js';
import { listCorpusFiles, readCorpusFile } from '../../../test/fixtures/corpus.js';

const codesOf = (warnings: readonly ParseWarning[]): string[] => warnings.map((w) => w.code);

describe('parse warnings: truncated', () => {
  it('reports the cut, its line and that it may hide rules', () => {
    const text = 'User-agent: *\nDisallow: /a\nDisallow: /b\n';
    const parsed = parseRobotsTxt(text, { maxBytes: 30 });
    expect(parsed.warnings).toHaveLength(1);
    const [w] = parsed.warnings;
    expect(w?.code).toBe('truncated');
    expect(w?.line).toBe(3); // byte 30 falls in line 3
    // The one text of the code (runtime format.ts); the byte counts are in the diagnostic.
    expect(w?.message).toBe(WARNING_MESSAGES.truncated);
    expect(w?.message).toContain('may hide rules');
    const cut = parsed.diagnostics.find((d) => d.code === 'past-size-limit');
    expect(cut?.message).toContain(`${text.length} bytes`);
    expect(cut?.message).toContain('first 30 bytes');
  });

  it('says nothing when the file fits exactly', () => {
    const text = 'User-agent: *\nDisallow: /a\n';
    expect(parseRobotsTxt(text, { maxBytes: text.length }).warnings).toEqual([]);
  });

  it('reports the three corpus files past 512,000 bytes, at the lines where the cut falls', () => {
    const cut = ['docs.oracle.com', 'go.com', 'www.hermes.com'].map((name) => {
      const w = parseRobotsTxt(readCorpusFile(name)).warnings.find((x) => x.code === 'truncated');
      return [name, w?.line];
    });
    expect(cut).toEqual([
      ['docs.oracle.com', 19134],
      ['go.com', 1281],
      ['www.hermes.com', 2159],
    ]);
  });
});

describe('parse warnings: html', () => {
  it('flags a page that opens with a doctype, at the line of its first tag', () => {
    const parsed = parseRobotsTxt('\n\n  <!DOCTYPE html>\n<html><body>Not found</body></html>\n');
    expect(parsed.warnings).toEqual([expect.objectContaining({ code: 'html', line: 3 })]);
    expect(parsed.warnings[0]?.message).toContain('HTML page');
  });

  it('flags a page behind a byte-order mark and HTML comments', () => {
    const parsed = parseRobotsTxt('\uFEFF<!--\n-->\n<script>location="/"</script>');
    expect(codesOf(parsed.warnings)).toEqual(['html']);
    expect(parsed.warnings[0]?.line).toBe(1);
  });

  it('does not flag a robots.txt that opens with HTML comments, nor tags after directives', () => {
    expect(parseRobotsTxt('<!-- Id: robots.txt 1 -->\nUser-agent: *\nDisallow: /cgi-bin/\n').warnings).toEqual([]);
    expect(parseRobotsTxt('User-agent: *\nDisallow: /x\n<html><body>oops</body></html>\n').warnings).toEqual([]);
  });

  it('finds the tag only within the first SNIFF_BYTES bytes', () => {
    const late = `<${' '.repeat(SNIFF_BYTES)}<html>`;
    expect(parseRobotsTxt(late).warnings).toEqual([]);
  });

  it('flags corpus HTML pages (error, login and consent pages) and not www.uspto.gov', () => {
    for (const name of ['www.cineworld.co.uk', 'www.ingrammicro.com', 'www.worldbank.org', 'adultfriendfinder.com', 'www.365online.com']) {
      expect(codesOf(parseRobotsTxt(readCorpusFile(name)).warnings), name).toEqual(['html']);
    }
    expect(parseRobotsTxt(readCorpusFile('www.uspto.gov')).warnings).toEqual([]);
  });
});

describe('parse warnings: binary', () => {
  it('flags a UTF-16 body by its byte-order mark, at line 1', () => {
    const utf16 = new Uint8Array([0xff, 0xfe, ...[...'User-agent: *'].flatMap((c) => [c.charCodeAt(0), 0])]);
    const parsed = parseRobotsTxt(utf16);
    expect(parsed.warnings).toEqual([expect.objectContaining({ code: 'binary', line: 1 })]);
    expect(parsed.warnings[0]?.message).toContain('UTF-16');
  });

  it(`flags control bytes from ${BINARY_CONTROL_PERCENT}% of the sniffed bytes, at the line of the first`, () => {
    const body = new Uint8Array(100).fill(0x61);
    body[10] = 0x0a;
    for (const i of [20, 40, 60]) body[i] = 0x00;
    expect(parseRobotsTxt(body).warnings).toEqual([]); // 3 control bytes: below the minimum count
    body[80] = 0x1b;
    expect(parseRobotsTxt(body).warnings).toEqual([expect.objectContaining({ code: 'binary', line: 2 })]);
    const text = new Uint8Array(1000).fill(0x61);
    for (const i of [100, 200, 300, 400, 500]) text[i] = 0x01; // 0.5%: not binary
    expect(parseRobotsTxt(text).warnings).toEqual([]);
  });

  it('does not flag text in another encoding (Latin-1, invalid UTF-8)', () => {
    const latin1 = new Uint8Array([...'# R\xe9pertoire priv\xe9\nUser-agent: *\nDisallow: /\xe9t\xe9\n'].map((c) => c.charCodeAt(0)));
    expect(parseRobotsTxt(latin1).warnings).toEqual([]);
  });

  it('flags the corpus icon and UTF-16 files', () => {
    const found = ['store.usps.com', 'www.myvue.com', 'www.pch.com'].map((name) => codesOf(parseRobotsTxt(readCorpusFile(name)).warnings));
    expect(found).toEqual([['binary'], ['binary'], ['binary']]);
  });
});

describe('parse warnings over the whole corpus', () => {
  it('counts 164 HTML pages, 3 binary bodies and 3 truncated files; every other file has none', () => {
    const counts: Record<string, number> = {};
    let clean = 0;
    const files = listCorpusFiles();
    for (const name of files) {
      const { warnings } = parseRobotsTxt(readCorpusFile(name));
      if (warnings.length === 0) clean++;
      for (const w of warnings) counts[w.code] = (counts[w.code] ?? 0) + 1;
      expect(new Set(codesOf(warnings)).size, name).toBe(warnings.length); // at most one per code
    }
    expect(counts).toEqual({ html: 164, binary: 3, truncated: 3 });
    expect(clean).toBe(files.length - 164 - 3 - 1); // go.com and www.hermes.com are HTML and truncated
  });
});
