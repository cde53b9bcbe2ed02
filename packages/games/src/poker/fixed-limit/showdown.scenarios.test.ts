import { describe, expect, it } from 'vitest';
import { formatCards } from '../../cards/index.ts';
import { fiveCardDraw, sevenCardStud, sevenCardStudHiLo } from './games.ts';
import {
  applyMove,
  finalStacks,
  legalMoves,
  startFixedLimitHand,
  type FixedLimitBlinds,
  type FixedLimitOperation,
  type FixedLimitStakes,
  type FixedLimitState,
} from './hand.ts';
import { formatFixedLimitHistoryText } from './history-text.ts';
import { drawDeckOf, passiveMove, playUntil, studDeckOf } from './testing.ts';

/**
 * The showdown of the stud and draw games (issue 20, D-2050): the order of showing (002 STUD-10,
 * PK-SHOW-03, D-812), mucking a beaten hand where the table allows it (000-001:A-23, 002:AMB-MUCK),
 * and a draw hand's blinds and extra posts given by the table's planner (000-001:BTN-08..11, D-2051).
 */

const studStakes: FixedLimitStakes = { ante: 20n, bringIn: 40n, smallBlind: 0n, bigBlind: 0n, smallBet: 100n, bigBet: 200n };
const drawStakes: FixedLimitStakes = { ante: 0n, bringIn: 0n, smallBlind: 50n, bigBlind: 100n, smallBet: 100n, bigBet: 200n };

/** Three seven-card hands: pair of aces, pair of queens, trip jacks; 3♣ brings in (player 1). */
const threeHands = ['As Ah 9h 2c 3d 4h Ks', 'Qc Qd 3c 7s 8d 9s 2h', 'Jc Jd 8s 5d 6h Js 2d'];

function stud(
  cards: readonly string[],
  options: { muckAllowed?: boolean; stacks?: bigint[]; game?: typeof sevenCardStud } = {},
): FixedLimitState {
  return startFixedLimitHand({
    game: options.game ?? sevenCardStud,
    stakes: studStakes,
    stacks: options.stacks ?? cards.map(() => 10_000n),
    deck: studDeckOf(cards),
    ...(options.muckAllowed === undefined ? {} : { muckAllowed: options.muckAllowed }),
  });
}

const showdownOps = (state: FixedLimitState) =>
  state.log.filter(
    (op): op is Extract<FixedLimitOperation, { kind: 'show' | 'muck' }> => op.kind === 'show' || op.kind === 'muck',
  );
const order = (state: FixedLimitState) => showdownOps(state).map((op) => `${op.kind} ${op.player}`);
const total = (stacks: readonly bigint[]) => stacks.reduce((sum, chips) => sum + chips, 0n);

/** Passive play, except that the first player to act on betting round `street` bets (or raises). */
function betOnStreet(state: FixedLimitState, street: number): { state: FixedLimitState; bettor: number } {
  let current = playUntil(state, (s) => s.phase === 'betting' && s.street === street && s.actor !== null);
  const legal = legalMoves(current)!;
  expect(legal.raiseTo).not.toBeNull();
  current = applyMove(current, { kind: 'raise', to: legal.raiseTo!.min });
  return { state: playUntil(current, () => false), bettor: legal.player };
}

