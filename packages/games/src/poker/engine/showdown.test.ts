import { describe, expect, it } from 'vitest';
import { IllegalAction } from './illegal-action.ts';
import { pendingDecision } from './legal-actions.ts';
import { defaultTableRules } from './rules.ts';
import { muckHand, showHand, verifyMuckHand } from './steps.ts';
import { deal, operationsOf, play, testStakes, testVariant, wonBy } from './testing/fixtures.ts';
import { allAutomations, type HandState } from './types.ts';

/**
 * Showdown order, showing and mucking, and how pots are split: ties, odd chips, Omaha Hi/Lo halves
 * and quarters (000-001 §4.3–4.5, 002 §4.11–4.12, 003 §4.7, 004 §4.11).
 */

// No limit, so a hand can go all-in at once; the split rules do not depend on the structure.
const o8 = testVariant('omaha-hi-lo', 'no-limit');
const checkRound = (seats: readonly number[]): string => seats.map((seat) => `${seat}:x`).join(' ');
const shownSeats = (state: HandState): number[] => operationsOf(state, 'hand-shown').map((op) => op.seat);

describe('showdown order', () => {
  // Button 1, SB 2, BB 3; everyone sees the river.
  const toRiver = (holes: Record<number, string> = {}) =>
    play(
      deal({ button: 1, stacks: { 1: 500, 2: 500, 3: 500 }, holes, boards: ['2c7d9hJsKc'] }),
      `1:c 2:c 3:x ${checkRound([2, 3, 1])} ${checkRound([2, 3, 1])}`,
    );

  it('000-001:T-32 SHOW-02 river: A bets, B raises, A calls: B, the last aggressor, shows first', () => {
    const state = play(toRiver(), '2:b10 3:r30 1:f 2:c');
    expect(shownSeats(state)).toEqual([3, 2]);
  });

  it('000-001:T-32 SHOW-02 SHOW-01 / 004:GAM-PT-05 / 002:T-SHOW-01 river checked around: the first player left of the button shows first, then clockwise; every hand is shown', () => {
    const state = play(toRiver(), checkRound([2, 3, 1]));
    expect(shownSeats(state)).toEqual([2, 3, 1]);
  });

  it('002:PK-SHOW-03 a river bet that is called: the bettor shows first even when seated after the caller', () => {
    const state = play(toRiver(), '2:x 3:b20 1:c 2:f');
    expect(shownSeats(state)).toEqual([3, 1]);
  });
});

describe('showdown or no showdown', () => {
  it('002:PK-GEN-01 PK-SHOW-01 PK-SHOW-02 / 004:GAM-P-05 / 000-001:SHOW-03 SHOW-04 / 003:R-SD-02 when the last bet is called every hand still in is shown, one after another, and the best takes the pot less rake; a bet nobody calls wins the whole pot unshown', () => {
    const stakes = testStakes(1n, 2n, { rake: { rateBps: 500, capPerHand: null, noFlopNoDrop: true } });
    const table = {
      button: 1,
      stacks: { 1: 500, 2: 500, 3: 500 },
      stakes,
      holes: { 1: 'AsAd', 2: 'KsKd', 3: 'QsQd' },
      boards: ['2c7d9hJs4c'],
    };
    const shown = play(deal(table), `1:c 2:c 3:x ${checkRound([2, 3, 1])} ${checkRound([2, 3, 1])} 2:b20 3:c 1:c`);
    const showing = operationsOf(shown, 'hand-shown');
    expect(showing.map((op) => [op.seat, op.cards.length])).toEqual([
      [2, 2],
      [3, 2],
      [1, 2],
    ]);
    // Shown before the pot is paid, and the pot is paid less its rake: 66 − 3.
    const firstAward = shown.operations.findIndex((op) => op.kind === 'pot-awarded');
    expect(shown.operations.findLastIndex((op) => op.kind === 'hand-shown')).toBeLessThan(firstAward);
    expect(shown.result).toMatchObject({ potTotal: 66n, rake: 3n });
    expect(wonBy(shown)).toEqual({ 1: 63n });
    const unshown = play(deal(table), `1:c 2:c 3:x ${checkRound([2, 3, 1])} 2:b20 3:f 1:f`);
    expect(operationsOf(unshown, 'hand-shown')).toEqual([]);
    expect(operationsOf(unshown, 'bet-returned')).toMatchObject([{ seat: 2, amount: 20n }]);
    expect(unshown.result).toMatchObject({ potTotal: 6n, rake: 0n });
    expect(wonBy(unshown)).toEqual({ 2: 6n });
  });
});

