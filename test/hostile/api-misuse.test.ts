/**
 * API misuse (issue 6; SECURITY.md "Threat model"): wrong argument types fail at the API
 * boundary with a TypeError that says what was expected, never from inside the hot loop; an
 * agent-scoped artifact refuses other agents with a RobotsAgentError; bad rule and group
 * indices are RangeErrors; every kind of bad artifact is a RobotsFormatError with its code;
 * isAllowed and decide answer any string without throwing, as the reference does; huge strings
 * get an answer in linear time; relative URLs, empty agents, User-Agent headers and URLs of
 * another origin behave as documented (docs/semantics.md sections 3 and 6).
 */
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { compile, compileRobots } from '@robomata/compiler';
import { decide as referenceDecide } from '@robomata/reference';
import { RobotsAgentError, RobotsFormatError, describeAutomaton, extractProductToken, loadRobots } from '@robomata/runtime';
import type { Profile, Robots } from '@robomata/runtime';
import { FORMAT_VERSION, HEADER_BYTES, computeChecksum } from '@robomata/runtime/format';
import { encodeVarint, readArtifactLayout, spliceBytes } from './artifact-layout.js';
import { createRng, pickInt } from './generate.js';
import { harnessModule, prepareHarness } from './node-harness.js';

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
  // Thrown by the API method, not from inside the matcher (path bytes, trie walk, verification, agent lookup).
  expect(err.stack ?? '').not.toMatch(/\b(fillPath|findPathStart|_decodeRare|bestRank|walkTrie|verifyCandidates|sweepCandidates|matchWildcard|findAgentGroupIn|productTokenStart)\b/);
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
    ['a string patterns flag', { patterns: 'yes' }],
    ['agents as a string', { agents: 'Googlebot' }],
    ['an empty agents list', { agents: [] }],
    ['a number among the agents', { agents: ['Googlebot', 42] }],
    ['an agent without a product token', { agents: ['/1.0'] }],
    ['an empty agent', { agents: [''] }],
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

/**
 * Returns what `describeAutomaton(loadRobots(bytes), index)` does for each index ('returned',
 * 'RangeError' or another error name), each run in its own Worker under a heap limit and a
 * watchdog (a bad index may make it read garbage child ranges: that must fail this test, not
 * the test runner).
 */
async function describeAutomatonOutcomes(bytes: Uint8Array, indices: readonly number[]): Promise<string[]> {
  return (await Promise.all(indices.map((i) => _describeAutomatonInWorker(bytes, [i])))).flat();
}

async function _describeAutomatonInWorker(bytes: Uint8Array, indices: readonly number[]): Promise<string[]> {
  const code = `
    const { parentPort, workerData } = require('node:worker_threads');
    import(workerData.runtimeUrl).then((rt) => {
      const robots = rt.loadRobots(workerData.bytes);
      parentPort.postMessage(workerData.indices.map((i) => {
        try { rt.describeAutomaton(robots, i, { maxNodes: 50 }); return 'returned'; }
        catch (e) { return e instanceof RangeError ? 'RangeError' : String(e && e.name); }
      }));
    });`;
  const worker = new Worker(code, {
    eval: true,
    workerData: { runtimeUrl: harnessModule('runtime/index.js').href, bytes, indices },
    resourceLimits: { maxOldGenerationSizeMb: 256 },
  });
  return await new Promise<string[]>((resolve) => {
    const timer = setTimeout(() => {
      void worker.terminate();
      resolve(indices.map(() => 'no answer within 20 s'));
    }, 20_000);
    worker.on('message', (out: string[]) => {
      clearTimeout(timer);
      void worker.terminate();
      resolve(out);
    });
    worker.on('error', (e: Error) => {
      clearTimeout(timer);
      resolve(indices.map(() => `worker died: ${e.message.slice(0, 80)}`));
    });
  });
}

describe('describeAutomaton takes a group index like describeGroup', () => {
  it('an index that is not a group is a RangeError, as for describeGroup', async () => {
    prepareHarness();
    const indices = [-1, robots.groupCount, robots.groupCount + 1, 0.5, Number.NaN, 1e9];
    for (const i of indices) expect(thrown(() => robots.describeGroup(i)), `describeGroup(${i})`).toBeInstanceOf(RangeError);
    // Index 0 is the control: the worker answers for a valid group.
    const outcomes = await describeAutomatonOutcomes(robots.bytes, [0, ...indices]);
    expect(outcomes.map((o, k) => `describeAutomaton(${[0, ...indices][k]}): ${o}`)).toEqual([
      'describeAutomaton(0): returned',
      ...indices.map((i) => `describeAutomaton(${i}): RangeError`),
    ]);
    // A valid index answers.
    expect(describeAutomaton(robots, 0).nodes.length).toBeGreaterThan(0);
  }, 60_000);
});

