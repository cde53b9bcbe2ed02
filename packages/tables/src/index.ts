// The game service's rules (issue 7, docs/game-service.md): the lobby, seats and spectators, rounds
// on timers driven by a restart-safe scheduler, money through the self-limits and the ledger,
// disconnections (temporary tables), idle seats and game recall. The engines are @casino/games;
// apps/game-service is the HTTP and WebSocket face of this package.
export type { Presence, TableBroadcaster, TablesContext } from './context.ts';
export { tableRules } from './rules.ts';
export { toWire, type Wire } from './wire.ts';
export { replayRecord, type GameId, type TableLimits } from './engines.ts';
export { createTable, findTable, validateTableDefinition, type TableConfig, type TableDefinition } from './table-config.ts';
export { listTables, tableDetail, tableView, type LobbyTable, type TableDetail } from './lobby.ts';
export { playingAtTable, type PlayingAtTable } from './playing-time.ts';
export { leaveAllSeats, leaveSeat, takeSeat } from './seats.ts';
export { setTableAcceptingBets } from './suspend-betting.ts';
export { ChatThrottle, chatMessagesPerWindowMax, chatWindowMs, sendChatMessage, type ChatMessage } from './chat.ts';
export { actInRound, confirmationsWaitingFor, type ActRequest, type ActResult, type PlayerAction } from './act-in-round.ts';
export { oneCallConfirmationCount } from './confirm-stake.ts';
export { oneCallTurnCount } from './settle-round.ts';
export { oneCallPoolCommitCount } from './poker/store-speed-pool.ts';
export { noteDisconnected, runDueRounds, runSchedulerPass, type RunDueRoundsOptions } from './run-due-rounds.ts';
export { roundSchedulerLagMs } from './round-store.ts';
export { pendingTemporaryTables, resumeTemporaryTable, type TemporaryTableSummary } from './temporary-tables.ts';
export { recallRound, roundHistory, type RoundRecall, type RoundSummary } from './recall.ts';
export {
  playerChannel,
  RedisPresence,
  RedisTableBroadcaster,
  LocalDelivery,
  localDeliveryOf,
  tableChannel,
  type PlayerMessage,
  type RoundMessage,
  type TableMessage,
} from './realtime.ts';
export { stakeKey, winKey } from './money.ts';
export { joinPlatynkoTable, platynkoVariant, type PlatynkoTableChoice } from './platynko.ts';
export { releaseHeldWins } from './win-holds.ts';
// Poker cash tables (issue 16): the rule profile type, the table–driver contract and the durable store.
export * from './poker/store.ts';
export {
  pokerRuleProfileIds,
  type AmountPerCurrency,
  type PokerRuleProfile,
  type PokerRuleProfileId,
  type PokerTableDefinition,
} from './poker/profile.ts';
export {
  amountFor,
  buyInRange,
  perHandStakeCapMinor,
  pokerTableProblems,
  validatePokerTableDefinition,
  type PokerTableProblem,
} from './poker/definition.ts';
// The in-memory poker cash table (issue 16): pure, driven by the game service (runtime-types.ts is the contract).
export {
  bustedSeatHandsMaxDefault,
  PokerTable,
  TableInvariantViolation,
  type PokerTableOptions,
  type RemovalReason,
  type SeatPlayerInput,
  type TableEvent,
  type TableStep,
} from './poker/table.ts';
export { engineSettings, type EngineSettings } from './poker/engine-settings.ts';
// Stud, draw and mixed games at the tables (issue 20): the variant ids, the profile's offer and one hand at a table.
export {
  bettingStructureOf,
  fixedLimitRulesOf,
  fixedLimitVariantId,
  mixedVariantId,
  nextMixedTableHand,
  otherGameVariantIds,
  playersMaxOf,
  profileOffers,
  tableGameOf,
  type TableGame,
} from './poker/table-games.ts';
export {
  engineSeatOrder,
  engineStakes,
  FixedLimitTableHand,
  fixedLimitPrivateView,
  fixedLimitPublicView,
  type FixedLimitCommand,
  type FixedLimitHandRecord,
  type FixedLimitOutcome,
  type FixedLimitPrivateView,
  type FixedLimitPublicView,
  type FixedLimitTableStakes,
} from './poker/fixed-limit-table.ts';
export { completedHandText } from './poker/hand.ts';
export { flopHistoryOf, isFixedLimitRecord, verifyStoredHandRecord } from './poker/fixed-limit-running.ts';
export { refusalReason, type TableRefusalReason } from './poker/seats.ts';
export type * from './poker/runtime-types.ts';
export { chatLanguagesCheckable, foreignLetterOf } from './poker/chat-language.ts';
export type { PokerLobbyEntry, PokerRoom, SitRequest, TableSnapshot } from './poker/room-types.ts';
// The poker room's driver (issue 16): leases, per-table queues, one deadline scheduler, forwarding over Redis.
export {
  createPokerRoom,
  newPokerInstanceId,
  pokerHandPauseMsDefault,
  type CreatePokerRoomOptions,
} from './poker/create-room.ts';
export { PokerRoomDriver, pokerRoomLimits, type PokerRoomOptions, type RoomLog } from './poker/room.ts';
// The poker room's integrity (issue 18): aliases, anonymous and private tables, suspensions, "not together", clawback.
export * from './poker/integrity/index.ts';
export { integrityRulesOf, pokerIntegrityDefaults, type PokerIntegrityRules } from './poker/profile.ts';
// Poker tournaments (issue 19): pure rules, director and money (docs/tournaments.md).
export * as tournament from './tournament/index.ts';
export type { TournamentRuleProfile, TournamentDefinition } from './tournament/index.ts';
// The SE poker account between the main account and the tables (issue 26, 003:R-WAL).
export {
  leavePokerHall,
  pokerAccountBalances,
  pokerAccountWallet,
  transferFromPokerAccount,
  transferToPokerAccount,
  type PokerAccountBalances,
  type PokerAccountTransfer,
} from './poker/poker-account.ts';