describe('showing and mucking (table setting, decision D-812)', () => {
  const muckTable = { ...defaultTableRules, muckAllowed: true };
  const manualShowing = allAutomations.filter((step) => step !== 'hand-showing');
  const setUp = (automations = allAutomations) =>
    play(
      deal({
        button: 1,
        stacks: { 1: 500, 2: 500, 3: 100 },
        rules: muckTable,
        automations,
        holes: { 1: '2d3d', 2: 'AsAh', 3: 'KsKh' },
        boards: ['2c7d9hJs4c'],
      }),
      `1:c 2:c 3:x ${checkRound([2, 3, 1])} ${checkRound([2, 3, 1])} 2:x 3:x 1:b20 2:c 3:f`,
    );

  it('000-001:A-23 / 004:AMB-38 the first hand shown may not be mucked; a later beaten hand may be, and the automation mucks it', () => {
    const manual = setUp(manualShowing);
    expect(pendingDecision(manual)).toEqual({ kind: 'show-or-muck', seat: 1, mayMuck: false });
    expect(() => verifyMuckHand(manual, 1)).toThrow(IllegalAction);
    const afterFirst = showHand(manual, 1).state;
    expect(pendingDecision(afterFirst)).toEqual({ kind: 'show-or-muck', seat: 2, mayMuck: true });
    const automatic = setUp();
    expect(shownSeats(automatic)).toEqual([1, 2]);
    expect(wonBy(automatic)).toEqual({ 2: 46n });
  });

  it('000-001:A-23 a player who mucks gives up the pot, even holding the better hand', () => {
    const manual = setUp(manualShowing);
    const mucked = muckHand(showHand(manual, 1).state, 2).state;
    expect(operationsOf(mucked, 'hand-mucked').map((op) => op.seat)).toEqual([2]);
    expect(wonBy(mucked)).toEqual({ 1: 46n });
  });

  it('000-001:A-23 SHOW-05 where mucking is not allowed (000, 003) every hand still in is shown, and the automation shows losers too', () => {
    const state = play(
      deal({ button: 1, stacks: { 1: 500, 2: 500, 3: 500 }, holes: { 1: '2d3d', 2: 'AsAh', 3: 'KsKh' }, boards: ['2c7d9hJs4c'] }),
      `1:c 2:c 3:x ${checkRound([2, 3, 1])} ${checkRound([2, 3, 1])} ${checkRound([2, 3, 1])}`,
    );
    expect(shownSeats(state)).toEqual([2, 3, 1]);
    expect(() =>
      verifyMuckHand(play(deal({ button: 1, stacks: { 1: 100, 2: 100 }, automations: manualShowing }), '1:a 2:c'), 2),
    ).toThrow(IllegalAction);
  });

  it("003:R-ALLIN-09 / 000-001:A-23 an all-in player's hand is always shown, even at a table that allows mucking", () => {
    const state = play(
      deal({
        button: 1,
        stacks: { 1: 500, 2: 100 },
        rules: muckTable,
        automations: manualShowing,
        holes: { 1: 'AsAh', 2: '7c2d' },
        boards: ['Kc9h5d3s2c'],
      }),
      '1:r100 2:c',
    );
    const first = pendingDecision(state);
    expect(first.kind).toBe('show-or-muck');
    const afterFirst = showHand(state, (first as { seat: number }).seat).state;
    expect(pendingDecision(afterFirst)).toMatchObject({ kind: 'show-or-muck', seat: 2, mayMuck: false });
  });
});

