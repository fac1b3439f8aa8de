/**
 * The compiler's one growable byte buffer of LEB128 varints and byte strings: the artifact
 * writer (serialize.ts) and the PARTS bytes written while the tries are built (build-parts.ts).
 */

/**
 * Byte strings copied by a loop rather than TypedArray#set (and, in build-parts.ts, segments
 * copied rather than viewed): at 16 the views and calls for the longer labels and rule texts
 * were 0.8-1.8% of a CPU profile of the corpus's median files' compiles; 64 is V8's largest
 * on-heap typed array (its typed_array_max_size_in_heap default).
 */
export const SHORT_COPY_MAX = 64;

const _ENCODER = new TextEncoder();

/**
 * Strings of at least this many UTF-16 units are written by one native encodeInto rather than a
 * loop per unit: a loop over an 80-unit sitemap URL (a slice of the parsed text) took 380-1,000 ns,
 * encodeInto 100-300 ns (one view and call, about a loop of 20 units).
 */
const ENCODE_INTO_MIN_UNITS = 24;

/**
 * Writes the unsigned LEB128 varint `x` (`0 <= x < 2^31`) at `bytes[at]`, where the writer's
 * room() already made its 5 bytes; returns the offset past it. For loops that keep a writer's
 * bytes and length in locals (a vq call per field loads and stores the length). O(1).
 */
export function putVarint(bytes: Uint8Array, at: number, x: number): number {
  while (x >= 0x80) {
    bytes[at++] = (x & 0x7f) | 0x80;
    x >>>= 7;
  }
  bytes[at++] = x;
  return at;
}

/** A growable byte buffer: `bytes[0, length)` written so far (`bytes` is replaced as it grows). */
export class ByteWriter {
  constructor(
    public bytes: Uint8Array,
    public length: number,
  ) {}

  /** Makes room for `n` more bytes. */
  room(n: number): void {
    if (this.length + n <= this.bytes.length) return;
    const grown = new Uint8Array(Math.max(this.bytes.length * 2, this.length + n));
    grown.set(new Uint8Array(this.bytes.buffer, this.bytes.byteOffset, this.length));
    this.bytes = grown;
  }

  /** Appends an unsigned LEB128 varint (`0 <= x < 2^31`). */
  v(x: number): void {
    this.room(5);
    this.vq(x);
  }

  /** Appends an unsigned LEB128 varint (`0 <= x < 2^31`) where `room` already made its 5 bytes. */
  vq(x: number): void {
    if (!(x >= 0 && x <= 0x7fffffff)) throw new Error(`internal: varint ${x} out of range`);
    this.length = putVarint(this.bytes, this.length, x);
  }

  /** Appends one raw byte. */
  b(x: number): void {
    this.room(1);
    this.bytes[this.length++] = x;
  }

  /** Appends a byte string (length, then bytes); a JS string is written as UTF-8. */
  s(x: Uint8Array | string): void {
    if (typeof x === 'string') {
      const n = x.length;
      if (n >= ENCODE_INTO_MIN_UNITS) {
        this._encodeString(x);
        return;
      }
      // Written as ASCII in one pass; a non-ASCII character rewinds and writes the UTF-8 encoding.
      const start = this.length;
      this.room(5 + n);
      this.vq(n);
      const bytes = this.bytes;
      let at = this.length;
      for (let i = 0; i < n; i++) {
        const c = x.charCodeAt(i);
        if (c >= 0x80) {
          this.length = start;
          this.s(_ENCODER.encode(x));
          return;
        }
        bytes[at++] = c;
      }
      this.length = at;
      return;
    }
    this.v(x.length);
    this.raw(x);
  }

  /**
   * Appends string `x` (at least ENCODE_INTO_MIN_UNITS units) as s() does: its length, then its
   * units by one native encodeInto into exactly that many bytes, which all fit only when every
   * unit is ASCII; else rewound and written as its UTF-8 encoding (s()'s road).
   */
  private _encodeString(x: string): void {
    const n = x.length;
    const start = this.length;
    this.room(5 + n);
    this.vq(n);
    const at = this.length;
    const bytes = this.bytes;
    const done = _ENCODER.encodeInto(x, new Uint8Array(bytes.buffer, bytes.byteOffset + at, n));
    if (done.read === n && done.written === n) {
      this.length = at + n;
      return;
    }
    this.length = start;
    this.s(_ENCODER.encode(x));
  }

  /** Appends bytes as they are. */
  raw(x: Uint8Array): void {
    this.room(x.length);
    this.range(x, 0, x.length);
  }

  /** Appends `x[from, to)` as it is, where `room` already made room for it. */
  range(x: Uint8Array, from: number, to: number): void {
    // A loop for short strings (rule texts, labels): a native copy's call, and for a range the
    // view it needs, cost more below SHORT_COPY_MAX.
    if (to - from > SHORT_COPY_MAX) this.bytes.set(from === 0 && to === x.length ? x : new Uint8Array(x.buffer, x.byteOffset + from, to - from), this.length);
    else {
      const bytes = this.bytes;
      let at = this.length;
      for (let k = from; k < to; k++) bytes[at++] = x[k] as number;
    }
    this.length += to - from;
  }
}

/**
 * Largest writer buffer kept for the next compile (the artifact writer's and the PARTS bytes'):
 * the corpus median artifact is about 500 bytes and its largest file writes 23 KB of parts; a
 * fresh zero-filled buffer per compile was a tenth of a small file's serialisation.
 */
export const KEPT_WRITER_MAX_BYTES = 65_536;

/**
 * A writer buffer kept for the next compile while it is at most `max` bytes (single-threaded:
 * one per isolate and use); a larger one, grown by a hostile input, is used once and let go.
 */
export class KeptBytes {
  private _bytes: Uint8Array;
  constructor(
    private readonly _max: number,
    initial: number,
  ) {
    this._bytes = new Uint8Array(initial);
  }

  /** Returns a writer at `start` on the kept buffer, or on a fresh one of `min` bytes when the kept one is shorter. */
  writer(min: number, start: number): ByteWriter {
    return new ByteWriter(this._bytes.length >= min ? this._bytes : new Uint8Array(min), start);
  }

  /** Keeps `w`'s buffer (grown or not) for the next writer when it is within the bound. */
  keep(w: ByteWriter): void {
    if (w.bytes.length <= this._max) this._bytes = w.bytes;
  }
}
