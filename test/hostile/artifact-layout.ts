/**
 * A test-side reader of the version-3 artifact layout (`@robomata/runtime/format` documents it):
 * walks a well-formed artifact and lists where each field lies, so the artifact fuzzer can aim
 * its mutations at counts, indices, ranks, string lengths and section boundaries instead of at
 * random bytes only. Written from format.ts's layout text alone, not from load.ts: it validates
 * nothing beyond what it needs to keep walking, and throws on anything it cannot walk.
 */
import { FLAG_PATTERNS, HEADER_BYTES } from '@robomata/runtime/format';

/** What a varint field holds, which decides the values a mutation puts there. */
export type FieldKind =
  /** A number of entries that follow. */
  | 'count'
  /** An index into another table (group, rule, part, segment node, parent, fail link, ...). */
  | 'index'
  /** A rank, or a rank + 1. */
  | 'rank'
  /** A line delta, flags, a code or a packed value. */
  | 'value'
  /** The length of a byte string. */
  | 'length';

/** One varint of the body. */
export interface LayoutField {
  /** Byte offset of its first byte. */
  readonly at: number;
  /** Byte offset after its last byte. */
  readonly end: number;
  readonly kind: FieldKind;
  readonly value: number;
  /** Index of the section it belongs to (see SECTION_NAMES). */
  readonly section: number;
}

/** One byte string of the body (after its length varint). */
export interface LayoutString {
  readonly at: number;
  readonly length: number;
  readonly section: number;
  /** What the string is: a token, a rule pattern, a trie label, a crawl-delay, ... */
  readonly what: string;
}

/** The sections of the body, in order. */
export const SECTION_NAMES: readonly string[] = [
  'scope', 'agents', 'rules', 'ranks', 'segments', 'wildcards', 'parts', 'groups', 'sitemaps', 'directives', 'warnings', 'preferences',
];

/** Where everything of an artifact lies. */
export interface ArtifactLayout {
  readonly fields: readonly LayoutField[];
  readonly strings: readonly LayoutString[];
  /** Per section, `[start, end)` byte offsets. */
  readonly sections: readonly (readonly [number, number])[];
  /** Offsets of the raw edge bytes of the segment trie. */
  readonly rawBytes: readonly number[];
}

/** Walks the body of `bytes` field by field; throws when a field runs past the end. */
class _Walker {
  pos = HEADER_BYTES;
  section = 0;
  readonly fields: LayoutField[] = [];
  readonly strings: LayoutString[] = [];
  readonly rawBytes: number[] = [];
  constructor(readonly bytes: Uint8Array) {}

  v(kind: FieldKind): number {
    const at = this.pos;
    let x = 0;
    for (let shift = 0; ; shift += 7) {
      if (this.pos >= this.bytes.length || shift > 28) throw new Error(`layout: bad varint at ${at}`);
      const c = this.bytes[this.pos++] as number;
      x += (c & 0x7f) * 2 ** shift;
      if (c < 0x80) break;
    }
    this.fields.push({ at, end: this.pos, kind, value: x, section: this.section });
    return x;
  }

  /** Walks a byte string whose length is stored plus `bias` (a stored 0 then means no string). */
  s(what: string, bias = 0): void {
    const stored = this.v('length');
    if (stored < bias) return;
    const len = stored - bias;
    if (this.pos + len > this.bytes.length) throw new Error(`layout: string overruns at ${this.pos}`);
    this.strings.push({ at: this.pos, length: len, section: this.section, what });
    this.pos += len;
  }

  b(): void {
    if (this.pos >= this.bytes.length) throw new Error('layout: body ends in a raw byte');
    this.rawBytes.push(this.pos++);
  }
}

/**
 * Returns the layout of a well-formed artifact (format version 3): every varint with its kind,
 * every byte string, each section's bytes. Throws when the body does not walk to exactly its
 * end. O(artifact size).
 */
