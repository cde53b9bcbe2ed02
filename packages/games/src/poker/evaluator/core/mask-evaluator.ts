import { suitMask } from './card-masks.ts';
import { levelShift, type HighScheme } from './high-scheme.ts';
import { bitCount, topFive, topRank } from './rank-tables.ts';

/**
 * Value of the best five-card high hand in a packed set of 5 to 7 cards (see `PackedCards`).
 * `count` is the number of cards packed; the caller has checked they are distinct.
 */
export type MaskEvaluator = (low: number, high: number, count: number) => number;

/**
 * Builds the evaluator for one scheme. Instead of trying the 21 five-card subsets of seven cards,
 * it reads the answer off the four suit masks, as pokersource's `eval_n` does:
 *
 * - the rank mask (OR of the suits) and its bit count give the number of duplicated cards;
 * - a suit with five or more bits is a flush; with at most seven cards nothing beside a flush can
 *   beat it except a straight flush (checked in the same suit);
 * - XOR of the suits leaves the ranks held an odd number of times, so `ranks ^ xor` are the pairs;
 *   AND of the four suits are quads; ranks present in three suits are trips (see `tripsOf`).
 *
 * The schemes' assertions (`createHighScheme`) guarantee the early returns are right.
 */
export function createMaskEvaluator(scheme: HighScheme): MaskEvaluator {
  const straightTops = scheme.straightTops;
  const madeHands = scheme.madeHands;
  const levels = scheme.levels;
  const straightFlush = levels['straight-flush'] << levelShift;
  const fourOfAKind = levels['four-of-a-kind'] << levelShift;
  const fullHouse = levels['full-house'] << levelShift;
  const flush = levels.flush << levelShift;
  const straight = levels.straight << levelShift;
  const threeOfAKind = levels['three-of-a-kind'] << levelShift;
  const twoPair = levels['two-pair'] << levelShift;
  const onePair = levels['one-pair'] << levelShift;
  const highCard = levels['high-card'] << levelShift;

  return function evaluateMasks(low: number, high: number, count: number): number {
    const clubs = low & suitMask;
    const diamonds = low >>> 16;
    const hearts = high & suitMask;
    const spades = high >>> 16;
    const ranks = clubs | diamonds | hearts | spades;
    const distinct = bitCount[ranks]!;
    if (distinct >= 5 && madeHands) {
      const suited = flushRanks(clubs, diamonds, hearts, spades);
      if (suited !== 0) {
        const top = straightTops[suited]!;
        return top !== 0 ? straightFlush | ((top - 1) << 16) : flush | topFive[suited]!;
      }
      const top = straightTops[ranks]!;
      if (top !== 0) return straight | ((top - 1) << 16);
    }
    const pairs = ranks ^ (clubs ^ diamonds ^ hearts ^ spades);
    const duplicates = count - distinct;
    if (duplicates === 0) return highCard | topFive[ranks]!;
    if (duplicates === 1) return onePair | (topRank[pairs]! << 16) | ((topFive[ranks ^ pairs]! >> 4) & 0xfff0);
    if (duplicates === 2) {
      // Two duplicates: two pair, or trips (odd, so not in `pairs`).
      if (pairs !== 0) return twoPair | topFive[pairs]! | (topRank[ranks ^ pairs]! << 8);
      const trips = tripsOf(clubs, diamonds, hearts, spades);
      return threeOfAKind | (topRank[trips]! << 16) | ((topFive[ranks ^ trips]! >> 4) & 0xff00);
    }
    const quads = clubs & diamonds & hearts & spades;
    if (quads !== 0) return fourOfAKind | (topRank[quads]! << 16) | (topRank[ranks ^ quads]! << 12);
    const trips = tripsOf(clubs, diamonds, hearts, spades);
    if (trips !== 0) {
      // Trips plus a pair or a second trips: the best trips, then the best other rank seen twice.
      const top = topRank[trips]!;
      return fullHouse | (top << 16) | (topRank[(trips ^ (1 << top)) | pairs]! << 12);
    }
    // Three pairs (seven cards): the lowest pair can only play as the kicker.
    const topTwo = pairs & (pairs - 1);
    return twoPair | topFive[topTwo]! | (topRank[ranks ^ topTwo]! << 8);
  };
}

/** The ranks of the suit holding five or more cards; at most one suit can, in seven cards. */
function flushRanks(clubs: number, diamonds: number, hearts: number, spades: number): number {
  if (bitCount[clubs]! >= 5) return clubs;
  if (bitCount[diamonds]! >= 5) return diamonds;
  if (bitCount[hearts]! >= 5) return hearts;
  if (bitCount[spades]! >= 5) return spades;
  return 0;
}

/** Ranks held in at least three suits: in (clubs and diamonds, or hearts and spades) and in (clubs and hearts, or diamonds and spades). */
function tripsOf(clubs: number, diamonds: number, hearts: number, spades: number): number {
  return ((clubs & diamonds) | (hearts & spades)) & ((clubs & hearts) | (diamonds & spades));
}
