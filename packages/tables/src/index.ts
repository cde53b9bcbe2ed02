// The game service's rules (issue 7, docs/game-service.md): the lobby, seats and spectators, rounds
// on timers driven by a restart-safe scheduler, money through the self-limits and the ledger,
// disconnections (temporary tables), idle seats and game recall. The engines are @casino/games;
// apps/game-service is the HTTP and WebSocket face of this package.
export type { Presence, TableBroadcaster, TablesContext } from './context.ts';
export { tableRules } from './rules.ts';
export { toWire, type Wire } from './wire.ts';
export { replayRecord, type GameId, type TableLimits } from './engines.ts';
export { createTable, findTable, validateTableDefinition, type TableConfig, type TableDefinition } from './table-config.ts';
export { listTables, tableDetail, type LobbyTable, type TableDetail } from './lobby.ts';
export { playingAtTable, type PlayingAtTable } from './playing-time.ts';
export { leaveAllSeats, leaveSeat, takeSeat } from './seats.ts';
export { ChatThrottle, chatMessagesPerWindowMax, chatWindowMs, sendChatMessage, type ChatMessage } from './chat.ts';
export { actInRound, type ActRequest, type ActResult, type PlayerAction } from './act-in-round.ts';
export { noteDisconnected, runDueRounds, type RunDueRoundsOptions } from './run-due-rounds.ts';
export { pendingTemporaryTables, resumeTemporaryTable, type TemporaryTableSummary } from './temporary-tables.ts';
export { recallRound, roundHistory, type RoundRecall, type RoundSummary } from './recall.ts';
export {
  playerChannel,
  RedisPresence,
  RedisTableBroadcaster,
  tableChannel,
  type PlayerMessage,
  type RoundMessage,
  type TableMessage,
} from './realtime.ts';
export { stakeKey, winKey } from './money.ts';
export { releaseHeldWins } from './win-holds.ts';
