import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseCards, rankOf, standardDeck, type Card } from '../../cards/index.ts';
import { standardHighScheme } from './core/high-scheme.ts';
import { packCards } from './core/card-masks.ts';
import type { HandRanking } from './ranking.ts';
import { highRanking } from './rankings/high.ts';
import { aceToFiveLow8Ranking, aceToFiveLowRanking, deuceToSevenLowRanking } from './rankings/lows.ts';
import { omahaHighRanking, omahaLow8Ranking } from './rankings/omaha.ts';
import {
  referenceAceToFiveFive,
  referenceAnyFive,
  referenceDeuceToSevenFive,
  referenceEightOrBetterFive,
  referenceHighFive,
  referenceTwoPlusThree,
} from './reference/reference-evaluator.ts';
import { aceToFiveEightFive, aceToFiveFive, deuceToSevenFive, standardHighFive } from './index.ts';
import type { FiveCardScheme } from './schemes/five-card-scheme.ts';

/**
 * Every ranking the engine can be given, checked against the slow reference evaluators on random
 * deals: the same value (0 = no qualifying hand, null from the ranking), and the five cards it
 * reports really are a hand of that value, made under the ranking's selection rule.
 */
const deck = standardDeck();
const lowDeck = deck.filter((card) => rankOf(card) <= 6 || rankOf(card) === 12);

/** Hole and board drawn without repetition from `cards`. */
function deal(
  holeCount: number,
  boardMin: number,
  boardMax: number,
  cards: readonly Card[] = deck,
): fc.Arbitrary<{ hole: Card[]; board: Card[] }> {
  return fc.integer({ min: boardMin, max: boardMax }).chain((boardCount) =>
    fc.shuffledSubarray([...cards], { minLength: holeCount + boardCount, maxLength: holeCount + boardCount }).map((drawn) => ({
      hole: drawn.slice(0, holeCount),
      board: drawn.slice(holeCount),
    })),
  );
}

function agrees(
  ranking: HandRanking,
  scheme: FiveCardScheme,
  reference: (hole: Card[], board: Card[]) => number,
  twoPlusThree: boolean,
) {
  return ({ hole, board }: { hole: Card[]; board: Card[] }): void => {
    const strength = ranking.strength(hole, board);
    const expected = reference(hole, board);
    expect(strength?.value ?? 0).toBe(expected);
    if (strength === null) return;
    const five = strength.cards;
    const packed = packCards(five);
    expect(scheme.scorePacked(packed.low, packed.high)).toBe(strength.value);
    if (twoPlusThree) expect(five.filter((card) => hole.includes(card))).toHaveLength(2);
    else expect(five.every((card) => hole.includes(card) || board.includes(card))).toBe(true);
    expect(strength.describe()).toMatch(/\w/);
  };
}

/** 5 to 7 cards as a player's own (Stud, Draw, Razz): no board. */
const ownCards = (): fc.Arbitrary<{ hole: Card[]; board: Card[] }> =>
  fc.integer({ min: 5, max: 7 }).chain((count) => deal(count, 0, 0));

const high = (five: readonly Card[]): number => referenceHighFive(five, standardHighScheme);

describe('rankings against the reference evaluators (fast-check)', () => {
  it('000-001:VAR-OM-03 Omaha high, 4 hole cards and a board of 3 to 5: the best two-plus-three hand', () => {
    fc.assert(
      fc.property(
        deal(4, 3, 5),
        agrees(omahaHighRanking, standardHighFive, (hole, board) => referenceTwoPlusThree(hole, board, high), true),
      ),
      { numRuns: 400 },
    );
  });

  it('000-001:VAR-OM5-01 5 Card Omaha high: the best two-plus-three hand of five hole cards', () => {
    fc.assert(
      fc.property(
        deal(5, 5, 5),
        agrees(omahaHighRanking, standardHighFive, (hole, board) => referenceTwoPlusThree(hole, board, high), true),
      ),
      { numRuns: 300 },
    );
  });

  it('000-001:VAR-OHL-05 Omaha 8-or-better low (cards drawn mostly low, so most deals qualify), null exactly when the reference finds none', () => {
    const reference = (hole: Card[], board: Card[]): number => referenceTwoPlusThree(hole, board, referenceEightOrBetterFive);
    fc.assert(fc.property(deal(4, 3, 5, lowDeck), agrees(omahaLow8Ranking, aceToFiveEightFive, reference, true)), {
      numRuns: 600,
    });
    fc.assert(fc.property(deal(4, 5, 5), agrees(omahaLow8Ranking, aceToFiveEightFive, reference, true)), { numRuns: 400 });
  });

  it('002:A5-01..A5-07 ace-to-five low (Razz) of 5 to 7 cards: the best of every five', () => {
    const reference = (hole: Card[], board: Card[]): number => referenceAnyFive([...hole, ...board], referenceAceToFiveFive);
    fc.assert(fc.property(ownCards(), agrees(aceToFiveLowRanking, aceToFiveFive, reference, false)), { numRuns: 500 });
  });

  it('002:A5-06 ace-to-five 8-or-better of 7 cards (Stud Hi/Lo): the best qualifying five, or none', () => {
    const reference = (hole: Card[], board: Card[]): number => referenceAnyFive([...hole, ...board], referenceEightOrBetterFive);
    fc.assert(fc.property(deal(7, 0, 0, lowDeck), agrees(aceToFiveLow8Ranking, aceToFiveEightFive, reference, false)), {
      numRuns: 500,
    });
  });

  it('002:PK-RANK-27 deuce-to-seven low of 5 to 7 cards: the best of every five', () => {
    const reference = (hole: Card[], board: Card[]): number => referenceAnyFive([...hole, ...board], referenceDeuceToSevenFive);
    fc.assert(fc.property(ownCards(), agrees(deuceToSevenLowRanking, deuceToSevenFive, reference, false)), { numRuns: 500 });
  });

  it("000-001:VAR-HE-10 Hold'em high with 0, 1 or 2 hole cards used: the reported five score the value", () => {
    fc.assert(
      fc.property(
        deal(2, 3, 5),
        agrees(highRanking, standardHighFive, (hole, board) => referenceAnyFive([...hole, ...board], high), false),
      ),
      { numRuns: 500 },
    );
  });
});

describe('ranking input checks', () => {
  it('Omaha refuses a hand that is not 4–5 hole cards and 3–5 board cards, and duplicate cards', () => {
    expect(() => omahaHighRanking.strength(parseCards('As Kd Qc'), parseCards('2c 3d 4h 5s 6c'))).toThrow(RangeError);
    expect(() => omahaHighRanking.strength(parseCards('As Kd Qc Jh'), parseCards('2c 3d'))).toThrow(RangeError);
    expect(() => omahaLow8Ranking.strength(parseCards('As Kd Qc Jh'), parseCards('As 3d 4h 5s 6c'))).toThrow(RangeError);
  });
});
