/**
 * The fleet path of the cache: one robots.txt fetch per origin across every process sharing a
 * {@link RobotsStore} (docs/semantics.md section 9, applied fleet-wide).
 *
 * Per origin, on a miss of the in-process tier:
 * 1. read the record; a fresh one (before its `expiresAt`, which is also the backoff after a
 *    failure) is the answer, no request;
 * 2. otherwise take the lease (`SET NX PX`, {@link RobotsStore.acquireLease}); the holder reads
 *    the record once more (another holder may have just finished), fetches, applies the policy
 *    with the stored entry as the previous one (failure count, last good copy), writes the
 *    record and releases the lease;
 * 3. the holder renews the lease every third of `leaseMs` until it has written; a process that
 *    does not get the lease polls the record (25 ms doubling to 250 ms) and tries the lease
 *    again each time, so when a holder crashes its lease expires within `leaseMs` and the next
 *    poller takes over; after `leaseWaitMs` a waiter stops waiting and fetches itself. Nothing
 *    waits without bound.
 *
 * Records are validated on every read ({@link _decodeRecord}); one that fails is counted,
 * treated as missing, and overwritten by the next holder. Every store call is bounded by
 * `storeTimeoutMs`; a failure or timeout marks the store down (logged once per outage), the
 * process then fetches in-process, and probes the store again every {@link STORE_RETRY_MS};
 * the first call that succeeds logs that sharing resumed.
 */

import { randomUUID } from 'node:crypto';
import { FORMAT_VERSION } from '@robomata/runtime';
import type { Profile } from '@robomata/runtime';
import { _RecordError, _decodeRecord, _encodeRecord } from './record.js';
import type { _Constants, _Entry } from './entry.js';
import type { RobotsStore } from './store.js';

/**
 * Default bound on one store call: 1 s. A Redis round trip on a LAN is well under 1 ms, but the
 * bound also absorbs a busy crawler's stalls: on this shared 2-core machine under load, 500 ms
 * fired on healthy Redis calls in the fleet bench (2 processes x 40 origins, 3.4 MB artifacts).
 */
export const DEFAULT_STORE_TIMEOUT_MS = 1_000;
/**
 * Times a store call's bound is re-armed while the store keeps answering other calls: 4, so a
 * call of a busy process waits at most 5 bounds (5 s by default). In the 4 x 200 fleet bench on a
 * loaded 2-core machine, a single 1 s bound declared healthy Redis down 379 times.
 */
export const STORE_TIMEOUT_EXTENSIONS = 4;
/** While the store is down, it is probed again at most this often: 1 s. */
export const STORE_RETRY_MS = 1_000;
/**
 * Default time a record outlives its expiry in the store: 7 days, so a site's last good copy
 * and failure run survive a week without any crawler touching it (every retry rewrites it).
 */
export const DEFAULT_STORE_RETENTION_MS = 7 * 24 * 60 * 60 * 1000;
/**
 * Default lease: 10 s, renewed every third of it while its holder fetches, compiles and writes,
 * so a live holder keeps it however long that takes and a crashed one blocks the origin 10 s.
 * 5 s was lost to renewals delayed past it in the 4 x 200 fleet bench on a loaded 2-core machine.
 */
export const DEFAULT_LEASE_MS = 10_000;
/**
 * Default longest wait for another process's fetch: 60 s. A live holder renews its lease, so the
 * wait is its fetch (10 s timeout) plus its compile queue: 4 processes warming 200 corpus
 * origins at once on 2 loaded cores took 52 s, and a 30 s bound there caused 172 extra fetches.
 */
export const DEFAULT_LEASE_WAIT_MS = 60_000;
/** First poll interval of a process waiting for another's fetch: 25 ms (a local fetch + compile is typically 5-50 ms). */
export const LEASE_POLL_FIRST_MS = 25;
/** Longest poll interval: 250 ms, so a waiter costs at most 4 store reads a second. */
export const LEASE_POLL_MAX_MS = 250;
/** Default namespace (key prefix) of the records. */
export const DEFAULT_STORE_NAMESPACE = 'robomata';

