import { describe, expect, it } from 'vitest';
import { femkort, sjukort, soko } from './games.ts';
import {
  applyMove,
  defaultFixedLimitRules,
  finalStacks,
  legalMoves,
  startFixedLimitHand,
  type FixedLimitStakes,
} from './hand.ts';
import { playUntil, studDeckOf } from './testing.ts';

const stakes: FixedLimitStakes = { ante: 10n, bringIn: 0n, smallBlind: 0n, bigBlind: 0n, smallBet: 20n, bigBet: 40n };
const rules001 = { ...defaultFixedLimitRules, boardTie: 'position' } as const;

describe('Sökö (000-001 §6.5)', () => {
  it('000-001:T-57 VAR-SK-04 VAR-SK-01 VAR-SK-02 VAR-SK-03 A-15 everyone antes, one card down and one up; K♠ opens among K♦ / K♠ / 9♣ / 4♥ and may check (no bring-in)', () => {
    const state = startFixedLimitHand({
      game: soko,
      stakes,
      rules: rules001,
      stacks: [1000n, 1000n, 1000n, 1000n],
      deck: studDeckOf(['2c Kd', '3c Ks', '4d 9c', '5d 4h']),
    });
    expect(state.log.filter((op) => op.kind === 'ante').length).toBe(4);
    expect(state.players.map((player) => player.up)).toEqual([
      [false, true],
      [false, true],
      [false, true],
      [false, true],
    ]);
    expect(legalMoves(state)).toMatchObject({ player: 1, check: true, raiseTo: { min: 20n, max: 20n } });
  });

  it('000-001:T-59 VAR-SK-09 VAR-SK-06 VAR-SK-07 ten players: 50 cards, no shortage; four up-cards each, a showdown with the Sökö ranking', () => {
    const ten = Array.from({ length: 10 }, () => 1000n);
    const state = playUntil(
      startFixedLimitHand({ game: soko, stakes, rules: rules001, stacks: ten, deck: studDeckOf([]) }),
      (s) => s.phase === 'complete',
    );
    expect(state.players.every((player) => player.cards.length === 5 && player.up.filter(Boolean).length === 4)).toBe(true);
    expect(state.deckIndex).toBe(50);
    expect(finalStacks(state).reduce((a, b) => a + b, 0n)).toBe(10_000n);
  });

  it('000-001:VAR-SK-05 003:S-13 later rounds open with the best board (ties nearest the dealer); at the showdown a four-flush beats a pair in Sökö, not in Femkort', () => {
    const cards = ['2h Kh 9h 5h Qs', 'Ac Ad Kc 7d 3s'];
    const sokoHand = playUntil(
      startFixedLimitHand({ game: soko, stakes, rules: rules001, stacks: [1000n, 1000n], deck: studDeckOf(cards) }),
      (s) => s.street === 1,
    );
    // Boards: K♥ 9♥ against A♦ K♣: the ace opens.
    expect(legalMoves(sokoHand)!.player).toBe(1);
    const sokoEnd = playUntil(sokoHand, (s) => s.phase === 'complete');
    expect(sokoEnd.log.flatMap((op) => (op.kind === 'award' ? [op.player] : []))).toEqual([0]);
    const femkortEnd = playUntil(
      startFixedLimitHand({ game: femkort, stakes, rules: rules001, stacks: [1000n, 1000n], deck: studDeckOf(cards) }),
      (s) => s.phase === 'complete',
    );
    expect(femkortEnd.log.flatMap((op) => (op.kind === 'award' ? [op.player] : []))).toEqual([1]);
  });

  it('003:R-STUD-01 R-STUD-02 R-CARD-05 R-CARD-07 R-STUD-04 Sjukort and Femkort deal "position one" the first card of every circuit and rank by the standard list', () => {
    const state = startFixedLimitHand({
      game: sjukort,
      stakes: { ...stakes, bringIn: 5n },
      stacks: [1000n, 1000n],
      deck: studDeckOf(['Ac Kc Qc', 'Ad Kd Qd']),
    });
    const firstDeal = state.log.find((op) => op.kind === 'deal');
    expect(firstDeal).toMatchObject({ player: 0 });
    expect(state.deck.slice(0, 2)).toEqual([state.players[0]!.cards[0], state.players[1]!.cards[0]]);
    expect(applyMove(state, { kind: 'bring-in' }).phase).toBe('betting');
  });
});
