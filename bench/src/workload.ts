/**
 * Benchmark workloads: the size-weighted corpus sample, the rule-count and URL-length scaling
 * series and the wildcard-heavy groups. Every URL is derived from the file's own rules.
 */
import { DEFAULT_MAX_BYTES, parseRobotsTxt } from '@robomata/compiler';
import { listCorpus, readCorpusFile, sampleBySize } from './corpus.js';
import type { Prng } from './prng.js';
import { createPrng, shuffleItems } from './prng.js';
import { generateUrls, padUrlToLength } from './url-gen.js';

/** One robots.txt file with the agents and URLs checked against it (every agent x every URL). */
export interface HostCase {
  /** Where the file came from (corpus file name, or a synthetic description). */
  readonly name: string;
  readonly text: string;
  readonly agents: readonly string[];
  readonly urls: readonly string[];
  /** Parse limit for this file. */
  readonly maxBytes: number;
  /** Absolute robots.txt URL (for robots-parser, which answers only for its own host). */
  readonly robotsUrl: string;
}

/** A named set of host cases timed together. */
export interface Workload {
  readonly id: string;
  readonly title: string;
  readonly hosts: readonly HostCase[];
  /** Checks in one pass: sum over hosts of agents x URLs. */
  readonly checks: number;
  /** The x value of a scaling point (rule count or URL length); 0 otherwise. */
  readonly x: number;
}

/** Host every absolute benchmark URL uses. */
export const BENCH_ORIGIN = 'https://example.com';
/** robots.txt URL for absolute benchmark URLs. */
export const BENCH_ROBOTS_URL = `${BENCH_ORIGIN}/robots.txt`;
/** robots-parser resolves a bare path against this origin, so path-only workloads use it. */
export const PATH_ROBOTS_URL = 'http://robots-relative.samclarke.com/robots.txt';

/**
 * Returns a flat copy of `s` (a V8 sequential string). The URL generator builds URLs by
 * concatenation, which V8 keeps as cons strings (a tree of parts): each `charCodeAt` then walks
 * to the flat characters, and a GC may or may not replace a cons string read before by its flat
 * copy, so a timing depends on what ran earlier in the process. Measured: the read-once floor on
 * the corpus workload's cons strings 106 ns per check, on flat ones 73 ns (the full run's warm row
 * read the flat figure, focus.js --warm the cons one). A crawl worker's URLs come from a parser or
 * `new URL().href`, flat; every workload hands every strategy flat strings. O(length).
 */
export function flatString(s: string): string {
  return JSON.parse(JSON.stringify(s)) as string;
}

/** Returns a workload with its check count filled in and its URLs as flat strings (see {@link flatString}). */
export function makeWorkload(id: string, title: string, hosts: readonly HostCase[], x = 0): Workload {
  const flat = hosts.map((h) => ({ ...h, urls: h.urls.map(flatString) }));
  const checks = flat.reduce((n, h) => n + h.agents.length * h.urls.length, 0);
  return { id, title, hosts: flat, checks, x };
}

/** Returns a random crawler name (letters only, so it is a whole product token). */
export function randomCrawlerName(prng: Prng): string {
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  let s = String.fromCharCode(65 + prng.int(26));
  for (let i = 0; i < 5; i++) s += letters[prng.int(26)];
  return s + 'Bot';
}

/** Returns every rule value and every non-global product token of a file. */
export function summarizeFile(text: string, maxBytes: number = DEFAULT_MAX_BYTES): { patterns: string[]; tokens: string[]; wildcardRulesByToken: Map<string, number> } {
  const parsed = parseRobotsTxt(text, { maxBytes });
  const patterns: string[] = [];
  const tokens = new Set<string>();
  const wildcardRulesByToken = new Map<string, number>();
  for (const g of parsed.groups) {
    const stars = g.rules.filter((r) => r.pattern.includes('*')).length;
    for (const r of g.rules) patterns.push(r.pattern);
    for (const a of g.agents) {
      const key = a.global ? '*' : a.token;
      if (!a.global && a.token.length > 0) tokens.add(a.token);
      wildcardRulesByToken.set(key, (wildcardRulesByToken.get(key) ?? 0) + stars);
    }
  }
  return { patterns, tokens: [...tokens], wildcardRulesByToken };
}

/** Options of {@link buildCorpusWorkload}. */
export interface CorpusWorkloadOptions {
  readonly dir: string;
  readonly files: number;
  readonly urlsPerFile: number;
  readonly seed: number;
  /** Restrict to these file names (tests); default: the whole directory. */
  readonly only?: readonly string[];
}

/**
 * Returns the corpus workload: `files` files sampled so their size mix matches the corpus
 * (seeded), each with agents [up to 2 own tokens, '*', a random crawler name] and
 * `urlsPerFile` URLs from its own rules.
 */
export function buildCorpusWorkload(opts: CorpusWorkloadOptions): Workload {
  const prng = createPrng(opts.seed);
  const all = listCorpus(opts.dir).filter((f) => opts.only === undefined || opts.only.includes(f.name));
  const chosen = sampleBySize(all, opts.files, prng);
  const hosts = chosen.map((f) => {
    const file = readCorpusFile(opts.dir, f.name);
    const { patterns, tokens } = summarizeFile(file.text);
    const own = shuffleItems(tokens, prng).slice(0, 2);
    const agents = [...own, '*', randomCrawlerName(prng)];
    const urls = generateUrls(patterns, opts.urlsPerFile, prng, { base: BENCH_ORIGIN }).map((u) => u.url);
    return { name: f.name, text: file.text, agents, urls, maxBytes: DEFAULT_MAX_BYTES, robotsUrl: BENCH_ROBOTS_URL };
  });
  return makeWorkload('corpus', `Corpus (${hosts.length} files sampled by size, ${opts.urlsPerFile} URLs x agents each)`, hosts);
}

