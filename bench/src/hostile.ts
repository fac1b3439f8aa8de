/**
 * `pnpm bench --hostile`: measures every hostile input of test/hostile/generate.ts (issue 6):
 * compile time, extra heap, artifact size, and the worst time of one check of a 4 KB URL. The
 * figures fill SECURITY.md "Measured worst cases".
 *
 * Each input runs in a fresh worker (this same module; `isMainThread` tells the roles apart)
 * so heap figures are not polluted by other inputs, under a watchdog and a heap limit so that
 * an input that explodes is reported (`timeout`, `out-of-memory`) instead of hanging the bench.
 * The generator is TypeScript under test/ (outside this package's rootDir): it is transpiled
 * with the workspace's `typescript` into a temporary folder at run time.
 *
 * Method: compile = median of `compileRuns` compiles after 3 warm-up compiles of the reduced
 * input; heap = growth of V8's committed heap over the first compile in the fresh worker (what
 * the process had to reserve: an upper estimate of peak live data) and heap still used right
 * after it (no GC in between); check = for each selected group and each URL of >= 4,000 chars,
 * warm-up then `samples` batches of `batch` checks (isAllowed and decide alternating), median
 * ns per check; the worst (group, URL) is reported. Distinct = the same (group, URL) pairs, each
 * followed by 64 one-character variants of the URL checked once each on the warm group (every
 * URL new, as a crawler's are): worst median and worst single check. Fresh = the same, with 16
 * shuffles of the URL (same characters, no shared prefix: what an attacker who also serves the
 * links can send).
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { getHeapStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { spawnSync } from 'node:child_process';
import { compile } from '@robomata/compiler';
import { loadRobots } from '@robomata/runtime';
import { isUnreservedByte } from '@robomata/runtime/format';
import type { AgentRules } from '@robomata/runtime';
import { medianOf as _median } from './measure.js';

/** The parts of test/hostile/generate.ts this bench uses. */
interface _HostileInput {
  readonly name: string;
  readonly description: string;
  make(): Uint8Array;
  makeReduced(): Uint8Array;
  readonly maxBytes: number | undefined;
  readonly agents: readonly string[];
  urls(): readonly string[];
}

interface _GeneratorModule {
  readonly HOSTILE_INPUTS: readonly _HostileInput[];
  readonly DEFAULT_SEED: number;
  oneCharacterVariants(url: string, count: number, seed: number): string[];
  shuffledUrls(url: string, count: number, seed: number): string[];
}

/** Measurements of one hostile input in one profile. */
export interface HostileRow {
  readonly input: string;
  readonly profile: 'rfc9309' | 'google';
  /** 'ok', or why no figures: 'timeout' (watchdog) or 'out-of-memory' (heap limit) or 'error'. */
  readonly status: 'ok' | 'timeout' | 'out-of-memory' | 'error';
  readonly detail: string;
  readonly inputBytes: number;
  /** Median compile time, ms. */
  readonly compileMs: number;
  readonly compileRuns: number;
  /** Growth of V8's committed heap over the first compile (fresh worker), bytes. */
  readonly heapCommittedBytes: number;
  /** heapUsed right after the compile minus before (no GC between), bytes. */
  readonly heapUsedDeltaBytes: number;
  readonly artifactBytes: number;
  readonly loadMs: number;
  /** Parts (tries and segment automata) of the selected groups, as `describeGroup` lists them. */
  readonly parts: number;
  /** Nodes of the largest of them. */
  readonly maxTrieNodes: number;
  /** Worst median ns per check over the selected groups and URLs of >= 4,000 chars. */
  readonly worstCheckNs: number;
  readonly worstUrl: string;
  /**
   * Worst median ns per 4,000 walked octets (see `walkedOctets`: a `%`, `*`, `$` or non-ASCII
   * character is several octets in rfc9309), over the same checks: the per-length cost.
   */
  readonly worstPer4kNs: number;
  readonly worstPer4kUrl: string;
  /** Worst ns of a first check of one URL on a freshly loaded artifact (warm JIT; the runtime caches nothing per URL). */
  readonly coldCheckNs: number;
  readonly coldUrl: string;
  /**
   * Worst median and worst max ns of one check over `DISTINCT_URLS` one-character variants of a
   * 4 KB URL, each checked once on the warm group (what a crawler sees: every URL new), over the
   * same (group, URL) pairs as the warm figure.
   */
  readonly distinctMedianNs: number;
  readonly distinctMaxNs: number;
  readonly distinctUrl: string;
  /**
   * Worst median and worst max ns of one check over `FRESH_URLS` shuffles of a 4 KB URL (the
   * generator's `shuffledUrls`), each checked once on the warm group: no prefix in common with
   * the warm URL, so no branch the warm URL took is walked again beyond chance.
   */
  readonly freshMedianNs: number;
  readonly freshMaxNs: number;
  readonly freshUrl: string;
  /** Median ns per check of `/` + 'a' x 4000 against the worst group for it. */
  readonly plainCheckNs: number;
  /** ns per check of `/` + 'a' x 40,000 divided by ns of `/` + 'a' x 4,000 (10 = linear). */
  readonly linearity: number;
}

