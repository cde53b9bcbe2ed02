import { describe, expect, it } from 'vitest';
import { IllegalAction, InvalidHandOptions } from './illegal-action.ts';
import { pendingDecision } from './legal-actions.ts';
import { attributeRake, rakePerPot } from './rake.ts';
import { reelRakeBounds, tableRuleProfiles, validateRakeRule } from './rules.ts';
import { chooseRunCount } from './steps.ts';
import { deal, operationsOf, play, stackOf, testStakes, testVariant, wonBy } from './testing/fixtures.ts';
import type { HandState, RakeRule } from './types.ts';
import { voidHand } from './void-hand.ts';

const rake = (rateBps: number, capPerHand: bigint | null = null, noFlopNoDrop = true): RakeRule => ({
  rateBps,
  capPerHand,
  noFlopNoDrop,
});
const checkDown = (state: HandState, seats: readonly number[], streets = 3): HandState =>
  play(state, Array.from({ length: streets }, () => seats.map((seat) => `${seat}:x`).join(' ')).join(' '));
const potSummary = (state: HandState) =>
  state.pots.map((pot) => ({ amount: pot.amount, seats: pot.eligible.map((k) => state.players[k]!.seat) }));
const sumOf = (values: readonly bigint[]): bigint => values.reduce((total, value) => total + value, 0n);
const rakeBySeat = (state: HandState) =>
  Object.fromEntries(state.result!.players.filter((p) => p.rake > 0n).map((p) => [p.seat, p.rake]));

