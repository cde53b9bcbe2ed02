import { assert } from './assert.ts';

/**
 * Splits an integer total into parts proportional to `ratios` with the
 * largest-remainder (Hamilton) method:
 *   1. every part gets floor(|total| * ratio / sum),
 *   2. the units still missing go, one each, to the parts with the largest
 *      remainders, ties to the earliest index (deterministic, documented).
 * The parts always sum exactly to the total and each differs from its exact
 * share by less than one unit. Negative totals are split as |total| and then
 * negated, so the result is symmetric: allocate(-x) = -allocate(x).
 */
export function allocateInteger(total: bigint, ratios: readonly bigint[]): bigint[] {
  assert(ratios.length > 0, 'allocate needs at least one ratio');
  let ratioSum = 0n;
  for (const ratio of ratios) {
    assert(ratio >= 0n, 'allocate ratios must be non-negative');
    ratioSum += ratio;
  }
  assert(ratioSum > 0n, 'allocate needs at least one ratio greater than zero');

  const sign = total < 0n ? -1n : 1n;
  const magnitude = total * sign;
  const parts = ratios.map((ratio) => (magnitude * ratio) / ratioSum);
  const remainders = ratios.map((ratio) => (magnitude * ratio) % ratioSum);
  const distributed = parts.reduce((acc, part) => acc + part, 0n);
  // Less than ratios.length by construction: each remainder is < ratioSum.
  const leftover = Number(magnitude - distributed);

  const order = ratios.map((_, index) => index);
  // Array.prototype.sort is stable, so equal remainders keep index order.
  order.sort((a, b) => {
    const ra = remainders[a]!;
    const rb = remainders[b]!;
    return ra === rb ? 0 : ra > rb ? -1 : 1;
  });
  for (let k = 0; k < leftover; k += 1) {
    const index = order[k]!;
    parts[index] = parts[index]! + 1n;
  }
  return parts.map((part) => part * sign);
}
