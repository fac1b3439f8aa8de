/** Test helpers: byte buffers for parser tests and the conformance cases. */

/** Returns the chunks joined into one Uint8Array. O(total length). */
export function concatBytes(chunks: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let o = 0;
  for (const c of chunks) {
    out.set(c, o);
    o += c.length;
  }
  return out;
}

/** Returns the parts joined into one Uint8Array: strings UTF-8 encoded, byte lists raw. */
export function bytesOf(...parts: ReadonlyArray<string | readonly number[]>): Uint8Array {
  const encoder = new TextEncoder();
  return concatBytes(parts.map((p) => (typeof p === 'string' ? encoder.encode(p) : Uint8Array.from(p))));
}