describe('side pots', () => {
  // Seats: B button 1, C small blind 2, D big blind 3, A under the gun 4.
  const t24 = (stakesRake: RakeRule, unit: bigint) =>
    play(
      deal({
        button: 1,
        stacks: { 4: 50n * unit, 1: 120n * unit, 2: 300n * unit, 3: 200n * unit },
        stakes: testStakes(unit, 2n * unit, { rake: stakesRake }),
        holes: { 4: 'AsAd', 1: 'KdQc', 2: 'JhJc', 3: '7c2d' },
        boards: ['Ks9h5d3c2s'],
      }),
      '4:a 1:a 2:c 3:f',
    );

  it('000-001:T-24 POT-01 POT-03 POT-05 main pot 152 (A, B, C), side pot 140 (B, C): A wins 152, B wins 140; nets +102, +20, −120, −2', () => {
    const state = t24(rake(0), 1n);
    expect(potSummary(state)).toEqual([
      { amount: 152n, seats: [1, 2, 4] },
      { amount: 140n, seats: [1, 2] },
    ]);
    expect(wonBy(state)).toEqual({ 4: 152n, 1: 140n });
    expect(Object.fromEntries(state.result!.players.map((p) => [p.seat, p.net]))).toEqual({ 1: 20n, 2: -120n, 3: -2n, 4: 102n });
  });

  it('000-001:T-25 RAKE-04 POT-06 the same hand at 5 %: rake 7.60 + 7.00, A receives 144.40 and B 133.00; borne A 2.50, B 6.00, C 6.00, D 0.10', () => {
    const state = t24(rake(500), 100n);
    expect(operationsOf(state, 'rake-taken').map((op) => op.amount)).toEqual([760n, 700n]);
    expect(wonBy(state)).toEqual({ 4: 14_440n, 1: 13_300n });
    expect(rakeBySeat(state)).toEqual({ 4: 250n, 1: 600n, 2: 600n, 3: 10n });
    expect(state.result!.rake).toBe(1460n);
  });

  it('004:T-134 GAM-P-06 three-way all-in with different stacks: each all-in player wins only the pots they paid into', () => {
    const state = play(
      deal({ button: 1, stacks: { 1: 100, 2: 60, 3: 30 }, holes: { 1: 'QsQd', 2: 'KsKd', 3: 'AsAd' }, boards: ['2c3d7h9sJc'] }),
      '1:a 2:a 3:a',
    );
    expect(operationsOf(state, 'bet-returned')).toMatchObject([{ seat: 1, amount: 40n }]);
    expect(potSummary(state)).toEqual([
      { amount: 90n, seats: [1, 2, 3] },
      { amount: 60n, seats: [1, 2] },
    ]);
    expect(wonBy(state)).toEqual({ 3: 90n, 2: 60n });
    expect(stackOf(state, 1)).toBe(40n);
  });

  it('003:#38 R-ALLIN-05 R-ALLIN-02 / 002:PK-POT-03 single side pot: P1 all-in 50, P2 and P3 200 each: main 150, side 300; P1 best wins 150, P2 second wins 300', () => {
    let state = deal({
      button: 1,
      stacks: { 1: 50, 2: 1000, 3: 1000 },
      holes: { 1: 'AsAd', 2: 'KsKd', 3: 'QsQd' },
      boards: ['2c3d7h9sJc'],
    });
    state = checkDown(play(state, '1:a 2:r200 3:c'), [2, 3]);
    expect(potSummary(state)).toEqual([
      { amount: 150n, seats: [1, 2, 3] },
      { amount: 300n, seats: [2, 3] },
    ]);
    expect(wonBy(state)).toEqual({ 1: 150n, 2: 300n });
  });

  it('003:#39 R-ALLIN-04 / 000-001:POT-04 nested: P1 all-in 50, P2 all-in 120, P3 and P4 200 each: pots 200, 210, 160 (570)', () => {
    let state = deal({ button: 1, stacks: { 4: 50, 1: 120, 2: 1000, 3: 1000 } });
    state = checkDown(play(state, '4:a 1:a 2:r200 3:c'), [2, 3]);
    expect(potSummary(state)).toEqual([
      { amount: 200n, seats: [1, 2, 3, 4] },
      { amount: 210n, seats: [1, 2, 3] },
      { amount: 160n, seats: [2, 3] },
    ]);
  });

  it('002:T-POT-02 PK-POT-04 three all-ins at 20, 50 and 80 and a covering caller make three layers', () => {
    const state = play(deal({ button: 1, stacks: { 4: 20, 1: 50, 2: 80, 3: 500 } }), '4:a 1:a 2:a 3:c');
    expect(potSummary(state).map((pot) => pot.amount)).toEqual([80n, 90n, 60n]);
    expect(potSummary(state).map((pot) => pot.seats.length)).toEqual([4, 3, 2]);
  });

  it('003:#41 R-ALLIN-03 after an all-in the others keep betting into the side pot; the all-in player is never asked to act', () => {
    let state = play(deal({ button: 1, stacks: { 1: 50, 2: 1000, 3: 1000 } }), '1:a 2:c 3:c');
    const askedSeats = new Set<number>();
    for (const script of ['2:b20', '3:r60', '2:c', '2:x', '3:x', '2:b10', '3:c']) {
      const decision = pendingDecision(state);
      if (decision.kind === 'action') askedSeats.add(decision.seat);
      state = play(state, script);
    }
    expect(state.phase).toBe('complete');
    expect([...askedSeats].sort()).toEqual([2, 3]);
  });

  it('003:#42 R-ALLIN-06 P3 folds in the side pot on the river: P2 takes it unshown, the main pot goes to showdown between P1 and P2', () => {
    let state = deal({
      button: 1,
      stacks: { 1: 50, 2: 1000, 3: 1000 },
      holes: { 1: 'AsAd', 2: 'KsKd', 3: 'QsQd' },
      boards: ['2c3d7h9sJc'],
    });
    state = play(checkDown(play(state, '1:a 2:r200 3:c'), [2, 3], 2), '2:b100 3:f');
    expect(operationsOf(state, 'bet-returned')).toMatchObject([{ seat: 2, amount: 100n }]);
    expect(
      operationsOf(state, 'hand-shown')
        .map((op) => op.seat)
        .sort(),
    ).toEqual([1, 2]);
    expect(wonBy(state)).toEqual({ 1: 150n, 2: 300n });
  });
});