describe('002:STUD-10 PK-SHOW-03 the order of showing at a stud or draw showdown (D-812, D-2050)', () => {
  it('002:STUD-10 T-SHOW-01 a bet on the last round called: the bettor shows first, then clockwise', () => {
    const { state, bettor } = betOnStreet(stud(threeHands), 4);
    expect(state.phase).toBe('complete');
    const expected = [0, 1, 2].map((k) => (bettor + k) % 3).map((player) => `show ${player}`);
    expect(order(state)).toEqual(expected);
  });

  it('002:STUD-10 T-SHOW-01 no bet on the last round: seat 1 (the first from the dealer’s left) shows first, then seat 2, …, even after a bet on an earlier street', () => {
    const { state } = betOnStreet(stud(threeHands), 3);
    expect(state.log.some((op) => op.kind === 'action' && op.street === 3 && op.action === 'bet')).toBe(true);
    expect(order(state)).toEqual(['show 0', 'show 1', 'show 2']);
  });

  it('000-001:SHOW-02 002:PK-SHOW-03 an all-in raise before the draw with no betting after it: the raiser still shows first (the last round in which anyone could act)', () => {
    // Heads-up: player 1 is the button and small blind; he raises all in, the big blind calls.
    let state = startFixedLimitHand({
      game: fiveCardDraw,
      stakes: drawStakes,
      stacks: [5_000n, 200n],
      deck: drawDeckOf(['2c 5d 8h Jc Ks', '3c 6d 9h Qc As']),
    });
    expect(legalMoves(state)).toMatchObject({ player: 1, raiseTo: { min: 200n } });
    state = applyMove(state, { kind: 'raise', to: 200n });
    state = applyMove(state, { kind: 'call' });
    state = playUntil(state, () => false);
    expect(state.phase).toBe('complete');
    expect(order(state)).toEqual(['show 1', 'show 0']);
  });
});

describe('000-001:A-23 002:AMB-MUCK PK-SHOW-04 mucking a beaten stud or draw hand where the table allows it (D-812, D-2050)', () => {
  it('000-001:A-23 with mucking allowed, a hand beaten by one already shown is mucked; the chips are those of showing every hand', () => {
    const mucking = playUntil(stud(threeHands, { muckAllowed: true }), () => false);
    // Checked down: seat 1 shows aces, seat 2's queens are beaten and mucked, seat 3's jacks show and win.
    expect(order(mucking)).toEqual(['show 0', 'muck 1', 'show 2']);
    const muck = showdownOps(mucking).find((op) => op.kind === 'muck')!;
    expect(formatCards(muck.cards)).toBe('Qc Qd 3c 7s 8d 9s 2h');
    expect(mucking.log.filter((op) => op.kind === 'award').map((op) => op.kind === 'award' && op.player)).toEqual([2]);
    const showingAll = playUntil(stud(threeHands), () => false);
    expect(order(showingAll)).toEqual(['show 0', 'show 1', 'show 2']);
    expect(finalStacks(mucking)).toEqual(finalStacks(showingAll));
    expect(total(finalStacks(mucking))).toBe(30_000n);
  });

  it('002:PK-SHOW-04 AMB-MUCK 000-001:A-23 the text shows a mucked hand to the hand’s players and the server, not to an observer', () => {
    const state = playUntil(stud(threeHands, { muckAllowed: true }), () => false);
    const player = formatFixedLimitHistoryText(state, { handId: 'h1', viewer: 0 });
    expect(player).toContain('Player 2: mucks hand [Qc Qd 3c 7s 8d 9s 2h]');
    expect(player).toContain('Seat 2: Player 2 mucked');
    const observer = formatFixedLimitHistoryText(state, { handId: 'h1', viewer: 'observer' });
    expect(observer).toContain('Player 2: mucks hand\n');
    expect(observer).not.toContain('Qc Qd 3c');
    expect(formatFixedLimitHistoryText(state, { handId: 'h1' })).toContain('mucks hand [Qc Qd 3c 7s 8d 9s 2h]');
  });

  it('000-001:A-23 D-812 an all-in hand is never mucked, beaten or not', () => {
    // Seat 2 is all in on the ante and the bring-in (60 = 20 + 40).
    const state = playUntil(stud(threeHands, { muckAllowed: true, stacks: [10_000n, 60n, 10_000n] }), () => false);
    expect(state.players[1]!.status).toBe('all-in');
    expect(order(state)).toEqual(['show 0', 'show 1', 'show 2']);
  });

  it('002:STUD8-05 a hand that loses the high half but can still win the low one is shown; one that can win neither is mucked', () => {
    const cards = ['Kc Kd 9h Ks 9c Td Qh', 'Ac 2d 3h 4s 6c Tc Jd', 'Qc Qs Jh 9d Th 7c Jc'];
    const state = playUntil(stud(cards, { muckAllowed: true, game: sevenCardStudHiLo }), () => false);
    expect(order(state)).toEqual(['show 0', 'show 1', 'muck 2']);
    const awards = state.log.flatMap((op) => (op.kind === 'award' ? [`${op.half} ${op.player}`] : []));
    expect(awards).toEqual(['high 0', 'low 1']);
    expect(total(finalStacks(state))).toBe(30_000n);
  });

  it('002:PK-SHOW-05 AMB-MUCK without the table’s permission every hand still in is shown (the default)', () => {
    const state = playUntil(stud(threeHands), () => false);
    expect(state.muckAllowed).toBe(false);
    expect(showdownOps(state).every((op) => op.kind === 'show')).toBe(true);
  });
});