/** Counters of one cache, see `RobotsCache.stats()`. */
export interface RobotsCacheStats {
  /** robots.txt fetch attempts this cache made (redirect hops included in one attempt). */
  fetches: number;
  /** Fetches made without the store because it was down or slow. */
  localFallbacks: number;
  /** Entries taken from the store instead of fetching. */
  storeHits: number;
  /** Records written to the store. */
  storeWrites: number;
  /** Misses that waited for another process holding the lease. */
  leaseWaits: number;
  /** Waits that ran past `leaseWaitMs`, after which this process fetched itself. */
  waitTimeouts: number;
  /** Leases this process held and found taken by another when renewing (it was too slow to renew). */
  leasesLost: number;
  /** Records under our keys that failed validation (corrupt, foreign, truncated, other version). */
  rejectedRecords: number;
  /** Store calls that failed or timed out. */
  storeErrors: number;
  /** Bodies compiled on the worker thread. */
  compiledInWorker: number;
  /** Bodies compiled on the calling thread (small ones, or no worker available). */
  compiledInline: number;
  /** False while the store is considered down. */
  storeAvailable: boolean;
}

/** Returns a zeroed {@link RobotsCacheStats}. */
export function _emptyStats(): RobotsCacheStats {
  return {
    fetches: 0, localFallbacks: 0, storeHits: 0, storeWrites: 0, leaseWaits: 0, waitTimeouts: 0, leasesLost: 0,
    rejectedRecords: 0, storeErrors: 0, compiledInWorker: 0, compiledInline: 0, storeAvailable: true,
  };
}

/** Settings of the fleet path (the cache fills in the defaults). */
export interface _FleetSettings {
  readonly store: RobotsStore;
  readonly namespace: string;
  readonly profile: Profile;
  readonly constants: _Constants;
  readonly storeTimeoutMs: number;
  readonly leaseMs: number;
  readonly leaseWaitMs: number;
  readonly retentionMs: number;
  readonly now: () => number;
  readonly log: (message: string) => void;
  readonly stats: RobotsCacheStats;
}

/** What one resolution remembers across its reads: the last rejected and the last decoded bytes. */
interface _ReadState {
  rejectedBytes?: Uint8Array;
  decoded?: { readonly bytes: Uint8Array; readonly entry: _Entry };
}

/** A store call that failed or timed out. */
class _StoreUnavailable extends Error {
  override readonly name = '_StoreUnavailable';
}

/**
 * Returns the store key of an origin's record, `{namespace}:v{FORMAT_VERSION}:{profile}:{{origin}}`
 * (its lease is the same plus `:lease`). The artifact format version in the key keeps processes
 * of different versions apart; the `{origin}` hash tag puts record and lease in one Redis
 * Cluster slot. `origin` is the canonical origin (`originOf(url).origin`). O(length).
 */
export function robotsStoreKey(origin: string, profile: Profile = 'rfc9309', namespace: string = DEFAULT_STORE_NAMESPACE): string {
  return `${namespace}:v${FORMAT_VERSION}:${profile}:{${origin}}`;
}

/** Returns the newer of two entries (by fetchedAt), either may be missing. */
function _newer(a: _Entry | undefined, b: _Entry | undefined): _Entry | undefined {
  if (a === undefined) return b;
  if (b === undefined) return a;
  return a.current.fetchedAt >= b.current.fetchedAt ? a : b;
}

const _sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, Math.max(ms, 0)));

/** The shared tier of one cache: coordination through the store, and its up/down state. */
export class _SharedTier {
  private down = false;
  private lastAnswerAt = -Infinity;
  private retryAt = 0;
  private loggedRejection = false;

  constructor(private readonly s: _FleetSettings) {}