describe('uncalled bets and uncontested pots', () => {
  it('000-001:T-28 POT-10 / 002:PK-POT-06 / 003:Q-11 river: A bets 300, B calls all-in 100; 200 goes back to A, neither raked nor contested', () => {
    let state = deal({ button: 1, stacks: { 1: 502, 2: 102 }, stakes: testStakes(1n, 2n, { rake: rake(500) }) });
    state = play(state, '1:c 2:x 2:x 1:x 2:x 1:x 2:x 1:b300 2:c');
    expect(operationsOf(state, 'bet-returned')).toMatchObject([{ seat: 1, amount: 200n }]);
    expect(state.result!.potTotal).toBe(204n);
    expect(state.result!.rake).toBe(10n);
  });

  it('003:#40 R-ALLIN-08 P1 (300) moves all-in, P2 (100) calls all-in: the 200 excess goes back to P1', () => {
    const state = play(deal({ button: 1, stacks: { 1: 300, 2: 100 } }), '1:a 2:c');
    expect(operationsOf(state, 'bet-returned')).toMatchObject([{ seat: 1, amount: 200n }]);
    expect(state.result!.potTotal).toBe(200n);
  });

  it('000-001:T-29 POT-09 A bets on the turn and everyone folds: A wins without showing and no hole cards are revealed', () => {
    let state = deal({ button: 1, stacks: { 1: 100, 2: 100, 3: 100 }, stakes: testStakes(1n, 2n, { rake: rake(500) }) });
    state = play(state, '1:c 2:c 3:x 2:x 3:x 1:x 2:b6 3:f 1:f');
    expect(state.phase).toBe('complete');
    expect(operationsOf(state, 'hand-shown')).toEqual([]);
    expect(wonBy(state)).toEqual({ 2: 6n });
    // 000 Art. 7: the flop was dealt, so the uncontested pot is raked.
    expect(state.result!.rake).toBe(0n + (6n * 500n) / 10_000n);
  });

  it('000-001:T-26 RAKE-02 no flop, no drop: A raises to 6 and everyone folds: A collects 9 with no rake; an all-in with the board dealt is raked', () => {
    const stakes = testStakes(100n, 200n, { rake: rake(500) });
    const folded = play(deal({ button: 1, stacks: { 1: 10_000, 2: 10_000, 3: 10_000 }, stakes }), '1:r600 2:f 3:f');
    expect(stackOf(folded, 1)).toBe(10_300n);
    expect(operationsOf(folded, 'bet-returned')).toMatchObject([{ seat: 1, amount: 400n }]);
    expect(folded.result!.rake).toBe(0n);
    const allIn = play(deal({ button: 1, stacks: { 1: 10_000, 2: 10_000 }, stakes }), '1:a 2:c');
    expect(allIn.result!.potTotal).toBe(20_000n);
    expect(allIn.result!.rake).toBe(1000n);
  });
});

