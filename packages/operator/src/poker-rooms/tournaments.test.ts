import { ConfigError } from '@casino/core';
import { tournament, type PokerRuleProfileId, type TournamentDefinition } from '@casino/tables';
import { describe, expect, it } from 'vitest';
import { validateTournamentRules } from '../validate.ts';
import { demoFlightEvent, demoTwister, demoTwisterMultipliers, pokerRuleProfiles } from './index.ts';
import { tournamentRuleProfiles } from './tournaments.ts';

// The five profiles' tournament settings (§2d) against the pure rules of @casino/tables (issue 19).
const currencyOf = { HR: 'EUR', AT: 'EUR', 'CZ-PS': 'USD', SE: 'SEK', 'CZ-FO': 'CZK' } as const;
const level = (sb: bigint, breakAfterMs = 0): tournament.TournamentLevel => ({
  smallBlind: sb,
  bigBlind: sb * 2n,
  ante: 0n,
  durationMs: 600_000,
  breakAfterMs,
});

function definition(profileId: PokerRuleProfileId, overrides: Partial<TournamentDefinition> = {}): TournamentDefinition {
  return {
    name: 'Sunday',
    profileId,
    variant: 'holdem/no-limit',
    currency: currencyOf[profileId],
    kind: 'scheduled',
    seatsPerTable: 9,
    entrantsMin: 10,
    entrantsMax: 1_000,
    entry: { startFeeMinor: 10_000n, feeMinor: 1_000n, chips: 1_500n },
    levels: [level(10n), level(20n, 300_000), level(40n), level(80n)],
    payouts: [
      { entrantsMin: 2, placesBps: [10_000] },
      { entrantsMin: 10, placesBps: [5_000, 3_000, 2_000] },
    ],
    ...tournament.freezeOut,
    handForHandAbovePaidMax: 3,
    ...overrides,
  };
}

const problems = (d: TournamentDefinition) =>
  tournament
    .tournamentDefinitionProblems(d, tournamentRuleProfiles[d.profileId], pokerRuleProfiles[d.profileId])
    .map((p) => p.field);
const entry = (startFeeMinor: bigint, feeMinor: bigint) => ({ entry: { startFeeMinor, feeMinor, chips: 1_500n } });

describe('tournament settings per profile (issue 19, §2d)', () => {
  it('issue 19: every profile’s tournament settings pass the start-up check; a broken one stops it', () => {
    for (const rules of Object.values(tournamentRuleProfiles)) expect(tournament.tournamentRuleProblems(rules)).toEqual([]);
    const broken = { ...tournamentRuleProfiles['CZ-FO'], sitAndGoSeats: { min: 1, max: 360 } };
    expect(() => validateTournamentRules(broken)).toThrow(ConfigError);
  });

  it('issue 19: a valid definition of every profile has no problems', () => {
    for (const id of ['HR', 'AT', 'SE', 'CZ-FO'] as const) expect(problems(definition(id, entry(10_000n, 1_000n)))).toEqual([]);
    expect(problems(definition('CZ-PS', entry(10_000n, 1_000n)))).toEqual([]);
  });
});

