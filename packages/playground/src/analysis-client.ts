/**
 * Sends analysis requests to the worker ({@link ./analysis-worker.ts}), at most one in flight.
 * A request for another text or profile while a compile runs ends that worker and starts the new
 * request on a fresh one: the stale compile (seconds for a 500 KiB file on a loaded 2-core
 * machine) would otherwise compete with typing for the CPU. Other requests made while one runs
 * replace any older waiting one. Falls back to the main thread where module workers are missing.
 */
import { Analyzer, type Analysis, type AnalysisInput } from './analyze.js';

/** Receives each finished analysis (or the error message of a failed one). */
export type AnalysisListener = (result: { analysis?: Analysis; error?: string; input: AnalysisInput }) => void;

/** Analysis work counted since the page opened (tests assert work done, not time). */
export interface AnalysisWork {
  /** Requests made (one per debounced edit or input change). */
  requests: number;
  /** Analyses started (in the worker, or on the main thread). */
  started: number;
  /** Stale compiles ended by terminating their worker. */
  terminated: number;
  /** Analyses run on the main thread (no module workers). */
  onMainThread: number;
}

/** The analysis queue. */
export class AnalysisClient {
  /** The work done so far. */
  readonly work: AnalysisWork = { requests: 0, started: 0, terminated: 0, onMainThread: 0 };
  private _worker: Worker | undefined;
  private _fallback: Analyzer | undefined;
  private _running: AnalysisInput | undefined;
  private _waiting: AnalysisInput | undefined;
  private _id = 0;

  constructor(private readonly _listener: AnalysisListener) {
    this._worker = this._spawn();
  }

  /** Returns a new worker, or undefined where module workers are missing. */
  private _spawn(): Worker | undefined {
    try {
      const worker = new Worker(new URL('./analysis-worker.ts', import.meta.url), { type: 'module' });
      worker.addEventListener('message', (e: MessageEvent<{ id: number; analysis?: Analysis; error?: string }>) => {
        if (e.data.id === this._id) this._finish(e.data);
      });
      return worker;
    } catch {
      return undefined;
    }
  }

  /** True when analyses run in a worker. */
  get inWorker(): boolean {
    return this._worker !== undefined;
  }

  /** Requests the analysis of `input`; the listener gets it (or a newer one) later. */
  request(input: AnalysisInput): void {
    this.work.requests++;
    const running = this._running;
    if (running !== undefined && this._worker !== undefined && (running.robotsTxt !== input.robotsTxt || running.profile !== input.profile)) {
      this._worker.terminate();
      this.work.terminated++;
      this._worker = this._spawn();
      this._running = undefined;
      this._waiting = undefined;
    }
    if (this._running !== undefined) {
      this._waiting = input;
      return;
    }
    this._start(input);
  }

  private _start(input: AnalysisInput): void {
    this._running = input;
    this.work.started++;
    const id = ++this._id;
    if (this._worker !== undefined) {
      this._worker.postMessage({ id, input });
      return;
    }
    this.work.onMainThread++;
    setTimeout(() => {
      this._fallback ??= new Analyzer();
      try {
        this._finish({ analysis: this._fallback.analyze(input) });
      } catch (error) {
        this._finish({ error: error instanceof Error ? error.message : String(error) });
      }
    }, 0);
  }

  private _finish(result: { analysis?: Analysis; error?: string }): void {
    const input = this._running as AnalysisInput;
    this._running = undefined;
    const next = this._waiting;
    this._waiting = undefined;
    if (next !== undefined) this._start(next);
    this._listener({ ...result, input });
  }
}