describe('rake', () => {
  it('000-001:T-27 RAKE-04 attribution with a folder: pot 40.00 at 5 % = 2.00 borne 1.00 / 0.50 / 0.50 for 20 / 10 / 10 put in', () => {
    expect(attributeRake(200n, [2000n, 1000n, 1000n])).toEqual([100n, 50n, 50n]);
  });

  it('002:T-RAKE-01 T-RAKE-02 T-RAKE-03 RAKE-01 5 % of 30.00 is 1.50; 5 % of 200.00 is capped at 5.00; 1 % of 200.00 is 2.00', () => {
    expect(rakePerPot([3000n], rake(500, 500n), true)).toEqual([150n]);
    expect(rakePerPot([20_000n], rake(500, 500n), true)).toEqual([500n]);
    expect(rakePerPot([20_000n], rake(100, 500n), true)).toEqual([200n]);
    const state = play(
      deal({
        button: 1,
        stacks: { 1: 1500, 2: 1500 },
        stakes: testStakes(50n, 100n, { rake: rake(500, 500n) }),
        holes: { 1: 'AsAd', 2: 'KsKd' },
        boards: ['2c3d7h9sJc'],
      }),
      '1:a 2:c',
    );
    expect(state.result!.rake).toBe(150n);
    expect(wonBy(state)).toEqual({ 1: 2850n });
  });

  it('002:T-RAKE-04 RAKE-01 AMB-RAKE-RATE a rake of 6 % or 0.5 % is an invalid configuration under the 1–5 % licence', () => {
    expect(() => validateRakeRule(rake(600, 500n), reelRakeBounds)).toThrow(InvalidHandOptions);
    expect(() => validateRakeRule(rake(50, 500n), reelRakeBounds)).toThrow(InvalidHandOptions);
    expect(() => validateRakeRule(rake(500, 501n), reelRakeBounds)).toThrow(InvalidHandOptions);
    expect(() => validateRakeRule(rake(500, 500n), reelRakeBounds)).not.toThrow();
  });

  it('002:T-POT-01 AMB-RAKE-SIDEPOT A all-in 50, B and C 100: main 150 (A, B, C), side 100 (B, C); 5 % of 250 capped at 5.00, split 3.00 / 2.00', () => {
    const state = play(
      deal({
        button: 1,
        stacks: { 1: 100_000, 2: 100_000, 3: 5000 },
        stakes: testStakes(500n, 1000n, { rake: rake(500, 500n) }),
        holes: { 3: 'AsAd', 1: 'KsKd', 2: 'QsQd' },
        boards: ['2c3d7h9sJc'],
      }),
      '1:r10000 2:c 3:a',
    );
    const afterFlop = checkDown(state, [2, 1]);
    expect(potSummary(afterFlop)).toEqual([
      { amount: 15_000n, seats: [1, 2, 3] },
      { amount: 10_000n, seats: [1, 2] },
    ]);
    expect(operationsOf(afterFlop, 'rake-taken').map((op) => op.amount)).toEqual([300n, 200n]);
    expect(wonBy(afterFlop)).toEqual({ 3: 14_700n, 1: 9800n });
  });

  it('004:T-140 GAM-PC-02 / 002:PK-CASH-06 / 000-001:RAKE-07 the rake is taken from the pot after the hand, before the win is credited', () => {
    const state = play(
      deal({
        button: 1,
        stacks: { 1: 1000, 2: 1000 },
        stakes: testStakes(5n, 10n, { rake: rake(300) }),
        holes: { 1: 'AsAd', 2: 'KsKd' },
        boards: ['2c3d7h9sJc'],
      }),
      '1:a 2:c',
    );
    expect(state.operations.findIndex((op) => op.kind === 'rake-taken')).toBeLessThan(
      state.operations.findIndex((op) => op.kind === 'pot-awarded'),
    );
    expect(state.operations.findIndex((op) => op.kind === 'rake-taken')).toBeGreaterThan(
      state.operations.findLastIndex((op) => op.kind === 'board-dealt'),
    );
    expect(stackOf(state, 1)).toBe(2000n - 60n);
  });

  it('003:#88 R-RAKE-02 Q-46 (decision) rake is taken per pot when the hand ends; a pre-flop-only hand is raked only where no-flop-no-drop is off', () => {
    const script = '1:r600 2:f 3:c 3:x 1:x 3:x 1:x 3:x 1:x';
    const dropped = play(
      deal({ button: 1, stacks: { 1: 10_000, 2: 10_000, 3: 10_000 }, stakes: testStakes(100n, 200n, { rake: rake(500) }) }),
      '1:r600 2:f 3:f',
    );
    expect(dropped.result!.rake).toBe(0n);
    const literal = play(
      deal({
        button: 1,
        stacks: { 1: 10_000, 2: 10_000, 3: 10_000 },
        stakes: testStakes(100n, 200n, { rake: rake(500, null, false) }),
      }),
      '1:r600 2:f 3:f',
    );
    expect(literal.result!.rake).toBe((500n * 500n) / 10_000n);
    const played = play(
      deal({ button: 1, stacks: { 1: 10_000, 2: 10_000, 3: 10_000 }, stakes: testStakes(100n, 200n, { rake: rake(500) }) }),
      script,
    );
    expect(operationsOf(played, 'rake-taken')).toHaveLength(1);
    expect(played.result!.rake).toBe(65n);
  });
});