describe('an agent-scoped artifact refuses other agents with a RobotsAgentError', () => {
  const scoped = compileRobots(ROBOTS_TXT, { agents: ['Googlebot', 'MyBot/1.0'] });
  const URLS = ['/', '/private', '/private/ok', '/google-only', '/b', '/?x', '/empty-token', '/robots.txt'];

  it('in-scope agents get what the whole file gives them (their group, else the global group)', () => {
    expect(scoped.scope).toEqual(['googlebot', 'mybot']);
    expect(scoped.agent('GOOGLEBOT').selection).toBe('specific');
    expect(scoped.agent('mybot').selection).toBe('global');
    // rfc9309 cuts a User-Agent header to its product token before the scope check.
    expect(scoped.agent('MyBot/1.0 (+https://example.com/bot)').selection).toBe('global');
    for (const agent of ['Googlebot', 'MyBot']) {
      for (const url of URLS) {
        const want = referenceDecide(ROBOTS_TXT, agent, url);
        expect(scoped.isAllowed(url, agent), `${agent} ${url}`).toBe(want.allowed);
        const id = scoped.decide(url, agent);
        expect(id === -1 ? 0 : scoped.rule(id).line, `${agent} ${url}`).toBe(want.line);
      }
    }
    expect(scoped.crawlDelay('MyBot')).toBe(3);
  });

  it.each([['another crawler', 'Bingbot'], ['a prefix of a scoped token', 'Google'], ['the empty agent', ''], ['a star', '*'], ['__proto__', '__proto__'], ['a header of another crawler', 'Bingbot/2.0']])(
    '%s: agent, isAllowed, decide and crawlDelay throw RobotsAgentError agent-not-in-scope',
    (_label, agent) => {
      for (const call of [() => scoped.agent(agent), () => scoped.isAllowed('/private', agent), () => scoped.decide('/private', agent), () => scoped.crawlDelay(agent)]) {
        const e = thrown(call);
        expect(e).toBeInstanceOf(RobotsAgentError);
        expect(e).toBeInstanceOf(Error);
        expect((e as RobotsAgentError).code).toBe('agent-not-in-scope');
        expect((e as RobotsAgentError).name).toBe('RobotsAgentError');
        expect((e as Error).message).toMatch(/googlebot/);
      }
    },
  );

  it('a non-string agent is still a TypeError, and the loaded copy of the bytes keeps the scope', () => {
    expectBoundaryTypeError(() => scoped.agent(undefined as unknown as string), /user ?agent.*string/i);
    const reloaded = loadRobots(scoped.bytes);
    expect(reloaded.scope).toEqual(['googlebot', 'mybot']);
    expect(thrown(() => reloaded.agent('Bingbot'))).toBeInstanceOf(RobotsAgentError);
    // An unscoped artifact has no scope and never throws for a string agent.
    expect(robots.scope).toBeNull();
    expect(robots.agent('Bingbot').selection).toBe('global');
  });
});

