/** Types of pool.mjs (see there). */

/** Verdict byte of a URL no worker has checked. */
export declare const NOT_CHECKED: 2;

/** What one worker reports. */
export interface PoolWorkerReport {
  /** The artifact arrived in the worker as a SharedArrayBuffer. */
  readonly shared: boolean;
  /** The loaded Robots reads that very buffer (`robots.bytes.buffer === artifact`). */
  readonly zeroCopy: boolean;
  /** URLs this worker checked. */
  readonly count: number;
  /** Milliseconds spent matching (load excluded). */
  readonly ms: number;
}

/** Options of {@link checkInPool}. */
export interface PoolOptions {
  readonly artifact: SharedArrayBuffer;
  readonly agent: string;
  readonly urls: readonly string[];
  /** Default: os.availableParallelism(). */
  readonly workers?: number;
}

/** Returns the verdicts (1 allowed, 0 disallowed, input order) computed by a pool of workers. */
export declare function checkInPool(options: PoolOptions): Promise<{
  readonly allowed: Uint8Array;
  readonly elapsedMs: number;
  readonly workers: readonly PoolWorkerReport[];
}>;
