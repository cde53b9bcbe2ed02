import { describe, expect, it } from 'vitest';
import {
  allIn,
  bet,
  canAllIn,
  canCheck,
  canRaise,
  check,
  fold,
  raise,
  timeOut,
  verifyAllIn,
  verifyBet,
  verifyCheck,
  verifyRaise,
} from './actions.ts';
import { IllegalAction, InvalidHandOptions } from './illegal-action.ts';
import { legalActions, pendingDecision } from './legal-actions.ts';
import { tableRuleProfiles } from './rules.ts';
import { startHand } from './start-hand.ts';
import { formatHandHistoryText } from './history-text.ts';
import { deal, operationsOf, play, stackOf, testHandOptions, testStakes, testVariant, wonBy } from './testing/fixtures.ts';
import type { HandState } from './types.ts';

const nl = testVariant('holdem', 'no-limit');
const pl = testVariant('holdem', 'pot-limit');
const fl = testVariant('holdem', 'fixed-limit');

function reason(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (error instanceof IllegalAction) return error.reason;
    throw error;
  }
  return 'accepted';
}

function actor(state: HandState): number {
  const decision = pendingDecision(state);
  if (decision.kind !== 'action') throw new Error(`no actor: ${decision.kind}`);
  return decision.seat;
}

const six = { 1: 1000, 2: 1000, 3: 1000, 4: 1000, 5: 1000, 6: 1000 };
const lastAction = (state: HandState) => operationsOf(state, 'action').at(-1);

describe('positions and order of action', () => {
  it('003:#22 R-TH-02 six-handed, button seat 1: blinds 2 and 3, seat 4 opens pre-flop, seat 2 after the flop, the button last', () => {
    let state = deal({ button: 1, stacks: six });
    expect(operationsOf(state, 'blind-posted').map((op) => [op.seat, op.blind])).toEqual([
      [2, 'small'],
      [3, 'big'],
    ]);
    expect(actor(state)).toBe(4);
    state = play(state, '4:c 5:c 6:c 1:c 2:c 3:x');
    expect(actor(state)).toBe(2);
    state = play(state, '2:x 3:x 4:x 5:x 6:x');
    expect(actor(state)).toBe(1);
    // Seat 2 folded: the first live seat after the button opens the turn.
    state = play(state, '1:b10 2:f 3:c 4:c 5:c 6:c');
    expect(actor(state)).toBe(3);
  });

  it('000-001:T-07 button movement shares the opening order: hand N button S1 opens S4 then S2; hand N+1 button S2 opens S5', () => {
    const next = deal({ button: 2, stacks: six });
    expect(operationsOf(next, 'blind-posted').map((op) => op.seat)).toEqual([3, 4]);
    expect(actor(next)).toBe(5);
  });

  it('003:#25 three-handed, button seat 1: the button opens pre-flop, seat 2 after the flop', () => {
    let state = deal({ button: 1, stacks: { 1: 100, 2: 100, 3: 100 } });
    expect(actor(state)).toBe(1);
    state = play(state, '1:c 2:c 3:x');
    expect(actor(state)).toBe(2);
  });

  it('000-001:A-08 heads-up by convention: the button posts the small blind, acts first pre-flop and last after the flop', () => {
    let state = deal({ button: 1, stacks: { 1: 100, 2: 100 } });
    expect(operationsOf(state, 'blind-posted').map((op) => [op.seat, op.blind])).toEqual([
      [1, 'small'],
      [2, 'big'],
    ]);
    expect(actor(state)).toBe(1);
    state = play(state, '1:c 2:x');
    expect(actor(state)).toBe(2);
  });

  it('003:#24 R-TH-06 Q-20 heads-up, literal reading (table setting): the non-button posts the small blind and acts first on every street', () => {
    const rules = { ...tableRuleProfiles['se-003'], headsUpBlinds: 'literal-left-of-button' as const };
    let state = deal({ button: 1, stacks: { 1: 100, 2: 100 }, rules });
    expect(operationsOf(state, 'blind-posted').map((op) => [op.seat, op.blind])).toEqual([
      [2, 'small'],
      [1, 'big'],
    ]);
    expect(actor(state)).toBe(2);
    state = play(state, '2:c 1:x');
    expect(actor(state)).toBe(2);
  });

  it('003:#28 R-CARD-06 Q-12 dealing order: one card per circuit from the seat after the button, then the flop from the next cards (no burn)', () => {
    const deck = nl.deck.slice().reverse();
    const state = startHand({ ...testHandOptions({ button: 1, stacks: { 1: 100, 2: 100, 3: 100, 4: 100 } }), deck }).state;
    const hole = (seat: number) => state.players.find((p) => p.seat === seat)!.hole;
    expect(hole(2)).toEqual([deck[0], deck[4]]);
    expect(hole(3)).toEqual([deck[1], deck[5]]);
    expect(hole(4)).toEqual([deck[2], deck[6]]);
    expect(hole(1)).toEqual([deck[3], deck[7]]);
    const flopped = play(state, '4:c 1:c 2:c 3:x');
    expect(flopped.boards[0]).toEqual(deck.slice(8, 11));
  });
});

