import { describe, expect, it } from 'vitest';
import { formatCard, parseCards } from '../../cards/index.ts';
import { razz, sevenCardStud, sevenCardStudHiLo } from './games.ts';
import {
  applyMove,
  defaultFixedLimitRules,
  finalStacks,
  IllegalFixedLimitMove,
  legalMoves,
  startFixedLimitHand,
  type FixedLimitStakes,
  type FixedLimitState,
} from './hand.ts';
import { bringInPlayer, openerByBoard } from './stud-board.ts';
import { playUntil, studDeckOf } from './testing.ts';

/** Big bet 2.00 in minor units (002 T-STUD-03): ante 0.20, bring-in 0.40, small bet 1.00. */
const stakes: FixedLimitStakes = { ante: 20n, bringIn: 40n, smallBlind: 0n, bigBlind: 0n, smallBet: 100n, bigBet: 200n };

function start(
  cards: readonly string[],
  game = sevenCardStud,
  stacks?: bigint[],
  rules = defaultFixedLimitRules,
): FixedLimitState {
  return startFixedLimitHand({ game, stakes, rules, stacks: stacks ?? cards.map(() => 10_000n), deck: studDeckOf(cards) });
}

const ups = (text: string): (number | null)[] => parseCards(text);

describe('Seven Card Stud: the bring-in (000-001 §6.3, 002 §4.8)', () => {
  it('002:T-STUD-01 STUD-04 2♦ brings in over 2♥ and 5♣: equal ranks go to the lower suit', () => {
    expect(bringInPlayer(ups('2h 2d 5c'), 'lowest')).toBe(1);
    const state = start(['Kc Kd 2h', 'Qc Qd 2d', 'Jc Jd 5c']);
    expect(legalMoves(state)).toMatchObject({ player: 1, kind: 'bring-in', bringIn: 40n, raiseTo: { min: 100n, max: 100n } });
  });

  it('002:T-STUD-02 000-001:A-14 A-47 the ace is high for the bring-in: A♣ / 3♠ / K♥ → 3♠ brings in', () => {
    expect(bringInPlayer(ups('Ac 3s Kh'), 'lowest')).toBe(1);
  });

  it('000-001:T-53 VAR-ST-04 BET-18 BTN-14 DECK-07 the 3♣ brings in 1.00 or completes to 2.00 (2/4); 2♠ against 2♣ → 2♣, the lowest card of all', () => {
    const fl24: FixedLimitStakes = { ante: 25n, bringIn: 100n, smallBlind: 0n, bigBlind: 0n, smallBet: 200n, bigBet: 400n };
    const state = startFixedLimitHand({
      game: sevenCardStud,
      stakes: fl24,
      stacks: [5000n, 5000n, 5000n],
      deck: studDeckOf(['Kc Kd 9h', 'Qc Qd 3c', 'Jc Jd 8s']),
    });
    expect(legalMoves(state)).toMatchObject({ player: 1, bringIn: 100n, raiseTo: { min: 200n, max: 200n } });
    expect(() => applyMove(state, { kind: 'fold' })).toThrow(IllegalFixedLimitMove);
    expect(bringInPlayer(ups('2s 2c'), 'lowest')).toBe(1);
  });

  it('002:T-STUD-03 STUD-02 STUD-05 PK-STR-08 000-001:VAR-ST-02 VAR-ST-05 big bet 2: ante 0.20 each, bring-in 0.40, complete to 1.00, then raise to 2.00; action runs left of the bring-in', () => {
    let state = start(['Kc Kd 9h', 'Qc Qd 3c', 'Jc Jd 8s']);
    expect(state.log.filter((op) => op.kind === 'ante').map((op) => (op.kind === 'ante' ? op.amount : 0n))).toEqual([
      20n,
      20n,
      20n,
    ]);
    state = applyMove(state, { kind: 'bring-in' });
    expect(legalMoves(state)).toMatchObject({ player: 2, call: 40n, raiseTo: { min: 100n, max: 100n } });
    state = applyMove(state, { kind: 'raise', to: 100n });
    expect(state.log.at(-1)).toMatchObject({ action: 'complete', to: 100n });
    expect(legalMoves(state)).toMatchObject({ player: 0, call: 100n, raiseTo: { min: 200n, max: 200n } });
    expect(() => applyMove(state, { kind: 'raise', to: 300n })).toThrow(IllegalFixedLimitMove);
  });

  it('000-001:VAR-ST-01 VAR-ST-03 002:STUD-03 third street is two down and one up, dealt one card at a time', () => {
    const state = start(['Kc Kd 9h', 'Qc Qd 3c']);
    expect(state.players.map((player) => player.up)).toEqual([
      [false, false, true],
      [false, false, true],
    ]);
    expect(state.players[0]!.cards.map(formatCard)).toEqual(['Kc', 'Kd', '9h']);
  });

  it('002:RAZ-02 AMB-RAZZ-BRINGIN Razz: the highest up-card brings in, the king highest and the ace lowest', () => {
    expect(bringInPlayer(ups('Kh Ac 9d'), 'highest')).toBe(0);
    expect(bringInPlayer(ups('Ah 2c'), 'highest')).toBe(1);
    const state = start(['2c 3d Kh', '4c 5d Ac', '6c 7d Qs'], razz);
    expect(legalMoves(state)).toMatchObject({ player: 0, kind: 'bring-in' });
  });

  it('000-001:VAR-ST-13 D-2006 a low card with no chips after the ante cannot bring in: the next player with chips does', () => {
    const state = start(['Kc Kd 2c', 'Qc Qd 9c', 'Jc Jd 8s'], sevenCardStud, [20n, 10_000n, 10_000n]);
    expect(state.players[0]!.status).toBe('all-in');
    expect(legalMoves(state)).toMatchObject({ player: 1, kind: 'bring-in' });
  });
});

