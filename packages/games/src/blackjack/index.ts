// Blackjack (issue 7): the rule set is data; a pure engine, (state, action, rng) → (state, events).
export type * from './types.ts';
export { cardPoints, handValue, isAce, isTenValue, isTwoCardTwentyOne, type HandValue } from './hand-value.ts';
export {
  blackjackDecksMax,
  cardCharlieMax,
  InvalidBlackjackRules,
  validateBlackjackRules,
  type BlackjackRules,
  type BlackjackWarningKind,
  type DoubleRule,
  type PayoutRatio,
} from './rules.ts';
export {
  blackjackPresets,
  fortunaBlackjack,
  fortunaBlackjackSurrender,
  reelClassicBlackjack,
  reelPremiumBlackjack,
  statedRtp,
} from './presets.ts';
export {
  fortunaBlackjackLimits,
  InvalidBlackjackTable,
  reelClassicLimits,
  reelPremiumLimits,
  validateBlackjackLimits,
  type BlackjackTableLimits,
} from './limits.ts';
export { BlackjackRejection, InvalidBlackjackRound, type BlackjackRejectionReason } from './rejection.ts';
export {
  applyBlackjackAction,
  applyBlackjackActions,
  blackjackActionsPerCallMax,
  blackjackSeatsMax,
  canApplyBlackjackAction,
  legalDecisions,
  openBlackjackRound,
  verifyBlackjackAction,
  type BlackjackStateView,
  type LegalDecisions,
  type OpenBlackjackRoundOptions,
} from './round.ts';
export { isPair, warningsFor } from './decisions.ts';
export { dealerHits } from './flow.ts';
export { blackjackReturnMinor, dealerOutcome, settleBox, type DealerOutcome } from './settlement.ts';
export {
  openTemporaryTable,
  temporaryTableHandover,
  type OpenTemporaryTableOptions,
  type TemporaryTableHandover,
} from './temporary-table.ts';
export { blackjackTableView, publicBlackjackEvent, type BlackjackPublicEvent, type BlackjackTableView } from './table-view.ts';
export {
  blackjackRecordFormat,
  blackjackRecordFromJson,
  blackjackRecordToJson,
  blackjackRecordVersion,
  blackjackRoundRecord,
  blackjackStateFromJson,
  blackjackStateToJson,
  replayBlackjackRound,
  type BlackjackRoundRecord,
} from './record.ts';
export {
  basicStrategy,
  expectedHandCounts,
  type BasicStrategy,
  type Decision,
  type DecisionValues,
  type HandInput,
  type LegalSet,
} from './analysis/basic-strategy.ts';
export { exactRtp, type ExactRtp } from './analysis/exact-rtp.ts';
export {
  playOneHand,
  simulateBlackjack,
  simulationHandsMax,
  type SimulationOptions,
  type SimulationResult,
} from './analysis/simulate.ts';
export { strategyChart } from './analysis/strategy-chart.ts';
