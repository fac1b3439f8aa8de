// compileRobots builds each group on the first agent() that selects it, with the group indices,
// rule ids and answers of loadRobots(compile(...)); agent-scoped compiles keep every index too.
import { INDEX_AGENT_COUNT, INDEX_DIRECTIVE_COUNT, INDEX_RULE_COUNT, INDEX_SITEMAP_COUNT, artifactOf, isGroupBuilt, loadTrustedArtifact } from '@robomata/runtime/internal';
import { describe, expect, it } from 'vitest';
import { compile, compileRobots } from '@robomata/compiler';
import { compileGroupArtifact } from '@robomata/compiler/internals';
import { decide } from '@robomata/reference';
import { RobotsAgentError, describeAutomaton, loadRobots } from '@robomata/runtime';

const TXT = [
  'User-agent: A', 'Disallow: /a', 'Allow: /a/ok*', '',
  'User-agent: B', 'User-agent: C', 'Disallow: /b*x$', '',
  'User-agent: *', 'Disallow: /c', 'Crawl-delay: 3', '',
  'User-agent: A', 'Disallow: /shared', '',
].join('\n');
const AGENTS = ['A', 'B', 'C', 'Zed', 'b/2.0 (+x)', '*'];
const URLS = ['/a', '/a/ok/1', '/bqx', '/bqxy', '/c', '/shared/1', '/d', '/robots.txt'];