describe('every kind of bad artifact is a RobotsFormatError with its code', () => {
  const artifact = compile(ROBOTS_TXT);
  const layout = readArtifactLayout(artifact);
  /** Returns a copy of `bytes` with the length word and checksum made to match it. */
  const resealed = (bytes: Uint8Array): Uint8Array => {
    const out = bytes.slice();
    const dv = new DataView(out.buffer);
    if (out.length >= HEADER_BYTES) {
      dv.setUint32(8, out.length, true);
      dv.setUint32(12, computeChecksum(out), true);
    }
    return out;
  };
  const withHeader = (offset: number, value: number, bytes16 = false): Uint8Array => {
    const out = artifact.slice();
    const dv = new DataView(out.buffer);
    if (bytes16) dv.setUint16(offset, value, true);
    else dv.setUint32(offset, value, true);
    return resealed(out);
  };
  const rulesCount = layout.fields.find((f) => f.at === (layout.sections[2] as readonly number[])[0]);

  it.each([
    ['too-short', 'an empty array', new Uint8Array(0)],
    ['too-short', 'a header cut short', artifact.slice(0, HEADER_BYTES - 1)],
    ['bad-magic', 'another magic', withHeader(0, 0x4d425251)],
    ['bad-version', 'a version-1 artifact', withHeader(4, 1, true)],
    ['bad-version', 'the next version', withHeader(4, FORMAT_VERSION + 1, true)],
    ['bad-version', 'an unknown flag', withHeader(6, 0x80, true)],
    ['bad-length', 'a byte appended', (() => { const out = new Uint8Array(artifact.length + 1); out.set(artifact); return out; })()],
    ['bad-length', 'a length word one short', (() => { const out = artifact.slice(); new DataView(out.buffer).setUint32(8, artifact.length - 1, true); return out; })()],
    ['bad-checksum', 'a body byte changed', (() => { const out = artifact.slice(); out[out.length - 1] = (out[out.length - 1] as number) ^ 1; return out; })()],
    ['bad-checksum', 'the checksum word changed', (() => { const out = artifact.slice(); out[12] = (out[12] as number) ^ 0x80; return out; })()],
    ['bad-section', 'the body cut inside its last section', resealed(artifact.slice(0, artifact.length - 1))],
    ['bad-section', 'a byte after the last section', resealed(spliceBytes(artifact, artifact.length, artifact.length, Uint8Array.of(0)))],
    ['bad-table', 'a rule count past the bytes left', resealed(spliceBytes(artifact, rulesCount?.at ?? 0, rulesCount?.end ?? 0, encodeVarint(0x7fffffff)))],
    ['bad-table', 'a number longer than 31 bits', resealed(spliceBytes(artifact, rulesCount?.at ?? 0, rulesCount?.end ?? 0, encodeVarint(2 ** 31)))],
    ['bad-table', 'a number longer than 5 bytes', resealed(spliceBytes(artifact, rulesCount?.at ?? 0, rulesCount?.end ?? 0, encodeVarint(rulesCount?.value ?? 0, 6)))],
  ] as const)('%s: %s', (code, _label, bytes) => {
    const e = thrown(() => loadRobots(bytes));
    expect(e).toBeInstanceOf(RobotsFormatError);
    expect((e as RobotsFormatError).name).toBe('RobotsFormatError');
    expect((e as RobotsFormatError).code).toBe(code);
    expect((e as Error).message).toContain(`(${code})`);
  });

  it('the unmodified artifact loads, and so does its resealed copy', () => {
    expect(loadRobots(artifact).isAllowed('/private', 'x')).toBe(false);
    expect(loadRobots(resealed(artifact)).isAllowed('/private', 'x')).toBe(false);
  });
});

/** Returns the agent the reference must see for `agent` (docs/semantics.md section 3): rfc9309 cuts a header to its product token, unless it has none. */
function referenceAgent(agent: string, profile: Profile): string {
  if (profile === 'google') return agent;
  const token = /^\s*([A-Za-z_-]*)/.exec(agent)?.[1] ?? '';
  return token === '' ? agent : token;
}

