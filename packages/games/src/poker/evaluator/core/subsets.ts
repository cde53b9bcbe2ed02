import { combinations } from './combinations.ts';

/**
 * Positions of every `size`-subset of `count` items, flattened (`size` entries per subset), so hot
 * loops walk subsets with one index and no allocation. Built once per (count, size) and cached.
 */
const cache = new Map<number, Uint8Array>();
const countMax = 16;

export function subsetPositions(count: number, size: number): Uint8Array {
  if (!Number.isInteger(count) || count < size || count > countMax) throw new RangeError(`no ${size}-subsets of ${count} items`);
  const key = count * 32 + size;
  let positions = cache.get(key);
  if (positions === undefined) {
    const all = Array.from({ length: count }, (_, i) => i);
    positions = Uint8Array.from(combinations(all, size).flat());
    cache.set(key, positions);
  }
  return positions;
}