describe('Seven Card Stud: later streets', () => {
  // Three players; after third street everyone has called, so every later street is reached.
  const cards = ['2c 3c 9h 9s Kc 4d 5d', 'Qc Qd 5h 8h Ad 6c 7h', 'Jc Jd 8s 7s Ac 2d 3d'];

  it('002:T-STUD-04 STUD-06 000-001:T-54 BET-12 VAR-ST-06 an open pair on fourth street: the opener may bet 1 or 2; a bet of 2 sets the unit for the round', () => {
    let state = playUntil(start(cards), (s) => s.street === 1);
    // Player 0 shows 9♥ 9♠: the best board opens.
    expect(legalMoves(state)).toMatchObject({ player: 0, raiseTo: { min: 100n, max: 200n } });
    state = applyMove(state, { kind: 'raise', to: 200n });
    expect(legalMoves(state)).toMatchObject({ player: 1, call: 200n, raiseTo: { min: 400n, max: 400n } });
  });

  it('000-001:T-55 VAR-ST-07 002:STUD-07 from fifth street only the big bet: 2.00 allowed, 1.00 refused', () => {
    const state = playUntil(start(cards), (s) => s.street === 2);
    expect(legalMoves(state)!.raiseTo).toEqual({ min: 200n, max: 200n });
    expect(() => applyMove(state, { kind: 'raise', to: 100n })).toThrow(IllegalFixedLimitMove);
  });

  it('002:T-STUD-05 STUD-08 STUD-09 000-001:VAR-ST-08 VAR-ST-09 the seventh card is dealt down and the best four-card board acts first', () => {
    const state = playUntil(start(cards), (s) => s.street === 4);
    expect(state.players.map((player) => player.up)).toEqual(cards.map(() => [false, false, true, true, true, true, false]));
    // Boards: 9h 9s Kc 4d (pair of nines) / 5h 8h Ad 6c / 8s 7s Ac 2d: the nines open.
    expect(legalMoves(state)!.player).toBe(0);
  });

  it('002:AMB-STUD-FIRST STUD-12 000-001:VAR-ST-06 equal boards: by suit of the top card by default (002), nearest the dealer under 001', () => {
    const boards = [parseCards('Qd 7h'), parseCards('Qs 7s')];
    expect(openerByBoard(boards, 'high', 'suit')).toBe(1);
    expect(openerByBoard(boards, 'high', 'position')).toBe(0);
  });

  it('002:RAZ-03 AMB-RAZZ-FIRST Razz: the best low board opens fourth street', () => {
    expect(openerByBoard([parseCards('Kd 2c'), parseCards('5s 3h'), parseCards('4s 4h')], 'low', 'suit')).toBe(1);
  });

  it('000-001:T-56 DECK-08 VAR-ST-12 002:AMB-STUD-DECK eight players: 48 cards through sixth street, 4 left, so seventh street is one face-up community card for all', () => {
    const eight = ['2c 2d 2h', '3c 3d 3h', '4c 4d 4h', '5c 5d 5h', '6c 6d 6h', '7c 7d 7h', '8c 8d 8h', '9c 9d 9h'];
    let state = start(eight);
    state = playUntil(state, (s) => s.phase === 'complete');
    expect(state.community.length).toBe(1);
    expect(state.players.every((player) => player.cards.length === 6)).toBe(true);
    expect(state.log.filter((op) => op.kind === 'community').length).toBe(1);
    expect(finalStacks(state).reduce((a, b) => a + b, 0n)).toBe(80_000n);
  });

  it('000-001:A-14 VAR-ST-12 a stud table seats 8 at most: a ninth player is refused', () => {
    const nine = Array.from({ length: 9 }, () => 'Kc Kd 2h');
    expect(() =>
      startFixedLimitHand({ game: sevenCardStud, stakes, stacks: nine.map(() => 1000n), deck: studDeckOf([]) }),
    ).toThrow(RangeError);
  });

  it('000-001:VAR-ST-10 VAR-ST-11 002:STUD-11 best five of seven at the showdown; a hand won by folds shows nothing', () => {
    let state = playUntil(start(cards), (s) => s.phase === 'complete');
    const shows = state.log.flatMap((op) => (op.kind === 'show' ? [op.high] : []));
    expect(shows).toEqual([
      'pair of nines, king-five-four kickers',
      'pair of queens, ace-eight-seven kickers',
      'pair of jacks, ace-eight-seven kickers',
    ]);
    expect(state.log.flatMap((op) => (op.kind === 'award' ? [op.player] : []))).toEqual([1]);
    state = start(cards);
    state = applyMove(state, { kind: 'raise', to: 100n });
    state = applyMove(state, { kind: 'fold' });
    state = applyMove(state, { kind: 'fold' });
    expect(state.phase).toBe('complete');
    expect(state.log.some((op) => op.kind === 'show')).toBe(false);
  });
});

