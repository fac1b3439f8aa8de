// matcher.ts: finding the path (SPEC section 6), on-the-fly normalisation per profile
// (SPEC section 7: `%` handling, `*`/`$` in URLs, non-ASCII and lone surrogates), the end of
// the path (`#`, NUL) and the NFA fallback past frontier states.
import { describe, expect, it } from 'vitest';
import { compileRobots } from '@robomata/compiler';
import { decide as referenceDecide } from '@robomata/reference';
import { LAZY_MAX_STATES, LAZY_MAX_TRANS_WORDS, LAZY_STATE_CAPACITY, findPathStart } from '../src/matcher.js';
import type { AgentRules, Robots } from '../src/robots.js';

type Profile = 'rfc9309' | 'google';

/** The lazy DFA's fields these tests set or read (runtime internals, not API). */
interface _Scratch {
  scanBudget: number;
  scans: number;
  capacity: number;
  generation: number;
  states: number;
  maxStates: number;
  classes: number;
  part: { segments: unknown; localIndexWork: number };
}

/** Returns the lazy DFA of `rules` (null when its automaton has no frontier states). */
function scratchOf(rules: AgentRules): _Scratch | null {
  return (rules as unknown as { _scratch: _Scratch | null })._scratch;
}

/** Expects `rules` (of `robots`, compiled from `txt`) to give the reference's verdict and deciding line for `url` (agent `x`). */
function expectReferenceAnswer(robots: Robots, rules: AgentRules, txt: string, url: string, profile: Profile, ctx: string): void {
  const want = referenceDecide(txt, 'x', url, { profile });
  expect(rules.isAllowed(url), ctx).toBe(want.allowed);
  const id = rules.decide(url);
  expect(id < 0 ? 0 : robots.rule(id).line, ctx).toBe(want.line);
}

/** The path SPEC section 6 gives for a URL, computed from findPathStart (before `#` and NUL cuts). */
function pathOf(url: string): string {
  const i = findPathStart(url);
  if (i < 0) return '/';
  let path = url.slice(i);
  const hash = path.indexOf('#');
  if (hash >= 0) path = path.slice(0, hash);
  return path.startsWith('/') ? path : `/${path}`;
}

/** Verdict of a one-group file holding `rules`, for the crawler `x`. */
function allowed(rules: string, url: string, profile: Profile, stateCap?: number): boolean {
  const robots = compileRobots(`User-agent: *\n${rules}\n`, stateCap === undefined ? { profile } : { profile, stateCap });
  return robots.isAllowed(url, 'x');
}

describe('findPathStart (SPEC section 6)', () => {
  it('handles every example of SPEC section 6', () => {
    expect(findPathStart('http://www.example.com')).toBe(-1);
    expect(pathOf('http://www.example.com')).toBe('/');
    expect(findPathStart('example.com?a')).toBe(11);
    expect(pathOf('example.com?a')).toBe('/?a');
    expect(findPathStart('a/b')).toBe(1);
    expect(pathOf('a/b')).toBe('/b');
    expect(findPathStart('//a/b/c')).toBe(3);
    expect(pathOf('//a/b/c')).toBe('/b/c');
    expect(findPathStart('example.com/a;b#c')).toBe(11);
    expect(pathOf('example.com/a;b#c')).toBe('/a;b');
  });

  it('starts the path at the first / ? or ; after the authority', () => {
    expect(findPathStart('http://example.com/path?q')).toBe(18);
    expect(findPathStart('https://h:8080;p')).toBe(14);
    expect(pathOf('https://h:8080;p')).toBe('/;p');
    expect(findPathStart('http://h?x/y')).toBe(8);
    expect(findPathStart('/')).toBe(0);
    expect(findPathStart('/a/b')).toBe(0);
    expect(findPathStart('?q')).toBe(0);
    expect(findPathStart(';p')).toBe(0);
    expect(findPathStart('')).toBe(-1);
    expect(findPathStart('example.com')).toBe(-1);
  });

  it('gives / when a # comes before the path', () => {
    expect(findPathStart('http://example.com#frag/x')).toBe(-1);
    expect(findPathStart('a#b/c')).toBe(-1);
    expect(findPathStart('//h#/x')).toBe(-1);
    expect(findPathStart('x#y://h/p')).toBe(-1);
    expect(pathOf('http://example.com/#x')).toBe('/');
    expect(pathOf('http://example.com/a#/b')).toBe('/a');
  });

  it('takes :// as the authority start only before any / ? or ;', () => {
    expect(findPathStart('a/b://c')).toBe(1);
    expect(pathOf('a/b://c')).toBe('/b://c');
    expect(findPathStart('/x://y/z')).toBe(0);
    expect(findPathStart('h?q=http://x/y')).toBe(1);
    expect(findPathStart('h;http://x/y')).toBe(1);
    expect(findPathStart('ftp://a/b://c')).toBe(7);
  });

  it('skips a leading // only', () => {
    expect(findPathStart('//a')).toBe(-1);
    expect(findPathStart('//a?b')).toBe(3);
    expect(findPathStart('///a')).toBe(2);
    expect(pathOf('///a')).toBe('/a');
    expect(findPathStart('//h://x/p')).toBe(7);
  });

  it('needs all of :// (not :/ or //)', () => {
    expect(findPathStart('http:/x')).toBe(5);
    expect(findPathStart('http:x/y')).toBe(6);
  });
});

