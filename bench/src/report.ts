/**
 * Writing a run's results: report.md (Markdown), results.json and three hand-rolled SVG charts.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BenchResults, StrategyResult, WorkloadResult } from './run-bench.js';
import { findStrategy } from './run-bench.js';
import { renderBarChart, renderLineChart } from './svg.js';

/** File names written by {@link writeReport}. */
export const REPORT_FILES = {
  markdown: 'report.md',
  json: 'results.json',
  strategies: 'ns-per-check.svg',
  rules: 'scaling-rules.svg',
  lengths: 'scaling-url-length.svg',
  tierUp: 'tier-up.svg',
} as const;

/** Returns a number with a sensible number of digits for a table. */
function _fmt(v: number | undefined, digits = 1): string {
  if (v === undefined || !Number.isFinite(v)) return 'n/a';
  if (Math.abs(v) >= 1000) return Math.round(v).toLocaleString('en-US');
  return v.toFixed(digits);
}

/** Returns "a / b" as a ratio string, or n/a. */
function _ratio(a: number | undefined, b: number | undefined, digits = 1): string {
  if (a === undefined || b === undefined || !Number.isFinite(a) || !Number.isFinite(b) || b === 0) return 'n/a';
  return `${(a / b).toFixed(digits)}x`;
}

/** Returns the Markdown table of one workload's strategies. */
function _strategyTable(w: WorkloadResult): string {
  const ref = findStrategy(w, 'reference');
  const rp = findStrategy(w, 'robots-parser');
  const floor = findStrategy(w, 'floor');
  const rows = ['| strategy | ns/check (median) | spread min-max | MAD | reference / this | robots-parser / this | this / floor | prepare (all hosts) | disagreements with reference |', '|---|---:|---:|---:|---:|---:|---:|---:|---:|'];
  for (const s of w.strategies) {
    if (s.error !== undefined) {
      rows.push(`| ${s.label} | failed: ${s.error.replace(/\|/g, '\\|').slice(0, 120)} | | | | | | | |`);
      continue;
    }
    const dis = s.id === 'floor' ? '-' : s.id === 'robots-parser' ? `${s.disagreements} of ${w.checks}` : `${s.disagreements} (verified)`;
    rows.push(
      `| ${s.label} | ${_fmt(s.ns)} | ${_fmt(s.lo)}-${_fmt(s.hi)} | ${_fmt(s.madPct)}% | ${_ratio(ref?.ns, s.ns)} | ${_ratio(rp?.ns, s.ns)} | ${_ratio(s.ns, floor?.ns, 2)} | ${_fmt(s.prepareMs)} ms | ${dis} |`,
    );
  }
  return rows.join('\n');
}

/** Returns the Markdown table of the crawler-shaped workloads (cold hosts, new URLs). */
function _crawlTable(r: BenchResults): string {
  const rows = ['| workload | hosts | checks | robomata (total) | robots-parser (total) | robomata / robots-parser |', '|---|---:|---:|---:|---:|---:|'];
  for (const c of r.crawl) {
    rows.push(`| ${c.title} | ${c.hosts} | ${c.checks.toLocaleString('en-US')} | ${_fmt(c.robomataUs / 1000, 2)} ms | ${_fmt(c.robotsParserUs / 1000, 2)} ms | ${c.ratio.toFixed(3)}x |`);
  }
  return rows.join('\n');
}

/** Returns the Markdown table of a scaling series (rows: x values, columns: strategies, ns/check). */
function _scalingTable(series: readonly WorkloadResult[], xName: string): string {
  const ids = series[0]?.strategies.map((s) => s.id) ?? [];
  const labels = series[0]?.strategies.map((s) => s.label) ?? [];
  const rows = [`| ${xName} | ${labels.join(' | ')} | compiled / floor | compile time |`, `|---:|${labels.map(() => '---:').join('|')}|---:|---:|`];
  for (const w of series) {
    const cells = ids.map((id) => _fmt(w.strategies.find((s) => s.id === id)?.ns));
    const compileCell = w.compileTimeouts > 0 ? `> ${_fmt(w.compileMs / 1000, 0)} s (abandoned)` : `${_fmt(w.compileMs, 1)} ms`;
    rows.push(`| ${w.x.toLocaleString('en-US')} | ${cells.join(' | ')} | ${_ratio(findStrategy(w, 'compiled')?.ns, findStrategy(w, 'floor')?.ns, 2)} | ${compileCell} |`);
  }
  return rows.join('\n');
}

