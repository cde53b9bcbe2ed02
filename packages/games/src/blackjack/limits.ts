import type { BlackjackRules } from './rules.ts';

/**
 * A table's stake limits per box (004:GAM-BJ-04, GAM-BS-02, 002:BJ-CL-07, BJ-PR-02). The maximum
 * applies to the initial stake; doubles, splits and insurance follow from it (D-711, 004:AMB-30).
 * The maximum win is implied (3:2 on the maximum) and not capped separately (D-706).
 */
export interface BlackjackTableLimits {
  /** Every stake is a whole number of these. Even, and a multiple of the blackjack ratio's stake, so
   * half stakes (insurance, surrender) and 3:2 are exact. */
  readonly unitMinor: bigint;
  readonly stakeMinimumMinor: bigint;
  readonly stakeMaximumMinor: bigint;
}

/** Fortuna in haléř: 0.1 CZK to 1,000,000 CZK (004:GAM-BJ-04, GAM-BS-02). */
export const fortunaBlackjackLimits: BlackjackTableLimits = Object.freeze({
  unitMinor: 10n,
  stakeMinimumMinor: 10n,
  stakeMaximumMinor: 100_000_000n,
});

/** Reel Classic in US cents: 0.1 to 100 USD (002:BJ-CL-07). */
export const reelClassicLimits: BlackjackTableLimits = Object.freeze({
  unitMinor: 10n,
  stakeMinimumMinor: 10n,
  stakeMaximumMinor: 10_000n,
});

/** Reel Premium in US cents: up to 2,500 USD (002:BJ-PR-02); the minimum is not in the source (002:AMB-PR-MIN), 0.1 USD as Classic. */
export const reelPremiumLimits: BlackjackTableLimits = Object.freeze({
  unitMinor: 10n,
  stakeMinimumMinor: 10n,
  stakeMaximumMinor: 250_000n,
});

export class InvalidBlackjackTable extends Error {
  override readonly name = 'InvalidBlackjackTable';
}

export function validateBlackjackLimits(limits: BlackjackTableLimits, rules: BlackjackRules): void {
  const { unitMinor, stakeMinimumMinor, stakeMaximumMinor } = limits;
  if ([unitMinor, stakeMinimumMinor, stakeMaximumMinor].some((amount) => typeof amount !== 'bigint' || amount <= 0n))
    throw new InvalidBlackjackTable('limits are positive bigint minor units');
  if (unitMinor % 2n !== 0n) throw new InvalidBlackjackTable('the unit must be even: insurance and surrender take half a stake');
  if ((unitMinor * BigInt(rules.blackjackPays.win)) % BigInt(rules.blackjackPays.stake) !== 0n)
    throw new InvalidBlackjackTable(`the unit must make ${rules.blackjackPays.win}:${rules.blackjackPays.stake} exact`);
  if (stakeMinimumMinor % unitMinor !== 0n || stakeMaximumMinor % unitMinor !== 0n)
    throw new InvalidBlackjackTable('limits are multiples of the unit');
  if (stakeMinimumMinor > stakeMaximumMinor) throw new InvalidBlackjackTable('the minimum exceeds the maximum');
}
