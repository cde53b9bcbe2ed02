import type { AmountPerCurrency, PokerRuleProfileId } from '../poker/profile.ts';

/**
 * A poker rule profile's tournament settings (issue 19, by-capability.md §2d): everything that differs
 * between the five rule books about tournaments, as data. The values live in `@casino/operator`
 * (poker-rooms/tournaments.ts) and are checked at start-up (`tournamentRuleProblems`); the tournament
 * code reads them and never branches on the profile's id.
 */

/** The formats a tournament definition may use (§2d `formats`). */
export const tournamentFormats = [
  'freeze-out',
  're-entry',
  'rebuy',
  'add-on',
  'sit-and-go',
  'multi-table',
  'shootout',
  'satellite',
  /** A satellite whose seats are tickets into a named target tournament (003:R-WAL-08, R-PAY-02, 000-001:TRN-22, 002:SAT-01). */
  'satellite-seat',
  'guaranteed',
  'knockout',
  'progressive-knockout',
  /** Bounties drawn at random at each elimination from a published set (004:GAM-P-T-21). */
  'mystery-bounty',
  'double-or-nothing',
  /**
   * A multi-day event (004:GAM-P-T-17, D-1965): several Day 1 flights whose survivors are seated in one Day 2 with
   * their stacks; `flight` carries a player's one qualifying stack, `best-stack-forward` the best of the Day 1s the
   * player entered, `stack-builder` their sum.
   */
  'flight',
  'best-stack-forward',
  'stack-builder',
  /** A sit & go whose prize pool is a multiple of the start fee drawn at the start from a published table (000-001:TRN-18, D-1970). */
  'twister',
] as const;
export type TournamentFormat = (typeof tournamentFormats)[number];

/**
 * How a cancelled tournament is settled (§2d `cancel.stt/sng`, `cancel.mtt`), one formula per rule book:
 * - `refund-all-paid`: every entry gets back everything it paid, fees included (000-001:TIME-07, TRN-21; 002: D-1905).
 * - `fee-back-remaining-pool-equal`: players still in get the fee back and share the pool not yet paid out equally (000-001:TRN-19, A-33).
 * - `fee-back-whole-pool-equal`: players still in get the fee back and share the whole pool equally; eliminated players nothing (003:R-TECH-02, Q-33).
 * - `rank-prize-then-equal`: players still in get at least the prize of their current rank, the rest equally (000-001:TRN-20, A-34).
 * - `fee-back-start-fees-or-split`: 003:R-TECH-03 cases A (start fees back), B (50 % equal, 50 % by chips), C (lowest remaining prize, then by chips).
 * - `buy-in-back-eliminated-pool-equal`: buy-in back and the eliminated entries' pool parts equally (004:GAM-P-T-45).
 * - `buy-in-back-half-equal-half-chips`: buy-in back and the remaining pool 50 % equal, 50 % by chips; all in the money: first the prize of the place equal to the players left (004:GAM-P-T-42, 43).
 * - `buy-in-back`: each remaining player gets the buy-in back (004:GAM-P-T-41, heads-up).
 */
export const cancellationFormulas = [
  'refund-all-paid',
  'fee-back-remaining-pool-equal',
  'fee-back-whole-pool-equal',
  'rank-prize-then-equal',
  'fee-back-start-fees-or-split',
  'buy-in-back-eliminated-pool-equal',
  'buy-in-back-half-equal-half-chips',
  'buy-in-back',
] as const;
export type CancellationFormula = (typeof cancellationFormulas)[number];

/**
 * When hand-for-hand play runs (§2d `handForHand.trigger`): `paid-plus-one-or-two`: only while the
 * players left are the paid places + 1 or + 2 (003:R-TOUR-08, Q-45); `bubble-window`: from the tournament's
 * `handForHandAbovePaidMax` players above the paid places until the bubble bursts (004:GAM-P-T-02; 000-001:TRN-17).
 */