describe('rake: who bears it and when', () => {
  it('000-001:RAKE-01 RAKE-03 A-21 the rake comes out of the pot of everyone dealt in, folded players included: a folder bears a share of it', () => {
    let state = deal({
      button: 1,
      stacks: { 1: 10_000, 2: 10_000, 3: 10_000 },
      stakes: testStakes(100n, 200n, { rake: rake(500) }),
      holes: { 1: 'AsAd', 2: 'KsKd' },
      boards: ['2c3d7h9sJc'],
    });
    // Seat 3 calls 2,000 pre-flop and folds to the flop bet: pot 2,000 × 3 + 1,000 (uncalled back).
    state = play(state, '1:r2000 2:c 3:c 2:x 3:x 1:b1000 2:c 3:f 2:x 1:x 2:x 1:x');
    expect(state.result!.potTotal).toBe(8000n);
    expect(state.result!.rake).toBe(400n);
    expect(rakeBySeat(state)).toEqual({ 1: 150n, 2: 150n, 3: 100n });
    expect(wonBy(state)).toEqual({ 1: 7600n });
  });

  it("000-001:RAKE-05 A-20 the rate is the table's, with no cap unless the table sets one; every pot is raked at that rate, rounded down, and the rake is booked per player by what they put in; a pre-flop-only pot is not raked", () => {
    // 3.33 %: main pot 152 → 5.06 → 5, side pot 140 → 4.66 → 4.
    const t24 = play(
      deal({
        button: 1,
        stacks: { 4: 50, 1: 120, 2: 300, 3: 200 },
        stakes: testStakes(1n, 2n, { rake: rake(333) }),
        holes: { 4: 'AsAd', 1: 'KdQc', 2: 'JhJc', 3: '7c2d' },
        boards: ['Ks9h5d3c2s'],
      }),
      '4:a 1:a 2:c 3:f',
    );
    expect(operationsOf(t24, 'rake-taken').map((op) => op.amount)).toEqual([5n, 4n]);
    expect(sumOf(Object.values(rakeBySeat(t24)))).toBe(9n);
    // No cap configured: 7 % of a 20,000 pot is all taken.
    const uncapped = play(
      deal({ button: 1, stacks: { 1: 10_000, 2: 10_000 }, stakes: testStakes(100n, 200n, { rake: rake(700) }) }),
      '1:a 2:c',
    );
    expect(uncapped.result!.rake).toBe(1400n);
    const preflopOnly = play(
      deal({ button: 1, stacks: { 1: 10_000, 2: 10_000 }, stakes: testStakes(100n, 200n, { rake: rake(700) }) }),
      '1:r600 2:f',
    );
    expect(preflopOnly.result!.rake).toBe(0n);
  });

  it('002:RAKE-02 the rake is kept whatever the result: from a split pot and from a pot won without a showdown after the flop', () => {
    const stakes = testStakes(100n, 200n, { rake: rake(500, 500n) });
    const split = play(
      deal({ button: 1, stacks: { 1: 3000, 2: 3000 }, stakes, holes: { 1: '2c3d', 2: '2d3h' }, boards: ['AsKdQcJhTs'] }),
      '1:a 2:c',
    );
    expect(split.result!.rake).toBe(300n);
    expect(wonBy(split)).toEqual({ 1: 2850n, 2: 2850n });
    const uncontested = play(deal({ button: 1, stacks: { 1: 3000, 2: 3000 }, stakes }), '1:c 2:x 2:b400 1:f');
    expect(uncontested.result!.rake).toBe(20n);
    expect(wonBy(uncontested)).toEqual({ 2: 380n });
  });
});

