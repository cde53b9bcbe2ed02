import { deckSize, makeCard, rankOf, suitOf, type Card } from '../../../cards/index.ts';
import { bitCount } from './rank-tables.ts';

/**
 * A set of cards packed into two 32-bit integers, so a hand is built with two ORs per card and
 * evaluated with bit operations instead of sorting. `low` holds clubs in bits 0–12 and diamonds in
 * bits 16–28; `high` holds hearts and spades the same way. Bit `rank` of a suit's 13 bits is set
 * when the set holds that card.
 */
export interface PackedCards {
  readonly low: number;
  readonly high: number;
}

export const suitMask = 0x1fff;

/** The card's bit in `low` (0 for hearts and spades). Indexing with a non-card yields undefined. */
export const cardLowBit: Int32Array = buildCardBits(0, rankOf);
/** The card's bit in `high` (0 for clubs and diamonds). */
export const cardHighBit: Int32Array = buildCardBits(2, rankOf);
/** As `cardLowBit`/`cardHighBit` with ranks rotated so the ace is 0 and the king 12 (ace-to-five). */
export const cardLowBitAceLow: Int32Array = buildCardBits(0, aceLowRankOf);
export const cardHighBitAceLow: Int32Array = buildCardBits(2, aceLowRankOf);
/**
 * The card's bit in an ace-to-five rank mask: bit 0 = ace, bit 1 = two … bit 12 = king. Read as a
 * number, a mask of five distinct ranks is smaller exactly when its highest card is lower, then the
 * next, and so on: the ace-to-five comparison (002 A5-03) is plain integer comparison.
 */
export const cardAceLowBit: Int32Array = buildAceLowBits();

/** Rank with the ace moved below the two: ace 0, two 1 … king 12. */
export function aceLowRankOf(card: Card): number {
  return (rankOf(card) + 1) % 13;
}

function buildCardBits(firstSuit: number, rank: (card: Card) => number): Int32Array {
  const table = new Int32Array(deckSize);
  for (let card = 0; card < deckSize; card++) {
    const suit = suitOf(card) - firstSuit;
    if (suit === 0 || suit === 1) table[card] = 1 << (rank(card) + 16 * suit);
  }
  return table;
}

function buildAceLowBits(): Int32Array {
  const table = new Int32Array(deckSize);
  for (let card = 0; card < deckSize; card++) table[card] = 1 << aceLowRankOf(card);
  return table;
}

/**
 * How many cards a packed set holds. Callers compare it with the number of cards they ORed in: a
 * duplicate card, or a value that is not a card (its table read is undefined, which ORs as 0),
 * makes the count come up short. One check catches both without a branch per card.
 */
export function countPacked(low: number, high: number): number {
  return bitCount[low & suitMask]! + bitCount[low >>> 16]! + bitCount[high & suitMask]! + bitCount[high >>> 16]!;
}

/** Pack distinct cards; throws on duplicates or non-cards. */
export function packCards(cards: readonly Card[]): PackedCards {
  let low = 0;
  let high = 0;
  for (let i = 0; i < cards.length; i++) {
    low |= cardLowBit[cards[i]!]!;
    high |= cardHighBit[cards[i]!]!;
  }
  assertPackedCount(low, high, cards.length);
  return { low, high };
}

export function assertPackedCount(low: number, high: number, count: number): void {
  if (countPacked(low, high) !== count) {
    throw new RangeError(`expected ${count} distinct cards (integers 0..51), got duplicates or non-cards`);
  }
}

/** The cards of a packed set, in deck order (2c 2d 2h 2s 3c …). */
export function unpackCards(packed: PackedCards): Card[] {
  const cards: Card[] = [];
  for (let rank = 0; rank < 13; rank++) {
    for (let suit = 0; suit < 4; suit++) {
      const word = suit < 2 ? packed.low : packed.high;
      if ((word & (1 << (rank + 16 * (suit & 1)))) !== 0) cards.push(makeCard(rank, suit));
    }
  }
  return cards;
}
