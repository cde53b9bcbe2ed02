import { rankOf, type Card } from '../cards/index.ts';

/**
 * Card values (004:GAM-B-08, 002:BJ-06): 2 to 9 at face value, ten, jack, queen and king 10, an ace
 * 1 or 11. A total counting an ace as 11 is soft.
 */

const aceRank = 12;

export function isAce(card: Card): boolean {
  return rankOf(card) === aceRank;
}

/** The blackjack value of a card, the ace counted as 1 (2..10, ace 1). */
export function cardPoints(card: Card): number {
  const rank = rankOf(card);
  if (rank === aceRank) return 1;
  return Math.min(rank + 2, 10);
}

export function isTenValue(card: Card): boolean {
  return cardPoints(card) === 10;
}

export interface HandValue {
  /** The best total: an ace counts 11 when that does not bust the hand. */
  readonly total: number;
  readonly soft: boolean;
}

export function handValue(cards: readonly Card[]): HandValue {
  let hard = 0;
  let aces = 0;
  for (const card of cards) {
    hard += cardPoints(card);
    if (isAce(card)) aces += 1;
  }
  const soft = aces > 0 && hard + 10 <= 21;
  return { total: soft ? hard + 10 : hard, soft };
}

/** Ace plus a ten-value card as the first two cards (004:GAM-B-07, 002:BJ-07). */
export function isTwoCardTwentyOne(cards: readonly Card[]): boolean {
  return cards.length === 2 && handValue(cards).total === 21;
}