describe('running the board more than once (001 §8)', () => {
  const rules = tableRuleProfiles['at-001'];
  const twoRuns = (stacks: Record<number, number>) =>
    deal({ button: 1, stacks, rules, holes: { 1: 'AsAd', 2: 'KsKd' }, boards: ['2c3d7h9sJc', 'Kh4c5d8sTc', 'Qh4d6c8hTd'] });

  it('000-001:T-31 RIT-04 all-in pre-flop, pot 200, both agree to two runs: run 1 to A (100), run 2 to B (100)', () => {
    let state = play(twoRuns({ 1: 100, 2: 100 }), '1:a 2:c');
    expect(state.phase).toBe('run-count-selection');
    state = play(state, '1:run2 2:run2');
    expect(state.boards.map((board) => board.length)).toEqual([5, 5]);
    expect(operationsOf(state, 'pot-awarded').map((op) => [op.run, op.seat, op.amount])).toEqual([
      [0, 1, 100n],
      [1, 2, 100n],
    ]);
  });

  it('000-001:T-31 RIT-03 three runs with a pot of 300: 100 per run; a player who declines means one run-out', () => {
    const three = play(twoRuns({ 1: 150, 2: 150 }), '1:a 2:c 1:run3 2:run3');
    expect(operationsOf(three, 'pot-awarded').map((op) => op.amount)).toEqual([100n, 100n, 100n]);
    const declined = play(twoRuns({ 1: 100, 2: 100 }), '1:a 2:c 1:run1 2:run4');
    expect(declined.boards).toHaveLength(1);
    expect(wonBy(declined)).toEqual({ 1: 200n });
  });

  it('000-001:T-31 A-19 A-35 an odd pot of 201 over two runs: the first run-out gets the odd chip', () => {
    let state = deal({
      button: 1,
      stacks: { 1: 100, 2: 100, 3: 100 },
      rules,
      holes: { 1: 'AsAd', 3: 'KsKd' },
      boards: ['2c3d7h9sJc', 'Kh4c5d8sTc'],
    });
    state = play(state, '1:a 2:f 3:c 1:run2 3:run2');
    expect(operationsOf(state, 'pot-awarded').map((op) => [op.run, op.seat, op.amount])).toEqual([
      [0, 1, 101n],
      [1, 3, 100n],
    ]);
  });

  it("000-001:RIT-01 RIT-05 VAR-HE-12 VAR-OM-06 running the board again is a table offer, off unless the table makes it: in Hold'em, Omaha and 5 Card Omaha, with two to nine players", () => {
    for (const game of ['holdem', 'omaha', 'five-card-omaha'] as const) {
      const variant = testVariant(game, 'no-limit');
      expect(play(deal({ variant, rules, button: 1, stacks: { 1: 100, 2: 100 } }), '1:a 2:c').phase).toBe('run-count-selection');
      expect(play(deal({ variant, button: 1, stacks: { 1: 100, 2: 100 } }), '1:a 2:c').phase).toBe('complete');
    }
    const nine = { 1: 100, 2: 100, 3: 100, 4: 100, 5: 100, 6: 100, 7: 100, 8: 100, 9: 100 };
    let state = play(deal({ rules, button: 1, stacks: nine }), '4:a 5:c 6:c 7:c 8:c 9:c 1:c 2:c 3:c');
    expect(pendingDecision(state)).toEqual({ kind: 'run-count', seats: [1, 2, 3, 4, 5, 6, 7, 8, 9] });
    state = play(state, [1, 2, 3, 4, 5, 6, 7, 8, 9].map((seat) => `${seat}:run2`).join(' '));
    expect(state.boards.map((board) => board.length)).toEqual([5, 5]);
    expect(state.phase).toBe('complete');
  });

  it('000-001:RIT-02 VAR-OHL-11 not offered in Omaha Hi/Lo, nor while a player can still bet, nor on tables without the feature', () => {
    const hiLo = play(
      deal({ variant: testVariant('omaha-hi-lo', 'no-limit'), rules, button: 1, stacks: { 1: 100, 2: 100 } }),
      '1:a 2:c',
    );
    expect(hiLo.phase).toBe('complete');
    expect(hiLo.boards).toHaveLength(1);
    const holdem = play(deal({ rules, button: 1, stacks: { 1: 100, 2: 100 } }), '1:a 2:c');
    expect(holdem.phase).toBe('run-count-selection');
    const noFeature = play(deal({ button: 1, stacks: { 1: 100, 2: 100 } }), '1:a 2:c');
    expect(noFeature.phase).toBe('complete');
    const notAllIn = play(deal({ button: 1, stacks: { 1: 100, 2: 100 }, rules }), '1:c 2:x');
    expect(() => chooseRunCount(notAllIn, 1, 2)).toThrow(IllegalAction);
  });
});

describe('voided hands', () => {
  it("003:#86 Q-32 / 000-001:T-62 FAIL-01 A-29 a crash mid-hand returns every chip put in, the folded player's too, and takes no rake", () => {
    let state = deal({ button: 1, stacks: { 1: 500, 2: 500, 3: 500 }, stakes: testStakes(5n, 10n, { rake: rake(500) }) });
    state = play(state, '1:r60 2:f 3:c');
    const voided = voidHand(state).state;
    expect(operationsOf(voided, 'hand-voided')[0]!.refunds).toEqual([
      { seat: 1, amount: 60n },
      { seat: 2, amount: 5n },
      { seat: 3, amount: 60n },
    ]);
    expect(voided.result).toMatchObject({ voided: true, rake: 0n });
    expect([1, 2, 3].map((seat) => stackOf(voided, seat))).toEqual([500n, 500n, 500n]);
  });
});
