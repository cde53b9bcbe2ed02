import type { CurrencyCode } from '@casino/core';
import type { poker } from '@casino/games';

/**
 * A poker rule profile (issue 16): every setting of a cash table that differs between the five rule
 * books (`shared/spec/by-capability.md` §1d), as data. A table belongs to exactly one profile; the
 * runtime reads its settings here and never branches on the profile's id. The modules with the
 * values live in `@casino/operator` (poker-rooms/*.ts), validated at start-up; this package owns
 * the type, as each package owns the type of its own rules.
 */
export const pokerRuleProfileIds = ['HR', 'AT', 'CZ-PS', 'SE', 'CZ-FO'] as const;
export type PokerRuleProfileId = (typeof pokerRuleProfileIds)[number];

/** An amount stated per currency: a rule book's cap in its own currency and the fixed equivalents the operator publishes (D-16xx). */
export type AmountPerCurrency = Readonly<Partial<Record<CurrencyCode, bigint>>>;

export interface PokerRuleProfile {
  readonly id: PokerRuleProfileId;
  /** The rule book: 000 HR, 001 AT, 002 CZ-PS, 003 SE, 004 CZ-FO. */
  readonly ruleBook: '000' | '001' | '002' | '003' | '004';
  readonly name: string;
  /**
   * The rule book's own currency (EUR for 000's kn since 2023-01-01, EUR, USD/EUR/GBP, SEK, CZK): informative; a
   * table states its currency, and every amount the profile fixes must be published in it (D-1622).
   */
  readonly homeCurrencies: readonly CurrencyCode[];
  /** The games the rule book describes; a table of another game has no rules to follow (D-1624). */
  readonly games: readonly poker.GameKind[];
  /**
   * The stud, draw and mixed games the lobby offers (issue 20, by-capability §3d `variants.offered`,
   * `mixedGames`) with the fixed-limit rules where the rule books differ (`draw.firstActor`,
   * `stud.boardTie`, the cap); absent = none. Ids: `poker.FixedLimitGame.id` and `poker.MixedRotation.id`.
   */
  readonly otherGames?: {
    readonly studAndDraw: readonly string[];
    readonly mixed: readonly string[];
    readonly rules: poker.FixedLimitRules;
  };
  /** The engine's settings: one source of truth, `poker.tableRuleProfiles` / `poker.buttonRuleProfiles`. */
  readonly engine: { readonly tableRules: poker.TableRules; readonly buttonRule: poker.ButtonRule };
  /** table.maxSeats: the seats a table of this profile may have. */
  readonly seats: { readonly min: number; readonly max: number };
  /**
   * buyIn.min/max in big blinds; null = the rule book sets none (the table's own values apply).
   * `maxAppliesToFixedLimit` false: fixed-limit tables have a minimum only (000-001:TBL-04, 003:R-WAL-04).
   */
  readonly buyIn: {
    readonly minBigBlinds: number | null;
    readonly maxBigBlinds: number | null;
    readonly maxAppliesToFixedLimit: boolean;
  };
  /** blinds.caps (001: SB ≤ EUR 25, BB ≤ EUR 50) and minimums (004:GAM-PC-04); null = none. */
  readonly blinds: {
    /** BB = 2 × SB required (002:HE-02, 003 glossary); false: SB ≤ BB only (004:GAM-PT-02 "usually"). */
    readonly bigBlindTwiceSmallBlind: boolean;
    readonly smallBlindMax: AmountPerCurrency | null;
    readonly bigBlindMax: AmountPerCurrency | null;
    readonly smallBlindMin: AmountPerCurrency | null;
    readonly bigBlindMin: AmountPerCurrency | null;
  };
  /** stake.perHandCap (003:R-CAP-01: 2 × prisbasbelopp, yearly with effective dates); null = none. */
  readonly perHandStakeCap: {
    readonly multiple: number;
    /** Ascending by `from` (YYYY-MM-DD, a calendar date in `timeZone`); the latest one in force applies. */
    readonly baseAmounts: readonly { readonly from: string; readonly amount: AmountPerCurrency }[];
    readonly timeZone: string;
  } | null;
  /** topUp.timing: 'between-hands' (000), 'queued-to-hand-end' (001, 003), 'any-time' (002, 004: also after busting; counts from the next hand). */
  readonly topUp: 'between-hands' | 'queued-to-hand-end' | 'any-time';
  /** leave.timing: 'any-time' (mid-hand = fold, chips credited after the hand) or 'after-hand' (003). */
  readonly leave: 'any-time' | 'after-hand';
  /** Sit-out maximum in hands before the seat is released (000-001:TBL-09, A-26); null = none (003:R-TBL-05). */
  readonly sitOutHandsMax: number | null;
  /** 'none', 'optional' (001), or 'marked-tables' (003 "Ö" tables, Hold'em only). */
  readonly straddle: 'none' | 'optional' | 'marked-tables';
  /** The games a straddle may be posted in (003:R-OM-02: Hold'em only); never at fixed limit (D-803). */
  readonly straddleGames: readonly poker.GameKind[];
  readonly rake: {
    /** Licensed bounds of the rate in basis points (002: 100..500); a table's rate must lie inside. */
    readonly rateBpsMin: number;
    readonly rateBpsMax: number;
    /** Largest cap per hand a table may set, per currency (002: USD 5); null = the rule book sets none. */
    readonly capMax: AmountPerCurrency | null;
    /** Whether a table of this profile must, may or must not use no flop no drop. */
    readonly noFlopNoDrop: 'required' | 'allowed' | 'forbidden';
    /** When the rake is taken: at the end of the hand, or after each betting round (003:R-RAKE-02). */
    readonly timing: 'hand-end' | 'per-betting-round';
  };
  readonly clock: {
    /** The decision clock (000-001:A-27: 15–30 s illustrative). */
    readonly actionTimeMs: number;
    /** Time bank seconds per player on tables that offer one (003:R-TIME-03); null = no time bank. */
    readonly timeBankMs: number | null;
    /** What a disconnected player's turn does: the time-out action after `actionTimeMs` (no all-in protection anywhere). */
    readonly disconnected: 'time-out-rule';
  };
  /** Failure (000-001:FAIL-01, 003:R-TECH-01, 004:AMB-43): an interrupted hand is voided, every chip back, no rake. */
  readonly interruptedHand: 'void-every-chip-back';
  readonly handHistory: {
    /** Whether a player may download their own hands (002:PK-SHOW-04 yes; 000-001:REC-03 no). */
    readonly playerDownload: boolean;
  };
  readonly chat: {
    /** Languages chat is allowed in (003: Swedish only); null = any. */
    readonly languages: readonly string[] | null;
  };
  /**
   * 003:R-WAL-01..07 (issue 26): money reaches this room's tables through a poker account between the
   * main account and the chips, each transfer into it within a published minimum and maximum per
   * currency; absent or null: buy-ins come from the main wallet.
   */
  readonly pokerAccount?: {
    readonly transferMinMinor: AmountPerCurrency;
    readonly transferMaxMinor: AmountPerCurrency;
  } | null;
  /**
   * Speed (fast-fold) poker (issue 18, D-1801): a pool of players dealt hand by hand at new tables
   * instead of a table (000-001:TBL-10, BTN-12; 004:GAM-PT-06). Null: the rule book offers none.
   * Absent is read as null (profiles written before issue 18).
   */
  readonly speedPoker?: {
    /** 004:GAM-PT-06, T-141: a player may fold (and move on) before their turn; 001 moves them after the fold. */
    readonly foldBeforeTurn: boolean;
    /** Players one pool holds at most (STYLE: limit everything); a pool's own maximum lies under it. */
    readonly poolSeatsMax: number;
  } | null;
  /**
   * runItTwice (000-001:RIT-01..05, issue 18): the agreement step a table of this profile may offer
   * when every remaining player is all-in before the river; absent or null = never offered (the board
   * runs once). The most runs is the engine's `runItTimesMax`; a table opts in (`runItTwice` there).
   */
  readonly runItTwice?: RunItTwiceSettings | null;
  /** badBeatJackpot (000-001:JP-01..05, issue 18): absent or null = no jackpot; a table opts in. */
  readonly badBeatJackpot?: BadBeatJackpotSettings | null;
  /** waitingList (003:R-TBL-04, issue 18): absent or null = a full table refuses a seat. */
  readonly waitingList?: WaitingListSettings | null;
  /** Aliases, anonymous and private tables, clawback (issue 18); absent: `pokerIntegrityDefaults`. */
  readonly integrity?: PokerIntegrityRules;
}

