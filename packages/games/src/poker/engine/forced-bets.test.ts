import { describe, expect, it } from 'vitest';
import { allIn, verifyRaise } from './actions.ts';
import { IllegalAction } from './illegal-action.ts';
import { legalActions, pendingDecision } from './legal-actions.ts';
import { deal, operationsOf, play, testStakes, testVariant, wonBy } from './testing/fixtures.ts';

/**
 * Antes, big-blind antes, short blinds and the fixed-limit all-in rule (000-001:BTN-04..06, A-05,
 * A-38; 002:PK-GEN-04; 004:GAM-P-02).
 */

function reason(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (error instanceof IllegalAction) return error.reason;
    throw error;
  }
  return 'accepted';
}

describe('antes', () => {
  it('000-001:BTN-06 / 004:GAM-P-02 / 002:PK-GEN-04 every player antes before the cards; the ante does not count toward a call', () => {
    const state = deal({
      button: 1,
      stacks: { 1: 100, 2: 100, 3: 100 },
      stakes: testStakes(1n, 2n, { ante: 1n, anteMode: 'every-player' }),
    });
    const posts = state.operations
      .filter((op) => op.kind === 'ante-posted' || op.kind === 'blind-posted')
      .map((op) => [op.kind, op.seat]);
    expect(posts).toEqual([
      ['ante-posted', 1],
      ['ante-posted', 2],
      ['ante-posted', 3],
      ['blind-posted', 2],
      ['blind-posted', 3],
    ]);
    expect(state.operations.findIndex((op) => op.kind === 'hole-dealt')).toBeGreaterThan(4);
    expect(legalActions(state)!.call).toBe(2n);
  });

  it('000-001:A-38 (decision D-804) antes are in the pot a pot-limit raise is measured against: 1/2 with antes of 1, the button may raise to 10', () => {
    const state = deal({
      variant: testVariant('holdem', 'pot-limit'),
      button: 1,
      stacks: { 1: 100, 2: 100, 3: 100 },
      stakes: testStakes(1n, 2n, { ante: 1n, anteMode: 'every-player' }),
    });
    // Pot 6 (antes 3, blinds 3); call 2, then raise the pot of 8: to 10.
    expect(legalActions(state)!.raise!.max).toBe(10n);
  });

  it('000-001:BET-17 a player who cannot cover the ante posts what they have and is all-in for it: they can win only the antes', () => {
    const state = play(
      deal({
        button: 1,
        stacks: { 1: 100, 2: 100, 3: 1 },
        stakes: testStakes(1n, 2n, { ante: 2n, anteMode: 'every-player' }),
        holes: { 3: 'AsAd', 1: 'KsKd', 2: 'QsQd' },
        boards: ['2c3d7h9sJc'],
      }),
      '1:c 2:c 2:x 1:x 2:x 1:x 2:x 1:x',
    );
    expect(state.pots.map((pot) => pot.amount)).toEqual([3n, 6n]);
    expect(wonBy(state)).toEqual({ 3: 3n, 1: 6n });
  });

  it('(decision D-804) a big-blind ante is posted by the big blind alone, after the blind, and counts like any ante in the pot', () => {
    const state = deal({
      button: 1,
      stacks: { 1: 100, 2: 100, 3: 100 },
      stakes: testStakes(1n, 2n, { ante: 2n, anteMode: 'big-blind' }),
    });
    expect(
      state.operations.filter((op) => op.kind === 'ante-posted' || op.kind === 'blind-posted').map((op) => [op.kind, op.seat]),
    ).toEqual([
      ['blind-posted', 2],
      ['blind-posted', 3],
      ['ante-posted', 3],
    ]);
    expect(state.players.find((p) => p.seat === 3)).toMatchObject({ bet: 2n, contributed: 4n, dead: 2n });
    expect(legalActions(state)!.call).toBe(2n);
  });

  it('(decision D-804, D-805) a big blind short for blind and ante posts the blind first; the ante is dead money: it wins the main pot but no more from each player than the blind', () => {
    let state = deal({
      button: 1,
      stacks: { 1: 1000, 2: 1000, 3: 3 },
      stakes: testStakes(1n, 2n, { ante: 2n, anteMode: 'big-blind' }),
      holes: { 3: 'AsAd', 1: 'KsKd', 2: 'QsQd' },
      boards: ['2c3d7h9sJc'],
    });
    expect(operationsOf(state, 'ante-posted')).toMatchObject([{ seat: 3, amount: 1n, allIn: true }]);
    state = play(state, '1:r100 2:c 2:x 1:x 2:x 1:x 2:x 1:x');
    // Main pot: 2 live from each of three players plus the 1 dead ante; the rest is a side pot.
    expect(state.pots.map((pot) => pot.amount)).toEqual([7n, 196n]);
    expect(wonBy(state)).toEqual({ 3: 7n, 1: 196n });
  });
});

