/**
 * The byte form of one cache entry in a shared store: the latest answer's metadata, its
 * artifact and the last good copy's artifact, checksummed and tagged with the artifact
 * format version, so that a process never trusts bytes it did not write in its own format.
 *
 * Layout (little-endian):
 * - bytes 0..3: `RBFC`; byte 4: {@link RECORD_VERSION}; bytes 5..7: zero;
 * - bytes 8..11: length H of the JSON header; bytes 12..12+H: the header (UTF-8 JSON: origin,
 *   profile, FORMAT_VERSION, the `CachedRobots` fields, which artifact is current and which is
 *   the last good copy, and each artifact's length);
 * - the artifacts, back to back (an artifact used twice is stored once; allow-all and
 *   disallow-all are named, not stored);
 * - last 8 bytes: the first 8 bytes of the SHA-1 of everything before (native hashing: a
 *   3.4 MB record checks in a few milliseconds; a JavaScript FNV loop took 100 ms and more).
 *
 * Decoding validates the checksum, every header field's type, that origin, profile and format
 * version are the expected ones, and loads each artifact with `loadRobots` (which validates
 * the artifact itself); anything else is a {@link _RecordError}.
 */

import { createHash } from 'node:crypto';
import { FORMAT_VERSION, loadRobots } from '@robomata/runtime';
import type { Profile, Robots } from '@robomata/runtime';
import type { CachedRobots, RobotsPolicy, RobotsStatusClass, _Constants, _Entry } from './entry.js';

/** Version of this record layout (independent of the artifact's FORMAT_VERSION). */
export const RECORD_VERSION = 1;

const _MAGIC = [0x52, 0x42, 0x46, 0x43]; // 'RBFC'
const _PREFIX_BYTES = 12;
const _CHECKSUM_BYTES = 8;

/** The artifact bytes each loaded Robots came from (only the public loader API is used). */
const _ARTIFACTS = new WeakMap<Robots, Uint8Array>();

/**
 * Returns `loadRobots(artifact)` and remembers the bytes, so the entry can be written to a store
 * and its size counted. Throws `RobotsFormatError` as `loadRobots` does.
 */
export function _loadArtifact(artifact: Uint8Array): Robots {
  const robots = loadRobots(artifact);
  _ARTIFACTS.set(robots, artifact);
  return robots;
}

/** Returns the artifact bytes of a Robots made by {@link _loadArtifact} (undefined otherwise). */
export function _artifactOf(robots: Robots): Uint8Array | undefined {
  return _ARTIFACTS.get(robots);
}

/** A record that must not be trusted; `reason` says why (counted by the cache). */
export class _RecordError extends Error {
  override readonly name = '_RecordError';
}

type _Slot = 'allow' | 'disallow' | number | null;

const _POLICIES: ReadonlySet<string> = new Set<RobotsPolicy>(['rules', 'allow-all', 'disallow-all', 'last-good']);
const _STATUS_CLASSES: ReadonlySet<string> = new Set<RobotsStatusClass>([
  'success', 'client-error', 'redirect-limit', 'rate-limited', 'server-error', 'timeout', 'network-error', 'compile-error',
]);

/** Returns the record checksum of `bytes[0, end)`: the first 8 bytes of its SHA-1. O(end). */
export function _checksum(bytes: Uint8Array, end: number): Uint8Array {
  return createHash('sha1').update(bytes.subarray(0, end)).digest().subarray(0, _CHECKSUM_BYTES);
}

/** Returns the remembered artifact of `robots`; every Robots the cache holds has one. */
function _artifactBytes(robots: Robots): Uint8Array {
  const bytes = _ARTIFACTS.get(robots);
  if (bytes === undefined) throw new Error('internal: a cached Robots without its artifact bytes');
  return bytes;
}

/** Returns the record bytes of `entry` (see the module comment). O(artifact bytes). */
export function _encodeRecord(entry: _Entry, constants: _Constants): Uint8Array {
  const artifacts: Robots[] = [];
  const slotOf = (robots: Robots | undefined): _Slot => {
    if (robots === undefined) return null;
    if (robots === constants.allowAll()) return 'allow';
    if (robots === constants.disallowAll()) return 'disallow';
    let at = artifacts.indexOf(robots);
    if (at < 0) at = artifacts.push(robots) - 1;
    return at;
  };
  const { robots, ...meta } = entry.current;
  const header = {
    formatVersion: FORMAT_VERSION,
    profile: constants.profile,
    ...meta,
    error: meta.error ?? null,
    failingSince: meta.failingSince ?? null,
    current: slotOf(robots),
    lastGood: slotOf(entry.lastGood),
    lengths: artifacts.map((r) => _artifactBytes(r).byteLength),
  };
  const json = new TextEncoder().encode(JSON.stringify(header));
  const total = _PREFIX_BYTES + json.byteLength + header.lengths.reduce((s, n) => s + n, 0) + _CHECKSUM_BYTES;
  const out = new Uint8Array(total);
  const view = new DataView(out.buffer);
  out.set(_MAGIC, 0);
  out[4] = RECORD_VERSION;
  view.setUint32(8, json.byteLength, true);
  out.set(json, _PREFIX_BYTES);
  let offset = _PREFIX_BYTES + json.byteLength;
  for (const r of artifacts) {
    const bytes = _artifactBytes(r);
    out.set(bytes, offset);
    offset += bytes.byteLength;
  }
  out.set(_checksum(out, offset), offset);
  return out;
}

