// Poker game state machine (issue 8): pure, deterministic, (state, action) → (state, events).
export type * from './types.ts';
export { allAutomations } from './types.ts';
export { IllegalAction, InvalidHandOptions, type IllegalActionReason } from './illegal-action.ts';
export { EngineInvariantViolation } from './chips.ts';
export {
  bettingStructures,
  createVariant,
  createVariantCatalog,
  gameKinds,
  tableSeatsMax,
  variantId,
  type GameKind,
  type VariantRankings,
} from './variants.ts';
export {
  fixedLimitHoldem,
  fixedLimitOmahaHiLo,
  noLimitHoldem,
  pokerRankings,
  potLimitFiveCardOmaha,
  potLimitHoldem,
  potLimitOmaha,
  potLimitOmahaHiLo,
  sixPlusHoldem,
  variantCatalog,
} from './presets.ts';
export {
  buttonRuleProfiles,
  defaultTableRules,
  reelRakeBounds,
  tableRuleProfiles,
  validateRakeRule,
  validateTableRules,
  type RakeBounds,
  type RulesProfile,
} from './rules.ts';
export { defaultBlinds, startHand, type StartHandOptions } from './start-hand.ts';
export {
  act,
  allIn,
  bet,
  call,
  canAllIn,
  canBet,
  canCall,
  canCheck,
  canFold,
  canRaise,
  canTimeOut,
  check,
  fold,
  raise,
  timeOut,
  verifyAllIn,
  verifyBet,
  verifyCall,
  verifyCheck,
  verifyFold,
  verifyRaise,
  verifyTimeOut,
  type PlayerAction,
} from './actions.ts';
export {
  canChooseRunCount,
  canStep,
  chooseRunCount,
  collectBets,
  dealBoard,
  dealHoleCards,
  muckHand,
  postForcedBets,
  pushChips,
  runPendingStep,
  showHand,
  verifyChooseRunCount,
  verifyMuckHand,
  verifyShowHand,
  verifyStep,
} from './steps.ts';
export { legalActions, pendingDecision, type PendingDecision } from './legal-actions.ts';
export { voidHand } from './void-hand.ts';
export { buildPots } from './pots.ts';
export { attributeRake, rakePerPot } from './rake.ts';
export {
  exportHandHistory,
  handHistoryFormat,
  handHistoryFromJsonText,
  handHistoryToJsonText,
  handOptionsFromHistory,
  InvalidHandHistory,
  replayHandHistory,
  type HandHistory,
} from './history.ts';
export { formatHandHistoryText, type TextHistoryOptions } from './history-text.ts';
export {
  planNextHand,
  type ButtonRule,
  type HandPlan,
  type Positions,
  type SeatIntent,
  type TablePlanOptions,
} from './table-plan.ts';
