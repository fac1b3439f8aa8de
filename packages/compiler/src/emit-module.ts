/**
 * Strategy 5 (issue 4): turns a validated artifact into the source of a standalone ES module
 * whose matcher is generated code: per merged group, a walk with the group's DFA as a `switch`
 * over states and char-code range tests (from the class map), specialised for the artifact's
 * profile, with the settled verdicts folded in as `return true` / `return false`. The module
 * carries only numbers from the artifact (state numbers, char codes, typed-array literals);
 * every identifier and string in it belongs to the fixed template below, never to the
 * robots.txt (agent tokens become arrays of char codes; rule patterns and sitemaps are not
 * emitted at all). Walks that leave the DFA at a frontier state continue in a fixed, generic
 * NFA simulation over numeric tables (the runtime's closure and rank pruning).
 */
import {
  AGENT_WORDS, FRONTIER_END, FRONTIER_LEVEL, FRONTIER_WORDS, HEADER_SECTIONS, SECTION_AGENTS,
  SECTION_GROUPS, SECTION_STRINGS, loadRobots, type Robots,
} from '@robomata/runtime';

/** Options of {@link emitModule}. */
export interface EmitOptions {
  /** Most unsettled DFA states per generated function (a power of two); default CHUNK_STATES. */
  readonly chunkStates?: number;
}

/** A validated automaton as the runtime holds it (class map, comb tables, NFA and frontiers). */
type _Part = NonNullable<ReturnType<Robots['groupPart']>>;

/**
 * Runs of non-default targets per state up to which a state's transitions are an `if` chain;
 * beyond it they become a `switch (c)` (a jump table). Not measured separately: a first guess,
 * left as is because the generated strategy's cost is dominated by function size and frontier
 * simulation (see CHUNK_STATES), not by how one state tests its bytes.
 */
const IF_CHAIN_MAX_RUNS = 6;
/**
 * Unsettled DFA states per generated function (a power of two). V8 does not optimise a
 * function whose bytecode exceeds 60 KB (`--max-optimized-bytecode-size`); a 2,103-state DFA in
 * one function ran at 840 ns/check against 83 ns with the limit lifted, so larger DFAs are cut
 * into chunks. Measured on a 30-rule corpus-derived file (1,026 states): 64 -> 251 ns,
 * 128 -> 136, 256 -> 122, 512 -> 220, 1024 -> 821 ns/check.
 */
const CHUNK_STATES = 256;

/**
 * The fixed part of every emitted module: path finding (SPEC.md section 6), the rare-unit
 * decoder (filled in per profile), the NFA continuation past frontier states, agent lookup and
 * the exports. `_B` holds the bytes of one decoded unit (`_R` of them).
 */
/**
 * Template: fetch the next path byte into `c` (decoded bytes of a rare character first, then the
 * URL's code units; `#`/NUL/end break), shared by the DFA loops and the NFA routine.
 */
const _NEXT_BYTE = `    if (k < m) c = _B[k++];
    else if (i < n) {
      c = u.charCodeAt(i);
      if (c < 128 && _F[c] === 1) i++;
      else if (c === 35 || c === 0) break;
      else { i = _rare(u, i, n); k = 1; m = _R; c = _B[0]; }
    } else break;`;

