/**
 * Hostile inputs aimed at the engine's sharing and verification (radix tries per shared part,
 * one Aho-Corasick segment trie, candidates verified directly or by one sweep) and at the text
 * stage's cost per byte (escaping and normalising short rules), kept beside
 * generate.ts's list so that the bench's table of that list stays as it is. Same contract as
 * {@link HostileInput}: deterministic from a seed, full bodies within the 512,000-byte parse
 * limit, reduced bodies small enough for the naive reference.
 *
 * - `shared-huge-group`: hundreds of product tokens name one huge group, and each token also
 *   has a small group of its own. Every token's merged group is the huge group plus its own
 *   rules (docs/semantics.md section 3), so an engine that builds each merged group on its own needs
 *   tokens x 400 KB; plan-parts.ts shares the huge group as one part, so the artifact stays
 *   linear in the input.
 * - `orthogonal-vectors-500k`: the orthogonal-vectors gadget of orthogonal-vectors.test.ts
 *   filling 500 KiB: about 4,000 `*` rules over the two segments `s` and `t`, so every byte of
 *   a path reports a segment that thousands of patterns wait for.
 * - `invalid-utf8-short`: the text stage's worst cost per byte: about 33,000 short rules
 *   `Disallow:/<bad byte><id>*\xc3` (no space after the colon), each opening with a byte that is
 *   never UTF-8 and ending in a lone lead byte, so every rule's few bytes go through the
 *   escaping of invalid UTF-8 and a wildcard split (invalid-utf8 spreads the same work over
 *   longer rules).
 * - `percent-lower-500k`: rules of lower-case `%xx` escapes (a random hex pair, `%e3%83%84`,
 *   `%7e`) around a `*`: every escape is normalised (upper-cased, `%7e` decoded to `~`) before
 *   the rule is split and shared.
 */
import { commonHostileUrls, createRng, deriveSeed, latin1Bytes, pickInt, type HostileInput, type Rng } from './generate.js';
import { COMMON_AGENTS, DEFAULT_SEED, HOSTILE_URL_LENGTH, INPUT_BUDGET } from './generate.js';

/** Budget of a reduced body (as generate.ts: the reference stays fast on it). */
const REDUCED_BUDGET = 1_500;

/** Tokens naming the huge group of `shared-huge-group` (each also has a group of its own). */
const SHARED_TOKENS = 1_000;

/** Returns token `i` of the shared group: `sh` then three letters (product tokens hold no digits). */
export function sharedToken(i: number): string {
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  let token = 'sh';
  for (let v = i, d = 0; d < 3; d++, v = Math.floor(v / 26)) token += letters[v % 26];
  return token;
}

/** Returns `count` random chars of `alphabet`. */
function _randomText(rng: Rng, alphabet: string, count: number): string {
  let out = '';
  for (let i = 0; i < count; i++) out += alphabet[pickInt(rng, alphabet.length)];
  return out;
}

/**
 * Returns the `shared-huge-group` body: a group named by `tokens` tokens filled with literal
 * and wildcard rules up to `budget` bytes in all, then one small group per token.
 */
function _sharedHugeGroup(rng: Rng, budget: number, tokens: number): Uint8Array {
  const own: string[] = [];
  for (let i = 0; i < tokens; i++) own.push(`User-agent: ${sharedToken(i)}\nDisallow: /own/${sharedToken(i)}\nAllow: /*.${sharedToken(i)}$\n`);
  const ownText = own.join('');
  const head: string[] = [];
  for (let i = 0; i < tokens; i++) head.push(`User-agent: ${sharedToken(i)}\n`);
  const parts = [head.join('')];
  let bytes = (parts[0] as string).length + ownText.length;
  for (let i = 0; ; i++) {
    // Mostly literal rules (a deep trie), one in four a wildcard rule (the segment trie).
    const line =
      i % 4 === 0
        ? `Allow: /big/*${_randomText(rng, 'abcdefgh', 1 + pickInt(rng, 3))}*${_randomText(rng, 'abcdefgh', 1 + pickInt(rng, 3))}\n`
        : i % 4 === 1
          ? `Disallow: /*${_randomText(rng, 'abcdefgh', 2 + pickInt(rng, 6))}*${_randomText(rng, 'abcdefgh', 1 + pickInt(rng, 4))}$\n`
          : `Disallow: /big/${_randomText(rng, 'abcdefgh/', 8 + pickInt(rng, 40))}\n`;
    if (bytes + line.length > budget) break;
    parts.push(line);
    bytes += line.length;
  }
  parts.push(ownText);
  return latin1Bytes(parts.join(''));
}

