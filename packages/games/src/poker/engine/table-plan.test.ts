import { describe, expect, it } from 'vitest';
import { InvalidHandOptions } from './illegal-action.ts';
import { legalActions, pendingDecision } from './legal-actions.ts';
import { noLimitHoldem } from './presets.ts';
import { buttonRuleProfiles } from './rules.ts';
import { startHand } from './start-hand.ts';
import { planNextHand, type ButtonRule, type HandPlan, type Positions, type SeatIntent } from './table-plan.ts';
import { operationsOf, play, testStakes } from './testing/fixtures.ts';
import { SeededRng } from '../../rng/index.ts';
import type { HandState } from './types.ts';

/**
 * Button, blinds and who is dealt in, as the table plans each hand (000-001:BTN-*, T-07..T-12;
 * 003:R-ENTRY-*, R-REENTRY-*, #57..#62). "dead-button" is the 000 profile, "moving-button" the 001
 * and 003 one (decision D-809).
 */

const playing = (...seats: number[]): SeatIntent[] => seats.map((seat) => ({ seat, kind: 'playing' }));
const joining = (seat: number, waitForBigBlind = false): SeatIntent => ({ seat, kind: 'joining', waitForBigBlind });
const returning = (seat: number, missed: { bigBlind?: boolean; button?: boolean }): SeatIntent => ({
  seat,
  kind: 'returning',
  missedBigBlind: missed.bigBlind ?? false,
  missedButton: missed.button ?? false,
});
const sittingOut = (seat: number): SeatIntent => ({ seat, kind: 'sitting-out' });

function plan(
  buttonRule: ButtonRule,
  seats: readonly SeatIntent[],
  previous: Positions | null,
  extra: { firstButtonSeat?: number; seatCount?: number } = {},
): HandPlan {
  return planNextHand({
    seatCount: extra.seatCount ?? 6,
    buttonRule,
    headsUpBlinds: 'button-posts-small-blind',
    smallBlind: 1n,
    bigBlind: 2n,
    seats,
    previous,
    firstButtonSeat: extra.firstButtonSeat,
  });
}

const positions = (buttonSeat: number, smallBlindPosition: number, bigBlindSeat: number): Positions => ({
  buttonSeat,
  smallBlindPosition,
  bigBlindSeat,
});

/** Deals the planned hand: what the table does with a plan. */
function dealPlan(result: HandPlan, seed = 7): HandState {
  return startHand({
    handId: 'planned',
    variant: noLimitHoldem,
    stakes: testStakes(1n, 2n),
    seatCount: 6,
    buttonSeat: result.buttonSeat,
    players: result.dealtIn.map((seat) => ({ seat, name: `P${seat}`, stack: 200n })),
    blinds: result.blinds,
    rng: new SeededRng(seed),
  }).state;
}

const actor = (state: HandState): number => {
  const decision = pendingDecision(state);
  if (decision.kind !== 'action') throw new Error(`no actor: ${decision.kind}`);
  return decision.seat;
};

