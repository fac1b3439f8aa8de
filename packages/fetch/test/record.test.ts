import { describe, expect, it } from 'vitest';
import { compile } from '@robomata/compiler';
import { FORMAT_VERSION } from '@robomata/runtime';
import { RECORD_VERSION, _RecordError, _checksum, _decodeRecord, _encodeRecord, _loadArtifact } from '../src/record.js';
import type { CachedRobots, _Constants, _Entry } from '../src/entry.js';

const ORIGIN = 'https://example.com';
const allow = _loadArtifact(compile(''));
const disallow = _loadArtifact(compile('User-agent: *\nDisallow: /'));
const constants: _Constants = { profile: 'rfc9309', allowAll: () => allow, disallowAll: () => disallow };
const rules = _loadArtifact(compile('User-agent: *\nDisallow: /private/\n'));

function entryOf(robots = rules, lastGood: typeof rules | undefined = rules, extra: Partial<CachedRobots> = {}): _Entry {
  return {
    current: {
      origin: ORIGIN, robots, policy: 'rules', statusClass: 'success', httpStatus: 200, fetchedAt: 1, expiresAt: 2,
      sourceUrl: `${ORIGIN}/robots.txt`, finalUrl: `${ORIGIN}/robots.txt`, redirects: 0, bytesRead: 40, truncated: false,
      error: undefined, failures: 0, failingSince: undefined, ...extra,
    },
    lastGood,
  };
}

/** Re-encodes `bytes` with its JSON header changed by `edit` and a valid checksum. */
function patchHeader(bytes: Uint8Array, edit: (h: Record<string, unknown>) => void): Uint8Array {
  const view = new DataView(bytes.buffer, bytes.byteOffset);
  const n = view.getUint32(8, true);
  const header = JSON.parse(new TextDecoder().decode(bytes.subarray(12, 12 + n))) as Record<string, unknown>;
  edit(header);
  const json = new TextEncoder().encode(JSON.stringify(header));
  const rest = bytes.subarray(12 + n, bytes.byteLength - 8);
  const out = new Uint8Array(12 + json.byteLength + rest.byteLength + 8);
  out.set(bytes.subarray(0, 8));
  new DataView(out.buffer).setUint32(8, json.byteLength, true);
  out.set(json, 12);
  out.set(rest, 12 + json.byteLength);
  out.set(_checksum(out, out.byteLength - 8), out.byteLength - 8);
  return out;
}

describe('cache records', () => {
  it('round-trip: metadata, rules and last good copy (stored once when they are the same)', () => {
    const bytes = _encodeRecord(entryOf(), constants);
    expect(bytes[4]).toBe(RECORD_VERSION);
    const back = _decodeRecord(bytes, ORIGIN, constants);
    expect(back.current.robots.isAllowed('/private/x', 'Bot')).toBe(false);
    expect(back.lastGood).toBe(back.current.robots);
    const { robots: _r, ...meta } = back.current;
    const { robots: _o, ...original } = entryOf().current;
    expect(meta).toEqual(original);
  });

  it('round-trip: disallow-all after failures with a last good copy; allow-all named, not stored', () => {
    const failing = entryOf(disallow, rules, { policy: 'disallow-all', statusClass: 'server-error', failures: 3, failingSince: 1, error: 'HTTP 503' });
    const back = _decodeRecord(_encodeRecord(failing, constants), ORIGIN, constants);
    expect(back.current.robots).toBe(disallow);
    expect(back.current).toMatchObject({ failures: 3, failingSince: 1, error: 'HTTP 503' });
    expect(back.lastGood?.isAllowed('/private/x', 'Bot')).toBe(false);
    const small = _encodeRecord(entryOf(allow, allow, { policy: 'allow-all' }), constants);
    expect(_decodeRecord(small, ORIGIN, constants).current.robots).toBe(allow);
    expect(small.byteLength).toBeLessThan(1_000);
  });

  it.each<[string, (h: Record<string, unknown>) => void, RegExp]>([
    ['another artifact format version', (h) => (h['formatVersion'] = FORMAT_VERSION + 1), /artifact format/],
    ['another profile', (h) => (h['profile'] = 'google'), /profile/],
    ['another origin', (h) => (h['origin'] = 'https://evil.example'), /another origin/],
    ['a bad policy', (h) => (h['policy'] = 'maybe'), /policy/],
    ['a bad field type', (h) => (h['expiresAt'] = 'soon'), /expiresAt/],
    ['a bad artifact slot', (h) => (h['current'] = 5), /slot/],
    ['artifact lengths that do not add up', (h) => (h['lengths'] = [10]), /length|trailing|load/],
  ])('rejects a well-formed record with %s', (_name, edit, message) => {
    const bytes = patchHeader(_encodeRecord(entryOf(), constants), edit);
    expect(() => _decodeRecord(bytes, ORIGIN, constants)).toThrow(_RecordError);
    expect(() => _decodeRecord(bytes, ORIGIN, constants)).toThrow(message);
  });

  it('rejects the wrong record version, a bad checksum and short values', () => {
    const bytes = _encodeRecord(entryOf(), constants);
    const version = bytes.slice();
    version[4] = RECORD_VERSION + 1;
    expect(() => _decodeRecord(version, ORIGIN, constants)).toThrow(/record version/);
    const flipped = bytes.slice();
    flipped[20] = (flipped[20] as number) ^ 1;
    expect(() => _decodeRecord(flipped, ORIGIN, constants)).toThrow(/checksum/);
    expect(() => _decodeRecord(bytes.subarray(0, 10), ORIGIN, constants)).toThrow(/not a robomata/);
  });
});
