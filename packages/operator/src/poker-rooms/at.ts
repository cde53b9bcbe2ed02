import { poker } from '@casino/games';
import type { PokerRuleProfile } from '@casino/tables';

/** AT: win2day's "Ergänzungsspielbedingung Poker Room" (rule book 001), by-capability.md §1d. */
export const atPokerRules: PokerRuleProfile = Object.freeze({
  id: 'AT',
  ruleBook: '001',
  name: 'win2day (AT)',
  homeCurrencies: Object.freeze(['EUR'] as const),
  // 001 §7.a, 7.c (incl. 5 Card Omaha), 7.d; draw, stud, Sökö and Mushroom are not engine games (D-1624).
  games: Object.freeze(['holdem', 'omaha', 'five-card-omaha', 'omaha-hi-lo'] as const),
  // Issue 20 (§3d AT): Five Card Draw, Seven Card Stud and Sökö; the draw opens at the SB seat (000-001:A-12,
  // T-51 literal), equal stud boards go to the player nearest the dealer (VAR-ST-06), the cap counts the blind.
  otherGames: Object.freeze({
    studAndDraw: Object.freeze(['draw5', 'stud', 'soko']),
    mixed: Object.freeze([]),
    rules: Object.freeze({ ...poker.defaultFixedLimitRules, boardTie: 'position', drawFirstActor: 'small-blind-seat' }),
  }),
  engine: Object.freeze({ tableRules: poker.tableRuleProfiles['at-001'], buttonRule: poker.buttonRuleProfiles['at-001'] }),
  // 000-001:TBL-01: up to 10 players; at least 2 (A-40, D-1621).
  seats: Object.freeze({ min: 2, max: 10 }),
  // 000-001:TBL-04: FL a minimum only, PL/NL min and max; the values are the table's (D-1623).
  buyIn: Object.freeze({ minBigBlinds: null, maxBigBlinds: null, maxAppliesToFixedLimit: false }),
  // 000-001:TBL-05, A-39: SB ≤ EUR 25, BB ≤ EUR 50 at cash tables; fixed CZK equivalents at 25 CZK/EUR (D-1626).
  blinds: Object.freeze({
    bigBlindTwiceSmallBlind: false,
    smallBlindMax: Object.freeze({ EUR: 2_500n, CZK: 62_500n }),
    bigBlindMax: Object.freeze({ EUR: 5_000n, CZK: 125_000n }),
    smallBlindMin: null,
    bigBlindMin: null,
  }),
  perHandStakeCap: null,
  // 000-001:ACC-05, UI-09: never during a hand; a mid-hand request is queued to the hand's end.
  topUp: 'queued-to-hand-end',
  // 000-001:ACC-06: on leaving, the table chips are credited back (mid-hand = fold, A-41).
  leave: 'any-time',
  // 000-001:TBL-09: a company-defined maximum number of hands (D-1634).
  sitOutHandsMax: 10,
  // 000-001:BTN-07 (named in the Hold'em, Omaha and Omaha Hi/Lo sections), A-37: optional 2 × BB (D-1629).
  straddle: 'optional',
  straddleGames: Object.freeze(['holdem', 'omaha', 'five-card-omaha', 'omaha-hi-lo'] as const),
  // 000-001:RAKE-07, GEN-11: the ministry-approved, published rate; the platform's bound 5 % (D-1630).
  rake: Object.freeze({ rateBpsMin: 0, rateBpsMax: 500, capMax: null, noFlopNoDrop: 'allowed', timing: 'hand-end' }),
  // 000-001:TIME-01, TIME-04, A-27: a seat clock of no stated length; no time bank.
  clock: Object.freeze({ actionTimeMs: 20_000, timeBankMs: null, disconnected: 'time-out-rule' }),
  interruptedHand: 'void-every-chip-back',
  handHistory: Object.freeze({ playerDownload: false }),
  // 000-001:FAIR-08: the company sets the allowed chat languages (D-1636).
  chat: Object.freeze({ languages: Object.freeze(['de', 'en']) }),
  // 000-001:RIT-01..05, UI-08: the agreement step on the tables that offer it; 15 s to answer, silence = once (D-1820).
  runItTwice: Object.freeze({ agreementMs: 15_000 }),
  // 000-001:JP-01..05, A-36: the published bad-beat jackpot (D-1822..D-1825): a 0.05 drop per raked pot
  // (T-76's illustrative cent amount), four eights or better beaten, 75 % to the table (half to the
  // loser, a quarter to the winner, a quarter shared by the others), 5 % kept as rake, 20 % seeds the next.
  badBeatJackpot: Object.freeze({
    dropPerRakedHand: Object.freeze({ EUR: 5n, CZK: 125n }),
    minimumLosingHand: '8c8d8h8s2c',
    shares: Object.freeze({ loserBps: 3_750, winnerBps: 1_875, tableBps: 1_875, rakeBps: 500, seedBps: 2_000 }),
  }),
  integrity: Object.freeze({ aliasRequired: false, anonymousTables: true, privateTables: null, clawbackTo: 'operator' }),
  // 000-001:TBL-10, BTN-12: a new table after the fold or the hand's end; the blinds owed follow the player (D-1801).
  speedPoker: Object.freeze({ foldBeforeTurn: false, poolSeatsMax: 1_000 }),
});
