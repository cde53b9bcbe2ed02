import { describe, expect, it } from 'vitest';
import { parseCards, standardDeck, type Card } from '../../cards/index.ts';
import { holdemEquity } from './equity.ts';
import { findWinners } from './find-winners.ts';
import { highRanking } from './rankings/high.ts';

/** The same equity counted the slow way: the ranking's best five of seven, board by board (an independent path). */
function slowEquity(holes: Card[][], board: Card[]): { wins: number[]; ties: number[]; boards: number } {
  const used = new Set([...holes.flat(), ...board]);
  const deck = standardDeck().filter((card) => !used.has(card));
  const wins = holes.map(() => 0);
  const ties = holes.map(() => 0);
  let boards = 0;
  const choose = (from: number, dealt: Card[]): void => {
    if (dealt.length === 5) {
      boards++;
      const winners = findWinners(holes.map((hole) => highRanking.strength(hole, dealt)));
      for (const w of winners) (winners.length === 1 ? wins : ties)[w]!++;
      return;
    }
    for (let i = from; i < deck.length; i++) choose(i + 1, [...dealt, deck[i]!]);
  };
  choose(0, board);
  return { wins, ties, boards };
}

describe('exact all-in equity (003:R-ALLIN-09)', () => {
  it('003:R-ALLIN-09 AA against KK before the flop: every one of the 1,712,304 boards counted (81.06 % / 18.55 % / 0.38 % tie)', () => {
    const result = holdemEquity([parseCards('AhAs'), parseCards('KdKc')], []);
    expect(result.boards).toBe(1_712_304);
    expect(result.hands.map((h) => [h.wins, h.ties])).toEqual([
      [1_388_072, 6_538],
      [317_694, 6_538],
    ]);
    // The shares add up to the whole pot exactly (a tie gives each half a board).
    const total = result.hands.reduce((sum, h) => sum + h.shareUnits, 0);
    expect(total).toBe(result.boards * result.unitsPerBoard);
    expect(result.hands[0]!.shareUnits).toBe((1_388_072 + 6_538 / 2) * result.unitsPerBoard);
  });

  it('003:R-ALLIN-09 a flush draw on the turn: exactly its fifteen outs of 44 rivers (nine clubs, three aces, three kings)', () => {
    // Ac Kc against 9h 9s on Qc 7c 2d 3h: any club (nine left), ace or king (three each) wins; nothing else does.
    const result = holdemEquity([parseCards('AcKc'), parseCards('9h9s')], parseCards('Qc7c2d3h'));
    expect(result.boards).toBe(44);
    expect(result.hands.map((h) => h.wins)).toEqual([9 + 6, 44 - 15]);
  });

  it('003:R-ALLIN-09 three hands on the flop agree with the ranking evaluated board by board', () => {
    const holes = [parseCards('AhKh'), parseCards('QsQd'), parseCards('Tc9c')];
    const board = parseCards('Jh8c2s');
    const fast = holdemEquity(holes, board);
    const slow = slowEquity(holes, board);
    expect(fast.boards).toBe(slow.boards);
    expect(fast.hands.map((h) => h.wins)).toEqual(slow.wins);
    expect(fast.hands.map((h) => h.ties)).toEqual(slow.ties);
  });

  it('refuses a card twice and a sixth board card', () => {
    expect(() => holdemEquity([parseCards('AhAs'), parseCards('AhKc')], [])).toThrow(RangeError);
    expect(() => holdemEquity([parseCards('AhAs'), parseCards('KdKc')], parseCards('2c3c4c5c6c7c'))).toThrow(RangeError);
  });
});