const _TEMPLATE_HEAD = `const _B = new Uint8Array(12);
let _R = 0, _S = 0, _I = 0, _K = 0, _Q = 0;
const _H = new Uint8Array([48,49,50,51,52,53,54,55,56,57,65,66,67,68,69,70]);
function _ps(u) {
  const n = u.length;
  let f = 0;
  if (n >= 2 && u.charCodeAt(0) === 47 && u.charCodeAt(1) === 47) f = 2;
  let a = f;
  for (let k = f; k < n; k++) {
    const c = u.charCodeAt(k);
    if (c === 47 || c === 63 || c === 59) break;
    if (c === 58 && k + 2 < n && u.charCodeAt(k + 1) === 47 && u.charCodeAt(k + 2) === 47) { a = k + 3; break; }
  }
  let k = a;
  for (; k < n; k++) {
    const c = u.charCodeAt(k);
    if (c === 47 || c === 63 || c === 59) break;
    if (c === 35) return -1;
  }
  if (k >= n) return -1;
  for (let h = f; h < a; h++) if (u.charCodeAt(h) === 35) return -1;
  return k;
}
function _hx(c) {
  if (c >= 48 && c <= 57) return c - 48;
  if (c >= 65 && c <= 70) return c - 55;
  if (c >= 97 && c <= 102) return c - 87;
  return -1;
}
function _put(b) {
  if (_E === 1) { _B[_R] = 37; _B[_R + 1] = _H[b >> 4]; _B[_R + 2] = _H[b & 15]; _R += 3; }
  else _B[_R++] = b;
}
function _rare(u, i, n) {
  const c = u.charCodeAt(i);
  _R = 0;
  if (c < 128) {
    if (c === 37) {
      const h = i + 2 < n ? _hx(u.charCodeAt(i + 1)) : -1;
      const l = h >= 0 ? _hx(u.charCodeAt(i + 2)) : -1;
      if (l < 0) { _B[0] = 37; _R = 1; return i + 1; }
      const v = (h << 4) | l;
      if (v < 128 && _U[v] === 1) { _B[0] = v; _R = 1; } else _put(v);
      return i + 3;
    }
    _put(c);
    return i + 1;
  }
  let p = c, j = i + 1;
  if (c >= 55296 && c <= 57343) {
    const d = j < n ? u.charCodeAt(j) : 0;
    if (c <= 56319 && d >= 56320 && d <= 57343) { p = 65536 + ((c - 55296) << 10) + (d - 56320); j++; }
    else p = 65533;
  }
  if (p < 2048) _put(192 | (p >> 6));
  else {
    if (p < 65536) _put(224 | (p >> 12));
    else { _put(240 | (p >> 18)); _put(128 | ((p >> 12) & 63)); }
    _put(128 | ((p >> 6) & 63));
  }
  _put(128 | (p & 63));
  return j;
}
function _nfa(G, f, u, i, k, m) {
  const x = G.x, fr = G.f, cur = G.c, nx = G.d, st = G.s, n = u.length;
  let cnt = fr[f * 5 + 4], best = fr[f * 5], c = 0;
  for (let j = 0, o = fr[f * 5 + 3]; j < cnt; j++) cur[j] = G.l[o + j];
  while (cnt > 0) {
${_NEXT_BYTE}
    let g = G.g + 1;
    if (g === 1073741823) { st.fill(0); g = 1; }
    G.g = g;
    let fill = 0, nb = best;
    for (let j = 0; j < cnt; j++) {
      let p = cur[j];
      const w = x[p << 1] & 511;
      if (w === c) p++;
      else if (w !== 256) continue;
      for (;;) {
        const v = x[p << 1], kd = v & 511;
        if (kd === 257 && (v & 512) === 0) { const r = x[(p << 1) + 1]; if (r < nb) nb = r; break; }
        if (st[p] !== g) { st[p] = g; nx[fill++] = p; }
        if (kd !== 256) break;
        p++;
      }
    }
    cnt = 0;
    for (let j = 0; j < fill; j++) { const p = nx[j]; if (x[(p << 1) + 1] < nb) cur[cnt++] = p; }
    best = nb;
  }
  let e = best;
  for (let j = 0; j < cnt; j++) { const p = cur[j]; if ((x[p << 1] & 511) === 257 && x[(p << 1) + 1] < e) e = x[(p << 1) + 1]; }
  return e === 2147483647 ? true : G.a[e] === 1;
}
function _nt(x, f, l, a, p) {
  return { x, f, l, a, c: new Int32Array(p), d: new Int32Array(p), s: new Int32Array(p), g: 0 };
}
function _yes(u) { return true; }
`;

/** The fixed exports: agent lookup (SPEC.md section 3), per-group and per-agent checks. */
const _TEMPLATE_TAIL = `function _tc(c) { return (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 45 || c === 95; }
function _cmp(t, a) {
  const n = a.length, m = t.length < n ? t.length : n;
  for (let k = 0; k < m; k++) {
    let c = a.charCodeAt(k);
    if (c >= 65 && c <= 90) c += 32;
    if (t[k] !== c) return t[k] - c;
  }
  return t.length - n;
}
export const groupCount = _M.length;
export function agentIndex(a) {
  if (typeof a !== 'string') throw new TypeError('userAgent must be a string');
  for (let k = 0; k < a.length; k++) if (!_tc(a.charCodeAt(k))) return _G;
  let lo = 0, hi = _AT.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1, d = _cmp(_AT[mid], a);
    if (d === 0) return _AG[mid];
    if (d < 0) lo = mid + 1; else hi = mid - 1;
  }
  return _G;
}
export function matcherFor(g) {
  if (g === -1) return _yes;
  const f = _M[g];
  if (f === undefined) throw new RangeError('no such group');
  return f;
}
export function isAllowedFor(g, u) {
  if (typeof u !== 'string') throw new TypeError('url must be a string');
  return matcherFor(g)(u);
}
export function isAllowed(u, a) {
  return isAllowedFor(agentIndex(a), u);
}
`;

