import type { Card } from '../../../cards/index.ts';
import { cardAceLowBit, cardHighBit, cardLowBit } from '../core/card-masks.ts';
import { aceToFiveScheme } from '../core/high-scheme.ts';
import { bitCount, topFive } from '../core/rank-tables.ts';
import { subsetPositions } from '../core/subsets.ts';
import { packHand } from '../hand-rules.ts';
import { ScoredHand } from '../hand-strength.ts';
import { aceToFiveEightFive, lowBase } from '../schemes/low-five.ts';
import { omahaShape } from './shapes.ts';

/** Ace-to-five rank bits of ace..eight (bits 0–7); higher cards never play in an 8-or-better low. */
const eightOrBetterRanks = 0xff;
const noLow = 0x10000;

/**
 * The Omaha 8-or-better low without trying all 60 (or 100) two-plus-three hands: it depends only on
 * ranks. The board's distinct low ranks are one mask; for each hole pair of two different low
 * ranks, the best three board ranks are the three lowest not already in the pair. Read as a number,
 * a mask of five ranks is lower exactly when the low is better (see `cardAceLowBit`).
 */
export function scoreOmahaLowEight(hole: readonly Card[], board: readonly Card[]): ScoredHand | null {
  packHand(hole, board, omahaShape, 'omaha low 8 or better');
  let boardRanks = 0;
  for (let i = 0; i < board.length; i++) boardRanks |= cardAceLowBit[board[i]!]! & eightOrBetterRanks;
  if (bitCount[boardRanks]! < 3) return null;
  let best = noLow;
  let bestPair = -1;
  const pairs = subsetPositions(hole.length, 2);
  for (let p = 0; p < pairs.length; p += 2) {
    const first = cardAceLowBit[hole[pairs[p]!]!]! & eightOrBetterRanks;
    const second = cardAceLowBit[hole[pairs[p + 1]!]!]! & eightOrBetterRanks;
    if (first === 0 || second === 0 || first === second) continue;
    const rest = boardRanks & ~(first | second);
    if (bitCount[rest]! < 3) continue;
    const low = first | second | lowestThree(rest);
    if (low < best) {
      best = low;
      bestPair = p;
    }
  }
  if (best === noLow) return null;
  // Same encoding as `aceToFiveValue`: an unpaired low's badness is its high-card value.
  const value = lowBase - ((aceToFiveScheme.levels['high-card'] << 20) | topFive[best]!);
  return chosenCards(value, hole[pairs[bestPair]!]!, hole[pairs[bestPair + 1]!]!, board, best);
}

function lowestThree(ranks: number): number {
  const first = ranks & -ranks;
  const afterFirst = ranks ^ first;
  const second = afterFirst & -afterFirst;
  const afterSecond = afterFirst ^ second;
  return first | second | (afterSecond & -afterSecond);
}

/** The hand's five cards: the hole pair and one board card for each of the other three ranks. */
function chosenCards(value: number, first: Card, second: Card, board: readonly Card[], ranks: number): ScoredHand {
  let low = cardLowBit[first]! | cardLowBit[second]!;
  let high = cardHighBit[first]! | cardHighBit[second]!;
  let boardRanks = ranks & ~(cardAceLowBit[first]! | cardAceLowBit[second]!);
  for (let i = 0; i < board.length && boardRanks !== 0; i++) {
    const bit = cardAceLowBit[board[i]!]!;
    if ((boardRanks & bit) === 0) continue;
    boardRanks ^= bit;
    low |= cardLowBit[board[i]!]!;
    high |= cardHighBit[board[i]!]!;
  }
  return new ScoredHand(value, aceToFiveEightFive, low, high);
}
