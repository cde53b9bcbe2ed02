import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { shortDeck, standardDeck, type Card } from '../../cards/index.ts';
import { evaluateHigh, evaluateShortDeckHigh } from './core/evaluate-high.ts';
import { shortDeckHighScheme, standardHighScheme } from './core/high-scheme.ts';
import { referenceAnyFive, referenceHighFive } from './reference/reference-evaluator.ts';

const deck = standardDeck();
const hands = (size: number, cards: Card[] = deck): fc.Arbitrary<Card[]> =>
  fc.shuffledSubarray(cards, { minLength: size, maxLength: size });
const referenceHigh = (cards: readonly Card[]): number =>
  referenceAnyFive(cards, (five) => referenceHighFive(five, standardHighScheme));

describe('high evaluator against the reference (fast-check)', () => {
  it('000-001:VAR-HE-01 a 7-card value is the best of its 21 five-card subsets by the reference evaluator', () => {
    // Goal: the one-pass mask evaluator agrees with "try every five and keep the best".
    fc.assert(
      fc.property(hands(7), (cards) => evaluateHigh(cards) === referenceHigh(cards)),
      { numRuns: 3_000 },
    );
  });

  it('6-card values are the best of their 6 five-card subsets', () => {
    fc.assert(
      fc.property(hands(6), (cards) => evaluateHigh(cards) === referenceHigh(cards)),
      { numRuns: 2_000 },
    );
  });

  it('7-card hands rich in pairs and suits (few ranks, or one suit) still match the reference', () => {
    // Goal: random 7-card hands rarely hold quads, two trips or six suited cards; draw from a narrow deck to hit them.
    const narrow = deck.filter((card) => card >> 2 >= 8 || (card & 3) === 0);
    fc.assert(
      fc.property(hands(7, narrow), (cards) => evaluateHigh(cards) === referenceHigh(cards)),
      { numRuns: 3_000 },
    );
  });

  it('evaluation does not depend on the order of the cards', () => {
    fc.assert(
      fc.property(hands(7), fc.array(fc.nat(), { minLength: 7, maxLength: 7 }), (cards, keys) => {
        const reordered = cards
          .map((card, i) => ({ card, key: keys[i]! }))
          .sort((a, b) => a.key - b.key)
          .map((entry) => entry.card);
        const value = evaluateHigh(cards);
        return evaluateHigh(reordered) === value && evaluateHigh([...cards].reverse()) === value;
      }),
      { numRuns: 2_000 },
    );
  });

  it('004:GAM-P6-02 short-deck 7-card values match the reference short-deck evaluator', () => {
    const reference = (cards: readonly Card[]): number =>
      referenceAnyFive(cards, (five) => referenceHighFive(five, shortDeckHighScheme));
    fc.assert(
      fc.property(hands(7, shortDeck()), (cards) => evaluateShortDeckHigh(cards) === reference(cards)),
      { numRuns: 3_000 },
    );
  });
});

describe('high evaluator input checks', () => {
  it('rejects duplicate cards, non-cards and counts outside 5..7', () => {
    expect(() => evaluateHigh([0, 1, 2, 3, 3])).toThrow(RangeError);
    expect(() => evaluateHigh([0, 1, 2, 3, 52])).toThrow(RangeError);
    expect(() => evaluateHigh([0, 1, 2, 3, -1])).toThrow(RangeError);
    expect(() => evaluateHigh([0, 1, 2, 3, 4.5])).toThrow(RangeError);
    expect(() => evaluateHigh([0, 1, 2, 3])).toThrow(RangeError);
    expect(() => evaluateHigh([0, 1, 2, 3, 4, 5, 6, 7])).toThrow(RangeError);
  });
});
