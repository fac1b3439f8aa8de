/**
 * API misuse (issue 6; SECURITY.md "Untrusted URLs and agents"): wrong argument types fail at
 * the API boundary with a TypeError that says what was expected, never from inside the hot
 * loop; huge strings get an answer in linear time; relative URLs, empty agents and URLs of
 * another origin behave as documented (SPEC.md sections 3 and 6).
 */
import { describe, expect, it } from 'vitest';
import { compile, compileRobots } from '@robomata/compiler';
import { decide as referenceDecide } from '@robomata/reference';
import { RobotsFormatError, extractProductToken, loadRobots } from '@robomata/runtime';
import type { Robots } from '@robomata/runtime';

/** Values that are not strings, each with a label for the test name. */
const NOT_STRINGS: readonly [string, unknown][] = [
  ['null', null],
  ['undefined', undefined],
  ['number', 42],
  ['NaN', Number.NaN],
  ['boolean', true],
  ['bigint', 10n],
  ['symbol', Symbol('x')],
  ['object', { toString: () => '/private' }],
  ['String object', Object('/private') as unknown],
  ['array', ['/private']],
  ['function', () => '/private'],
  ['Uint8Array', new TextEncoder().encode('/private')],
];

const ROBOTS_TXT = [
  'User-agent: *',
  'Disallow: /private',
  'Disallow: /b',
  'Disallow: /?x',
  'Allow: /private/ok',
  'Crawl-delay: 3',
  '',
  'User-agent: *foo',
  'Disallow: /empty-token',
  '',
  'User-agent: Googlebot',
  'Disallow: /google-only',
  'Sitemap: https://example.com/sitemap.xml',
].join('\n');

const robots: Robots = compileRobots(ROBOTS_TXT);

/** Calls `fn`, returns what it threw (fails when it did not throw). */
function thrown(fn: () => unknown): unknown {
  try {
    fn();
  } catch (e) {
    return e;
  }
  throw new Error('expected a throw, got a return');
}

/** Asserts that `fn` throws a TypeError naming `what`, raised at the API boundary. */
function expectBoundaryTypeError(fn: () => unknown, what: RegExp): void {
  const e = thrown(fn);
  expect(e).toBeInstanceOf(TypeError);
  const err = e as TypeError;
  expect(err.message).toMatch(what);
  // Thrown by the API method, not from inside the matcher (walk, step, path finding).
  expect(err.stack ?? '').not.toMatch(/\b(walkPath|bestRankOfParts|_walkRare|_step|findPathStart|findAgentGroup)\b/);
}