describe('straddle', () => {
  const straddleRules = { ...tableRuleProfiles['at-001'], straddleAllowed: true };

  it('000-001:T-22 BTN-07 a straddle of 4 by UTG at 1/2: the first pre-flop action goes to UTG+1 and the straddler acts last', () => {
    let state = deal({
      button: 1,
      stacks: six,
      rules: straddleRules,
      stakes: testStakes(1n, 2n, { straddle: 4n }),
      blinds: { straddleSeat: 4 },
    });
    expect(actor(state)).toBe(5);
    // Decision: the straddle is the opening bet, so the minimum raise is to twice it.
    expect(legalActions(state)!.raise!.min).toBe(8n);
    state = play(state, '5:c 6:c 1:c 2:c 3:c');
    expect(actor(state)).toBe(4);
    expect(legalActions(state)!.check).toBe(true);
  });

  it('003:#23 R-TH-02 B "Ö" table, BB 10: seat 4 straddles 20, seat 5 opens, seat 4 last; a straddle on a non-Ö table is rejected', () => {
    const stakes = testStakes(5n, 10n, { straddle: 20n });
    const options = testHandOptions({ button: 1, stacks: six, stakes, rules: straddleRules, blinds: { straddleSeat: 4 } });
    expect(actor(startHand(options).state)).toBe(5);
    expect(() => startHand({ ...options, rules: tableRuleProfiles['se-003'] })).toThrow(InvalidHandOptions);
  });

  it("003:#26 Omaha and Omaha Hi-Lo order as Hold'em; no straddle option, so a straddle is rejected", () => {
    for (const variant of [testVariant('omaha', 'pot-limit'), testVariant('omaha-hi-lo', 'pot-limit')]) {
      const state = deal({ variant, button: 1, stacks: six, rules: tableRuleProfiles['se-003'] });
      expect(actor(state)).toBe(4);
      expect(() =>
        deal({ variant, button: 1, stacks: six, rules: tableRuleProfiles['se-003'], blinds: { straddleSeat: 4 } }),
      ).toThrow(InvalidHandOptions);
    }
  });
});

describe('no limit and pot limit minimums and maximums', () => {
  it('000-001:T-20 BET-16 NL 1.00/2.00: bet 1.99 rejected, 2.00 accepted; raise over 10 at least to 20; over a raise to 35, at least to 60; pre-flop at least to 4', () => {
    let state = deal({ button: 1, stacks: { 1: 100_00, 2: 100_00, 3: 100_00, 4: 100_00 }, stakes: testStakes(100n, 200n) });
    expect(legalActions(state)!.raise!.min).toBe(400n);
    state = play(state, '4:c 1:c 2:c 3:x');
    expect(reason(() => verifyBet(state, 2, 199n))).toBe('amount-below-minimum');
    expect(reason(() => verifyBet(state, 2, 200n))).toBe('accepted');
    state = bet(state, 2, 1000n).state;
    expect(reason(() => verifyRaise(state, 3, 1999n))).toBe('amount-below-minimum');
    expect(legalActions(state)!.raise!.min).toBe(2000n);
    state = raise(state, 3, 3500n).state;
    expect(legalActions(state)!.raise!.min).toBe(6000n);
  });

  it('000-001:T-20 BET-17 a bet below the big blind is accepted when it is all-in', () => {
    let state = deal({ button: 1, stacks: { 1: 1000, 2: 350 }, stakes: testStakes(100n, 200n) });
    state = play(state, '1:c 2:x');
    expect(legalActions(state)!.bet).toEqual({ min: 150n, max: 150n });
    expect(reason(() => verifyBet(state, 2, 150n))).toBe('accepted');
  });

  it('004:T-130 GAM-P-03 NL: A raises to 50, B to 150, so C may raise to at least 250', () => {
    const state = play(deal({ button: 1, stacks: six, stakes: testStakes(5n, 10n) }), '4:r50 5:r150');
    expect(legalActions(state)!.raise!.min).toBe(250n);
    expect(reason(() => verifyRaise(state, 6, 249n))).toBe('amount-below-minimum');
  });

  it('004:T-131 GAM-PT-05 / 002:T-BET-01 PK-STR-02 pre-flop, BB 1.00: a call is 1.00 and the minimum raise is to 2.00', () => {
    const legal = legalActions(deal({ button: 1, stacks: six, stakes: testStakes(50n, 100n) }))!;
    expect(legal.call).toBe(100n);
    expect(legal.raise!.min).toBe(200n);
  });

  it('002:T-BET-02 AMB-NL-MINRAISE blinds 1/2, A raises to 10: B may re-raise to 18 (last-increment rule, decision)', () => {
    expect(legalActions(play(deal({ button: 1, stacks: six }), '4:r10'))!.raise!.min).toBe(18n);
  });

  it('003:#32 R-NL-02 BB 10: the flop opened with 30 needs a raise to at least 60; after a raise to 150, at least 270', () => {
    let state = play(deal({ button: 1, stacks: six, stakes: testStakes(5n, 10n) }), '4:c 5:c 6:c 1:c 2:c 3:x');
    state = bet(state, 2, 30n).state;
    expect(legalActions(state)!.raise!.min).toBe(60n);
    state = raise(state, 3, 150n).state;
    expect(legalActions(state)!.raise!.min).toBe(270n);
  });

  it('003:#33 R-NL-02 BB 10: opening the flop with 5 is rejected unless all-in', () => {
    const state = play(deal({ button: 1, stacks: { 1: 100, 2: 100, 3: 100 }, stakes: testStakes(5n, 10n) }), '1:c 2:c 3:x');
    expect(reason(() => verifyBet(state, 2, 5n))).toBe('amount-below-minimum');
  });

  it('000-001:T-19 BET-14 PL 1/2: UTG may raise to 7; after a raise to 7 the next may raise to 24; post-flop pot 30: bet ≤ 30, then raise ≤ 120', () => {
    let state = deal({ variant: pl, button: 1, stacks: { 1: 500, 2: 500, 3: 500, 4: 500, 5: 500 } });
    expect(legalActions(state)!.raise!.max).toBe(7n);
    expect(legalActions(raise(state, 4, 7n).state)!.raise!.max).toBe(24n);
    state = play(state, '4:r6 5:c 1:c 2:c 3:c');
    expect(legalActions(state)!.bet!.max).toBe(30n);
    state = bet(state, 2, 30n).state;
    expect(legalActions(state)!.raise!.max).toBe(120n);
    expect(reason(() => verifyRaise(state, 3, 121n))).toBe('amount-above-maximum');
  });

  it('004:T-133 AMB-35 PL: pot 100 facing a bet of 20, the maximum raise is to 160 (call 20, then raise the pot of 140)', () => {
    let state = deal({ variant: pl, button: 1, stacks: { 1: 500, 2: 500, 3: 500, 4: 500, 5: 500 }, stakes: testStakes(5n, 10n) });
    state = play(state, '4:r20 5:c 1:c 2:c 3:c 2:b20');
    expect(legalActions(state)!.raise!.max).toBe(160n);
  });

  it('002:T-BET-04 PK-STR-04 PL 0.50/1: the first to act may raise to 3.50; post-flop pot 10 facing a bet of 5, to 25', () => {
    const state = deal({ variant: pl, button: 1, stacks: { 1: 10_000, 2: 10_000, 3: 10_000 }, stakes: testStakes(50n, 100n) });
    expect(legalActions(state)!.raise!.max).toBe(350n);
    const heads = play(
      deal({ variant: pl, button: 1, stacks: { 1: 10_000, 2: 10_000 }, stakes: testStakes(50n, 100n) }),
      '1:r300 2:r500 1:c',
    );
    const flop = bet(heads, 2, 500n).state;
    expect(legalActions(flop)!.raise!.max).toBe(2500n);
  });

  it('003:#34 R-PL-01 Q-22 PL pot 100 at the flop: the maximum opening is 100; after a bet of 100 the maximum raise is to 400 (pot after the call, decision)', () => {
    let state = play(deal({ variant: pl, button: 1, stacks: { 1: 1000, 2: 1000 }, stakes: testStakes(25n, 50n) }), '1:c 2:x');
    expect(legalActions(state)!.bet!.max).toBe(100n);
    state = bet(state, 2, 100n).state;
    expect(legalActions(state)!.raise!.max).toBe(400n);
  });
});