describe('matching: path end and absolute URLs', () => {
  for (const profile of ['rfc9309', 'google'] as const) {
    it(`ends the path at # and NUL (${profile})`, () => {
      expect(allowed('Disallow: /a$', '/a#b', profile)).toBe(false);
      expect(allowed('Disallow: /a$', '/a\u0000b', profile)).toBe(false);
      expect(allowed('Disallow: /a$', '/ab', profile)).toBe(true);
      expect(allowed('Disallow: /a*b', '/a#b', profile)).toBe(true);
    });

    it(`matches the path of absolute URLs (${profile})`, () => {
      expect(allowed('Disallow: /$', 'http://example.com', profile)).toBe(false);
      expect(allowed('Disallow: /$', 'http://example.com/', profile)).toBe(false);
      expect(allowed('Disallow: /$', 'http://example.com/x', profile)).toBe(true);
      expect(allowed('Disallow: /?a', 'example.com?a', profile)).toBe(false);
      expect(allowed('Disallow: /;p', 'https://h:8080;p', profile)).toBe(false);
      expect(allowed('Disallow: /b/c', '//a/b/c', profile)).toBe(false);
      expect(allowed('Disallow: /example', 'http://example.com/', profile)).toBe(true);
      expect(allowed('Disallow: /a;b$', 'example.com/a;b#c', profile)).toBe(false);
    });
  }
});

