// emit-module.ts: the generated module answers exactly as the runtime does (conformance cases
// in both profiles, with the default state cap and with `stateCap: 1` so walks run into the
// generated module's NFA continuation; random files and URLs), and its source carries no text
// of the robots.txt (only the template's identifiers and strings, plus numbers).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadRobots } from '@robomata/runtime';
import { compile, type CompileOptions } from '../src/compile.js';
import { emitModule } from '../src/emit-module.js';
import { CONFORMANCE_CASES, type ConformanceCase } from '../../../test/conformance/cases.js';
import { agentArb, robotsTxtArb, urlsFromRobotsArb } from '../../../test/differential/arbitraries.js';

/** The exports of an emitted module. */
interface Emitted {
  readonly groupCount: number;
  agentIndex(agent: string): number;
  matcherFor(groupIndex: number): (url: string) => boolean;
  isAllowedFor(groupIndex: number, url: string): boolean;
  isAllowed(url: string, agent: string): boolean;
}

/** Returns the module emitted for `artifact`, imported from a data: URL. */
async function importEmitted(artifact: Uint8Array, chunkStates?: number): Promise<Emitted> {
  const src = emitModule(artifact, chunkStates === undefined ? {} : { chunkStates });
  return (await import(/* @vite-ignore */ 'data:text/javascript,' + encodeURIComponent(src))) as Emitted;
}

const _modules = new Map<string | Uint8Array, Map<string, Promise<{ artifact: Uint8Array; mod: Emitted }>>>();

/** Returns the artifact and emitted module of a case's robots.txt (each input compiled once). */
function prepared(c: ConformanceCase, stateCap?: number, chunkStates?: number): Promise<{ artifact: Uint8Array; mod: Emitted }> {
  let byKey = _modules.get(c.robotsTxt);
  if (byKey === undefined) _modules.set(c.robotsTxt, (byKey = new Map()));
  const key = `${c.profile}|${String(c.maxBytes)}|${String(stateCap)}|${String(chunkStates)}`;
  let got = byKey.get(key);
  if (got === undefined) {
    const options: CompileOptions = {
      profile: c.profile,
      ...(c.maxBytes === undefined ? {} : { maxBytes: c.maxBytes }),
      ...(stateCap === undefined ? {} : { stateCap }),
    };
    const artifact = compile(c.robotsTxt, options);
    got = importEmitted(artifact, chunkStates).then((mod) => ({ artifact, mod }));
    byKey.set(key, got);
  }
  return got;
}

/** Checks every entry point of the emitted module against the runtime and the expected verdict. */
function expectSame(artifact: Uint8Array, mod: Emitted, agent: string, url: string, expected?: boolean): void {
  const rules = loadRobots(artifact).agent(agent);
  const want = rules.isAllowed(url);
  const ctx = JSON.stringify({ agent, url });
  if (expected !== undefined) expect(want, `runtime ${ctx}`).toBe(expected);
  expect(mod.agentIndex(agent), `agentIndex ${ctx}`).toBe(rules.groupIndex);
  expect(mod.isAllowed(url, agent), `isAllowed ${ctx}`).toBe(want);
  expect(mod.isAllowedFor(rules.groupIndex, url), `isAllowedFor ${ctx}`).toBe(want);
  expect(mod.matcherFor(rules.groupIndex)(url), `matcherFor ${ctx}`).toBe(want);
}

describe('emitModule: conformance cases agree with the runtime', () => {
  // Default cap; stateCap 1 (frontiers: the NFA continuation); one state per generated function.
  for (const [how, stateCap, chunkStates] of [['default cap', undefined, undefined], ['stateCap 1', 1, undefined], ['chunkStates 1', undefined, 1]] as const) {
    for (const c of CONFORMANCE_CASES) {
      it(`${how}: ${c.spec} ${c.name} [${c.profile}]`, async () => {
        const { artifact, mod } = await prepared(c, stateCap, chunkStates);
        expectSame(artifact, mod, c.agent, c.url, c.allowed);
      });
    }
  }

  it('covers frontier groups with stateCap 1 (the NFA continuation runs)', async () => {
    let frontierGroups = 0;
    for (const c of CONFORMANCE_CASES) {
      const robots = loadRobots((await prepared(c, 1)).artifact);
      for (let g = 0; g < robots.groupCount; g++) {
        if ((robots.describeGroup(g).automata[0]?.frontiers ?? 0) > 0) frontierGroups++;
      }
    }
    expect(frontierGroups).toBeGreaterThan(50);
  });
});