describe('button movement', () => {
  it.each<ButtonRule>(['moving-button', 'dead-button'])(
    '000-001:T-07 BTN-02 BTN-03 (%s) six seats: after button 1, SB 2, BB 3 comes button 2, SB 3, BB 4, and seat 5 opens',
    (rule) => {
      const next = plan(rule, playing(1, 2, 3, 4, 5, 6), positions(1, 2, 3));
      expect([next.buttonSeat, next.blinds.smallBlindSeat, next.blinds.bigBlindSeat]).toEqual([2, 3, 4]);
      expect(actor(dealPlan(next))).toBe(5);
    },
  );

  it("000-001:A-09 BTN-03 dead button (000): the big blind moves one seat; last hand's small-blind seat, now empty, holds a dead button", () => {
    const next = plan('dead-button', playing(1, 3, 4, 5, 6), positions(1, 2, 3));
    expect([next.buttonSeat, next.blinds.smallBlindSeat, next.blinds.bigBlindSeat]).toEqual([2, 3, 4]);
    const state = dealPlan(next);
    expect(state.config.buttonSeat).toBe(2);
    expect(actor(state)).toBe(5);
    // After the flop the first player after the empty button seat acts first.
    expect(actor(play(state, '5:c 6:c 1:c 3:c 4:x'))).toBe(3);
  });

  it("000-001:A-09 dead small blind (000): last hand's big blind left, so nobody posts the small blind and the big blind still moves on", () => {
    const next = plan('dead-button', playing(1, 2, 4, 5, 6), positions(1, 2, 3));
    expect([next.buttonSeat, next.blinds.smallBlindSeat, next.blinds.bigBlindSeat]).toEqual([2, null, 4]);
    expect(operationsOf(dealPlan(next), 'blind-posted').map((op) => [op.seat, op.blind])).toEqual([[4, 'big']]);
  });

  it('000-001:BTN-02 (001) / 003:R-CARD-04 Q-13 the button skips to the next player who is playing; nobody posts twice', () => {
    const next = plan('moving-button', [...playing(1, 3, 4, 5), sittingOut(2)], positions(1, 2, 3));
    expect([next.buttonSeat, next.blinds.smallBlindSeat, next.blinds.bigBlindSeat]).toEqual([3, 4, 5]);
  });

  it('002:HE-05 after the pot is paid the button moves clockwise to the next player, and the next hand posts its blinds again and deals new cards', () => {
    const first = dealPlan(plan(buttonRuleProfiles['cz-002'], playing(1, 2, 3, 4, 5, 6), null, { firstButtonSeat: 1 }));
    const next = dealPlan(plan(buttonRuleProfiles['cz-002'], playing(1, 2, 3, 4, 5, 6), positions(1, 2, 3)), 8);
    expect(next.config.buttonSeat).toBe(2);
    expect(operationsOf(next, 'blind-posted').map((op) => [op.seat, op.blind])).toEqual([
      [3, 'small'],
      [4, 'big'],
    ]);
    expect(next.players.every((player) => player.hole.length === 2)).toBe(true);
    expect(next.deck).not.toEqual(first.deck);
  });

  it('000-001:A-08 heads-up the button posts the small blind and the big blind alternates, under both rules', () => {
    for (const rule of ['moving-button', 'dead-button'] as const) {
      const first = plan(rule, playing(2, 5), null, { firstButtonSeat: 2 });
      expect([first.buttonSeat, first.blinds.smallBlindSeat, first.blinds.bigBlindSeat]).toEqual([2, 2, 5]);
      const second = plan(rule, playing(2, 5), first.positions);
      expect([second.buttonSeat, second.blinds.smallBlindSeat, second.blinds.bigBlindSeat]).toEqual([5, 5, 2]);
    }
  });

  it("000-001:A-11 at a table's first hand nobody posts extra; a first hand needs a button on a player", () => {
    const first = plan('moving-button', [...playing(1, 2), joining(3), returning(4, { bigBlind: true })], null, {
      firstButtonSeat: 1,
    });
    expect(first.blinds.extraPosts).toEqual([]);
    expect(first.dealtIn).toEqual([1, 2, 3, 4]);
    expect(() => plan('moving-button', playing(1, 2, 3), null, { firstButtonSeat: 5 })).toThrow(InvalidHandOptions);
  });
});