/** Returns the line-chart series of a scaling workload list. */
function _series(series: readonly WorkloadResult[]): { name: string; points: { x: number; y: number }[] }[] {
  const first = series[0];
  if (first === undefined) return [];
  return first.strategies.map((s) => ({
    name: s.label,
    points: series.map((w) => ({ x: w.x, y: w.strategies.find((t) => t.id === s.id)?.ns ?? Number.NaN })).filter((p) => Number.isFinite(p.y)),
  }));
}

/** Returns the text and table of the tier-up series. */
function _tierUpText(r: BenchResults): string {
  const rows = [
    'A freshly loaded group answers its first x checks (its host\'s URLs cycled): ns per check with the build of its automaton included (tier-up at the first check), on tier 0 only (tries and segment scan), and with the default threshold. Where the first line falls under the second is where tier-up pays on repeated URLs; the default threshold sits below that crossing, so that a warm loop tiers up within a few passes (README: Tier 1, a hot group).',
    '',
    '| checks per group | tier-up from the first check | tier 0 only | default threshold |',
    '|---:|---:|---:|---:|',
  ];
  for (const p of r.tierUp) rows.push(`| ${p.x.toLocaleString('en-US')} | ${_fmt(p.tierUpNs)} ns | ${_fmt(p.stayBelowNs)} ns | ${_fmt(p.defaultNs)} ns |`);
  return rows.join('\n');
}