export type HandForHandTrigger = 'none' | 'paid-plus-one-or-two' | 'bubble-window';

export interface TournamentRuleProfile {
  readonly profileId: PokerRuleProfileId;
  readonly formats: readonly TournamentFormat[];
  readonly fee: {
    /** The fee's cap per purchase in each published currency (001: EUR 50, 000-001:TRN-03); null = none. */
    readonly feeMax: AmountPerCurrency | null;
    /** The fee's cap as a share of the start fee, basis points (001: 1,500, 000-001:TRN-04); null = none. */
    readonly feeOfStartFeeBpsMax: number | null;
    /** The start fee's cap per purchase (001: EUR 500, 000-001:TRN-03); null = none. */
    readonly startFeeMax: AmountPerCurrency | null;
    /** The fee as a share of the whole buy-in (002: 200..1,700, 002:RAKE-03); null = none. */
    readonly feeOfBuyInBpsMin: number | null;
    readonly feeOfBuyInBpsMax: number | null;
    /** Whether the caps above apply to each rebuy and add-on as well (000-001:A-32). */
    readonly capsPerPurchase: boolean;
  };
  /** Sit & go sizes (002:SNG-02, 004:GAM-P-T-11: 2..360). */
  readonly sitAndGoSeats: { readonly min: number; readonly max: number };
  readonly handForHand: HandForHandTrigger;
  readonly rebuy: {
    /** Rebuy only with no chips left (003:R-TOUR-10); otherwise up to the definition's chip-count rule (002:TRN-RB-05). */
    readonly onlyWithNoChips: boolean;
    /** Offered automatically at zero chips (002:TRN-RB-04, 004:GAM-P-T-15). */
    readonly autoOffer: boolean;
  };
  readonly addOn: {
    /** The add-on's price must equal the start fee (003:R-TOUR-10). */
    readonly priceEqualsStartFee: boolean;
    /** A player still in at the break with no chips may take it (003:R-TOUR-10, S-78). */
    readonly zeroChipsAllowed: boolean;
  };
  readonly guarantee: {
    /** §59 ZHH: stakes paid before the start at least this share of the guarantee, bps (002:GTD-02: 5,000); null = none. */
    readonly collectedOfGuaranteeBpsToStartMin: number | null;
    /** §59 ZHH: prizes at most this share of all stakes when there is no overlay, bps (002:GTD-02: 9,500); null = none. */
    readonly prizesOfStakesBpsMax: number | null;
    /** Cancelled during late registration or rebuy: the collected entries, after that the guarantee (004:GAM-P-T-44). */
    readonly cancellationPaysGuaranteeAfterLateRegistration: boolean;
  };
  readonly bounty: {
    /** The bounty's share of the net buy-in, bps (004:GAM-P-T-19: 1,000..10,000); null = no KO format. */
    readonly knockoutShareBps: { readonly min: number; readonly max: number } | null;
    /** PKO: the share of the net buy-in (3,000..10,000) and the part paid to the eliminator (2,500..7,500) (004:GAM-P-T-20). */
    readonly progressiveShareBps: { readonly min: number; readonly max: number } | null;
    readonly progressivePaidBps: { readonly min: number; readonly max: number } | null;
  };
  readonly cancel: {
    readonly sitAndGo: CancellationFormula;
    readonly headsUp: CancellationFormula;
    readonly multiTable: CancellationFormula;
    /** A Twister aborted (000-001:TRN-20, A-33: not the sit & go formula; D-1973); null where Twister is not a format. */
    readonly twister: CancellationFormula | null;
  };
  /** When prizes and bounties are credited: at elimination, or when the tournament ends (004:AMB-33). */
  readonly prizeCredit: 'at-elimination' | 'at-end';
  /** Late registration may be offered (000-001:TRN-06); never for shootouts (002:SHOOT-06). */
  readonly lateRegistration: boolean;
  /** The player's tournament-count limits are checked at registration (003:R-TOUR-06, R-LIM-02). */
  readonly tournamentCountLimits: boolean;
  /**
   * All-in with no betting left: the hands turned up, the board dealt street by street with
   * `streetDelayMs` between deals, each hand's exact chance of winning shown (003:R-ALLIN-09,
   * R-TOUR-13; by-capability §2d `allInEquityDisplay`, D-2038), at tournaments of these `variants`
   * (Texas Hold'em ids); null = the board is dealt at once, no equity (every other rule book).
   */
  readonly allInEquityDisplay: { readonly variants: readonly string[]; readonly streetDelayMs: number } | null;
}