export interface RunItTwiceSettings {
  /** How long the players have to agree; silence counts as a refusal (one run, D-1820). */
  readonly agreementMs: number;
}

/**
 * The published configuration of a bad-beat jackpot (000-001:JP-02..05, A-36). Shares are basis
 * points of the jackpot at the payout and add up to 10 000: the loser's, the winner's and the rest
 * of the table's (split evenly among the other players dealt in), the operator's (kept as rake,
 * JP-04's 5 %) and the seed left for the next jackpot (JP-04's 20 %, with every rounding remainder).
 */
export interface BadBeatJackpotSettings {
  /** The drop taken from every raked pot (000-001:JP-02), per currency in minor units. */
  readonly dropPerRakedHand: AmountPerCurrency;
  /** The weakest losing hand that qualifies, as five cards ("8c8d8h8s2c": four eights); it must be beaten. */
  readonly minimumLosingHand: string;
  readonly shares: {
    readonly loserBps: number;
    readonly winnerBps: number;
    readonly tableBps: number;
    readonly rakeBps: number;
    readonly seedBps: number;
  };
}

export interface WaitingListSettings {
  /** How long the first in the queue has to take the seat that freed (sit down with a buy-in). */
  readonly offerMs: number;
  /** The most players one table's queue holds. */
  readonly lengthMax: number;
}