/** Result of {@link runHostileSuite}. */
export interface HostileReport {
  readonly quick: boolean;
  readonly node: string;
  readonly seed: number;
  readonly rows: readonly HostileRow[];
  /** The rows as a Markdown table (SECURITY.md format). */
  readonly markdown: string;
  /** Compile figures, each input and profile in a fresh process, against the 300 ms / 50 MB bound. */
  readonly compile: HostileCompileReport;
}

/** Goal of one compile of a 512,000-byte hostile input in a fresh process (issue 19), ms. */
export const COMPILE_BOUND_MS = 300;
/** Goal of the extra memory of that compile (V8 heap + ArrayBuffers grown over it), bytes. */
export const COMPILE_BOUND_BYTES = 50 * 2 ** 20;
/** Input bytes the bounds are for: inputs compiled with a raised parse limit get the bounds in proportion. */
const BOUND_INPUT_BYTES = 512_000;

/** Compile figures of one hostile input in one profile, measured in a process of its own. */
export interface HostileCompileRow {
  readonly input: string;
  readonly profile: 'rfc9309' | 'google';
  readonly status: 'ok' | 'error';
  readonly detail: string;
  /** Bytes parsed (the input, or its first maxBytes). */
  readonly parsedBytes: number;
  /** Wall-clock ms of the first compile of the full input (after 3 compiles of the reduced one warmed the JIT). */
  readonly firstMs: number;
  /** Process CPU ms of that compile (`--single-threaded`: the collector's work included, on the compile's thread). */
  readonly firstCpuMs: number;
  /** Median wall-clock ms of 3 compiles of the full input (the first included). */
  readonly medianMs: number;
  /** heapUsed + arrayBuffers right after the first compile (no GC in between) minus the same before it (after a GC). */
  readonly extraBytes: number;
  readonly artifactBytes: number;
  /** The bounds for this input (prorated when it is larger than 512,000 bytes). */
  readonly boundMs: number;
  readonly boundBytes: number;
  /**
   * True when the first compile took less than boundMs of CPU time and its extra memory less
   * than boundBytes. The child runs `node --single-threaded` (no concurrent marking, sweeping or
   * compiling threads), so its CPU time is the compile's own work, the collector's included,
   * whatever else loads the machine: an upper estimate of its wall-clock time on an idle one
   * (the wall clock counts other processes' turns on a shared machine).
   */
  readonly withinBound: boolean;
}

/** Result of {@link runHostileCompile}. */
export interface HostileCompileReport {
  readonly rows: readonly HostileCompileRow[];
  readonly markdown: string;
}

/** Settings of one mode. */
interface _Config {
  readonly compileRuns: number;
  readonly samples: number;
  readonly batch: number;
  /** Watchdog per input (both profiles), ms. */
  readonly timeLimitMs: number;
}

/** Quick (CI smoke) settings: one compile per input, short timing loops. */
const QUICK: _Config = { compileRuns: 1, samples: 5, batch: 20, timeLimitMs: 60_000 };
/** Full settings: median of 5 compiles, 15 batches of 100 checks per (group, URL). */
const FULL: _Config = { compileRuns: 5, samples: 15, batch: 100, timeLimitMs: 300_000 };
/** Extra heap (MiB over the worker's baseline) before a compile counts as out of memory. */
const HEAP_LIMIT_MB = 256;
/** Stop repeating compiles of an input once its compiles used this much time, ms. */
const COMPILE_BUDGET_MS = 10_000;

