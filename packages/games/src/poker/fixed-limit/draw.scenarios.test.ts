import { describe, expect, it } from 'vitest';
import { shortDeck } from '../../cards/index.ts';
import { badugi, deuceToSevenSingleDraw, deuceToSevenTripleDraw, fiveCardDraw, morkpoker, morkpoker7E } from './games.ts';
import {
  applyMove,
  defaultFixedLimitRules,
  IllegalFixedLimitMove,
  legalMoves,
  startFixedLimitHand,
  type FixedLimitRules,
  type FixedLimitStakes,
  type FixedLimitState,
} from './hand.ts';
import { drawDeckOf, playUntil } from './testing.ts';
import type { DrawGame } from './games.ts';

const stakes: FixedLimitStakes = { ante: 0n, bringIn: 0n, smallBlind: 50n, bigBlind: 100n, smallBet: 100n, bigBet: 200n };

function start(
  game: DrawGame,
  players: number,
  rules: FixedLimitRules = defaultFixedLimitRules,
  deck = drawDeckOf([]),
): FixedLimitState {
  return startFixedLimitHand({
    game,
    stakes,
    rules,
    stacks: Array.from({ length: players }, () => 10_000n),
    deck,
    reshuffleSeed: 'test',
  });
}

const drawsIn = (state: FixedLimitState): number =>
  new Set(state.log.flatMap((op) => (op.kind === 'draw' ? [op.draw] : []))).size;

describe('Draw games: the draws', () => {
  it('002:T-DRAW-02 TD27-02 SD27-02 BAD-05 DRAW5-02 three draws in triple draw and Badugi, one in single draw and Five Card Draw: no further draw is offered', () => {
    for (const [game, draws] of [
      [deuceToSevenTripleDraw, 3],
      [badugi, 3],
      [deuceToSevenSingleDraw, 1],
      [fiveCardDraw, 1],
    ] as const) {
      const done = playUntil(start(game, 3), (s) => s.phase === 'complete');
      expect(drawsIn(done)).toBe(draws);
      expect(legalMoves(done)).toBeNull();
      expect(done.openers.length).toBe(draws + 1);
    }
  });

  it('002:T-DRAW-02 TD27-01 SD27-01 BAD-03 DRAW5-03 000-001:VAR-DR-01 003:S-54 R-DRAW-01 discards of 0–5 cards (Badugi 0–4); a card not held or a repeated card is refused', () => {
    let state = playUntil(start(deuceToSevenTripleDraw, 2), (s) => s.phase === 'drawing');
    expect(legalMoves(state)).toMatchObject({ kind: 'draw', discardMax: 5 });
    const hand = state.players[legalMoves(state)!.player]!.cards;
    state = applyMove(state, { kind: 'draw', discard: hand });
    expect(state.log.at(-1)).toMatchObject({ kind: 'draw' });
    expect(() => applyMove(state, { kind: 'draw', discard: [hand[0]!] })).toThrow(IllegalFixedLimitMove);
    const badugiDraw = playUntil(start(badugi, 2), (s) => s.phase === 'drawing');
    expect(legalMoves(badugiDraw)).toMatchObject({ kind: 'draw', discardMax: 4 });
    const held = badugiDraw.players[legalMoves(badugiDraw)!.player]!.cards;
    expect(() => applyMove(badugiDraw, { kind: 'draw', discard: [held[0]!, held[0]!] })).toThrow(IllegalFixedLimitMove);
  });

  it("002:T-DRAW-01 DRAW5-05 AMB-RESHUFFLE 003:S-55 R-7E-04 Q-43 when the stub runs out the discards are reshuffled, never the current drawer's own", () => {
    // Six players each throw five cards: 30 dealt, 22 in the stub; the fifth drawer meets an empty-ish stub.
    let state = playUntil(start(deuceToSevenTripleDraw, 6), (s) => s.phase === 'drawing');
    for (let k = 0; k < 5; k++) {
      const legal = legalMoves(state)!;
      const own = state.players[legal.player]!.cards;
      state = applyMove(state, { kind: 'draw', discard: own });
      const drawn = state.log.findLast((op) => op.kind === 'draw');
      if (drawn?.kind !== 'draw') throw new Error('no draw logged');
      expect(drawn.received.some((card) => own.includes(card))).toBe(false);
    }
    expect(state.log.some((op) => op.kind === 'reshuffle')).toBe(true);
    const all = state.players.flatMap((player) => player.cards);
    expect(new Set(all).size).toBe(all.length);
  });

  it("000-001:T-52 A-13 VAR-DR-07 003:S-56 R-DRAW-05 Q-14 ten players in Five Card Draw: 50 dealt, and a draw is capped at what the stub and others' discards can serve", () => {
    const state = playUntil(start(fiveCardDraw, 10), (s) => s.phase === 'drawing');
    expect(legalMoves(state)).toMatchObject({ kind: 'draw', discardMax: 2 });
    const player = legalMoves(state)!.player;
    expect(() => applyMove(state, { kind: 'draw', discard: state.players[player]!.cards.slice(0, 3) })).toThrow(
      IllegalFixedLimitMove,
    );
  });
});