/** Returns the report's Markdown text. */
export function renderMarkdown(r: BenchResults): string {
  const m = r.meta;
  const main = r.workloads.find((w) => w.id === 'corpus' || w.id === 'user');
  const rules = r.workloads.filter((w) => w.id.startsWith('rules-'));
  const lengths = r.workloads.filter((w) => w.id.startsWith('length-'));
  const others = r.workloads.filter((w) => w !== main && !rules.includes(w) && !lengths.includes(w));
  const compiled = findStrategy(main, 'compiled');
  const out: string[] = [];
  out.push('# robomata benchmark report', '');
  out.push(`Run: \`${m.command}\` (${m.mode} mode, profile \`${m.profile}\`, seed ${m.seed}), ${m.date}, Node ${m.node}, ${m.cpus} x ${m.cpuModel}, ${m.durationS.toFixed(0)} s.`, '');
  out.push('The machine is shared and noisy: read the **ratios** (all from the same run), not the absolute nanoseconds.', '');
  if (main !== undefined) {
    out.push('## Headline', '');
    const ref = findStrategy(main, 'reference');
    const rp = findStrategy(main, 'robots-parser');
    const floor = findStrategy(main, 'floor');
    if (compiled !== undefined) {
      out.push(`On the ${main.id} workload (${main.checks.toLocaleString('en-US')} checks per pass), a compiled check costs **${_fmt(compiled.ns)} ns**: ` +
        `**${_ratio(rp?.ns, compiled.ns)}** faster than robots-parser, **${_ratio(ref?.ns, compiled.ns)}** faster than the reference, ` +
        `and **${_ratio(compiled.ns, floor?.ns, 2)}** the read-once floor. Reproduce: \`${m.command}\`.`, '');
    }
    out.push(`![ns per check by strategy](${REPORT_FILES.strategies})`, '');
    out.push(`### ${main.title}`, '', _strategyTable(main), '');
  }
  if (r.crawl.length > 0) out.push('## How crawlers use it', '', _crawlTable(r), '');
  if (r.tierUp.length > 0) out.push('## Checks per group before tier-up pays', '', `![checks per group before tier-up pays](${REPORT_FILES.tierUp})`, '', _tierUpText(r), '');
  out.push('## Targets', '', 'Reported, never asserted by unit tests.', '', '| target | goal | measured | result | gap | reproduce |', '|---|---|---|---|---|---|');
  for (const t of r.targets) out.push(`| ${t.name} | ${t.goal} | ${t.measured} | ${t.pass === undefined ? 'not measured' : t.pass ? '**pass**' : '**miss**'} | ${t.gap} | \`${t.command}\` |`);
  out.push('');
  for (const w of others) out.push(`## ${w.title}`, '', _strategyTable(w), '');
  if (rules.length > 0) {
    out.push('## Scaling with the number of rules', '', `![scaling with rules](${REPORT_FILES.rules})`, '');
    out.push('One `User-agent: *` group made of the first N distinct real rules of a seeded shuffle of every global-group rule in the corpus; ns per check:', '', _scalingTable(rules, 'rules'), '');
  }
  if (lengths.length > 0) {
    out.push('## Scaling with URL length', '', `![scaling with URL length](${REPORT_FILES.lengths})`, '');
    out.push('Path-only ASCII URLs (generated from the file\'s rules, then cut or padded with `/word` segments to exactly N bytes) against one file of real rules; ns per check:', '', _scalingTable(lengths, 'URL bytes'), '');
  }
  if (r.compile !== undefined) {
    const c = r.compile;
    out.push('## Compile, load and size', '');
    out.push(`Over the ${c.files} sampled corpus files (each time the median of repeated runs):`, '');
    out.push('| step | median | p90 | max |', '|---|---:|---:|---:|');
    out.push(`| compile (robots.txt to artifact) | ${_fmt(c.compileMs.median, 3)} ms | ${_fmt(c.compileMs.p90, 3)} ms | ${_fmt(c.compileMs.max, 3)} ms |`);
    out.push(`| loadRobots (validate artifact) | ${_fmt(c.loadMs.median, 4)} ms | ${_fmt(c.loadMs.p90, 4)} ms | ${_fmt(c.loadMs.max, 4)} ms |`);
    out.push(`| robots-parser parse | ${_fmt(c.robotsParserParseMs.median, 3)} ms | ${_fmt(c.robotsParserParseMs.p90, 3)} ms | ${_fmt(c.robotsParserParseMs.max, 3)} ms |`);
    out.push(`| regex-per-rule build (parse + select + RegExp) | ${_fmt(c.regexBuildMs.median, 3)} ms | ${_fmt(c.regexBuildMs.p90, 3)} ms | ${_fmt(c.regexBuildMs.max, 3)} ms |`);
    out.push('');
    out.push(`Median compile / median robots-parser parse: **${_ratio(c.compileMs.median, c.robotsParserParseMs.median, 2)}**. Slowest compile: ${c.slowest.file} (${c.slowest.sourceBytes.toLocaleString('en-US')} B) in ${_fmt(c.slowest.ms, 1)} ms.`, '');
    out.push(`Artifact bytes vs source bytes: ${c.artifactBytes.toLocaleString('en-US')} B of artifacts for ${c.sourceBytes.toLocaleString('en-US')} B of robots.txt (${_ratio(c.artifactBytes, c.sourceBytes, 2)} in total; median per file ${_fmt(c.artifactToSourceMedian, 2)}x).`, '');
  }
  if (r.memory !== undefined) {
    const mm = r.memory;
    out.push('## Retained memory per host', '');
    out.push(`\`global.gc()\` then \`process.memoryUsage()\` (heapUsed + arrayBuffers) around ${mm.instances} live instances built from fresh copies of the sampled files (median source ${_fmt(mm.sourceBytesPerHost, 0)} B):`, '');
    out.push('| what one host keeps | bytes per host | vs robots-parser |', '|---|---:|---:|');
    out.push(`| compiled: loadRobots(artifact) + one agent() | ${_fmt(mm.compiledBytesPerHost, 0)} | ${_ratio(mm.compiledBytesPerHost, mm.robotsParserBytesPerHost, 2)} |`);
    out.push(`| robots-parser parsed object | ${_fmt(mm.robotsParserBytesPerHost, 0)} | 1.00x |`);
    out.push(`| regex-per-rule matcher (one agent) | ${_fmt(mm.regexBytesPerHost, 0)} | ${_ratio(mm.regexBytesPerHost, mm.robotsParserBytesPerHost, 2)} |`);
    out.push(`| compiled: compileRobots(text) + one agent() (keeps its bounded input, re-parsed for another group's first agent()) | ${_fmt(mm.lazyBytesPerHost, 0)} | ${_ratio(mm.lazyBytesPerHost, mm.robotsParserBytesPerHost, 2)} |`, '');
  }
  if (r.automata !== undefined) {
    const a = r.automata;
    out.push('Counted apart: a tiered-up group\'s automaton (lazy-dfa.ts), measured after its crawler group of each crawl host answered its URLs three times on tier 1 ' +
      `(${a.groups} groups; ${a.stayedBelow} stayed on tier 0): median **${_fmt(a.median, 0)} B**, p90 ${_fmt(a.p90, 0)} B, max ${_fmt(a.max, 0)} B per hot group; budget ${_fmt(a.budget, 0)} B per group (tierTuning.budgetBytes).`, '');
  }
  if (r.gc.length > 0) {
    out.push('## GC events', '', 'PerformanceObserver `gc` entries while the strategy runs passes of the main workload:', '', '| strategy | checks | GC events | per 1M checks |', '|---|---:|---:|---:|');
    for (const g of r.gc) out.push(`| ${g.id} | ${g.checks.toLocaleString('en-US')} | ${g.events} | ${_fmt((g.events * 1e6) / g.checks, 1)} |`);
    out.push('');
  }
  if (r.workers !== undefined) {
    out.push('## Worker throughput', '', r.workers.message, '');
    if (r.workers.results.length > 0) {
      out.push('| workers | checks | checks per second |', '|---:|---:|---:|');
      for (const w of r.workers.results) out.push(`| ${w.workers} | ${w.checks.toLocaleString('en-US')} | ${Math.round(w.checksPerSecond).toLocaleString('en-US')} |`);
      out.push('');
    }
  }
  if (r.crossCheck !== undefined) {
    const x = r.crossCheck;
    out.push('## benchmark.js cross-check', '');
    out.push(`robots-parser / compiled on the main workload: tinybench **${x.tinybenchRatio.toFixed(1)}x**, benchmark.js **${x.benchmarkJsRatio.toFixed(1)}x** (benchmark.js means: compiled ${_fmt(x.compiledNs)} ns, robots-parser ${_fmt(x.robotsParserNs)} ns per check).`, '');
  }
  out.push('## Method', '');
  out.push(METHOD_NOTES, '');
  if (r.notes.length > 0) {
    out.push('## Notes from this run', '');
    for (const n of r.notes) out.push(`- ${n}`);
    out.push('');
  }
  return out.join('\n');
}