  /**
   * Returns the entry of `origin`: from the store, or fetched by `refresh` (by this process
   * holding the lease, or on its own when the store is down or the wait ran out). `local` is the
   * in-process entry, the previous entry when nothing newer is stored. Never rejects for store
   * trouble.
   */
  async resolve(origin: string, local: _Entry | undefined, refresh: (previous: _Entry | undefined) => Promise<_Entry>): Promise<_Entry> {
    if (!this.usable()) {
      this.s.stats.localFallbacks++;
      return refresh(local);
    }
    let stored: _Entry | undefined;
    try {
      return await this.coordinate(origin, local, refresh, (e) => (stored = e));
    } catch (err) {
      if (!(err instanceof _StoreUnavailable)) throw err;
      this.markDown(err);
      this.s.stats.localFallbacks++;
      return refresh(_newer(stored, local));
    }
  }

  /** The protocol of the module comment; throws {@link _StoreUnavailable} before any fetch. */
  private async coordinate(
    origin: string,
    local: _Entry | undefined,
    refresh: (previous: _Entry | undefined) => Promise<_Entry>,
    seen: (e: _Entry | undefined) => void,
  ): Promise<_Entry> {
    const key = robotsStoreKey(origin, this.s.profile, this.s.namespace);
    const leaseKey = `${key}:lease`;
    const deadline = performance.now() + this.s.leaseWaitMs;
    let delay = LEASE_POLL_FIRST_MS;
    let waited = false;
    const state: _ReadState = {};
    // Bounded: every turn sleeps, and the loop ends at `deadline` (leaseWaitMs).
    for (;;) {
      const stored = await this.read(key, origin, state);
      seen(stored);
      if (stored !== undefined && this.s.now() < stored.current.expiresAt) return this.hit(stored, waited);
      const token = randomUUID();
      if (await this.call(this.s.store.acquireLease(leaseKey, token, this.s.leaseMs))) {
        return this.fetchAsHolder(key, leaseKey, token, origin, _newer(stored, local), refresh, state);
      }
      if (performance.now() >= deadline) {
        this.s.stats.waitTimeouts++;
        return refresh(_newer(stored, local));
      }
      waited = true;
      await _sleep(Math.min(delay, deadline - performance.now()));
      delay = Math.min(delay * 2, LEASE_POLL_MAX_MS);
    }
  }

  /** Counts a store hit (after a wait, a lease wait too) and returns the entry. */
  private hit(entry: _Entry, waited: boolean): _Entry {
    this.s.stats.storeHits++;
    if (waited) this.s.stats.leaseWaits++;
    return entry;
  }

  /** Holding the lease: re-read, else fetch, write, release. Store trouble after the fetch is absorbed. */
  private async fetchAsHolder(
    key: string,
    leaseKey: string,
    token: string,
    origin: string,
    previous: _Entry | undefined,
    refresh: (previous: _Entry | undefined) => Promise<_Entry>,
    state: _ReadState,
  ): Promise<_Entry> {
    const renew = setInterval(() => {
      this.s.store.acquireLease(leaseKey, token, this.s.leaseMs).then(
        (held) => {
          if (!held) this.s.stats.leasesLost++;
        },
        () => undefined,
      );
    }, Math.max(this.s.leaseMs / 3, 10));
    renew.unref();
    let entry: _Entry;
    try {
      const again = await this.read(key, origin, state);
      if (again !== undefined && this.s.now() < again.current.expiresAt) {
        await this.call(this.s.store.releaseLease(leaseKey, token)).catch(() => undefined);
        return this.hit(again, false);
      }
      entry = await refresh(_newer(again, previous));
    } finally {
      clearInterval(renew);
    }
    try {
      const ttl = Math.max(entry.current.expiresAt - this.s.now(), 0) + this.s.retentionMs;
      await this.call(this.s.store.set(key, _encodeRecord(entry, this.s.constants), Math.max(Math.round(ttl), 1)));
      this.s.stats.storeWrites++;
      await this.call(this.s.store.releaseLease(leaseKey, token));
    } catch (err) {
      if (!(err instanceof _StoreUnavailable)) throw err;
      this.markDown(err);
      // Best effort, not awaited: if the store answers after all, waiters need not sit out the lease.
      this.s.store.releaseLease(leaseKey, token).catch(() => undefined);
    }
    return entry;
  }