const _REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** Returns `test/hostile/<file>.ts` transpiled to a cached module in tmp, with `./generate.js` imports pointed at `generate` (a file URL). */
async function _transpile(file: string, generate: string | undefined): Promise<string> {
  let source = readFileSync(join(_REPO_ROOT, 'test', 'hostile', `${file}.ts`), 'utf8');
  if (generate !== undefined) source = source.replace(/'\.\/generate\.js'/g, JSON.stringify(generate));
  const ts = (await import('typescript')).default;
  const hash = createHash('sha256').update(source).update(ts.version).digest('hex').slice(0, 16);
  const dir = join(tmpdir(), 'robomata-hostile-bench');
  const out = join(dir, `${file}-${hash}.mjs`);
  if (!existsSync(out)) {
    const js = ts.transpileModule(source, {
      compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022, verbatimModuleSyntax: true },
    }).outputText;
    mkdirSync(dir, { recursive: true });
    const staging = `${out}.${process.pid}.tmp`;
    writeFileSync(staging, js);
    renameSync(staging, out);
  }
  return pathToFileURL(out).href;
}

/**
 * Returns the generator module, transpiled from test/hostile/generate.ts (cached in tmp), its
 * inputs joined by extra-inputs.ts's (shared-huge-group, orthogonal-vectors-500k,
 * invalid-utf8-short, percent-lower-500k).
 */
async function _loadGenerator(): Promise<_GeneratorModule> {
  const generate = await _transpile('generate', undefined);
  const gen = (await import(generate)) as _GeneratorModule;
  const extra = (await import(await _transpile('extra-inputs', generate))) as { EXTRA_HOSTILE_INPUTS: readonly _HostileInput[] };
  return { ...gen, HOSTILE_INPUTS: [...gen.HOSTILE_INPUTS, ...extra.EXTRA_HOSTILE_INPUTS] };
}

/** Returns V8's gc(), exposed at run time. */
function _gc(): () => void {
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}

let _sink = 0;

/**
 * Checks run before a URL is timed, so TurboFan has compiled the walk: the first walks of a
 * fresh worker run unoptimised at 5-10x the cost (index-html-storm: 160 us for the first
 * checks, 17 us from the 16th on), and a walk down a new branch (a first rule scan, a first
 * escape) deoptimises it again: storm-single-line took about 200 checks to get back from
 * 110-150 us to 17 us (`node --trace-deopt`: insufficient type feedback in the walk).
 */
const WARMUP_CHECKS = 256;
/**
 * Least warm-up time per URL, ms: a new URL can deoptimise the walk, and the optimising compiler
 * runs on a background thread that needs a few ms on 2 busy cores; with 32 checks alone, fast
 * URLs were timed in unoptimised code (80-180 us medians for 8 us checks, seen in 3 runs).
 */
const WARMUP_MIN_MS = 20;
/** Most warm-up time per URL, ms (slow cold walks get fewer checks). */
const WARMUP_BUDGET_MS = 400;
/** Fresh loads whose first check is timed per (group, URL) for the cold figure. */
const COLD_SAMPLES = 3;

/**
 * Returns the octets a walk of `url` reads in `profile` form: 1 per ASCII character, 3 per
 * `%`, `*`, `$` (rfc9309: escaped), 3 per valid `%XX` of a reserved byte (1 when decoded),
 * and the UTF-8 length (times 3 in rfc9309) per non-ASCII character; a lone surrogate is U+FFFD.
 */
export function walkedOctets(url: string, rfc: boolean): number {
  let n = 0;
  const hex = (c: number): boolean => (c >= 48 && c <= 57) || ((c | 32) >= 97 && (c | 32) <= 102);
  for (let i = 0; i < url.length; i++) {
    const c = url.charCodeAt(i);
    if (c < 128) {
      if (rfc && c === 37 && hex(url.charCodeAt(i + 1)) && hex(url.charCodeAt(i + 2))) {
        const v = parseInt(url.slice(i + 1, i + 3), 16);
        n += isUnreservedByte(v) ? 1 : 3;
        i += 2;
      } else {
        n += rfc && (c === 37 || c === 42 || c === 36) ? 3 : 1;
      }
      continue;
    }
    let octets = c < 0x800 ? 2 : 3;
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < url.length && (url.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      octets = 4;
      i++;
    }
    n += rfc ? 3 * octets : octets;
  }
  return n;
}

