// Smoke test: the whole bench pipeline in-process on 3 small corpus files with tiny counts,
// then the report writer on its result.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPORT_FILES, writeReport } from '../src/report.js';
import { DisagreementError, TINY_CONFIG, runBench } from '../src/run-bench.js';
import type { Strategy } from '../src/strategies.js';

const ONLY = ['10minutemail.com', '4chan.org', '9gag.com'];

describe('bench smoke', () => {
  it('runs every suite on 3 small files and writes the report', async () => {
    const logs: string[] = [];
    const r = await runBench({ config: TINY_CONFIG, mode: 'tiny', profile: 'rfc9309', seed: 1, only: ONLY, log: (m) => logs.push(m) });
    const corpus = r.workloads.find((w) => w.id === 'corpus');
    expect(corpus?.hosts).toBe(3);
    const ids = corpus?.strategies.map((s) => s.id);
    expect(ids).toEqual(['floor', 'reference', 'regex', 'robots-parser', 'compiled']);
    for (const s of corpus?.strategies ?? []) {
      expect(s.error).toBeUndefined();
      expect(s.ns).toBeGreaterThan(0);
      if (s.id === 'regex' || s.id === 'compiled') expect(s.disagreements).toBe(0);
    }
    expect(r.workloads.filter((w) => w.id.startsWith('rules-')).map((w) => w.x)).toEqual([10, 100]);
    expect(r.workloads.filter((w) => w.id.startsWith('length-')).map((w) => w.x)).toEqual([16, 256]);
    const names = r.targets.map((t) => t.name);
    // Engine v3's targets (issue 19), each present.
    for (const name of ['warm check vs the read-once floor (corpus workload)', 'warm check vs robots-parser (corpus workload)', 'warm check vs robots-parser, wildcard-heavy groups',
      'warm check vs robots-parser, worst wildcard-heavy file', 'new URLs (fresh load, each URL once) vs robots-parser, corpus', 'new URLs vs robots-parser, wildcard-heavy groups',
      'cold host with compileRobots (compile + load + 50-URL batch) vs robots-parser', 'cold host with a full compile vs robots-parser',
      'retained memory per loaded host vs robots-parser (automata apart)', "median compile vs robots-parser's parse", 'GC events in 10^7 warm checks, after tier-up']) {
      expect(names).toContain(name);
    }
    // The crawler workloads ran on the same files and measured both sides.
    expect(r.crawl.map((c) => c.id)).toEqual(expect.arrayContaining(['cold-host', 'cold-host-scoped', 'cold-host-lazy', 'new-urls']));
    // The tier-up series has a point per configured x, each measured on both tiers.
    expect(r.tierUp.map((p) => p.x)).toEqual([...TINY_CONFIG.tierUpChecks]);
    for (const p of r.tierUp) expect(p.tierUpNs > 0 && p.stayBelowNs > 0 && p.defaultNs > 0).toBe(true);
    expect(r.automata?.budget).toBeGreaterThan(0);
    for (const c of r.crawl) expect(c.robomataUs > 0 && c.robotsParserUs > 0 && c.checks > 0).toBe(true);
    expect(r.gc.find((g) => g.id === 'compiled')?.checks).toBeGreaterThanOrEqual(TINY_CONFIG.gcChecks);

    const dir = mkdtempSync(join(tmpdir(), 'robomata-bench-'));
    try {
      writeReport(r, dir);
      const md = readFileSync(join(dir, REPORT_FILES.markdown), 'utf8');
      expect(md).toContain('## Targets');
      expect(md).toContain('## How crawlers use it');
      expect(md).toContain('compiled automaton');
      const json = JSON.parse(readFileSync(join(dir, REPORT_FILES.json), 'utf8')) as { workloads: unknown[] };
      expect(json.workloads.length).toBe(r.workloads.length);
      for (const f of [REPORT_FILES.strategies, REPORT_FILES.rules, REPORT_FILES.lengths]) expect(readFileSync(join(dir, f), 'utf8')).toMatch(/^<svg /);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('aborts when a strategy that must agree disagrees with the reference', async () => {
    const liar: Strategy = { id: 'regex', label: 'always allowed', mustAgree: true, prepare: (input) => input.agents.map(() => ({ isAllowed: () => true })) };
    const config = { ...TINY_CONFIG, ruleCounts: [], lengths: [] };
    await expect(runBench({ config, mode: 'tiny', profile: 'rfc9309', seed: 1, only: ['9gag.com'], extraStrategies: [liar], log: () => undefined })).rejects.toBeInstanceOf(DisagreementError);
  });
});
