import type { Chips } from './types.ts';

/** A broken engine assumption: a bug, never a player's mistake (those are IllegalAction). */
export class EngineInvariantViolation extends Error {
  override readonly name = 'EngineInvariantViolation';
}

export function invariant(condition: unknown, message: string): asserts condition {
  if (!condition) throw new EngineInvariantViolation(message);
}

export function minChips(a: Chips, b: Chips): Chips {
  return a < b ? a : b;
}

export function maxChips(a: Chips, b: Chips): Chips {
  return a > b ? a : b;
}

export function sumChips(values: readonly Chips[]): Chips {
  let total = 0n;
  for (const value of values) total += value;
  return total;
}

/** Floor division of non-negative chips; named so every rounding in the engine is visible. */
export function divFloor(numerator: Chips, denominator: Chips): Chips {
  invariant(numerator >= 0n && denominator > 0n, 'divFloor takes a non-negative numerator and a positive denominator');
  return numerator / denominator;
}

/**
 * Splits `total` into `count` equal parts; the `total mod count` odd chips go one each to the
 * first parts. Callers order the parts so that "first" is the documented odd-chip receiver.
 */
export function splitEvenly(total: Chips, count: number): Chips[] {
  invariant(total >= 0n && Number.isInteger(count) && count > 0, 'splitEvenly needs chips ≥ 0 and a positive count');
  const share = divFloor(total, BigInt(count));
  const oddChips = Number(total - share * BigInt(count));
  return Array.from({ length: count }, (_, index) => (index < oddChips ? share + 1n : share));
}

/**
 * Splits `total` in proportion to `weights` by largest remainder: each part gets the floor of its
 * exact share, and the chips left over go one each to the largest remainders, ties to the earliest
 * part. The parts always sum to `total` and each is within one chip of its exact share.
 */
export function allocateProportionally(total: Chips, weights: readonly Chips[]): Chips[] {
  const weightSum = sumChips(weights);
  invariant(total >= 0n && weights.every((weight) => weight >= 0n), 'allocation takes non-negative chips and weights');
  if (total === 0n) return weights.map(() => 0n);
  invariant(weightSum > 0n, 'cannot allocate chips over zero weights');
  const parts = weights.map((weight) => (total * weight) / weightSum);
  const remainders = weights.map((weight) => (total * weight) % weightSum);
  const order = weights.map((_, index) => index);
  order.sort((a, b) => (remainders[a] === remainders[b] ? a - b : remainders[a]! > remainders[b]! ? -1 : 1));
  const leftover = Number(total - sumChips(parts));
  for (let k = 0; k < leftover; k += 1) parts[order[k]!] = parts[order[k]!]! + 1n;
  invariant(sumChips(parts) === total, 'allocation must sum to the total');
  return parts;
}