describe('incomplete all-in raises', () => {
  it('000-001:T-21 A-07 / 003:R-BS-02 Q-10 / 002:PK-STR-06 A bets 10, B all-in for 15: A, who already acted, may only call or fold; C, who had not acted, may raise', () => {
    let state = play(deal({ button: 1, stacks: { 1: 100, 2: 100, 3: 17 } }), '1:c 2:c 3:x 2:b10');
    state = allIn(state, 3).state;
    expect(operationsOf(state, 'action').at(-1)).toMatchObject({ seat: 3, action: 'raise', betAfter: 15n, allIn: true });
    expect(legalActions(state)!.raise!.min).toBe(25n);
    state = play(state, '1:c');
    const legal = legalActions(state)!;
    expect(legal.seat).toBe(2);
    expect(legal.raise).toBeNull();
    expect(legal.call).toBe(5n);
    expect(reason(() => verifyRaise(state, 2, 40n))).toBe('betting-not-reopened');
  });

  it('000-001:A-07 short all-ins that together make a full raise reopen the betting', () => {
    let state = play(deal({ button: 1, stacks: { 1: 100, 2: 100, 3: 16, 4: 22 } }), '4:c 1:c 2:c 3:x 2:b10');
    state = play(state, '3:a 4:a');
    state = play(state, '1:c');
    expect(legalActions(state)!.seat).toBe(2);
    expect(legalActions(state)!.raise!.min).toBe(30n);
  });
});

