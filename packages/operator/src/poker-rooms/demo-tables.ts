import type { CurrencyCode } from '@casino/core';
import type { PokerRuleProfileId, PokerTableDefinition } from '@casino/tables';

/**
 * The big blind of the smallest demo stake per currency (CZK 2.00, EUR 0.10, …): every demo amount is
 * a multiple of it, so the same tables exist in any currency. The amounts stay inside every profile's
 * published caps and minimums in CZK (D-1639); a currency a profile publishes no equivalent in fails
 * that table's validation rather than guessing a rate (D-1622).
 */
const bigBlindUnit: Readonly<Record<CurrencyCode, bigint>> = Object.freeze({
  CZK: 200n,
  SEK: 200n,
  EUR: 10n,
  USD: 10n,
  GBP: 10n,
  CAD: 10n,
  JPY: 10n,
});

interface DemoTable {
  name: string;
  profileId: PokerRuleProfileId;
  variant: string;
  seatsMax: number;
  /** The big blind in units of `bigBlindUnit`; the small blind is half of it. */
  bigBlinds: bigint;
  /** Buy-in range in big blinds; max null = none (fixed limit where the profile says so). */
  buyIn: readonly [bigint, bigint | null];
  /** Ante per player in tenths of the big blind. */
  anteTenths?: bigint;
  straddle?: boolean;
  rateBps: number;
  /** Rake cap in big blinds; null = uncapped. */
  capBigBlinds: bigint | null;
  noFlopNoDrop: boolean;
  timeBankMs?: number;
  /** A speed-poker pool (issue 18): `seatsMax` is then the pool's players at most. */
  speedPool?: { tableSeats: number; fillWaitMs: number };
  /** The table opts in to running the board more than once (the profile's `runItTwice`, 000-001:RIT-01). */
  runItTwice?: true;
  /** The table takes the bad-beat jackpot drop and pays it (the profile's `badBeatJackpot`, 000-001:JP-01). */
  badBeatJackpot?: true;
  /** An anonymous table (000-001:TBL-08, UI-03): a column the seed sets, not part of the definition. */
  anonymous?: true;
}

/**
 * At least one table per profile and, together, every engine variant the demo shows (Hold'em NL and
 * FL, Omaha PL, 5 Card Omaha PL, Omaha Hi/Lo FL and PL, Six Plus Hold'em) at 6-max and 9/10-max.
 */
