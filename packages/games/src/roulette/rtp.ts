import { invariant } from '../shared/invariant.ts';
import type { BetType } from './layout.ts';
import { placementReturnMinor } from './settlement.ts';
import type { RouletteVariant } from './variants.ts';
import { pocketCount } from './wheel.ts';

/**
 * Exact expected return of roulette bets, computed by settling the bet against every equally
 * likely result (37 pockets, or 37 × 37 ordered pairs with two balls) through the engine's own
 * settlement. No sampling: the answer is a fraction, so "every single-zero bet returns 36/37"
 * (004:GAM-RE-12 97.30 %) and "French even chances return 1 − 1/74" (GAM-RF-08 98.65 %) are equalities.
 */

export interface Fraction {
  readonly numerator: bigint;
  readonly denominator: bigint;
}

function gcd(a: bigint, b: bigint): bigint {
  let x = a < 0n ? -a : a;
  let y = b < 0n ? -b : b;
  while (y !== 0n) [x, y] = [y, x % y];
  return x;
}

export function fraction(numerator: bigint, denominator: bigint): Fraction {
  invariant(denominator > 0n, 'a fraction has a positive denominator');
  const divisor = gcd(numerator, denominator) || 1n;
  return { numerator: numerator / divisor, denominator: denominator / divisor };
}

export function fractionToNumber(value: Fraction): number {
  return Number(value.numerator) / Number(value.denominator);
}

/** Every equally likely spin result of the variant. */
export function allSpinResults(variant: RouletteVariant): number[][] {
  const pockets = Array.from({ length: pocketCount }, (_, k) => k);
  if (variant.balls === 1) return pockets.map((pocket) => [pocket]);
  return pockets.flatMap((first) => pockets.map((second) => [first, second]));
}

export interface StakedPosition {
  readonly type: BetType;
  readonly numbers: readonly number[];
  readonly stakeMinor: bigint;
}

/** Expected return per unit staked of a set of positions played together (one bet or an announced bet). */
export function expectedReturn(positions: readonly StakedPosition[], variant: RouletteVariant): Fraction {
  const results = allSpinResults(variant);
  const staked = positions.reduce((sum, item) => sum + item.stakeMinor, 0n);
  invariant(staked > 0n, 'something must be staked');
  let returned = 0n;
  for (const pockets of results) for (const item of positions) returned += placementReturnMinor(item, pockets, variant);
  return fraction(returned, staked * BigInt(results.length));
}
