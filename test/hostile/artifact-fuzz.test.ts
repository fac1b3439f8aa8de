/**
 * Artifact fuzzing (issue 6; SECURITY.md "Artifacts"): seeded mutations of real version-3
 * artifacts (corpus files and reduced hostile inputs; both profiles; with and without stored
 * patterns; agent-scoped) must either be rejected by `loadRobots` with a `RobotsFormatError`,
 * or load into a `Robots` whose every check (isAllowed and decide on every merged group, for
 * a set of URLs) answers within bounded time, consistently, without throwing. Most mutations
 * get their checksum (and length word) recomputed, so the structural validation behind the
 * checksum is what is exercised, not the checksum. fuzz-worker.ts lists the mutations;
 * artifact-layout.ts finds the varints they aim at.
 *
 * 30,000 mutations by default; set `ROBOMATA_FUZZ_RUNS` (e.g. 1000000) for a long run and
 * `ROBOMATA_FUZZ_SEED` to explore another seed. The loop runs in `worker_threads` Workers
 * under a watchdog: a mutation that makes a check loop fails the test with its index and seed
 * instead of hanging CI. Reproduce one with `mutate` and `runFuzz` from fuzz-worker.ts (same
 * seed, `from` = index, `runs` = 1).
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compile } from '@robomata/compiler';
import { RobotsFormatError, loadRobots } from '@robomata/runtime';
import { FLAG_PATTERNS, FLAG_SCOPED, computeChecksum } from '@robomata/runtime/format';
import { SECTION_NAMES, encodeVarint, readArtifactLayout, spliceBytes } from './artifact-layout.js';
import { HOSTILE_INPUTS } from './generate.js';
import { REPO_ROOT, prepareHarness, runWorker } from './node-harness.js';
import { MUTATION_NAMES, type FuzzResult } from './fuzz-worker.js';

/** Mutations in a default run (CI): about 30 s on 2 busy workers (each loaded mutation runs ~200 checks). */
const DEFAULT_RUNS = 30_000;
/** Parallel workers (the CI machines have 2 vCPUs). */
const WORKERS = 2;
/** A single mutation (load + every query) that takes longer than this is treated as a hang. */
const STALL_LIMIT_MS = 10_000;
/**
 * Bound on the tier-0 work of one check on a loaded mutation (`readCheckWork`) per URL code
 * unit plus artifact byte (the artifact's bytes bound its groups'
 * segments): SECURITY.md's O(URL + the group's segments) on corrupted tables. Seed 9309's
 * 30,000 mutations measured at most 14.4; a check quadratic in its 4 KB URL would measure in
 * the hundreds (and a loop never returns: the watchdog's STALL_LIMIT_MS). Time is printed only.
 */
const WORK_PER_UNIT_BOUND = 64;
/** Artifacts larger than this are not used as bases (small bases keep the run fast). */
const MAX_BASE_BYTES = 16_384;
/** Bytes of each reduced hostile input used as a base (wildcard storms compile slowly). */
const HOSTILE_BASE_BYTES = 400;
/** Corpus files compiled as bases (the smallest ones with at least a few rules). */
const CORPUS_BASES = 40;

const CORPUS_DIR = join(REPO_ROOT, 'test', 'fixtures', 'corpus', 'robots');
const RUNS = Number(process.env['ROBOMATA_FUZZ_RUNS'] ?? DEFAULT_RUNS);
const SEED = Number(process.env['ROBOMATA_FUZZ_SEED'] ?? 0x0f022);

/** Every RobotsFormatError code (load.ts): each must be reached by some mutation. */
const FORMAT_ERROR_CODES: readonly string[] = ['too-short', 'bad-magic', 'bad-version', 'bad-length', 'bad-checksum', 'bad-section', 'bad-table'];

