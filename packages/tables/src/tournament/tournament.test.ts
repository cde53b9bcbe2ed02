import { SeededRng } from '@casino/games';
import { describe, expect, it } from 'vitest';
import { addOnOpen, handForHandActive, readClock, rebuyOpen, shootoutRounds, tournamentOver } from './clock.ts';
import { randomBot, TournamentDirector } from './director.ts';
import { finishPrizes, placePrizes, rankBusts, splitByWeight } from './prizes.ts';
import { balanceTables, balancingProblems, seatAtRandom, type Tables } from './seating.ts';
import { fastLevels, testDefinition, testRules } from './testing.ts';

const ids = (n: number) => Array.from({ length: n }, (_, i) => `e${i}`);
const director = (overrides: Parameters<typeof testDefinition>[0] = {}, entrants = 9, seed = 1, rules = testRules) =>
  new TournamentDirector({
    definition: testDefinition(overrides),
    rules,
    entries: ids(entrants).map((entryId) => ({ entryId, playerId: `p-${entryId}` })),
    rng: new SeededRng(seed),
    newHandId: (table, n) => `t${table}-h${n}`,
  });

/** Plays until the tournament ends, one hand per table that may deal, advancing the clock 20 s per round. */
function playToEnd(d: TournamentDirector, seed = 7, onRound?: () => void): void {
  const bot = randomBot(new SeededRng(seed), 35);
  for (let rounds = 0; !d.isOver(); rounds++) {
    if (rounds > 20_000) throw new Error('the tournament did not end');
    for (const table of [...d.tables.keys()]) if (d.tables.has(table) && d.canDeal(table)) d.playHand(table, bot);
    d.elapsedMs += 20_000;
    onRound?.();
  }
}

describe('the clock (000-001:A-31, 002:MTT-01, 002:TURBO-02)', () => {
  it('002:MTT-01 levels rise with the clock; the break after level 2 is the same moment for every table', () => {
    expect(readClock(fastLevels, 0).levelIndex).toBe(0);
    expect(readClock(fastLevels, 60_000).level.bigBlind).toBe(40n);
    expect(readClock(fastLevels, 120_000)).toMatchObject({ levelIndex: 1, onBreak: true, msToNext: 30_000 });
    expect(readClock(fastLevels, 150_000)).toMatchObject({ levelIndex: 2, onBreak: false });
    expect(readClock(fastLevels, 10 ** 9).levelIndex).toBe(fastLevels.length - 1);
  });

  it('002:TRN-RB-02 002:TRN-RB-08 000-001:TRN-11 000-001:TRN-13 rebuys during the first two levels, the add-on at the break after them', () => {
    const rebuy = { startFeeMinor: 10_000n, feeMinor: 0n, chips: 1_500n, periodLevels: 2, countMax: 2, chipsAtMost: 1_500n };
    const d = testDefinition({ rebuy, addOn: { startFeeMinor: 10_000n, feeMinor: 0n, chips: 3_000n, afterLevel: 2 } });
    expect(rebuyOpen(d, 90_000)).toBe(true);
    expect(rebuyOpen(d, 125_000)).toBe(false);
    expect(addOnOpen(d, 125_000)).toBe(true);
    expect(addOnOpen(d, 155_000)).toBe(false);
  });

  it('003:S-77 003:R-TOUR-08 003:Q-45 10 paid: hand-for-hand on at 12 and 11, off at 13 and 10', () => {
    const on = (left: number) => handForHandActive('paid-plus-one-or-two', 2, left, 10, 0);
    expect([13, 12, 11, 10].map(on)).toEqual([false, true, true, false]);
  });

  it('004:GAM-P-T-02 000-001:TRN-17 bubble window: from 3 above the paid places until the bubble bursts; one table never', () => {
    const on = (left: number, tables = 2) => handForHandActive('bubble-window', tables, left, 10, 3);
    expect([14, 13, 11, 10].map((left) => on(left))).toEqual([false, true, true, false]);
    expect(on(12, 1)).toBe(false);
  });

  it('002:DON-02 004:GAM-P-T-22 002:T-TRN-05 004:T-151 a 10-player double or nothing ends at the 5th elimination', () => {
    const don = testDefinition({ doubleOrNothing: true, entrantsMin: 10, entrantsMax: 10 });
    expect(tournamentOver(don, 10, 6)).toBe(false);
    expect(tournamentOver(don, 10, 5)).toBe(true);
    expect(placePrizes(don, 10, 100_000n)).toEqual(Array.from({ length: 5 }, () => 20_000n)); // 2 × the 10,000 pool part each
  });

  it('002:T-TRN-08 002:SAT-02 002:SAT-03 004:GAM-P-T-13 000-001:T-69 a satellite with 5 seats stops at 5 players, each paid the target buy-in', () => {
    const sat = testDefinition({ satellite: { seats: 5, targetBuyInMinor: 15_000n }, entrantsMin: 9, entrantsMax: 9 });
    expect(tournamentOver(sat, 9, 6)).toBe(false);
    expect(tournamentOver(sat, 9, 5)).toBe(true);
    expect(placePrizes(sat, 9, 90_000n)).toEqual([15_000n, 15_000n, 15_000n, 15_000n, 15_000n, 15_000n]);
  });

  it('002:T-TRN-01 002:SHOOT-02 002:SHOOT-03 002:SHOOT-04 004:GAM-P-T-12 triple shootout 729 → 81 tables → 9 → final; double 64 → 8 → 1; four rounds', () => {
    expect(shootoutRounds(6_561, 9).map((r) => r.length)).toEqual([729, 81, 9, 1]);
    expect(shootoutRounds(729, 9).map((r) => r.length)).toEqual([81, 9, 1]);
    expect(shootoutRounds(64, 8)).toEqual([Array.from({ length: 8 }, () => 8), [8]]);
  });

  it('002:T-TRN-02 002:SHOOT-05 700 entrants in a 9-handed shootout: uneven first-round tables', () => {
    const [first] = shootoutRounds(700, 9);
    expect(first!.length).toBe(78);
    expect(new Set(first)).toEqual(new Set([9, 8]));
    expect(first!.reduce((s, n) => s + n, 0)).toBe(700);
  });
});