describe('000-001:BTN-08..11 VAR-DR-02 002:DRAW5-01 a draw hand’s blinds and posts as the table planned them (D-2051)', () => {
  const hands = ['2c 5d 8h Jc Ks', '3c 6d 9h Qc As', '4c 7d Th Kc 2s', '5c 8d Jh Ac 3s'];

  it('000-001:BTN-09 BTN-11 A-10 no small blind, a returning player posts a live big blind and a dead small blind; the first to act is after the big blind; the poster has the option to check', () => {
    const blinds: FixedLimitBlinds = { small: null, big: 0, posts: [{ player: 2, live: 100n, dead: 50n }] };
    const start = startFixedLimitHand({
      game: fiveCardDraw,
      stakes: drawStakes,
      stacks: [5_000n, 5_000n, 5_000n, 5_000n],
      deck: drawDeckOf(hands),
      blinds,
    });
    const posts = start.log.filter((op) => op.kind === 'blind' || op.kind === 'post');
    expect(posts).toEqual([
      { kind: 'blind', player: 0, blind: 'big', amount: 100n },
      { kind: 'post', player: 2, live: 100n, dead: 50n },
    ]);
    expect(legalMoves(start)).toMatchObject({ player: 1, call: 100n });
    let state = applyMove(start, { kind: 'call' });
    // The live post is the poster's bet: nothing to call, he may check or raise.
    expect(legalMoves(state)).toMatchObject({ player: 2, check: true, call: null });
    state = playUntil(state, () => false);
    expect(state.phase).toBe('complete');
    const pot = state.players.reduce((sum, player) => sum + player.contributed, 0n);
    expect(pot).toBe(450n);
    expect(total(finalStacks(state))).toBe(20_000n);
    const text = formatFixedLimitHistoryText(state, { handId: 'h2' });
    expect(text).toContain('Player 3: posts small & big blinds 150');
    expect(text).not.toContain('posts small blind');
  });

  it('000-001:BTN-08 BTN-10 a newcomer posting a big blind anywhere: a live post, no dead part', () => {
    const state = startFixedLimitHand({
      game: fiveCardDraw,
      stakes: drawStakes,
      stacks: [5_000n, 5_000n, 5_000n, 5_000n],
      deck: drawDeckOf(hands),
      blinds: { small: 0, big: 1, posts: [{ player: 3, live: 100n, dead: 0n }] },
    });
    expect(state.log.find((op) => op.kind === 'post')).toEqual({ kind: 'post', player: 3, live: 100n, dead: 0n });
    expect(legalMoves(state)).toMatchObject({ player: 2, call: 100n });
    const done = playUntil(state, () => false);
    expect(total(finalStacks(done))).toBe(20_000n);
    expect(formatFixedLimitHistoryText(done, { handId: 'h3' })).toContain('Player 4: posts big blind 100');
  });

  it('issue 20: blinds naming a player twice or outside the hand are refused', () => {
    const deal = (blinds: FixedLimitBlinds) =>
      startFixedLimitHand({ game: fiveCardDraw, stakes: drawStakes, stacks: [5_000n, 5_000n], deck: drawDeckOf(hands), blinds });
    expect(() => deal({ small: 0, big: 0, posts: [] })).toThrow(RangeError);
    expect(() => deal({ small: null, big: 2, posts: [] })).toThrow(RangeError);
    expect(passiveMove(legalMoves(deal({ small: 1, big: 0, posts: [] }))!)).toEqual({ kind: 'call' });
  });
});
