// usage-match.ts: the preference matcher's bound on malicious input (O(path + the group's
// segments) per check, never O(lines x path)), asserted on its work counter, never on time; both
// roads (dense and sparse Aho-Corasick steps) answer alike and like @robomata/reference.
import { afterEach, describe, expect, it } from 'vitest';
import { compile } from '@robomata/compiler';
import { createReferenceMatcher } from '@robomata/reference';
import { loadRobots } from '../src/load.js';
import { preferenceWorkCount, usageTuning } from '../src/usage-match.js';

/** A group of `lines` preference lines of each kind built to defeat line-by-line matching. */
function hostileFile(lines: number): { txt: string; segments: number } {
  const out = ['User-agent: *', 'Allow: /'];
  let segments = 0;
  for (let i = 0; i < lines; i++) {
    const tag = i.toString(36);
    // Heads the path starts with, then segments that occur everywhere but the last one nowhere.
    const paths = [`/*a*a*a*a*b${tag}`, `/a*aa*aaa*c${tag}$`, `/${'a'.repeat(1 + (i % 50))}${tag}`, `/*${'a'.repeat(1 + (i % 40))}*z${tag}$`];
    segments += 5 + 4 + 1 + 2;
    out.push(`Content-Usage: ${paths[0]} train-ai=n`, `Content-Usage: ${paths[1]} train-ai=y`, `Content-Signal: ${paths[2]} ai-train=no`, `Content-Signal: ${paths[3]} search=yes`);
  }
  out.push('Content-Usage: search=y');
  return { txt: out.join('\n'), segments };
}

/** Work one usage() and one signal() check of `url` cost on `txt`. */
function workOf(txt: string, url: string): number {
  const rules = loadRobots(compile(txt)).agent('x');
  rules.usage(url, 'train-ai');
  rules.signal(url, 'ai-train');
  const before = preferenceWorkCount();
  rules.usage(url, 'train-ai');
  rules.signal(url, 'ai-train');
  return preferenceWorkCount() - before;
}

describe('preference matching on malicious input (work, not time)', () => {
  const url = `/${'a'.repeat(4096)}`;

  it('a 4 KB URL on a group of 4,000 wildcard-heavy lines costs O(path + segments), not O(lines x path)', () => {
    const { txt, segments } = hostileFile(1000);
    const work = workOf(txt, url);
    // Line by line this is 4,000 lines x 4 KB = 16 million steps.
    expect(work).toBeGreaterThan(url.length);
    expect(work).toBeLessThan(8 * (2 * url.length + segments));
  });

  it('work grows linearly when the lines double and when the URL doubles, never with their product', () => {
    const small = hostileFile(500);
    const large = hostileFile(1000);
    const w = workOf(small.txt, url);
    expect(workOf(large.txt, url)).toBeLessThan(2.2 * w);
    expect(workOf(small.txt, `/${'a'.repeat(8192)}`)).toBeLessThan(2.2 * w);
  });

  it('a path-less line is answered without reading the path', () => {
    const txt = 'User-agent: *\nContent-Usage: train-ai=n\nContent-Signal: ai-train=no\n';
    // One step per check: the line advanced; no path byte read.
    expect(workOf(txt, url)).toBe(2);
    const rules = loadRobots(compile(txt)).agent('x');
    expect(rules.usage(url, 'train-ai')).toBe('n');
    expect(rules.signal(url, 'ai-train')).toBe('no');
  });
});

describe('dense and sparse Aho-Corasick roads', () => {
  const saved = usageTuning.denseMaxEntries;
  afterEach(() => {
    usageTuning.denseMaxEntries = saved;
  });

  const txt = [
    'User-agent: *',
    'Disallow: /never',
    'Content-Usage: /*ab*ba$ train-ai=n',
    'Content-Usage: /a*b train-ai=y',
    'Content-Usage: /*aab*b train-ai=n, search=y',
    'Content-Usage: /*b$ search=n',
    'Content-Usage: /abab train-ai=y',
    'Content-Signal: /*a*a*a ai-train=no',
    'Content-Signal: /b*ab$ ai-train=yes, search=yes',
  ].join('\n');
  const urls = ['/', '/a', '/ab', '/aab', '/abba', '/ababba', '/aabab', '/baab', '/aaa', '/bab', '/neverab', '/abab', '/ababa', '/aaabbbab'];

  for (const dense of [true, false]) {
    it(`answers like the reference on the ${dense ? 'dense' : 'sparse'} road, in both profiles`, () => {
      usageTuning.denseMaxEntries = dense ? 1 << 16 : 0;
      for (const profile of ['rfc9309', 'google'] as const) {
        const rules = loadRobots(compile(txt, { profile })).agent('x');
        const ref = createReferenceMatcher(txt, { profile });
        for (const u of urls) {
          for (const k of ['train-ai', 'search']) expect(rules.usage(u, k), `${profile} ${u} ${k}`).toBe(ref.usage('x', u, k));
          for (const k of ['ai-train', 'search']) expect(rules.signal(u, k), `${profile} ${u} ${k}`).toBe(ref.signal('x', u, k));
        }
      }
    });
  }
});