/** Runs check number `k` of `url` (isAllowed for even `k`, decide for odd) and returns its answer as a number for the sink. */
function _check(rules: AgentRules, url: string, k: number): number {
  return (k & 1) === 0 ? (rules.isAllowed(url) ? 1 : 0) : rules.decide(url);
}

/** Returns the median ns of a first check of `url` (isAllowed and decide alternating) over `COLD_SAMPLES` fresh loads of `artifact`. */
function _timeColdCheck(artifact: Uint8Array, agent: string, url: string): number {
  const times: number[] = [];
  for (let k = 0; k < COLD_SAMPLES; k++) {
    const rules = loadRobots(artifact).agent(agent);
    const t0 = process.hrtime.bigint();
    _sink += _check(rules, url, k);
    times.push(Number(process.hrtime.bigint() - t0));
  }
  return _median(times);
}

/** One-character variants of a URL timed once each for the distinct-URL figures. */
const DISTINCT_URLS = 64;
/** Shuffles of a URL timed once each for the fresh-URL figures (fewer: each may cost a whole sweep). */
const FRESH_URLS = 16;

/**
 * The worst figures of URLs checked once each (the distinct and fresh columns): the worst median
 * over the (group, URL) pairs, with its URL, and the worst single check.
 */
class _WorstOnce {
  median = 0;
  max = 0;
  url = '';

  /** Checks each of `urls` once (isAllowed and decide alternating) and folds their times in as those of `base`. */
  time(rules: AgentRules, base: string, urls: readonly string[]): void {
    const times: number[] = [];
    for (const [k, url] of urls.entries()) {
      const t0 = process.hrtime.bigint();
      _sink += _check(rules, url, k);
      times.push(Number(process.hrtime.bigint() - t0));
    }
    const median = _median(times);
    if (median > this.median) {
      this.median = median;
      this.url = base;
    }
    this.max = Math.max(this.max, ...times);
  }
}

/** Target duration of one timed batch, ns: slow checks get smaller batches, not longer runs. */
const BATCH_TARGET_NS = 2_000_000;
/** Timing budget per input and profile, ms: past it, remaining URLs are skipped (reported). */
const TIMING_BUDGET_MS = 20_000;

/**
 * Returns the median ns of one check (isAllowed/decide alternating) of `url`: warm-up checks,
 * a probe check, then `samples` batches sized to about 2 ms each (at most `batch` checks).
 */
function _timeCheck(rules: AgentRules, url: string, config: _Config): number {
  const w0 = performance.now();
  for (let i = 0; (i < WARMUP_CHECKS || performance.now() - w0 < WARMUP_MIN_MS) && performance.now() - w0 < WARMUP_BUDGET_MS; i++) {
    _sink += _check(rules, url, i);
  }
  // Batch size from a warm pair of checks (the first checks run unoptimised).
  const p0 = process.hrtime.bigint();
  _sink += (rules.isAllowed(url) ? 1 : 0) + rules.decide(url);
  const pair = Number(process.hrtime.bigint() - p0);
  // An even batch: every sample times as many isAllowed as decide calls (a batch of 1 timed only isAllowed).
  const batch = 2 * Math.max(1, Math.min(config.batch >> 1, Math.floor(BATCH_TARGET_NS / Math.max(pair, 1))));
  const samples: number[] = [];
  for (let s = 0; s < config.samples; s++) {
    const t0 = process.hrtime.bigint();
    for (let i = 0; i < batch; i++) _sink += _check(rules, url, i);
    samples.push(Number(process.hrtime.bigint() - t0) / batch);
  }
  return _median(samples);
}

/** Returns a short printable form of a URL for the report. */
function _shortUrl(url: string): string {
  const head = JSON.stringify(url.slice(0, 16)).slice(1, -1);
  return url.length > 16 ? `${head}... (${url.length})` : head;
}