/** Returns the bodies the bases are compiled from: small corpus files, reduced hostile inputs, fixed bodies. */
function baseTexts(): Uint8Array[] {
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
    // No corpus fixture: hostile inputs and the fixed bodies below still run.
  }
  for (const f of corpus) texts.push(readFileSync(join(CORPUS_DIR, f)));
  // The first bytes of each reduced hostile input: their flavour at a small compile cost.
  for (const input of HOSTILE_INPUTS) texts.push(input.makeReduced().subarray(0, HOSTILE_BASE_BYTES));
  const encoder = new TextEncoder();
  texts.push(
    encoder.encode('User-agent: *\nDisallow: /*a*b$\nAllow: /d/index.html\nCrawl-delay: 2\nSitemap: http://x/s.xml\nHost: x\n'),
    encoder.encode('User-agent: a\nUser-agent: b\nDisallow: /x\n\nUser-agent: c\nAllow: /\nDisallow: /*.php$\n\nUser-agent: *\nDisallow: /\n'),
    // Shared parts: a and b share the big group and each has its own; segments shared across groups.
    encoder.encode('User-agent: a\nUser-agent: b\nDisallow: /*ab*cd\nAllow: /*cd$\nDisallow: /lit\n\nUser-agent: a\nAllow: /*ab*\n\nUser-agent: b\nDisallow: /b*cd*ab$\n'),
    // Preferences (format.ts section 12): paths, wildcards, shared statements, both kinds, two groups.
    encoder.encode('User-agent: *\nDisallow: /never/\nContent-Usage: train-ai=n\nContent-Usage: /ai-ok/ train-ai=y, search=y\nContent-Usage: /*a*b$ train-ai=n\nContent-Signal: search=yes, ai-train=no\n\nUser-agent: a\nContent-Signal: /x ai-train=yes\nContent-Usage: /x train-ai=y\n'),
  );
  return texts;
}

/** Returns the base artifacts: each body in both profiles, and some without patterns or agent-scoped. */
function baseArtifacts(): Uint8Array[] {
  const out: Uint8Array[] = [];
  for (const [i, text] of baseTexts().entries()) {
    const variants: Uint8Array[] = [compile(text, { profile: 'rfc9309' }), compile(text, { profile: 'google' })];
    if (i % 3 === 0) variants.push(compile(text, { patterns: false }));
    // Scoped to a token the file may or may not name (the global group is always kept).
    if (i % 3 === 1) variants.push(compile(text, { agents: i % 2 === 0 ? ['Googlebot'] : ['a', 'b', 'stormbot'] }));
    for (const artifact of variants) if (artifact.length <= MAX_BASE_BYTES) out.push(artifact);
  }
  return out;
}

