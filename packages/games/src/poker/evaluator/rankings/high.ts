import type { Card } from '../../../cards/index.ts';
import { evaluateHighPacked, evaluateShortDeckPacked } from '../core/evaluate-high.ts';
import { shortDeckHighScheme, standardHighScheme } from '../core/high-scheme.ts';
import type { MaskEvaluator } from '../core/mask-evaluator.ts';
import { packHand, type HandShape } from '../hand-rules.ts';
import { ScoredHand } from '../hand-strength.ts';
import type { HandRanking } from '../ranking.ts';
import { createHighFiveScheme } from '../schemes/high-five.ts';
import type { FiveCardScheme } from '../schemes/five-card-scheme.ts';
import { anyFiveShape, shortDeckShape } from './shapes.ts';

export const standardHighFive: FiveCardScheme = createHighFiveScheme(standardHighScheme);
export const shortDeckHighFive: FiveCardScheme = createHighFiveScheme(shortDeckHighScheme);

/**
 * Hold'em (and Stud, Draw): the best five of hole + board, any mix of hole cards, playing the board
 * allowed (000-001 VAR-HE-10, 002 HE-01, 004 GAM-PT-01). One pass over 5–7 cards, no subsets.
 */
export const highRanking: HandRanking = {
  name: 'high',
  strength: (hole, board) => scoreHigh(evaluateHighPacked, standardHighFive, anyFiveShape, 'high', hole, board),
};

/**
 * Six Plus Hold'em (004 GAM-P6-01..03): 36 cards, flush above full house, A-6-7-8-9 the lowest
 * straight, three of a kind below a straight (decision recorded at `shortDeckHighScheme`). Cards
 * below six are rejected.
 */
export const shortDeckHighRanking: HandRanking = {
  name: 'short deck high',
  strength: (hole, board) =>
    scoreHigh(evaluateShortDeckPacked, shortDeckHighFive, shortDeckShape, 'short deck high', hole, board),
};

function scoreHigh(
  evaluate: MaskEvaluator,
  scheme: FiveCardScheme,
  shape: HandShape,
  name: string,
  hole: readonly Card[],
  board: readonly Card[],
): ScoredHand {
  const packed = packHand(hole, board, shape, name);
  return new ScoredHand(evaluate(packed.low, packed.high, hole.length + board.length), scheme, packed.low, packed.high);
}