describe('betting actions and rounds', () => {
  it('000-001:BET-08 BET-05 BET-06 BET-07 / 003:R-BET-01 R-BET-03 R-BET-04 R-BET-05 / 004:GAM-PT-03 / 002:PK-STR-01 pre-flop call, raise or fold; after the flop check or bet until someone bets, then call, raise or fold; a call matches the highest total, a raise goes beyond it by at least the big blind', () => {
    let state = deal({ button: 1, stacks: { 1: 100, 2: 100, 3: 100 } });
    // Pre-flop the big blind is the opening bet: no check and no bet, only call, raise or fold.
    expect(legalActions(state)).toMatchObject({
      seat: 1,
      fold: true,
      check: false,
      call: 2n,
      bet: null,
      raise: { min: 4n, max: 100n },
    });
    expect(reason(() => verifyCheck(state, 1))).toBe('check-facing-bet');
    expect(reason(() => verifyBet(state, 1, 4n))).toBe('bet-already-made');
    // A raise to 3 goes beyond the call by less than the big blind.
    expect(reason(() => verifyRaise(state, 1, 3n))).toBe('amount-below-minimum');
    state = raise(state, 1, 6n).state;
    expect(lastAction(state)).toMatchObject({ seat: 1, action: 'raise', added: 6n, betAfter: 6n });
    // The raise is what went beyond the call (4), so the next raise must add at least 4 again.
    expect(legalActions(state)!.raise!.min).toBe(10n);
    state = play(state, '2:c');
    expect(lastAction(state)).toMatchObject({ seat: 2, action: 'call', added: 5n, betAfter: 6n });
    state = play(state, '3:c');
    expect(lastAction(state)).toMatchObject({ seat: 3, action: 'call', added: 4n, betAfter: 6n });
    expect(state.street).toBe(1);
    // After the flop, while nobody has bet: check or bet (the opening), at least the big blind.
    expect(legalActions(state)).toMatchObject({ seat: 2, check: true, call: null, bet: { min: 2n, max: 94n }, raise: null });
    expect(reason(() => verifyRaise(state, 2, 4n))).toBe('no-bet-to-raise');
    state = play(state, '2:x');
    state = bet(state, 3, 2n).state;
    expect(lastAction(state)).toMatchObject({ seat: 3, action: 'bet', added: 2n, betAfter: 2n });
    // Once someone has bet: call, raise or fold; another bet is refused.
    expect(legalActions(state)).toMatchObject({ seat: 1, check: false, call: 2n, bet: null, raise: { min: 4n, max: 94n } });
    expect(reason(() => verifyBet(state, 1, 4n))).toBe('bet-already-made');
    expect(reason(() => verifyRaise(state, 1, 3n))).toBe('amount-below-minimum');
    expect(reason(() => verifyRaise(state, 1, 4n))).toBe('accepted');
    state = fold(state, 1).state;
    expect(lastAction(state)).toMatchObject({ seat: 1, action: 'fold', added: 0n });
  });

  it('000-001:BET-01 BET-02 BET-03 / 003:R-TBL-06 R-BET-06 R-BET-07 R-BET-08 Q-24 / 002:PK-GEN-06 PK-GEN-07 / 004:GAM-P-04 a hand is a series of betting rounds: each goes clockwise and ends when everyone still in has acted and put in the same, or one player remains; a folded player is never asked again', () => {
    let state = deal({
      button: 1,
      stacks: { 1: 200, 2: 200, 3: 200, 4: 200 },
      holes: { 3: 'AsAd', 4: 'KsKd' },
      boards: ['2c3d7h9sJc'],
    });
    // `play` refuses a move out of turn, so each script is also the clockwise order of action.
    state = play(state, '4:c 1:r8 2:f 3:c');
    // Seat 4 has 2 in against 8: the round goes on clockwise to them.
    expect([state.street, actor(state)]).toEqual([0, 4]);
    state = play(state, '4:c');
    // Everyone still in has put in 8 and nobody raised: the flop, opened by seat 3 (seat 2 folded).
    expect([state.street, actor(state)]).toEqual([1, 3]);
    state = play(state, '3:x 4:x 1:x');
    expect([state.street, actor(state)]).toEqual([2, 3]);
    // A bet called by everyone closes the round without anyone checking after it ("last bid pass").
    state = play(state, '3:b10 4:c 1:c');
    expect([state.street, actor(state)]).toEqual([3, 3]);
    state = play(state, '3:b20 4:r60 1:f');
    expect([state.street, actor(state)]).toEqual([3, 3]);
    state = play(state, '3:c');
    expect(state.phase).toBe('complete');
    expect(operationsOf(state, 'board-dealt').map((op) => op.street)).toEqual([1, 2, 3]);
    expect(operationsOf(state, 'action').filter((op) => op.seat === 2)).toHaveLength(1);
    // 8 from three players and the small blind's 1, 30 on the turn, 120 on the river.
    expect(wonBy(state)).toEqual({ 3: 25n + 30n + 120n });
    // One player left: the hand ends at once, without further rounds.
    const alone = play(deal({ button: 1, stacks: { 1: 200, 2: 200, 3: 200, 4: 200 } }), '4:r6 1:f 2:f 3:f');
    expect(alone.phase).toBe('complete');
    expect(alone.boards[0]).toEqual([]);
    // The blinds and the called part of the raise; the 4 nobody called went back first.
    expect(wonBy(alone)).toEqual({ 4: 5n });
    // An all-in player is excepted: the others close the round once they have matched each other.
    const withAllIn = play(deal({ button: 1, stacks: { 1: 200, 2: 200, 3: 200, 4: 30 } }), '4:a 1:r100 2:f 3:c');
    expect(withAllIn.street).toBe(1);
    expect(operationsOf(withAllIn, 'bets-collected')).toMatchObject([{ street: 0, amount: 231n }]);
  });

  it("000-001:BET-10 / 002:PK-GEN-02 HE-07 Hold'em is dealt in no limit, pot limit and fixed limit, the table saying which; a mixed game changes the structure from one hand to the next", () => {
    const stacks = { 1: 100, 2: 100, 3: 100 };
    const offers = [nl, pl, fl].map((variant) => {
      const state = deal({ variant, button: 1, stacks });
      return [state.config.variant.id, legalActions(state)!.raise];
    });
    expect(offers).toEqual([
      ['holdem/no-limit', { min: 4n, max: 100n }],
      ['holdem/pot-limit', { min: 4n, max: 7n }],
      ['holdem/fixed-limit', { min: 4n, max: 4n }],
    ]);
    // Mixed: the next hand at the same table is fixed limit, played from where the last one ended.
    const first = play(
      deal({ variant: nl, button: 1, stacks, holes: { 1: 'AsAd', 3: '8c4d' }, boards: ['2c3d7h9sJc'] }),
      '1:r10 2:f 3:c',
    );
    const after = play(first, '3:x 1:x 3:x 1:x 3:x 1:x');
    const next = deal({ variant: fl, button: 2, stacks: { 1: stackOf(after, 1), 2: stackOf(after, 2), 3: stackOf(after, 3) } });
    expect(next.players.map((player) => player.startingStack)).toEqual([111n, 99n, 90n]);
    expect(legalActions(next)!.raise).toEqual({ min: 4n, max: 4n });
  });

  it('000-001:BET-13 / 003:R-PL-02 R-PL-03 R-PL-04 pot limit: the opening is at least the big blind and at most the pot; the first raise at least the opening, later ones at least the previous raise; raises are unlimited', () => {
    let state = play(deal({ variant: pl, button: 1, stacks: { 1: 1_000_000, 2: 1_000_000, 3: 1_000_000 } }), '1:c 2:c 3:x');
    expect(legalActions(state)!.bet).toEqual({ min: 2n, max: 6n });
    expect(reason(() => verifyBet(state, 2, 1n))).toBe('amount-below-minimum');
    expect(reason(() => verifyBet(state, 2, 7n))).toBe('amount-above-maximum');
    state = bet(state, 2, 6n).state;
    expect(legalActions(state)!.raise!.min).toBe(12n);
    expect(reason(() => verifyRaise(state, 3, 11n))).toBe('amount-below-minimum');
    state = raise(state, 3, 24n).state;
    // The raise was 18 beyond the call: the next one adds at least 18.
    expect(legalActions(state)!.raise!.min).toBe(42n);
    for (let raises = 2; raises <= 8; raises++) state = raise(state, actor(state), legalActions(state)!.raise!.max).state;
    expect(operationsOf(state, 'action').filter((op) => op.action === 'raise')).toHaveLength(8);
    expect(legalActions(state)!.raise).not.toBeNull();
  });

  it('000-001:BET-15 / 002:PK-STR-05 / 003:R-NL-03 no limit: a bet or raise may go up to every chip in front of the player and no further, and raises are unlimited', () => {
    let state = deal({ button: 1, stacks: { 1: 100_000, 2: 50_000 } });
    expect(legalActions(state)!.raise).toEqual({ min: 4n, max: 100_000n });
    for (let raises = 1; raises <= 11; raises++) state = raise(state, actor(state), legalActions(state)!.raise!.min).state;
    expect(operationsOf(state, 'action').filter((op) => op.action === 'raise')).toHaveLength(11);
    // Seat 2 can put in only their own 50,000.
    const legal = legalActions(state)!;
    expect(legal.raise!.max).toBe(50_000n);
    expect(legal.allIn).toBe(50_000n);
    expect(reason(() => verifyRaise(state, legal.seat, 50_001n))).toBe('insufficient-chips');
  });

  it('003:R-ALLIN-07 in no limit and pot limit a player may bet or raise all their chips; in pot limit only while the pot allows it', () => {
    let state = play(deal({ button: 1, stacks: { 1: 100, 2: 300 } }), '1:c 2:x');
    state = allIn(state, 2).state;
    expect(lastAction(state)).toMatchObject({ seat: 2, action: 'bet', betAfter: 298n, allIn: true });
    state = allIn(state, 1).state;
    expect(lastAction(state)).toMatchObject({ seat: 1, action: 'call', betAfter: 98n, allIn: true });
    const raised = allIn(deal({ button: 1, stacks: { 1: 100, 2: 300 } }), 1).state;
    expect(lastAction(raised)).toMatchObject({ seat: 1, action: 'raise', betAfter: 100n, allIn: true });
    // Pot limit 1/2, three-handed: the button may raise to at most 7.
    const withinPot = deal({ variant: pl, button: 1, stacks: { 1: 7, 2: 100, 3: 100 } });
    expect(legalActions(withinPot)!.allIn).toBe(7n);
    expect(lastAction(allIn(withinPot, 1).state)).toMatchObject({ seat: 1, action: 'raise', betAfter: 7n, allIn: true });
    const abovePot = deal({ variant: pl, button: 1, stacks: { 1: 8, 2: 100, 3: 100 } });
    expect(legalActions(abovePot)).toMatchObject({ raise: { min: 4n, max: 7n }, allIn: null });
    expect(reason(() => verifyAllIn(abovePot, 1))).toBe('amount-above-maximum');
  });

  it('000-001:BET-09 a bet below what is already bet is accepted only all-in: a short call puts the player all-in, a raise short of the minimum is only the whole stack', () => {
    let state = play(deal({ button: 1, stacks: { 1: 200, 2: 200, 3: 15 } }), '1:r10 2:f');
    // Seat 3 has 15 in all: a raise to 18 is out of reach, so the only raise is all-in to 15.
    expect(legalActions(state)).toMatchObject({ seat: 3, raise: { min: 15n, max: 15n }, allIn: 15n });
    expect(reason(() => verifyRaise(state, 3, 14n))).toBe('amount-below-minimum');
    state = raise(state, 3, 15n).state;
    expect(lastAction(state)).toMatchObject({ seat: 3, action: 'raise', betAfter: 15n, allIn: true });
    const short = play(deal({ button: 1, stacks: { 1: 200, 2: 200, 3: 7 } }), '1:r10 2:f');
    expect(legalActions(short)).toMatchObject({ seat: 3, call: 5n, raise: null, allIn: 7n });
    expect(lastAction(play(short, '3:c'))).toMatchObject({ seat: 3, action: 'call', betAfter: 7n, allIn: true });
  });

  it('000-001:A-54 after the flop the first player clockwise from the button who has neither folded nor gone all-in opens', () => {
    let state = deal({ button: 1, stacks: { 1: 200, 2: 20, 3: 200, 4: 200 } });
    state = play(state, '4:c 1:c 2:a 3:f 4:c 1:c');
    expect(state.street).toBe(1);
    expect(actor(state)).toBe(4);
  });

  it('000-001:BTN-01 BTN-04 / 002:HE-02 / 004:GAM-PT-02 / 003:R-BET-09 the button marks the dealer; the small blind left of it and the big blind (twice it) next, with the antes, are posted before any card is dealt, and the blinds are live', () => {
    let state = deal({
      button: 3,
      stacks: { 1: 200, 2: 200, 3: 200, 4: 200, 5: 200, 6: 200 },
      stakes: testStakes(1n, 2n, { ante: 1n, anteMode: 'every-player' }),
    });
    expect(state.config.buttonSeat).toBe(3);
    expect(formatHandHistoryText(state)).toContain('Seat #3 is the button');
    expect(operationsOf(state, 'blind-posted').map((op) => [op.seat, op.blind, op.live])).toEqual([
      [4, 'small', 1n],
      [5, 'big', 2n],
    ]);
    const firstCard = state.operations.findIndex((op) => op.kind === 'hole-dealt');
    const lastPost = state.operations.findLastIndex((op) => op.kind === 'blind-posted' || op.kind === 'ante-posted');
    expect(operationsOf(state, 'ante-posted')).toHaveLength(6);
    expect(lastPost).toBeLessThan(firstCard);
    expect(state.players.every((player) => player.hole.length === 2)).toBe(true);
    // Live blinds: the small blind completes with 1 and the big blind may check.
    state = play(state, '6:c 1:c 2:c 3:c 4:c');
    expect(lastAction(state)).toMatchObject({ seat: 4, action: 'call', added: 1n });
    expect(legalActions(state)).toMatchObject({ seat: 5, check: true });
  });

  it('003:R-OM-02 Omaha: small blind after the dealer, big blind next, four hole cards, the third seat after the dealer opens, then the first remaining seat after the dealer on every later round; no straddle', () => {
    const variant = testVariant('omaha', 'pot-limit');
    const rules = tableRuleProfiles['se-003'];
    let state = deal({ variant, rules, button: 1, stacks: six });
    expect(operationsOf(state, 'blind-posted').map((op) => [op.seat, op.blind])).toEqual([
      [2, 'small'],
      [3, 'big'],
    ]);
    expect(state.players.every((player) => player.hole.length === 4)).toBe(true);
    expect(actor(state)).toBe(4);
    state = play(state, '4:c 5:c 6:c 1:c 2:f 3:x');
    for (const street of [1, 2, 3]) {
      expect([state.street, actor(state)]).toEqual([street, 3]);
      state = play(state, '3:x 4:x 5:x 6:x 1:x');
    }
    expect(state.phase).toBe('complete');
    expect(() => deal({ variant, rules, button: 1, stacks: six, blinds: { straddleSeat: 4 } })).toThrow(InvalidHandOptions);
  });

  it('003:R-TH-07 Q-23 Q-44 the straddle is the pre-flop opening: the minimum raise is to twice it, the pot-limit pot counts it, the straddler may check its option; a limp opens nothing; no straddle at fixed limit', () => {
    const rules = { ...tableRuleProfiles['at-001'], straddleAllowed: true };
    const stakes = testStakes(1n, 2n, { straddle: 4n });
    const table = { button: 1, stacks: six, rules, stakes, blinds: { straddleSeat: 4 } };
    expect(legalActions(deal(table))).toMatchObject({ seat: 5, call: 4n, raise: { min: 8n, max: 1000n } });
    // Pot limit: 4 to call, then the pot of 1 + 2 + 4 + 4 → at most to 15.
    expect(legalActions(deal({ ...table, variant: pl }))).toMatchObject({ seat: 5, raise: { min: 8n, max: 15n } });
    const option = play(deal(table), '5:c 6:c 1:c 2:c 3:c');
    expect(legalActions(option)).toMatchObject({ seat: 4, check: true, raise: { min: 8n } });
    // Without a straddle, limpers do not open: the minimum raise stays a big blind above the big blind.
    expect(legalActions(play(deal({ button: 1, stacks: six }), '4:c 5:c'))!.raise!.min).toBe(4n);
    expect(() => deal({ ...table, variant: fl })).toThrow(InvalidHandOptions);
  });

  it('003:R-FL-03 Q-25 a player all-in from an earlier round does not count as active: two able to bet when the round starts make it uncapped on 003 tables', () => {
    let state = deal({
      variant: fl,
      button: 1,
      stacks: { 1: 10, 2: 5000, 3: 5000 },
      stakes: testStakes(5n, 10n),
      rules: tableRuleProfiles['se-003'],
    });
    state = play(state, '1:c 2:c 3:x');
    expect(state.players.find((player) => player.seat === 1)!.status).toBe('all-in');
    state = play(state, '2:b10 3:r20 2:r30 3:r40 2:r50 3:r60');
    expect(reason(() => verifyRaise(state, 2, 70n))).toBe('accepted');
  });
});

