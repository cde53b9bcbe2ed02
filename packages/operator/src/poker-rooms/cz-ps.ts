import { poker } from '@casino/games';
import type { PokerRuleProfile } from '@casino/tables';

/** CZ-PS: Reel's (PokerStars) Czech rules (rule book 002), by-capability.md §1d. */
export const czPsPokerRules: PokerRuleProfile = Object.freeze({
  id: 'CZ-PS',
  ruleBook: '002',
  name: 'Reel / PokerStars (CZ)',
  homeCurrencies: Object.freeze(['USD', 'EUR', 'GBP'] as const),
  // 002 annex a–c (Hold'em, Omaha, Omaha Hi/Lo) and Courchevel, a community-card game (CV-01..03, D-2012);
  // the stud, draw and mixed games are `otherGames` (issue 20).
  games: Object.freeze(['holdem', 'omaha', 'omaha-hi-lo', 'courchevel'] as const),
  // Issue 20 (§3d CZ-PS): the stud and draw games of 002 and its mixes; the draw opens after the big blind
  // (DRAW5-01), equal stud boards go by suit (AMB-STUD-FIRST). Courchevel is a flop game (D-2012).
  otherGames: Object.freeze({
    studAndDraw: Object.freeze(['stud', 'stud8', 'razz', 'draw5', '27sd', '27td', 'badugi']),
    mixed: Object.freeze(['horse', 'hose', 'holdem-mix', 'plo-mix', '8-game']),
    rules: Object.freeze({ ...poker.defaultFixedLimitRules, boardTie: 'suit', drawFirstActor: 'after-big-blind' }),
  }),
  engine: Object.freeze({ tableRules: poker.tableRuleProfiles['cz-002'], buttonRule: poker.buttonRuleProfiles['cz-002'] }),
  // 002:MAX-01: 4-max, 6-max and the usual 7–10 seats; no heads-up cash table in the source (D-1621).
  seats: Object.freeze({ min: 4, max: 10 }),
  // 002:PK-CASH-04: a pre-set maximum, also at fixed limit; the minimum is not in the source (D-1623).
  buyIn: Object.freeze({ minBigBlinds: null, maxBigBlinds: null, maxAppliesToFixedLimit: true }),
  // 002:HE-02: BB = 2 × SB.
  blinds: Object.freeze({
    bigBlindTwiceSmallBlind: true,
    smallBlindMax: null,
    bigBlindMax: null,
    smallBlindMin: null,
    bigBlindMin: null,
  }),
  perHandStakeCap: null,
  // 002:PK-CASH-04: at any time up to the maximum, also after losing all chips (counts from the next hand).
  topUp: 'any-time',
  // 002:PK-CASH-02, PK-CASH-03, WAL-11.
  leave: 'any-time',
  // Not in the source: the platform's maximum (D-1634).
  sitOutHandsMax: 10,
  straddle: 'none',
  straddleGames: Object.freeze([]),
  // 002:RAKE-01 (`poker.reelRakeBounds`): 1–5 %, at most USD 5 a pot; fixed equivalents (D-1630, 002:AMB-RAKE-CCY).
  rake: Object.freeze({
    rateBpsMin: poker.reelRakeBounds.rateBpsMin,
    rateBpsMax: poker.reelRakeBounds.rateBpsMax,
    capMax: Object.freeze({ USD: 500n, EUR: 460n, GBP: 390n, CZK: 11_500n }),
    noFlopNoDrop: 'allowed',
    timing: 'hand-end',
  }),
  // No poker timer in the source (D-1633).
  clock: Object.freeze({ actionTimeMs: 20_000, timeBankMs: null, disconnected: 'time-out-rule' }),
  interruptedHand: 'void-every-chip-back',
  // 002:PK-SHOW-04, REC-04: a hand's participants see its showdown cards in the Hand History.
  handHistory: Object.freeze({ playerDownload: true }),
  chat: Object.freeze({ languages: null }),
  integrity: Object.freeze({ aliasRequired: false, anonymousTables: false, privateTables: null, clawbackTo: 'operator' }),
  // Rule book 002 offers no speed poker (by-capability.md §1d).
  speedPoker: null,
});
