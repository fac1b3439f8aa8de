// Property: fillPath writes the reference's path bytes (pathFromUrl, then canonicalize in the
// rfc9309 profile) for random URLs built from the characters that matter (scheme and authority
// marks, %, hex digits, *, $, #, NUL, non-ASCII, lone and paired surrogates), and with a
// `need` it writes a prefix of them: all of them when shorter than `need`, else at least
// `need` and at most 11 more. Runs: ROBOMATA_DIFF_RUNS / 4 (default 5,000).
import { THREAD_SCRATCH as sc } from '../src/scratch.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { NO_RANK } from '../src/format.js';
import * as pathBytes from '../src/path-bytes.js';
import { fillPath } from '../src/path-bytes.js';
import { canonicalize } from '../../reference/src/match.js';
import { pathFromUrl } from '../../reference/src/url.js';

const RUNS = Number(process.env.ROBOMATA_DIFF_RUNS ?? 20_000) >> 2;
const UNITS = ['/', '?', ';', ':', '//', '://', 'http://h', '#', '\u0000', '%', '%4', '%41', '%2f', '%2F', '%e3', '%7E', 'a', 'A', 'f', 'G', '1',
  '*', '$', '.', '~', ' ', 'é', 'ツ', '😀', '\uD800', '\uDC00', '\uD83D', '\uDE00', '\u0080'];

const latin1 = (b: Uint8Array): string => String.fromCharCode(...b);

describe('fillPath (property)', () => {
  it(`writes the reference path bytes in both profiles, cut at need (${RUNS} runs)`, () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...UNITS), { maxLength: 20 }).map((u) => u.join('')),
        fc.boolean(),
        fc.oneof(fc.constant(NO_RANK), fc.nat(40)),
        (url, rfc, need) => {
          const raw = pathFromUrl(url);
          const want = latin1(rfc ? canonicalize(raw, false) : raw);
          const m = fillPath(url, rfc, need, sc);
          const got = latin1(sc.path.subarray(0, m));
          const ctx = `${rfc ? 'rfc9309' : 'google'} ${JSON.stringify(url)} need ${need}`;
          if (want.length < need) {
            expect(got, ctx).toBe(want);
          } else {
            expect(m, ctx).toBeGreaterThanOrEqual(need);
            expect(m, ctx).toBeLessThanOrEqual(need + 11);
            expect(got, ctx).toBe(want.slice(0, m));
          }
        },
      ),
      { numRuns: RUNS },
    );
  });
});