describe('fees (000-001:TRN-03..05, 002:RAKE-03)', () => {
  it('000-001:T-65 000-001:TRN-03 000-001:TRN-04 AT fee ≤ min(EUR 50, 15 % of the start fee), start fee ≤ EUR 500', () => {
    expect(problems(definition('AT', entry(1_000n, 150n)))).toEqual([]);
    expect(problems(definition('AT', entry(1_000n, 151n)))).toEqual(['entry.feeMinor']);
    expect(problems(definition('AT', entry(10_000n, 1_500n)))).toEqual([]);
    expect(problems(definition('AT', entry(40_000n, 5_000n)))).toEqual([]);
    expect(problems(definition('AT', entry(40_000n, 5_001n)))).toEqual(['entry.feeMinor']);
    expect(problems(definition('AT', entry(50_000n, 5_000n)))).toEqual([]);
    expect(problems(definition('AT', entry(50_001n, 5_000n)))).toEqual(['entry.startFeeMinor']);
  });

  it('000-001:A-32 000-001:ACC-11 002:RAKE-04 002:AMB-REBUY-FEE the AT caps apply to each rebuy and add-on as well', () => {
    const rebuy = { startFeeMinor: 10_000n, feeMinor: 1_600n, chips: 1_500n, periodLevels: 2, countMax: 3, chipsAtMost: 1_500n };
    expect(problems(definition('AT', { rebuy }))).toEqual(['rebuy.feeMinor']);
    expect(problems(definition('HR', { rebuy }))).toEqual([]); // 000: the fee on a rebuy is the operator's choice (TRN-05)
  });

  it('000-001:T-66 000-001:TRN-05 no fee on a freeroll', () => {
    expect(problems(definition('HR', entry(0n, 0n)))).toEqual([]);
    expect(problems(definition('HR', entry(0n, 200n)))).toEqual(['entry.feeMinor']);
  });

  it('002:T-FEE-01 002:RAKE-03 CZ-PS fee 2–17 % of the buy-in: 10 + 1 (9.09 %) valid, 4 + 1 (20 %) and 100 + 1 (0.99 %) refused', () => {
    expect(problems(definition('CZ-PS', entry(1_000n, 100n)))).toEqual([]);
    expect(problems(definition('CZ-PS', entry(400n, 100n)))).toEqual(['entry.feeMinor']);
    expect(problems(definition('CZ-PS', entry(10_000n, 100n)))).toEqual(['entry.feeMinor']);
  });
});

describe('formats (§2d formats, sng.size, lateReg)', () => {
  it('002:T-TRN-03 002:SNG-02 004:GAM-P-T-11 a sit & go seats 2 to 360: 1 and 361 refused', () => {
    const sng = (size: number) => definition('CZ-FO', { kind: 'sit-and-go', entrantsMin: size, entrantsMax: size, payouts: [] });
    const ok = (size: number) => ({ ...sng(size), payouts: [{ entrantsMin: 2, placesBps: [10_000] }] });
    expect(problems(ok(2))).toEqual([]);
    expect(problems(ok(360))).toEqual([]);
    expect(problems(ok(361))).toContain('entrantsMax');
    expect(problems({ ...ok(2), entrantsMin: 1, entrantsMax: 1 })).toContain('entrantsMin');
  });

  it('002:T-TRN-02 002:SHOOT-06 a shootout has no late registration', () => {
    expect(problems(definition('CZ-PS', { ...entry(1_000n, 100n), shootout: true }))).toEqual([]);
    expect(problems(definition('CZ-PS', { ...entry(1_000n, 100n), shootout: true, lateRegistrationLevels: 2 }))).toEqual([
      'lateRegistrationLevels',
    ]);
  });

  it('003:R-TOUR-10 SE has no re-entry; its add-on costs the start fee', () => {
    expect(problems(definition('SE', { lateRegistrationLevels: 2, reEntry: { entriesMax: 3 } }))).toEqual(['format']);
    const addOn = (startFeeMinor: bigint) => ({ startFeeMinor, feeMinor: 0n, chips: 3_000n, afterLevel: 2 });
    expect(problems(definition('SE', { addOn: addOn(10_000n) }))).toEqual([]);
    expect(problems(definition('SE', { addOn: addOn(5_000n) }))).toEqual(['addOn.startFeeMinor']);
  });

  it('004:GAM-P-T-14 CZ-FO re-entry during the late-registration period, count capped', () => {
    expect(problems(definition('CZ-FO', { lateRegistrationLevels: 2, reEntry: { entriesMax: 3 } }))).toEqual([]);
    expect(problems(definition('CZ-FO', { reEntry: { entriesMax: 3 } }))).toEqual(['reEntry']);
  });

  it('002:AMB-DON 002:DON-01 a double or nothing is an even sit & go', () => {
    const don = (size: number) =>
      definition('CZ-PS', {
        ...entry(1_000n, 100n),
        kind: 'sit-and-go',
        entrantsMin: size,
        entrantsMax: size,
        doubleOrNothing: true,
      });
    expect(problems(don(10))).toEqual([]);
    expect(problems(don(9))).toEqual(['doubleOrNothing']);
  });

  it('000-001:TRN-09..13 002:GTD-01 the formats a profile does not offer are refused (no guarantee in 000, 001, 003)', () => {
    for (const id of ['HR', 'AT', 'SE'] as const)
      expect(problems(definition(id, { guaranteeMinor: 1_000_000n }))).toContain('format');
    expect(problems(definition('CZ-FO', { guaranteeMinor: 1_000_000n }))).toEqual([]);
  });
});

