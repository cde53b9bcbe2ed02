import { createHighScheme, type HighKind } from '../core/high-scheme.ts';
import { createMaskEvaluator } from '../core/mask-evaluator.ts';
import { packHand, type HandShape } from '../hand-rules.ts';
import { ScoredHand } from '../hand-strength.ts';
import type { HandRanking } from '../ranking.ts';
import { createHighFiveScheme } from '../schemes/high-five.ts';
import type { FiveCardScheme } from '../schemes/five-card-scheme.ts';
import { anyFiveShape } from './shapes.ts';
import { shortDeckHighRanking } from './high.ts';

/**
 * 003 list L (Mörkpoker 7-E, Americana; 003 R-7E-05): SF > quads > flush > full house > straight >
 * trips > two pair > pair > high card. Ties inside a class by the standard methods A–G, J, K (003 Q-38).
 */
export const listLOrder: readonly HighKind[] = [
  'high-card',
  'one-pair',
  'two-pair',
  'three-of-a-kind',
  'straight',
  'full-house',
  'flush',
  'four-of-a-kind',
  'straight-flush',
];

/** The 32-card deck (sevens to aces, 003 R-7E-01): the ace may play as a six, so A-7-8-9-T is the lowest straight (R-7E-03). */
export const deck32HighScheme = createHighScheme({
  name: '32-card deck (list L)',
  lowestRank: 5,
  aceLowStraight: true,
  order: listLOrder,
});

export const deck32HighFive: FiveCardScheme = createHighFiveScheme(deck32HighScheme);
const evaluateDeck32 = createMaskEvaluator(deck32HighScheme);
export const deck32Shape: HandShape = { ...anyFiveShape, lowestRank: 5 };

/** Mörkpoker 7-E with 32 cards (≤ 4 players in the hand, 003 R-7E-01): list L, A-7-8-9-T the lowest straight. */
export const sevenE32Ranking: HandRanking = {
  name: '7-E 32-card high',
  strength: (hole, board) => {
    const packed = packHand(hole, board, deck32Shape, '7-E 32-card high');
    return new ScoredHand(
      evaluateDeck32(packed.low, packed.high, hole.length + board.length),
      deck32HighFive,
      packed.low,
      packed.high,
    );
  },
};

/**
 * Mörkpoker 7-E with 36 cards (5 players, 003 R-7E-02): list L with A-6-7-8-9 the lowest straight,
 * A-7-8-9-T then no straight (R-7E-03). That is exactly Six Plus Hold'em's ranking (004 GAM-P6-02,
 * trips below a straight in both), so the same evaluator serves.
 */
export const sevenE36Ranking: HandRanking = { name: '7-E 36-card high', strength: shortDeckHighRanking.strength };

/** 003 R-7E-01/02: 32 cards when at most 4 players are in the hand, 36 with 5; more is not covered (R-7E-07). */
export function sevenEDeckSize(players: number): 32 | 36 {
  if (!Number.isInteger(players) || players < 2 || players > 5) {
    throw new RangeError(`Mörkpoker 7-E is dealt to 2–5 players (003 R-7E-07), not ${players}`);
  }
  return players <= 4 ? 32 : 36;
}

export function sevenERanking(deckSize: 32 | 36): HandRanking {
  return deckSize === 32 ? sevenE32Ranking : sevenE36Ranking;
}