const demoTables: readonly DemoTable[] = [
  // HR: buy-in 25 × BB to 100 × BB (000-001:TBL-06); no flop no drop (RAKE-02); fixed limit has no maximum (TBL-04).
  {
    name: 'Zagreb',
    profileId: 'HR',
    variant: 'holdem/no-limit',
    seatsMax: 9,
    bigBlinds: 1n,
    buyIn: [25n, 100n],
    rateBps: 500,
    capBigBlinds: null,
    noFlopNoDrop: true,
  },
  {
    name: 'Split',
    profileId: 'HR',
    variant: 'omaha-hi-lo/fixed-limit',
    seatsMax: 6,
    bigBlinds: 2n,
    buyIn: [25n, null],
    rateBps: 500,
    capBigBlinds: null,
    noFlopNoDrop: true,
  },
  // AT: blinds under EUR 25/50 (000-001:TBL-05); a straddle table (BTN-07); 5 Card Omaha (001 §7.c).
  {
    name: 'Wien',
    profileId: 'AT',
    variant: 'holdem/no-limit',
    seatsMax: 10,
    bigBlinds: 1n,
    buyIn: [40n, 100n],
    straddle: true,
    rateBps: 500,
    capBigBlinds: 3n,
    noFlopNoDrop: false,
  },
  {
    name: 'Graz',
    profileId: 'AT',
    variant: 'five-card-omaha/pot-limit',
    seatsMax: 6,
    bigBlinds: 1n,
    buyIn: [40n, 100n],
    rateBps: 500,
    capBigBlinds: 3n,
    noFlopNoDrop: false,
  },
  // AT's opt-ins (issue 18), one table each so the lobby shows them apart: run it twice (000-001:RIT-01..05),
  // the bad-beat jackpot (JP-01..05), an anonymous table (TBL-08, UI-03: per-table labels at the table edge).
  {
    name: 'Salzburg',
    profileId: 'AT',
    variant: 'holdem/no-limit',
    seatsMax: 6,
    bigBlinds: 1n,
    buyIn: [40n, 100n],
    rateBps: 500,
    capBigBlinds: 3n,
    noFlopNoDrop: false,
    runItTwice: true,
  },
  {
    name: 'Innsbruck',
    profileId: 'AT',
    variant: 'holdem/no-limit',
    seatsMax: 9,
    bigBlinds: 1n,
    buyIn: [40n, 100n],
    rateBps: 500,
    capBigBlinds: 3n,
    noFlopNoDrop: false,
    badBeatJackpot: true,
  },
  {
    name: 'Linz',
    profileId: 'AT',
    variant: 'holdem/no-limit',
    seatsMax: 6,
    bigBlinds: 1n,
    buyIn: [40n, 100n],
    rateBps: 500,
    capBigBlinds: 3n,
    noFlopNoDrop: false,
    anonymous: true,
  },
  // CZ-PS: rake 1–5 % under the USD 5 cap's CZK equivalent (002:RAKE-01); a maximum also at fixed limit (PK-CASH-04).
  {
    name: 'Praha',
    profileId: 'CZ-PS',
    variant: 'holdem/fixed-limit',
    seatsMax: 9,
    bigBlinds: 1n,
    buyIn: [20n, 100n],
    rateBps: 500,
    capBigBlinds: 5n,
    noFlopNoDrop: false,
  },
  {
    name: 'Brno',
    profileId: 'CZ-PS',
    variant: 'omaha/pot-limit',
    seatsMax: 6,
    bigBlinds: 1n,
    buyIn: [40n, 100n],
    rateBps: 300,
    capBigBlinds: 5n,
    noFlopNoDrop: false,
  },
  // CZ-PS's stud, draw and mixed games (issue 20, D-2020): fixed limit, the big blind is the small bet
  // (D-2021); at the stud and HORSE tables the small blind field is the bring-in and the ante every player's.
  {
    name: 'Olomouc Stud',
    profileId: 'CZ-PS',
    variant: 'stud/fixed-limit',
    seatsMax: 8,
    bigBlinds: 1n,
    buyIn: [20n, 100n],
    anteTenths: 1n,
    rateBps: 500,
    capBigBlinds: 5n,
    noFlopNoDrop: false,
  },
  {
    name: 'Ostrava 2-7 Triple Draw',
    profileId: 'CZ-PS',
    variant: '27td/fixed-limit',
    seatsMax: 6,
    bigBlinds: 1n,
    buyIn: [20n, 100n],
    rateBps: 500,
    capBigBlinds: 5n,
    noFlopNoDrop: false,
  },
  {
    name: 'Liberec HORSE',
    profileId: 'CZ-PS',
    variant: 'mixed/horse',
    seatsMax: 8,
    bigBlinds: 1n,
    buyIn: [20n, 100n],
    anteTenths: 1n,
    rateBps: 500,
    capBigBlinds: 5n,
    noFlopNoDrop: false,
  },
  // SE: an "Ö" table with a straddle and a time bank (003:R-TH-02, R-TIME-03); Omaha without (R-OM-02).
  {
    name: 'Stockholm Ö',
    profileId: 'SE',
    variant: 'holdem/no-limit',
    seatsMax: 6,
    bigBlinds: 1n,
    buyIn: [40n, 100n],
    straddle: true,
    rateBps: 500,
    capBigBlinds: 3n,
    noFlopNoDrop: false,
    timeBankMs: 60_000,
  },
  {
    name: 'Göteborg',
    profileId: 'SE',
    variant: 'omaha-hi-lo/pot-limit',
    seatsMax: 9,
    bigBlinds: 1n,
    buyIn: [40n, 100n],
    rateBps: 500,
    capBigBlinds: 3n,
    noFlopNoDrop: false,
  },
  // CZ-FO: Six Plus Hold'em (annex 4.19–4.21); an ante table, labelled (004:GAM-PT-02).
  {
    name: 'Ostrava',
    profileId: 'CZ-FO',
    variant: 'six-plus-holdem/no-limit',
    seatsMax: 6,
    bigBlinds: 1n,
    buyIn: [40n, 100n],
    rateBps: 500,
    capBigBlinds: 3n,
    noFlopNoDrop: false,
  },
  {
    name: 'Plzeň',
    profileId: 'CZ-FO',
    variant: 'holdem/no-limit',
    seatsMax: 10,
    bigBlinds: 1n,
    buyIn: [40n, 100n],
    anteTenths: 1n,
    rateBps: 500,
    capBigBlinds: 3n,
    noFlopNoDrop: false,
  },
  // Speed poker (issue 18, D-1801) where the rule book offers it: AT (000-001:TBL-10) and CZ-FO
  // (004:GAM-PT-06, folding before one's turn). Six-max tables, a short table after 0.2 s of waiting.
  {
    name: 'Wien Speed',
    profileId: 'AT',
    variant: 'holdem/no-limit',
    seatsMax: 1_000,
    bigBlinds: 1n,
    buyIn: [40n, 100n],
    rateBps: 500,
    capBigBlinds: 3n,
    noFlopNoDrop: true,
    speedPool: { tableSeats: 6, fillWaitMs: 200 },
  },
  {
    name: 'Brno Speed',
    profileId: 'CZ-FO',
    variant: 'holdem/no-limit',
    seatsMax: 1_000,
    bigBlinds: 1n,
    buyIn: [40n, 100n],
    rateBps: 500,
    capBigBlinds: 3n,
    noFlopNoDrop: true,
    speedPool: { tableSeats: 6, fillWaitMs: 200 },
  },
];

