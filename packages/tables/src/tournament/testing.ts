import { freezeOut, type TournamentDefinition, type TournamentLevel } from './definition.ts';
import type { TournamentRuleProfile } from './rules.ts';

/**
 * Test fixtures (not exported by the package index): a rule profile with no rule-book specifics and a
 * fast definition; each test sets what it proves (the five real profiles are @casino/operator's, tested there).
 */
export const testRules: TournamentRuleProfile = {
  profileId: 'CZ-FO',
  formats: [
    'freeze-out',
    're-entry',
    'rebuy',
    'add-on',
    'sit-and-go',
    'multi-table',
    'shootout',
    'satellite',
    'satellite-seat',
    'guaranteed',
    'knockout',
    'progressive-knockout',
    'mystery-bounty',
    'double-or-nothing',
    'flight',
    'best-stack-forward',
    'stack-builder',
    'twister',
  ],
  fee: {
    feeMax: null,
    feeOfStartFeeBpsMax: null,
    startFeeMax: null,
    feeOfBuyInBpsMin: null,
    feeOfBuyInBpsMax: null,
    capsPerPurchase: false,
  },
  sitAndGoSeats: { min: 2, max: 360 },
  handForHand: 'bubble-window',
  rebuy: { onlyWithNoChips: false, autoOffer: true },
  addOn: { priceEqualsStartFee: false, zeroChipsAllowed: false },
  guarantee: {
    collectedOfGuaranteeBpsToStartMin: null,
    prizesOfStakesBpsMax: null,
    cancellationPaysGuaranteeAfterLateRegistration: true,
  },
  bounty: {
    knockoutShareBps: { min: 1_000, max: 10_000 },
    progressiveShareBps: { min: 3_000, max: 10_000 },
    progressivePaidBps: { min: 2_500, max: 7_500 },
  },
  cancel: {
    sitAndGo: 'buy-in-back-eliminated-pool-equal',
    headsUp: 'buy-in-back',
    multiTable: 'buy-in-back-half-equal-half-chips',
    twister: 'refund-all-paid',
  },
  prizeCredit: 'at-end',
  lateRegistration: true,
  tournamentCountLimits: false,
  allInEquityDisplay: null,
};

/** Blinds doubling every level (a hyper-turbo), so random bots finish a tournament in a few hundred hands. */
export const fastLevels: TournamentLevel[] = Array.from({ length: 12 }, (_, i) => ({
  smallBlind: 10n << BigInt(i),
  bigBlind: 20n << BigInt(i),
  ante: i >= 2 ? 5n << BigInt(i) : 0n,
  durationMs: 60_000,
  breakAfterMs: i === 1 ? 30_000 : 0,
}));

export function testDefinition(overrides: Partial<TournamentDefinition> = {}): TournamentDefinition {
  return {
    name: 'test',
    profileId: 'CZ-FO',
    variant: 'holdem/no-limit',
    currency: 'CZK',
    kind: 'sit-and-go',
    seatsPerTable: 9,
    entrantsMin: 9,
    entrantsMax: 9,
    entry: { startFeeMinor: 10_000n, feeMinor: 1_000n, chips: 1_500n },
    levels: fastLevels,
    payouts: [
      { entrantsMin: 2, placesBps: [10_000] },
      { entrantsMin: 6, placesBps: [5_000, 3_000, 2_000] },
      { entrantsMin: 30, placesBps: [3_000, 2_000, 1_500, 1_200, 1_000, 800, 500] },
    ],
    ...freezeOut,
    handForHandAbovePaidMax: 3,
    ...overrides,
  };
}