describe('guarantees (002:GTD-01..03, 004:GAM-P-T-18)', () => {
  const gtd = (fee: bigint) => definition('CZ-PS', { ...entry(10_000n - fee, fee), guaranteeMinor: 1_000_000n });
  it('002:T-GTD-01 002:GTD-02 a guarantee of 10,000 may not start on 4,000 of stakes (< 50 %); 5,000 may', () => {
    const rules = tournamentRuleProfiles['CZ-PS'].guarantee.collectedOfGuaranteeBpsToStartMin;
    expect(tournament.guaranteeStartRefusal(gtd(1_000n), 400_000n, rules)).not.toBeNull();
    expect(tournament.guaranteeStartRefusal(gtd(1_000n), 500_000n, rules)).toBeNull();
  });

  it('002:T-GTD-02 004:T-150 002:GTD-01 004:GAM-P-T-18 stakes 6,000 with a 10 % fee: pool 5,400, overlay 4,600, pool 10,000', () => {
    expect(tournament.overlayMinor(gtd(1_000n), 540_000n)).toBe(460_000n);
    expect(tournament.overlayMinor(gtd(1_000n), 1_800_000n)).toBe(0n);
  });

  it('002:T-GTD-03 002:GTD-03 002:AMB-GTD-95 a fee under 5 % breaks the 95 % cap (2 % refused, 10 % valid)', () => {
    expect(problems(gtd(1_000n))).toEqual([]);
    expect(problems(gtd(200n))).toEqual(['entry.feeMinor']);
  });
});

describe('bounties (004:GAM-P-T-19, 20)', () => {
  const ko = (kind: 'knockout' | 'progressive-knockout', shareBps: number, paidBps: number) =>
    definition('CZ-FO', { bounty: { kind, shareBps, paidBps } });
  it('004:GAM-P-T-19 004:GAM-P-T-20 the bounty shares are bounded per profile; SE has no KO format', () => {
    expect(problems(ko('knockout', 5_000, 10_000))).toEqual([]);
    expect(problems(ko('knockout', 500, 10_000))).toEqual(['bounty.shareBps']);
    expect(problems(ko('progressive-knockout', 5_000, 5_000))).toEqual([]);
    expect(problems(ko('progressive-knockout', 2_000, 5_000))).toEqual(['bounty.shareBps']);
    expect(problems(ko('progressive-knockout', 5_000, 8_000))).toEqual(['bounty.paidBps']);
    expect(problems({ ...ko('knockout', 5_000, 10_000), profileId: 'SE', currency: 'SEK' })).toContain('format');
  });

  it('004:T-147 KO: 100 players, net buy-in 100, 50 % bounty: each bounty 50, paid whole', () => {
    const d = { ...ko('knockout', 5_000, 10_000), ...entry(10_000n, 1_000n) };
    expect(tournament.bountyPerEntryMinor(d)).toBe(5_000n);
    expect(tournament.knockOut(5_000n, ['a'], 10_000).paid.get('a')).toBe(5_000n);
  });

  it('004:T-148 PKO 50 %: knocking out a 100 bounty pays 50 and adds 50 to the eliminator’s bounty', () => {
    const result = tournament.knockOut(10_000n, ['a'], 5_000);
    expect(result.paid.get('a')).toBe(5_000n);
    expect(result.added.get('a')).toBe(5_000n);
  });
});

/** A cancellation by the profile's formula. */
function cancel(
  profileId: PokerRuleProfileId,
  kind: 'sitAndGo' | 'headsUp' | 'multiTable',
  entries: tournament.CancellationEntry[],
  poolMinor: bigint,
  placePrizes: bigint[],
) {
  const formula = tournamentRuleProfiles[profileId].cancel[kind];
  const result = tournament.settleCancellation({ formula, entries, poolMinor, placePrizes });
  return new Map(result.shares.map((s) => [s.entryId, s.fromPoolMinor + s.feeRefundMinor]));
}
const entries = (count: number, active: number, paidStartMinor: bigint, paidFeeMinor: bigint, chips = () => 1_000n) =>
  Array.from({ length: count }, (_, i) => ({
    entryId: `e${i}`,
    active: i < active,
    chips: i < active ? chips() : 0n,
    paidStartMinor,
    paidFeeMinor,
    prizePaidMinor: 0n,
  }));

