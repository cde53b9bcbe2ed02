import { poker } from '@casino/games';
import type { PokerRuleProfile } from '@casino/tables';

/** CZ-FO: Fortuna's Czech game plan (rule book 004, annex 4), by-capability.md §1d. */
export const czFoPokerRules: PokerRuleProfile = Object.freeze({
  id: 'CZ-FO',
  ruleBook: '004',
  name: 'Fortuna (CZ)',
  homeCurrencies: Object.freeze(['CZK', 'EUR', 'USD', 'GBP'] as const),
  // Annex 4.13–4.30: Texas Hold'em, Six Plus Hold'em, Omaha, Omaha Hi-Lo (D-1624).
  games: Object.freeze(['holdem', 'six-plus-holdem', 'omaha', 'omaha-hi-lo'] as const),
  engine: Object.freeze({ tableRules: poker.tableRuleProfiles['cz-004'], buttonRule: poker.buttonRuleProfiles['cz-004'] }),
  // 004:GAM-P-01: up to 10 seats, at least 2 bettors.
  seats: Object.freeze({ min: 2, max: 10 }),
  // 004:GAM-PC-03: a maximum buy-in set and displayed; the minimum is the table's (D-1623).
  buyIn: Object.freeze({ minBigBlinds: null, maxBigBlinds: null, maxAppliesToFixedLimit: true }),
  // 004:GAM-PT-02: BB "usually" 2 × SB; 004:GAM-PC-04: Fortuna's minimum SB and BB (D-1625, D-1627).
  blinds: Object.freeze({
    bigBlindTwiceSmallBlind: false,
    smallBlindMax: null,
    bigBlindMax: null,
    smallBlindMin: Object.freeze({ CZK: 50n, EUR: 2n, USD: 3n, GBP: 2n }),
    bigBlindMin: Object.freeze({ CZK: 100n, EUR: 4n, USD: 5n, GBP: 4n }),
  }),
  perHandStakeCap: null,
  // 004:GAM-PC-03: at any time up to the maximum, also after busting.
  topUp: 'any-time',
  // 004:GAM-PC-02, GAM-PC-03.
  leave: 'any-time',
  // Not in the source: the platform's maximum (D-1634).
  sitOutHandsMax: 10,
  straddle: 'none',
  straddleGames: Object.freeze([]),
  // 004:GAM-PC-02, AMB-37: per table, no percentage or cap in the plan; disclosed in the app (D-1630).
  rake: Object.freeze({ rateBpsMin: 0, rateBpsMax: 500, capMax: null, noFlopNoDrop: 'allowed', timing: 'hand-end' }),
  // No poker timer in the plan (D-1633).
  clock: Object.freeze({ actionTimeMs: 20_000, timeBankMs: null, disconnected: 'time-out-rule' }),
  interruptedHand: 'void-every-chip-back',
  // 004 closed-bets overview: the player's own hands (D-1636).
  handHistory: Object.freeze({ playerDownload: true }),
  chat: Object.freeze({ languages: null }),
  integrity: Object.freeze({ aliasRequired: false, anonymousTables: false, privateTables: null, clawbackTo: 'operator' }),
  // 004:GAM-PT-06, T-141: Speed Poker, moved at once after folding, which may be done before one's turn (D-1801).
  speedPoker: Object.freeze({ foldBeforeTurn: true, poolSeatsMax: 1_000 }),
});
