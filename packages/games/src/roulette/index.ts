// Roulette (issue 7): European, French and double-ball on one pure engine, (state, action, rng) → (state, events).
export type * from './types.ts';
export {
  colourOf,
  highestNumber,
  isPocket,
  neighboursOf,
  pocketCount,
  redNumbers,
  wheelOrder,
  zero,
  type PocketColour,
} from './wheel.ts';
export {
  allInsidePositions,
  betTypes,
  insideBetTypes,
  insidePosition,
  isInsideType,
  isOutsidePositionName,
  numbersPerType,
  outsideBetTypes,
  outsideNumbers,
  outsidePosition,
  outsidePositionNames,
  payoutRatio,
  type BetType,
  type InsideBetType,
  type OutsideBetType,
  type OutsidePositionName,
  type Position,
} from './layout.ts';
export {
  announcedBetChipCount,
  announcedBetChips,
  announcedBetNames,
  announcedBetNumbers,
  isAnnouncedBetName,
  racetrackSpecialBets,
  type AnnouncedBetName,
  type ChipGroup,
} from './announced-bets.ts';
export {
  doubleBallRoulette,
  europeanRoulette,
  frenchRoulette,
  isRouletteVariantId,
  rouletteVariants,
  type RouletteVariant,
  type RouletteVariantId,
} from './variants.ts';
export {
  fortunaRouletteMinimumMinor,
  fortunaRoulettePositionMaximumMinor,
  insideMaximumFactor,
  InvalidRouletteTable,
  positionLimit,
  positionWinMaximumMinor,
  validateRouletteLimits,
  type PositionLimit,
  type RouletteTableLimits,
} from './limits.ts';
export { expandBets, placementsOf, rouletteBetsPerActionMax, rouletteBetsPerSeatMax } from './bets.ts';
export { placementReturnMinor } from './settlement.ts';
export { InvalidRouletteRound, RouletteRejection, type RouletteRejectionReason } from './rejection.ts';
export {
  applyRouletteAction,
  canApplyRouletteAction,
  openRouletteRound,
  rouletteSeatsMax,
  verifyRouletteAction,
  type OpenRouletteRoundOptions,
} from './round.ts';
export {
  replayRouletteRound,
  rouletteRecordFormat,
  rouletteRecordFromJson,
  rouletteRecordToJson,
  rouletteRecordVersion,
  rouletteRoundRecord,
  rouletteStateFromJson,
  rouletteStateToJson,
  type RouletteRoundRecord,
} from './record.ts';
export { allSpinResults, expectedReturn, fraction, fractionToNumber, type Fraction, type StakedPosition } from './rtp.ts';
