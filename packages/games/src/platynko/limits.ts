/**
 * Table options and limits (004:GAM-PL-01, GAM-PL-02, GAM-PL-07). Fortuna opens tables with any
 * combination of a betting time of 15 or 30 seconds, a table minimum of 5, 100 or 1,000 CZK and up
 * to 4 seats; anything else is not a table the rule book allows (004:T-126). The maximum bet of
 * 100,000 CZK is the total a seat stakes in one round, over all cards (D-2402, 004:AMB-31: the
 * scenario T-127 tests the total per round), the same at every table minimum (D-2403); the maximum
 * win of 1,000,000 CZK is the gross return of a seat in one round, stakes included (D-2404,
 * 004:AMB-21). The minimum is per card: every chip on a card is at least the table minimum (D-2405).
 * Amounts are whole crowns (D-2406, 004:AMB-19): the minimums are whole crowns and every return is a
 * whole multiple of a stake, so nothing is ever rounded.
 */
export interface PlatynkoTableLimits {
  /** Every chip is a whole number of these: 1 CZK. */
  readonly unitMinor: bigint;
  /** The table minimum: the smallest chip on a card (5, 100 or 1,000 CZK at Fortuna). */
  readonly chipMinimumMinor: bigint;
  /** The most a seat may stake in one round, over all cards (100,000 CZK). */
  readonly stakeMaximumMinor: bigint;
  /** The most a seat is paid in one round, stakes included (1,000,000 CZK). */
  readonly winMaximumMinor: bigint;
}

/** Fortuna's figures (004 Annex 3) in haléř. */
export const fortunaPlatynko = Object.freeze({
  unitMinor: 100n,
  bettingTimesSeconds: Object.freeze([15, 30] as const),
  chipMinimumsMinor: Object.freeze([500n, 10_000n, 100_000n] as const),
  stakeMaximumMinor: 10_000_000n,
  winMaximumMinor: 100_000_000n,
  seatsMax: 4,
});

/** 004:GAM-PL-02: at most 4 seats at a table. */
export const platynkoSeatsMax = fortunaPlatynko.seatsMax;

export class InvalidPlatynkoTable extends Error {
  override readonly name = 'InvalidPlatynkoTable';
}

/** The limits of a Fortuna table with the given minimum chip (which must be one the rule book allows). */
export function fortunaPlatynkoLimits(chipMinimumMinor: bigint): PlatynkoTableLimits {
  if (!(fortunaPlatynko.chipMinimumsMinor as readonly bigint[]).includes(chipMinimumMinor))
    throw new InvalidPlatynkoTable('004:GAM-PL-02: the table minimum is 5, 100 or 1,000 CZK');
  return {
    unitMinor: fortunaPlatynko.unitMinor,
    chipMinimumMinor,
    stakeMaximumMinor: fortunaPlatynko.stakeMaximumMinor,
    winMaximumMinor: fortunaPlatynko.winMaximumMinor,
  };
}

/** Limits a round can be played with: bigint minor units, whole units, minimum ≤ maximum ≤ win cap. */
export function validatePlatynkoLimits(limits: PlatynkoTableLimits): void {
  const { unitMinor, chipMinimumMinor, stakeMaximumMinor, winMaximumMinor } = limits ?? ({} as PlatynkoTableLimits);
  const amounts = [unitMinor, chipMinimumMinor, stakeMaximumMinor, winMaximumMinor];
  if (amounts.some((amount) => typeof amount !== 'bigint')) throw new InvalidPlatynkoTable('limits are bigint minor units');
  if (amounts.some((amount) => amount <= 0n || amount % unitMinor !== 0n))
    throw new InvalidPlatynkoTable('every limit is a positive multiple of the unit');
  if (chipMinimumMinor > stakeMaximumMinor) throw new InvalidPlatynkoTable('the table minimum exceeds the maximum bet');
  if (stakeMaximumMinor > winMaximumMinor) throw new InvalidPlatynkoTable('the maximum bet exceeds the maximum win');
}

export interface PlatynkoTableOptions {
  /** The betting time ("speed") in seconds. */
  readonly bettingTimeSeconds: number;
  readonly limits: PlatynkoTableLimits;
  readonly seatsMax: number;
}

/**
 * 004:GAM-PL-01, GAM-PL-02, T-126: a table Fortuna may open. Betting time 15 or 30 s, the Fortuna
 * limits of a 5, 100 or 1,000 CZK table, 1 to 4 seats (the "number of players", 004:AMB-32, D-2407).
 */
export function validatePlatynkoTableOptions(options: PlatynkoTableOptions): void {
  if (!(fortunaPlatynko.bettingTimesSeconds as readonly number[]).includes(options.bettingTimeSeconds))
    throw new InvalidPlatynkoTable('004:GAM-PL-02: the betting time is 15 or 30 seconds');
  if (!Number.isInteger(options.seatsMax) || options.seatsMax < 1 || options.seatsMax > platynkoSeatsMax)
    throw new InvalidPlatynkoTable(`004:GAM-PL-02: a table has 1 to ${platynkoSeatsMax} seats`);
  validatePlatynkoLimits(options.limits);
  const fortuna = fortunaPlatynkoLimits(options.limits.chipMinimumMinor);
  const { limits } = options;
  if (
    limits.unitMinor !== fortuna.unitMinor ||
    limits.stakeMaximumMinor !== fortuna.stakeMaximumMinor ||
    limits.winMaximumMinor !== fortuna.winMaximumMinor
  )
    throw new InvalidPlatynkoTable('004:GAM-PL-01: 1 CZK chips, a maximum bet of 100,000 CZK and a maximum win of 1,000,000 CZK');
}