describe('prizes and ties (002:MTT-04, 000-001:A-31, 002:AMB-TRN-TIE, 003:R-END-04)', () => {
  it('000-001:T-69 002:MTT-04 a 9-player STT 50/30/20 % of the pool after fees', () => {
    expect(placePrizes(testDefinition(), 9, 90_000n)).toEqual([45_000n, 27_000n, 18_000n]);
  });

  it('002:AMB-TRN-TIE 000-001:A-31 003:R-END-04 003:Q-17 same-hand busts: the bigger starting stack places higher; equal stacks split their places', () => {
    const finishes = rankBusts(5, [
      { entryId: 'small', startingStack: 100n },
      { entryId: 'big', startingStack: 900n },
      { entryId: 'tie-a', startingStack: 300n },
      { entryId: 'tie-b', startingStack: 300n },
    ]);
    expect(finishes).toEqual([
      { entryIds: ['big'], placeBest: 2, placeWorst: 2 },
      { entryIds: ['tie-a', 'tie-b'], placeBest: 3, placeWorst: 4 },
      { entryIds: ['small'], placeBest: 5, placeWorst: 5 },
    ]);
    const prizes = finishPrizes(finishes[1]!, [500n, 300n, 151n, 50n]);
    expect([...prizes.values()]).toEqual([101n, 100n]); // 201 split, the odd unit to the first listed (D-1906)
  });

  it('issue 19: a split by chips gives out exactly the amount, odd units to the largest remainders', () => {
    expect(splitByWeight(100n, [1n, 1n, 1n])).toEqual([34n, 33n, 33n]);
    expect(splitByWeight(10n, [0n, 0n])).toEqual([5n, 5n]);
  });
});

describe('seating and balancing (000-001:T-73, 002:MTT-02, 003:R-END-03, 004:GAM-P-T-10)', () => {
  it('002:MTT-02 000-001:TRN-14 random seating: as many tables as needed, sizes differ by at most one', () => {
    const tables = seatAtRandom(ids(100), 9, new SeededRng(3));
    expect(tables.size).toBe(12);
    expect(balancingProblems(tables, 9, ids(100))).toEqual([]);
  });

  it('000-001:T-73 000-001:TRN-16 002:TRN-03 004:GAM-P-T-01 after eliminations tables break and even out; the invariants hold', () => {
    const rng = new SeededRng(5);
    const tables: Tables = seatAtRandom(ids(40), 9, rng);
    let left = ids(40);
    for (let round = 0; left.length > 1; round++) {
      const out = left.filter((_, i) => (i * 7 + round) % 5 === 0).slice(0, Math.max(1, Math.floor(left.length / 6)));
      for (const seats of tables.values()) for (const [seat, id] of seats) if (out.includes(id)) seats.delete(seat);
      left = left.filter((id) => !out.includes(id));
      balanceTables(tables, 9, rng);
      expect(balancingProblems(tables, 9, left)).toEqual([]);
    }
  });
});

