import type { PokerRuleProfileId, TournamentRuleProfile } from '@casino/tables';

/**
 * The tournament settings of each poker rule profile (issue 19, by-capability.md §2d), as data: the
 * tournament code reads them and never branches on the profile. Checked at start-up
 * (`tournamentRuleProblems`). Where a rule book is silent the choice is a decision (docs/decisions.md, D-19xx).
 */

const sitAndGoSeats = Object.freeze({ min: 2, max: 360 }); // 002:SNG-02, 004:GAM-P-T-11; 000/001/003 set none (D-1903)
const noGuarantee = Object.freeze({
  collectedOfGuaranteeBpsToStartMin: null,
  prizesOfStakesBpsMax: null,
  cancellationPaysGuaranteeAfterLateRegistration: false,
});
const noBounty = Object.freeze({ knockoutShareBps: null, progressiveShareBps: null, progressivePaidBps: null });
const noFeeCaps = Object.freeze({
  feeMax: null,
  feeOfStartFeeBpsMax: null,
  startFeeMax: null,
  feeOfBuyInBpsMin: null,
  feeOfBuyInBpsMax: null,
  capsPerPurchase: false,
});

/** HR (000): fee on top ("20 + 2"), none on freerolls, optional on rebuys; operator fault refunds the money (000-001:TRN-05, TIME-07). */
export const hrTournamentRules: TournamentRuleProfile = Object.freeze({
  profileId: 'HR',
  formats: Object.freeze(['freeze-out', 'rebuy', 'add-on', 'sit-and-go', 'multi-table'] as const),
  fee: noFeeCaps,
  sitAndGoSeats,
  handForHand: 'bubble-window',
  rebuy: Object.freeze({ onlyWithNoChips: false, autoOffer: false }),
  addOn: Object.freeze({ priceEqualsStartFee: false, zeroChipsAllowed: false }),
  guarantee: noGuarantee,
  bounty: noBounty,
  cancel: Object.freeze({
    sitAndGo: 'refund-all-paid',
    headsUp: 'refund-all-paid',
    multiTable: 'refund-all-paid',
    twister: null,
  }),
  prizeCredit: 'at-elimination',
  lateRegistration: false,
  tournamentCountLimits: false,
  allInEquityDisplay: null,
});

/** AT (001): fee ≤ EUR 50 and ≤ 15 % of the start fee ≤ EUR 500, per purchase (000-001:TRN-03, 04, A-32); STT/MTT aborts (TRN-19, 20). */
export const atTournamentRules: TournamentRuleProfile = Object.freeze({
  profileId: 'AT',
  formats: Object.freeze([
    'freeze-out',
    're-entry',
    'rebuy',
    'add-on',
    'sit-and-go',
    'multi-table',
    'satellite',
    'satellite-seat',
    'twister', // 000-001:TRN-18 (D-1970)
  ] as const),
  fee: Object.freeze({
    ...noFeeCaps,
    feeMax: Object.freeze({ EUR: 5_000n }),
    feeOfStartFeeBpsMax: 1_500,
    startFeeMax: Object.freeze({ EUR: 50_000n }),
    capsPerPurchase: true,
  }),
  sitAndGoSeats,
  handForHand: 'bubble-window',
  rebuy: Object.freeze({ onlyWithNoChips: false, autoOffer: false }),
  addOn: Object.freeze({ priceEqualsStartFee: false, zeroChipsAllowed: false }),
  guarantee: noGuarantee,
  bounty: noBounty,
  cancel: Object.freeze({
    sitAndGo: 'fee-back-remaining-pool-equal',
    headsUp: 'fee-back-remaining-pool-equal',
    multiTable: 'rank-prize-then-equal',
    // D-1973: a Twister aborted refunds every entry all it paid; its draw is void (000-001:TRN-20, A-33).
    twister: 'refund-all-paid',
  }),
  prizeCredit: 'at-elimination',
  lateRegistration: true,
  tournamentCountLimits: false,
  allInEquityDisplay: null,
});

