// Test helpers: an artifact decoded into plain JS values and written back, written from the
// layout documented in runtime/src/format.ts (not from the compiler's serializer), so tests
// can craft artifacts field by field: corrupt one field, or build one by hand.
import { HEADER_BYTES, computeChecksum } from '../src/format.js';

/** One Aho-Corasick node of SEGMENTS (node 0, the root, is implicit). */
export interface RawSegmentNode {
  parent: number;
  byte: number;
  /** `fail << 1 | out` as written. */
  failOut: number;
}

/** One wildcard pattern of WILDCARDS. */
export interface RawWildcard {
  rank: number;
  /** `segmentCount << 1 | anchored` as written. */
  countAnchored: number;
  segments: number[];
}

/** One radix node of PARTS. */
export interface RawTrieNode {
  children: number;
  label: Uint8Array;
  /** `prefixRank + 1` as written. */
  prefix: number;
  /** `endRank + 1` as written. */
  end: number;
  wilds: number;
}

/** One merged group of GROUPS. */
export interface RawGroup {
  flags: number;
  delay: Uint8Array;
  parts: number[];
  /** `firstRule, ruleCount` pairs. */
  sources: [number, number][];
}

/** An artifact as its sections hold it (every number as written). */
export interface RawArtifact {
  magic: number;
  version: number;
  flags: number;
  /** Header length field; undefined: the real length when written. */
  length?: number;
  /** Header checksum; undefined: the real checksum when written. */
  checksum?: number;
  scope: Uint8Array[];
  agents: [Uint8Array, number][];
  /**
   * Per rule: `(line - previous) << 1 | allow`, and with FLAG_PATTERNS its text: `null` when it
   * is rebuilt from the tables (written `v` 0), else the bytes (written `v` length + 1, bytes).
   */
  rules: { w: number; pattern?: Uint8Array | null }[];
  /** Per rank `ruleId << 1 | companion` as written (format version 3). */
  ranks: number[];
  /** SEGMENTS node count as written. */
  segmentCount: number;
  segments: RawSegmentNode[];
  wildcards: RawWildcard[];
  parts: RawTrieNode[][];
  /** `global + 1` as written. */
  global: number;
  groups: RawGroup[];
  sitemaps: Uint8Array[];
  directives: { lineDelta: number; key: Uint8Array; value: Uint8Array; group: number }[];
  warnings: { code: number; line: number }[];
  /** PREFERENCES (section 12, usage.ts). */
  preferences: RawPreferences;
  /** Bytes after the last section. */
  trailing: Uint8Array;
}

/** Section 12 as written. */
export interface RawPreferences {
  /** Answers: `[key offset in text, key length, answer]`. */
  statements: { text: Uint8Array; answers: [number, number, number][] }[];
  /** flags: `kind | anchored << 1`; body null: the path as written (stored `v` 0). */
  rules: { line: number; flags: number; priority: number; path: Uint8Array; body: Uint8Array | null; statement: number }[];
  /** Per merged group: `[firstRule, ruleCount]` sources. */
  groups: [number, number][][];
}

const _enc = new TextEncoder();
const _dec = new TextDecoder();

/** Returns the UTF-8 bytes of `s`. */
export const utf8 = (s: string): Uint8Array => _enc.encode(s);
/** Returns the text of UTF-8 bytes. */
export const text = (b: Uint8Array): string => _dec.decode(b);

class _In {
  pos = HEADER_BYTES;
  constructor(readonly b: Uint8Array) {}
  v(): number {
    let x = 0;
    for (let shift = 0; ; shift += 7) {
      const c = this.b[this.pos++];
      if (c === undefined) throw new Error('test decoder: body ends inside a number');
      x += (c & 0x7f) * 2 ** shift;
      if (c < 0x80) return x;
    }
  }
  byte(): number {
    const c = this.b[this.pos++];
    if (c === undefined) throw new Error('test decoder: body ends early');
    return c;
  }
  s(): Uint8Array {
    const n = this.v();
    const out = this.b.slice(this.pos, this.pos + n);
    this.pos += n;
    return out;
  }
  list<T>(read: () => T): T[] {
    const n = this.v();
    const out: T[] = [];
    for (let i = 0; i < n; i++) out.push(read());
    return out;
  }
}