describe('a raise nobody can answer (decision D-1601)', () => {
  // UTG is all-in for 4 at 1/2; the small blind's chips reach exactly 4 and the big blind's 3.
  const shortTable = { 1: 1000, 2: 4, 3: 3, 4: 4 };

  it('000-001:BET-07 a raise is not offered when every opponent is all-in or cannot put in more than the current bet: the offer is a call', () => {
    for (const variant of [nl, pl, fl]) {
      let state = allIn(deal({ variant, button: 1, stacks: shortTable }), 4).state;
      expect(operationsOf(state, 'action').at(-1)).toMatchObject({ seat: 4, action: 'raise', betAfter: 4n, allIn: true });
      const legal = legalActions(state)!;
      expect(legal.seat).toBe(1);
      expect(legal).toMatchObject({ fold: true, check: false, call: 4n, bet: null, raise: null, allIn: null });
      expect(reason(() => verifyRaise(state, 1, 8n))).toBe('no-opponent-can-respond');
      expect(canRaise(state, 1, 8n)).toBe(false);
      // All-in would be a raise of chips nobody can call: refused for the same reason.
      expect(reason(() => verifyAllIn(state, 1))).toBe('no-opponent-can-respond');
      state = play(state, '1:c');
      expect(stackOf(state, 1)).toBe(996n);
    }
  });

  it('000-001:BET-07 POT-02 / 003:R-ALLIN-01 / 002:PK-POT-02 an all-in that only calls stays legal as a call, for the whole bet or for less; a short call makes a main pot and a side pot', () => {
    let state = play(allIn(deal({ button: 1, stacks: shortTable }), 4).state, '1:c');
    // The small blind's all-in reaches the bet exactly: a call that puts them all-in.
    expect(legalActions(state)).toMatchObject({ seat: 2, raise: null, allIn: 4n, call: 3n });
    expect(canAllIn(state, 2)).toBe(true);
    state = allIn(state, 2).state;
    expect(operationsOf(state, 'action').at(-1)).toMatchObject({ seat: 2, action: 'call', added: 3n, betAfter: 4n, allIn: true });
    // The big blind wants to call 4 with 3: all-in for less is a call.
    expect(legalActions(state)).toMatchObject({ seat: 3, raise: null, allIn: 3n, call: 1n });
    state = allIn(state, 3).state;
    expect(operationsOf(state, 'action').at(-1)).toMatchObject({ seat: 3, action: 'call', added: 1n, betAfter: 3n, allIn: true });
    expect(state.phase).toBe('complete');
    expect(state.pots.map((pot) => [pot.amount, pot.eligible.map((k) => state.players[k]!.seat)])).toEqual([
      [12n, [1, 2, 3, 4]],
      [3n, [1, 2, 4]],
    ]);
  });

  it('000-001:BET-07 one opponent with a single chip beyond the current bet could answer: the raise is offered', () => {
    const state = allIn(deal({ button: 1, stacks: { ...shortTable, 2: 5 } }), 4).state;
    expect(legalActions(state)).toMatchObject({ seat: 1, call: 4n, raise: { min: 6n, max: 1000n }, allIn: 1000n });
    expect(reason(() => verifyRaise(state, 1, 6n))).toBe('accepted');
  });
});

