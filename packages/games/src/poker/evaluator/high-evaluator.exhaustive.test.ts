import { beforeAll, describe, expect, it } from 'vitest';
import { deckSize } from '../../cards/index.ts';
import { cardHighBit, cardLowBit, unpackCards } from './core/card-masks.ts';
import { evaluateHighPacked } from './core/evaluate-high.ts';
import { standardHighScheme, type HighKind } from './core/high-scheme.ts';
import { highKindOf } from './schemes/high-five.ts';
import { referenceHighFive } from './reference/reference-evaluator.ts';

/** Calls `visit` with every five-card hand, packed; the packing is built incrementally per loop level. */
function forEveryFiveCardHand(visit: (low: number, high: number) => void): void {
  for (let a = 0; a < deckSize; a++) {
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

  it('000-001 HAND-01: each category occurs with its known frequency (royal flushes counted as straight flushes)', () => {
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

  it('000-001 HAND-03: hands split only when equal by the tie-break rules, giving 7,462 distinct values', () => {
    // Goal: values separate every pair of hands the rules separate, and no others (suits never count, HAND-05).
    expect(representatives.size).toBe(7_462);
  });

  it('every distinct value is the one the reference evaluator gives a hand of that class', () => {
    // Goal: beyond the counts, each of the 7,462 classes gets exactly the reference value.
    for (const [value, packed] of representatives) expect(referenceHighFive(unpackCards(packed), standardHighScheme)).toBe(value);
  });
});