/** Returns the fields of a valid artifact (throws on a malformed one: the test decoder trusts its input). */
export function decodeArtifact(bytes: Uint8Array): RawArtifact {
  const dv = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const r = new _In(bytes);
  const flags = dv.getUint16(6, true);
  const scope = r.list(() => r.s());
  const agents = r.list((): [Uint8Array, number] => [r.s(), r.v()]);
  const rules = r.list(() => {
    const w = r.v();
    if ((flags & 2) === 0) return { w };
    const n = r.v();
    if (n === 0) return { w, pattern: null };
    const pattern = r.b.slice(r.pos, r.pos + n - 1);
    r.pos += n - 1;
    return { w, pattern };
  });
  const ranks = r.list(() => r.v());
  const segmentCount = r.v();
  const segments: RawSegmentNode[] = [];
  for (let i = 1; i < segmentCount; i++) segments.push({ parent: r.v(), byte: r.byte(), failOut: r.v() });
  const wildcards = r.list(() => {
    const rank = r.v();
    const countAnchored = r.v();
    const segs: number[] = [];
    for (let j = 0; j < countAnchored >>> 1; j++) segs.push(r.v());
    return { rank, countAnchored, segments: segs };
  });
  const parts = r.list(() => r.list(() => ({ children: r.v(), label: r.s(), prefix: r.v(), end: r.v(), wilds: r.v() })));
  const groupCount = r.v();
  const global = r.v();
  const groups: RawGroup[] = [];
  for (let g = 0; g < groupCount; g++) {
    groups.push({ flags: r.v(), delay: r.s(), parts: r.list(() => r.v()), sources: r.list((): [number, number] => [r.v(), r.v()]) });
  }
  const sitemaps = r.list(() => r.s());
  const directives = r.list(() => ({ lineDelta: r.v(), key: r.s(), value: r.s(), group: r.v() }));
  const warnings = r.list(() => ({ code: r.v(), line: r.v() }));
  const preferences: RawPreferences = {
    statements: r.list(() => ({ text: r.s(), answers: r.list((): [number, number, number] => [r.v(), r.v(), r.v()]) })),
    rules: r.list(() => {
      const line = r.v();
      const flags = r.v();
      const priority = r.v();
      const path = r.s();
      const n = r.v();
      const body = n === 0 ? null : r.b.slice(r.pos, r.pos + n - 1);
      r.pos += Math.max(0, n - 1);
      return { line, flags, priority, path, body, statement: r.v() };
    }),
    groups: [],
  };
  for (let g = 0; g < groupCount; g++) preferences.groups.push(r.list((): [number, number] => [r.v(), r.v()]));
  return {
    magic: dv.getUint32(0, true), version: dv.getUint16(4, true), flags, scope, agents, rules, ranks, segmentCount, segments,
    wildcards, parts, global, groups, sitemaps, directives, warnings, preferences, trailing: bytes.slice(r.pos),
  };
}

class _Out {
  bytes: number[] = new Array<number>(HEADER_BYTES).fill(0);
  v(x: number): void {
    let y = x;
    while (y >= 0x80) {
      this.bytes.push((y % 0x80) | 0x80);
      y = Math.floor(y / 0x80);
    }
    this.bytes.push(y);
  }
  s(b: Uint8Array): void {
    this.v(b.length);
    for (const c of b) this.bytes.push(c);
  }
}

