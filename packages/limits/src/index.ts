// Self-limitation measures (responsible gambling) and their enforcement: docs/limits.md.
//
// The catalogue of measures and the change rules are data (a jurisdiction profile). Players set or
// refuse each measure at registration, then tighten (at once) or loosen (pending, withdrawable)
// them; every change is kept. Enforcement runs INSIDE the caller's database transaction, BEFORE its
// ledger posting, under a per-player lock (the lock order is: limits row, then ledger accounts):
//
//   cashier       authorizeDeposit(ctx, tx, { playerId, reference, amount, rateToCzk? })
//   game service  startPlaySession → authorizeStake(ctx, tx, { playerId, playSessionId, reference, amount, rateToCzk?, category })
//                 → recordSettlement(…) for each win, cash-out or prize → recordPlayActivity(…) after each round or hand
//                 (status 'stop': no new round; a seated player leaves after the hand) → endPlaySession
//                 authorizeTournamentEntry(ctx, tx, { playerId, countLimitsRequired }) for each tournament entry (003:R-LIM-02)
//
// A refusal throws a DomainError (`limit-exceeded` with the measure and the remaining amount,
// `self-excluded`, `listed-in-register`, `account-not-active`, `play-session-ended`), which rolls the
// caller's transaction back, posting included. Amounts in another currency count in CZK at the rate
// the caller converted them at (`rateToCzk`, 004:REG-22, BET-06). The same `reference` twice is
// counted once (pass the ledger idempotency key).
export {
  calendarPeriods,
  czechProfile,
  exclusionHoursMax,
  findMeasure,
  swedishProfile,
  type CalendarPeriod,
  type JurisdictionProfile,
  type LimitPeriod,
  type LooseningRule,
  type MeasureDefinition,
  type MeasureKind,
  type Metric,
} from './catalogue.ts';
export type {
  EnforcementContext,
  ExcludedPersonsRegister,
  LimitsContext,
  PlayerAccounts,
  RegisterEntryAnswer,
} from './context.ts';
export { periodContaining, splitByPeriod, type PeriodWindow } from './periods.ts';
export type { MeasureSetting, PendingChange } from './measures.ts';
export {
  decisionsOf,
  recordRegistrationDecisions,
  resolveRegistrationDecisions,
  type MeasureDecision,
  type ResolvedDecision,
} from './registration-decisions.ts';
export { carryOverMeasures, measuresInForceOf, milderDecisions } from './carry-over.ts';
// Changing measures (the player, through player-api).
export { changeLimit, looseningEffectiveFrom, type LimitChangeOutcome, type LimitChangeRequest } from './change-limit.ts';
export { withdrawPendingChange } from './withdraw-pending-change.ts';
export { pressPanicButton, selfExclude, type SelfExclusionOutcome, type SelfExclusionRequest } from './self-exclude.ts';
export { closeAccount } from './close-account.ts';
export { requestRegisterEntry } from './request-register-entry.ts';
export { setRealityCheck } from './set-reality-check.ts';
// Enforcement (the cashier and the game service, inside their transactions).
export { authorizeStake, type Authorized, type StakeAuthorized, type StakeRequest } from './authorize-stake.ts';
export { decideStakeOnRead, stakeReadArguments, type DecidedStake, type StakeReadArguments } from './stake-one-call.ts';
export {
  authorizeTournamentEntry,
  type TournamentEntryAuthorized,
  type TournamentEntryRequest,
} from './authorize-tournament-entry.ts';
export { authorizeDeposit, checkDeposit, type DepositRequest } from './authorize-deposit.ts';
export { decideDepositOnRead, depositReadArguments, type DecidedDeposit } from './deposit-one-call.ts';
export { recordSettlement, type SettlementRequest } from './record-settlement.ts';
export { startPlaySession, type StartedPlaySession } from './start-play-session.ts';
export { recordPlayActivity, type PlayActivity } from './record-play-activity.ts';
export { recordPlayActivities } from './record-play-activities.ts';
export {
  decideRoundSettlement,
  settlementReadDays,
  type DecidedRoundSettlement,
  type SettlementPlayerRead,
  type SettlementWin,
} from './settle-one-call.ts';
export { endPlaySession } from './end-play-session.ts';
export { fxRounding, type GameCategory } from './usage-entries.ts';
// Views (player-api, admin-api).
export { limitsOverview, type LimitsOverview, type MeasureOverview } from './limits-overview.ts';
export { historyPageSizeMax, limitHistory, type ChangeStatus, type HistoryEntry } from './limit-history.ts';
export { playingTimeToday, type PlayingTimeToday } from './playing-time-today.ts';
