import { describe, expect, it } from 'vitest';
import { announcedBetChips, announcedBetNames } from './announced-bets.ts';
import { allInsidePositions, outsidePosition, outsidePositionNames, type Position } from './layout.ts';
import { expectedReturn, fraction, fractionToNumber, type StakedPosition } from './rtp.ts';
import { doubleBallRoulette, europeanRoulette, frenchRoulette } from './variants.ts';
import { neighboursOf } from './wheel.ts';

const staked = (position: Position, stakeMinor = 10n): StakedPosition => ({
  type: position.type,
  numbers: position.numbers,
  stakeMinor,
});
const thirtySixOver37 = fraction(36n, 37n);

describe('exact return per bet type', () => {
  it('004:GAM-RE-12 every European inside and outside position returns exactly 36/37 (97.30 %)', () => {
    const positions = [...allInsidePositions(), ...outsidePositionNames.map(outsidePosition)];
    expect(positions).toHaveLength(145 + 12);
    for (const position of positions) expect(expectedReturn([staked(position)], europeanRoulette)).toEqual(thirtySixOver37);
    expect(fractionToNumber(thirtySixOver37).toFixed(4)).toBe('0.9730');
  });

  it('004:GAM-RE-12 every racetrack bet and every neighbour bet returns 36/37 as well', () => {
    for (const name of announcedBetNames) {
      const chips = announcedBetChips(name).map((group) => staked(group.position, 10n * BigInt(group.chips)));
      expect(expectedReturn(chips, frenchRoulette)).toEqual(thirtySixOver37);
    }
    const neighbours = neighboursOf(26, 5).map((n) => ({ type: 'straight' as const, numbers: [n], stakeMinor: 10n }));
    expect(expectedReturn(neighbours, europeanRoulette)).toEqual(thirtySixOver37);
  });

  it('004:GAM-RF-08 French even chances return exactly 1 − 1/74 (98.65 %) with la partage; every other French bet 36/37', () => {
    for (const name of outsidePositionNames) {
      const expected = name.startsWith('dozen') || name.startsWith('column') ? thirtySixOver37 : fraction(73n, 74n);
      expect(expectedReturn([staked(outsidePosition(name))], frenchRoulette)).toEqual(expected);
    }
    expect(fractionToNumber(fraction(73n, 74n)).toFixed(4)).toBe('0.9865');
    for (const position of allInsidePositions())
      expect(expectedReturn([staked(position)], frenchRoulette)).toEqual(thirtySixOver37);
  });

  it('issue 7: D-704 double-ball roulette: over all 37 × 37 ball pairs every bet still returns 36/37', () => {
    const sample = [...allInsidePositions().filter((_, k) => k % 7 === 0), ...outsidePositionNames.map(outsidePosition)];
    for (const position of sample) expect(expectedReturn([staked(position)], doubleBallRoulette)).toEqual(thirtySixOver37);
  });
});