describe('isAllowed and decide answer any string without throwing, as the reference does', () => {
  const TXT = [
    'User-agent: *',
    'Disallow: /*a*%2F*b$',
    'Allow: /a%2fb',
    'Disallow: /%E3%83%84',
    'Disallow: /*$*',
    'Disallow: /a',
    'Disallow: /*%C3',
    'Disallow: /*\u30c4',
    'Disallow: /*%00',
    'Allow: /*%*',
    'Disallow: /x*y*z',
    'Allow: /x?*',
    'Disallow: /;q',
    'Disallow: /caf\u00e9',
    'Allow: /index.html',
    '',
    'User-agent: Googlebot',
    'Disallow: /g*',
    'Allow: /g$',
  ].join('\n');
  /** Pieces random strings are made of: specials of every stage of a check (path finding, escapes, patterns). */
  const PIECES = [
    '/', '/', 'a', 'b', 'x', 'y', 'z', 'g', 'q', '?', ';', '#', ':', '//', 'http://h', '%', '%2f', '%2F', '%41', '%e3%83%84', '%zz', '%C3%A9',
    '*', '$', '\u0000', ' ', '\t', 'caf\u00e9', '\u30c4', '\ud800', '\udc00', '\ud83d\ude00', '\uffff', 'index.html', 'robots.txt',
  ];

  for (const profile of ['rfc9309', 'google'] as const) {
    it(`${profile}: 3,000 seeded strings as URLs, and as agents`, () => {
      const r = compileRobots(TXT, { profile });
      const rng = createRng(profile === 'google' ? 7 : 6);
      const randomString = (): string => {
        let s = '';
        for (let n = pickInt(rng, 12); n > 0; n--) s += pickInt(rng, 8) === 0 ? String.fromCharCode(pickInt(rng, 0x10000)) : (PIECES[pickInt(rng, PIECES.length)] as string);
        return s;
      };
      let disallowed = 0;
      for (let i = 0; i < 3_000; i++) {
        const url = randomString();
        const agent = i % 3 === 0 ? randomString() : i % 3 === 1 ? 'Googlebot' : 'other';
        const want = referenceDecide(TXT, referenceAgent(agent, profile), url, { profile });
        const rules = r.agent(agent);
        const allowed = rules.isAllowed(url);
        const id = rules.decide(url);
        expect([allowed, id === -1 ? 0 : r.rule(id).line], `${JSON.stringify(agent)} ${JSON.stringify(url)}`).toEqual([want.allowed, want.line]);
        if (!allowed) disallowed++;
      }
      console.log(`${profile}: ${disallowed} of 3,000 random strings disallowed`);
      // Both verdicts occur, so the comparison can fail either way.
      expect(disallowed).toBeGreaterThan(50);
      expect(disallowed).toBeLessThan(2_950);
    });
  }
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
    const allowed = rules.isAllowed(url);
    const id = rules.decide(url);
    expect(typeof allowed).toBe('boolean');
    expect(Number.isInteger(id)).toBe(true);
    // Linear: about 10^8 byte steps, about 1 s for both calls under plain Node; a quadratic
    // walk would take hours and time the test out. The bench times checks.
  });

  it('a 2 MB URL gives the reference answer (the naive reference is slow on 10 MB)', () => {
    const url = '/' + 'a'.repeat(2 * 1024 * 1024);
    const want = referenceDecide(['User-agent: *', 'Disallow: /*a*a*b', 'Allow: /*a$'].join('\n'), 'x', url);
    const r = compileRobots(['User-agent: *', 'Disallow: /*a*a*b', 'Allow: /*a$'].join('\n'));
    expect(r.isAllowed(url, 'x')).toBe(want.allowed);
    expect(r.isAllowed(url + 'b', 'x')).toBe(false);
  });

  it('a 10 MB user agent selects the global group', () => {
    for (const agent of ['G'.repeat(TEN_MB), 'G'.repeat(TEN_MB) + '/1.0', '\ud800'.repeat(TEN_MB)]) {
      const rules = robots.agent(agent);
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
  ])('%j is matched as the path %j (docs/semantics.md section 6)', (url, path) => {
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

  const googleRobots = compileRobots(ROBOTS_TXT, { profile: 'google' });
  it.each([
    ['a full User-Agent header', 'Googlebot/2.1 (+http://www.google.com/bot.html)', 'specific', 'global'],
    ['upper case', 'GOOGLEBOT', 'specific', 'specific'],
    ['a star', '*', 'global', 'global'],
    ['a leading space', ' Googlebot', 'specific', 'global'],
    ['non-ASCII', 'Gööglebot', 'global', 'global'],
    ['no product token', '/1.0', 'global', 'global'],
    ['digits only', '008', 'global', 'global'],
    ['__proto__', '__proto__', 'global', 'global'],
    ['constructor', 'constructor', 'global', 'global'],
  ])('an agent with %s: rfc9309 cuts it to its product token (kept whole without one), google compares it verbatim', (_label, agent, rfc, google) => {
    expect(robots.agent(agent).selection, 'rfc9309').toBe(rfc);
    expect(googleRobots.agent(agent).selection, 'google').toBe(google);
    for (const url of ['/google-only', '/empty-token', '/private']) {
      expect(robots.isAllowed(url, agent), `rfc9309 ${url}`).toBe(referenceDecide(ROBOTS_TXT, referenceAgent(agent, 'rfc9309'), url).allowed);
      expect(googleRobots.isAllowed(url, agent), `google ${url}`).toBe(referenceDecide(ROBOTS_TXT, agent, url, { profile: 'google' }).allowed);
    }
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