describe('artifact fuzzing', () => {
  const artifacts = baseArtifacts();

  it('the bases: artifacts of this format version that load, walked field by field to their end', () => {
    expect(artifacts.length).toBeGreaterThan(40);
    let scoped = 0;
    let withoutPatterns = 0;
    let wildcards = 0;
    for (const artifact of artifacts) {
      const robots = loadRobots(artifact);
      const layout = readArtifactLayout(artifact);
      expect(layout.sections.length).toBe(SECTION_NAMES.length);
      expect((layout.sections[SECTION_NAMES.length - 1] as readonly number[])[1]).toBe(artifact.length);
      // The walker and the loader agree on the counts it can see through the API.
      const groupsAt = layout.sections[SECTION_NAMES.indexOf('groups')] as readonly [number, number];
      expect(layout.fields.find((f) => f.at === groupsAt[0])?.value).toBe(robots.groupCount);
      const sitemapsAt = layout.sections[SECTION_NAMES.indexOf('sitemaps')] as readonly [number, number];
      expect(layout.fields.find((f) => f.at === sitemapsAt[0])?.value).toBe(robots.sitemaps.length);
      if (((artifact[6] as number) & FLAG_SCOPED) !== 0) scoped++;
      if (((artifact[6] as number) & FLAG_PATTERNS) === 0) withoutPatterns++;
      const wildAt = layout.sections[SECTION_NAMES.indexOf('wildcards')] as readonly [number, number];
      wildcards += layout.fields.find((f) => f.at === wildAt[0])?.value ?? 0;
    }
    // Every flavour of artifact is among the bases.
    expect(scoped).toBeGreaterThan(5);
    expect(withoutPatterns).toBeGreaterThan(5);
    expect(wildcards).toBeGreaterThan(100);
  });

  it('a group whose sources name the same rules again and again is rejected, or described in linear size', () => {
    // A hand-made artifact: one group of R rules, its GROUPS entry listing the source (first
    // rule 0, R rules) S times. The compiler writes each parsed group's rules once (disjoint,
    // ascending ranges), so a merged group names each rule at most once and describeGroup's
    // ruleIds are at most the rule count; an artifact that repeats sources makes them S x R
    // (3 bytes per repeat here: a 66 KB artifact gave 40,000,000 ids, 37 s and 640 MB).
    const R = 1_000;
    const S = 2_000;
    const base = compile('User-agent: *\n' + 'Disallow: /x\n'.repeat(R), { patterns: false });
    const layout = readArtifactLayout(base);
    const [from, to] = layout.sections[SECTION_NAMES.indexOf('groups')] as readonly [number, number];
    // count 1, global + 1 = 1, flags GLOBAL, no crawl-delay, 1 part (part 0), S sources.
    const groups: number[] = [...encodeVarint(1), ...encodeVarint(1), ...encodeVarint(1), 0, ...encodeVarint(1), 0, ...encodeVarint(S)];
    for (let k = 0; k < S; k++) groups.push(0, ...encodeVarint(R));
    const bytes = spliceBytes(base, from, to, Uint8Array.from(groups));
    const dv = new DataView(bytes.buffer);
    dv.setUint32(8, bytes.length, true);
    dv.setUint32(12, computeChecksum(bytes), true);
    let robots: ReturnType<typeof loadRobots>;
    try {
      robots = loadRobots(bytes);
    } catch (e) {
      expect(e).toBeInstanceOf(RobotsFormatError);
      expect((e as RobotsFormatError).code).toBe('bad-table');
      return;
    }
    expect(robots.isAllowed('/x', 'a')).toBe(false);
    expect(robots.describeGroup(0).ruleIds.length, `describeGroup of a ${bytes.length}-byte artifact with ${R} rules`).toBeLessThanOrEqual(R);
  });

  it(`${RUNS.toLocaleString('en')} seeded mutations: RobotsFormatError or a Robots that answers`, async () => {
    prepareHarness();
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
    const total = { runs: 0, loaded: 0, loadedChanged: 0, queries: 0, slowestMs: 0, slowestIndex: -1, worstWorkRatio: 0, worstWorkIndex: -1, worstBuildWork: 0, buildWorkCap: 0, rejected: {} as Record<string, number> };
    const byMutation: Record<string, { runs: number; rejected: number; loaded: number }> = {};
    for (const r of results) {
      total.runs += r.runs;
      total.loaded += r.loaded;
      total.loadedChanged += r.loadedChanged;
      total.queries += r.queries;
      if (r.slowestMs > total.slowestMs) {
        total.slowestMs = r.slowestMs;
        total.slowestIndex = r.slowestIndex;
      }
      total.worstBuildWork = Math.max(total.worstBuildWork, r.worstBuildWork);
      total.buildWorkCap = r.buildWorkCap;
      if (r.worstWorkRatio > total.worstWorkRatio) {
        total.worstWorkRatio = r.worstWorkRatio;
        total.worstWorkIndex = r.worstWorkIndex;
      }
      for (const [code, n] of Object.entries(r.rejected)) total.rejected[code] = (total.rejected[code] ?? 0) + n;
      for (const [name, s] of Object.entries(r.byMutation)) {
        const t = (byMutation[name] ??= { runs: 0, rejected: 0, loaded: 0 });
        t.runs += s.runs;
        t.rejected += s.rejected;
        t.loaded += s.loaded;
      }
    }
    const failures = results.flatMap((r) => r.failures);
    console.log(
      `artifact fuzz: ${total.runs} mutations of ${artifacts.length} bases in ${(elapsed / 1000).toFixed(1)} s (seed ${SEED}); ` +
        `rejected ${JSON.stringify(total.rejected)}; loaded ${total.loaded} (${total.loadedChanged} changed), ` +
        `${total.queries} queries; slowest mutation ${total.slowestMs.toFixed(1)} ms (index ${total.slowestIndex}); worst check work per (URL unit + artifact byte) ${total.worstWorkRatio.toFixed(2)} (index ${total.worstWorkIndex}); worst tier-1 building ${total.worstBuildWork.toFixed(0)} of ${total.buildWorkCap}; failures ${failures.length}\n` +
        `by first mutation (runs/rejected/loaded): ${Object.entries(byMutation).map(([n, s]) => `${n} ${s.runs}/${s.rejected}/${s.loaded}`).join(', ')}`,
    );
    expect(failures.slice(0, 10), 'mutations that broke the contract (index, seed, mutation, error)').toEqual([]);
    expect(total.runs).toBe(RUNS);
    expect(total.worstWorkRatio, `check work per (URL unit + artifact byte): mutation ${total.worstWorkIndex}, seed ${SEED}`).toBeLessThan(WORK_PER_UNIT_BOUND);
    expect(total.worstBuildWork, 'tier-1 building in one check').toBeLessThanOrEqual(total.buildWorkCap);
    if (RUNS < 10_000) return;
    // The checksum must not be the only defence: structural validation rejected many mutations.
    const structural = Object.entries(total.rejected).filter(([code]) => code !== 'bad-checksum').reduce((n, [, v]) => n + v, 0);
    expect(structural).toBeGreaterThan(RUNS / 4);
    // Every error code is reachable, and every mutation ran.
    expect(Object.keys(total.rejected).sort()).toEqual([...FORMAT_ERROR_CODES].sort());
    expect(Object.keys(byMutation).sort()).toEqual([...MUTATION_NAMES].sort());
    // And many mutations survived validation, so the checks on corrupted tables were exercised.
    expect(total.loadedChanged).toBeGreaterThan(RUNS / 50);
  }, 3_600_000);
});