/** Worker side: measures one input in both profiles. */
async function _measureInput(name: string, config: _Config): Promise<HostileRow[]> {
  const gc = _gc();
  const gen = await _loadGenerator();
  const input = gen.HOSTILE_INPUTS.find((i) => i.name === name);
  if (input === undefined) throw new Error(`no hostile input ${name}`);
  const reduced = input.makeReduced();
  const bytes = input.make();
  const urls = input.urls().filter((u) => u.length >= 4_000);
  const plain = '/' + 'a'.repeat(4_000);
  const plainLong = '/' + 'a'.repeat(40_000);
  const rows: HostileRow[] = [];
  for (const profile of ['rfc9309', 'google'] as const) {
    const options = input.maxBytes === undefined ? { profile } : { profile, maxBytes: input.maxBytes };
    for (let i = 0; i < 3; i++) loadRobots(compile(reduced, options));
    gc();
    const committedBefore = getHeapStatistics().total_heap_size;
    const usedBefore = process.memoryUsage().heapUsed;
    let t0 = performance.now();
    const artifact = compile(bytes, options);
    const times = [performance.now() - t0];
    const heapUsedDeltaBytes = process.memoryUsage().heapUsed - usedBefore;
    const heapCommittedBytes = Math.max(0, getHeapStatistics().total_heap_size - committedBefore);
    while (times.length < config.compileRuns && times.reduce((a, b) => a + b, 0) < COMPILE_BUDGET_MS) {
      t0 = performance.now();
      compile(bytes, options);
      times.push(performance.now() - t0);
    }
    t0 = performance.now();
    const robots = loadRobots(artifact);
    const loadMs = performance.now() - t0;
    let parts = 0;
    let maxTrieNodes = 0;
    for (let g = 0; g < robots.groupCount; g++) {
      for (const a of robots.describeGroup(g).parts) {
        parts++;
        maxTrieNodes = Math.max(maxTrieNodes, a.nodes);
      }
    }
    const groups = new Map<AgentRules, string>();
    for (const agent of input.agents) if (!groups.has(robots.agent(agent))) groups.set(robots.agent(agent), agent);
    let worstCheckNs = 0;
    let worstUrl = '';
    let worstPer4kNs = 0;
    let worstPer4kUrl = '';
    let coldCheckNs = 0;
    let coldUrl = '';
    const distinct = new _WorstOnce();
    const fresh = new _WorstOnce();
    let plainCheckNs = 0;
    let linearity = 0;
    gc(); // Settle the compiles' garbage first: concurrent GC on 2 cores would be timed as check cost.
    const timingStart = performance.now();
    let skipped = 0;
    for (const [rules, agent] of groups) {
      for (const url of urls) {
        if (performance.now() - timingStart > TIMING_BUDGET_MS) {
          skipped++;
          continue;
        }
        const ns = _timeCheck(rules, url, config);
        if (ns > worstCheckNs) {
          worstCheckNs = ns;
          worstUrl = url;
        }
        const per4k = (ns * 4_000) / Math.max(4_000, walkedOctets(url, profile === 'rfc9309'));
        if (per4k > worstPer4kNs) {
          worstPer4kNs = per4k;
          worstPer4kUrl = url;
        }
        const seed = Math.imul(url.length, 0x9e3779b1) ^ url.charCodeAt(url.length >> 1);
        distinct.time(rules, url, gen.oneCharacterVariants(url, DISTINCT_URLS, seed));
        fresh.time(rules, url, gen.shuffledUrls(url, FRESH_URLS, seed));
      }
      const p = _timeCheck(rules, plain, config);
      if (p >= plainCheckNs) {
        plainCheckNs = p;
        linearity = _timeCheck(rules, plainLong, config) / Math.max(p, 1);
      }
    }
    // Cold checks after all warm timing: fresh loads allocate, and would disturb the warm figures.
    for (const [, agent] of groups) {
      for (const url of urls) {
        if (performance.now() - timingStart > TIMING_BUDGET_MS) break;
        const cold = _timeColdCheck(artifact, agent, url);
        if (cold > coldCheckNs) {
          coldCheckNs = cold;
          coldUrl = url;
        }
      }
    }
    rows.push({
      input: name, profile, status: 'ok', detail: skipped > 0 ? `timing budget spent: ${skipped} (group, URL) pairs not timed` : '', inputBytes: bytes.length,
      compileMs: _median(times), compileRuns: times.length, heapCommittedBytes, heapUsedDeltaBytes,
      artifactBytes: artifact.length, loadMs, parts, maxTrieNodes,
      worstCheckNs, worstUrl: _shortUrl(worstUrl), worstPer4kNs, worstPer4kUrl: _shortUrl(worstPer4kUrl),
      coldCheckNs, coldUrl: _shortUrl(coldUrl), distinctMedianNs: distinct.median, distinctMaxNs: distinct.max,
      distinctUrl: _shortUrl(distinct.url), freshMedianNs: fresh.median, freshMaxNs: fresh.max, freshUrl: _shortUrl(fresh.url), plainCheckNs, linearity,
    });
  }
  return rows;
}