describe('the director: tournaments played through the engine (issue 19)', () => {
  it('002:SNG-01 000-001:TRN-15 003:R-END-02 002:TRN-01 002:TRN-02 002:TRN-06 002:PAY-02 004:WIN-02 003:R-TOUR-09 002:MTT-01 a 9-seat sit & go plays to one winner; chips conserved; places 1..9 once each', () => {
    const d = director();
    playToEnd(d);
    expect(d.activeEntries().length).toBe(1);
    const places = d.finishes.flatMap((f) => Array.from({ length: f.placeWorst - f.placeBest + 1 }, (_, k) => f.placeBest + k));
    expect(places.sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(d.chipViolation()).toBe(0n);
    const prizes = d.prizes();
    expect([...prizes.values()].reduce((s, p) => s + p, 0n)).toBe(90_000n);
  });

  it('000-001:T-72 000-001:TRN-17 004:GAM-P-T-02 in hand-for-hand a table that finished its hand waits for the others', () => {
    const d = director({ kind: 'scheduled', entrantsMin: 18, entrantsMax: 100, handForHandAbovePaidMax: 30 }, 18, 2);
    expect(d.handForHand()).toBe(true);
    const [first, second] = [...d.tables.keys()];
    d.playHand(first!, randomBot(new SeededRng(1), 0));
    expect(d.canDeal(first!)).toBe(d.tables.size === 1);
    if (d.tables.has(second!)) expect(d.canDeal(second!)).toBe(true);
  });

  it('000-001:T-73 002:MTT-03 003:R-END-03 003:R-TOUR-07 000-001:TRN-14 a 60-entry MTT runs to the winner: balancing invariants after every round, chips conserved', () => {
    const d = director({ kind: 'scheduled', entrantsMin: 30, entrantsMax: 100 }, 60, 11);
    playToEnd(d, 13, () => {
      if (!d.isOver() && d.settled())
        expect(
          balancingProblems(
            d.tables,
            9,
            d.activeEntries().map((e) => e.entryId),
          ),
        ).toEqual([]);
      expect(d.chipViolation()).toBe(0n);
    });
    expect(d.events.some((e) => e.kind === 'move')).toBe(true);
    expect([...d.prizes().values()].reduce((s, p) => s + p, 0n)).toBe(600_000n);
  });

  it('004:T-147 004:GAM-P-T-19 KO: every bounty is paid to an eliminator or is the winner’s own; bounty money conserved', () => {
    const d = director({ bounty: { kind: 'knockout', shareBps: 5_000, paidBps: 10_000 } });
    playToEnd(d);
    const paid = d.events.flatMap((e) => (e.kind === 'knock-out' ? [...e.paid.values()] : [])).reduce((s, v) => s + v, 0n);
    const own = d.activeEntries().reduce((s, e) => s + e.bountyMinor, 0n);
    expect(paid + own).toBe(9n * 5_000n);
    expect([...d.prizes().values()].reduce((s, p) => s + p, 0n)).toBe(9n * 5_000n); // the other half is the prize pool
  });

  it('004:T-148 004:GAM-P-T-20 PKO: half of each bounty paid, half added to the eliminator’s; the total conserved', () => {
    const d = director({ bounty: { kind: 'progressive-knockout', shareBps: 5_000, paidBps: 5_000 } });
    playToEnd(d);
    const paid = d.events.flatMap((e) => (e.kind === 'knock-out' ? [...e.paid.values()] : [])).reduce((s, v) => s + v, 0n);
    const winnerOwn = d.activeEntries()[0]!.bountyMinor;
    expect(paid + winnerOwn).toBe(9n * 5_000n);
    expect(winnerOwn).toBeGreaterThan(5_000n);
  });

  it('002:T-TRN-05 004:T-151 002:DON-01 a 10-player double or nothing ends with 5 winners of 2 × the pool part', () => {
    const d = director({ doubleOrNothing: true, entrantsMin: 10, entrantsMax: 10, seatsPerTable: 10 }, 10);
    playToEnd(d);
    expect(d.activeEntries().length).toBe(5);
    const won = [...d.prizes().entries()].filter(([, p]) => p > 0n);
    expect(won.map(([, p]) => p)).toEqual(Array.from({ length: 5 }, () => 20_000n));
  });

  it('002:SHOOT-01 004:GAM-P-T-12 a shootout never balances: table winners advance to the final table', () => {
    const d = director({ kind: 'scheduled', shootout: true, entrantsMin: 16, entrantsMax: 16, seatsPerTable: 8 }, 16, 4);
    playToEnd(d);
    expect(d.events.some((e) => e.kind === 'move')).toBe(false);
    expect(d.activeEntries().length).toBe(1);
    expect(d.chipViolation()).toBe(0n);
  });

  it('002:T-TRN-04 004:T-149 002:TRN-RB-01 002:TRN-RB-03 002:TRN-RB-04 002:TRN-RB-05 002:TRN-RB-07 004:GAM-P-T-15 003:R-TOUR-15 003:R-RAKE-04 003:Q-16 rebuys at 0 chips during the period play from the next hand; over the max refused', () => {
    const rebuy = { startFeeMinor: 10_000n, feeMinor: 1_000n, chips: 1_500n, periodLevels: 2, countMax: 1, chipsAtMost: 0n };
    const d = new TournamentDirector({
      definition: testDefinition({ rebuy }),
      rules: testRules,
      entries: ids(9).map((entryId) => ({ entryId, playerId: entryId })),
      rng: new SeededRng(9),
      newHandId: (t, n) => `${t}-${n}`,
      acceptsRebuy: () => true,
    });
    playToEnd(d);
    const rebuys = d.events.filter((e) => e.kind === 'rebuy');
    expect(rebuys.length).toBeGreaterThan(0);
    expect([...d.entries.values()].every((e) => e.rebuys <= 1)).toBe(true);
    expect(d.chipViolation()).toBe(0n);
    const collected = 9n * 10_000n + BigInt(rebuys.length) * 10_000n;
    expect([...d.prizes().values()].reduce((s, p) => s + p, 0n)).toBe(collected);
  });

  it('003:S-79 003:R-TOUR-10 000-001:T-68 SE rebuy only with no chips left; up to the max count within the period, none after it', () => {
    const rebuy = { startFeeMinor: 10_000n, feeMinor: 1_000n, chips: 1_500n, periodLevels: 1, countMax: 2, chipsAtMost: 10_000n };
    const d = director({ rebuy }, 9, 1, { ...testRules, rebuy: { onlyWithNoChips: true, autoOffer: false } });
    const e = d.entries.get('e0')!;
    expect(d.mayRebuy('e0')).toBe(false); // chips left
    e.chips = 0n;
    d.rebuy('e0');
    e.pendingChips = 0n;
    d.rebuy('e0');
    e.pendingChips = 0n;
    expect(d.mayRebuy('e0')).toBe(false); // the max count
    e.rebuys = 0;
    d.elapsedMs = 60_000;
    expect(d.mayRebuy('e0')).toBe(false); // after the period
  });

  it('003:S-78 003:R-TOUR-10 SE add-on at the break even with 0 chips while still in; a busted player may not', () => {
    const addOn = { startFeeMinor: 10_000n, feeMinor: 0n, chips: 3_000n, afterLevel: 2 };
    const d = director({ addOn }, 9, 1, { ...testRules, addOn: { priceEqualsStartFee: true, zeroChipsAllowed: true } });
    d.elapsedMs = 125_000;
    d.entries.get('e0')!.chips = 0n;
    expect(d.mayAddOn('e0')).toBe(true);
    d.entries.get('e1')!.active = false;
    expect(d.mayAddOn('e1')).toBe(false);
    d.addOn('e0');
    expect(d.mayAddOn('e0')).toBe(false); // one add-on
  });

  it('000-001:T-61 000-001:T-75 000-001:TIME-06 000-001:BTN-13 000-001:A-30 003:S-66 003:R-TIME-04 003:R-TECH-05 a player who never acts is dealt in, posts blinds and antes when due, folds or checks on time-out, all-in hands play out', () => {
    const d = director({}, 9, 17);
    const away = 'e0';
    const active = randomBot(new SeededRng(18), 40);
    let posted = 0n;
    for (let hands = 0; hands < 400 && d.entries.get(away)!.active && !d.isOver(); hands++) {
      const table = [...d.tables].find(([, seats]) => [...seats.values()].includes(away))![0];
      if (!d.canDeal(table)) break;
      const done = d.playHand(table, (state, legal) =>
        state.players.find((p) => p.seat === legal.seat)!.name === away ? { kind: 'time-out' } : active(state, legal),
      );
      d.elapsedMs += 20_000;
      const mine = done.players.find((p) => p.name === away);
      if (!mine) continue;
      const level = readClock(fastLevels, d.elapsedMs - 20_000).level;
      expect(mine.contributed).toBeLessThanOrEqual(level.bigBlind + level.ante); // never more than the forced bets
      posted += mine.contributed;
    }
    expect(posted).toBeGreaterThan(0n);
  });

  it('000-001:BTN-06 000-001:VAR-HE-04 antes in tournaments: from the level with an ante every player posts it', () => {
    const d = director({}, 9, 3);
    d.elapsedMs = 150_000; // level 3: ante 20
    const done = d.playHand(1, randomBot(new SeededRng(4), 0));
    const antes = done.operations.filter((op) => op.kind === 'ante-posted');
    expect(antes.length).toBe(9);
  });
});
