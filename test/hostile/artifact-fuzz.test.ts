/**
 * Artifact fuzzing (issue 6; SECURITY.md "Untrusted artifacts"): seeded mutations of real
 * artifacts (corpus files and reduced hostile inputs, both profiles) must either be rejected by
 * `loadRobots` with a `RobotsFormatError`, or load into a `Robots` whose every query answers
 * without throwing and terminates. Most mutations get their checksum (and length word)
 * recomputed, so the structural validation is what is exercised, not the checksum.
 *
 * 100,000 mutations by default; set `ROBOMATA_FUZZ_RUNS` (e.g. 1000000) for a long run and
 * `ROBOMATA_FUZZ_SEED` to explore another seed. The loop runs in `worker_threads` Workers
 * under a watchdog: a mutation that makes a check loop fails the test with its index and seed
 * instead of hanging CI. Reproduce one with `runFuzz` from fuzz-worker.ts (same seed, `from`
 * = index, `runs` = 1).
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compile } from '@robomata/compiler';
import { HOSTILE_INPUTS } from './generate.js';
import { REPO_ROOT, prepareHarness, runWorker } from './node-harness.js';
import type { FuzzResult } from './fuzz-worker.js';

/** Mutations in a default run (CI): about 20-40 s on 2 workers. */
const DEFAULT_RUNS = 100_000;
/** Parallel workers (the CI machines have 2 vCPUs). */
const WORKERS = 2;
/** A single mutation (load + every query) that takes longer than this is treated as a hang. */
const STALL_LIMIT_MS = 10_000;
/** Artifacts larger than this are not used as bases (small bases keep the run fast). */
const MAX_BASE_BYTES = 16_384;
/** Bytes of each reduced hostile input used as a base (wildcard storms compile slowly). */
const HOSTILE_BASE_BYTES = 400;
/** State cap of the extra bases that exercise the compiler's over-cap fallback (its minimum). */
const TINY_STATE_CAP = 16;
/** Corpus files compiled as bases (the smallest ones with at least a few rules). */
const CORPUS_BASES = 40;

const CORPUS_DIR = join(REPO_ROOT, '..', 'shared', 'corpus', 'robots');
const RUNS = Number(process.env['ROBOMATA_FUZZ_RUNS'] ?? DEFAULT_RUNS);
const SEED = Number(process.env['ROBOMATA_FUZZ_SEED'] ?? 0x0f022);

/** Returns the base artifacts: small corpus files and reduced hostile inputs, both profiles. */
function baseArtifacts(): Uint8Array[] {
  const texts: Uint8Array[] = [];
  let corpus: string[] = [];
  try {
    corpus = readdirSync(CORPUS_DIR)
      .map((f) => ({ f, size: statSync(join(CORPUS_DIR, f)).size }))
      .filter((e) => e.size >= 200 && e.size <= 3_000)
      .sort((a, b) => a.size - b.size || (a.f < b.f ? -1 : 1))
      .filter((_e, i, all) => i % Math.max(1, Math.floor(all.length / CORPUS_BASES)) === 0)
      .slice(0, CORPUS_BASES)
      .map((e) => e.f);
  } catch {
    // No shared corpus on this machine: hostile inputs and the fixed bodies below still run.
  }
  for (const f of corpus) texts.push(readFileSync(join(CORPUS_DIR, f)));
  // The first bytes of each reduced hostile input: their flavour at a small compile cost.
  for (const input of HOSTILE_INPUTS) texts.push(input.makeReduced().subarray(0, HOSTILE_BASE_BYTES));
  const encoder = new TextEncoder();
  texts.push(
    encoder.encode('User-agent: *\nDisallow: /*a*b$\nAllow: /d/index.html\nCrawl-delay: 2\nSitemap: http://x/s.xml\nHost: x\n'),
    encoder.encode('User-agent: a\nUser-agent: b\nDisallow: /x\n\nUser-agent: c\nAllow: /\nDisallow: /*.php$\n\nUser-agent: *\nDisallow: /\n'),
  );
  const out: Uint8Array[] = [];
  for (const [i, text] of texts.entries()) {
    for (const profile of ['rfc9309', 'google'] as const) {
      const artifact = compile(text, { profile });
      if (artifact.length <= MAX_BASE_BYTES) out.push(artifact);
    }
    // A tiny state cap forces the over-cap fallback on small inputs, so its tables are fuzzed too.
    if (i % 2 === 0) {
      const capped = compile(text, { stateCap: TINY_STATE_CAP });
      if (capped.length <= MAX_BASE_BYTES) out.push(capped);
    }
  }
  return out;
}

