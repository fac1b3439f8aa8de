/**
 * How fast could any automaton answer a new URL? (`node --expose-gc bench/dist/ideal-automaton.js`)
 *
 * Times, on the new-URL workload of `pnpm bench` (1,000 corpus hosts x 50 URLs, each URL once per
 * round against a freshly loaded group), five things side by side, interleaved by host and
 * rotated by round so that none always reads the URL strings from memory first:
 * - the read-once floor (each URL's code units summed once, as the bench's floor strategy does);
 * - an ideal automaton over the whole URL: one dependent table read per code unit over a
 *   32-state x 128 table built beforehand (untimed), the cheapest conceivable one-pass matcher;
 * - the same automaton over the path only (the path start found by `String#indexOf`);
 * - robomata (`loadRobots` + `agent()` untimed, then `isAllowed`);
 * - robots-parser (parse untimed, then `isAllowed`).
 * The ideal automaton decides nothing (its table is arbitrary): it is the lower bound of any
 * design that reads each unit once through a table, whatever it costs to build. Its table alone
 * is 8 KiB per host, above robots-parser's whole retained object.
 */
import { compile } from '@robomata/compiler';
import { loadRobots } from '@robomata/runtime';
import { CORPUS_DIR } from './corpus.js';
import { pickCrawler } from './crawl.js';
import { medianOf } from './measure.js';
import { parseWithRobotsParser } from './strategies.js';
import { DEFAULT_SEED } from './main.js';
import { FULL_CONFIG } from './run-bench.js';
import { buildCorpusWorkload } from './workload.js';

/** States of the ideal automaton: about the size of the corpus median group (35 radix nodes, `focus.js --mem`). */
const IDEAL_STATES = 32;
/** Rounds over the hosts; the figure is the sum over hosts of each side's median. */
const ROUNDS = 7;

const hosts = buildCorpusWorkload({ dir: CORPUS_DIR, files: FULL_CONFIG.crawlFiles, urlsPerFile: FULL_CONFIG.crawlUrls, seed: DEFAULT_SEED + 5 }).hosts;
const artifacts = hosts.map((h) => compile(h.text, { profile: 'rfc9309', maxBytes: h.maxBytes }));
const tables = hosts.map((_, i) => {
  const t = new Uint16Array(IDEAL_STATES * 128);
  for (let k = 0; k < t.length; k++) t[k] = (Math.imul(k, 0x9e3779b1) + i) >>> 27;
  return t;
});
const sides = ['floor', 'ideal automaton, whole URL', 'ideal automaton, path only', 'robomata', 'robots-parser'] as const;
const times: number[][][] = sides.map(() => hosts.map(() => []));
let sink = 0;

/** Runs side `s` over host `i`'s URLs once and returns a sink value. */
function runSide(s: number, i: number, rules: { isAllowed(u: string): boolean }, rp: { isAllowed(u: string, a: string): boolean | undefined }, agent: string): number {
  const urls = (hosts[i] as (typeof hosts)[number]).urls;
  const t = tables[i] as Uint16Array;
  let out = 0;
  for (const u of urls) {
    if (s === 0) {
      let x = 0;
      for (let k = 0; k < u.length; k++) x += u.charCodeAt(k);
      out += x & 1;
    } else if (s === 1 || s === 2) {
      const p = s === 1 ? 0 : u.indexOf('/', 8);
      let st = 0;
      for (let k = p < 0 ? u.length : p; k < u.length; k++) st = t[(st << 7) | (u.charCodeAt(k) & 127)] as number;
      out += st & 1;
    } else if (s === 3) {
      if (rules.isAllowed(u)) out++;
    } else if (rp.isAllowed(u, agent) !== false) out++;
  }
  return out;
}

for (let r = 0; r < ROUNDS; r++) {
  hosts.forEach((h, i) => {
    const agent = pickCrawler(h);
    const rules = loadRobots(artifacts[i] as Uint8Array).agent(agent);
    const rp = parseWithRobotsParser(h.robotsUrl, h.text);
    for (let k = 0; k < sides.length; k++) {
      const s = (k + r + i) % sides.length;
      const t0 = performance.now();
      sink += runSide(s, i, rules, rp, agent);
      (times[s]?.[i] as number[]).push(performance.now() - t0);
    }
  });
}
if (sink < 0) throw new Error('unreachable');
const checks = hosts.reduce((n, h) => n + h.urls.length, 0);
const ns = times.map((perHost) => (perHost.reduce((a, v) => a + medianOf(v), 0) * 1e6) / checks);
const floor = ns[0] as number;
const rp = ns[4] as number;
process.stdout.write(`new URLs, ${hosts.length} hosts, ${checks} checks, ns per check (sum over hosts of the median of ${ROUNDS} rounds):\n`);
sides.forEach((name, s) => {
  const v = ns[s] as number;
  process.stdout.write(`  ${name}: ${v.toFixed(0)} ns = ${(v / floor).toFixed(2)}x the floor, robots-parser / it ${(rp / v).toFixed(1)}x\n`);
});
process.stdout.write(`  25x robots-parser would be ${(rp / 25).toFixed(0)} ns = ${(rp / 25 / floor).toFixed(2)}x the floor\n`);
