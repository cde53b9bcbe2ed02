import { DomainError, fullJitterBackoffMs } from '@casino/core';
import type { Db, Tx } from './client.ts';

export type Isolation = 'ReadCommitted' | 'RepeatableRead' | 'Serializable';

export interface TransactionOptions {
  isolation?: Isolation;
  /** Attempts in all, the first included. A serialization failure or deadlock is retried. */
  attemptsMax?: number;
  /** Backoff before retry n is a random value in [0, min(backoffCapMs, backoffBaseMs * 2^n)] ("full jitter"). */
  backoffBaseMs?: number;
  backoffCapMs?: number;
  /** The whole interactive transaction must finish within this time. */
  timeoutMs?: number;
  /** Waiting for a pooled connection longer than this fails the attempt. */
  maxWaitMs?: number;
}

const defaults = {
  isolation: 'ReadCommitted',
  attemptsMax: 5,
  backoffBaseMs: 10,
  backoffCapMs: 500,
  timeoutMs: 10_000,
  maxWaitMs: 2_000,
} as const satisfies Required<TransactionOptions>;

/** SQLSTATEs that mean "the database gave up on this transaction; running it again may succeed". */
const retryableSqlStates = new Set(['40001' /* serialization_failure */, '40P01' /* deadlock_detected */]);

/**
 * Runs `fn` in one database transaction and retries it when PostgreSQL aborts it with a
 * serialization failure or a deadlock. `fn` must therefore be safe to run again: it may not
 * have side effects outside the transaction (use the outbox for those).
 */
export function transaction<T>(db: Db, fn: (tx: Tx) => Promise<T>, options: TransactionOptions = {}): Promise<T> {
  const settings = { ...defaults, ...options };
  return retryingAbortedTransactions(async () => {
    let attempt: Tx | undefined;
    const result = await db.$transaction(
      (tx) => {
        attempt = tx;
        afterCommitCallbacks.set(tx, []);
        return fn(tx);
      },
      {
        // READ COMMITTED is every connection's default (createDb pins it), so it needs no statement.
        ...(settings.isolation === 'ReadCommitted' ? {} : { isolationLevel: settings.isolation }),
        timeout: settings.timeoutMs,
        maxWait: settings.maxWaitMs,
      },
    );
    // Only a committed attempt runs its callbacks: an aborted one (retried or failed) drops them.
    const callbacks = attempt && afterCommitCallbacks.get(attempt);
    if (callbacks) for (const callback of callbacks) callback();
    return result;
  }, settings);
}

/** Callbacks of the transactions `transaction()` runs, by their client, until they commit. */
const afterCommitCallbacks = new WeakMap<object, Array<() => void>>();

/**
 * Runs `callback` once `tx` has committed (counting what a transaction did, D-2203): a retried or
 * rolled-back attempt never runs it. Outside a transaction of `transaction()` (a plain client, or a
 * transaction someone opened with `$transaction` directly) it runs at once. The callback must not
 * throw and must not do I/O.
 */
export function afterCommit(tx: Tx | Db, callback: () => void): void {
  const callbacks = afterCommitCallbacks.get(tx);
  if (callbacks) callbacks.push(callback);
  else callback();
}

export type RetryOptions = Pick<TransactionOptions, 'attemptsMax' | 'backoffBaseMs' | 'backoffCapMs'>;

/**
 * Runs `attempt`, a whole database transaction (or one statement that is its own transaction),
 * again when PostgreSQL aborts it with a serialization failure or a deadlock, with full-jitter
 * backoff; any other error is thrown at once. `attempt` must be safe to run again.
 */
export async function retryingAbortedTransactions<T>(attempt: () => Promise<T>, options: RetryOptions = {}): Promise<T> {
  const settings = { ...defaults, ...options };
  for (let attemptNo = 1; ; attemptNo++) {
    try {
      return await attempt();
    } catch (error) {
      if (!isRetryableTransactionError(error)) throw error;
      if (attemptNo >= settings.attemptsMax) throw new TransactionRetriesExhausted(attemptNo, error);
      await sleep(fullJitterBackoffMs(attemptNo, { baseMs: settings.backoffBaseMs, maxMs: settings.backoffCapMs }, Math.random));
    }
  }
}

export class TransactionRetriesExhausted extends DomainError {
  constructor(attempts: number, cause: unknown) {
    super(
      'service-unavailable',
      `The database kept aborting this transaction (serialization failure or deadlock) after ${attempts} attempts; try again.`,
      {
        cause,
        extensions: { attempts },
      },
    );
  }
}

export function isRetryableTransactionError(error: unknown): boolean {
  const state = sqlStateOf(error);
  if (state !== undefined) return retryableSqlStates.has(state);
  // Prisma's own code for "write conflict or deadlock" when the SQLSTATE is not exposed.
  return codeOf(error) === 'P2034';
}

/** Finds a PostgreSQL SQLSTATE anywhere in an error's cause chain (pg errors, Prisma adapter errors). */
export function sqlStateOf(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 8 && current !== null && typeof current === 'object'; depth++) {
    const candidate = current as {
      code?: unknown;
      originalCode?: unknown;
      cause?: unknown;
      meta?: { code?: unknown; driverAdapterError?: unknown };
    };
    for (const value of [candidate.originalCode, candidate.code, candidate.meta?.code]) {
      if (typeof value === 'string' && /^[0-9A-Z]{5}$/.test(value) && !value.startsWith('P')) return value;
    }
    current = candidate.cause ?? candidate.meta?.driverAdapterError;
  }
  return undefined;
}

function codeOf(error: unknown): unknown {
  return error !== null && typeof error === 'object' ? (error as { code?: unknown }).code : undefined;
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
