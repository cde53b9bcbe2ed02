import { ConfigError } from '@casino/core';
import { poker } from '@casino/games';
import {
  buyInRange,
  perHandStakeCapMinor,
  pokerRuleProfileIds,
  pokerTableProblems,
  validatePokerTableDefinition,
  type PokerRuleProfile,
  type PokerTableDefinition,
} from '@casino/tables';
import { describe, expect, it } from 'vitest';
import { resolveProfile } from '../compose.ts';
import { pokerRuleProfileProblems, validatePokerRuleProfile } from '../validate.ts';
import { demoPokerTables } from './demo-tables.ts';
import { atPokerRules, czFoPokerRules, czPsPokerRules, hrPokerRules, pokerRuleProfiles, sePokerRules } from './index.ts';

const at = new Date('2026-11-26T12:00:00Z');
const fields = (profile: PokerRuleProfile, definition: PokerTableDefinition, when = at) =>
  pokerTableProblems(profile, definition, when).map((p) => p.field);

/** A NL Hold'em table of `profile` at `sb`/`bb` in `currency`, buy-in 25..100 BB, no rake. */
const tableOf = (
  profile: PokerRuleProfile,
  currency: PokerTableDefinition['currency'],
  sb: bigint,
  bb: bigint,
  overrides: Partial<PokerTableDefinition> = {},
): PokerTableDefinition => ({
  name: 'test',
  profileId: profile.id,
  variant: 'holdem/no-limit',
  currency,
  seatsMax: 6,
  smallBlindMinor: sb,
  bigBlindMinor: bb,
  anteMinor: 0n,
  anteMode: 'none',
  straddleMinor: 0n,
  buyInMinMinor: 25n * bb,
  buyInMaxMinor: 100n * bb,
  rake: { rateBps: 0, capPerHandMinor: null, noFlopNoDrop: profile.rake.noFlopNoDrop === 'required' },
  timeBankMs: 0,
  ...overrides,
});