/** The longest pause between two streets of an all-in run-out (a limit checked at start-up). */
export const allInStreetDelayMsMax = 10_000;

/** Every broken invariant of a profile's tournament settings (checked at start-up with the poker rule profiles). */
export function tournamentRuleProblems(rules: TournamentRuleProfile): { setting: string; message: string }[] {
  const problems: { setting: string; message: string }[] = [];
  const fail = (setting: string, message: string) => problems.push({ setting, message });
  for (const format of rules.formats) if (!tournamentFormats.includes(format)) fail('formats', `unknown format ${format}`);
  const { min, max } = rules.sitAndGoSeats;
  if (!Number.isInteger(min) || !Number.isInteger(max) || min < 2 || max < min)
    fail('sitAndGoSeats', 'whole numbers, 2 ≤ min ≤ max');
  const bps = (setting: string, value: number | null) => {
    if (value !== null && (!Number.isInteger(value) || value < 0 || value > 10_000)) fail(setting, 'basis points 0..10,000');
  };
  bps('fee.feeOfStartFeeBpsMax', rules.fee.feeOfStartFeeBpsMax);
  bps('fee.feeOfBuyInBpsMin', rules.fee.feeOfBuyInBpsMin);
  bps('fee.feeOfBuyInBpsMax', rules.fee.feeOfBuyInBpsMax);
  bps('guarantee.collectedOfGuaranteeBpsToStartMin', rules.guarantee.collectedOfGuaranteeBpsToStartMin);
  bps('guarantee.prizesOfStakesBpsMax', rules.guarantee.prizesOfStakesBpsMax);
  for (const [kind, formula] of Object.entries(rules.cancel))
    if (formula !== null && !cancellationFormulas.includes(formula)) fail(`cancel.${kind}`, `unknown formula ${formula}`);
  if (rules.formats.includes('twister') !== (rules.cancel.twister !== null))
    fail('cancel.twister', 'set exactly when twister is a format');
  const ko = rules.formats.includes('knockout');
  const pko = rules.formats.includes('progressive-knockout');
  if (ko !== (rules.bounty.knockoutShareBps !== null)) fail('bounty.knockoutShareBps', 'set exactly when knockout is a format');
  if (pko !== (rules.bounty.progressiveShareBps !== null && rules.bounty.progressivePaidBps !== null))
    fail('bounty.progressiveShareBps', 'set exactly when progressive-knockout is a format');
  if (rules.formats.includes('guaranteed') === false && rules.guarantee.prizesOfStakesBpsMax !== null)
    fail('guarantee', 'guarantee rules without the guaranteed format');
  const display = rules.allInEquityDisplay;
  if (display !== null) {
    if (display.variants.length === 0 || display.variants.some((v) => !v.startsWith('holdem/')))
      fail('allInEquityDisplay.variants', "Texas Hold'em variants only (two hole cards, the equity counted for Hold'em)");
    if (!Number.isInteger(display.streetDelayMs) || display.streetDelayMs < 1 || display.streetDelayMs > allInStreetDelayMsMax)
      fail('allInEquityDisplay.streetDelayMs', `whole milliseconds 1..${allInStreetDelayMsMax}`);
  }
  return problems;
}
