/**
 * The `usage()` line of `pnpm bench`: warm hot-loop cost of `AgentRules#usage` (Content-Usage,
 * docs/semantics.md section 10) next to `isAllowed` on the same group and URLs, for a
 * robots.txt shaped like the ones sites publish (the attach draft's example plus the
 * Content Signals Policy's managed lines and a few wildcard paths). The corpus has no
 * preference lines yet, so the file is fixed here; the URLs are seeded.
 */
import { compile } from '@robomata/compiler';
import { loadRobots } from '@robomata/runtime';
import { canCollect, countGcEvents, medianOf, timeOp } from './measure.js';
import { createPrng } from './prng.js';

/** A robots.txt with 12 preference lines in the `*` group and 3 in a named one. */
export const USAGE_BENCH_ROBOTS = [
  'User-Agent: *',
  'Content-Signal: search=yes, ai-train=no',
  'Allow: /',
  'Disallow: /never/',
  'Disallow: /*?session=',
  'Content-Usage: train-ai=n',
  'Content-Usage: /ai-ok/ train-ai=y',
  'Content-Usage: /blog/*.html$ train-ai=n, search=y',
  'Content-Usage: /docs/ train-ai=y, search=y',
  'Content-Usage: /docs/internal/ train-ai=n',
  'Content-Usage: /*/drafts/ search=n',
  'Content-Usage: /shop/*/reviews train-ai=n',
  'Content-Usage: /media/*.jpg$ train-ai=n',
  'Content-Usage: /media/*.png$ train-ai=n',
  'Content-Signal: /news/ ai-input=no',
  'Content-Signal: /api/ search=no',
  '',
  'User-Agent: ExampleBot',
  'Allow: /',
  'Content-Usage: train-ai=y',
  'Content-Usage: /private/ train-ai=n',
].join('\n');

const _SEGMENTS = ['ai-ok', 'blog', 'docs', 'internal', 'drafts', 'shop', 'item', 'reviews', 'media', 'news', 'api', 'never', 'x'];
const _ENDINGS = ['', '.html', '.jpg', '.png', '/', '?q=1', '?session=9'];

/** Returns `count` seeded URL paths over the file's directories. */
function _urls(count: number, seed: number): string[] {
  const prng = createPrng(seed);
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    let path = '';
    const depth = 1 + prng.int(4);
    for (let d = 0; d < depth; d++) path += `/${_SEGMENTS[prng.int(_SEGMENTS.length)]}`;
    out.push(`https://example.com${path}${_ENDINGS[prng.int(_ENDINGS.length)]}`);
  }
  return out;
}

/** Nanoseconds per call of `fn` over `urls`, median of `rounds` passes of at least 20 ms. */
function _nsPerCall(urls: readonly string[], fn: (url: string) => unknown, rounds: number): number {
  const msPerPass = timeOp(() => {
    let answered = 0;
    for (const url of urls) if (fn(url) !== undefined) answered++;
    return answered;
  }, rounds, 20);
  return (msPerPass * 1e6) / urls.length;
}

/** One measured line: usage(), signal() and isAllowed() ns per call on the same group and URLs. */
export interface UsageBenchLine {
  readonly usageNs: number;
  readonly signalNs: number;
  readonly isAllowedNs: number;
  /**
   * isAllowed() on the same file with its Content-Usage and Content-Signal lines removed, timed
   * in alternation with {@link isAllowedNs} (issue 20: preference lines leave isAllowed's speed unchanged).
   */
  readonly isAllowedWithoutPreferencesNs: number;
  readonly urls: number;
  /** GC events during {@link GC_CALLS} usage() and signal() calls (-1: not measured, no --expose-gc). */
  readonly gcEvents: number;
}

/** usage() plus signal() calls whose GC events are counted: allocating 16 bytes per call would fill a young generation many times. */
export const GC_CALLS = 2_000_000;

/**
 * Measures `usage()`, `signal()` and `isAllowed()` in a warm hot loop over 1,000 seeded URLs
 * on the `*` group of {@link USAGE_BENCH_ROBOTS}, and the GC events of {@link GC_CALLS} more
 * calls (0 when nothing is allocated per call; needs `--expose-gc`, as `pnpm bench` runs).
 * About `rounds` x 60 ms plus a second.
 */
export async function measureUsage(profile: 'rfc9309' | 'google', rounds: number, seed: number): Promise<UsageBenchLine> {
  const rules = loadRobots(compile(USAGE_BENCH_ROBOTS, { profile })).agent('AnyBot');
  const withoutPreferences = USAGE_BENCH_ROBOTS.split('\n').filter((line) => !/^content-(usage|signal):/i.test(line)).join('\n');
  const plain = loadRobots(compile(withoutPreferences, { profile })).agent('AnyBot');
  const urls = _urls(1_000, seed);
  // Warm up every path first.
  for (let k = 0; k < 20; k++) for (const url of urls) {
    rules.usage(url, 'train-ai');
    rules.signal(url, 'ai-train');
    rules.isAllowed(url);
    plain.isAllowed(url);
  }
  const usageNs = _nsPerCall(urls, (u) => rules.usage(u, 'train-ai'), rounds);
  const signalNs = _nsPerCall(urls, (u) => rules.signal(u, 'ai-train'), rounds);
  // Alternating single-round passes, medians: the two isAllowed figures see the same machine load.
  const withLines: number[] = [];
  const withoutLines: number[] = [];
  for (let r = 0; r < Math.max(3, rounds); r++) {
    withLines.push(_nsPerCall(urls, (u) => rules.isAllowed(u), 1));
    withoutLines.push(_nsPerCall(urls, (u) => plain.isAllowed(u), 1));
  }
  const isAllowedNs = medianOf(withLines);
  const isAllowedWithoutPreferencesNs = medianOf(withoutLines);
  let sink = 0;
  const gcEvents = !canCollect() ? -1 : await countGcEvents(() => {
    for (let k = 0; k < GC_CALLS / (2 * urls.length); k++) {
      for (const url of urls) {
        if (rules.usage(url, 'train-ai') === 'n') sink++;
        if (rules.signal(url, 'ai-train') === 'no') sink++;
      }
    }
  });
  if (sink < 0) throw new Error('unreachable');
  return { usageNs, signalNs, isAllowedNs, isAllowedWithoutPreferencesNs, urls: urls.length, gcEvents };
}
