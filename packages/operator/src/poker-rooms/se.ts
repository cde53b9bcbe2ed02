import { poker } from '@casino/games';
import type { PokerRuleProfile } from '@casino/tables';

/**
 * 003:R-CAP-01..03: prisbasbelopp by calendar year, set by the government each September (2026: 59,200 SEK,
 * förordning SFS 2025:872; 2025: 58,800; 2024: 57,300); the CZK column is the fixed equivalent at
 * 2.20 CZK/SEK (illustrative config), rounded down (D-1628). A new year is a new row here.
 */
const prisbasbelopp = Object.freeze([
  Object.freeze({ from: '2024-01-01', amount: Object.freeze({ SEK: 5_730_000n, CZK: 12_606_000n }) }),
  Object.freeze({ from: '2025-01-01', amount: Object.freeze({ SEK: 5_880_000n, CZK: 12_936_000n }) }),
  Object.freeze({ from: '2026-01-01', amount: Object.freeze({ SEK: 5_920_000n, CZK: 13_024_000n }) }),
]);

/** SE: Svenska Spel's poker rules (rule book 003), by-capability.md §1d. */
export const sePokerRules: PokerRuleProfile = Object.freeze({
  id: 'SE',
  ruleBook: '003',
  name: 'Svenska Spel (SE)',
  homeCurrencies: Object.freeze(['SEK'] as const),
  // 003 §3.1–3.3: Texas Hold'em, Omaha, Omaha High/Low (D-1624).
  games: Object.freeze(['holdem', 'omaha', 'omaha-hi-lo'] as const),
  // Issue 20 (§3d SE): Mörkpoker and 7-E, and the stud games built from what survives of 003 (D-2011);
  // the draw opens at the SB seat (R-DRAW-02, Q-21 literal). Americana is not built (D-2011).
  otherGames: Object.freeze({
    studAndDraw: Object.freeze(['morkpoker', 'morkpoker-7e', 'sjukort', 'femkort', 'soko']),
    mixed: Object.freeze([]),
    rules: Object.freeze({ ...poker.defaultFixedLimitRules, drawFirstActor: 'small-blind-seat' }),
  }),
  engine: Object.freeze({ tableRules: poker.tableRuleProfiles['se-003'], buttonRule: poker.buttonRuleProfiles['se-003'] }),
  // 003:R-TBL-02: 2 to 10 per table.
  seats: Object.freeze({ min: 2, max: 10 }),
  // 003:R-WAL-04: non-FL tables a minimum and a maximum transfer, FL a minimum only; values per table (D-1623).
  buyIn: Object.freeze({ minBigBlinds: null, maxBigBlinds: null, maxAppliesToFixedLimit: false }),
  // 003 glossary: BB = 2 × SB.
  blinds: Object.freeze({
    bigBlindTwiceSmallBlind: true,
    smallBlindMax: null,
    bigBlindMax: null,
    smallBlindMin: null,
    bigBlindMin: null,
  }),
  // 003:R-CAP-01: at most 2 × PBB staked per player per hand, blinds and antes included (Q-31, D-1628).
  perHandStakeCap: Object.freeze({ multiple: 2, baseAmounts: prisbasbelopp, timeZone: 'Europe/Stockholm' }),
  // 003:R-WAL-05: not during a hand; a mid-hand request is carried out when the hand ends.
  topUp: 'queued-to-hand-end',
  // 003:R-WAL-06, R-END-01: after a finished hand.
  leave: 'after-hand',
  // 003:R-TBL-05: single hands may be sat out, no maximum stated (Q-19, D-1634).
  sitOutHandsMax: null,
  // 003:R-TH-02: on "Ö" tables the player after the BB may post 2 × BB; Omaha has none (R-OM-02, D-1629).
  straddle: 'marked-tables',
  straddleGames: Object.freeze(['holdem'] as const),
  // 003:R-RAKE-01: published on the website; taken once per pot at the hand's end (D-813, D-1632).
  rake: Object.freeze({ rateBpsMin: 0, rateBpsMax: 500, capMax: null, noFlopNoDrop: 'allowed', timing: 'hand-end' }),
  // 003:R-TIME-01..03: a seat timer; a limited time bank on marked tables (D-1633).
  clock: Object.freeze({ actionTimeMs: 20_000, timeBankMs: 60_000, disconnected: 'time-out-rule' }),
  interruptedHand: 'void-every-chip-back',
  // 003:R-COMP-04: kept for complaints; no download stated.
  handHistory: Object.freeze({ playerDownload: false }),
  // 003:R-COND-H: chat only in Swedish.
  chat: Object.freeze({ languages: Object.freeze(['sv']) }),
  integrity: Object.freeze({
    aliasRequired: false,
    anonymousTables: false,
    privateTables: Object.freeze({ orderDaysAheadMin: 1, orderDaysAheadMax: 90 }),
    clawbackTo: 'losers',
  }),
  // Rule book 003 offers no speed poker (by-capability.md §1d).
  speedPoker: null,
  // 003:R-WAL-01..07 (issue 26): spelkonto → pokerkonto → table. The published minimum and maximum per transfer
  // are on Svenska Spel's site, not in the rule book (003:Q-4): 20 to 10,000 SEK, the CZK column the fixed
  // 2.20 CZK/SEK equivalent as for PBB (D-2637).
  pokerAccount: Object.freeze({
    transferMinMinor: Object.freeze({ SEK: 20_00n, CZK: 44_00n }),
    transferMaxMinor: Object.freeze({ SEK: 10_000_00n, CZK: 22_000_00n }),
  }),
  // 003:R-TBL-04: a queue for a full table; no offer time or length stated: 60 s to sit down, 50 waiting (D-1828).
  waitingList: Object.freeze({ offerMs: 60_000, lengthMax: 50 }),
});
