/**
 * Poker hand evaluation: what the betting engine imports. Rankings implement `HandRanking`; the raw
 * evaluators are for hot loops (equity, simulations, benchmarks) that only compare numbers.
 */
export type { HandRanking, HandStrength } from './ranking.ts';
export { highRanking, shortDeckHighRanking } from './rankings/high.ts';
export { omahaHighRanking, omahaLow8Ranking } from './rankings/omaha.ts';
export { aceToFiveLow8Ranking, aceToFiveLowRanking, deuceToSevenLowRanking } from './rankings/lows.ts';
export { badugiRanking, badugiShape } from './rankings/badugi.ts';
export {
  createSokoRanking,
  createSokoScheme,
  sokoDefaultRules,
  sokoRanking,
  sokoShape,
  type SokoRules,
} from './rankings/soko.ts';
export {
  deck32HighScheme,
  listLOrder,
  sevenE32Ranking,
  sevenE36Ranking,
  sevenEDeckSize,
  sevenERanking,
} from './rankings/seven-e.ts';
export { findWinners } from './find-winners.ts';
export { equityHandsMax, holdemEquity, type EquityResult, type HandEquity } from './equity.ts';
export { ScoredHand, type HandStrengthRecord } from './hand-strength.ts';

// Raw evaluators: numbers only, higher is better, equal ties.
export {
  evaluateHigh,
  evaluateHighPacked,
  evaluateShortDeckHigh,
  evaluateShortDeckPacked,
  evaluatedCardsMax,
  evaluatedCardsMin,
} from './core/evaluate-high.ts';
export { cardHighBit, cardLowBit, packCards, unpackCards, type PackedCards } from './core/card-masks.ts';
export type { MaskEvaluator } from './core/mask-evaluator.ts';

// Building blocks for further rankings (Sökö, 32-card decks, Badugi): a scheme plus a selection rule.
export {
  aceAlwaysHighScheme,
  aceToFiveScheme,
  createHighScheme,
  highKinds,
  shortDeckHighScheme,
  standardHighScheme,
  type HighKind,
  type HighScheme,
  type HighSchemeOptions,
} from './core/high-scheme.ts';
export { createMaskEvaluator } from './core/mask-evaluator.ts';
export type { FiveCardScheme } from './schemes/five-card-scheme.ts';
export { createHighFiveScheme } from './schemes/high-five.ts';
export { aceToFiveEightFive, aceToFiveFive, deuceToSevenFive, qualifiesEightOrBetter } from './schemes/low-five.ts';
export { standardHighFive, shortDeckHighFive } from './rankings/high.ts';
export { scoreAnyFive, scoreTwoPlusThree } from './select-best.ts';
export type { HandShape } from './hand-rules.ts';
export { anyFiveShape, omahaShape, shortDeckShape } from './rankings/shapes.ts';