/** Returns the 32-bit words of the artifact (a 4-aligned view of the loaded bytes). */
function _wordsOf(robots: Robots): Int32Array {
  const b = robots.bytes.byteOffset % 4 === 0 ? robots.bytes : new Uint8Array(robots.bytes);
  return new Int32Array(b.buffer, b.byteOffset, b.byteLength >> 2);
}

/** Returns `[lowerCasedTokenCodes, groupIndex][]` (sorted as in the artifact) and the global group. */
function _readAgents(robots: Robots): { tokens: number[][]; groups: number[]; global: number } {
  const words = _wordsOf(robots);
  const bytes = new Uint8Array(words.buffer, words.byteOffset, words.byteLength);
  const section = (i: number): number => (words[HEADER_SECTIONS + 2 * i] as number) >> 2;
  const strings = words[HEADER_SECTIONS + 2 * SECTION_STRINGS] as number;
  const a = section(SECTION_AGENTS);
  const tokens: number[][] = [];
  const groups: number[] = [];
  for (let i = 0; i < (words[a] as number); i++) {
    const off = words[a + 1 + i * AGENT_WORDS] as number;
    const len = words[a + 2 + i * AGENT_WORDS] as number;
    tokens.push([...bytes.subarray(strings + off, strings + off + len)]);
    groups.push(words[a + 3 + i * AGENT_WORDS] as number);
  }
  return { tokens, groups, global: words[section(SECTION_GROUPS) + 1] as number };
}

/** Returns the comb-table successor of DFA state `s` on byte `b` (a frontier when < 0). */
function _next(p: _Part, s: number, b: number): number {
  const j = ((p.header[s << 1] as number) + (p.cls[b] as number)) << 1;
  return p.pairs[j] === s ? (p.pairs[j + 1] as number) : (p.header[(s << 1) + 1] as number);
}

/** Returns, per byte 0-255, whether the walk can ever feed it to the DFA in this profile. */
function _feedable(rfc: boolean): boolean[] {
  const out: boolean[] = [];
  for (let b = 0; b < 256; b++) out.push(b !== 0 && b !== 35 && !(rfc && (b === 36 || b === 42 || b >= 128)));
  return out;
}

/**
 * Returns the statement(s) that take transition target `t` from a state of chunk `[lo, hi)`:
 * go on, hand over to another chunk, return a verdict, or continue by NFA simulation. A
 * chunked walk returns 0/1 (verdict), 2 (path ended in `_S`) or 3 (continue in `_S`'s chunk).
 */
function _action(p: _Part, t: number, g: number, verdict: (rank: number) => boolean, lo: number, hi: number, chunked: boolean): string {
  const answer = (allowed: boolean): string => `return ${chunked ? (allowed ? 1 : 0) : allowed};`;
  if (t >= lo && t < hi) return `s = ${t}; continue;`;
  if (t >= 0 && t < p.settleVerdict) return `_S = ${t}; _I = i; _K = k; _Q = m; return 3;`;
  if (t >= 0) return answer(verdict(p.end[t] as number));
  const f = -t - 2;
  if ((p.frontiers[f * FRONTIER_WORDS + FRONTIER_LEVEL] as number) >= 1) {
    return answer(verdict(p.frontiers[f * FRONTIER_WORDS + FRONTIER_END] as number));
  }
  return `return _nfa(_n${g}, ${f}, u, i, k, m)${chunked ? ' ? 1 : 0' : ''};`;
}

/** Returns a range test on `c` for bytes `[lo, hi]` (bytes fed are always 1-255). */
function _rangeTest(lo: number, hi: number): string {
  if (lo === hi) return `c === ${lo}`;
  if (hi === 255) return `c >= ${lo}`;
  if (lo <= 1) return `c <= ${hi}`;
  return `(c >= ${lo} && c <= ${hi})`;
}

/**
 * Returns the `case` of state `s`: its byte-to-target map cut into runs (bytes never fed
 * take the previous byte's target, so runs merge across them), the most common target as the
 * fall-through, the others as range tests or an inner `switch`. O(256).
 */
