import { DomainError } from '@casino/core';
import { poker } from '@casino/games';
import { describe, expect, it } from 'vitest';
import { buyInRange, perHandStakeCapMinor, pokerTableProblems, validatePokerTableDefinition } from './definition.ts';
import type { PokerRuleProfile, PokerTableDefinition } from './profile.ts';

// A profile with no rule-book specifics; each test sets the setting it proves (the real profiles are
// @casino/operator's poker-rooms, tested there against these same functions).
const base: PokerRuleProfile = {
  id: 'CZ-FO',
  ruleBook: '004',
  name: 'test',
  homeCurrencies: ['CZK'],
  games: ['holdem', 'six-plus-holdem', 'omaha', 'five-card-omaha', 'omaha-hi-lo'],
  engine: { tableRules: poker.defaultTableRules, buttonRule: 'moving-button' },
  seats: { min: 2, max: 10 },
  buyIn: { minBigBlinds: null, maxBigBlinds: null, maxAppliesToFixedLimit: true },
  blinds: { bigBlindTwiceSmallBlind: false, smallBlindMax: null, bigBlindMax: null, smallBlindMin: null, bigBlindMin: null },
  perHandStakeCap: null,
  topUp: 'any-time',
  leave: 'any-time',
  sitOutHandsMax: 10,
  straddle: 'none',
  straddleGames: [],
  rake: { rateBpsMin: 0, rateBpsMax: 500, capMax: null, noFlopNoDrop: 'allowed', timing: 'hand-end' },
  clock: { actionTimeMs: 20_000, timeBankMs: null, disconnected: 'time-out-rule' },
  interruptedHand: 'void-every-chip-back',
  handHistory: { playerDownload: false },
  chat: { languages: null },
};

// NL Hold'em 0.50/1.00, buy-in 25.00 to 100.00 (000-001:TBL-06 row 5).
const table: PokerTableDefinition = {
  name: 'test table',
  profileId: 'CZ-FO',
  variant: 'holdem/no-limit',
  currency: 'EUR',
  seatsMax: 9,
  smallBlindMinor: 50n,
  bigBlindMinor: 100n,
  anteMinor: 0n,
  anteMode: 'none',
  straddleMinor: 0n,
  buyInMinMinor: 2_500n,
  buyInMaxMinor: 10_000n,
  rake: { rateBps: 500, capPerHandMinor: null, noFlopNoDrop: false },
  timeBankMs: 0,
};

const at = new Date('2026-06-01T12:00:00Z');
const fields = (profile: PokerRuleProfile, definition: PokerTableDefinition, when = at) =>
  pokerTableProblems(profile, definition, when).map((p) => p.field);

// 000's multiples: min 25 × BB, max 100 × BB, no maximum at fixed limit.
const hr: PokerRuleProfile = {
  ...base,
  buyIn: { minBigBlinds: 25, maxBigBlinds: 100, maxAppliesToFixedLimit: false },
  blinds: { ...base.blinds, bigBlindTwiceSmallBlind: true },
};
/** The kn table of 000-001:TBL-06 (SB/BB, min, max), in minor units; the multiples do not depend on the currency. */
const tbl06: readonly (readonly [bigint, bigint, bigint, bigint])[] = [
  [10n, 20n, 500n, 2_000n],
  [15n, 30n, 750n, 3_000n],
  [20n, 40n, 1_000n, 4_000n],
  [25n, 50n, 1_250n, 5_000n],
  [50n, 100n, 2_500n, 10_000n],
  [75n, 150n, 3_750n, 15_000n],
  [100n, 200n, 5_000n, 20_000n],
  [200n, 400n, 10_000n, 40_000n],
  [300n, 600n, 15_000n, 60_000n],
  [500n, 1_000n, 25_000n, 100_000n],
  [750n, 1_500n, 37_500n, 150_000n],
  [1_000n, 2_000n, 50_000n, 200_000n],
  [2_500n, 5_000n, 125_000n, 500_000n],
  [5_000n, 10_000n, 250_000n, 1_000_000n],
];
const inRange = (range: { minMinor: bigint; maxMinor: bigint | null }, amount: bigint) =>
  amount >= range.minMinor && (range.maxMinor === null || amount <= range.maxMinor);