describe('cancellation per profile (§2d cancel.*)', () => {
  it('000-001:T-70 000-001:TRN-19 000-001:A-33 AT STT abort 9 × (10 + 1): 4 left get 1.00 + 22.50; 2 left after 18.00 paid get 1.00 + 36.00', () => {
    const four = cancel('AT', 'sitAndGo', entries(9, 4, 1_000n, 100n), 9_000n, [5_000n, 3_000n, 1_000n]);
    expect([...four.values()].slice(0, 4)).toEqual([2_350n, 2_350n, 2_350n, 2_350n]);
    expect(four.get('e5')).toBe(0n);
    const two = cancel('AT', 'sitAndGo', entries(9, 2, 1_000n, 100n), 7_200n, [5_000n, 3_000n, 1_800n]);
    expect(two.get('e0')).toBe(3_700n);
  });

  it('000-001:T-71 000-001:TRN-20 000-001:A-34 AT MTT abort, 5 left with 400/250/150/100/100: each the 5th prize, then equally: 200', () => {
    const result = cancel('AT', 'multiTable', entries(20, 5, 50n, 5n), 1_000n, [400n, 250n, 150n, 100n, 100n]);
    expect([...result.values()].slice(0, 5)).toEqual([200n, 200n, 200n, 200n, 200n]);
  });

  it('000-001:TIME-07 000-001:TRN-21 000-001:ACC-13 HR operator fault: every entry gets back what it paid, fees included', () => {
    const result = cancel('HR', 'multiTable', entries(10, 3, 2_000n, 200n), 20_000n, [12_000n, 8_000n]);
    expect([...result.values()]).toEqual(Array.from({ length: 10 }, () => 2_200n));
  });

  it('002:AMB-GTD-CANCEL CZ-PS cancellation refunds all buy-ins including fees', () => {
    const result = cancel('CZ-PS', 'multiTable', entries(10, 10, 1_000n, 100n), 10_000n, [6_000n, 4_000n]);
    expect([...result.values()]).toEqual(Array.from({ length: 10 }, () => 1_100n));
  });

  it('003:S-80 003:R-TECH-02 003:Q-33 SE STT crash, 6 entrants, pool 600, fee 10, 2 out: 4 × (10 + 150), eliminated 0', () => {
    const result = cancel('SE', 'sitAndGo', entries(6, 4, 10_000n, 1_000n), 60_000n, [40_000n, 20_000n]);
    expect([...result.values()]).toEqual([16_000n, 16_000n, 16_000n, 16_000n, 0n, 0n]);
  });

  it('003:S-81 003:R-TECH-03 SE MTT crash case A (nobody out): 110 each', () => {
    const result = cancel('SE', 'multiTable', entries(20, 20, 10_000n, 1_000n), 200_000n, [100_000n, 60_000n, 40_000n]);
    expect(new Set(result.values())).toEqual(new Set([11_000n]));
  });

  it('003:S-82 SE MTT crash case B: 100 entrants, pool 10,000, 50 left, 1,500,000 chips: 60,000 chips get 100 + 200 + 10 = 310', () => {
    const list = entries(100, 50, 10_000n, 1_000n, () => 30_000n);
    list[0] = { ...list[0]!, chips: 60_000n };
    list[1] = { ...list[1]!, chips: 0n }; // 1,500,000 in all: one at 60,000, one at 0, 48 at 30,000
    const result = cancel(
      'SE',
      'multiTable',
      list,
      1_000_000n,
      Array.from({ length: 10 }, () => 100_000n),
    );
    expect(result.get('e0')).toBe(31_000n);
  });

  it('003:S-83 SE MTT crash case C: 8 left of 10 paid, 9th/10th keep 200; 8 × 300; 7,200 by chips; + 10 each', () => {
    const prizes = [3_000n, 2_000n, 1_500n, 1_000n, 800n, 600n, 400n, 300n, 200n, 200n].map((p) => p * 100n);
    const list = entries(100, 8, 10_000n, 1_000n, () => 1_000n);
    list[8] = { ...list[8]!, prizePaidMinor: 20_000n };
    list[9] = { ...list[9]!, prizePaidMinor: 20_000n };
    const result = cancel('SE', 'multiTable', list, 960_000n, prizes);
    expect(result.get('e0')).toBe(1_000n + 30_000n + 90_000n);
    expect(result.get('e8')).toBe(0n);
  });

  it('004:T-142 004:GAM-P-T-42 004:GAM-P-T-40 004:TEC-05 CZ-FO MTT cancelled, 20 left, 10 paid: buy-in back + 50 % equal, 50 % by chips', () => {
    const result = cancel(
      'CZ-FO',
      'multiTable',
      entries(100, 20, 9_000n, 1_000n),
      900_000n,
      Array.from({ length: 10 }, () => 90_000n),
    );
    // 900,000 − 20 × 9,000 = 720,000: 360,000 equally (18,000) and 360,000 by equal chips (18,000).
    expect(result.get('e0')).toBe(10_000n + 18_000n + 18_000n);
  });

  it('004:T-143 004:GAM-P-T-43 CZ-FO 5 left all in the money: buy-in + the 5th prize each + the rest 50/50', () => {
    const prizes = [400_000n, 200_000n, 120_000n, 100_000n, 80_000n];
    const result = cancel('CZ-FO', 'multiTable', entries(100, 5, 9_000n, 1_000n), 900_000n, prizes);
    // 900,000 − 5 × 9,000 − 5 × 80,000 = 455,000 → 45,500 equal + 45,500 by equal chips.
    expect(result.get('e0')).toBe(10_000n + 80_000n + 91_000n);
  });

  it('004:T-144 004:GAM-P-T-44 CZ-FO guarantee 100,000 cancelled in late registration with 60,000: 60,000; after: 100,000', () => {
    const rule = tournamentRuleProfiles['CZ-FO'].guarantee.cancellationPaysGuaranteeAfterLateRegistration;
    expect(tournament.cancellationPoolMinor(10_000_000n, rule, 6_000_000n, true)).toBe(6_000_000n);
    expect(tournament.cancellationPoolMinor(10_000_000n, rule, 6_000_000n, false)).toBe(10_000_000n);
  });

  it('004:T-145 004:GAM-P-T-45 CZ-FO SNG 6 × 100 cancelled with 3 left: buy-in back + the 3 eliminated pool parts equally', () => {
    const result = cancel('CZ-FO', 'sitAndGo', entries(6, 3, 9_000n, 1_000n), 54_000n, [36_000n, 18_000n]);
    expect([...result.values()]).toEqual([19_000n, 19_000n, 19_000n, 0n, 0n, 0n]);
  });

  it('004:T-146 004:GAM-P-T-41 CZ-FO heads-up cancelled: each gets the buy-in back', () => {
    const result = cancel('CZ-FO', 'headsUp', entries(2, 2, 9_000n, 1_000n), 18_000n, [18_000n]);
    expect([...result.values()]).toEqual([10_000n, 10_000n]);
  });
});