describe('split pots and odd chips (decision D-811)', () => {
  it('000-001:T-30 A-19 broadway on the board, three players play it: pot 10.00 splits 3.34 / 3.33 / 3.33, the odd cent to the first seat left of the button', () => {
    const state = play(
      deal({
        button: 1,
        stacks: { 1: 1000, 2: 1000, 3: 1000, 4: 1000 },
        stakes: testStakes(50n, 100n),
        holes: { 1: '2c3d', 2: '2d3h', 3: '2h3s', 4: '4c4d' },
        boards: ['AsKdQcJhTs'],
      }),
      `4:c 1:r300 2:c 3:c 4:f ${checkRound([2, 3, 1])} ${checkRound([2, 3, 1])} ${checkRound([2, 3, 1])}`,
    );
    expect(state.result!.potTotal).toBe(1000n);
    expect(wonBy(state)).toEqual({ 2: 334n, 3: 333n, 1: 333n });
  });

  it('003:#43 #44 R-SPLIT-01 two equal best hands: 200 splits 100 / 100; 101 gives 51 to the first winner left of the button', () => {
    const even = play(
      deal({ button: 1, stacks: { 1: 100, 2: 100 }, holes: { 1: '2c3d', 2: '2d3h' }, boards: ['AsKdQcJhTs'] }),
      '1:a 2:c',
    );
    expect(wonBy(even)).toEqual({ 1: 100n, 2: 100n });
    const odd = play(
      deal({ button: 1, stacks: { 1: 50, 2: 50, 3: 50 }, holes: { 1: '2c3d', 3: '2d3h' }, boards: ['AsKdQcJhTs'] }),
      '1:a 2:f 3:c',
    );
    expect(odd.result!.potTotal).toBe(101n);
    expect(wonBy(odd)).toEqual({ 3: 51n, 1: 50n });
  });

  it('000-001:POT-07 POT-08 HAND-04 / 002:PK-POT-05 / 003:R-RANK-03 R-SPLIT-03 Q-7 equal best hands share the pot less rake in equal whole chips, the odd chip to the first winner left of the button; between hands of one kind the higher card wins', () => {
    const state = play(
      deal({
        button: 1,
        stacks: { 1: 500, 2: 500, 3: 500, 4: 500 },
        stakes: testStakes(1n, 2n, { rake: { rateBps: 400, capPerHand: null, noFlopNoDrop: false } }),
        holes: { 1: 'AsKd', 3: 'AhKs', 4: 'KhQc' },
        boards: ['Kc9h7d4s2c'],
      }),
      '4:a 1:a 2:f 3:a',
    );
    // 1,501 in the pot, 60 rake (4 % of 1,501 = 60.04, rounded down), 1,441 to share.
    expect(state.result).toMatchObject({ potTotal: 1501n, rake: 60n });
    // Kings with an ace beat kings with a queen; the two A-K hands split, seat 3 nearer the button's left.
    expect(wonBy(state)).toEqual({ 3: 721n, 1: 720n });
  });

  it('004:T-135 GAM-PT-05 identical straights split equally; suits are equal', () => {
    const state = play(
      deal({ button: 1, stacks: { 1: 100, 2: 100 }, holes: { 1: '2c3c', 2: '2d3d' }, boards: ['5h6s7c8d9h'] }),
      '1:a 2:c',
    );
    expect(wonBy(state)).toEqual({ 1: 100n, 2: 100n });
  });
});