/** How the bench works and what it chose; part of every report. */
export const METHOD_NOTES = [
  '- **Verification first.** Every strategy is prepared once per file and run over every (file, agent, URL) of a workload before it is timed; its verdicts are compared with `@robomata/reference`. Any disagreement of the regex, compiled or generated strategy aborts the run, printing the robots file, agent, URL and both verdicts.',
  '- **reference** is timed through its public API `isAllowed(robotsTxt, agent, url)`, which re-parses the file on every call: the package exposes no parse-once internals (its `exports` map hides `parse.js`/`match.js`), so its figure is parse + match per check, not matching alone.',
  '- **regex per rule** is what a careful user writes: the compiler\'s `parseRobotsTxt` plus group selection, each rule (in the profile\'s canonical/escaped form, plus the derived index.html rule) compiled to one anchored RegExp (`*` to `.*`, final `$` to `$`, all else escaped), sorted by priority (allow wins ties, then earliest line), first hit wins; the URL path is extracted and canonicalised on every call.',
  '- **robots-parser** 3.0.1 differs semantically (no RFC 9309 canonicalisation, agent cut at `/`, no implicit `/robots.txt` allow, no index.html rule, WHATWG URL parsing, no size limit, exact `user-agent`/`allow`/`disallow` keys only). We therefore **count** its disagreements with the reference on every input instead of aborting, and report the count next to its timing; it is still timed on the same inputs. A URL on another host (robots-parser returns `undefined`) counts as a disagreement.',
  '- **compiled automaton**: `compile` + `loadRobots` once per file, `robots.agent(name)` once per agent (outside timing), then `AgentRules.isAllowed(url)` per check. The engine keeps no per-URL cache; a group that has answered `tierTuning.threshold` checks gets its lazily built automaton (tier 1), whose states are built by the first URLs that need them, so the warm figure is tier 1 and the new-URL figures mostly tier 0 (see the tier-up series).',
  '- **How crawlers use it** (bench/src/crawl.ts): *cold host* times, per host, robots.txt text to the answers for its batch of URLs (robomata: `compile` + `loadRobots` + `agent` + checks, also with `agents: [crawler]`; robots-parser: parse + checks); *new URLs* times only the checks, each URL once, against a freshly loaded artifact (robots-parser: a freshly parsed object). Hosts are interleaved over rounds; each figure is the sum over hosts of the per-host median. The crawler is the random crawler name of each corpus host, or the token with the most `*` rules on the wildcard-heavy hosts.',
  '- **read-once floor**: a matcher that only sums `charCodeAt` over the whole URL string, run through the same loop; `this / floor` is the cost relative to reading the input once.',
  '- **Timing**: tinybench 6 (`runSync`) times whole passes over a workload; ns per check = pass latency / checks per pass. Each strategy gets its own pass function (built with `new Function`) so its call site stays monomorphic. Strategies are interleaved in rounds; the reported figure is the median over rounds of each round\'s median sample; the spread is the fastest and slowest sample of all rounds; MAD is the median absolute deviation of the samples relative to the median.',
  '- **Workloads**: corpus files are sampled by size strata (seeded) so the sample has the corpus\'s size distribution; each file gets up to two of its own product tokens, `*` and a random crawler name as agents, and URLs generated from its own rules (30% hits, 20% near misses, 18% misses, 12% query strings, 10% percent escapes, 10% non-ASCII, on `https://example.com`).',
].join('\n');

