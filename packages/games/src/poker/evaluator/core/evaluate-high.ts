import type { Card } from '../../../cards/index.ts';
import { assertPackedCount, cardHighBit, cardLowBit } from './card-masks.ts';
import { shortDeckHighScheme, standardHighScheme } from './high-scheme.ts';
import { createMaskEvaluator, type MaskEvaluator } from './mask-evaluator.ts';

/** Standard high value of a packed set of 5–7 distinct cards (no checks: the raw fast path). */
export const evaluateHighPacked: MaskEvaluator = createMaskEvaluator(standardHighScheme);
/** Six Plus (36-card) high value of a packed set of 5–7 distinct cards, no checks. */
export const evaluateShortDeckPacked: MaskEvaluator = createMaskEvaluator(shortDeckHighScheme);

export const evaluatedCardsMin = 5;
/** The mask evaluator's early returns hold for at most seven cards (see `createMaskEvaluator`). */
export const evaluatedCardsMax = 7;

/**
 * Value of the best five-card high hand among 5–7 distinct cards (Hold'em: hole + board; Stud: the
 * seven cards; Draw: the five). Higher is better; equal values tie. Throws on duplicates,
 * non-cards or a count outside 5..7.
 */
export function evaluateHigh(cards: readonly Card[]): number {
  return evaluateWith(evaluateHighPacked, cards);
}

/** As `evaluateHigh` for Six Plus Hold'em (004 GAM-P6-02). Cards below six are not checked here. */
export function evaluateShortDeckHigh(cards: readonly Card[]): number {
  return evaluateWith(evaluateShortDeckPacked, cards);
}

function evaluateWith(evaluate: MaskEvaluator, cards: readonly Card[]): number {
  const count = cards.length;
  assertEvaluatedCount(count);
  let low = 0;
  let high = 0;
  for (let i = 0; i < count; i++) {
    const card = cards[i]!;
    low |= cardLowBit[card]!;
    high |= cardHighBit[card]!;
  }
  assertPackedCount(low, high, count);
  return evaluate(low, high, count);
}

export function assertEvaluatedCount(count: number): void {
  if (count < evaluatedCardsMin || count > evaluatedCardsMax) {
    throw new RangeError(`a high hand is evaluated from ${evaluatedCardsMin} to ${evaluatedCardsMax} cards, got ${count}`);
  }
}