describe('poker rule profiles', () => {
  it('issue 16: every poker rule profile passes its start-up validation, keyed by its id, with the engine settings referenced (not copied)', () => {
    expect(Object.keys(pokerRuleProfiles).sort()).toEqual([...pokerRuleProfileIds].sort());
    const engineProfile = { HR: 'hr-000', AT: 'at-001', 'CZ-PS': 'cz-002', SE: 'se-003', 'CZ-FO': 'cz-004' } as const;
    for (const id of pokerRuleProfileIds) {
      const profile = pokerRuleProfiles[id];
      expect(profile.id).toBe(id);
      expect(pokerRuleProfileProblems(profile), id).toEqual([]);
      expect(profile.engine.tableRules).toBe(poker.tableRuleProfiles[engineProfile[id]]);
      expect(profile.engine.buttonRule).toBe(poker.buttonRuleProfiles[engineProfile[id]]);
      expect(Object.isFrozen(profile)).toBe(true);
    }
    expect(() => resolveProfile({ OPERATOR_PROFILE: 'CZ-FO' })).not.toThrow();
  });

  it('issue 16: a broken poker rule profile refuses to start, naming each setting (seats, buy-in multiples, clock, engine rules, missing CZK amount)', () => {
    const broken: PokerRuleProfile = {
      ...atPokerRules,
      seats: { min: 1, max: 11 },
      buyIn: { minBigBlinds: 100, maxBigBlinds: 25, maxAppliesToFixedLimit: false },
      clock: { ...atPokerRules.clock, actionTimeMs: 0 },
      engine: { ...atPokerRules.engine, tableRules: { ...atPokerRules.engine.tableRules, runItTimesMax: 5 } },
      blinds: { ...atPokerRules.blinds, bigBlindMax: { EUR: 5_000n } },
      rake: { ...atPokerRules.rake, rateBpsMin: 600, rateBpsMax: 500 },
    };
    expect(pokerRuleProfileProblems(broken).map((p) => p.setting)).toEqual([
      'engine.tableRules',
      'seats',
      'buyIn.maxBigBlinds',
      'blinds.bigBlindMax',
      'rake.rateBpsMax',
      'clock.actionTimeMs',
    ]);
    expect(() => validatePokerRuleProfile(broken)).toThrow(ConfigError);
    expect(() => validatePokerRuleProfile(broken)).toThrow(
      /OPERATOR_PROFILE: poker rule profile AT \(rule book 001\): blinds\.bigBlindMax publishes no amount in CZK/,
    );
    expect(pokerRuleProfileProblems({ ...hrPokerRules, ruleBook: '001' }).map((p) => p.setting)).toEqual(['ruleBook']);
    expect(pokerRuleProfileProblems({ ...hrPokerRules, straddleGames: ['holdem'] }).map((p) => p.setting)).toEqual(['straddle']);
    expect(
      pokerRuleProfileProblems({
        ...sePokerRules,
        perHandStakeCap: {
          multiple: 2,
          timeZone: 'Europe/Stockholm',
          baseAmounts: [{ from: '2026-13-01', amount: { SEK: 1n, CZK: 1n } }],
        },
      }).map((p) => p.setting),
    ).toEqual(['perHandStakeCap.baseAmounts[0].from']);
  });

  it('000-001:T-01 TBL-06 A-52 HR NL 0.50/1: buy-ins 24.99 and 100.01 fall outside the range, 25.00 and 100.00 inside; at fixed limit 500.00 is inside (no maximum)', () => {
    const nl = tableOf(hrPokerRules, 'EUR', 50n, 100n);
    expect(pokerTableProblems(hrPokerRules, nl, at)).toEqual([]);
    const range = buyInRange(hrPokerRules, nl);
    expect(range).toEqual({ minMinor: 2_500n, maxMinor: 10_000n });
    const inside = (amount: bigint) => amount >= range.minMinor && (range.maxMinor === null || amount <= range.maxMinor);
    expect([2_499n, 2_500n, 10_000n, 10_001n].map(inside)).toEqual([false, true, true, false]);
    const fl = tableOf(hrPokerRules, 'EUR', 50n, 100n, { variant: 'holdem/fixed-limit', buyInMaxMinor: null });
    expect(pokerTableProblems(hrPokerRules, fl, at)).toEqual([]);
    expect(buyInRange(hrPokerRules, fl)).toEqual({ minMinor: 2_500n, maxMinor: null });
  });

  it('000-001:T-02 TBL-06 A-01 A-02 every row of the HR stake table (kn amounts as EUR at the same numbers) is a valid HR table with min 25 × BB and max 100 × BB', () => {
    const rows = [
      [10n, 20n],
      [15n, 30n],
      [20n, 40n],
      [25n, 50n],
      [50n, 100n],
      [75n, 150n],
      [100n, 200n],
      [200n, 400n],
      [300n, 600n],
      [500n, 1_000n],
      [750n, 1_500n],
      [1_000n, 2_000n],
      [2_500n, 5_000n],
      [5_000n, 10_000n],
    ] as const;
    for (const [sb, bb] of rows) {
      const row = tableOf(hrPokerRules, 'EUR', sb, bb);
      expect(buyInRange(hrPokerRules, row)).toEqual({ minMinor: 25n * bb, maxMinor: 100n * bb });
      expect(pokerTableProblems(hrPokerRules, row, at)).toEqual([]);
    }
    // 7.5/15 → 375/1,500 and 25/50 → 1,250/5,000.
    expect(buyInRange(hrPokerRules, tableOf(hrPokerRules, 'EUR', 750n, 1_500n))).toEqual({
      minMinor: 37_500n,
      maxMinor: 150_000n,
    });
    expect(buyInRange(hrPokerRules, tableOf(hrPokerRules, 'EUR', 2_500n, 5_000n))).toEqual({
      minMinor: 125_000n,
      maxMinor: 500_000n,
    });
    expect(fields(hrPokerRules, tableOf(hrPokerRules, 'EUR', 50n, 100n, { buyInMinMinor: 2_000n }))).toEqual(['buyInMinMinor']);
  });

  it('000-001:T-03 TBL-05 AT cash-table blind caps: SB 25.00/BB 50.00 EUR accepted; 25.01, 50.01 and 30/60 refused; the CZK equivalents 625/1,250 bind likewise', () => {
    const atTable = (currency: 'EUR' | 'CZK', sb: bigint, bb: bigint) =>
      fields(atPokerRules, tableOf(atPokerRules, currency, sb, bb, { buyInMinMinor: 40n * bb }));
    expect(atTable('EUR', 2_500n, 5_000n)).toEqual([]);
    expect(atTable('EUR', 2_501n, 5_000n)).toEqual(['smallBlindMinor']);
    expect(atTable('EUR', 2_500n, 5_001n)).toEqual(['bigBlindMinor']);
    expect(atTable('EUR', 3_000n, 6_000n)).toEqual(['smallBlindMinor', 'bigBlindMinor']);
    expect(atTable('CZK', 62_500n, 125_000n)).toEqual([]);
    expect(atTable('CZK', 62_501n, 125_000n)).toEqual(['smallBlindMinor']);
    expect(atTable('CZK', 62_500n, 125_001n)).toEqual(['bigBlindMinor']);
  });

  it('000-001:TBL-04 A-53 AT and SE fixed-limit tables have a minimum buy-in only; their NL/PL tables and every CZ-PS and CZ-FO table need a maximum', () => {
    for (const profile of [atPokerRules, sePokerRules]) {
      expect(
        fields(profile, tableOf(profile, 'CZK', 100n, 200n, { variant: 'holdem/fixed-limit', buyInMaxMinor: null })),
      ).toEqual([]);
      expect(fields(profile, tableOf(profile, 'CZK', 100n, 200n, { variant: 'holdem/fixed-limit' }))).toEqual(['buyInMaxMinor']);
      expect(fields(profile, tableOf(profile, 'CZK', 100n, 200n, { buyInMaxMinor: null }))).toEqual(['buyInMaxMinor']);
    }
    for (const profile of [czPsPokerRules, czFoPokerRules]) {
      expect(fields(profile, tableOf(profile, 'CZK', 100n, 200n, { variant: 'holdem/fixed-limit' }))).toEqual([]);
      expect(
        fields(profile, tableOf(profile, 'CZK', 100n, 200n, { variant: 'holdem/fixed-limit', buyInMaxMinor: null })),
      ).toEqual(['buyInMaxMinor']);
    }
  });

  it('002:T-RAKE-04 AMB-RAKE-RATE AMB-RAKE-CCY CZ-PS rake 6 % or 0.5 % refused, 1–5 % accepted; the cap at most USD 5 or its fixed equivalent (EUR 4.60, GBP 3.90, CZK 115.00)', () => {
    expect(czPsPokerRules.rake.capMax?.USD).toBe(poker.reelRakeBounds.capPerHandMax);
    expect(czPsPokerRules.rake.capMax).toEqual({ USD: 500n, EUR: 460n, GBP: 390n, CZK: 11_500n });
    const raked = (currency: 'USD' | 'CZK' | 'EUR', rateBps: number, cap: bigint | null) =>
      fields(
        czPsPokerRules,
        tableOf(czPsPokerRules, currency, 50n, 100n, { rake: { rateBps, capPerHandMinor: cap, noFlopNoDrop: false } }),
      );
    expect(raked('USD', 600, 500n)).toEqual(['rake.rateBps']);
    expect(raked('USD', 50, 500n)).toEqual(['rake.rateBps']);
    expect(raked('USD', 100, 500n)).toEqual([]);
    expect(raked('USD', 500, 500n)).toEqual([]);
    expect(raked('USD', 500, 501n)).toEqual(['rake.capPerHandMinor']);
    expect(raked('USD', 500, null)).toEqual(['rake.capPerHandMinor']);
    expect(raked('EUR', 500, 461n)).toEqual(['rake.capPerHandMinor']);
    expect(raked('CZK', 500, 11_500n)).toEqual([]);
    expect(raked('CZK', 500, 11_501n)).toEqual(['rake.capPerHandMinor']);
  });

  it('002:AMB-SEATS MAX-01 000-001:TBL-01 TBL-02 003:R-TBL-02 004:GAM-P-01 seat ranges: CZ-PS 4 to 10 (4-max, 6-max, 7–10), the others 2 to 10', () => {
    expect(czPsPokerRules.seats).toEqual({ min: 4, max: 10 });
    for (const profile of [hrPokerRules, atPokerRules, sePokerRules, czFoPokerRules])
      expect(profile.seats).toEqual({ min: 2, max: 10 });
    expect(fields(czPsPokerRules, tableOf(czPsPokerRules, 'CZK', 50n, 100n, { seatsMax: 3 }))).toEqual(['seatsMax']);
    expect(fields(czPsPokerRules, tableOf(czPsPokerRules, 'CZK', 50n, 100n, { seatsMax: 4 }))).toEqual([]);
    expect(fields(sePokerRules, tableOf(sePokerRules, 'CZK', 50n, 100n, { seatsMax: 2 }))).toEqual([]);
    expect(fields(sePokerRules, tableOf(sePokerRules, 'CZK', 50n, 100n, { seatsMax: 11 }))).toEqual(['seatsMax']);
  });

  it('003:R-CAP-01 R-CAP-02 R-CAP-03 SE 2 × prisbasbelopp per player per hand with effective dates: 2025 117,600 SEK, 2026 118,400 SEK; CZK equivalents; none elsewhere', () => {
    expect(perHandStakeCapMinor(sePokerRules, 'SEK', new Date('2025-06-01T00:00:00Z'))).toBe(11_760_000n);
    expect(perHandStakeCapMinor(sePokerRules, 'SEK', at)).toBe(11_840_000n);
    expect(perHandStakeCapMinor(sePokerRules, 'SEK', new Date('2024-03-01T00:00:00Z'))).toBe(11_460_000n);
    expect(perHandStakeCapMinor(sePokerRules, 'CZK', at)).toBe(26_048_000n);
    for (const profile of [hrPokerRules, atPokerRules, czPsPokerRules, czFoPokerRules])
      expect(perHandStakeCapMinor(profile, 'CZK', at)).toBeNull();
    expect(fields(sePokerRules, tableOf(sePokerRules, 'EUR', 50n, 100n))).toEqual(['currency']);
  });

  it('003:R-TH-02 R-OM-02 Q-44 000-001:BTN-07 A-37 a 2 × BB straddle only in SE Hold\'em ("Ö") and AT Hold\'em/Omaha, never at fixed limit; HR, CZ-PS and CZ-FO have none', () => {
    const straddled = (profile: PokerRuleProfile, variant: string, straddleMinor = 400n) =>
      fields(profile, tableOf(profile, 'CZK', 100n, 200n, { variant, straddleMinor, buyInMinMinor: 40n * 200n }));
    expect(straddled(sePokerRules, 'holdem/no-limit')).toEqual([]);
    expect(straddled(sePokerRules, 'holdem/pot-limit')).toEqual([]);
    expect(straddled(sePokerRules, 'omaha/pot-limit')).toEqual(['straddleMinor']);
    expect(straddled(sePokerRules, 'holdem/fixed-limit')).toEqual(['straddleMinor', 'buyInMaxMinor']);
    expect(straddled(sePokerRules, 'holdem/no-limit', 300n)).toEqual(['straddleMinor']);
    expect(straddled(atPokerRules, 'omaha/pot-limit')).toEqual([]);
    for (const profile of [hrPokerRules, czPsPokerRules, czFoPokerRules])
      expect(fields(profile, tableOf(profile, 'CZK', 100n, 200n, { straddleMinor: 400n }))).toEqual(['straddleMinor']);
  });

  it('004:GAM-PC-04 GAM-PT-02 002:HE-02 CZ-FO sets minimum blinds (CZK 0.50/1.00) and allows BB ≠ 2 × SB; CZ-PS, HR and SE require BB = 2 × SB', () => {
    expect(fields(czFoPokerRules, tableOf(czFoPokerRules, 'CZK', 25n, 50n))).toEqual(['smallBlindMinor', 'bigBlindMinor']);
    expect(fields(czFoPokerRules, tableOf(czFoPokerRules, 'CZK', 50n, 100n))).toEqual([]);
    expect(fields(czFoPokerRules, tableOf(czFoPokerRules, 'CZK', 100n, 300n))).toEqual([]);
    for (const profile of [czPsPokerRules, hrPokerRules, sePokerRules])
      expect(fields(profile, tableOf(profile, 'CZK', 100n, 300n))).toEqual(['bigBlindMinor']);
  });

  it('000-001:RAKE-02 HR tables must use no flop no drop; 000-001:TIME-04 003:R-TIME-03 only SE offers a time bank (60 s)', () => {
    expect(
      fields(
        hrPokerRules,
        tableOf(hrPokerRules, 'EUR', 50n, 100n, { rake: { rateBps: 500, capPerHandMinor: null, noFlopNoDrop: false } }),
      ),
    ).toEqual(['rake.noFlopNoDrop']);
    expect(fields(sePokerRules, tableOf(sePokerRules, 'CZK', 50n, 100n, { timeBankMs: 60_000 }))).toEqual([]);
    for (const profile of [hrPokerRules, atPokerRules, czPsPokerRules, czFoPokerRules])
      expect(fields(profile, tableOf(profile, 'CZK', 50n, 100n, { timeBankMs: 10_000 }))).toContain('timeBankMs');
  });

  it('issue 16: the §1d settings differ per rule book as data (top-up, leaving, sit-out, games, chat, hand-history download)', () => {
    const row = (p: PokerRuleProfile) => [
      p.topUp,
      p.leave,
      p.sitOutHandsMax,
      p.games.length,
      p.chat.languages,
      p.handHistory.playerDownload,
    ];
    expect(Object.fromEntries(pokerRuleProfileIds.map((id) => [id, row(pokerRuleProfiles[id])]))).toEqual({
      HR: ['between-hands', 'any-time', 10, 3, null, false],
      AT: ['queued-to-hand-end', 'any-time', 10, 4, ['de', 'en'], false],
      'CZ-PS': ['any-time', 'any-time', 10, 4, null, true],
      SE: ['queued-to-hand-end', 'after-hand', null, 3, ['sv'], false],
      'CZ-FO': ['any-time', 'any-time', 10, 4, null, true],
    });
  });

  it('issue 16: the demo tables in CZK pass their profiles: every profile, every engine game, NL/PL/FL, 6-max and 9/10-max', () => {
    const tables = demoPokerTables('CZK');
    for (const table of tables) {
      expect(table.currency).toBe('CZK');
      expect(() => validatePokerTableDefinition(pokerRuleProfiles[table.profileId], table, at), table.name).not.toThrow();
    }
    expect(new Set(tables.map((t) => t.profileId))).toEqual(new Set(pokerRuleProfileIds));
    expect(new Set(tables.map((t) => t.variant))).toEqual(
      new Set([
        'holdem/no-limit',
        'holdem/fixed-limit',
        'omaha/pot-limit',
        'five-card-omaha/pot-limit',
        'omaha-hi-lo/fixed-limit',
        'omaha-hi-lo/pot-limit',
        'six-plus-holdem/no-limit',
        // Issue 20: the stud, draw and mixed games at CZ-PS's demo tables.
        'stud/fixed-limit',
        '27td/fixed-limit',
        'mixed/horse',
      ]),
    );
    expect(tables.some((t) => t.seatsMax === 6)).toBe(true);
    expect(tables.some((t) => t.seatsMax >= 9)).toBe(true);
    // Every demo table also fits the profiles in EUR (the currency tests of other operators use).
    for (const table of demoPokerTables('EUR').filter((t) => t.profileId !== 'SE'))
      expect(pokerTableProblems(pokerRuleProfiles[table.profileId], table, at), table.name).toEqual([]);
  });
});

describe('poker room integrity rules as data (issue 18)', () => {
  it('003:R-PRIV-01 R-COND-J S-90 000-001:TBL-08 SE offers private tables a day ahead and pays clawbacks back to the losers; AT runs anonymous tables; the others hold clawbacks', () => {
    expect(sePokerRules.integrity).toMatchObject({ privateTables: { orderDaysAheadMin: 1 }, clawbackTo: 'losers' });
    expect(atPokerRules.integrity).toMatchObject({ anonymousTables: true, privateTables: null, clawbackTo: 'operator' });
    for (const profile of [hrPokerRules, czPsPokerRules, czFoPokerRules])
      expect(profile.integrity).toMatchObject({ anonymousTables: false, privateTables: null, clawbackTo: 'operator' });
  });
});
