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
}