  /**
   * Reads and validates the record; a record that fails validation counts (once: `state`
   * remembers the bytes already counted in this resolution) and reads as missing.
   */
  private async read(key: string, origin: string, state: _ReadState): Promise<_Entry | undefined> {
    const bytes = await this.call(this.s.store.get(key));
    if (bytes === undefined) return undefined;
    // A waiter polls an unchanged (stale) record many times: decode it once.
    if (state.decoded !== undefined && Buffer.compare(state.decoded.bytes, bytes) === 0) return state.decoded.entry;
    try {
      const entry = _decodeRecord(bytes, origin, this.s.constants);
      state.decoded = { bytes, entry };
      return entry;
    } catch (err) {
      if (!(err instanceof _RecordError)) throw err;
      if (state.rejectedBytes !== undefined && Buffer.compare(state.rejectedBytes, bytes) === 0) return undefined;
      state.rejectedBytes = bytes;
      this.s.stats.rejectedRecords++;
      if (!this.loggedRejection) {
        this.loggedRejection = true;
        this.s.log(`rejected the stored record of ${origin} (${err.message}); refetching (further rejections are only counted in stats())`);
      }
      return undefined;
    }
  }

  /**
   * Awaits a store call bounded by storeTimeoutMs; marks the store up when it succeeds.
   * The bound is on the store's silence, not on this call alone: when the timer fires while the
   * store has answered another call within the last bound (it is alive; this process or its
   * queue is merely busy), or fires late by half a bound or more (this process's event loop was
   * stalled, e.g. loading a large artifact, so the time says nothing about the store), the bound
   * is re-armed, at most {@link STORE_TIMEOUT_EXTENSIONS} times. A stalled or unreachable store therefore fails a
   * call after one bound; a call never waits more than (1 + extensions) bounds.
   */
  private async call<T>(pending: Promise<T>): Promise<T> {
    const bound = this.s.storeTimeoutMs;
    let timer: NodeJS.Timeout | undefined;
    // The verdict is deferred by one setImmediate: after a stall the timers phase runs before
    // the I/O phase, and a reply that has already arrived must win.
    const timeout = new Promise<never>((_resolve, reject) => {
      const arm = (extensions: number): void => {
        const due = performance.now() + bound;
        timer = setTimeout(() => {
          const late = performance.now() - due >= bound / 2; // this process was stalled
          setImmediate(() => {
            const alive = performance.now() - this.lastAnswerAt < bound;
            if (extensions < STORE_TIMEOUT_EXTENSIONS && (alive || late)) arm(extensions + 1);
            else reject(new _StoreUnavailable(`no answer in ${bound} ms`));
          });
        }, bound);
      };
      arm(0);
    });
    pending.catch(() => undefined); // a call that loses the race may still reject later
    try {
      const value = await Promise.race([pending, timeout]);
      this.lastAnswerAt = performance.now();
      this.markUp();
      return value;
    } catch (err) {
      this.s.stats.storeErrors++;
      if (err instanceof _StoreUnavailable) throw err;
      throw new _StoreUnavailable(err instanceof Error ? err.message || err.constructor.name : String(err));
    } finally {
      clearTimeout(timer);
    }
  }

  /** True when the store may be used now: up, or down and due for a probe. */
  private usable(): boolean {
    if (!this.down) return true;
    const t = performance.now();
    if (t < this.retryAt) return false;
    this.retryAt = t + STORE_RETRY_MS;
    return true;
  }

  private markDown(err: Error): void {
    this.retryAt = performance.now() + STORE_RETRY_MS;
    this.s.stats.storeAvailable = false;
    if (this.down) return;
    this.down = true;
    this.s.log(`shared robots.txt store unavailable (${err.message}); fetching in-process until it answers again`);
  }

  private markUp(): void {
    if (!this.down) return;
    this.down = false;
    this.s.stats.storeAvailable = true;
    this.s.log('shared robots.txt store answers again; sharing resumes');
  }
}