describe('fixed limit', () => {
  it('000-001:T-16 BET-11 / 003:R-FL-01 Q-9 FL 5/10: pre-flop and flop bets and raises are 10, turn and river 20; a flop bet of 15 is rejected', () => {
    let state = deal({ variant: fl, button: 1, stacks: { 1: 500, 2: 500, 3: 500 }, stakes: testStakes(5n, 10n) });
    expect(legalActions(state)!.raise).toEqual({ min: 20n, max: 20n });
    state = play(state, '1:c 2:c 3:x');
    expect(legalActions(state)!.bet).toEqual({ min: 10n, max: 10n });
    expect(reason(() => verifyBet(state, 2, 15n))).toBe('amount-not-fixed-limit-size');
    state = play(state, '2:b10 3:r20 1:c 2:c');
    expect(legalActions(state)!.bet).toEqual({ min: 20n, max: 20n });
    state = play(state, '2:x 3:x 1:x');
    expect(legalActions(state)!.bet).toEqual({ min: 20n, max: 20n });
  });

  it('000-001:T-13 BTN-05 live blinds FL 5/10: everyone limps, the SB completes with 5 and the BB may check or raise', () => {
    let state = deal({ variant: fl, button: 1, stacks: { 1: 500, 2: 500, 3: 500, 4: 500 }, stakes: testStakes(5n, 10n) });
    state = play(state, '4:c 1:c 2:c');
    expect(operationsOf(state, 'action').at(-1)).toMatchObject({ seat: 2, action: 'call', added: 5n });
    const legal = legalActions(state)!;
    expect(legal.seat).toBe(3);
    expect(legal.check).toBe(true);
    expect(legal.raise).toEqual({ min: 20n, max: 20n });
    expect(play(state, '3:x').street).toBe(1);
  });

  it('000-001:T-17 FL cap on the turn: A bets 20, B raises to 40, C to 60, A to 80; B and C may only call or fold', () => {
    let state = play(
      deal({ variant: fl, button: 1, stacks: { 1: 500, 2: 500, 3: 500 }, stakes: testStakes(5n, 10n) }),
      '1:c 2:c 3:x 2:x 3:x 1:x',
    );
    state = play(state, '2:b20 3:r40 1:r60 2:r80');
    expect(legalActions(state)!.raise).toBeNull();
    expect(reason(() => verifyRaise(state, 3, 100n))).toBe('raise-cap-reached');
    state = play(state, '3:c');
    expect(legalActions(state)!.raise).toBeNull();
  });

  it('000-001:T-18 A-04 FL cap pre-flop 5/10: the big blind is the opening bet, so raises go to 20, 30, 40 and stop', () => {
    const state = play(
      deal({ variant: fl, button: 1, stacks: { 1: 500, 2: 500, 3: 500, 4: 500, 5: 500 }, stakes: testStakes(5n, 10n) }),
      '4:r20 5:r30 1:r40',
    );
    expect(reason(() => verifyRaise(state, 2, 50n))).toBe('raise-cap-reached');
  });

  it('004:T-132 GAM-PT-04 / 002:T-BET-03 PK-STR-03 Limit BB 10: bets 10 then 20 on the turn; a fifth bet in a round is rejected', () => {
    let state = play(
      deal({ variant: fl, button: 1, stacks: { 1: 500, 2: 500, 3: 500 }, stakes: testStakes(5n, 10n) }),
      '1:c 2:c 3:x',
    );
    state = play(state, '2:b10 3:r20 1:r30 2:r40');
    expect(reason(() => verifyRaise(state, 3, 50n))).toBe('raise-cap-reached');
    state = play(state, '3:c 1:c');
    state = play(state, '2:b20 3:r40 1:r60 2:r80');
    expect(reason(() => verifyRaise(state, 3, 100n))).toBe('raise-cap-reached');
  });

  it('003:#29 R-FL-02 three players at the start of the round: an opening and three raises, then only call or fold', () => {
    let state = play(
      deal({
        variant: fl,
        button: 1,
        stacks: { 1: 500, 2: 500, 3: 500 },
        stakes: testStakes(5n, 10n),
        rules: tableRuleProfiles['se-003'],
      }),
      '1:c 2:c 3:x',
    );
    state = play(state, '2:b10 3:r20 1:r30 2:r40');
    expect(legalActions(state)!.raise).toBeNull();
  });

  it('003:#30 R-FL-03 two players at the start of the round: raising is unlimited on 003 tables (a raise after 10 raises is accepted)', () => {
    let state = play(
      deal({
        variant: fl,
        button: 1,
        stacks: { 1: 5000, 2: 5000 },
        stakes: testStakes(5n, 10n),
        rules: tableRuleProfiles['se-003'],
      }),
      '1:c 2:x',
    );
    state = bet(state, 2, 10n).state;
    for (let k = 1; k <= 10; k++) state = raise(state, k % 2 === 1 ? 1 : 2, BigInt(10 + 10 * k)).state;
    expect(reason(() => verifyRaise(state, 1, 120n))).toBe('accepted');
    // 000 has no heads-up exception (000-001:A-04): the same round is capped at four bets.
    let capped = play(deal({ variant: fl, button: 1, stacks: { 1: 5000, 2: 5000 }, stakes: testStakes(5n, 10n) }), '1:c 2:x');
    capped = play(capped, '2:b10 1:r20 2:r30 1:r40');
    expect(reason(() => verifyRaise(capped, 2, 50n))).toBe('raise-cap-reached');
  });

  it('003:#31 R-FL-03 the cap is set when the round starts: three start, one folds, two remain and the cap still applies', () => {
    let state = play(
      deal({
        variant: fl,
        button: 1,
        stacks: { 1: 500, 2: 500, 3: 500 },
        stakes: testStakes(5n, 10n),
        rules: tableRuleProfiles['se-003'],
      }),
      '1:c 2:c 3:x',
    );
    state = play(state, '2:b10 3:f 1:r20 2:r30 1:r40');
    expect(reason(() => verifyRaise(state, 2, 50n))).toBe('raise-cap-reached');
  });
});