function _emitState(p: _Part, s: number, feed: readonly boolean[], act: (t: number) => string): string {
  const target: number[] = [];
  const tally = new Map<number, number>();
  for (let b = 0; b < 256; b++) {
    if (feed[b] === true) {
      const t = _next(p, s, b);
      target.push(t);
      tally.set(t, (tally.get(t) ?? 0) + 1);
    } else target.push(b === 0 ? Number.NaN : (target[b - 1] as number));
  }
  let fallback = 0;
  let most = -1;
  for (const [t, count] of tally) if (count > most) [fallback, most] = [t, count];
  for (let b = 0; b < 256; b++) if (Number.isNaN(target[b])) target[b] = fallback;
  // Targets whose statement equals the fall-through's (e.g. two settled states of one verdict) join it.
  const fallbackAct = act(fallback);
  for (let b = 0; b < 256; b++) if (act(target[b] as number) === fallbackAct) target[b] = fallback;
  const runs: [number, number, number][] = [];
  for (let b = 1; b < 256; b++) {
    const t = target[b] as number;
    const last = runs[runs.length - 1];
    if (last !== undefined && last[1] === b - 1 && last[2] === t) last[1] = b;
    else if (t !== fallback) runs.push([b, b, t]);
  }
  const out = [`      case ${s}:`];
  if (runs.length <= IF_CHAIN_MAX_RUNS) {
    const byTarget = new Map<number, string[]>();
    for (const [lo, hi, t] of runs) byTarget.set(t, [...(byTarget.get(t) ?? []), _rangeTest(lo, hi)]);
    for (const [t, tests] of byTarget) out.push(`        if (${tests.join(' || ')}) { ${act(t)} }`);
  } else {
    out.push('        switch (c) {');
    const byTarget = new Map<number, number[]>();
    for (const [lo, hi, t] of runs) for (let b = lo; b <= hi; b++) byTarget.set(t, [...(byTarget.get(t) ?? []), b]);
    for (const [t, bytes] of byTarget) out.push(`          ${bytes.map((b) => `case ${b}:`).join(' ')} ${act(t)}`);
    out.push('        }');
  }
  out.push(`        ${fallbackAct}`);
  return out.join('\n');
}

/** The byte loop of a walk (template): fetch `c` (pending decoded bytes first), then `switch (s)`. */
const _LOOP = `  for (;;) {
${_NEXT_BYTE}
    switch (s) {`;

/**
 * Returns the source of group `g`'s matcher function `_m<g>` (and its tables). A DFA of more
 * than `chunkStates` unsettled states is split into chunk functions `_m<g>_<c>` (V8 optimises
 * no function above its bytecode limit) that `_m<g>` dispatches between.
 */
function _emitGroup(robots: Robots, g: number, feed: readonly boolean[], chunkStates: number): string {
  const p = robots.groupPart(g);
  if (p === null) return `const _m${g} = _yes;`;
  const rankInfo = robots.groupRankInfo(g);
  const verdict = (rank: number): boolean => rank < 0 || ((rankInfo[rank] as number) & 1) === 1;
  const out: string[] = [];
  if (p.frontierCount > 0) {
    const allow = [...rankInfo].map((w) => w & 1);
    out.push(`const _n${g} = _nt(new Int32Array([${p.nfa.join(',')}]), new Int32Array([${p.frontiers.join(',')}]), ` +
      `new Int32Array([${p.lists.join(',')}]), new Uint8Array([${allow.join(',')}]), ${p.nfa.length >> 1});`);
  }
  if (p.start >= p.settleVerdict) {
    out.push(`function _m${g}(u) { return ${verdict(p.end[p.start] as number)}; }`);
    return out.join('\n');
  }
  const ends: number[] = [];
  for (let s = 0; s < p.settleVerdict; s++) ends.push(verdict(p.end[s] as number) ? 1 : 0);
  out.push(`const _v${g} = new Uint8Array([${ends.join(',')}]);`);
  const init = `  const n = u.length;
  let i = _ps(u), s = ${p.start}, k = 0, m = 0, c = 0;
  if (i < 0) { i = n; _B[0] = 47; m = 1; } else if (u.charCodeAt(i) !== 47) { _B[0] = 47; m = 1; }`;
  const chunks = Math.ceil(p.settleVerdict / chunkStates);
  if (chunks === 1) {
    out.push(`function _m${g}(u) {\n${init}\n${_LOOP}`);
    for (let s = 0; s < p.settleVerdict; s++) out.push(_emitState(p, s, feed, (t) => _action(p, t, g, verdict, 0, p.settleVerdict, false)));
    out.push(`    }\n  }\n  return _v${g}[s] === 1;\n}`);
    return out.join('\n');
  }
  const cases: string[] = [];
  for (let ch = 0; ch < chunks; ch++) {
    const lo = ch * chunkStates;
    const hi = Math.min(p.settleVerdict, lo + chunkStates);
    out.push(`function _m${g}_${ch}(u) {\n  const n = u.length;\n  let s = _S, i = _I, k = _K, m = _Q, c = 0;\n${_LOOP}`);
    for (let s = lo; s < hi; s++) out.push(_emitState(p, s, feed, (t) => _action(p, t, g, verdict, lo, hi, true)));
    out.push(`    }\n  }\n  _S = s;\n  return 2;\n}`);
    cases.push(`      case ${ch}: r = _m${g}_${ch}(u); break;`);
  }
  out.push(`function _m${g}(u) {\n${init}\n  _S = s; _I = i; _K = k; _Q = m;\n  for (;;) {\n    let r = 0;\n    switch (_S >> ${Math.log2(chunkStates)}) {`);
  out.push(...cases, `    }\n    if (r === 2) return _v${g}[_S] === 1;\n    if (r !== 3) return r === 1;\n  }\n}`);
  return out.join('\n');
}