describe('Seven Card Stud Hi/Lo and Razz showdowns', () => {
  it('002:STUD8-01..05 high and low halves: the full house takes the high half, the seven-low the low half', () => {
    const state = playUntil(
      start(['As Ad Ah Kc Kd 9s 9h', '2c 3d 4h 5s 7c Jd Qd'], sevenCardStudHiLo),
      (s) => s.phase === 'complete',
    );
    const awards = state.log.filter((op) => op.kind === 'award');
    expect(awards.map((op) => (op.kind === 'award' ? [op.half, op.player] : []))).toEqual([
      ['high', 0],
      ['low', 1],
    ]);
  });

  it('002:STUD8-04 no qualifying low: the high hand takes the whole pot', () => {
    const state = playUntil(
      start(['As Ad Ah Kc Kd 9s 9h', '2c 3d 4h Ts Tc Jd Qd'], sevenCardStudHiLo),
      (s) => s.phase === 'complete',
    );
    const awards = state.log.filter((op) => op.kind === 'award');
    expect(awards.map((op) => (op.kind === 'award' ? [op.half, op.player] : []))).toEqual([['whole', 0]]);
  });

  it('002:RAZ-01 RAZ-04 T-RAZ-01 Razz: the lowest hand wins, no qualifier: a queen low beats a pair', () => {
    const state = playUntil(start(['Qc Jd 9h 8s 6c 6d 6h', '2c 2d 2h 3s 3c 4d 4h'], razz), (s) => s.phase === 'complete');
    const awards = state.log.filter((op) => op.kind === 'award');
    expect(awards.map((op) => (op.kind === 'award' ? op.player : -1))).toEqual([0]);
  });
});