describe('check, call and table stakes', () => {
  it('003:#37 R-BET-02 / 000-001:BET-04 after a bet of 20 a check is rejected; the big blind may check an unraised pot', () => {
    let state = deal({ button: 1, stacks: { 1: 100, 2: 100, 3: 100 } });
    state = play(state, '1:c 2:c');
    expect(canCheck(state, 3)).toBe(true);
    state = play(state, '3:x 2:b20');
    expect(reason(() => verifyCheck(state, 3))).toBe('check-facing-bet');
  });

  it('002:T-BET-05 PK-GEN-05 check is rejected facing a bet, a bet is rejected when one exists (raise instead); all checks end the round', () => {
    let state = play(deal({ button: 1, stacks: { 1: 100, 2: 100, 3: 100 } }), '1:c 2:c 3:x');
    expect(state.street).toBe(1);
    state = bet(state, 2, 4n).state;
    expect(reason(() => verifyCheck(state, 3))).toBe('check-facing-bet');
    expect(reason(() => verifyBet(state, 3, 8n))).toBe('bet-already-made');
    state = play(state, '3:c 1:c 2:x 3:x 1:x');
    expect(state.street).toBe(3);
  });

  it('000-001:T-06 ACC-04 / 003:#36 R-WAL-10 / 002:PK-POT-01 table stakes: a 12.00 stack cannot bet 12.01; all-in for 12.00 is accepted', () => {
    const state = deal({ button: 1, stacks: { 1: 1200, 2: 5000 }, stakes: testStakes(100n, 200n) });
    expect(reason(() => verifyRaise(state, 1, 1201n))).toBe('insufficient-chips');
    const after = allIn(state, 1).state;
    expect(operationsOf(after, 'action').at(-1)).toMatchObject({ seat: 1, action: 'raise', betAfter: 1200n, allIn: true });
  });

  it('003:#35 R-NL-01 Q-31 at most 2 × PBB per player per hand (88,000 at a PBB of 44,000), blinds and antes included; the rest of the stack is untouched', () => {
    const stakes = testStakes(50n, 100n, { contributionMax: 88_000n });
    let state = deal({
      button: 1,
      stacks: { 1: 100_000, 2: 100_000 },
      stakes,
      holes: { 1: 'AsAd', 2: 'KsKd' },
      boards: ['2c3d7h9sJc'],
    });
    state = play(state, '1:a 2:a');
    expect(state.players.map((p) => p.contributed)).toEqual([88_000n, 88_000n]);
    expect(stackOf(state, 1)).toBe(188_000n);
    expect(stackOf(state, 2)).toBe(12_000n);
    // With antes, the ante is part of the 88,000 too.
    const withAntes = play(
      deal({
        button: 1,
        stacks: { 1: 100_000, 2: 100_000 },
        stakes: { ...stakes, ante: 1000n, anteMode: 'every-player' },
        holes: { 1: 'AsAd', 2: 'KsKd' },
        boards: ['2c3d7h9sJc'],
      }),
      '1:a 2:a',
    );
    expect(operationsOf(withAntes, 'ante-posted').map((op) => op.amount)).toEqual([1000n, 1000n]);
    expect(withAntes.players.map((p) => p.contributed)).toEqual([88_000n, 88_000n]);
  });
});