/** The demo platform's poker tables in `currency` (the seed opens them; the demo operator's wallets are CZK). */
export function demoPokerTables(currency: CurrencyCode): PokerTableDefinition[] {
  const unit = bigBlindUnit[currency];
  return demoTables.map((t): PokerTableDefinition => {
    const bigBlind = t.bigBlinds * unit;
    const ante = ((t.anteTenths ?? 0n) * bigBlind) / 10n;
    return Object.freeze({
      name: t.name,
      profileId: t.profileId,
      variant: t.variant,
      currency,
      seatsMax: t.seatsMax,
      smallBlindMinor: bigBlind / 2n,
      bigBlindMinor: bigBlind,
      anteMinor: ante,
      anteMode: ante > 0n ? 'every-player' : 'none',
      straddleMinor: t.straddle ? 2n * bigBlind : 0n,
      buyInMinMinor: t.buyIn[0] * bigBlind,
      buyInMaxMinor: t.buyIn[1] === null ? null : t.buyIn[1] * bigBlind,
      rake: Object.freeze({
        rateBps: t.rateBps,
        capPerHandMinor: t.capBigBlinds === null ? null : t.capBigBlinds * bigBlind,
        noFlopNoDrop: t.noFlopNoDrop,
      }),
      timeBankMs: t.timeBankMs ?? 0,
      ...(t.speedPool ? { speedPool: Object.freeze({ ...t.speedPool }) } : {}),
      ...(t.runItTwice ? { runItTwice: true } : {}),
      ...(t.badBeatJackpot ? { badBeatJackpot: true } : {}),
    });
  });
}

/** The names of the demo tables the seed makes anonymous (000-001:TBL-08; a table column, not the definition). */
export const demoAnonymousPokerTableNames: readonly string[] = Object.freeze(
  demoTables.filter((t) => t.anonymous === true).map((t) => t.name),
);