describe('wrong argument types give a clear TypeError at the boundary', () => {
  describe.each(NOT_STRINGS)('%s', (_label, value) => {
    it('robots.agent(value)', () => expectBoundaryTypeError(() => robots.agent(value as string), /user ?agent.*string/i));
    it('robots.isAllowed(value, agent)', () => expectBoundaryTypeError(() => robots.isAllowed(value as string, 'Googlebot'), /url.*string/i));
    it('robots.isAllowed(url, value)', () => expectBoundaryTypeError(() => robots.isAllowed('/x', value as string), /user ?agent.*string/i));
    it('robots.decide(value, agent)', () => expectBoundaryTypeError(() => robots.decide(value as string, 'Googlebot'), /url.*string/i));
    it('robots.decide(url, value)', () => expectBoundaryTypeError(() => robots.decide('/x', value as string), /user ?agent.*string/i));
    it('robots.crawlDelay(value)', () => expectBoundaryTypeError(() => robots.crawlDelay(value as string), /user ?agent.*string/i));
    it('agentRules.isAllowed(value)', () => {
      for (const agent of ['Googlebot', 'other', 'foo']) {
        expectBoundaryTypeError(() => robots.agent(agent).isAllowed(value as string), /url.*string/i);
      }
    });
    it('agentRules.decide(value)', () => expectBoundaryTypeError(() => robots.agent('Googlebot').decide(value as string), /url.*string/i));
    it('extractProductToken(value)', () => expectBoundaryTypeError(() => extractProductToken(value as string), /string/i));
    if (!(value instanceof Uint8Array)) {
      it('compile(value)', () => expectBoundaryTypeError(() => compile(value as string), /robots\.txt.*string.*Uint8Array/i));
      it('compileRobots(value)', () => expectBoundaryTypeError(() => compileRobots(value as string), /robots\.txt.*string.*Uint8Array/i));
    }
  });

  it.each([
    ['a string', 'RBMT'],
    ['null', null],
    ['undefined', undefined],
    ['a number', 42],
    ['a plain object', {}],
    ['an array of bytes', [0x52, 0x42, 0x4d, 0x54]],
    ['a DataView', new DataView(new ArrayBuffer(128))],
  ])('loadRobots(%s) is a TypeError, not a RobotsFormatError', (_label, value) => {
    const e = thrown(() => loadRobots(value as Uint8Array));
    expect(e).toBeInstanceOf(TypeError);
    expect(e).not.toBeInstanceOf(RobotsFormatError);
    expect((e as Error).message).toMatch(/Uint8Array.*ArrayBuffer/);
  });

  it('loadRobots of garbage bytes is a RobotsFormatError with a code', () => {
    for (const bytes of [new Uint8Array(0), new Uint8Array(3), new Uint8Array(4096), new TextEncoder().encode('User-agent: *\nDisallow: /\n')]) {
      const e = thrown(() => loadRobots(bytes));
      expect(e).toBeInstanceOf(RobotsFormatError);
      expect(typeof (e as RobotsFormatError).code).toBe('string');
    }
  });

  it('loadRobots accepts a Buffer, an ArrayBuffer, a SharedArrayBuffer and an unaligned view', () => {
    const artifact = compile(ROBOTS_TXT);
    const shared = new SharedArrayBuffer(artifact.length);
    new Uint8Array(shared).set(artifact);
    const host = new Uint8Array(artifact.length + 1);
    host.set(artifact, 1);
    const buffer = artifact.buffer.slice(artifact.byteOffset, artifact.byteOffset + artifact.byteLength) as ArrayBuffer;
    for (const input of [Buffer.from(artifact), buffer, shared, host.subarray(1)]) {
      expect(loadRobots(input).isAllowed('/private', 'x')).toBe(false);
    }
  });

  it.each([
    ['options as a string', 'google'],
    ['an unknown profile', { profile: 'bing' }],
    ['a negative maxBytes', { maxBytes: -1 }],
    ['a NaN maxBytes', { maxBytes: Number.NaN }],
    ['a string maxBytes', { maxBytes: '100' }],
    ['a fractional stateCap', { stateCap: 10.5 }],
  ])('compile with %s is a TypeError', (_label, options) => {
    expectBoundaryTypeError(() => compile('User-agent: *\nDisallow: /', options as object), /options/);
  });

  it.each([
    ['-1', -1],
    ['an id past the end', 1_000_000],
    ['a fraction', 0.5],
    ['NaN', Number.NaN],
    ['Infinity', Number.POSITIVE_INFINITY],
    ['a numeric string', '0'],
  ])('robots.rule(%s) is a RangeError', (_label, id) => {
    expect(thrown(() => robots.rule(id as number))).toBeInstanceOf(RangeError);
  });

  it.each([['-1', -1], ['groupCount', -2], ['a fraction', 0.5], ['a string', '0']])('robots.describeGroup(%s) is a RangeError', (_label, index) => {
    const i = index === -2 ? robots.groupCount : index;
    expect(thrown(() => robots.describeGroup(i as number))).toBeInstanceOf(RangeError);
  });
});

describe('huge strings get an answer in linear time, without throwing', () => {
  const TEN_MB = 10 * 1024 * 1024;
  const heavy = compileRobots(['User-agent: *', 'Disallow: /*a*a*a*a*a*a*a*a*a*b', 'Allow: /*a$', 'Disallow: /private'].join('\n'));

  it.each([
    ['ASCII', '/' + 'a'.repeat(TEN_MB)],
    ['percent escapes', '/' + '%41'.repeat(TEN_MB / 3)],
    ['non-ASCII', '/' + 'ツ'.repeat(TEN_MB / 2)],
    ['lone surrogates', '/' + '\ud800'.repeat(TEN_MB / 2)],
    ['authority only', 'http://' + 'h'.repeat(TEN_MB)],
  ])('a 10 MB URL of %s', (_label, url) => {
    const rules = heavy.agent('Googlebot');
    const t0 = performance.now();
    const allowed = rules.isAllowed(url);
    const id = rules.decide(url);
    const ms = performance.now() - t0;
    expect(typeof allowed).toBe('boolean');
    expect(Number.isInteger(id)).toBe(true);
    // Linear: about 10^7 to 10^8 table steps; a quadratic walk would take hours.
    expect(ms).toBeLessThan(5_000);
  });

  it('a 10 MB URL gives the reference answer', () => {
    const url = '/' + 'a'.repeat(TEN_MB);
    const want = referenceDecide(['User-agent: *', 'Disallow: /*a*a*b', 'Allow: /*a$'].join('\n'), 'x', url);
    const r = compileRobots(['User-agent: *', 'Disallow: /*a*a*b', 'Allow: /*a$'].join('\n'));
    expect(r.isAllowed(url, 'x')).toBe(want.allowed);
  });

  it('a 10 MB user agent selects the global group', () => {
    for (const agent of ['G'.repeat(TEN_MB), 'G'.repeat(TEN_MB) + '/1.0', '\ud800'.repeat(TEN_MB)]) {
      const t0 = performance.now();
      const rules = robots.agent(agent);
      expect(performance.now() - t0).toBeLessThan(5_000);
      expect(rules.selection).toBe('global');
      expect(robots.isAllowed('/private', agent)).toBe(false);
    }
    expect(extractProductToken('G'.repeat(TEN_MB) + '/1.0').length).toBe(TEN_MB);
  });

  it('a 10 MB robots.txt compiles (only the first 512,000 bytes count)', () => {
    const body = 'User-agent: *\nDisallow: /first\n' + '#'.repeat(TEN_MB) + '\nDisallow: /late\n';
    const r = compileRobots(body);
    expect(r.isAllowed('/first', 'x')).toBe(false);
    expect(r.isAllowed('/late', 'x')).toBe(true);
  });
});