/** The room's integrity rules of a profile (issue 18, docs/poker-tables.md#integrity). */
export interface PokerIntegrityRules {
  /** 003:R-ALIAS-01, R-ALIAS-03: a player sits only once they have chosen their alias (elsewhere a pseudonym from the id shows). */
  readonly aliasRequired: boolean;
  /** 000-001:TBL-08, UI-03: tables may be anonymous (per-table labels at the table edge). */
  readonly anonymousTables: boolean;
  /** 003:R-PRIV-01..09: players may order private tables (null: not offered). */
  readonly privateTables: {
    /** R-PRIV-02: the order reaches the operator at least this many calendar days before the game day. */
    readonly orderDaysAheadMin: number;
    /** How far ahead a game day may be booked. */
    readonly orderDaysAheadMax: number;
  } | null;
  /** 003:R-COND-J, S-90: winnings taken back go to the players who lost them ('losers') or are held by the operator. */
  readonly clawbackTo: 'losers' | 'operator';
}

export const pokerIntegrityDefaults: PokerIntegrityRules = Object.freeze({
  aliasRequired: false,
  anonymousTables: false,
  privateTables: null,
  clawbackTo: 'operator',
});

export function integrityRulesOf(profile: Pick<PokerRuleProfile, 'integrity'>): PokerIntegrityRules {
  return profile.integrity ?? pokerIntegrityDefaults;
}

/** A table's own settings, stored with the table and validated against its profile. */
export interface PokerTableDefinition {
  readonly name: string;
  readonly profileId: PokerRuleProfileId;
  /** The engine's variant id, e.g. "holdem/no-limit" (`poker.variantId`). */
  readonly variant: string;
  readonly currency: CurrencyCode;
  readonly seatsMax: number;
  readonly smallBlindMinor: bigint;
  readonly bigBlindMinor: bigint;
  readonly anteMinor: bigint;
  readonly anteMode: poker.AnteMode;
  /** Straddle size (2 × BB on 003 "Ö" tables); 0 = no straddle at this table. */
  readonly straddleMinor: bigint;
  readonly buyInMinMinor: bigint;
  /** null: no maximum (fixed limit where the profile says so). */
  readonly buyInMaxMinor: bigint | null;
  readonly rake: { readonly rateBps: number; readonly capPerHandMinor: bigint | null; readonly noFlopNoDrop: boolean };
  /** Time bank on this table (003 marked tables); 0 = none. */
  readonly timeBankMs: number;
  /** The table offers running the board more than once (profile's `runItTwice`); absent = no. */
  readonly runItTwice?: boolean;
  /** The table takes the bad-beat jackpot drop and pays it (profile's `badBeatJackpot`, 000-001:JP-01); absent = no. */
  readonly badBeatJackpot?: boolean;
  /**
   * A speed-poker pool instead of a table (issue 18, D-1801): `seatsMax` is then the pool's players at
   * most, `tableSeats` the seats of each table a hand is dealt at, `fillWaitMs` how long a hand waits
   * for a full table before it is dealt short-handed (two players at least). Absent or null: a table.
   */
  readonly speedPool?: { readonly tableSeats: number; readonly fillWaitMs: number } | null;
}
