import { beforeAll, describe, expect, it } from 'vitest';
import { deckSize } from '../../cards/index.ts';
import { cardHighBit, cardLowBit, unpackCards } from './core/card-masks.ts';
import { evaluateHighPacked, evaluateShortDeckPacked } from './core/evaluate-high.ts';
import {
  aceAlwaysHighScheme,
  aceToFiveScheme,
  shortDeckHighScheme,
  standardHighScheme,
  type HighKind,
} from './core/high-scheme.ts';
import { highKindOf } from './schemes/high-five.ts';
import { aceToFiveEightFive, aceToFiveFive, deuceToSevenFive, lowBase } from './schemes/low-five.ts';
import {
  referenceAceToFiveFive,
  referenceDeuceToSevenFive,
  referenceEightOrBetterFive,
  referenceHighFive,
} from './reference/reference-evaluator.ts';

/** Calls `visit` with every five-card hand, packed; the packing is built incrementally per loop level. */
function forEveryFiveCardHand(visit: (low: number, high: number) => void, firstCard = 0): void {
  for (let a = firstCard; a < deckSize; a++) {
    const lowA = cardLowBit[a]!;
    const highA = cardHighBit[a]!;
    for (let b = a + 1; b < deckSize; b++) {
      const lowB = lowA | cardLowBit[b]!;
      const highB = highA | cardHighBit[b]!;
      for (let c = b + 1; c < deckSize; c++) {
        const lowC = lowB | cardLowBit[c]!;
        const highC = highB | cardHighBit[c]!;
        for (let d = c + 1; d < deckSize; d++) {
          const lowD = lowC | cardLowBit[d]!;
          const highD = highC | cardHighBit[d]!;
          for (let e = d + 1; e < deckSize; e++) visit(lowD | cardLowBit[e]!, highD | cardHighBit[e]!);
        }
      }
    }
  }
}

describe('five-card high evaluator, every one of the 2,598,960 hands', () => {
  const counts = new Map<HighKind, number>();
  /** The first hand seen with each value, packed. */
  const representatives = new Map<number, { low: number; high: number }>();
  let hands = 0;
  beforeAll(() => {
    forEveryFiveCardHand((low, high) => {
      const value = evaluateHighPacked(low, high, 5);
      const kind = highKindOf(standardHighScheme, value);
      counts.set(kind, (counts.get(kind) ?? 0) + 1);
      if (!representatives.has(value)) representatives.set(value, { low, high });
      hands++;
    });
  });

  it('000-001:HAND-01 each category occurs with its known frequency (royal flushes counted as straight flushes)', () => {
    // Goal: a wrong table or a wrong early return shows up as a wrong count somewhere.
    expect(hands).toBe(2_598_960);
    expect(Object.fromEntries(counts)).toEqual({
      'straight-flush': 40,
      'four-of-a-kind': 624,
      'full-house': 3_744,
      flush: 5_108,
      straight: 10_200,
      'three-of-a-kind': 54_912,
      'two-pair': 123_552,
      'one-pair': 1_098_240,
      'high-card': 1_302_540,
    });
  });

  it('000-001:HAND-03 hands split only when equal by the tie-break rules, giving 7,462 distinct values', () => {
    // Goal: values separate every pair of hands the rules separate, and no others (suits never count, HAND-05).
    expect(representatives.size).toBe(7_462);
  });

  it('every distinct value is the one the reference evaluator gives a hand of that class', () => {
    // Goal: beyond the counts, each of the 7,462 classes gets exactly the reference value.
    for (const [value, packed] of representatives) expect(referenceHighFive(unpackCards(packed), standardHighScheme)).toBe(value);
  });
});

/** Counts per kind and one packed hand per distinct value, for one way of scoring five cards. */
class Census {
  readonly counts = new Map<string, number>();
  readonly representatives = new Map<number, { low: number; high: number }>();
  qualifying = 0;

  add(value: number, kind: string, low: number, high: number): void {
    if (value === 0) return;
    this.qualifying++;
    this.counts.set(kind, (this.counts.get(kind) ?? 0) + 1);
    if (!this.representatives.has(value)) this.representatives.set(value, { low, high });
  }
}