/** Coordinates per vector of `orthogonal-vectors-500k`. */
export const VECTOR_DIMENSION = 40;

/** Returns the Disallow pattern of 0/1 vector `a` (see orthogonal-vectors.test.ts). */
export function orthogonalRule(a: readonly number[]): string {
  return `/*s${a.map((x) => (x === 1 ? '*t*s' : '*s')).join('')}`;
}

/** Returns the path of query vector `b`: rule `a` matches it exactly when `a` and `b` are orthogonal. */
export function orthogonalPath(b: readonly number[]): string {
  return `/s${b.map((x) => (x === 1 ? 's' : 'ts')).join('')}`;
}

/** Returns a seeded 0/1 vector of VECTOR_DIMENSION coordinates, each 1 with probability `ones` / 10. */
export function randomVector(rng: Rng, ones: number): number[] {
  return Array.from({ length: VECTOR_DIMENSION }, () => (pickInt(rng, 10) < ones ? 1 : 0));
}

/** Returns the `orthogonal-vectors-500k` body: orthogonal-vector Disallow rules up to `budget` bytes. */
function _orthogonalVectors(rng: Rng, budget: number): Uint8Array {
  const lines = ['User-agent: *\n'];
  let bytes = (lines[0] as string).length;
  for (;;) {
    const line = `Disallow: ${orthogonalRule(randomVector(rng, 3))}\n`;
    if (bytes + line.length > budget) break;
    lines.push(line);
    bytes += line.length;
  }
  return latin1Bytes(lines.join(''));
}

/** Returns the URLs of `orthogonal-vectors-500k`: query paths, and 4 KB paths over `s` and `t`. */
function _orthogonalUrls(rng: Rng): string[] {
  const out = [orthogonalPath(randomVector(rng, 7)), orthogonalPath(randomVector(rng, 9)), orthogonalPath(randomVector(rng, 0))];
  out.push('/s' + 'ts'.repeat(HOSTILE_URL_LENGTH / 2), '/' + 's'.repeat(HOSTILE_URL_LENGTH), '/' + _randomText(rng, 'st', HOSTILE_URL_LENGTH));
  return out;
}

/** Bytes that never occur in UTF-8 or cannot open a character: the first byte of an `invalid-utf8-short` rule. */
const NEVER_UTF8 = ['\xff', '\xfe', '\x80', '\xbf'];

/**
 * Returns a `User-agent: *` body filled to `budget` bytes with the lines `rule(0)`, `rule(1)`,
 * ... (the first line that does not fit ends it), as latin-1 bytes.
 */
function _ruleBody(budget: number, rule: (i: number) => string): Uint8Array {
  const lines = ['User-agent: *\n'];
  let bytes = (lines[0] as string).length;
  for (let i = 0; ; i++) {
    const line = rule(i) + '\n';
    if (bytes + line.length > budget) break;
    lines.push(line);
    bytes += line.length;
  }
  return latin1Bytes(lines.join(''));
}

/** Returns the `invalid-utf8-short` body: Disallow and Allow alternating, `/<never-UTF-8 byte><id in base 36>*\xc3`. */
function _invalidUtf8Short(rng: Rng, budget: number): Uint8Array {
  return _ruleBody(budget, (i) => `${i % 2 ? 'Allow' : 'Disallow'}:/${NEVER_UTF8[pickInt(rng, NEVER_UTF8.length)] ?? ''}${i.toString(36)}*\xc3`);
}

/** Returns the `percent-lower-500k` body: `/%<hex><digit>%e3%83%84*<3 of ab*>%7e<i>` rules. */
function _percentLower(rng: Rng, budget: number): Uint8Array {
  return _ruleBody(budget, (i) => `Disallow: /%${_randomText(rng, 'abcdef', 1)}${_randomText(rng, '0123456789', 1)}%e3%83%84*${_randomText(rng, 'ab*', 3)}%7e${i}`);
}

