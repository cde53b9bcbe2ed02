import { insideBetTypes, isInsideType, payoutRatio, type BetType, type InsideBetType } from './layout.ts';

/**
 * Table limits (004:GAM-RE-07..09, GAM-RF-07). The table shows one inside maximum, the most on a
 * single number; the other inside positions may hold that many times more as they cover numbers
 * (GAM-RE-09): split 2×, street 3×, corner 4×, six-line 6×. Outside positions have their own
 * maximum each, with no aggregate maximum (GAM-RE-08). No position may exceed the operator's
 * absolute cap (1,000,000 CZK at Fortuna, GAM-RE-07), which also caps the derived inside maxima
 * (D-705). The maximum win follows from the maximum stake; there is no separate win cap (D-706,
 * 004:AMB-20).
 */
export interface RouletteTableLimits {
  /** Every stake and chip is a whole number of these (the smallest chip). Even, so halves are exact. */
  readonly unitMinor: bigint;
  /** Smallest chip on an inside position (each chip of a racetrack bet included). */
  readonly insideMinimumMinor: bigint;
  /** Smallest stake on an outside position. */
  readonly outsideMinimumMinor: bigint;
  /** The inside maximum shown: the most on one number ("straight"). */
  readonly straightMaximumMinor: bigint;
  /** The most on each outside position. */
  readonly outsideMaximumMinor: bigint;
  /** The operator's cap on any one position. */
  readonly positionMaximumMinor: bigint;
}

export interface PositionLimit {
  readonly minimumMinor: bigint;
  readonly maximumMinor: bigint;
}

export const insideMaximumFactor: Readonly<Record<InsideBetType, bigint>> = Object.freeze({
  straight: 1n,
  split: 2n,
  street: 3n,
  corner: 4n,
  'six-line': 6n,
});

/** Fortuna's figures in haléř (CZK minor units): minimum bet 0.1 CZK, at most 1,000,000 CZK on a position. */
export const fortunaRouletteMinimumMinor = 10n;
export const fortunaRoulettePositionMaximumMinor = 100_000_000n;

export class InvalidRouletteTable extends Error {
  override readonly name = 'InvalidRouletteTable';
}

function minBigint(a: bigint, b: bigint): bigint {
  return a < b ? a : b;
}

export function positionLimit(limits: RouletteTableLimits, type: BetType): PositionLimit {
  if (isInsideType(type)) {
    return {
      minimumMinor: limits.insideMinimumMinor,
      maximumMinor: minBigint(limits.straightMaximumMinor * insideMaximumFactor[type], limits.positionMaximumMinor),
    };
  }
  return { minimumMinor: limits.outsideMinimumMinor, maximumMinor: limits.outsideMaximumMinor };
}

/** The largest net win one position can pay at this table (the source's "maximum win" column). */
export function positionWinMaximumMinor(limits: RouletteTableLimits, type: BetType): bigint {
  return positionLimit(limits, type).maximumMinor * payoutRatio[type];
}

export function validateRouletteLimits(limits: RouletteTableLimits): void {
  const { unitMinor, insideMinimumMinor, outsideMinimumMinor, straightMaximumMinor, outsideMaximumMinor, positionMaximumMinor } =
    limits;
  const amounts = [insideMinimumMinor, outsideMinimumMinor, straightMaximumMinor, outsideMaximumMinor, positionMaximumMinor];
  if (typeof unitMinor !== 'bigint' || amounts.some((amount) => typeof amount !== 'bigint'))
    throw new InvalidRouletteTable('limits are bigint minor units');
  if (unitMinor <= 0n || unitMinor % 2n !== 0n)
    throw new InvalidRouletteTable(
      'the unit must be a positive even number of minor units (la partage and double-ball halves are exact)',
    );
  if (amounts.some((amount) => amount <= 0n || amount % unitMinor !== 0n))
    throw new InvalidRouletteTable('every limit must be a positive multiple of the unit');
  if (insideMinimumMinor > straightMaximumMinor)
    throw new InvalidRouletteTable('the inside minimum exceeds the straight maximum');
  if (outsideMinimumMinor > outsideMaximumMinor)
    throw new InvalidRouletteTable('the outside minimum exceeds the outside maximum');
  if (straightMaximumMinor > positionMaximumMinor || outsideMaximumMinor > positionMaximumMinor)
    throw new InvalidRouletteTable('a table maximum exceeds the position cap');
}

export function insidePositionLimits(limits: RouletteTableLimits): Readonly<Record<InsideBetType, PositionLimit>> {
  return Object.fromEntries(insideBetTypes.map((type) => [type, positionLimit(limits, type)])) as Record<
    InsideBetType,
    PositionLimit
  >;
}
