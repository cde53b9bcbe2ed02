import { insidePosition } from '@casino/games';
import { describe, expect, it } from 'vitest';
import { layoutSpots, moveFrom } from '../client/src/pages/roulette-layout.ts';

const pockets = Array.from({ length: 37 }, (_, n) => n);

/** Every inside position the game service accepts, by its key ("split:14-17"), found by trying every candidate. */
function acceptedInsidePositions(): Set<string> {
  const keys = new Set<string>();
  const add = (numbers: number[]) => {
    const position = insidePosition(numbers);
    if (position) keys.add(position.key);
  };
  for (const a of pockets) {
    add([a]);
    for (const b of pockets.filter((n) => n > a)) {
      add([a, b]);
      for (const c of pockets.filter((n) => n > b)) {
        add([a, b, c]);
        for (const d of pockets.filter((n) => n > c && n <= a + 4)) add([a, b, c, d]);
      }
    }
    // A six-line is two adjacent rows: six consecutive numbers.
    add(Array.from({ length: 6 }, (_, k) => a + k));
  }
  return keys;
}

describe('the roulette layout of the web page', () => {
  it("004:GAM-RE-02 issue 17: every inside position the game service accepts (straight, split, street, corner, six-line, with zero's splits, trios and first four) is exactly one spot of the layout, and every spot is one of them", () => {
    const spots = layoutSpots.map((spot) => {
      const position = insidePosition(spot.numbers);
      expect(position, `${spot.type} ${spot.numbers.join('/')}`).not.toBeNull();
      expect(position!.type).toBe(spot.type);
      return position!.key;
    });
    expect(new Set(spots).size).toBe(spots.length);
    expect(new Set(spots)).toEqual(acceptedInsidePositions());
    const count = (type: string) => layoutSpots.filter((s) => s.type === type).length;
    expect([count('straight'), count('split'), count('street'), count('corner'), count('six-line')]).toEqual([
      37, 60, 14, 23, 11,
    ]);
  });

  it('issue 17: the arrow keys walk the layout: right of 1 is the split 1/4, below 2 the split 1/2, the crossing of 1/2/4/5 a corner, zero reached from the left', () => {
    const one = layoutSpots.find((s) => s.type === 'straight' && s.numbers[0] === 1)!;
    expect(moveFrom(one.row, one.col, 0, 1)?.numbers).toEqual([1, 4]);
    expect(moveFrom(one.row, one.col, 1, 0)?.numbers).toEqual([1, 2, 3]);
    const two = layoutSpots.find((s) => s.type === 'straight' && s.numbers[0] === 2)!;
    expect(moveFrom(two.row, two.col, 1, 0)?.numbers).toEqual([1, 2]);
    expect(moveFrom(two.row + 1, two.col, 0, 1)?.numbers).toEqual([1, 2, 4, 5]);
    expect(moveFrom(two.row, two.col, 0, -1)?.numbers).toEqual([0, 2]);
    expect(moveFrom(two.row, two.col - 1, 0, -1)?.numbers).toEqual([0]);
    expect(moveFrom(0, 0, 0, -1)).toBeNull();
  });
});