describe('new players', () => {
  it('000-001:T-08 BTN-10 (001) / 003:#57 a new player whose seat is due for the big blind plays it and posts only the big blind', () => {
    const next = plan('moving-button', [...playing(1, 2, 3, 5, 6), joining(4)], positions(1, 2, 3));
    expect([next.buttonSeat, next.blinds.smallBlindSeat, next.blinds.bigBlindSeat]).toEqual([2, 3, 4]);
    expect(next.dealtIn).toContain(4);
    expect(next.blinds.extraPosts).toEqual([]);
  });

  it('000-001:T-09 BTN-10 (001) / 003:#58 a new player where the small blind falls waits; the small blind passes to the next player, so nobody posts the big blind twice', () => {
    const next = plan('moving-button', [...playing(1, 2, 4, 5, 6), joining(3)], positions(1, 2, 4));
    expect([next.buttonSeat, next.blinds.smallBlindSeat, next.blinds.bigBlindSeat]).toEqual([2, 4, 5]);
    expect(next.waiting).toEqual([3]);
    // The hand after, the seat is between the big blind and the button: a big blind brings the player in.
    const after = plan('moving-button', [...playing(1, 2, 4, 5, 6), joining(3)], next.positions);
    expect([after.buttonSeat, after.blinds.smallBlindSeat, after.blinds.bigBlindSeat]).toEqual([4, 5, 6]);
    expect(after.blinds.extraPosts).toEqual([{ seat: 3, live: 2n, dead: 0n }]);
  });

  it('000-001:T-09 BTN-08 (000) a new player may come in from any seat by posting a big blind, or wait for the big blind', () => {
    const next = plan('dead-button', [...playing(1, 2, 4, 5, 6), joining(3)], positions(1, 2, 4));
    expect(next.blinds.extraPosts).toEqual([{ seat: 3, live: 2n, dead: 0n }]);
    const waiting = plan('dead-button', [...playing(1, 2, 4, 5, 6), joining(3, true)], positions(1, 2, 4));
    expect(waiting.waiting).toEqual([3]);
  });

  it('000-001:T-10 A-11 (001) a new player in the cutoff posts 2.00 after the blinds: 5.00 in before the deal, and the post is live (may check)', () => {
    const next = plan('moving-button', [...playing(1, 2, 3, 4, 5), joining(6)], positions(5, 1, 2));
    expect([next.buttonSeat, next.blinds.smallBlindSeat, next.blinds.bigBlindSeat]).toEqual([1, 2, 3]);
    expect(next.blinds.extraPosts).toEqual([{ seat: 6, live: 2n, dead: 0n }]);
    let state = dealPlan(next);
    expect(operationsOf(state, 'blind-posted').reduce((sum, op) => sum + op.live + op.dead, 0n)).toBe(5n);
    state = play(state, '4:c 5:c');
    expect(legalActions(state)!.seat).toBe(6);
    expect(legalActions(state)!.check).toBe(true);
  });

  it('003:#59 a new player in any other seat posts an extra big blind after the blinds; one who prefers to wait is not dealt in', () => {
    const next = plan('moving-button', [...playing(1, 2, 3, 4), joining(6, true)], positions(1, 2, 3));
    expect(next.waiting).toEqual([6]);
    expect(next.dealtIn).not.toContain(6);
  });
});