/** Random robots.txt/URL sets per run (ROBOMATA_EMIT_RUNS; default 400). */
const RUNS = Number(process.env.ROBOMATA_EMIT_RUNS ?? 400);

describe('emitModule: random files and URLs agree with the runtime', () => {
  it(`on ${RUNS} random robots.txt/URL sets, both profiles, state caps and chunk sizes`, async () => {
    const samples = fc.sample(
      fc.tuple(
        robotsTxtArb.chain((txt) => fc.tuple(fc.constant(txt), urlsFromRobotsArb(txt))),
        fc.uniqueArray(agentArb, { minLength: 1, maxLength: 3 }),
        fc.constantFrom('rfc9309' as const, 'google' as const),
        fc.constantFrom(undefined, 1, 3),
        fc.constantFrom(undefined, 1, 4),
      ),
      { numRuns: RUNS, seed: 4242 },
    );
    let checks = 0;
    for (const [[txt, urls], agents, profile, stateCap, chunkStates] of samples) {
      const artifact = compile(txt, stateCap === undefined ? { profile } : { profile, stateCap });
      const mod = await importEmitted(artifact, chunkStates);
      for (const agent of agents) {
        for (const url of [...urls, '', '/', 'x', '%', '/%4', '/\uD800x', '/\uDC00', '/\u{1F600}', '/a\u0000b', '/a#b']) {
          expectSame(artifact, mod, agent, url);
          checks++;
        }
      }
    }
    expect(checks).toBeGreaterThan(RUNS * 10);
  });
});

describe('emitModule: regressions and API', () => {
  it('normalises on the fly in rfc9309 and compares raw bytes in google', async () => {
    const txt = 'User-agent: *\nDisallow: /%7Ea\nDisallow: /x%2a\nDisallow: /ツ\nAllow: /p$\nDisallow: /p\n';
    const rfc = await importEmitted(compile(txt));
    expect(rfc.isAllowed('/~a', 'x')).toBe(false);
    expect(rfc.isAllowed('/%7ea', 'x')).toBe(false);
    expect(rfc.isAllowed('/x*', 'x')).toBe(false);
    expect(rfc.isAllowed('/%E3%83%84', 'x')).toBe(false);
    expect(rfc.isAllowed('https://h/ツ', 'x')).toBe(false);
    expect(rfc.isAllowed('/p', 'x')).toBe(true);
    expect(rfc.isAllowed('/p?', 'x')).toBe(false);
    expect(rfc.isAllowed('/robots.txt', 'x')).toBe(true);
    const google = await importEmitted(compile(txt, { profile: 'google' }));
    expect(google.isAllowed('/ツ', 'x')).toBe(true);
    expect(google.isAllowed('/%E3%83%84', 'x')).toBe(false);
  });

  it('selects groups by verbatim, case-insensitive product token, else global, else allow-all', async () => {
    const mod = await importEmitted(compile('User-agent: FooBot\nDisallow: /f\n\nUser-agent: *\nDisallow: /g\n'));
    const foo = mod.agentIndex('FOOBOT');
    expect(foo).toBeGreaterThanOrEqual(0);
    expect(mod.agentIndex('foobot/1.2')).not.toBe(foo);
    expect(mod.isAllowed('/f', 'foobot')).toBe(false);
    expect(mod.isAllowed('/g', 'foobot')).toBe(true);
    expect(mod.isAllowed('/g', 'other')).toBe(false);
    const none = await importEmitted(compile('User-agent: FooBot\nDisallow: /\n'));
    expect(none.agentIndex('other')).toBe(-1);
    expect(none.isAllowed('/x', 'other')).toBe(true);
    expect(none.isAllowedFor(-1, '/x')).toBe(true);
  });

  it('rejects non-string arguments and bad group indexes, and invalid artifacts', async () => {
    const mod = await importEmitted(compile('User-agent: *\nDisallow: /\n'));
    expect(() => mod.isAllowed(42 as unknown as string, 'x')).toThrow(TypeError);
    expect(() => mod.agentIndex(null as unknown as string)).toThrow(TypeError);
    expect(() => mod.matcherFor(mod.groupCount)).toThrow(RangeError);
    expect(() => emitModule(new Uint8Array(8))).toThrow(/invalid robomata artifact/);
    expect(() => emitModule(compile('User-agent: *\nDisallow: /\n'), { chunkStates: 3 })).toThrow(TypeError);
  });
});

