export { createDb, pgPoolOf, type CreateDbOptions, type Db, type Tx } from './client.ts';
export { Prisma } from './generated/client.ts';
export {
  afterCommit,
  isRetryableTransactionError,
  retryingAbortedTransactions,
  sqlStateOf,
  transaction,
  TransactionRetriesExhausted,
  type Isolation,
  type RetryOptions,
  type TransactionOptions,
} from './transaction.ts';
export {
  inlineStatement,
  pgBatchedTransaction,
  pgClientOfTx,
  pgTransaction,
  rollBack,
  type BatchedTransaction,
  type PgClient,
} from './pg-transaction.ts';
export { applyMigrations, type MigrationResult } from './migrate.ts';
export { lockPlayer, lockPlayers, playerLockKey } from './player-lock.ts';
export {
  countPendingOutboxMessages,
  enqueueOutboxMessage,
  enqueueOutboxMessages,
  outboxSealedKey,
  relayOutboxBatch,
  type OutboxMessage,
  type OutboxMessageInput,
  type RelayOptions,
} from './outbox.ts';
export { handleOnce, type HandleOnceResult } from './inbox.ts';
export { createRedis, redisReady, type CreateRedisOptions, type Redis } from './redis.ts';
export { defineJob, type JobContext, type JobDefinition } from './jobs.ts';
export { recordWorkerHeartbeat } from './heartbeat.ts';
export {
  assertLoginAllowed,
  assertRulesSound as assertLoginThrottleRulesSound,
  defaultLoginThrottleRules,
  purgeLoginThrottle,
  recordLoginFailure,
  recordLoginSuccess,
  type LoginAttempt,
  type LoginThrottleRules,
  type ThrottleBudget,
} from './login-throttle.ts';
export {
  classifyConnectionError,
  ConnectionUnavailableError,
  connectionWaitDefaults,
  waitForConnection,
  type ConnectionFailure,
  type WaitForConnectionOptions,
} from './wait-for-connection.ts';