describe('documented behaviour of odd URLs and agents', () => {
  /** Returns the deciding rule's line for `url` (0 when none), runtime and reference. */
  function lines(url: string, agent = 'other'): [number, number] {
    const id = robots.decide(url, agent);
    return [id === -1 ? 0 : robots.rule(id).line, referenceDecide(ROBOTS_TXT, agent, url).line];
  }

  it.each([
    ['a/b', '/b'],
    ['?x', '/?x'],
    ['', '/'],
    ['example.com', '/'],
    ['example.com?x', '/?x'],
    ['#private', '/'],
    ['private', '/'],
    ['//host/private', '/private'],
    ['http://other.example/private', '/private'],
    ['https://user:pw@evil.example:8443/private?q#f', '/private?q'],
    ['HTTP://EXAMPLE.COM/private', '/private'],
    ['/private#frag', '/private'],
    ['/pri\u0000vate', '/pri'],
  ])('%j is matched as the path %j (SPEC.md section 6)', (url, path) => {
    const [got, ref] = lines(url);
    expect(got).toBe(ref);
    expect(got).toBe(lines(path)[0]);
  });

  it('a URL of another origin is matched by its path: the runtime does not know the origin', () => {
    // The caller must pick the robots.txt of the URL's origin (RFC 9309 section 2.3).
    expect(robots.isAllowed('https://elsewhere.example/private', 'x')).toBe(false);
    expect(robots.isAllowed('https://elsewhere.example/public', 'x')).toBe(true);
  });

  it('an empty agent selects the groups whose product token is empty (`User-agent: *foo`)', () => {
    const rules = robots.agent('');
    expect(rules.selection).toBe('specific');
    expect(rules.isAllowed('/empty-token')).toBe(false);
    expect(rules.isAllowed('/private')).toBe(true);
    expect(rules.isAllowed('/empty-token')).toBe(referenceDecide(ROBOTS_TXT, '', '/empty-token').allowed);
    const plain = compileRobots('User-agent: *\nDisallow: /private\n');
    expect(plain.agent('').selection).toBe('global');
    expect(plain.isAllowed('/private', '')).toBe(false);
  });

  it.each([
    ['a full User-Agent header', 'Googlebot/2.1 (+http://www.google.com/bot.html)', 'global'],
    ['upper case', 'GOOGLEBOT', 'specific'],
    ['a star', '*', 'global'],
    ['a leading space', ' Googlebot', 'global'],
    ['non-ASCII', 'Gööglebot', 'global'],
    ['__proto__', '__proto__', 'global'],
    ['constructor', 'constructor', 'global'],
  ])('an agent with %s is compared verbatim', (_label, agent, selection) => {
    expect(robots.agent(agent).selection).toBe(selection);
    expect(robots.isAllowed('/google-only', agent)).toBe(referenceDecide(ROBOTS_TXT, agent, '/google-only').allowed);
  });

  it('the same group gives the same AgentRules object', () => {
    expect(robots.agent('googlebot')).toBe(robots.agent('GoogleBot'));
    expect(robots.agent('a')).toBe(robots.agent('b'));
  });

  it('extractProductToken cuts a header down to the token the lookup wants', () => {
    expect(extractProductToken('Googlebot/2.1 (+http://www.google.com/bot.html)')).toBe('Googlebot');
    expect(robots.agent(extractProductToken('Googlebot/2.1')).selection).toBe('specific');
  });

  it('crawlDelay and otherDirectives answer for prototype names without touching Object.prototype', () => {
    const r = compileRobots('User-agent: __proto__\nCrawl-delay: 7\nDisallow: /p\n__proto__: polluted\nconstructor: x\n');
    expect(r.crawlDelay('__proto__')).toBe(7);
    expect(r.crawlDelay('toString')).toBeUndefined();
    expect(r.otherDirectives().map((d) => d.key)).toEqual(['Crawl-delay', '__proto__', 'constructor']);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
    expect(Object.prototype.hasOwnProperty.call(Object.prototype, 'polluted')).toBe(false);
  });
});