export function readArtifactLayout(bytes: Uint8Array): ArtifactLayout {
  const w = new _Walker(bytes);
  const patterns = ((bytes[6] as number) & FLAG_PATTERNS) !== 0;
  const sections: [number, number][] = [];
  const section = (body: () => void): void => {
    const start = w.pos;
    body();
    sections.push([start, w.pos]);
    w.section++;
  };
  const repeat = (n: number, body: () => void): void => {
    for (let i = 0; i < n; i++) body();
  };
  section(() => repeat(w.v('count'), () => w.s('scope token')));
  section(() => repeat(w.v('count'), () => {
    w.s('agent token');
    w.v('index');
  }));
  section(() => repeat(w.v('count'), () => {
    w.v('value');
    // A pattern as written: 0 (rebuilt from the tables), else its length + 1 and its bytes.
    if (patterns) w.s('rule pattern', 1);
  }));
  section(() => repeat(w.v('count'), () => w.v('index')));
  section(() => repeat(Math.max(0, w.v('count') - 1), () => {
    w.v('index');
    w.b();
    w.v('index');
  }));
  section(() => repeat(w.v('count'), () => {
    w.v('rank');
    const k = w.v('count') >>> 1;
    repeat(k, () => w.v('index'));
  }));
  section(() => repeat(w.v('count'), () => repeat(w.v('count'), () => {
    w.v('count');
    w.s('trie label');
    w.v('rank');
    w.v('rank');
    w.v('count');
  })));
  let groupCount = 0;
  section(() => {
    const n = w.v('count');
    groupCount = n;
    w.v('index');
    repeat(n, () => {
      w.v('value');
      w.s('crawl-delay');
      repeat(w.v('count'), () => w.v('index'));
      repeat(w.v('count'), () => {
        w.v('index');
        w.v('count');
      });
    });
  });
  section(() => repeat(w.v('count'), () => w.s('sitemap')));
  section(() => repeat(w.v('count'), () => {
    w.v('value');
    w.s('directive key');
    w.s('directive value');
    w.v('index');
  }));
  section(() => repeat(w.v('count'), () => {
    w.v('value');
    w.v('value');
  }));
  section(() => {
    repeat(w.v('count'), () => {
      w.s('preference statement');
      repeat(w.v('count'), () => {
        w.v('index');
        w.v('count');
        w.v('value');
      });
    });
    repeat(w.v('count'), () => {
      w.v('value');
      w.v('value');
      w.v('value');
      w.s('preference path');
      w.s('preference body', 1);
      w.v('index');
    });
    repeat(groupCount, () => repeat(w.v('count'), () => {
      w.v('index');
      w.v('count');
    }));
  });
  if (w.pos !== bytes.length) throw new Error(`layout: ${bytes.length - w.pos} bytes after the last section`);
  return { fields: w.fields, strings: w.strings, sections, rawBytes: w.rawBytes };
}

/** Returns the unsigned LEB128 encoding of `value` (0 <= value < 2^53), padded to at least `minBytes` bytes. */
export function encodeVarint(value: number, minBytes = 1): Uint8Array {
  const out: number[] = [];
  let x = value;
  do {
    out.push(x % 128);
    x = Math.floor(x / 128);
  } while (x > 0 || out.length < minBytes);
  for (let i = 0; i < out.length - 1; i++) out[i] = (out[i] as number) | 0x80;
  return Uint8Array.from(out);
}

/** Returns `bytes` with `[from, to)` (clamped to the bytes) replaced by `insert`. */
export function spliceBytes(bytes: Uint8Array, from: number, to: number, insert: Uint8Array): Uint8Array {
  from = Math.max(0, Math.min(from, bytes.length));
  to = Math.max(from, Math.min(to, bytes.length));
  const out = new Uint8Array(bytes.length - (to - from) + insert.length);
  out.set(bytes.subarray(0, from), 0);
  out.set(insert, from);
  out.set(bytes.subarray(to), from + insert.length);
  return out;
}