/**
 * Returns the source text of a standalone ES module (no imports) that answers exactly as
 * `loadRobots(artifact)` does (RFC 9309 sections 2.2.1-2.2.3; SPEC.md sections 3, 5-7):
 * `agentIndex(agent)` (the selected merged group: own, else global, else -1 for allow-all),
 * `matcherFor(groupIndex)` (a `(url) => boolean`), `isAllowedFor(groupIndex, url)`,
 * `isAllowed(url, agent)` and `groupCount`. Each group's DFA becomes a `switch` over its
 * unsettled states with char-code range tests; the rfc9309 normalisation (`%XX` decoding of
 * unreserved bytes, upper-case hex, `*`/`$` as `%2A`/`%24`, UTF-8 percent-encoding, lone
 * surrogates as U+FFFD) or google's raw UTF-8 is done on the fly by the template. Only numbers
 * come from the artifact: no pattern, sitemap or agent text is emitted (tokens are char-code
 * arrays). Validates the artifact with `loadRobots` first (throws `RobotsFormatError`).
 * `options.chunkStates` (a power of two, default CHUNK_STATES) is the most unsettled states
 * per generated function; bigger DFAs are split (tests use small values to cover the split).
 * O(unsettled states x 256 + table sizes) time and output.
 */
export function emitModule(artifact: Uint8Array, options: EmitOptions = {}): string {
  const chunkStates = options.chunkStates ?? CHUNK_STATES;
  if (!(Number.isInteger(chunkStates) && chunkStates >= 1 && chunkStates <= 1 << 30 && (chunkStates & (chunkStates - 1)) === 0)) {
    throw new TypeError(`options.chunkStates must be a power of two, got ${String(chunkStates)}`);
  }
  const robots = loadRobots(artifact);
  const rfc = robots.profile === 'rfc9309';
  const feed = _feedable(rfc);
  const fast: number[] = [];
  for (let c = 0; c < 128; c++) fast.push(c === 0 || c === 35 || (rfc && (c === 37 || c === 42 || c === 36)) ? 0 : 1);
  const unreserved: number[] = [];
  for (let c = 0; c < 128; c++) unreserved.push(/[A-Za-z0-9\-._~]/.test(String.fromCharCode(c)) ? 1 : 0);
  const agents = _readAgents(robots);
  const parts = [
    '// Generated by @robomata/compiler emitModule: numbers from an artifact in a fixed template.',
    `const _E = ${rfc ? 1 : 0};`,
    `const _F = new Uint8Array([${fast.join(',')}]);`,
    `const _U = new Uint8Array([${unreserved.join(',')}]);`,
    _TEMPLATE_HEAD,
  ];
  const names: string[] = [];
  for (let g = 0; g < robots.groupCount; g++) {
    parts.push(_emitGroup(robots, g, feed, chunkStates));
    names.push(`_m${g}`);
  }
  parts.push(`const _M = [${names.join(', ')}];`);
  parts.push(`const _G = ${agents.global};`);
  parts.push(`const _AT = [${agents.tokens.map((t) => `[${t.join(',')}]`).join(', ')}];`);
  parts.push(`const _AG = new Int32Array([${agents.groups.join(',')}]);`);
  parts.push(_TEMPLATE_TAIL);
  return parts.join('\n');
}