/** Returns placeholder rows for an input that produced no figures. */
function _failedRows(name: string, status: HostileRow['status'], detail: string): HostileRow[] {
  return (['rfc9309', 'google'] as const).map((profile) => ({
    input: name, profile, status, detail, inputBytes: 0, compileMs: Number.NaN, compileRuns: 0,
    heapCommittedBytes: Number.NaN, heapUsedDeltaBytes: Number.NaN, artifactBytes: 0, loadMs: Number.NaN,
    parts: 0, maxTrieNodes: 0, worstCheckNs: Number.NaN, worstUrl: '', worstPer4kNs: Number.NaN, worstPer4kUrl: '',
    coldCheckNs: Number.NaN, coldUrl: '', distinctMedianNs: Number.NaN, distinctMaxNs: Number.NaN, distinctUrl: '',
    freshMedianNs: Number.NaN, freshMaxNs: Number.NaN, freshUrl: '',
    plainCheckNs: Number.NaN, linearity: Number.NaN,
  }));
}

/** Main side: runs one input's worker under the watchdog and heap limit. */
async function _runInput(name: string, config: _Config): Promise<HostileRow[]> {
  const worker = new Worker(new URL(import.meta.url), {
    workerData: { hostileBench: true, name, config },
    resourceLimits: { maxOldGenerationSizeMb: HEAP_LIMIT_MB + 32, maxYoungGenerationSizeMb: 32 },
  });
  return await new Promise<HostileRow[]>((resolve) => {
    let done = false;
    const finish = (rows: HostileRow[]): void => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      void worker.terminate();
      resolve(rows);
    };
    const timer = setTimeout(() => finish(_failedRows(name, 'timeout', `no answer within ${config.timeLimitMs} ms`)), config.timeLimitMs);
    worker.on('message', (rows: HostileRow[]) => finish(rows));
    worker.on('error', (e: Error & { code?: string }) =>
      finish(_failedRows(name, e.code === 'ERR_WORKER_OUT_OF_MEMORY' ? 'out-of-memory' : 'error', e.message)),
    );
    worker.on('exit', (code) => finish(_failedRows(name, 'error', `worker exited with code ${code}`)));
  });
}

/** Formats a number for the table ('-' for NaN). */
function _fmt(v: number, digits = 0): string {
  return Number.isFinite(v) ? v.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits }) : '-';
}

/** Returns a short URL as Markdown code (pipes escaped). */
function _code(url: string): string {
  return `\`${url.replace(/\|/g, '\\|')}\``;
}

/** The hostile table's columns, in order (`formatHostileTable` writes one cell per column). */
const _COLUMNS: readonly string[] = [
  'input', 'profile', 'input bytes', 'compile ms', 'heap MiB (committed / used)', 'artifact bytes', 'parts (max trie nodes)',
  'worst 4 KB check us', 'worst us per 4,000 octets walked', 'distinct URLs us (median / max)', 'fresh URLs us (median / max)',
  'cold check us', 'plain 4 KB check us', '40 KB / 4 KB',
];

/** Returns the rows as a Markdown table. */
export function formatHostileTable(rows: readonly HostileRow[]): string {
  const mib = (b: number): string => _fmt(b / 2 ** 20, 1);
  // Input and profile left-aligned, every figure right-aligned; a failed input fills the rest empty.
  const lines = [`| ${_COLUMNS.join(' | ')} |`, `|---|---|${'---:|'.repeat(_COLUMNS.length - 2)}`];
  for (const r of rows) {
    if (r.status !== 'ok') {
      lines.push(`| ${r.input} | ${r.profile} | | **${r.status}** |${' |'.repeat(_COLUMNS.length - 4)}`);
      continue;
    }
    lines.push(
      `| ${r.input} | ${r.profile} | ${_fmt(r.inputBytes)} | ${_fmt(r.compileMs, 1)} | ${mib(r.heapCommittedBytes)} / ${mib(r.heapUsedDeltaBytes)} | ` +
        `${_fmt(r.artifactBytes)} | ${r.parts} (${r.maxTrieNodes}) | ${_fmt(r.worstCheckNs / 1000, 2)} ${_code(r.worstUrl)} | ` +
        `${_fmt(r.worstPer4kNs / 1000, 2)} ${_code(r.worstPer4kUrl)} | ` +
        `${_fmt(r.distinctMedianNs / 1000, 1)} / ${_fmt(r.distinctMaxNs / 1000, 1)} ${_code(r.distinctUrl)} | ` +
        `${_fmt(r.freshMedianNs / 1000, 1)} / ${_fmt(r.freshMaxNs / 1000, 1)} ${_code(r.freshUrl)} | ${_fmt(r.coldCheckNs / 1000, 1)} ${_code(r.coldUrl)} | ` +
        `${_fmt(r.plainCheckNs / 1000, 2)} | ${_fmt(r.linearity, 1)} |`,
    );
  }
  return lines.join('\n');
}

