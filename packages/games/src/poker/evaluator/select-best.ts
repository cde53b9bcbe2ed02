import type { Card } from '../../cards/index.ts';
import { cardHighBit, cardLowBit } from './core/card-masks.ts';
import { subsetPositions } from './core/subsets.ts';
import { packHand, type HandShape } from './hand-rules.ts';
import { ScoredHand } from './hand-strength.ts';
import type { FiveCardScheme } from './schemes/five-card-scheme.ts';

/**
 * The two selection rules every ranking so far needs, written once for any `FiveCardScheme`:
 * best of any five cards (Hold'em, Stud, Draw, Razz, 2-7), and exactly two hole plus three board
 * cards (Omaha, 000-001 VAR-OM-03). Scratch arrays are reused: evaluation is synchronous and never
 * calls back into caller code, so sharing them is safe.
 */
const cardsMax = 16;
const triplesMax = 560; // C(16, 3)
const scratchLows = new Int32Array(cardsMax);
const scratchHighs = new Int32Array(cardsMax);
const tripleLows = new Int32Array(triplesMax);
const tripleHighs = new Int32Array(triplesMax);

/** Best score over every five-card subset of hole + board; null when no subset qualifies. */
export function scoreAnyFive(
  scheme: FiveCardScheme,
  hole: readonly Card[],
  board: readonly Card[],
  shape: HandShape,
  rankingName: string,
): ScoredHand | null {
  const packed = packHand(hole, board, shape, rankingName);
  const count = hole.length + board.length;
  for (let i = 0; i < count; i++) {
    const card = i < hole.length ? hole[i]! : board[i - hole.length]!;
    scratchLows[i] = cardLowBit[card]!;
    scratchHighs[i] = cardHighBit[card]!;
  }
  const positions = subsetPositions(count, 5);
  let best = 0;
  for (let p = 0; p < positions.length; p += 5) {
    const a = positions[p]!;
    const b = positions[p + 1]!;
    const c = positions[p + 2]!;
    const d = positions[p + 3]!;
    const e = positions[p + 4]!;
    const low = scratchLows[a]! | scratchLows[b]! | scratchLows[c]! | scratchLows[d]! | scratchLows[e]!;
    const high = scratchHighs[a]! | scratchHighs[b]! | scratchHighs[c]! | scratchHighs[d]! | scratchHighs[e]!;
    const value = scheme.scorePacked(low, high);
    if (value > best) best = value;
  }
  return best === 0 ? null : new ScoredHand(best, scheme, packed.low, packed.high);
}

/** Best score using exactly two hole cards and exactly three board cards; null when none qualifies. */
export function scoreTwoPlusThree(
  scheme: FiveCardScheme,
  hole: readonly Card[],
  board: readonly Card[],
  shape: HandShape,
  rankingName: string,
): ScoredHand | null {
  packHand(hole, board, shape, rankingName);
  const tripleCount = packTriples(board);
  const pairs = subsetPositions(hole.length, 2);
  let best = 0;
  let bestLow = 0;
  let bestHigh = 0;
  for (let p = 0; p < pairs.length; p += 2) {
    const first = hole[pairs[p]!]!;
    const second = hole[pairs[p + 1]!]!;
    const pairLow = cardLowBit[first]! | cardLowBit[second]!;
    const pairHigh = cardHighBit[first]! | cardHighBit[second]!;
    for (let t = 0; t < tripleCount; t++) {
      const low = pairLow | tripleLows[t]!;
      const high = pairHigh | tripleHighs[t]!;
      const value = scheme.scorePacked(low, high);
      if (value > best) {
        best = value;
        bestLow = low;
        bestHigh = high;
      }
    }
  }
  return best === 0 ? null : new ScoredHand(best, scheme, bestLow, bestHigh);
}

/** Every three-card subset of the board, packed into the triple scratch arrays; returns how many. */
function packTriples(board: readonly Card[]): number {
  const positions = subsetPositions(board.length, 3);
  let count = 0;
  for (let p = 0; p < positions.length; p += 3) {
    const a = board[positions[p]!]!;
    const b = board[positions[p + 1]!]!;
    const c = board[positions[p + 2]!]!;
    tripleLows[count] = cardLowBit[a]! | cardLowBit[b]! | cardLowBit[c]!;
    tripleHighs[count] = cardHighBit[a]! | cardHighBit[b]! | cardHighBit[c]!;
    count++;
  }
  return count;
}