describe('missed blinds and returning players', () => {
  it('000-001:T-11 (a) / 003:#60 a player out for one hand the big blind did not reach comes back without paying', () => {
    const out = plan('moving-button', [...playing(1, 2, 3, 4, 6), sittingOut(5)], positions(1, 2, 3));
    expect(out.missed).toEqual([]);
    const back = plan('moving-button', [...playing(1, 2, 3, 4, 6), returning(5, {})], out.positions);
    expect(back.blinds.extraPosts).toEqual([]);
    expect(back.dealtIn).toContain(5);
  });

  it('000-001:T-11 (b) BTN-11 / 003:#61 Q-27 the button passed the seat: back in a seat without a blind by posting SB + BB (3.00: 2.00 live, 1.00 dead)', () => {
    // Seat 2 sits out while the button moves from 1 to 3: the planner reports both misses.
    const out = plan('moving-button', [...playing(1, 3, 4, 5, 6), sittingOut(2)], positions(1, 2, 3));
    expect(out.missed).toEqual([{ seat: 2, bigBlind: false, button: true }]);
    const back = plan('moving-button', [...playing(1, 3, 4, 5, 6), returning(2, { button: true })], out.positions);
    expect(back.blinds.extraPosts).toEqual([{ seat: 2, live: 2n, dead: 1n }]);
    const state = dealPlan(back);
    expect(operationsOf(state, 'blind-posted').find((op) => op.seat === 2)).toMatchObject({ blind: 'extra', live: 2n, dead: 1n });
    expect(state.players.find((p) => p.seat === 2)).toMatchObject({ bet: 2n, contributed: 3n, dead: 1n });
  });

  it('000-001:T-11 (c) (d) / 003:#62 back on the big blind: a normal big blind; due for the small blind: refused for that hand', () => {
    const onBig = plan(
      'moving-button',
      [...playing(1, 2, 3, 5, 6), returning(4, { bigBlind: true, button: true })],
      positions(1, 2, 3),
    );
    expect(onBig.blinds.bigBlindSeat).toBe(4);
    expect(onBig.blinds.extraPosts).toEqual([]);
    const onSmall = plan('moving-button', [...playing(1, 2, 4, 5, 6), returning(3, { bigBlind: true })], positions(1, 2, 4));
    expect(onSmall.waiting).toEqual([3]);
  });

  it('000-001:T-12 BTN-09 (000) a player who missed the big blind posts 2.00 into the pot to come back at once', () => {
    const out = plan('dead-button', [...playing(1, 2, 3, 5, 6), sittingOut(4)], positions(1, 2, 3));
    expect(out.missed).toEqual([{ seat: 4, bigBlind: true, button: false }]);
    const back = plan('dead-button', [...playing(1, 2, 3, 5, 6), returning(4, { bigBlind: true })], out.positions);
    expect(back.blinds.extraPosts).toEqual([{ seat: 4, live: 2n, dead: 0n }]);
  });

  it('003:Q-28 the big blind passed the seat but the button did not: a big blind brings the player back, all of it live', () => {
    // Seat 5 sat out while the big blind went past it (3 → 4 → 5 → 6) but before the button reached it.
    const back = plan(
      'moving-button',
      [...playing(1, 2, 3, 4, 6), returning(5, { bigBlind: true, button: false })],
      positions(4, 6, 1),
    );
    // The button goes to the next player who played last hand, so it passes seat 5 only now.
    expect([back.buttonSeat, back.blinds.smallBlindSeat, back.blinds.bigBlindSeat]).toEqual([6, 1, 2]);
    expect(back.dealtIn).toContain(5);
    expect(back.blinds.extraPosts).toEqual([{ seat: 5, live: 2n, dead: 0n }]);
  });

  it('002:AMB-DEADBLIND 002 tables take the usual moving-button rules: a new player posts a big blind or waits for it, a player who missed blinds posts to come back', () => {
    const rule = buttonRuleProfiles['cz-002'];
    expect(rule).toBe('moving-button');
    const joiner = plan(rule, [...playing(1, 2, 3, 4, 5), joining(6)], positions(5, 1, 2));
    expect(joiner.blinds.extraPosts).toEqual([{ seat: 6, live: 2n, dead: 0n }]);
    const waiter = plan(rule, [...playing(1, 2, 3, 4, 5), joining(6, true)], positions(5, 1, 2));
    expect(waiter.waiting).toEqual([6]);
    const back = plan(rule, [...playing(1, 3, 4, 5, 6), returning(2, { button: true })], positions(2, 3, 4));
    expect(back.blinds.extraPosts).toEqual([{ seat: 2, live: 2n, dead: 1n }]);
  });

  it('000-001:A-40 a hand needs two players who can be dealt in', () => {
    expect(() => plan('moving-button', [...playing(1), sittingOut(2)], positions(1, 2, 3))).toThrow(InvalidHandOptions);
    expect(() => dealPlan({ ...plan('moving-button', playing(1, 2), null, { firstButtonSeat: 1 }), dealtIn: [1] })).toThrow(
      InvalidHandOptions,
    );
  });
});
