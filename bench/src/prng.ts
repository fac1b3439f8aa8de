/**
 * Seeded pseudo-random numbers for reproducible workloads (mulberry32: 32-bit state, period 2^32).
 */

/** A seeded generator; every method advances the same 32-bit state. */
export interface Prng {
  /** Returns a float in [0, 1). */
  next(): number;
  /** Returns an integer in [0, n). */
  int(n: number): number;
  /** Returns one element of a non-empty array. */
  pick<T>(items: readonly T[]): T;
  /** Returns true with probability p. */
  chance(p: number): boolean;
}

/**
 * Returns a mulberry32 generator seeded with `seed`; the same seed gives the same sequence.
 * O(1) per draw.
 */
export function createPrng(seed: number): Prng {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (n) => Math.floor(next() * n),
    pick<T>(items: readonly T[]): T {
      if (items.length === 0) throw new RangeError('pick from an empty array');
      return items[Math.floor(next() * items.length)] as T;
    },
    chance: (p) => next() < p,
  };
}

/** Returns a new array with the items in a seeded random order (Fisher-Yates, O(n)). */
export function shuffleItems<T>(items: readonly T[], prng: Prng): T[] {
  const out = items.slice();
  for (let i = out.length - 1; i > 0; i--) {
    const j = prng.int(i + 1);
    const tmp = out[i] as T;
    out[i] = out[j] as T;
    out[j] = tmp;
  }
  return out;
}
