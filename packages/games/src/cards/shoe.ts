import { standardDeck, type Card } from './card.ts';

/** The most decks a shoe holds; the presets use 4, 6 and 8. */
export const shoeDecksMax = 8;

/**
 * A shoe of `decks` standard 52-card decks in a fixed order (deck after deck). Cards of the same
 * rank and suit from different decks are equal numbers: nothing in blackjack tells them apart.
 */
export function shoeOf(decks: number): Card[] {
  if (!Number.isInteger(decks) || decks < 1 || decks > shoeDecksMax)
    throw new RangeError(`a shoe holds 1 to ${shoeDecksMax} decks, got ${decks}`);
  const deck = standardDeck();
  const shoe: Card[] = [];
  for (let k = 0; k < decks; k++) shoe.push(...deck);
  return shoe;
}

/** True when `cards` is an order of exactly the cards of a `decks`-deck shoe. */
export function isOrderOfShoe(cards: readonly Card[], decks: number): boolean {
  if (cards.length !== 52 * decks) return false;
  const counts = new Array<number>(52).fill(0);
  for (const card of cards) {
    if (!Number.isInteger(card) || card < 0 || card >= 52) return false;
    counts[card] = counts[card]! + 1;
  }
  return counts.every((count) => count === decks);
}