describe('the other five-card schemes, every hand of their deck', () => {
  // Expected counts are derived by counting, e.g. short-deck flushes: 4 suits × (C(9,5) − 6 straights).
  const shortDeck = new Census();
  const aceToFive = new Census();
  const eightOrBetter = new Census();
  const deuceToSeven = new Census();
  beforeAll(() => {
    forEveryFiveCardHand((low, high) => {
      const aceToFiveValue = aceToFiveFive.scorePacked(low, high);
      aceToFive.add(aceToFiveValue, highKindOf(aceToFiveScheme, lowBase - aceToFiveValue), low, high);
      eightOrBetter.add(aceToFiveEightFive.scorePacked(low, high), 'low', low, high);
      const deuceValue = deuceToSevenFive.scorePacked(low, high);
      deuceToSeven.add(deuceValue, highKindOf(aceAlwaysHighScheme, lowBase - deuceValue), low, high);
    });
    // The 36-card deck: sixes (rank 4) and up, so start at the first six.
    forEveryFiveCardHand((low, high) => {
      const value = evaluateShortDeckPacked(low, high, 5);
      shortDeck.add(value, highKindOf(shortDeckHighScheme, value), low, high);
    }, 16);
  });

  it('004:GAM-P6-02 the 376,992 Six Plus hands: known category counts, 1,404 distinct values, each the reference value', () => {
    expect(shortDeck.qualifying).toBe(376_992);
    expect(Object.fromEntries(shortDeck.counts)).toEqual({
      'straight-flush': 24,
      'four-of-a-kind': 288,
      flush: 480,
      'full-house': 1_728,
      straight: 6_120,
      'three-of-a-kind': 16_128,
      'two-pair': 36_288,
      'one-pair': 193_536,
      'high-card': 122_400,
    });
    expect(shortDeck.representatives.size).toBe(1_404);
    for (const [value, packed] of shortDeck.representatives)
      expect(referenceHighFive(unpackCards(packed), shortDeckHighScheme)).toBe(value);
  });

  it('002:A5-01..A5-07 ace-to-five: straights and flushes do not exist, so 1,317,888 unpaired hands and 6,175 distinct values', () => {
    expect(Object.fromEntries(aceToFive.counts)).toEqual({
      'high-card': 1_317_888,
      'one-pair': 1_098_240,
      'two-pair': 123_552,
      'three-of-a-kind': 54_912,
      'full-house': 3_744,
      'four-of-a-kind': 624,
    });
    expect(aceToFive.representatives.size).toBe(6_175);
    for (const [value, packed] of aceToFive.representatives) expect(referenceAceToFiveFive(unpackCards(packed))).toBe(value);
  });

  it('000-001:VAR-OHL-05 / 002:A5-06 8-or-better: 57,344 hands (56 rank sets × 4^5 suits) qualify, with 56 distinct lows', () => {
    expect(eightOrBetter.qualifying).toBe(57_344);
    expect(eightOrBetter.representatives.size).toBe(56);
    for (const [value, packed] of eightOrBetter.representatives)
      expect(referenceEightOrBetterFive(unpackCards(packed))).toBe(value);
  });

  it('002:D27-02 D27-03 deuce-to-seven: no wheel, so 9 straights per suit pattern; 7,462 distinct values', () => {
    expect(Object.fromEntries(deuceToSeven.counts)).toEqual({
      'straight-flush': 36,
      'four-of-a-kind': 624,
      'full-house': 3_744,
      flush: 5_112,
      straight: 9_180,
      'three-of-a-kind': 54_912,
      'two-pair': 123_552,
      'one-pair': 1_098_240,
      'high-card': 1_303_560,
    });
    expect(deuceToSeven.representatives.size).toBe(7_462);
    for (const [value, packed] of deuceToSeven.representatives)
      expect(referenceDeuceToSevenFive(unpackCards(packed))).toBe(value);
  });
});