/**
 * Returns the entry encoded in `bytes`, or throws {@link _RecordError} when the bytes are not a
 * record of this layout, for `origin`, in `constants.profile` and this FORMAT_VERSION, whose
 * artifacts load. O(record bytes).
 */
export function _decodeRecord(bytes: Uint8Array, origin: string, constants: _Constants): _Entry {
  if (bytes.byteLength < _PREFIX_BYTES + _CHECKSUM_BYTES || _MAGIC.some((b, i) => bytes[i] !== b)) {
    throw new _RecordError('not a robomata cache record');
  }
  if (bytes[4] !== RECORD_VERSION) throw new _RecordError(`record version ${bytes[4]}, expected ${RECORD_VERSION}`);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const end = bytes.byteLength - _CHECKSUM_BYTES;
  if (Buffer.compare(_checksum(bytes, end), bytes.subarray(end)) !== 0) throw new _RecordError('checksum mismatch');
  const headerLength = view.getUint32(8, true);
  if (_PREFIX_BYTES + headerLength > end) throw new _RecordError('header past the end');
  let header: Record<string, unknown>;
  try {
    header = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(_PREFIX_BYTES, _PREFIX_BYTES + headerLength))) as Record<string, unknown>;
  } catch {
    throw new _RecordError('header is not JSON');
  }
  if (typeof header !== 'object' || header === null) throw new _RecordError('header is not an object');
  if (header['formatVersion'] !== FORMAT_VERSION) throw new _RecordError(`artifact format ${String(header['formatVersion'])}, expected ${FORMAT_VERSION}`);
  if (header['profile'] !== constants.profile) throw new _RecordError(`profile ${String(header['profile'])}, expected ${constants.profile}`);
  if (header['origin'] !== origin) throw new _RecordError('record of another origin');
  const artifacts = _loadArtifacts(header['lengths'], bytes, _PREFIX_BYTES + headerLength, end);
  const robotsOf = (slot: unknown): Robots | undefined => {
    if (slot === null) return undefined;
    if (slot === 'allow') return constants.allowAll();
    if (slot === 'disallow') return constants.disallowAll();
    const r = typeof slot === 'number' ? artifacts[slot] : undefined;
    if (r === undefined) throw new _RecordError('bad artifact slot');
    return r;
  };
  const robots = robotsOf(header['current']);
  if (robots === undefined) throw new _RecordError('no current rules');
  return { current: { ..._readMeta(header, origin), robots }, lastGood: robotsOf(header['lastGood']) };
}

/** Loads the artifacts `bytes[start, end)` of the given lengths; each must load. */
function _loadArtifacts(lengths: unknown, bytes: Uint8Array, start: number, end: number): Robots[] {
  if (!Array.isArray(lengths) || lengths.length > 2) throw new _RecordError('bad artifact lengths');
  const out: Robots[] = [];
  let offset = start;
  for (const n of lengths) {
    if (!Number.isSafeInteger(n) || (n as number) <= 0 || offset + (n as number) > end) throw new _RecordError('bad artifact length');
    let robots: Robots;
    try {
      robots = _loadArtifact(bytes.slice(offset, offset + (n as number)));
    } catch (err) {
      throw new _RecordError(`artifact does not load: ${err instanceof Error ? err.message : String(err)}`);
    }
    out.push(robots);
    offset += n as number;
  }
  if (offset !== end) throw new _RecordError('trailing bytes');
  return out;
}

/** Reads and type-checks the CachedRobots fields of a header (everything but `robots`). */
function _readMeta(h: Record<string, unknown>, origin: string): Omit<CachedRobots, 'robots'> {
  const num = (k: string): number => {
    const v = h[k];
    if (typeof v !== 'number' || !Number.isFinite(v)) throw new _RecordError(`bad field ${k}`);
    return v;
  };
  const str = (k: string): string => {
    const v = h[k];
    if (typeof v !== 'string') throw new _RecordError(`bad field ${k}`);
    return v;
  };
  const policy = str('policy');
  const statusClass = str('statusClass');
  if (!_POLICIES.has(policy) || !_STATUS_CLASSES.has(statusClass)) throw new _RecordError('bad policy or status class');
  const error = h['error'];
  const failingSince = h['failingSince'];
  if ((error !== null && typeof error !== 'string') || (failingSince !== null && typeof failingSince !== 'number')) {
    throw new _RecordError('bad field error or failingSince');
  }
  if (typeof h['truncated'] !== 'boolean') throw new _RecordError('bad field truncated');
  return {
    origin,
    policy: policy as RobotsPolicy,
    statusClass: statusClass as RobotsStatusClass,
    httpStatus: num('httpStatus'),
    fetchedAt: num('fetchedAt'),
    expiresAt: num('expiresAt'),
    sourceUrl: str('sourceUrl'),
    finalUrl: str('finalUrl'),
    redirects: num('redirects'),
    bytesRead: num('bytesRead'),
    truncated: h['truncated'],
    error: error ?? undefined,
    failures: num('failures'),
    failingSince: failingSince ?? undefined,
  };
}