describe('the game of a tournament (issues 19 and 20, D-2070, D-2071)', () => {
  // Stud needs an ante at every level and a bring-in (the small blind) below the small bet (the big blind).
  const studLevels = [10n, 20n, 40n].map((sb) => ({ ...level(sb), ante: sb / 5n }));

  it('000-001:TRN-02 002:HORSE-01 002:8GAME-02 a tournament may play any game its profile offers: stud, draw and the mixes at CZ-PS', () => {
    for (const variant of ['mixed/horse', 'mixed/hose', 'stud/fixed-limit', 'razz/fixed-limit', 'stud8/fixed-limit'])
      expect(problems(definition('CZ-PS', { variant, seatsPerTable: 8, levels: studLevels }))).toEqual([]);
    expect(problems(definition('CZ-PS', { variant: '27td/fixed-limit', seatsPerTable: 6 }))).toEqual([]);
    expect(problems(definition('CZ-PS', { variant: 'mixed/8-game', seatsPerTable: 6, levels: studLevels }))).toEqual([]);
    expect(problems(definition('AT', { variant: 'soko/fixed-limit', levels: studLevels, seatsPerTable: 9 }))).toEqual([]);
    expect(problems(definition('SE', { variant: 'sjukort/fixed-limit', levels: studLevels, seatsPerTable: 8 }))).toEqual([]);
  });

  it('002:MAX-02 002:8GAME-02 a game the profile does not offer is refused, as are more seats than the game deals to', () => {
    expect(problems(definition('HR', { variant: 'mixed/horse', seatsPerTable: 8, levels: studLevels }))).toEqual(['variant']);
    expect(problems(definition('CZ-FO', { variant: 'stud/fixed-limit', seatsPerTable: 8, levels: studLevels }))).toEqual([
      'variant',
    ]);
    expect(problems(definition('AT', { variant: 'mixed/horse', seatsPerTable: 8, levels: studLevels }))).toEqual(['variant']);
    expect(problems(definition('HR', { variant: 'courchevel/pot-limit' }))).toEqual(['variant']);
    expect(problems(definition('CZ-PS', { variant: 'mixed/no-such-mix' }))).toEqual(['variant']);
    // 8-Game is six-handed (MAX-02), stud deals to eight.
    expect(problems(definition('CZ-PS', { variant: 'mixed/8-game', seatsPerTable: 9, levels: studLevels }))).toEqual([
      'seatsPerTable',
    ]);
    expect(problems(definition('CZ-PS', { variant: 'stud/fixed-limit', seatsPerTable: 9, levels: studLevels }))).toEqual([
      'seatsPerTable',
    ]);
  });

  it('002:STUD-04 002:PK-STR-08 a stud tournament (or a mix with stud) needs an ante at every level and a bring-in below the small bet', () => {
    const noAnte = studLevels.map((l, i) => (i === 1 ? { ...l, ante: 0n } : l));
    expect(problems(definition('CZ-PS', { variant: 'mixed/horse', seatsPerTable: 8, levels: noAnte }))).toEqual([
      'levels.1.ante',
    ]);
    const bringInTooBig = studLevels.map((l, i) => (i === 2 ? { ...l, smallBlind: l.bigBlind } : l));
    expect(problems(definition('CZ-PS', { variant: 'stud/fixed-limit', seatsPerTable: 8, levels: bringInTooBig }))).toEqual([
      'levels.2.smallBlind',
    ]);
    // A draw game or a flop-only mix has blinds, no ante needed.
    expect(problems(definition('CZ-PS', { variant: '27td/fixed-limit', seatsPerTable: 6 }))).toEqual([]);
    expect(problems(definition('CZ-PS', { variant: 'mixed/holdem-mix' }))).toEqual([]);
  });

  it('004:GAM-P-T-17 000-001:TRN-18 D-1902 flights are offered only by CZ-FO and Twister only by AT: the profiles list the formats, the check refuses them elsewhere', () => {
    const event = '00000000-0000-4000-8000-000000000000';
    for (const carry of ['flight', 'best-stack-forward', 'stack-builder'] as const)
      for (const profileId of Object.keys(tournamentRuleProfiles) as PokerRuleProfileId[]) {
        const day1 = definition(profileId, { payouts: [], flight: { day: 1, eventId: event, carry, qualifiers: 3 } });
        expect(problems(day1).includes('format'), `${profileId} ${carry}`).toBe(profileId !== 'CZ-FO');
      }
    const table = { multipliers: demoTwisterMultipliers };
    for (const profileId of Object.keys(tournamentRuleProfiles) as PokerRuleProfileId[]) {
      const twister = definition(profileId, {
        kind: 'sit-and-go',
        entrantsMin: 3,
        entrantsMax: 3,
        ...entry(500n, 50n),
        payouts: [{ entrantsMin: 2, placesBps: [10_000] }],
        twister: table,
      });
      expect(problems(twister).includes('format'), profileId).toBe(profileId !== 'AT');
    }
    expect(problems(demoTwister()!)).toEqual([]);
    const flights = demoFlightEvent('CZK')!;
    expect(problems(flights.day2)).toEqual([]);
    for (const day1 of flights.day1s)
      expect(
        problems({
          ...day1.definition,
          flight: { day: 1, eventId: event, carry: 'best-stack-forward', qualifiers: day1.qualifiers },
        }),
      ).toEqual([]);
  });
});