describe('compileRobots', () => {
  it('starts with no group built and answers like the full artifact (and the reference) for every agent', () => {
    for (const profile of ['rfc9309', 'google'] as const) {
      const lazy = compileRobots(TXT, { profile });
      const full = loadRobots(compile(TXT, { profile }));
      for (let g = 0; g < lazy.groupCount; g++) expect(isGroupBuilt(lazy, g), `group ${g} built before any agent()`).toBe(false);
      for (const agent of AGENTS) {
        const rules = lazy.agent(agent);
        expect(rules.groupIndex).toBe(full.agent(agent).groupIndex);
        expect(rules.selection).toBe(full.agent(agent).selection);
        for (const url of URLS) {
          expect(rules.isAllowed(url), `${profile} ${agent} ${url}`).toBe(full.isAllowed(url, agent));
          const id = rules.decide(url);
          expect(id).toBe(full.decide(url, agent));
          if (profile === 'google') expect(id < 0 ? 0 : lazy.rule(id).line).toBe(decide(TXT, agent, url, { profile }).line);
        }
      }
      expect(lazy.crawlDelay('Zed')).toBe(3);
      expect(lazy.rule(1)).toEqual(full.rule(1));
    }
  });

  it('builds a file whose only group is the global group at once (every agent selects it), with the answers of the full artifact', () => {
    const txt = 'User-agent: *\nDisallow: /c\nAllow: /c/ok$\nDisallow: /*.pdf\n';
    for (const agents of [undefined, ['A']]) {
      const options = agents === undefined ? {} : { agents };
      const lazy = compileRobots(txt, options);
      const full = loadRobots(compile(txt, options));
      expect(lazy.groupCount).toBe(1);
      expect(isGroupBuilt(lazy, 0)).toBe(true);
      expect(lazy.bytes).toEqual(full.bytes);
      for (const url of ['/c', '/c/ok', '/c/ok/1', '/a.pdf', '/d']) expect(lazy.decide(url, 'A')).toBe(full.decide(url, 'A'));
    }
    // With a second group the global group waits for its first agent() like any other.
    const two = compileRobots('User-agent: *\nDisallow: /c\n\nUser-agent: B\nDisallow: /b\n');
    expect([isGroupBuilt(two, 0), isGroupBuilt(two, 1)]).toEqual([false, false]);
  });

  it('selects the first agent()\'s group before its first artifact exists and builds it there: one artifact, then one per other group', () => {
    for (const profile of ['rfc9309', 'google'] as const) {
      const full = loadRobots(compile(TXT, { profile }));
      for (const agent of AGENTS) {
        const lazy = compileRobots(TXT, { profile });
        const rules = lazy.agent(agent);
        const want = full.agent(agent);
        expect([rules.groupIndex, rules.selection], `${profile} ${agent}`).toEqual([want.groupIndex, want.selection]);
        // The first artifact holds the selected group (or the global group it fell back to) built, and no other.
        for (let g = 0; g < lazy.groupCount; g++) expect(isGroupBuilt(lazy, g), `${profile} ${agent} group ${g}`).toBe(g === want.groupIndex);
        for (const url of URLS) expect(rules.decide(url), `${profile} ${agent} ${url}`).toBe(want.decide(url));
        // Another crawler's group is built on its own first agent(), with the same answers.
        for (const other of AGENTS) for (const url of URLS) expect(lazy.decide(url, other), `${other} after ${agent}`).toBe(full.decide(url, other));
        expect(lazy.agent(agent)).toBe(rules);
        // The whole file, made after the parse was let go, is the one a host with nothing built writes.
        expect(lazy.bytes).toEqual(compileRobots(TXT, { profile }).bytes);
        expect(lazy.rule(1)).toEqual(full.rule(1));
      }
    }
    // A byte input: the parse is let go once the first group is built, and another group is
    // built from the host's own copy, whatever the caller's buffer holds by then.
    const input = new TextEncoder().encode(TXT);
    const fromBytes = compileRobots(input);
    expect(fromBytes.isAllowed('/a', 'A')).toBe(false);
    input.fill(32);
    for (const agent of AGENTS) for (const url of URLS) expect(fromBytes.decide(url, agent), `bytes ${agent} ${url}`).toBe(loadRobots(compile(TXT)).decide(url, agent));
    // No group and no global group: allow-all, nothing built.
    const none = compileRobots('User-agent: A\nDisallow: /a\n\nUser-agent: B\nDisallow: /b\n');
    expect(none.agent('Zed').selection).toBe('none');
    expect([isGroupBuilt(none, 0), isGroupBuilt(none, 1)]).toEqual([false, false]);
    expect(none.isAllowed('/a', 'A')).toBe(false);
    // An agent-scoped host refuses a crawler outside its scope on the first agent() too.
    const scoped = compileRobots(TXT, { agents: ['B'] });
    expect(() => scoped.agent('A')).toThrow(RobotsAgentError);
    expect(scoped.isAllowed('/bqx', 'B')).toBe(false);
    expect(() => scoped.agent('Zed')).toThrow(RobotsAgentError);
    // A wrong argument type is the TypeError of a loaded artifact, before anything is built.
    expect(() => compileRobots(TXT).agent(3 as unknown as string)).toThrow(TypeError);
  });

  it('settles a first explain() as agent() would: its group is built in the first artifact, with the full artifact\'s explanation', () => {
    for (const profile of ['rfc9309', 'google'] as const) {
      const full = loadRobots(compile(TXT, { profile }));
      for (const agent of AGENTS) {
        const lazy = compileRobots(TXT, { profile });
        const want = full.agent(agent);
        expect(lazy.explain(URLS[0] as string, agent), `${profile} ${agent}`).toEqual(full.explain(URLS[0] as string, agent));
        for (let g = 0; g < lazy.groupCount; g++) expect(isGroupBuilt(lazy, g), `${profile} ${agent} group ${g}`).toBe(g === want.groupIndex);
        for (const url of URLS) expect(lazy.explain(url, agent)).toEqual(full.explain(url, agent));
      }
    }
    // Out of scope: nothing built, the explanation says so, and agent() refuses.
    const scoped = compileRobots(TXT, { agents: ['B'] });
    expect(scoped.explain('/a', 'A').outcome).toBe('out-of-scope');
    expect(() => scoped.agent('A')).toThrow(RobotsAgentError);
    expect(scoped.explain('/bqx', 'B').allowed).toBe(false);
  });

  it('leaves the whole file (rule texts, directives, bytes) out of its first artifact and reads it, as compile wrote it, on first use', () => {
    const tail = '\nSitemap: https://example.com/s.xml\nHost: example.com\n';
    const one = 'User-agent: *\nDisallow: /c\nAllow: /c/ok$\nDisallow: /*.pdf\nCrawl-delay: 2';
    for (const txt of [`${one}${tail}`, `${TXT}${tail}`]) {
      for (const input of [txt, new TextEncoder().encode(txt)]) {
        const lazy = compileRobots(input);
        const full = loadRobots(compile(txt));
        const first = artifactOf(lazy);
        // Selection, matching and the sitemaps read the first artifact: no rule texts or directives in it.
        expect([first.header(INDEX_SITEMAP_COUNT), first.header(INDEX_DIRECTIVE_COUNT)]).toEqual([1, 0]);
        expect(first.header(INDEX_RULE_COUNT)).toBe(artifactOf(full).header(INDEX_RULE_COUNT));
        expect(first.bytes.length).toBeLessThan(compile(txt).length);
        expect(lazy.crawlDelay('Zed')).toBe(full.crawlDelay('Zed'));
        expect(lazy.warnings).toEqual(full.warnings);
        for (const url of URLS) expect(lazy.decide(url, 'B')).toBe(full.decide(url, 'B'));
        // A caller reusing its buffer changes nothing the host reads later.
        if (input instanceof Uint8Array) input.fill(32);
        expect(lazy.sitemaps).toEqual(['https://example.com/s.xml']);
        expect(lazy.otherDirectives()).toEqual(full.otherDirectives());
        for (let id = 0; id < lazy.groupCount; id++) expect(lazy.describeGroup(id).ruleIds).toEqual(full.describeGroup(id).ruleIds);
        for (let id = 0; id < artifactOf(full).header(INDEX_RULE_COUNT); id++) expect(lazy.rule(id)).toEqual(full.rule(id));
        expect(lazy.explain('/c/ok', 'Zed').rule).toEqual(full.explain('/c/ok', 'Zed').rule);
        // bytes: compile's artifact for a file built at once, else compile's with no group built.
        const reloaded = loadRobots(lazy.bytes);
        if (lazy.groupCount === 1) expect(lazy.bytes).toEqual(compile(txt));
        else for (let g = 0; g < lazy.groupCount; g++) expect(isGroupBuilt(reloaded, g)).toBe(false);
        expect(reloaded.sitemaps).toEqual(full.sitemaps);
        for (let id = 0; id < artifactOf(full).header(INDEX_RULE_COUNT); id++) expect(reloaded.rule(id)).toEqual(full.rule(id));
        expect(lazy.byteLength).toBe(lazy.bytes.length);
      }
    }
    // The single-group file's bytes are compile's, loadable on their own.
    expect(loadRobots(compileRobots(one).bytes).decide('/a.pdf', 'A')).toBe(loadRobots(compile(one)).decide('/a.pdf', 'A'));
  });

  it('keeps of a one-group file only what a compile reads (maxBytes + 1 bytes) and writes compile\'s bytes from it, cut anywhere', () => {
    const txt = `User-agent: *\nDisallow: /a\n${'Disallow: /\u00e9\u{1F600}x\nSitemap: https://e.com/\u{1F600}\n'.repeat(12)}`;
    const bytes = new TextEncoder().encode(txt);
    let truncated = 0;
    for (let maxBytes = 20; maxBytes <= bytes.length + 1; maxBytes += 7) {
      for (const input of [txt, bytes]) {
        const lazy = compileRobots(input, { maxBytes });
        const want = compile(txt, { maxBytes });
        expect(lazy.bytes, `maxBytes ${maxBytes} ${typeof input}`).toEqual(want);
        if (lazy.warnings.some((w) => w.code === 'truncated')) truncated++;
      }
    }
    expect(truncated).toBeGreaterThan(20);
  });

  it('reads a byte input once: the answers and the whole file come from one copy, whatever the buffer does after', () => {
    // _ReadTwice stands in for a buffer another thread writes between two reads (a
    // SharedArrayBuffer): its slice() sees other bytes than a read in place. compileRobots must
    // parse the copy it keeps, so its answers and its later texts and bytes describe one file.
    const first = new TextEncoder().encode('User-agent: *\nDisallow: /a\n');
    const later = new TextEncoder().encode('User-agent: *\nAllow: /a\nDisallow: /\n');
    class _ReadTwice extends Uint8Array {
      override slice(start?: number, end?: number): Uint8Array<ArrayBuffer> {
        return later.slice(start, end);
      }
    }
    const input = new _ReadTwice(first.length);
    input.set(first);
    const robots = compileRobots(input);
    const agreed = loadRobots(robots.bytes);
    for (const url of ['/a', '/b', '/']) expect(robots.isAllowed(url, 'x'), url).toBe(agreed.isAllowed(url, 'x'));
    const id = robots.decide('/a', 'x');
    expect(id).toBeGreaterThanOrEqual(0);
    expect(robots.rule(id)).toEqual(agreed.rule(agreed.decide('/a', 'x')));
    // A SharedArrayBuffer input answers as its bytes compiled.
    const shared = new Uint8Array(new SharedArrayBuffer(later.length));
    shared.set(later);
    const fromShared = compileRobots(shared);
    expect(fromShared.bytes).toEqual(compile(later));
    expect(fromShared.isAllowed('/b', 'x')).toBe(false);
  });

  it('keeps a string\'s parse apart from the shared encoding buffer: compiles between compileRobots and agent() change nothing', () => {
    // The parse of a string is borrowed (encoded into one buffer every borrowed parse shares)
    // and given bytes of its own when its groups wait for agent(): a compile or compileRobots
    // in between overwrites that buffer.
    const txt = `${TXT}\nUser-agent: D\nDisallow: /d%7e\u00e9*x\nContent-Usage: /\u00e9 train-ai=n\n`;
    const overwrite = `User-agent: *\n${'Allow: /zzzzzzzzzzzzzzzzzzzz\n'.repeat(40)}`;
    // The expected answers first: a compile of `txt` would write its bytes to the buffer again.
    const full = loadRobots(compile(txt));
    const held = [compileRobots(txt), compileRobots(txt)];
    compile(overwrite);
    compileRobots(overwrite);
    compileRobots(`User-agent: Q\nDisallow: /q\n${overwrite}`).agent('Q');
    for (const agent of [...AGENTS, 'D']) {
      for (const [k, robots] of held.entries()) {
        const rules = robots.agent(agent);
        for (const url of [...URLS, '/d~\u00e9zx', '/d%7E%C3%A9x', '/\u00e9/1']) {
          expect(rules.decide(url), `${k} ${agent} ${url}`).toBe(full.agent(agent).decide(url));
          expect(rules.usage(url, 'train-ai'), `${k} ${agent} ${url}`).toEqual(full.agent(agent).usage(url, 'train-ai'));
        }
      }
    }
  });

  it('gives a longer string\'s held parse (views of the shared encoding buffer) bytes of its own right before the next borrowed parse', () => {
    // Past 2 KiB of UTF-8 a string's lean parse reads the shared encoding buffer in place; a
    // held parse is given bytes of its own only right before the next borrowed parse (A first:
    // its rules' bytes are views, E's are percent-encoded copies).
    const long = `${TXT}\nUser-agent: E\n${Array.from({ length: 120 }, (_, i) => `Disallow: /e${i}/*x\u00e9$`).join('\n')}\n`;
    expect(new TextEncoder().encode(long).length).toBeGreaterThan(2048);
    const full = loadRobots(compile(long));
    const early = compileRobots(long);
    // Its first agent() before any other parse: nothing to own.
    const earlyRules = early.agent('E');
    const held = [compileRobots(long), compileRobots(long)];
    compile(`User-agent: *\n${'Allow: /zzzzzzzzzzzzzzzzzzzz\n'.repeat(200)}`);
    compileRobots(`User-agent: Q\nDisallow: /q\n${'Allow: /yyyyyyyyyyyyyyyyyyyy\n'.repeat(200)}`).agent('Q');
    for (const agent of ['A', 'E', 'Zed']) {
      for (const [k, robots] of held.entries()) {
        const rules = robots.agent(agent);
        for (const url of ['/e7/ax\u00e9', '/e7/ax%C3%A9', '/e119/x\u00e9', '/e12/y', '/a', '/c']) {
          expect(rules.decide(url), `${k} ${agent} ${url}`).toBe(full.agent(agent).decide(url));
          if (agent === 'E') expect(earlyRules.decide(url), url).toBe(full.agent(agent).decide(url));
        }
      }
    }
  });

  it('reads an HTML page of more than 8 KiB as a compile does: its markup lines are only counted, its directive lines still apply', () => {
    // In an HTML page the lean parse skips, from its first line, a line whose first non-blank
    // byte starts no key it reads (here `<`, `#` and `W`); lines opening with a, c, d, s or u
    // are parsed as ever.
    const page = `<!doctype html>\n<html>\n${'  <li><a href="/x">Disallow: /x</a></li>\n'.repeat(300)}# Disallow: /hash\nWelcome: here\n`;
    const tail = 'User-agent: *\n\tDisallow: /private\n<p>Disallow: /markup</p>\r\nAllow: /private/ok\rCrawl-delay: 3\n';
    for (const txt of [page + tail, `${page}\u00e9\n${tail}`]) {
      expect(new TextEncoder().encode(txt).length).toBeGreaterThan(8192);
      const lazy = compileRobots(txt);
      const full = loadRobots(compile(txt));
      for (const url of ['/private/x', '/private/ok', '/markup', '/x', '/hash']) {
        expect(lazy.agent('bot').decide(url), url).toBe(full.agent('bot').decide(url));
        const want = decide(txt, 'bot', url);
        expect(lazy.isAllowed(url, 'bot'), url).toBe(want.allowed);
        const id = lazy.agent('bot').decide(url);
        expect(id < 0 ? 'none' : lazy.rule(id).line, url).toBe(want.kind === 'none' ? 'none' : want.line);
      }
      expect(lazy.isAllowed('/private/x', 'bot')).toBe(false);
      expect(lazy.isAllowed('/markup', 'bot')).toBe(true);
      expect(lazy.crawlDelay('bot')).toBe(3);
      expect(lazy.warnings.map((w) => w.code)).toEqual(['html']);
      expect(lazy.rule(lazy.agent('bot').decide('/private/x')).line).toBe(full.rule(full.agent('bot').decide('/private/x')).line);
    }
  });

  it('cuts the group its first artifact builds at once, into one buffer with the index and its bytes', () => {
    for (const [txt, agent] of [['User-agent: *\nDisallow: /c\n', 'x'], [TXT, 'A']] as const) {
      const lazy = compileRobots(txt);
      const rules = lazy.agent(agent);
      const a = artifactOf(lazy);
      expect(isGroupBuilt(lazy, rules.groupIndex)).toBe(true);
      // One allocation a host: the index (with the image after it) and the bytes share a buffer.
      expect(a.bytes.buffer).toBe(a.index.buffer);
      expect(a.group(rules.groupIndex).img).toBe(a.index);
      expect(rules.isAllowed('/c/1')).toBe(loadRobots(compile(txt)).agent(agent).isAllowed('/c/1'));
    }
  });

  it('builds a group for tooling too (describeGroup, describeAutomaton)', () => {
    const lazy = compileRobots(TXT);
    const g = lazy.agent('B').groupIndex;
    expect(lazy.describeGroup(g)).toMatchObject({ built: true, tokens: ['b', 'c'], parts: [{ wildcards: 1 }] });
    expect(describeAutomaton(lazy, g).scans.map((s) => s.segments)).toEqual([['x']]);
  });
});

describe('agent-scoped compile', () => {
  it('keeps every group index and rule id, builds only the scope and the global group, and refuses the rest', () => {
    const full = loadRobots(compile(TXT));
    const scoped = loadRobots(compile(TXT, { agents: ['A'] }));
    expect(scoped.scope).toEqual(['a']);
    expect(scoped.groupCount).toBe(full.groupCount);
    expect(scoped.agent('A').groupIndex).toBe(full.agent('A').groupIndex);
    for (const url of URLS) expect(scoped.decide(url, 'A')).toBe(full.decide(url, 'A'));
    for (const id of [0, 1, 2, 3]) expect(scoped.rule(id)).toEqual(full.rule(id));
    expect(() => scoped.agent('B')).toThrow(RobotsAgentError);
    expect(() => scoped.agent('Zed')).toThrow(RobotsAgentError);
    const built = Array.from({ length: scoped.groupCount }, (_, g) => scoped.describeGroup(g)).filter((d) => d.built);
    expect(built.map((d) => (d.global ? '*' : d.tokens.join(','))).sort()).toEqual(['*', 'a']);
  });

  it('builds each group into an artifact of what its matching reads: no agent tokens, rule texts, sitemaps, directives or other groups', () => {
    const txt = `${TXT}\nSitemap: https://example.com/s.xml\nHost: example.com\n`;
    for (const profile of ['rfc9309', 'google'] as const) {
      const full = loadRobots(compile(txt, { profile }));
      for (let g = 0; g < full.groupCount; g++) {
        const bytes = compileGroupArtifact(txt, g, { profile });
        const own = loadRobots(bytes);
        expect(own.groupCount).toBe(full.groupCount);
        expect(own.sitemaps).toEqual([]);
        expect(own.otherDirectives()).toEqual([]);
        expect(artifactOf(own).header(INDEX_AGENT_COUNT)).toBe(0);
        expect(artifactOf(full).header(INDEX_AGENT_COUNT)).toBeGreaterThan(0);
        for (let k = 0; k < own.groupCount; k++) expect(isGroupBuilt(own, k), `group ${k} of group ${g}'s artifact`).toBe(k === g);
        // Rules keep their ids and kinds, not their lines or texts.
        expect(artifactOf(own).header(INDEX_RULE_COUNT)).toBe(artifactOf(full).header(INDEX_RULE_COUNT));
        for (let id = 0; id < artifactOf(own).header(INDEX_RULE_COUNT); id++) {
          expect(own.rule(id).kind).toBe(full.rule(id).kind);
          expect(own.rule(id).line).toBe(id + 1);
        }
        expect(bytes.length).toBeLessThan(compile(txt, { profile }).length);
      }
    }
    expect(() => compileGroupArtifact(TXT, 99)).toThrow(RangeError);
  });

  it('leaves the checksum of its own artifacts 0 (loaded by loadTrustedArtifact), never of bytes it shows; loadRobots still refuses them', () => {
    const one = compileRobots('User-agent: *\nDisallow: /c\n');
    const two = compileRobots(TXT);
    const agent = two.agent('A');
    expect(agent.isAllowed('/')).toBe(loadRobots(compile(TXT)).agent('A').isAllowed('/'));
    for (const lazy of [one, two]) {
      const own = artifactOf(lazy).bytes;
      expect([...own.subarray(12, 16)]).toEqual([0, 0, 0, 0]);
      expect(() => loadRobots(own)).toThrow(expect.objectContaining({ code: 'bad-checksum' }));
      expect(loadTrustedArtifact(own).groupCount).toBe(lazy.groupCount);
      // The whole file's bytes are compile's, checksummed.
      expect(loadRobots(lazy.bytes).groupCount).toBe(lazy.groupCount);
    }
    for (let g = 0; g < two.groupCount; g++) expect(loadRobots(compileGroupArtifact(TXT, g)).groupCount).toBe(two.groupCount);
  });
});