describe('poker table definition against its rule profile', () => {
  it('issue 16: a table that keeps every rule of its profile passes; a broken one is poker-table-invalid naming the field', () => {
    expect(pokerTableProblems(base, table, at)).toEqual([]);
    expect(() => validatePokerTableDefinition(base, table, at)).not.toThrow();
    const error = (() => {
      try {
        validatePokerTableDefinition(base, { ...table, seatsMax: 11 }, at);
      } catch (e) {
        return e;
      }
      return null;
    })();
    expect(error).toBeInstanceOf(DomainError);
    const domain = error as DomainError;
    expect(domain.code).toBe('poker-table-invalid');
    expect(domain.status).toBe(422);
    expect(domain.field).toBe('seatsMax');
    expect(domain.extensions).toMatchObject({ profileId: 'CZ-FO', problems: [{ field: 'seatsMax' }] });
    expect(fields(base, { ...table, profileId: 'SE' })).toEqual(['profileId']);
    expect(fields(base, { ...table, variant: 'canasta/fixed-limit' })).toEqual(['variant']);
    expect(fields({ ...base, games: ['holdem'] }, { ...table, variant: 'omaha/pot-limit' })).toEqual(['variant']);
  });

  it('000-001:TBL-01 TBL-02 VAR-HE-02 003:R-TBL-02 004:GAM-P-01 seats lie in the profile range (2 to 10) and within what the deck deals', () => {
    expect(fields(base, { ...table, seatsMax: 2 })).toEqual([]);
    expect(fields(base, { ...table, seatsMax: 10 })).toEqual([]);
    expect(fields(base, { ...table, seatsMax: 1 })).toEqual(['seatsMax']);
    expect(fields(base, { ...table, seatsMax: 11 })).toEqual(['seatsMax']);
    expect(fields({ ...base, seats: { min: 4, max: 10 } }, { ...table, seatsMax: 3 })).toEqual(['seatsMax']);
    // 5 Card Omaha: 47 cards for hole cards after the board, 5 each → 9 players.
    expect(poker.variantCatalog.get('five-card-omaha/pot-limit')?.playersMax).toBe(9);
    const plo5 = { ...table, variant: 'five-card-omaha/pot-limit' };
    expect(fields(base, { ...plo5, seatsMax: 9 })).toEqual([]);
    expect(fields(base, { ...plo5, seatsMax: 10 })).toEqual(['seatsMax']);
  });

  it('000-001:T-01 TBL-06 A-52 buyInRange at 0.50/1 NL is 25.00..100.00: 24.99 and 100.01 fall outside, 25.00 and 100.00 inside; at fixed limit 500.00 too', () => {
    const range = buyInRange(hr, table);
    expect(range).toEqual({ minMinor: 2_500n, maxMinor: 10_000n });
    expect(inRange(range, 2_499n)).toBe(false);
    expect(inRange(range, 10_001n)).toBe(false);
    expect(inRange(range, 2_500n)).toBe(true);
    expect(inRange(range, 10_000n)).toBe(true);
    const fixedLimit = buyInRange(hr, { ...table, variant: 'holdem/fixed-limit', buyInMaxMinor: null });
    expect(fixedLimit).toEqual({ minMinor: 2_500n, maxMinor: null });
    expect(inRange(fixedLimit, 2_499n)).toBe(false);
    expect(inRange(fixedLimit, 2_500n)).toBe(true);
    expect(inRange(fixedLimit, 50_000n)).toBe(true);
  });

  it('000-001:T-02 TBL-06 A-01 A-02 A-53 every row of the stake table is min 25 × BB and max 100 × BB (row 2 read as 0.15/0.30)', () => {
    for (const [sb, bb, min, max] of tbl06) {
      const row = { ...table, smallBlindMinor: sb, bigBlindMinor: bb, buyInMinMinor: min, buyInMaxMinor: max };
      expect(buyInRange(hr, row)).toEqual({ minMinor: min, maxMinor: max });
      expect(pokerTableProblems(hr, row, at)).toEqual([]);
    }
    // A table that states other amounts than the multiples is refused, naming the field.
    expect(fields(hr, { ...table, buyInMinMinor: 2_000n })).toEqual(['buyInMinMinor']);
    expect(fields(hr, { ...table, buyInMaxMinor: 20_000n })).toEqual(['buyInMaxMinor']);
  });

  it('000-001:TBL-03 TBL-04 003:R-WAL-04 a fixed-limit table has no maximum buy-in where the profile says so; NL/PL tables need one', () => {
    const fl = { ...table, variant: 'holdem/fixed-limit' };
    expect(fields(hr, { ...fl, buyInMaxMinor: null })).toEqual([]);
    expect(fields(hr, fl)).toEqual(['buyInMaxMinor']);
    expect(fields(hr, { ...table, buyInMaxMinor: null })).toEqual(['buyInMaxMinor']);
    expect(fields(hr, { ...table, variant: 'omaha/pot-limit', buyInMaxMinor: null })).toEqual(['buyInMaxMinor']);
  });

  it('002:PK-CASH-04 004:GAM-PC-03 where every table has a maximum (fixed limit too), the table sets its own range, at least a big blind and max ≥ min', () => {
    const fl = { ...table, variant: 'holdem/fixed-limit' };
    expect(fields(base, fl)).toEqual([]);
    expect(fields(base, { ...fl, buyInMaxMinor: null })).toEqual(['buyInMaxMinor']);
    expect(buyInRange(base, { ...table, buyInMinMinor: 4_000n })).toEqual({ minMinor: 4_000n, maxMinor: 10_000n });
    expect(fields(base, { ...table, buyInMinMinor: 99n })).toEqual(['buyInMinMinor']);
    expect(fields(base, { ...table, buyInMaxMinor: 2_000n })).toEqual(['buyInMaxMinor']);
  });

  it('002:HE-02 003:R-TH-02 004:GAM-PT-02 BB = 2 × SB where the profile requires it; otherwise SB ≤ BB', () => {
    expect(fields(hr, { ...table, smallBlindMinor: 40n })).toEqual(['bigBlindMinor']);
    expect(fields(base, { ...table, smallBlindMinor: 40n })).toEqual([]);
    expect(fields(base, { ...table, smallBlindMinor: 150n })).toEqual(['smallBlindMinor']);
    expect(fields(base, { ...table, smallBlindMinor: 0n })).toContain('smallBlindMinor');
  });

  it('000-001:T-03 TBL-05 A-39 blind caps SB ≤ EUR 25, BB ≤ EUR 50: 25.00/50.00 accepted; 25.01, 50.01 and 30/60 refused', () => {
    const at001: PokerRuleProfile = {
      ...base,
      blinds: { ...base.blinds, smallBlindMax: { EUR: 2_500n }, bigBlindMax: { EUR: 5_000n } },
    };
    const stakes = (sb: bigint, bb: bigint) => ({
      ...table,
      smallBlindMinor: sb,
      bigBlindMinor: bb,
      buyInMinMinor: bb * 25n,
      buyInMaxMinor: bb * 100n,
    });
    expect(fields(at001, stakes(2_500n, 5_000n))).toEqual([]);
    expect(fields(at001, stakes(2_501n, 5_000n))).toEqual(['smallBlindMinor']);
    expect(fields(at001, stakes(2_500n, 5_001n))).toEqual(['bigBlindMinor']);
    expect(fields(at001, stakes(3_000n, 6_000n))).toEqual(['smallBlindMinor', 'bigBlindMinor']);
    // A cap the profile does not publish in the table's currency is not guessed at a live rate.
    expect(fields(at001, { ...stakes(100n, 200n), currency: 'USD' })).toEqual(['currency', 'currency']);
  });

  it('004:GAM-PC-04 blinds below the profile minimum are refused', () => {
    const fo: PokerRuleProfile = { ...base, blinds: { ...base.blinds, smallBlindMin: { EUR: 2n }, bigBlindMin: { EUR: 4n } } };
    const micro = { ...table, smallBlindMinor: 1n, bigBlindMinor: 2n, buyInMinMinor: 50n, buyInMaxMinor: 200n };
    expect(fields(fo, micro)).toEqual(['smallBlindMinor', 'bigBlindMinor']);
    expect(fields(fo, { ...micro, smallBlindMinor: 2n, bigBlindMinor: 4n })).toEqual([]);
  });

  it('003:R-TH-02 R-OM-02 a straddle of 2 × BB only on tables of a profile that has one, in its games, never at fixed limit', () => {
    const se: PokerRuleProfile = { ...base, straddle: 'marked-tables', straddleGames: ['holdem'] };
    const straddled = { ...table, straddleMinor: 200n };
    expect(fields(se, straddled)).toEqual([]);
    expect(fields(base, straddled)).toEqual(['straddleMinor']);
    expect(fields(se, { ...straddled, variant: 'omaha/pot-limit' })).toEqual(['straddleMinor']);
    expect(fields(se, { ...straddled, variant: 'holdem/fixed-limit' })).toEqual(['straddleMinor']);
    expect(fields(se, { ...straddled, straddleMinor: 300n })).toEqual(['straddleMinor']);
  });

  it('002:T-RAKE-04 AMB-RAKE-RATE AMB-RAKE-CCY a rate outside 1–5 % (6 %, 0.5 %) or a cap above the published USD 5 equivalent is refused', () => {
    const ps: PokerRuleProfile = {
      ...base,
      rake: { ...base.rake, rateBpsMin: 100, rateBpsMax: 500, capMax: { USD: 500n, EUR: 460n } },
    };
    const raked = (rateBps: number, capPerHandMinor: bigint | null, currency: 'USD' | 'EUR' = 'USD') => ({
      ...table,
      currency,
      rake: { rateBps, capPerHandMinor, noFlopNoDrop: false },
    });
    expect(fields(ps, raked(500, 500n))).toEqual([]);
    expect(fields(ps, raked(100, 300n))).toEqual([]);
    expect(fields(ps, raked(600, 500n))).toEqual(['rake.rateBps']);
    expect(fields(ps, raked(50, 500n))).toEqual(['rake.rateBps']);
    expect(fields(ps, raked(500, 501n))).toEqual(['rake.capPerHandMinor']);
    expect(fields(ps, raked(500, null))).toEqual(['rake.capPerHandMinor']);
    expect(fields(ps, raked(500, 460n, 'EUR'))).toEqual([]);
    expect(fields(ps, raked(500, 461n, 'EUR'))).toEqual(['rake.capPerHandMinor']);
    // No rake at all is always allowed (a promotional table).
    expect(fields(ps, raked(0, null))).toEqual([]);
  });

  it('000-001:RAKE-02 no flop no drop where the profile requires it; refused where it forbids it', () => {
    const required: PokerRuleProfile = { ...base, rake: { ...base.rake, noFlopNoDrop: 'required' } };
    const forbidden: PokerRuleProfile = { ...base, rake: { ...base.rake, noFlopNoDrop: 'forbidden' } };
    const nfnd = { ...table, rake: { ...table.rake, noFlopNoDrop: true } };
    expect(fields(required, table)).toEqual(['rake.noFlopNoDrop']);
    expect(fields(required, nfnd)).toEqual([]);
    expect(fields(forbidden, nfnd)).toEqual(['rake.noFlopNoDrop']);
    expect(fields(base, nfnd)).toEqual([]);
  });

  it('000-001:TIME-04 003:R-TIME-03 a time bank only where the profile offers one, at most its size', () => {
    expect(fields(base, { ...table, timeBankMs: 30_000 })).toEqual(['timeBankMs']);
    const se: PokerRuleProfile = { ...base, clock: { ...base.clock, timeBankMs: 60_000 } };
    expect(fields(se, { ...table, timeBankMs: 60_000 })).toEqual([]);
    expect(fields(se, { ...table, timeBankMs: 60_001 })).toEqual(['timeBankMs']);
    expect(fields(se, table)).toEqual([]);
  });

  it('000-001:BTN-06 002:PK-GEN-08 an ante table states its amount and mode together', () => {
    expect(fields(base, { ...table, anteMinor: 10n, anteMode: 'every-player' })).toEqual([]);
    expect(fields(base, { ...table, anteMinor: 10n })).toEqual(['anteMode']);
    expect(fields(base, { ...table, anteMode: 'big-blind' })).toEqual(['anteMode']);
  });

  it('003:R-CAP-01 R-CAP-03 the 2 × PBB cap in force on the date, in the table currency; a currency without it is refused', () => {
    const se: PokerRuleProfile = {
      ...base,
      perHandStakeCap: {
        multiple: 2,
        timeZone: 'Europe/Stockholm',
        baseAmounts: [
          { from: '2025-01-01', amount: { SEK: 5_880_000n } },
          { from: '2026-01-01', amount: { SEK: 5_920_000n } },
        ],
      },
    };
    expect(perHandStakeCapMinor(se, 'SEK', new Date('2025-12-31T22:59:59Z'))).toBe(11_760_000n);
    // Midnight in Stockholm (UTC+1 in winter): the new year's amount applies.
    expect(perHandStakeCapMinor(se, 'SEK', new Date('2025-12-31T23:00:00Z'))).toBe(11_840_000n);
    expect(perHandStakeCapMinor(base, 'SEK', at)).toBeNull();
    expect(() => perHandStakeCapMinor(se, 'SEK', new Date('2024-06-01T00:00:00Z'))).toThrow(DomainError);
    const sek = { ...table, currency: 'SEK' as const };
    expect(fields(se, sek)).toEqual([]);
    expect(fields(se, table)).toEqual(['currency']);
    const huge = {
      ...sek,
      smallBlindMinor: 6_000_000n,
      bigBlindMinor: 12_000_000n,
      buyInMinMinor: 12_000_000n,
      buyInMaxMinor: 1_200_000_000n,
    };
    expect(fields(se, huge)).toEqual(['bigBlindMinor']);
  });
});
