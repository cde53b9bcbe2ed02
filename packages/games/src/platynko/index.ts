// Plátýnko (issue 24): 004 Annex 3's 32-card canvas game on a pure engine, (state, action, rng) → (state, events).
export type * from './types.ts';
export {
  cardIdOf,
  columnCards,
  isPlatynkoCard,
  isPlatynkoRank,
  isPlatynkoSuit,
  platynkoCanvas,
  platynkoDeckSize,
  platynkoRanks,
  platynkoSuits,
  rowCards,
  type PlatynkoCardId,
  type PlatynkoRank,
  type PlatynkoSuit,
} from './canvas.ts';
export {
  fortunaPlatynko,
  fortunaPlatynkoLimits,
  InvalidPlatynkoTable,
  platynkoSeatsMax,
  validatePlatynkoLimits,
  validatePlatynkoTableOptions,
  type PlatynkoTableLimits,
  type PlatynkoTableOptions,
} from './limits.ts';
export {
  cardReturnMinor,
  drawPlatynkoCards,
  drawPosition,
  payoutReadings,
  platynkoDrawLength,
  platynkoReturnMultipliers,
  type PayoutReading,
} from './payouts.ts';
export { cardsOf, layoutOf, platynkoBetsPerActionMax, platynkoBetsPerSeatMax } from './bets.ts';
export { settleLayout } from './settlement.ts';
export { InvalidPlatynkoRound, PlatynkoRejection, type PlatynkoRejectionReason } from './rejection.ts';
export {
  applyPlatynkoAction,
  canApplyPlatynkoAction,
  confirmedLayout,
  openPlatynkoRound,
  verifyPlatynkoAction,
  type OpenPlatynkoRoundOptions,
} from './round.ts';
export {
  platynkoRecordFormat,
  platynkoRecordFromJson,
  platynkoRecordToJson,
  platynkoRecordVersion,
  platynkoRoundRecord,
  platynkoStateFromJson,
  platynkoStateToJson,
  replayPlatynkoRound,
  type PlatynkoRoundRecord,
} from './record.ts';
export {
  acceptedPayoutReading,
  drawPositionCounts,
  drawSequenceCount,
  exactCardReturn,
  exactLayoutReturn,
  exactPlatynkoRtp,
  platynkoSimulationRoundsMax,
  RejectedPayoutReading,
  simulatePlatynko,
  statedPlatynkoRtp,
  type PlatynkoSimulation,
} from './rtp.ts';
