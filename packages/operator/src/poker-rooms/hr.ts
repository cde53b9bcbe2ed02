import { poker } from '@casino/games';
import type { PokerRuleProfile } from '@casino/tables';

/**
 * HR: Hrvatska Lutrija's online poker rules (rule book 000), by-capability.md §1d. Croatia pays in EUR
 * since 2023-01-01 (kn at the fixed 7.53450 HRK/EUR), so the kn of Art. 7 are EUR here (D-1622); no
 * amount of this profile depends on the currency: the buy-in is stated in big blinds.
 */
export const hrPokerRules: PokerRuleProfile = Object.freeze({
  id: 'HR',
  ruleBook: '000',
  name: 'Hrvatska Lutrija (HR)',
  homeCurrencies: Object.freeze(['EUR'] as const),
  // Art. 8 A, B, C: Texas Hold'em, Omaha, Omaha Hi/Lo (000-001:VAR-HE, VAR-OM, VAR-OHL).
  games: Object.freeze(['holdem', 'omaha', 'omaha-hi-lo'] as const),
  engine: Object.freeze({ tableRules: poker.tableRuleProfiles['hr-000'], buttonRule: poker.buttonRuleProfiles['hr-000'] }),
  // 000-001:TBL-02, VAR-HE-02: each table fixes its maximum, at least 2; 001's 10 bounds it (D-1621).
  seats: Object.freeze({ min: 2, max: 10 }),
  // 000-001:TBL-06: min 25 × BB, max 100 × BB in every row; max only at NL/PL (TBL-03).
  buyIn: Object.freeze({ minBigBlinds: 25, maxBigBlinds: 100, maxAppliesToFixedLimit: false }),
  // Every TBL-06 row has BB = 2 × SB (D-1625); no caps or minimums.
  blinds: Object.freeze({
    bigBlindTwiceSmallBlind: true,
    smallBlindMax: null,
    bigBlindMax: null,
    smallBlindMin: null,
    bigBlindMin: null,
  }),
  perHandStakeCap: null,
  // 000-001:ACC-05: more chips between two deals.
  topUp: 'between-hands',
  // 000-001:ACC-06, TBL-12, A-41: leave at any time; mid-hand = fold, chips after settlement.
  leave: 'any-time',
  // 000-001:TBL-09, A-26: a company-defined maximum (D-1634).
  sitOutHandsMax: 10,
  straddle: 'none',
  straddleGames: Object.freeze([]),
  // 000-001:RAKE-02..05: operator's percentage, no cap in the text, no flop no drop (D-1630, D-1631).
  rake: Object.freeze({ rateBpsMin: 0, rateBpsMax: 500, capMax: null, noFlopNoDrop: 'required', timing: 'hand-end' }),
  // 000-001:A-27, TIME-04: a configurable clock, no time bank (D-1633).
  clock: Object.freeze({ actionTimeMs: 20_000, timeBankMs: null, disconnected: 'time-out-rule' }),
  interruptedHand: 'void-every-chip-back',
  // 000-001:REC-03: stored on the server, no right to download.
  handHistory: Object.freeze({ playerDownload: false }),
  chat: Object.freeze({ languages: null }),
  integrity: Object.freeze({ aliasRequired: false, anonymousTables: false, privateTables: null, clawbackTo: 'operator' }),
  // Rule book 000 offers no speed poker (by-capability.md §1d).
  speedPoker: null,
});