/** Writes the body of `a` (sections 1 to 11 and the trailing bytes), without the header. */
function _body(a: RawArtifact): _Out {
  const w = new _Out();
  w.v(a.scope.length);
  for (const t of a.scope) w.s(t);
  w.v(a.agents.length);
  for (const [t, g] of a.agents) {
    w.s(t);
    w.v(g);
  }
  w.v(a.rules.length);
  for (const rule of a.rules) {
    w.v(rule.w);
    if (rule.pattern === null) w.v(0);
    else if (rule.pattern !== undefined) {
      w.v(rule.pattern.length + 1);
      for (const c of rule.pattern) w.bytes.push(c);
    }
  }
  w.v(a.ranks.length);
  for (const x of a.ranks) w.v(x);
  w.v(a.segmentCount);
  for (const n of a.segments) {
    w.v(n.parent);
    w.bytes.push(n.byte);
    w.v(n.failOut);
  }
  w.v(a.wildcards.length);
  for (const wc of a.wildcards) {
    w.v(wc.rank);
    w.v(wc.countAnchored);
    for (const s of wc.segments) w.v(s);
  }
  w.v(a.parts.length);
  for (const part of a.parts) {
    w.v(part.length);
    for (const n of part) {
      w.v(n.children);
      w.s(n.label);
      w.v(n.prefix);
      w.v(n.end);
      w.v(n.wilds);
    }
  }
  w.v(a.groups.length);
  w.v(a.global);
  for (const g of a.groups) {
    w.v(g.flags);
    w.s(g.delay);
    w.v(g.parts.length);
    for (const p of g.parts) w.v(p);
    w.v(g.sources.length);
    for (const [first, count] of g.sources) {
      w.v(first);
      w.v(count);
    }
  }
  w.v(a.sitemaps.length);
  for (const s of a.sitemaps) w.s(s);
  w.v(a.directives.length);
  for (const d of a.directives) {
    w.v(d.lineDelta);
    w.s(d.key);
    w.s(d.value);
    w.v(d.group);
  }
  w.v(a.warnings.length);
  for (const x of a.warnings) {
    w.v(x.code);
    w.v(x.line);
  }
  const p = a.preferences;
  w.v(p.statements.length);
  for (const st of p.statements) {
    w.s(st.text);
    w.v(st.answers.length);
    for (const [at, len, answer] of st.answers) {
      w.v(at);
      w.v(len);
      w.v(answer);
    }
  }
  w.v(p.rules.length);
  for (const rule of p.rules) {
    w.v(rule.line);
    w.v(rule.flags);
    w.v(rule.priority);
    w.s(rule.path);
    if (rule.body === null) w.v(0);
    else {
      w.v(rule.body.length + 1);
      for (const c of rule.body) w.bytes.push(c);
    }
    w.v(rule.statement);
  }
  for (const sources of p.groups) {
    w.v(sources.length);
    for (const [first, count] of sources) {
      w.v(first);
      w.v(count);
    }
  }
  for (const b of a.trailing) w.bytes.push(b);
  return w;
}

/** Returns `a` as artifact bytes: header (length and checksum computed unless set) and body. */
export function encodeArtifact(a: RawArtifact): Uint8Array {
  const out = Uint8Array.from(_body(a).bytes);
  const dv = new DataView(out.buffer);
  dv.setUint32(0, a.magic, true);
  dv.setUint16(4, a.version, true);
  dv.setUint16(6, a.flags, true);
  dv.setUint32(8, a.length ?? out.length, true);
  dv.setUint32(12, a.checksum ?? computeChecksum(out), true);
  return out;
}

/** Returns `bytes` with the header's length and checksum fields recomputed. */
export function resealed(bytes: Uint8Array): Uint8Array {
  const out = bytes.slice();
  const dv = new DataView(out.buffer);
  dv.setUint32(8, out.length, true);
  dv.setUint32(12, computeChecksum(out), true);
  return out;
}

/** Returns a deep copy of `a` (so a test can corrupt one field of a shared fixture). */
export function copyArtifact(a: RawArtifact): RawArtifact {
  return decodeArtifact(encodeArtifact(a));
}
