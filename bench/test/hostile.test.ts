// bench/src/hostile.ts: the octets a walk reads per URL (the per-4,000-octet column) and the
// Markdown table's shape (every row has the header's cells, failed inputs included).
import { describe, expect, it } from 'vitest';
import { formatHostileTable, walkedOctets } from '../src/hostile.js';
import type { HostileRow } from '../src/hostile.js';

describe('walkedOctets', () => {
  it('counts ASCII once, escapes and specials as rfc9309 reads them', () => {
    expect(walkedOctets('/abc', true)).toBe(4);
    expect(walkedOctets('/%*$', true)).toBe(1 + 3 + 3 + 3);
    expect(walkedOctets('/%*$', false)).toBe(4);
    expect(walkedOctets('/%41', true)).toBe(2); // %41 is 'A', unreserved: decoded to one byte
    expect(walkedOctets('/%2F', true)).toBe(4); // reserved: stays %2F
    expect(walkedOctets('/%zz', true)).toBe(1 + 3 + 1 + 1); // a lone '%' is escaped, the rest raw
  });

  it('counts non-ASCII as UTF-8 octets, three times in rfc9309; a lone surrogate as U+FFFD', () => {
    expect(walkedOctets('\u00e9', false)).toBe(2);
    expect(walkedOctets('\u00e9', true)).toBe(6);
    expect(walkedOctets('\u30c4', false)).toBe(3);
    expect(walkedOctets('\ud83d\ude00', false)).toBe(4);
    expect(walkedOctets('\ud83d\ude00', true)).toBe(12);
    expect(walkedOctets('\ud800', false)).toBe(3);
  });
});

describe('formatHostileTable', () => {
  const ok: HostileRow = {
    input: 'storm', profile: 'rfc9309', status: 'ok', detail: '', inputBytes: 1000, compileMs: 12.5, compileRuns: 3,
    heapCommittedBytes: 2 ** 20, heapUsedDeltaBytes: 2 ** 21, artifactBytes: 5000, loadMs: 0.1, parts: 1, maxTrieNodes: 7,
    worstCheckNs: 250_000, worstUrl: '/a|b', worstPer4kNs: 125_000, worstPer4kUrl: '/x', coldCheckNs: 9_000_000,
    coldUrl: '/c', distinctMedianNs: 300_000, distinctMaxNs: 4_000_000, distinctUrl: '/d', freshMedianNs: 2_500_000,
    freshMaxNs: 6_000_000, freshUrl: '/f', plainCheckNs: 20_000,
    linearity: 10,
  };
  const failed: HostileRow = { ...ok, input: 'hang', status: 'timeout', compileMs: Number.NaN };

  it('gives every row the header\'s cells, a failed input included', () => {
    const lines = formatHostileTable([ok, failed]).split('\n');
    // Cells: split on pipes that are not escaped (URLs escape theirs).
    const cells = (line: string): number => line.split(/(?<!\\)\|/).length;
    expect(lines).toHaveLength(4);
    for (const line of lines) expect(cells(line), line).toBe(cells(lines[0] as string));
  });

  it('shows the distinct- and fresh-URL medians and maxima, and escapes pipes in URLs', () => {
    const row = formatHostileTable([ok]).split('\n')[2] as string;
    expect(row).toContain('300.0 / 4,000.0 `/d`');
    expect(row).toContain('2,500.0 / 6,000.0 `/f`');
    expect(row).toContain('`/a\\|b`');
    expect(row).not.toContain('**');
    expect(formatHostileTable([failed]).split('\n')[2]).toContain('**timeout**');
  });
});
