import { describe, expect, it } from 'vitest';
import { pokerTableProblems } from './definition.ts';
import { jackpotShares } from './jackpot.ts';
import type { PokerRuleProfile, PokerTableDefinition } from './profile.ts';
import { at } from './testing/harness.ts';
import { allInThreeWay, atJackpot, badBeatOrder, jackpotSettings, riggedJackpotTable } from './testing/jackpot.ts';
import { atFixture, fixtureDefinition } from './testing/profiles.ts';

/** Issue 18: the bad-beat jackpot at the table (000-001:JP-01..05, RAKE-08, T-76), pure; the ledger side is store-jackpot.test.ts. */

describe('issue 18: the bad-beat jackpot at the table', () => {
  it('000-001:JP-02 ACC-12 RAKE-08 a raked hand pays the published drop, separate from the rake, borne by the winner', () => {
    const table = riggedJackpotTable('8c Kc Ah 8d Qd As 7h 6s 2c 3d 9h');
    const hand = allInThreeWay(table);
    expect(hand.rakeMinor).toBe(300n); // 5 % of 300.00 capped at 3.00: the rake is unchanged by the drop
    expect(hand.jackpot).toMatchObject({ dropMinor: 125n, badBeat: null });
    const winner = hand.results.find((result) => result.wonMinor > 0n)!;
    expect(hand.jackpot!.dropBySeat).toEqual([{ seat: winner.seat, playerId: winner.playerId, amountMinor: 125n }]);
    expect(hand.stacksAfter.find((entry) => entry.seat === winner.seat)!.stackMinor).toBe(30_000n - 300n - 125n);
    // The table holds what came in less the rake and the drop.
    expect(table.seats().reduce((sum, seat) => sum + seat.stackMinor, 0n)).toBe(30_000n - 300n - 125n);
  });

  it('000-001:JP-02 no rake, no drop: a hand won before the flop pays nothing into the jackpot', () => {
    const table = riggedJackpotTable(badBeatOrder);
    for (const seat of [1, 2, 3])
      table.seatPlayer({ seat, playerId: `p${seat}`, alias: `A${seat}`, stackMinor: 10_000n, waitForBigBlind: false }, at(0));
    table.tick(at(0));
    const steps = [
      table.command('p1', { kind: 'act', action: 'fold' }, at(1)),
      table.command('p2', { kind: 'act', action: 'fold' }, at(2)),
    ];
    const hand = steps.flatMap((step) => step.effects).find((effect) => effect.kind === 'hand-complete');
    expect(hand?.kind === 'hand-complete' && hand.hand.rakeMinor).toBe(0n);
    expect(hand?.kind === 'hand-complete' && hand.hand.jackpot).toBeUndefined();
  });

  it('000-001:JP-03 JP-05 four eights beaten by four aces at the showdown win the jackpot; names the loser, the winner and the rest of the table', () => {
    const hand = allInThreeWay(riggedJackpotTable(badBeatOrder));
    expect(hand.jackpot?.badBeat).toMatchObject({
      loserSeat: 2,
      winnerSeat: 1,
      loserPlayerId: 'p2',
      winnerPlayerId: 'p1',
      otherPlayerIds: ['p3'],
    });
    expect(hand.jackpot!.badBeat!.loserCards.slice(0, 4).sort()).toEqual(['8c', '8d', '8h', '8s']);
  });

  it('000-001:JP-03 JP-05 a full house beaten does not qualify, nor does a table that does not take part', () => {
    // Seat 2 has 8-8 on a board of 8-A-A: a full house, below four eights.
    const weaker = allInThreeWay(riggedJackpotTable('8c Kc Ah 8d Qd As 8h 3s Ac 7d 2c'));
    expect(weaker.jackpot?.badBeat ?? null).toBeNull();
    const notTakingPart = allInThreeWay(riggedJackpotTable(badBeatOrder, { badBeatJackpot: false }));
    expect(notTakingPart.jackpot).toBeUndefined();
  });

  it('000-001:T-76 JP-04 a jackpot of 20,000.00 pays 15,000.00 to the table, 1,000.00 to the rake and leaves 4,000.00 to seed the next', () => {
    const shares = jackpotShares(2_000_000n, jackpotSettings, { loserPlayerId: 'L', winnerPlayerId: 'W', otherPlayerIds: ['O'] });
    expect(shares.payouts).toEqual([
      { playerId: 'L', role: 'loser', amountMinor: 750_000n },
      { playerId: 'W', role: 'winner', amountMinor: 375_000n },
      { playerId: 'O', role: 'table', amountMinor: 375_000n },
    ]);
    expect(shares.payouts.reduce((sum, payout) => sum + payout.amountMinor, 0n)).toBe(1_500_000n);
    expect(shares.rakeMinor).toBe(100_000n);
    expect(shares.keptMinor).toBe(400_000n);
    // Rounding down, the remainders stay in the jackpot (JP-05): 0.03 among three others.
    const odd = jackpotShares(1_001n, jackpotSettings, {
      loserPlayerId: 'L',
      winnerPlayerId: 'W',
      otherPlayerIds: ['A', 'B', 'C'],
    });
    const paid = odd.payouts.reduce((sum, payout) => sum + payout.amountMinor, 0n) + odd.rakeMinor;
    expect(paid + odd.keptMinor).toBe(1_001n);
    expect(odd.payouts.filter((payout) => payout.role === 'table').map((payout) => payout.amountMinor)).toEqual([62n, 62n, 62n]);
  });

  it('000-001:JP-01 only tables of a profile with a jackpot may take part, and only in a currency it publishes a drop in', () => {
    const fields = (profile: PokerRuleProfile, definition: Partial<PokerTableDefinition>) =>
      pokerTableProblems(profile, fixtureDefinition(profile, definition), at(0)).map((problem) => problem.field);
    expect(fields(atFixture, { badBeatJackpot: true })).toContain('badBeatJackpot');
    expect(fields(atJackpot, { badBeatJackpot: true, currency: 'USD' })).toContain('badBeatJackpot');
    expect(fields(atJackpot, { badBeatJackpot: true, currency: 'CZK' })).toEqual([]);
  });
});