describe('matching: percent and specials per profile (SPEC section 7)', () => {
  it('decodes unreserved %XX in rfc9309 only', () => {
    expect(allowed('Disallow: /A', '/%41', 'rfc9309')).toBe(false);
    expect(allowed('Disallow: /A', '/%41', 'google')).toBe(true);
    expect(allowed('Disallow: /%41', '/A', 'rfc9309')).toBe(false);
    expect(allowed('Disallow: /%41', '/A', 'google')).toBe(true);
    expect(allowed('Disallow: /~x', '/%7ex', 'rfc9309')).toBe(false);
    expect(allowed('Disallow: /~x', '/%7ex', 'google')).toBe(true);
  });

  it('compares other escapes with upper-case hex in rfc9309, raw in google', () => {
    expect(allowed('Disallow: /%2f', '/%2F', 'rfc9309')).toBe(false);
    expect(allowed('Disallow: /%2F', '/%2f', 'rfc9309')).toBe(false);
    expect(allowed('Disallow: /%2F', '/%2f', 'google')).toBe(true);
    expect(allowed('Disallow: /%2f', '/%2F', 'google')).toBe(false); // the pattern's hex is upper-cased
    expect(allowed('Disallow: /%2F', '//', 'rfc9309')).toBe(true); // %2F is reserved: never decoded
  });

  it('keeps a % without two hex digits literal', () => {
    for (const profile of ['rfc9309', 'google'] as const) {
      expect(allowed('Disallow: /a%$', '/a%', profile)).toBe(false);
      expect(allowed('Disallow: /a%g', '/a%g1', profile)).toBe(false);
      expect(allowed('Disallow: /a%4$', '/a%4', profile)).toBe(false);
    }
    expect(allowed('Disallow: /a%25', '/a%', 'rfc9309')).toBe(true);
    expect(allowed('Disallow: /%A', '/%%41', 'rfc9309')).toBe(false);
    expect(allowed('Disallow: /%A', '/%%41', 'google')).toBe(true);
  });

  it('compares a literal * and $ of the URL as %2A and %24 in rfc9309', () => {
    expect(allowed('Disallow: /a%2A', '/a*', 'rfc9309')).toBe(false);
    expect(allowed('Disallow: /a%2A', '/a*', 'google')).toBe(true);
    expect(allowed('Disallow: /a%24', '/a$', 'rfc9309')).toBe(false);
    expect(allowed('Disallow: /a%24', '/a$', 'google')).toBe(true);
    expect(allowed('Disallow: /a$b', '/a$b', 'rfc9309')).toBe(false);
    expect(allowed('Disallow: /a$b', '/a$b', 'google')).toBe(false);
    expect(allowed('Disallow: /a$b', '/a%24b', 'google')).toBe(true);
  });

  it('encodes non-ASCII URL characters as UTF-8 (%XX in rfc9309, raw octets in google)', () => {
    expect(allowed('Disallow: /ツ', '/ツ', 'rfc9309')).toBe(false);
    expect(allowed('Disallow: /ツ', '/%E3%83%84', 'rfc9309')).toBe(false);
    expect(allowed('Disallow: /ツ', '/%e3%83%84', 'rfc9309')).toBe(false);
    expect(allowed('Disallow: /ツ', '/ツ', 'google')).toBe(true); // escaped pattern vs raw octets
    expect(allowed('Disallow: /ツ', '/%E3%83%84', 'google')).toBe(false);
    expect(allowed('Disallow: /%C3%A9$', '/é', 'rfc9309')).toBe(false);
    expect(allowed('Disallow: /%F0%9F%98%80$', '/😀', 'rfc9309')).toBe(false);
    expect(allowed('Disallow: /%F0%9F%98%80$', '/😀x', 'rfc9309')).toBe(true);
  });

  it('encodes a lone surrogate as U+FFFD (EF BF BD)', () => {
    expect(allowed('Disallow: /%EF%BF%BD$', '/\uD800', 'rfc9309')).toBe(false);
    expect(allowed('Disallow: /%EF%BF%BD$', '/\uDC00', 'rfc9309')).toBe(false);
    expect(allowed('Disallow: /%EF%BF%BDx$', '/\uD83Dx', 'rfc9309')).toBe(false);
    expect(allowed('Disallow: /x%EF%BF%BD%EF%BF%BD$', '/x\uDC00\uD800', 'rfc9309')).toBe(false);
    expect(allowed('Disallow: /%EF%BF%BD', '/\uD83D\uDE00', 'rfc9309')).toBe(true); // a valid pair is U+1F600
  });

  it('agrees with the reference on non-ASCII and surrogates in both profiles', () => {
    const txt = 'User-agent: *\nDisallow: /*%BD$\nAllow: /%EF\nDisallow: /ツ\nAllow: /*%80$\nDisallow: /%F0\n';
    const urls = ['/\uD800', '/\uDC00', '/\uD83D', '/😀', '/ツ', '/\uFFFD', '/%EF%BF%BD', '/%ef%bf%bd', '/%f0%9f%98%80', '/a\uD800b', '/\uD800\uD800'];
    for (const profile of ['rfc9309', 'google'] as const) {
      for (const stateCap of [undefined, 1]) {
        const robots = compileRobots(txt, stateCap === undefined ? { profile } : { profile, stateCap });
        for (const url of urls) {
          const want = referenceDecide(txt, 'x', url, { profile });
          const id = robots.decide(url, 'x');
          const ctx = `${profile} cap ${String(stateCap)} ${JSON.stringify(url)}`;
          expect(robots.isAllowed(url, 'x'), ctx).toBe(want.allowed);
          expect(id < 0 ? 0 : robots.rule(id).line, ctx).toBe(want.line);
        }
      }
    }
  });
});

