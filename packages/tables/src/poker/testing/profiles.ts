import { poker } from '@casino/games';
import type { PokerRuleProfile, PokerTableDefinition } from '../profile.ts';

/**
 * Test fixtures (issue 16): one rule profile per rule book with the settings of
 * shared/spec/by-capability.md §1d that the table runtime reads. The real profiles live in
 * @casino/operator (poker-rooms/*.ts); these keep the table's tests independent of their values.
 */
const base = {
  seats: { min: 2, max: 10 },
  buyIn: { minBigBlinds: null, maxBigBlinds: null, maxAppliesToFixedLimit: true },
  games: ['holdem', 'omaha', 'omaha-hi-lo'],
  blinds: { bigBlindTwiceSmallBlind: true, smallBlindMax: null, bigBlindMax: null, smallBlindMin: null, bigBlindMin: null },
  perHandStakeCap: null,
  straddle: 'none',
  straddleGames: [],
  rake: { rateBpsMin: 0, rateBpsMax: 1_000, capMax: null, noFlopNoDrop: 'allowed', timing: 'hand-end' },
  clock: { actionTimeMs: 20_000, timeBankMs: null, disconnected: 'time-out-rule' },
  interruptedHand: 'void-every-chip-back',
  handHistory: { playerDownload: false },
  chat: { languages: null },
} as const;

export const hrFixture: PokerRuleProfile = {
  ...base,
  id: 'HR',
  ruleBook: '000',
  name: 'HR fixture',
  homeCurrencies: ['EUR'],
  engine: { tableRules: poker.tableRuleProfiles['hr-000'], buttonRule: poker.buttonRuleProfiles['hr-000'] },
  buyIn: { minBigBlinds: 25, maxBigBlinds: 100, maxAppliesToFixedLimit: false },
  topUp: 'between-hands',
  leave: 'any-time',
  sitOutHandsMax: 3,
  rake: { ...base.rake, noFlopNoDrop: 'required' },
};

export const atFixture: PokerRuleProfile = {
  ...base,
  id: 'AT',
  ruleBook: '001',
  name: 'AT fixture',
  homeCurrencies: ['EUR'],
  engine: { tableRules: poker.tableRuleProfiles['at-001'], buttonRule: poker.buttonRuleProfiles['at-001'] },
  topUp: 'queued-to-hand-end',
  leave: 'any-time',
  sitOutHandsMax: 3,
  straddle: 'optional',
  straddleGames: ['holdem', 'omaha'],
};

export const czPsFixture: PokerRuleProfile = {
  ...base,
  id: 'CZ-PS',
  ruleBook: '002',
  name: 'CZ-PS fixture',
  homeCurrencies: ['USD', 'EUR'],
  engine: { tableRules: poker.tableRuleProfiles['cz-002'], buttonRule: poker.buttonRuleProfiles['cz-002'] },
  topUp: 'any-time',
  leave: 'any-time',
  sitOutHandsMax: 5,
  rake: { ...base.rake, rateBpsMin: 100, rateBpsMax: 500, capMax: { USD: 500n } },
  handHistory: { playerDownload: true },
};

export const seFixture: PokerRuleProfile = {
  ...base,
  id: 'SE',
  ruleBook: '003',
  waitingList: { offerMs: 60_000, lengthMax: 50 },
  name: 'SE fixture',
  homeCurrencies: ['EUR'],
  engine: { tableRules: poker.tableRuleProfiles['se-003'], buttonRule: poker.buttonRuleProfiles['se-003'] },
  // 2 × prisbasbelopp (003:R-CAP-01); a small EUR figure that tests can reach.
  perHandStakeCap: {
    multiple: 2,
    baseAmounts: [
      { from: '2026-01-01', amount: { EUR: 4_000n } },
      { from: '2027-01-01', amount: { EUR: 4_500n } },
    ],
    timeZone: 'Europe/Stockholm',
  },
  topUp: 'queued-to-hand-end',
  leave: 'after-hand',
  sitOutHandsMax: null,
  straddle: 'marked-tables',
  straddleGames: ['holdem'],
  rake: { ...base.rake, timing: 'per-betting-round' },
  clock: { ...base.clock, timeBankMs: 30_000 },
  chat: { languages: ['sv'] },
};

export const czFoFixture: PokerRuleProfile = {
  ...base,
  id: 'CZ-FO',
  ruleBook: '004',
  name: 'CZ-FO fixture',
  homeCurrencies: ['CZK', 'EUR'],
  engine: { tableRules: poker.tableRuleProfiles['cz-004'], buttonRule: poker.buttonRuleProfiles['cz-004'] },
  topUp: 'any-time',
  leave: 'any-time',
  sitOutHandsMax: null,
};

export const fixtureProfiles: readonly PokerRuleProfile[] = [hrFixture, atFixture, czPsFixture, seFixture, czFoFixture];

/** A no-limit Hold'em table of the profile: blinds 0.50/1.00 EUR, buy-in 25–100 BB, 5 % rake capped at 3.00. */
export function fixtureDefinition(
  profile: PokerRuleProfile,
  overrides: Partial<PokerTableDefinition> = {},
): PokerTableDefinition {
  return {
    name: `${profile.id} test table`,
    profileId: profile.id,
    variant: 'holdem/no-limit',
    currency: 'EUR',
    seatsMax: 6,
    smallBlindMinor: 50n,
    bigBlindMinor: 100n,
    anteMinor: 0n,
    anteMode: 'none',
    straddleMinor: 0n,
    buyInMinMinor: 2_500n,
    buyInMaxMinor: 10_000n,
    rake: { rateBps: 500, capPerHandMinor: 300n, noFlopNoDrop: true },
    timeBankMs: profile.clock.timeBankMs ?? 0,
    ...overrides,
  };
}
