/**
 * A playing card as a small integer: `rank * 4 + suit`, rank 0..12 for 2..A and suit 0..3 for
 * clubs, diamonds, hearts, spades. 0 is 2c, 51 is As. Numbers keep hands cheap to copy, compare,
 * hash and store in histories; `parseCard`/`formatCard` give the usual two-character text ("Td").
 */
export type Card = number;

export const rankChars = '23456789TJQKA';
export const suitChars = 'cdhs';
export const deckSize = 52;

export type Rank = number; // 0 (two) .. 12 (ace)
export type Suit = number; // 0 clubs, 1 diamonds, 2 hearts, 3 spades

export function rankOf(card: Card): Rank {
  return card >> 2;
}

export function suitOf(card: Card): Suit {
  return card & 3;
}

export function makeCard(rank: Rank, suit: Suit): Card {
  if (!Number.isInteger(rank) || rank < 0 || rank > 12 || !Number.isInteger(suit) || suit < 0 || suit > 3) {
    throw new RangeError(`No card with rank ${rank} and suit ${suit}`);
  }
  return rank * 4 + suit;
}

export function isCard(value: unknown): value is Card {
  return Number.isInteger(value) && (value as number) >= 0 && (value as number) < deckSize;
}

export function parseCard(text: string): Card {
  const rank = rankChars.indexOf(text[0]?.toUpperCase() ?? '');
  const suit = suitChars.indexOf(text[1]?.toLowerCase() ?? '');
  if (text.length !== 2 || rank < 0 || suit < 0) throw new RangeError(`"${text}" is not a card (expected e.g. "As", "Td", "2c")`);
  return makeCard(rank, suit);
}

/** "As Kd 7h" → cards; also accepts no separators ("AsKd7h"). */
export function parseCards(text: string): Card[] {
  const compact = text.replace(/[\s,]+/g, '');
  if (compact.length % 2 !== 0) throw new RangeError(`"${text}" is not a list of cards`);
  const cards: Card[] = [];
  for (let i = 0; i < compact.length; i += 2) cards.push(parseCard(compact.slice(i, i + 2)));
  return cards;
}

export function formatCard(card: Card): string {
  if (!isCard(card)) throw new RangeError(`${card} is not a card`);
  return `${rankChars[rankOf(card)]}${suitChars[suitOf(card)]}`;
}

export function formatCards(cards: readonly Card[]): string {
  return cards.map(formatCard).join(' ');
}

/** The 52-card deck in a fixed order (2c 2d 2h 2s 3c …). */
export function standardDeck(): Card[] {
  return Array.from({ length: deckSize }, (_, i) => i);
}

/** Short deck (Six Plus Hold'em): 36 cards, sixes to aces. */
export function shortDeck(): Card[] {
  return standardDeck().filter((card) => rankOf(card) >= 4);
}