describe('Omaha Hi/Lo pots', () => {
  const board = '2s5d8cKhQs';

  it('000-001:T-44 VAR-OHL-07 one player holds the best high and the best low: 100 % of the pot', () => {
    const state = play(
      deal({ variant: o8, button: 1, stacks: { 1: 50, 2: 50 }, holes: { 1: 'AdKsKc3c', 2: 'Ah4s9d9c' }, boards: [board] }),
      '1:a 2:c',
    );
    expect(wonBy(state)).toEqual({ 1: 100n });
  });

  it('000-001:T-45 VAR-OHL-04 high to one, low to the other: 100.00 splits 50.00 / 50.00; 100.01 gives the odd cent to the high half', () => {
    const holes = { 1: 'KsKcJdJh', 3: 'Ah3d9c9d' };
    const even = play(deal({ variant: o8, button: 1, stacks: { 1: 50, 3: 50 }, holes, boards: [board] }), '1:a 3:c');
    expect(wonBy(even)).toEqual({ 1: 50n, 3: 50n });
    const odd = play(deal({ variant: o8, button: 1, stacks: { 1: 50, 2: 50, 3: 50 }, holes, boards: [board] }), '1:a 2:f 3:c');
    expect(odd.result!.potTotal).toBe(101n);
    expect(wonBy(odd)).toEqual({ 1: 51n, 3: 50n });
  });

  it('000-001:T-46 quartering: pot 120.00, P1 wins the high and ties the low: 90.00 / 30.00', () => {
    const state = play(
      deal({ variant: o8, button: 1, stacks: { 1: 60, 2: 60 }, holes: { 1: 'Ac3dKd9c', 2: 'Ah3sQdQc' }, boards: ['2s5d8cKhKs'] }),
      '1:a 2:c',
    );
    expect(wonBy(state)).toEqual({ 1: 90n, 2: 30n });
    expect(operationsOf(state, 'pot-awarded').map((op) => [op.seat, op.half, op.amount])).toEqual([
      [1, 'high', 60n],
      [2, 'low', 30n],
      [1, 'low', 30n],
    ]);
  });

  it('003:#47 quartering: pot 200, P1 best high and low 8-6-4-2-A, P2 the same low: 150 / 50', () => {
    const state = play(
      deal({
        variant: o8,
        button: 1,
        stacks: { 1: 100, 2: 100 },
        holes: { 1: 'As8cKc9h', 2: 'Ah8dQcJc' },
        boards: ['2c4d6hKsKd'],
      }),
      '1:a 2:c',
    );
    expect(wonBy(state)).toEqual({ 1: 150n, 2: 50n });
  });

  it('004:T-138 GAM-PHL-04 / 002:T-O8-02 O8-04 one high winner and two tied lows: 50 / 25 / 25', () => {
    const state = play(
      deal({
        variant: o8,
        button: 1,
        stacks: { 1: 33, 2: 100, 3: 33, 4: 33 },
        holes: { 4: 'KdQcJsTc', 1: 'Ac3d9s9d', 3: 'Ah3sTdJd' },
        boards: ['2s5d8cKhKs'],
      }),
      '4:a 1:a 2:f 3:c',
    );
    expect(state.result!.potTotal).toBe(100n);
    expect(wonBy(state)).toEqual({ 4: 50n, 1: 25n, 3: 25n });
  });

  it('004:T-138 / 000-001:T-47 VAR-OHL-06 no qualifying low: the best high takes the whole pot', () => {
    const state = play(
      deal({ variant: o8, button: 1, stacks: { 1: 50, 2: 50 }, holes: { 1: 'AdKsKc3c', 2: 'Ah4s9d9h' }, boards: ['KhQs9c5d2s'] }),
      '1:a 2:c',
    );
    expect(wonBy(state)).toEqual({ 1: 100n });
    expect(operationsOf(state, 'pot-awarded')).toMatchObject([{ seat: 1, half: 'high', amount: 100n }]);
  });

  it("003:R-O8-13 each pot is halved on its own: the short all-in wins the main pot's low half only; the side pot has no low and goes whole to the high", () => {
    const state = play(
      deal({
        variant: o8,
        button: 1,
        stacks: { 1: 20, 2: 100, 3: 100 },
        holes: { 1: 'Ac3dQdJs', 2: 'KdQcJhTc', 3: '9s9dTdTh' },
        boards: ['2s5d8cKhKs'],
      }),
      '1:a 2:a 3:c',
    );
    expect(state.pots.map((pot) => pot.amount)).toEqual([60n, 160n]);
    expect(wonBy(state)).toEqual({ 1: 30n, 2: 190n });
  });
});

describe('the other variants through the engine', () => {
  it("004:GAM-P6-01 GAM-P6-02 Six Plus Hold'em deals from the 36-card deck, and at the showdown a flush beats a full house", () => {
    const sixPlus = testVariant('six-plus-holdem', 'no-limit');
    expect(sixPlus.deck).toHaveLength(36);
    const state = play(
      deal({ variant: sixPlus, button: 1, stacks: { 1: 100, 2: 100 }, holes: { 1: 'AhKh', 2: 'QsQd' }, boards: ['QhQc9h7s6h'] }),
      '1:a 2:c',
    );
    expect(operationsOf(state, 'hand-shown').map((op) => op.high[0])).toEqual(
      expect.arrayContaining(['flush, ace-king-queen-nine-six', 'four of a kind, queens, nine kicker']),
    );
    const fullHouse = play(
      deal({ variant: sixPlus, button: 1, stacks: { 1: 100, 2: 100 }, holes: { 1: 'AhKh', 2: 'Qs9d' }, boards: ['QhQc9h7s6h'] }),
      '1:a 2:c',
    );
    expect(wonBy(fullHouse)).toEqual({ 1: 200n });
  });

  it('000-001:VAR-OM5-01 5 Card Omaha deals five hole cards to each player and still plays exactly two of them', () => {
    const fiveCard = testVariant('five-card-omaha', 'no-limit');
    const state = play(
      deal({
        variant: fiveCard,
        button: 1,
        stacks: { 1: 100, 2: 100 },
        holes: { 1: 'AsKsQsJsTs', 2: '2c2d7h8d9c' },
        boards: ['2s3s4d5h9d'],
      }),
      '1:a 2:c',
    );
    expect(state.players.map((player) => player.hole.length)).toEqual([5, 5]);
    // Seat 1 has a royal flush in hand but only A-K spades play: A-K high. Seat 2's trips win.
    expect(wonBy(state)).toEqual({ 2: 200n });
  });
});
