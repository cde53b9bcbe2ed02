import type { Card } from '../../cards/index.ts';
import { assertPackedCount, cardHighBit, cardLowBit, type PackedCards } from './core/card-masks.ts';

/**
 * What a ranking accepts. Breaking it is a programming error in the caller (the engine deals the
 * cards), so it throws rather than returning a "no hand" result.
 */
export interface HandShape {
  readonly holeMin: number;
  readonly holeMax: number;
  readonly boardMin: number;
  readonly boardMax: number;
  readonly totalMin: number;
  readonly totalMax: number;
  /** Lowest rank in the deck: 0 (two) normally, 4 (six) for the 36-card deck. */
  readonly lowestRank: number;
}

/** Pack hole + board after checking the counts, that the cards are distinct cards and in the deck. */
export function packHand(hole: readonly Card[], board: readonly Card[], shape: HandShape, rankingName: string): PackedCards {
  assertCounts(hole.length, board.length, shape, rankingName);
  let low = 0;
  let high = 0;
  for (let i = 0; i < hole.length; i++) {
    low |= cardLowBit[hole[i]!]!;
    high |= cardHighBit[hole[i]!]!;
  }
  for (let i = 0; i < board.length; i++) {
    low |= cardLowBit[board[i]!]!;
    high |= cardHighBit[board[i]!]!;
  }
  assertPackedCount(low, high, hole.length + board.length);
  assertInDeck(low, high, shape.lowestRank, rankingName);
  return { low, high };
}

export function assertCounts(holeCount: number, boardCount: number, shape: HandShape, rankingName: string): void {
  const total = holeCount + boardCount;
  if (holeCount < shape.holeMin || holeCount > shape.holeMax) {
    throw new RangeError(`${rankingName}: ${shape.holeMin}..${shape.holeMax} hole cards expected, got ${holeCount}`);
  }
  if (boardCount < shape.boardMin || boardCount > shape.boardMax) {
    throw new RangeError(`${rankingName}: ${shape.boardMin}..${shape.boardMax} board cards expected, got ${boardCount}`);
  }
  if (total < shape.totalMin || total > shape.totalMax) {
    throw new RangeError(`${rankingName}: ${shape.totalMin}..${shape.totalMax} cards in all expected, got ${total}`);
  }
}

function assertInDeck(low: number, high: number, lowestRank: number, rankingName: string): void {
  const below = (1 << lowestRank) - 1;
  const belowBoth = below | (below << 16);
  if ((low & belowBoth) !== 0 || (high & belowBoth) !== 0) {
    throw new RangeError(`${rankingName}: a card below the deck's lowest rank was given`);
  }
}