describe('time-outs (the clock belongs to the table)', () => {
  it('000-001:T-23 TIME-02 the BB in an unraised pot times out: check; post-flop with no bet: check; facing a bet: fold', () => {
    let state = play(deal({ button: 1, stacks: { 1: 100, 2: 100, 3: 100 } }), '1:c 2:c');
    state = timeOut(state, 3).state;
    expect(operationsOf(state, 'action').at(-1)).toMatchObject({ seat: 3, action: 'check', timedOut: true });
    state = timeOut(state, 2).state;
    expect(operationsOf(state, 'action').at(-1)).toMatchObject({ seat: 2, action: 'check', timedOut: true });
    state = bet(state, 3, 4n).state;
    state = timeOut(state, 1).state;
    expect(operationsOf(state, 'action').at(-1)).toMatchObject({ seat: 1, action: 'fold', timedOut: true });
  });

  it('003:#64 #65 R-TIME-02 Q-26 on 003 tables a time-out folds even when a check is free (literal reading, table setting)', () => {
    let state = play(deal({ button: 1, stacks: { 1: 100, 2: 100, 3: 100 }, rules: tableRuleProfiles['se-003'] }), '1:c 2:c');
    expect(legalActions(state)!.timeOut).toBe('fold');
    state = timeOut(state, 3).state;
    expect(operationsOf(state, 'action').at(-1)).toMatchObject({ seat: 3, action: 'fold', timedOut: true });
  });
});

describe('refusals leave the state untouched', () => {
  it('an action out of turn or after the hand is refused with a reason', () => {
    const state = deal({ button: 1, stacks: { 1: 100, 2: 100, 3: 100 } });
    expect(reason(() => check(state, 2))).toBe('not-your-turn');
    expect(reason(() => check(state, 9))).toBe('unknown-seat');
    const done = play(state, '1:f 2:f');
    expect(done.phase).toBe('complete');
    expect(reason(() => check(done, 3))).toBe('hand-complete');
  });
});
