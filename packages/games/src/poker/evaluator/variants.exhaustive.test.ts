import { describe, expect, it } from 'vitest';
import { deckSize, rankOf } from '../../cards/index.ts';
import { cardHighBit, cardLowBit } from './core/card-masks.ts';
import { badugiRanking } from './rankings/badugi.ts';
import { deck32HighFive } from './rankings/seven-e.ts';
import { createSokoScheme, sokoDefaultRules } from './rankings/soko.ts';

/**
 * Every hand of issue 20's new rankings, with the category counts an independent brute-force count
 * (Python, itertools over the deck, written from the rule text) gives: Badugi's 270,725 four-card
 * hands by size, the 201,376 five-card hands of the 32-card 7-E deck and Sökö's 2,598,960 hands.
 */

function fiveCardCensus(
  cards: readonly number[],
  score: (low: number, high: number) => number,
  category: (value: number) => string,
): Record<string, number> {
  const counts: Record<string, number> = {};
  const n = cards.length;
  for (let a = 0; a < n; a++)
    for (let b = a + 1; b < n; b++)
      for (let c = b + 1; c < n; c++)
        for (let d = c + 1; d < n; d++)
          for (let e = d + 1; e < n; e++) {
            const picked = [cards[a]!, cards[b]!, cards[c]!, cards[d]!, cards[e]!];
            let low = 0;
            let high = 0;
            for (const card of picked) {
              low |= cardLowBit[card]!;
              high |= cardHighBit[card]!;
            }
            const kind = category(score(low, high));
            counts[kind] = (counts[kind] ?? 0) + 1;
          }
  return counts;
}

const allCards = Array.from({ length: deckSize }, (_, card) => card);

describe('issue 20 rankings, every hand', () => {
  it('002:BAD-R-04 all 270,725 Badugi hands: 17,160 four-card, 154,440 three-card, 96,252 two-card and 2,873 one-card hands', () => {
    const sizes: Record<number, number> = {};
    for (let a = 0; a < deckSize; a++)
      for (let b = a + 1; b < deckSize; b++)
        for (let c = b + 1; c < deckSize; c++)
          for (let d = c + 1; d < deckSize; d++) {
            const size = badugiRanking.strength([a, b, c, d], [])!.cards.length;
            sizes[size] = (sizes[size] ?? 0) + 1;
          }
    expect(sizes).toEqual({ 1: 2873, 2: 96252, 3: 154440, 4: 17160 });
  });

  it('003:R-7E-01 R-7E-03 R-7E-05 all 201,376 hands of the 32-card deck: 20 straight flushes, 5,100 straights (A-7-8-9-T the lowest), 204 flushes', () => {
    const counts = fiveCardCensus(
      allCards.filter((card) => rankOf(card) >= 5),
      deck32HighFive.scorePacked,
      deck32HighFive.category,
    );
    expect(counts).toEqual({
      'straight-flush': 20,
      'four-of-a-kind': 224,
      flush: 204,
      'full-house': 1344,
      straight: 5100,
      'three-of-a-kind': 10752,
      'two-pair': 24192,
      'one-pair': 107520,
      'high-card': 52020,
    });
  });

  it('000-001:VAR-SK-08 HAND-06 / 003:R-RANK-01 all 2,598,960 Sökö hands: 110,940 four-flushes and 92,208 four-straights come out of pairs and high cards', () => {
    const scheme = createSokoScheme(sokoDefaultRules);
    expect(fiveCardCensus(allCards, scheme.scorePacked, scheme.category)).toEqual({
      'straight-flush': 40,
      'four-of-a-kind': 624,
      'full-house': 3744,
      flush: 5108,
      straight: 10200,
      'three-of-a-kind': 54912,
      'two-pair': 123552,
      'four-flush': 110940,
      'four-straight': 92208,
      'one-pair': 1047552,
      'high-card': 1150080,
    });
  });
});
