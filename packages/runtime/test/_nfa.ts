// Test helpers for segment-scan.ts: NFA arrays built by hand from pattern strings (so the
// sweep is tested without the compiler) and a naive backtracking matcher to check it against.
import { NFA_ALLOW, NFA_ANCHORED, NFA_KIND_END, NFA_KIND_MASK, NFA_KIND_STAR } from '../src/format.js';

/** An NFA laid out as the artifact holds it, with the start position of each pattern. */
export interface HandNfa {
  readonly nfa: Int32Array;
  readonly starts: readonly number[];
  /** Byte classes: each byte used in a pattern has its own class, every other byte class 0. */
  readonly cls: Uint8Array;
  readonly classes: number;
}

/**
 * Returns the NFA of `patterns` (pattern k has rank k): one position per byte (`*` a star), an
 * end per pattern; a trailing `$` anchors the pattern. Odd ranks are allows.
 */
export function buildHandNfa(patterns: readonly string[]): HandNfa {
  const words: number[] = [];
  const starts: number[] = [];
  const cls = new Uint8Array(256);
  let classes = 1;
  patterns.forEach((pattern, rank) => {
    const anchored = pattern.endsWith('$');
    const body = anchored ? pattern.slice(0, -1) : pattern;
    const flags = (anchored ? NFA_ANCHORED : 0) | (rank % 2 === 1 ? NFA_ALLOW : 0);
    starts.push(words.length / 2);
    for (const ch of body) {
      if (ch === '*') {
        words.push(NFA_KIND_STAR | flags, rank);
      } else {
        const b = ch.charCodeAt(0);
        if (cls[b] === 0) cls[b] = classes++;
        words.push(b | flags, rank);
      }
    }
    words.push(NFA_KIND_END | flags, rank);
  });
  return { nfa: Int32Array.from(words), starts, cls, classes };
}

/** Returns the bytes of an ASCII string. */
export function asciiBytes(text: string): Uint8Array {
  return Uint8Array.from(text, (ch) => ch.charCodeAt(0));
}

/** Returns true when the pattern suffix from NFA position `x` matches all of `path` from `i` (backtracking). */
export function matchesNaively(nfa: Int32Array, x: number, path: Uint8Array, i = 0): boolean {
  const word = nfa[x << 1] as number;
  const kind = word & NFA_KIND_MASK;
  if (kind === NFA_KIND_END) return (word & NFA_ANCHORED) === 0 || i === path.length;
  if (kind === NFA_KIND_STAR) {
    for (let j = i; j <= path.length; j++) if (matchesNaively(nfa, x + 1, path, j)) return true;
    return false;
  }
  return i < path.length && path[i] === kind && matchesNaively(nfa, x + 1, path, i + 1);
}

/** Returns the lowest rank below `best` among `set` whose suffix matches `path`, else `best`. */
export function sweepNaively(nfa: Int32Array, set: readonly number[], best: number, path: Uint8Array): number {
  let found = best;
  for (const x of set) {
    const rank = nfa[(x << 1) + 1] as number;
    if (rank < found && matchesNaively(nfa, x, path)) found = rank;
  }
  return found;
}