/** Returns the wildcard-heavy workload: the `files` corpus files whose one group has the most `*` rules. */
export function buildWildcardWorkload(dir: string, files: number, urlsPerFile: number, seed: number, only?: readonly string[]): Workload {
  const prng = createPrng(seed);
  const ranked: { name: string; text: string; token: string; stars: number; patterns: string[] }[] = [];
  for (const f of listCorpus(dir)) {
    if (only !== undefined && !only.includes(f.name)) continue;
    const file = readCorpusFile(dir, f.name);
    if (!file.text.includes('*')) continue;
    const s = _safeSummary(file.text);
    if (s === undefined) continue;
    let best = '*';
    let stars = 0;
    for (const [token, n] of s.wildcardRulesByToken) if (n > stars) { best = token; stars = n; }
    if (stars > 0) ranked.push({ name: f.name, text: file.text, token: best, stars, patterns: s.patterns });
  }
  ranked.sort((a, b) => b.stars - a.stars || (a.name < b.name ? -1 : 1));
  const hosts = ranked.slice(0, files).map((r) => ({
    name: `${r.name} (${r.stars} wildcard rules for ${r.token})`,
    text: r.text,
    agents: r.token === '*' ? ['*'] : [r.token, '*'],
    urls: generateUrls(r.patterns.filter((p) => p.includes('*')), urlsPerFile, prng, { base: BENCH_ORIGIN }).map((u) => u.url),
    maxBytes: DEFAULT_MAX_BYTES,
    robotsUrl: BENCH_ROBOTS_URL,
  }));
  return makeWorkload('wildcard', `Wildcard-heavy groups (the ${hosts.length} corpus groups with the most \`*\` rules)`, hosts);
}

/** Returns the file summary, or undefined when parsing throws (never expected). */
function _safeSummary(text: string): ReturnType<typeof summarizeFile> | undefined {
  try {
    return summarizeFile(text);
  } catch {
    return undefined;
  }
}

/**
 * Returns a seeded, de-duplicated pool of real rules ("Allow: x" / "Disallow: x" lines) from
 * the global groups of the corpus, used to build synthetic files of any size.
 */
export function buildRulePool(dir: string, seed: number, only?: readonly string[]): string[] {
  const seen = new Set<string>();
  for (const f of listCorpus(dir)) {
    if (only !== undefined && !only.includes(f.name)) continue;
    const text = readCorpusFile(dir, f.name).text;
    let parsed;
    try {
      parsed = parseRobotsTxt(text);
    } catch {
      continue;
    }
    for (const g of parsed.groups) {
      if (!g.agents.some((a) => a.global)) continue;
      for (const r of g.rules) {
        if (r.pattern.length === 0) continue;
        seen.add(`${r.kind === 'allow' ? 'Allow' : 'Disallow'}: ${r.pattern}`);
      }
    }
  }
  return shuffleItems([...seen].sort(), createPrng(seed));
}

/** Returns a synthetic file of one global group with the first `count` rules of the pool (cycled if short). */
export function syntheticFile(pool: readonly string[], count: number): string {
  const lines = ['User-agent: *'];
  for (let i = 0; i < count; i++) {
    const line = pool[i % Math.max(1, pool.length)] ?? 'Disallow: /private/';
    lines.push(i < pool.length ? line : `${line}${i}`);
  }
  return lines.join('\n') + '\n';
}

/** Returns the rule values of `syntheticFile` lines. */
function _valuesOf(text: string): string[] {
  return text.split('\n').filter((l) => /^(Allow|Disallow): /.test(l)).map((l) => l.slice(l.indexOf(':') + 2));
}

/** Returns the rule-count scaling series: one workload per count, one agent, `urls` URLs each (`urlsLarge` from 3,000 rules). */
export function buildRuleScaling(pool: readonly string[], counts: readonly number[], urls: number, urlsLarge: number, seed: number): Workload[] {
  return counts.map((count) => {
    const n = count >= 3000 ? Math.min(urls, urlsLarge) : urls;
    const prng = createPrng(seed + count);
    const text = syntheticFile(pool, count);
    const maxBytes = Math.max(DEFAULT_MAX_BYTES, Buffer.byteLength(text) + 1);
    const list = generateUrls(_valuesOf(text), n, prng, { base: BENCH_ORIGIN }).map((u) => u.url);
    const host: HostCase = { name: `synthetic: ${count} real rules in one * group`, text, agents: ['ExampleBot'], urls: list, maxBytes, robotsUrl: BENCH_ROBOTS_URL };
    return makeWorkload(`rules-${count}`, `${count} rules`, [host], count);
  });
}

/**
 * Returns the URL-length scaling series over one synthetic file of `rules` rules: path-only ASCII
 * URLs cut or padded to each length (bytes).
 */
export function buildLengthScaling(pool: readonly string[], rules: number, lengths: readonly number[], urls: number, seed: number): Workload[] {
  const text = syntheticFile(pool, rules);
  return lengths.map((length) => {
    const prng = createPrng(seed + length);
    const list = generateUrls(_valuesOf(text), urls, prng, { asciiOnly: true }).map((u) => padUrlToLength(u.url, length, prng));
    const host: HostCase = { name: `synthetic: ${rules} real rules, ${length}-byte paths`, text, agents: ['ExampleBot'], urls: list, maxBytes: DEFAULT_MAX_BYTES, robotsUrl: PATH_ROBOTS_URL };
    return makeWorkload(`length-${length}`, `${length} B URLs`, [host], length);
  });
}
