/**
 * Buffered line output with backpressure: lines are batched into ~64 KiB writes and the
 * producer waits for 'drain' when the stream is full, so output of any size runs in constant
 * memory.
 */

import { once } from 'node:events';
import type { Writable } from 'node:stream';

/**
 * Batch size of one write: 64 KiB, the default highWaterMark of file streams; larger batches
 * did not speed up piping 200,000 verdicts to /dev/null.
 */
const FLUSH_BYTES = 64 * 1024;

/** A line writer over a Writable; {@link LineWriter.flush} before exiting. */
export class LineWriter {
  private _parts: string[] = [];
  private _size = 0;

  constructor(private readonly _stream: Writable) {}

  /**
   * Buffers one line and returns true when the batch is full: the caller must then
   * `await flush()` before writing more (that is where backpressure applies).
   */
  writeLine(line: string): boolean {
    this._parts.push(line, '\n');
    this._size += line.length + 1;
    return this._size >= FLUSH_BYTES;
  }

  /** Returns once every buffered line was handed to the stream and the stream is not over its limit. */
  async flush(): Promise<void> {
    if (this._size === 0) return;
    const chunk = this._parts.join('');
    this._parts = [];
    this._size = 0;
    if (!this._stream.write(chunk)) await once(this._stream, 'drain');
  }
}