/** Writes report.md, results.json and the SVG charts into `dir` (created if needed); returns the paths. */
export function writeReport(r: BenchResults, dir: string): string[] {
  mkdirSync(dir, { recursive: true });
  const paths: string[] = [];
  const write = (name: string, text: string): void => {
    const p = join(dir, name);
    writeFileSync(p, text);
    paths.push(p);
  };
  const main = r.workloads.find((w) => w.id === 'corpus' || w.id === 'user');
  if (main !== undefined) {
    const bars = main.strategies.filter((s: StrategyResult) => Number.isFinite(s.ns)).sort((a, b) => a.ns - b.ns).map((s) => ({ label: s.label, value: s.ns, lo: s.lo, hi: s.hi }));
    write(REPORT_FILES.strategies, renderBarChart({ title: `ns per check by strategy (${main.id} workload)`, unit: 'ns per check, log scale (whiskers: fastest-slowest sample)', bars, logScale: true }));
  }
  const rules = r.workloads.filter((w) => w.id.startsWith('rules-'));
  if (rules.length > 0) write(REPORT_FILES.rules, renderLineChart({ title: 'Scaling with the number of rules', xLabel: 'rules in the group (log)', yLabel: 'ns per check (log)', logX: true, logY: true, series: _series(rules) }));
  const lengths = r.workloads.filter((w) => w.id.startsWith('length-'));
  if (lengths.length > 0) write(REPORT_FILES.lengths, renderLineChart({ title: 'Scaling with URL length', xLabel: 'URL bytes (log)', yLabel: 'ns per check (log)', logX: true, logY: true, series: _series(lengths) }));
  if (r.tierUp.length > 0) {
    const line = (name: string, pick: (p: BenchResults['tierUp'][number]) => number): { name: string; points: { x: number; y: number }[] } => ({ name, points: r.tierUp.map((p) => ({ x: p.x, y: pick(p) })).filter((p) => Number.isFinite(p.y)) });
    write(REPORT_FILES.tierUp, renderLineChart({
      title: 'Checks per group before tier-up pays',
      xLabel: 'checks per group (log)',
      yLabel: 'ns per check incl. build (log)',
      logX: true,
      logY: true,
      series: [line('tier-up at the first check', (p) => p.tierUpNs), line('tier 0 only', (p) => p.stayBelowNs), line('default threshold', (p) => p.defaultNs)],
    }));
  }
  write(REPORT_FILES.json, JSON.stringify(r, (_k, v: unknown) => (typeof v === 'number' && !Number.isFinite(v) ? null : v), 2) + '\n');
  write(REPORT_FILES.markdown, renderMarkdown(r));
  return paths;
}