/** Child side of {@link runHostileCompile}: compiles one input in one profile and prints its row as JSON. */
async function _compileChild(name: string, profile: 'rfc9309' | 'google'): Promise<HostileCompileRow> {
  const gc = _gc();
  const gen = await _loadGenerator();
  const input = gen.HOSTILE_INPUTS.find((i) => i.name === name);
  if (input === undefined) throw new Error(`no hostile input ${name}`);
  const options = input.maxBytes === undefined ? { profile } : { profile, maxBytes: input.maxBytes };
  const reduced = input.makeReduced();
  const bytes = input.make();
  for (let i = 0; i < 3; i++) compile(reduced, options);
  gc();
  const memory = (): number => {
    const m = process.memoryUsage();
    return m.heapUsed + m.arrayBuffers;
  };
  const before = memory();
  const c0 = process.cpuUsage();
  let t0 = performance.now();
  const artifact = compile(bytes, options);
  const firstMs = performance.now() - t0;
  const c1 = process.cpuUsage(c0);
  const extraBytes = memory() - before;
  const times = [firstMs];
  for (let i = 0; i < 2; i++) {
    t0 = performance.now();
    compile(bytes, options);
    times.push(performance.now() - t0);
  }
  const parsedBytes = Math.min(bytes.length, input.maxBytes ?? BOUND_INPUT_BYTES);
  const scale = Math.max(1, parsedBytes / BOUND_INPUT_BYTES);
  const boundMs = COMPILE_BOUND_MS * scale;
  const boundBytes = COMPILE_BOUND_BYTES * scale;
  const firstCpuMs = (c1.user + c1.system) / 1000;
  return {
    input: name, profile, status: 'ok', detail: '', parsedBytes, firstMs, firstCpuMs, medianMs: _median(times),
    extraBytes, artifactBytes: artifact.length, boundMs, boundBytes, withinBound: firstCpuMs < boundMs && extraBytes < boundBytes,
  };
}

/** Returns the compile rows as a Markdown table. */
export function formatHostileCompileTable(rows: readonly HostileCompileRow[]): string {
  const lines = [
    '| input | profile | bytes parsed | first compile CPU ms (wall ms) | median of 3, wall ms | extra MiB | artifact / input | within bound |',
    '|---|---|---:|---:|---:|---:|---:|---|',
  ];
  for (const r of rows) {
    if (r.status !== 'ok') {
      lines.push(`| ${r.input} | ${r.profile} | | **${r.status}** ${r.detail.slice(0, 80).replace(/\|/g, '/')} | | | | no |`);
      continue;
    }
    const bound = r.boundMs === COMPILE_BOUND_MS ? '' : ` (bound ${_fmt(r.boundMs)} ms)`;
    lines.push(
      `| ${r.input} | ${r.profile} | ${_fmt(r.parsedBytes)} | ${_fmt(r.firstCpuMs, 1)} (${_fmt(r.firstMs, 1)})${bound} | ${_fmt(r.medianMs, 1)} | ` +
        `${_fmt(r.extraBytes / 2 ** 20, 1)} | ${_fmt(r.artifactBytes / Math.max(1, r.parsedBytes), 2)}x | ${r.withinBound ? 'yes' : '**no**'} |`,
    );
  }
  return lines.join('\n');
}