describe('emitModule: the source carries no text of the robots.txt', () => {
  const TXT = [
    'User-agent: SecretBot',
    'Disallow: /secret-path-xyz',
    'Allow: /secret-path-xyz/open*.html$',
    'User-agent: *',
    'Disallow: /hidden-qqq',
    'Crawl-delay: 7',
    'Host: private-host.example',
    'Sitemap: https://secret.example.com/sitemap-abc.xml',
  ].join('\n');
  /** Identifiers the template uses (keywords, globals, its own names). */
  const TEMPLATE_WORDS = new Set(
    ('const let function return if else for while switch case continue break export typeof throw new true false ' +
      'Uint8Array Int32Array TypeError RangeError length charCodeAt fill string userAgent must be a url no such group ' +
      'Generated by robomata compiler emitModule numbers from an artifact in fixed template ' +
      'groupCount agentIndex matcherFor isAllowedFor isAllowed ' +
      '_B _R _S _I _K _Q _H _E _F _U _M _G _AT _AG _ps _hx _put _rare _nfa _nt _yes _tc _cmp ' +
      'undefined G u n i s k m c f a b g j o p x v w d h l t e r r st nx cur fr cnt best nb kd lo hi mid').split(' '),
  );
  /** Names the emitter numbers per group: matcher, verdict table, NFA tables. */
  const GROUP_NAME = /^_[mvn]\d+(_\d+)?$/;

  for (const [profile, stateCap] of [['rfc9309', undefined], ['google', undefined], ['rfc9309', 1], ['google', 1]] as const) {
    it(`${profile}${stateCap === undefined ? '' : ', stateCap 1'}: only numbers and template words`, async () => {
      const artifact = compile(TXT, stateCap === undefined ? { profile } : { profile, stateCap });
      const src = emitModule(artifact, { chunkStates: 2 });
      if (stateCap === undefined) expect(src).toContain('_m0_1(u)');
      for (const secret of ['secret', 'SecretBot', 'xyz', 'hidden', 'qqq', 'sitemap-abc', 'private-host', 'open', '.html']) {
        expect(src.toLowerCase()).not.toContain(secret.toLowerCase());
      }
      const words = new Set(src.match(/[A-Za-z_$][\w$]*/g) ?? []);
      const foreign = [...words].filter((w) => !TEMPLATE_WORDS.has(w) && !GROUP_NAME.test(w));
      expect(foreign).toEqual([]);
      // The module still answers for the secret agent and path (its tokens are char codes).
      const mod = await importEmitted(artifact);
      expect(mod.isAllowed('/secret-path-xyz/a', 'SecretBot')).toBe(false);
      expect(mod.isAllowed('/secret-path-xyz/open1.html', 'secretbot')).toBe(true);
      expect(mod.isAllowed('/hidden-qqq', 'SecretBot')).toBe(true);
      expect(mod.isAllowed('/hidden-qqq', 'other')).toBe(false);
    });
  }

  it('the check above can fail: a token or path in the source would be caught', () => {
    const words = new Set('const _m0 = SecretBot;'.match(/[A-Za-z_$][\w$]*/g) ?? []);
    expect([...words].filter((w) => !TEMPLATE_WORDS.has(w) && !/^_[A-Za-z]+\d*$/.test(w))).toEqual(['SecretBot']);
  });
});