/** CZ-PS (002): fee 2–17 % of the buy-in; §59 ZHH guarantees (002:RAKE-03, GTD-02); no cancellation rules (D-1905). */
export const czPsTournamentRules: TournamentRuleProfile = Object.freeze({
  profileId: 'CZ-PS',
  formats: Object.freeze([
    'freeze-out',
    'rebuy',
    'add-on',
    'sit-and-go',
    'multi-table',
    'shootout',
    'satellite',
    'satellite-seat',
    'guaranteed',
    'double-or-nothing',
  ] as const),
  fee: Object.freeze({ ...noFeeCaps, feeOfBuyInBpsMin: 200, feeOfBuyInBpsMax: 1_700 }),
  sitAndGoSeats,
  handForHand: 'none',
  rebuy: Object.freeze({ onlyWithNoChips: false, autoOffer: true }),
  addOn: Object.freeze({ priceEqualsStartFee: false, zeroChipsAllowed: false }),
  guarantee: Object.freeze({
    collectedOfGuaranteeBpsToStartMin: 5_000,
    prizesOfStakesBpsMax: 9_500,
    cancellationPaysGuaranteeAfterLateRegistration: false,
  }),
  bounty: noBounty,
  cancel: Object.freeze({
    sitAndGo: 'refund-all-paid',
    headsUp: 'refund-all-paid',
    multiTable: 'refund-all-paid',
    twister: null,
  }),
  prizeCredit: 'at-elimination',
  lateRegistration: true,
  tournamentCountLimits: false,
  allInEquityDisplay: null,
});

/** SE (003): fee to SS, Σ start fees = pool; rebuy only at 0 chips; add-on = start fee; H4H at paid + 1/+ 2; R-TECH-02/03 aborts. */
export const seTournamentRules: TournamentRuleProfile = Object.freeze({
  profileId: 'SE',
  formats: Object.freeze(['freeze-out', 'rebuy', 'add-on', 'sit-and-go', 'multi-table', 'satellite', 'satellite-seat'] as const),
  fee: noFeeCaps,
  sitAndGoSeats,
  handForHand: 'paid-plus-one-or-two',
  rebuy: Object.freeze({ onlyWithNoChips: true, autoOffer: false }),
  addOn: Object.freeze({ priceEqualsStartFee: true, zeroChipsAllowed: true }),
  guarantee: noGuarantee,
  bounty: noBounty,
  cancel: Object.freeze({
    sitAndGo: 'fee-back-whole-pool-equal',
    headsUp: 'fee-back-whole-pool-equal',
    multiTable: 'fee-back-start-fees-or-split',
    twister: null,
  }),
  prizeCredit: 'at-elimination',
  lateRegistration: true,
  tournamentCountLimits: true,
  // 003:R-ALLIN-09, R-TOUR-13: Texas Hold'em tournaments; "a short delay" read as two seconds a street (D-2038).
  allInEquityDisplay: Object.freeze({
    variants: Object.freeze(['holdem/no-limit', 'holdem/pot-limit', 'holdem/fixed-limit']),
    streetDelayMs: 2_000,
  }),
});

/** CZ-FO (004): buy-in = pool part + commission; KO/PKO; Annex 4.37 cancellations; wins credited at the end (AMB-33). */
export const czFoTournamentRules: TournamentRuleProfile = Object.freeze({
  profileId: 'CZ-FO',
  formats: Object.freeze([
    'freeze-out',
    're-entry',
    'rebuy',
    'add-on',
    'sit-and-go',
    'multi-table',
    'shootout',
    'satellite',
    'guaranteed',
    'knockout',
    'progressive-knockout',
    'mystery-bounty',
    'double-or-nothing',
    // 004:GAM-P-T-17 (D-1965)
    'flight',
    'best-stack-forward',
    'stack-builder',
  ] as const),
  fee: noFeeCaps,
  sitAndGoSeats,
  handForHand: 'bubble-window',
  rebuy: Object.freeze({ onlyWithNoChips: false, autoOffer: true }),
  addOn: Object.freeze({ priceEqualsStartFee: false, zeroChipsAllowed: false }),
  guarantee: Object.freeze({
    collectedOfGuaranteeBpsToStartMin: null,
    prizesOfStakesBpsMax: null,
    cancellationPaysGuaranteeAfterLateRegistration: true,
  }),
  bounty: Object.freeze({
    knockoutShareBps: Object.freeze({ min: 1_000, max: 10_000 }),
    progressiveShareBps: Object.freeze({ min: 3_000, max: 10_000 }),
    progressivePaidBps: Object.freeze({ min: 2_500, max: 7_500 }),
  }),
  cancel: Object.freeze({
    sitAndGo: 'buy-in-back-eliminated-pool-equal',
    headsUp: 'buy-in-back',
    multiTable: 'buy-in-back-half-equal-half-chips',
    twister: null,
  }),
  prizeCredit: 'at-end',
  lateRegistration: true,
  tournamentCountLimits: false,
  allInEquityDisplay: null,
});

/** Every profile's tournament settings, checked at start-up with the poker rule profiles. */
export const tournamentRuleProfiles: Readonly<Record<PokerRuleProfileId, TournamentRuleProfile>> = Object.freeze({
  HR: hrTournamentRules,
  AT: atTournamentRules,
  'CZ-PS': czPsTournamentRules,
  SE: seTournamentRules,
  'CZ-FO': czFoTournamentRules,
});