describe('artifact fuzzing', () => {
  it(`${RUNS.toLocaleString('en')} seeded mutations: RobotsFormatError or a Robots that answers`, async () => {
    prepareHarness();
    const artifacts = baseArtifacts();
    expect(artifacts.length).toBeGreaterThan(20);
    const per = Math.ceil(RUNS / WORKERS);
    const started = performance.now();
    const outcomes = await Promise.all(
      Array.from({ length: WORKERS }, (_v, w) =>
        runWorker<FuzzResult>('hostile/fuzz-worker.js', {
          workerData: { artifacts, seed: SEED, from: w * per, runs: Math.min(per, RUNS - w * per) },
          timeLimitMs: Math.max(600_000, RUNS * 5),
          stallLimitMs: STALL_LIMIT_MS,
        }),
      ),
    );
    const elapsed = performance.now() - started;
    const results: FuzzResult[] = [];
    for (const [w, o] of outcomes.entries()) {
      if (o.kind === 'timeout') {
        throw new Error(`fuzz worker ${w} hung at mutation ${o.progress[0]} (seed ${SEED}): reproduce with runFuzz({ seed: ${SEED}, from: ${o.progress[0]}, runs: 1 })`);
      }
      if (o.kind === 'error') throw new Error(`fuzz worker ${w} died at mutation ${o.progress[0]} (seed ${SEED}): ${o.error.message}`);
      results.push(o.result);
    }
    const total = { runs: 0, loaded: 0, loadedChanged: 0, queries: 0, kindMismatch: 0, slowestMs: 0, rejected: {} as Record<string, number> };
    for (const r of results) {
      total.runs += r.runs;
      total.loaded += r.loaded;
      total.loadedChanged += r.loadedChanged;
      total.queries += r.queries;
      total.kindMismatch += r.kindMismatch;
      total.slowestMs = Math.max(total.slowestMs, r.slowestMs);
      for (const [code, n] of Object.entries(r.rejected)) total.rejected[code] = (total.rejected[code] ?? 0) + n;
    }
    const failures = results.flatMap((r) => r.failures);
    console.log(
      `artifact fuzz: ${total.runs} mutations of ${artifacts.length} bases in ${(elapsed / 1000).toFixed(1)} s (seed ${SEED}); ` +
        `rejected ${JSON.stringify(total.rejected)}; loaded ${total.loaded} (${total.loadedChanged} changed), ` +
        `${total.queries} queries, ${total.kindMismatch} verdict/rule-kind mismatches; slowest mutation ${total.slowestMs.toFixed(1)} ms; ` +
        `failures ${failures.length}`,
    );
    expect(failures.slice(0, 10), 'mutations that broke the contract (index, seed, mutation, error)').toEqual([]);
    expect(total.runs).toBe(RUNS);
    // The checksum must not be the only defence: structural validation rejected many mutations.
    const structural = Object.entries(total.rejected).filter(([code]) => code !== 'bad-checksum').reduce((n, [, v]) => n + v, 0);
    expect(structural).toBeGreaterThan(RUNS / 4);
    // And some mutations survived validation, so the queries on corrupted data were exercised.
    expect(total.loadedChanged).toBeGreaterThan(0);
  }, 3_600_000);
});