/**
 * Returns the extra input `name` whose body `body` fills INPUT_BUDGET (REDUCED_BUDGET when
 * reduced) from the input's own seed, for the common agents, with the common URLs and
 * `urls(its seed)` (each generated on every call).
 */
function _budgetedInput(seed: number, name: string, description: string, body: (rng: Rng, budget: number) => Uint8Array, urls: (s: number) => string[]): HostileInput {
  const s = deriveSeed(seed, name);
  return {
    name,
    description,
    make: () => body(createRng(s), INPUT_BUDGET),
    makeReduced: () => body(createRng(s), REDUCED_BUDGET),
    maxBytes: undefined,
    agents: COMMON_AGENTS,
    urls: () => [...commonHostileUrls(seed), ...urls(s)],
  };
}

/** Returns the extra hostile inputs for `seed` (bodies generated on each call, as generate.ts does). */
export function createExtraHostileInputs(seed: number = DEFAULT_SEED): HostileInput[] {
  const shared = deriveSeed(seed, 'shared-huge-group');
  return [
    {
      name: 'shared-huge-group',
      description: `${SHARED_TOKENS} product tokens naming one 400 KiB group, each with a small group of its own: merged groups must share the large part`,
      make: () => _sharedHugeGroup(createRng(shared), INPUT_BUDGET, SHARED_TOKENS),
      makeReduced: () => _sharedHugeGroup(createRng(shared), REDUCED_BUDGET, 8),
      maxBytes: undefined,
      agents: [...new Set([...COMMON_AGENTS, sharedToken(0), sharedToken(7).toUpperCase(), sharedToken(SHARED_TOKENS - 1), 'shzzz'])],
      urls: () => [
        ...commonHostileUrls(seed),
        `/own/${sharedToken(0)}`,
        `/own/${sharedToken(7)}/x`,
        `/big/${'abcdefgh'.repeat(HOSTILE_URL_LENGTH / 8)}`,
        `/x.${sharedToken(SHARED_TOKENS - 1)}`,
        '/' + _randomText(createRng(shared ^ 0x5eed), 'abcdefgh', HOSTILE_URL_LENGTH),
      ],
    },
    _budgetedInput(seed, 'orthogonal-vectors-500k',
      'orthogonal-vectors rules over the segments `s` and `t` filling 500 KiB: every path byte reports a segment thousands of patterns wait for',
      _orthogonalVectors, (s) => _orthogonalUrls(createRng(s ^ 0x5eed))),
    _budgetedInput(seed, 'invalid-utf8-short',
      'about 33,000 short rules `Disallow:/\\xff<id>*\\xc3`: each opens with a byte that is never UTF-8 and ends in a lone lead byte (the most escaping per input byte)',
      _invalidUtf8Short, () => [
        '/\ufffd0',
        '/%FF0x%C3',
        '/%FE1%c3',
        '/\ufffda\ufffd',
        '/' + '%FF'.repeat(HOSTILE_URL_LENGTH / 3),
        '/%FF' + 'z'.repeat(HOSTILE_URL_LENGTH - 7) + '%C3',
      ]),
    _budgetedInput(seed, 'percent-lower-500k',
      'rules of lower-case `%xx` escapes around a `*` (`/%a0%e3%83%84*ab%7e0`) filling 500 KiB: every escape is normalised before the rule is split',
      _percentLower, () => [
        '/%A0%E3%83%84ab~0',
        '/%a0\u30c4b%7e1',
        '/%B1%E3%83%84' + 'ab'.repeat(HOSTILE_URL_LENGTH / 2) + '~2',
        '/%c9' + '%e3%83%84'.repeat(HOSTILE_URL_LENGTH / 9),
        '/' + '%7e'.repeat(HOSTILE_URL_LENGTH / 3),
      ]),
  ];
}

/** The extra hostile inputs for DEFAULT_SEED. */
export const EXTRA_HOSTILE_INPUTS: readonly HostileInput[] = createExtraHostileInputs(DEFAULT_SEED);
