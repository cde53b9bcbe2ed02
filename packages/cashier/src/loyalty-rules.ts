import type { CurrencyCode } from '@casino/core';

/**
 * The published terms of an operator's bonuses and VIP points (002:BON, VIP; issue 26), data of the
 * operator profile like every other rule. 002 gives the 5.5 points per USD 1 of commission and the
 * shape of everything else; the numbers it leaves out (tranche sizes, thresholds, window, StarsCoin
 * rate, 002:BON-07, AMB-BONUS-PARAMS) are the operator's published choices (docs/decisions.md D-2631).
 * Amounts are per wallet currency, in its minor units: a currency without an entry has no such offer.
 */
export type AmountsPerCurrency = Readonly<Partial<Record<CurrencyCode, bigint>>>;

export interface BonusRules {
  /** 002:BON-04: a bonus is released in this many equal parts (the first parts take the odd minor units). */
  trancheCount: number;
  /** 002:BON-04: each part is released when this many more VIP points (hundredths) are earned after the grant. */
  pointsPerTrancheCenti: bigint;
  /** 002:BON-06: the window to release the whole bonus; what is still locked at its end is forfeited. */
  windowDays: number;
  /** The largest bonus staff may grant at once (a typo must not grant a fortune). */
  staffGrantMinorMax: AmountsPerCurrency;
  /**
   * 002:BON-01: the deposit rule: a confirmed deposit of at least `depositMinorMin` to a registered
   * account earns `matchBps` of it as a bonus, at most `bonusMinorMax`; null: no deposit bonus.
   */
  depositRule: { matchBps: bigint; depositMinorMin: AmountsPerCurrency; bonusMinorMax: AmountsPerCurrency } | null;
}

/**
 * 002:LIM-05..07: a limit level the operator may grant once its conditions hold. `pointsEarnedCentiMin`
 * is the VIP condition (games played, LIM-05); `kycEvidenceRequired` is LIM-06's comprehensive KYC,
 * recorded by staff; `depositCapMultiplier` multiplies the basic per-deposit and rolling maxima,
 * `withdrawalMaxUnlimited` is LIM-07's top level.
 */
export interface VipLevel {
  id: string;
  name: string;
  pointsEarnedCentiMin: bigint;
  kycEvidenceRequired: boolean;
  depositCapMultiplier: number;
  withdrawalMaxUnlimited: boolean;
}

export interface VipRules {
  /** 002:VIP-01, RAKE-06: VIP points per USD 1 of poker commission (rake or tournament fee). */
  pointsPerUsd: string;
  /** 002:VIP-02: VIP points (hundredths) one StarsCoin costs. */
  pointsCentiPerStarsCoin: bigint;
  /** 002:VIP-03: what one StarsCoin refunds of commission paid, per wallet currency. */
  refundMinorPerStarsCoin: AmountsPerCurrency;
  /** 002:LIM-05..07: the limit levels, lowest first; the first is the basic level every player starts on. */
  levels: readonly VipLevel[];
}

export interface LoyaltyRules {
  version: string;
  bonus: BonusRules | null;
  vip: VipRules | null;
}