/**
 * Returns the compile figures of every hostile input (or those `only` names) in both profiles,
 * each input and profile in a fresh `node` process (`node --expose-gc --single-threaded hostile.js
 * --compile-child NAME PROFILE`): the first compile of the full input after 3 compiles of the reduced one, its
 * extra memory, and the median of 3, against {@link COMPILE_BOUND_MS} and
 * {@link COMPILE_BOUND_BYTES} (prorated per 512,000 bytes for inputs with a raised parse limit).
 */
export async function runHostileCompile(opts: { only?: readonly string[] } = {}): Promise<HostileCompileReport> {
  const gen = await _loadGenerator();
  const rows: HostileCompileRow[] = [];
  const script = fileURLToPath(import.meta.url);
  for (const input of gen.HOSTILE_INPUTS) {
    if (opts.only !== undefined && !opts.only.includes(input.name)) continue;
    for (const profile of ['rfc9309', 'google'] as const) {
      const child = spawnSync(process.execPath, ['--expose-gc', '--single-threaded', script, '--compile-child', input.name, profile], { encoding: 'utf8', timeout: 120_000 });
      const line = child.stdout.trim().split('\n').pop() ?? '';
      try {
        rows.push(JSON.parse(line) as HostileCompileRow);
      } catch {
        const detail = child.error?.message ?? `exit ${String(child.status)} ${child.stderr.slice(0, 200)}`;
        rows.push({ input: input.name, profile, status: 'error', detail, parsedBytes: 0, firstMs: Number.NaN, firstCpuMs: Number.NaN, medianMs: Number.NaN, extraBytes: Number.NaN, artifactBytes: 0, boundMs: COMPILE_BOUND_MS, boundBytes: COMPILE_BOUND_BYTES, withinBound: false });
      }
      const r = rows[rows.length - 1] as HostileCompileRow;
      process.stderr.write(`${r.input} ${r.profile}: ${r.status === 'ok' ? `cpu ${r.firstCpuMs.toFixed(0)} ms (wall ${r.firstMs.toFixed(0)}), median ${r.medianMs.toFixed(0)} ms, +${(r.extraBytes / 2 ** 20).toFixed(1)} MiB${r.withinBound ? '' : ' OVER'}` : r.detail}\n`);
    }
  }
  return { rows, markdown: formatHostileCompileTable(rows) };
}

/**
 * Returns the hostile-input report: for every hostile input and both profiles, median compile
 * time, heap growth, artifact size and the worst ns per check of a 4 KB URL, as rows and as a
 * Markdown table. `quick` uses one compile per input and short timing loops. Inputs run one
 * after another in fresh workers (a few seconds each when the compiler is bounded).
 */
export async function runHostileSuite(opts: { quick: boolean; only?: readonly string[] }): Promise<HostileReport> {
  const config = opts.quick ? QUICK : FULL;
  const gen = await _loadGenerator();
  const rows: HostileRow[] = [];
  for (const input of gen.HOSTILE_INPUTS) {
    if (opts.only !== undefined && !opts.only.includes(input.name)) continue;
    rows.push(...(await _runInput(input.name, config)));
  }
  const compileReport = await runHostileCompile(opts.only === undefined ? {} : { only: opts.only });
  return { quick: opts.quick, node: process.version, seed: gen.DEFAULT_SEED, rows, markdown: formatHostileTable(rows), compile: compileReport };
}

// `node --expose-gc hostile.js --compile-child NAME PROFILE`: one row of runHostileCompile.
// `node --expose-gc hostile.js --compile [NAME...]`: runHostileCompile alone, its table on stdout.
if (isMainThread && process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) {
  const [flag, ...rest] = process.argv.slice(2);
  if (flag === '--compile-child') {
    void _compileChild(rest[0] as string, rest[1] === 'google' ? 'google' : 'rfc9309').then((row) => process.stdout.write(`${JSON.stringify(row)}\n`));
  } else if (flag === '--compile') {
    void runHostileCompile(rest.length === 0 ? {} : { only: rest }).then((r) => process.stdout.write(`${r.markdown}\n`));
  }
}

if (!isMainThread && parentPort !== null && (workerData as { hostileBench?: boolean } | null)?.hostileBench === true) {
  const data = workerData as { name: string; config: _Config };
  const port = parentPort;
  _measureInput(data.name, data.config).then(
    (rows) => port.postMessage(rows),
    (e: unknown) => {
      throw e;
    },
  );
}