describe('matching: NFA simulation past frontier states', () => {
  it('gives the DFA answers when the state cap leaves most of the automaton to the NFA', () => {
    const rules = 'Disallow: /*a*b*c\nAllow: /*b*c$\nDisallow: /x/*/y\nAllow: /x/index.html\nDisallow: /%E3*z';
    const urls = ['/abc', '/aXbYc', '/bc', '/abcd', '/x/q/y', '/x/', '/x/index.html', '/ツz', '/ツ', '/a%62c', '/a*b$c', '/a#bc'];
    for (const profile of ['rfc9309', 'google'] as const) {
      const full = compileRobots(`User-agent: *\n${rules}\n`, { profile });
      for (const stateCap of [1, 2, 3]) {
        const capped = compileRobots(`User-agent: *\n${rules}\n`, { profile, stateCap });
        expect(capped.describeGroup(0).automata[0]?.frontiers).toBeGreaterThan(0);
        for (const url of urls) {
          const ctx = `${profile} cap ${stateCap} ${url}`;
          expect(capped.decide(url, 'x'), ctx).toBe(full.decide(url, 'x'));
          expect(capped.isAllowed(url, 'x'), ctx).toBe(full.isAllowed(url, 'x'));
        }
      }
    }
  });

  it('keeps no state between walks (the scratch is reset per walk)', () => {
    const robots = compileRobots('User-agent: *\nDisallow: /*a*b\nAllow: /*b*a\n', { profile: 'google', stateCap: 1 });
    const rules = robots.agent('x');
    const urls = ['/ab', '/ba', '/aab', '/x', '/bab', '/', '/ab'];
    const first = urls.map((u) => rules.decide(u));
    const second = urls.map((u) => rules.decide(u));
    expect(second).toEqual(first);
    expect(rules.isAllowed('/ab')).toBe(false);
    expect(rules.isAllowed('/ba')).toBe(true);
    expect(rules.isAllowed('/x')).toBe(true);
  });

  it('grows the lazy-DFA cache instead of flushing it when a walk visits more states than it holds', () => {
    // A literal longer than the state cap: every byte past the frontier is a new lazy state.
    const long = 'q'.repeat(3 * LAZY_STATE_CAPACITY);
    const txt = `User-agent: *\nDisallow: /${long}\nAllow: /${long}z$\n`;
    for (const profile of ['rfc9309', 'google'] as const) {
      const robots = compileRobots(txt, { profile, stateCap: 8 });
      const rules = robots.agent('x');
      const scratch = scratchOf(rules) as _Scratch;
      scratch.scanBudget = Infinity; // build every state (no walk ends in a rule scan)
      const urls = [`/${long}`, `/${long}z`, `/${long}zz`, `/${long.slice(1)}`, `/${long}?q`];
      const first = urls.map((u) => rules.decide(u));
      for (const [k, url] of urls.entries()) {
        const want = referenceDecide(txt, 'x', url, { profile });
        expect(rules.isAllowed(url), `${profile} ${url.length}`).toBe(want.allowed);
        expect(first[k] === -1 ? 0 : robots.rule(first[k] as number).line, `${profile} ${url.length}`).toBe(want.line);
      }
      expect(scratch.capacity, 'the cache doubled past its initial size').toBeGreaterThan(LAZY_STATE_CAPACITY);
      expect(scratch.states).toBeGreaterThan(LAZY_STATE_CAPACITY);
      expect(scratch.generation, 'no flush: growth kept every state').toBe(1);
      // Walks again read the cached states (same answers, no new state).
      const states = scratch.states;
      expect(urls.map((u) => rules.decide(u))).toEqual(first);
      expect(scratch.states).toBe(states);
      expect(scratch.maxStates).toBeLessThanOrEqual(LAZY_MAX_STATES);
    }
  });

  it('flushes (same answers) once the cache reached its largest size', () => {
    const long = 'q'.repeat(3 * LAZY_STATE_CAPACITY);
    const txt = `User-agent: *\nDisallow: /${long}\nAllow: /${long}z$\n`;
    const robots = compileRobots(txt, { profile: 'google', stateCap: 8 });
    const rules = robots.agent('x');
    const scratch = scratchOf(rules) as _Scratch;
    scratch.scanBudget = Infinity; // build every state (no walk ends in a rule scan)
    expect(scratch.maxStates * scratch.classes).toBeLessThanOrEqual(Math.max(LAZY_MAX_TRANS_WORDS, LAZY_STATE_CAPACITY * scratch.classes));
    scratch.maxStates = LAZY_STATE_CAPACITY;
    for (const url of [`/${long}z`, `/${long}`, `/${long}z`]) {
      expect(rules.isAllowed(url), url.length.toString()).toBe(referenceDecide(txt, 'x', url, { profile: 'google' }).allowed);
    }
    expect(scratch.generation).toBeGreaterThan(1);
  });

  it('escape cache: repeated escapes and non-ASCII give the reference answers from DFA, frontier and lazy states', () => {
    const txt = [
      'User-agent: *',
      'Disallow: /*%E3%83%84*$',
      'Allow: /*%E3%83%84%E3%83%84*%24',
      'Disallow: /a*%2A*b',
      'Allow: /a%2a%2a',
      'Disallow: /%EF%BF%BD%EF%BF%BD*x$',
      'Allow: /*é*é*é',
      'Disallow: /*%25*%25*q',
      '',
    ].join('\n');
    const units = ['ツ', '%E3%83%84', '%e3%83%84', '*', '$', '%2A', '%25', '%', '\ud800', 'é', '\ud83d\ude00', 'a', 'b', 'x', 'q', '/'];
    const rand = ((seed: number) => () => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) >>> 8) / 16777216)(7);
    const urls: string[] = [];
    for (let k = 0; k < 120; k++) {
      let u = k % 2 === 0 ? '/a' : '/';
      const len = 1 + Math.floor(rand() * (k % 10 === 0 ? 300 : 12));
      for (let j = 0; j < len; j++) u += units[Math.floor(rand() * units.length)];
      urls.push(u);
    }
    for (const profile of ['rfc9309', 'google'] as const) {
      for (const stateCap of [1, 3, 1024]) {
        const robots = compileRobots(txt, { profile, stateCap });
        const rules = robots.agent('x');
        // Twice: the second pass reads the cached units.
        for (let pass = 0; pass < 2; pass++) {
          for (const url of urls) expectReferenceAnswer(robots, rules, txt, url, profile, `${profile} cap ${stateCap} pass ${pass} ${JSON.stringify(url)}`);
        }
      }
    }
  });

  it('escape cache of lazy states is cleared by a flush (same answers)', () => {
    // A literal of 700 escaped characters past the state cap: every byte is a new lazy state.
    const txt = `User-agent: *\nDisallow: /${'%E3%83%84'.repeat(700)}\nAllow: /${'%E3%83%84'.repeat(700)}*%24$\n`;
    const robots = compileRobots(txt, { profile: 'rfc9309', stateCap: 2 });
    const rules = robots.agent('x');
    const scratch = scratchOf(rules) as _Scratch;
    scratch.maxStates = LAZY_STATE_CAPACITY;
    scratch.scanBudget = Infinity; // build every state (no walk ends in a rule scan)
    const urls: string[] = [];
    for (let k = 0; k < 12; k++) urls.push('/' + 'ツ'.repeat(650 + 10 * k) + (k % 2 === 0 ? '$' : '*$'));
    for (let pass = 0; pass < 2; pass++) {
      for (const url of urls) expectReferenceAnswer(robots, rules, txt, url, 'rfc9309', `${pass} ${url.length}`);
    }
    expect(scratch.generation, 'the walks flushed the cache').toBeGreaterThan(1);
  });

  it('rule scan: walks finished by the segment sweep from the lazy state give the reference answers', () => {
    // Adjacent segments, overlapping and nested segments, anchored suffixes that must start
    // after the previous segment, `**`, escapes and non-ASCII. With a state cap of 1 the first
    // byte after `/` leaves the DFA, so '/z...' URLs scan the rest from the pattern's first star.
    const groups = [
      ['Disallow: /*a*b', 'Allow: /*ab$'],
      ['Disallow: /*a*b*c', 'Allow: /*ab*b$'],
      ['Disallow: /*aab', 'Allow: /*abab*c'],
      ['Disallow: /*ab*b$', 'Allow: /x**y'],
      ['Disallow: /*ツ*%2A*$', 'Allow: /*é$'],
      ['Disallow: /p*aaab', 'Allow: /p*aab*aab$', 'Disallow: /*q'],
    ];
    const urls = [
      '/ab', '/abb', '/zabc', '/zabb', '/zab', '/zaabbc', '/aab', '/aaab', '/abab', '/ababc', '/abac', '/aabab', '/b', '/a', '/ba', '/x/y', '/xy',
      '/ツ*', '/ツ*x', '/%E3%83%84%2a', '/é', '/aé', '/paaab', '/paab', '/paabaab', '/paabxaab', '/pq', '/abq',
    ];
    for (const rules of groups) {
      const txt = `User-agent: *\n${rules.join('\n')}\n`;
      for (const profile of ['rfc9309', 'google'] as const) {
        const robots = compileRobots(txt, { profile, stateCap: 1 });
        const agent = robots.agent('x');
        const scratch = scratchOf(agent);
        expect(scratch, txt).not.toBeNull();
        if (scratch === null) continue;
        scratch.scanBudget = 0;
        for (const url of urls) expectReferenceAnswer(robots, agent, txt, url, profile, `${profile} ${JSON.stringify(rules)} ${url}`);
        expect(scratch.scans, `${profile} ${JSON.stringify(rules)}: walks were finished by scans`).toBeGreaterThan(0);
      }
    }
  });

  it('rule scan with a local segment index (a few live patterns of a large NFA) gives the reference answers', () => {
    // 300 rules with distinct two-letter prefixes: after '/' and two letters only a few stay
    // live, so the scan's suffixes cover far less than NFA positions / 16 and it indexes them alone.
    const letters = 'abcdefghijklmnopqrstuvwxyz';
    const rules: string[] = [];
    for (let k = 0; rules.length < 300; k++) {
      const prefix = (letters[k % 26] as string) + (letters[Math.floor(k / 26) % 26] as string);
      rules.push(`${k % 2 === 0 ? 'Disallow' : 'Allow'}: /${prefix}*x${k % 7}*y${k % 5}${k % 3 === 0 ? '$' : ''}`);
    }
    const txt = `User-agent: *\n${rules.join('\n')}\n`;
    const robots = compileRobots(txt, { stateCap: 1 });
    const agent = robots.agent('x');
    const scratch = scratchOf(agent) as _Scratch;
    scratch.scanBudget = 0;
    // URLs aimed at rules 0-9 (with and without a tail after `y`), plus near misses.
    const urls = ['/aax0', '/zzx1y1', '/cbx4y4', '/bax1y1x'];
    for (let k = 0; k < 10; k++) {
      const prefix = (letters[k % 26] as string) + (letters[Math.floor(k / 26) % 26] as string);
      urls.push(`/${prefix}-x${k % 7}-y${k % 5}`, `/${prefix}x${k % 7}y${k % 5}/more`);
    }
    for (const url of urls) expectReferenceAnswer(robots, agent, txt, url, 'rfc9309', url);
    expect(scratch.scans).toBeGreaterThan(0);
    expect(scratch.part.segments, 'no whole-NFA index was built').toBeNull();
    expect(scratch.part.localIndexWork).toBeGreaterThan(0);
    const lines = new Set(urls.map((u) => referenceDecide(txt, 'x', u, { profile: 'rfc9309' }).line));
    expect(lines.size).toBeGreaterThanOrEqual(4);
  });

  it('rule scan over a long path of over 100 distinct bytes gives the reference answers', () => {
    // In google, U+0080-U+07FF are 2 UTF-8 bytes: with A-P about 110 distinct bytes over
    // 13,000 path bytes, so the segment automaton steps over bytes that are in no segment.
    let filler = '';
    for (let k = 0; filler.length < 8_000; k++) filler += String.fromCharCode(k % 3 === 0 ? 0x41 + (k % 16) : 0x80 + ((k * 37) % 0x780));
    const txt = 'User-agent: *\nDisallow: /*ab*cd*e\nAllow: /*xyzxyzq*Q\nDisallow: /*é*ab$\n';
    const urls = [`/${filler}abcde`, `/${filler}xyzxyzqQ`, `/${filler}éab`, `/${filler}éabx`, `/${filler}`, `/xyzxyzq${filler}Q`];
    const robots = compileRobots(txt, { profile: 'google', stateCap: 1 });
    const agent = robots.agent('x');
    const scratch = scratchOf(agent) as _Scratch;
    scratch.scanBudget = 0;
    for (const url of urls) expectReferenceAnswer(robots, agent, txt, url, 'google', url.slice(-12));
    expect(scratch.scans).toBeGreaterThan(0);
    // Both verdicts and several rules occur, so the URLs exercise the scan's matches.
    const lines = new Set(urls.map((u) => referenceDecide(txt, 'x', u, { profile: 'google' }).line));
    expect(lines.size).toBeGreaterThanOrEqual(3);
  });
});

