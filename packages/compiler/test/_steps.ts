/**
 * Work counted instead of time: `countSteps(fn)` runs `fn` with the built-ins a compiler stage
 * does its bookkeeping with wrapped in counters (Map and Set lookups and inserts, array pushes
 * and searches, steps of `for..of` over arrays, maps and sets, sort comparisons), and returns
 * how many calls `fn` made. Quadratic work shows as a count that grows 4x when the input
 * doubles, whatever the machine's load; `expectLinearSteps` asserts the growth stays near 2x.
 * The counters are removed before `countSteps` returns, also when `fn` throws.
 */
import { expect } from 'vitest';

type AnyFunction = (this: unknown, ...args: unknown[]) => unknown;

const ARRAY_ITERATOR = Object.getPrototypeOf([][Symbol.iterator]()) as object;
const MAP_ITERATOR = Object.getPrototypeOf(new Map()[Symbol.iterator]()) as object;
const SET_ITERATOR = Object.getPrototypeOf(new Set()[Symbol.iterator]()) as object;

/** The methods counted, by the object that holds them. */
const COUNTED: ReadonlyArray<readonly [object, readonly string[]]> = [
  [Map.prototype, ['get', 'set', 'has', 'delete']],
  [Set.prototype, ['add', 'has', 'delete']],
  [Array.prototype, ['push', 'unshift', 'indexOf', 'lastIndexOf', 'includes', 'find', 'findIndex', 'splice', 'slice', 'concat']],
  [ARRAY_ITERATOR, ['next']],
  [MAP_ITERATOR, ['next']],
  [SET_ITERATOR, ['next']],
];

/** Returns the number of counted built-in calls `fn` makes (see the module comment). */
export function countSteps(fn: () => void): number {
  let steps = 0;
  const restore: Array<() => void> = [];
  const holder = (o: object): Record<string, AnyFunction> => o as Record<string, AnyFunction>;
  try {
    for (const [owner, names] of COUNTED) {
      for (const name of names) {
        const original = holder(owner)[name]!;
        holder(owner)[name] = function (this: unknown, ...args: unknown[]): unknown {
          steps++;
          return original.apply(this, args);
        };
        restore.push(() => {
          holder(owner)[name] = original;
        });
      }
    }
    // eslint-disable-next-line @typescript-eslint/unbound-method
    const sort = Array.prototype.sort;
    Array.prototype.sort = function <T>(this: T[], compare?: (a: T, b: T) => number): T[] {
      const counted = compare === undefined ? undefined : (a: T, b: T): number => {
        steps++;
        return compare(a, b);
      };
      return sort.call(this, counted) as T[];
    };
    restore.push(() => {
      Array.prototype.sort = sort;
    });
    fn();
  } finally {
    for (const undo of restore.reverse()) undo();
  }
  return steps;
}

/**
 * Asserts that `run(n)`'s step count grows at most `maxRatio` times (default 2.5: linear or
 * n log n, with room for fixed costs) when n doubles from `n` to `2n`, and that it did some
 * work. Returns the two counts, for messages.
 */
export function expectLinearSteps(label: string, n: number, run: (size: number) => () => void, maxRatio = 2.5): [number, number] {
  const small = countSteps(run(n));
  const large = countSteps(run(2 * n));
  expect(small, `${label}: steps at n=${n}`).toBeGreaterThan(0);
  expect(large / small, `${label}: steps ${small} at n=${n}, ${large} at n=${2 * n}`).toBeLessThan(maxRatio);
  return [small, large];
}