describe('Draw games: the order of play', () => {
  it('002:DRAW5-01 TD27-02 BAD-02 the first player after the big blind opens before the draw (002)', () => {
    expect(legalMoves(start(fiveCardDraw, 4))).toMatchObject({ player: 2, call: 100n });
  });

  it('000-001:T-51 VAR-DR-03 A-12 BTN-15 VAR-DR-02 003:S-27 R-DRAW-02 Q-21 the literal reading: the SB seat opens and, facing the big blind, cannot check', () => {
    const literal = { ...defaultFixedLimitRules, drawFirstActor: 'small-blind-seat' } as const;
    const state = start(morkpoker, 4, literal);
    expect(state.log.filter((op) => op.kind === 'ante')).toEqual([]);
    expect(legalMoves(state)).toMatchObject({ player: 0, check: false, call: 50n });
    expect(() => applyMove(state, { kind: 'check' })).toThrow(IllegalFixedLimitMove);
  });

  it("000-001:VAR-DR-04 VAR-DR-05 002:DRAW5-04 BAD-04 R-DRAW-02 after the draw the first player left of the button still in opens; the draw goes clockwise from the dealer's left", () => {
    let state = start(fiveCardDraw, 4);
    state = applyMove(state, { kind: 'call' }); // 2
    state = applyMove(state, { kind: 'call' }); // 3 (button)
    state = applyMove(state, { kind: 'fold' }); // 0 (SB)
    state = applyMove(state, { kind: 'check' }); // 1 (BB)
    expect(legalMoves(state)).toMatchObject({ kind: 'draw', player: 1 });
    state = playUntil(state, (s) => s.phase === 'betting');
    expect(state.log.flatMap((op) => (op.kind === 'draw' ? [op.player] : []))).toEqual([1, 2, 3]);
    expect(legalMoves(state)).toMatchObject({ player: 1, check: true });
  });

  it('000-001:A-04 the default cap counts the big blind as the opening bet: blind, raise, re-raise, cap (4 × BB) and no fifth bet', () => {
    let state = start(deuceToSevenTripleDraw, 3);
    for (const to of [200n, 300n, 400n]) state = applyMove(state, { kind: 'raise', to });
    expect(legalMoves(state)!.raiseTo).toBeNull();
  });

  it('002:T-27-04 AMB-27-STRFL D27-03 at the 2-7 showdown a straight counts against the hand: 8-6-5-4-3 beats 7-6-5-4-3 (a straight)', () => {
    const deck = drawDeckOf(['7c 6d 5h 4s 3c', '8c 6h 5d 4c 3s']);
    const state = playUntil(
      startFixedLimitHand({ game: deuceToSevenSingleDraw, stakes, stacks: [1000n, 1000n], deck }),
      (s) => s.phase === 'complete',
    );
    expect(state.log.flatMap((op) => (op.kind === 'award' ? [op.player] : []))).toEqual([1]);
  });
});

describe('Mörkpoker 7-E (003 §3.5)', () => {
  it('003:R-7E-01 R-7E-02 R-7E-07 S-21 32 cards up to four players, 36 with five, and no hand for six', () => {
    expect(morkpoker7E.deckFor(4).length).toBe(32);
    expect(morkpoker7E.deckFor(5).length).toBe(36);
    expect(() => start(morkpoker7E, 6, defaultFixedLimitRules, [...shortDeck()])).toThrow(RangeError);
    expect(() => start(morkpoker7E, 4, defaultFixedLimitRules, [...shortDeck()])).toThrow(RangeError);
  });

  it('003:S-19 R-7E-05 R-7E-06 at the 7-E showdown a flush beats a full house', () => {
    const deck = drawDeckOf(['Ah Jh 9h 8h 7h', 'Ks Kd Kc Qs Qd'], '', morkpoker7E.deckFor(2));
    const state = playUntil(
      startFixedLimitHand({ game: morkpoker7E, stakes, stacks: [1000n, 1000n], deck }),
      (s) => s.phase === 'complete',
    );
    expect(state.log.flatMap((op) => (op.kind === 'award' ? [op.player] : []))).toEqual([0]);
    expect(state.log.find((op) => op.kind === 'show' && op.player === 0)).toMatchObject({
      high: 'flush, ace-jack-nine-eight-seven',
    });
  });
});