describe('short blinds', () => {
  it('000-001:BET-17 a big blind all-in for less than the small blind: when everyone else folds, the small blind has nothing to decide and takes back what was not called', () => {
    let state = deal({
      button: 1,
      stacks: { 1: 100, 2: 100, 3: 1 },
      stakes: testStakes(5n, 10n),
      holes: { 2: 'AsAd', 3: 'KsKd' },
      boards: ['2c3d7h9sJc'],
    });
    expect(legalActions(state)!.call).toBe(10n);
    state = play(state, '1:f');
    expect(pendingDecision(state)).toEqual({ kind: 'complete' });
    expect(operationsOf(state, 'bet-returned')).toMatchObject([{ seat: 2, amount: 4n }]);
    expect(wonBy(state)).toEqual({ 2: 2n });
  });

  it('000-001:BTN-05 BET-17 the other players still call the full big blind when it was posted short', () => {
    const state = deal({
      button: 1,
      stacks: { 1: 100, 2: 100, 3: 100, 4: 7 },
      stakes: testStakes(5n, 10n),
      blinds: { smallBlindSeat: 2, bigBlindSeat: 4 },
    });
    expect(operationsOf(state, 'blind-posted').at(-1)).toMatchObject({ seat: 4, live: 7n, allIn: true });
    expect(legalActions(state)!.call).toBe(10n);
  });
});

describe('fixed limit: all-in raises (000-001:A-05, decision D-803)', () => {
  const fl = testVariant('holdem', 'fixed-limit');
  // FL 5/10: bets of 10 before the turn. Seats: button 1, SB 2, BB 3, seat 4 to act first.
  const flop = (stacks: Record<number, number>) =>
    play(deal({ variant: fl, button: 1, stacks, stakes: testStakes(5n, 10n) }), '4:c 1:c 2:c 3:x');

  it('000-001:A-05 an all-in raise of at least half a bet is a full raise: the bettor may raise again, a whole bet above it', () => {
    let state = flop({ 1: 500, 2: 500, 3: 25, 4: 500 });
    state = play(state, '2:b10');
    state = allIn(state, 3).state;
    expect(operationsOf(state, 'action').at(-1)).toMatchObject({ seat: 3, action: 'raise', betAfter: 15n, allIn: true });
    expect(legalActions(state)!.raise).toEqual({ min: 25n, max: 25n });
    state = play(state, '4:c 1:c');
    expect(legalActions(state)!.seat).toBe(2);
    expect(reason(() => verifyRaise(state, 2, 25n))).toBe('accepted');
  });

  it('000-001:A-05 an all-in raise of less than half a bet reopens nothing: the bettor may only call; a player yet to act may complete it to a full raise', () => {
    let state = flop({ 1: 500, 2: 500, 3: 24, 4: 500 });
    state = play(state, '2:b10');
    state = allIn(state, 3).state;
    expect(operationsOf(state, 'action').at(-1)).toMatchObject({ seat: 3, action: 'raise', betAfter: 14n, allIn: true });
    expect(legalActions(state)!.raise).toEqual({ min: 20n, max: 20n });
    state = play(state, '4:c 1:c');
    expect(legalActions(state)!.seat).toBe(2);
    expect(legalActions(state)!.raise).toBeNull();
    expect(reason(() => verifyRaise(state, 2, 20n))).toBe('betting-not-reopened');
  });

  it('000-001:A-05 BET-11 / 003:Q-10 a half-bet all-in counts toward the cap of four bets', () => {
    // Seat 1 has 35 behind on the flop: all-in over a raise to 30 is half a bet, the fourth bet.
    const capped = play(flop({ 1: 45, 2: 500, 3: 500, 4: 500 }), '2:b10 3:r20 4:r30');
    const afterAllIn = allIn(capped, 1).state;
    expect(operationsOf(afterAllIn, 'action').at(-1)).toMatchObject({ seat: 1, betAfter: 35n, allIn: true });
    expect(legalActions(afterAllIn)!.raise).toBeNull();
    expect(reason(() => verifyRaise(afterAllIn, 2, 45n))).toBe('raise-cap-reached');
  });
});
