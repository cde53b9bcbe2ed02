import { createHash } from 'node:crypto';
import { assert, countBusinessEvent, newId, type AccountId, type Money, type TransactionId } from '@casino/core';
import { afterCommit, pgPoolOf, retryingAbortedTransactions, type Db, type Tx } from '@casino/db';
import { mapLedgerError } from './errors.ts';

/**
 * What a ledger transaction is, as the database's `LedgerTransactionKind` enum has it (a test keeps the
 * two equal). The one list: the type, the reporting filters and the exports all come from it (issue 15).
 */
export const transactionKinds = [
  'DEPOSIT',
  'WITHDRAWAL_HOLD',
  'WITHDRAWAL_SETTLE',
  'WITHDRAWAL_RELEASE',
  'STAKE',
  'WIN',
  'REFUND',
  'RAKE',
  'FEE',
  'TRANSFER',
  'REVERSAL',
  'ADJUSTMENT',
  'HOLD',
  'HOLD_SETTLE',
  'HOLD_RELEASE',
  'BUY_IN',
  'CASH_OUT',
  'PRIZE',
  'FX_CONVERSION',
  'CLAWBACK',
  // Issue 26: a bonus granted into the bonus wallet, a tranche released to cash, the rest forfeited; a
  // commission refunded for StarsCoins (002:BON, VIP-03).
  'BONUS_GRANT',
  'BONUS_RELEASE',
  'BONUS_FORFEIT',
  'COMMISSION_REFUND',
] as const;

export type TransactionKind = (typeof transactionKinds)[number];

/** One line: a positive amount debits the account, a negative one credits it. */
export interface PostingLine {
  accountId: AccountId;
  amount: Money;
}

/** References to what caused the movement: payment, game round, tournament, staff user, reason. */
export type TransactionMetadata = Record<string, string | number | boolean | null>;

export interface PostRequest {
  idempotencyKey: string;
  kind: TransactionKind;
  postings: readonly PostingLine[];
  metadata?: TransactionMetadata;
  /**
   * A time the movement counts from other than `at` (a correction dated back, a fixture): part of the
   * request, so the same key with another effective time is another request. Usually absent.
   */
  effectiveAt?: Date;
  reversesTransactionId?: TransactionId;
}

export interface Posted {
  transactionId: TransactionId;
  /** True when the idempotency key had been posted before and this is that first transaction. */
  replayed: boolean;
}

export const idempotencyKeyLengthMax = 200;
export const postingsPerTransactionMax = 64;

/**
 * Posts one balanced transaction inside the caller's database transaction, so the domain change
 * that caused it and its ledger entry commit together or not at all. One statement: the checks
 * and balance updates run in `ledger_post` (SQL), under row locks taken in account order.
 *
 * `at` is the movement's time by the caller's clock (ctx.clock), the same instant the caller
 * stamps on the domain and audit rows of this movement: one movement, one time (issue 15). It is
 * required, so no write falls back to wall time, and it is not part of the request's identity, so a
 * retry a second later is still the same request. It becomes the transaction's effective time
 * unless the request names another (`effectiveAt`).
 *
 * Refusals: InsufficientFunds (an account that may not go negative would), IdempotencyKeyReused
 * (same key, different request). The same key and request again returns the first transaction.
 */
export async function post(tx: Tx, request: PostRequest, at: Date): Promise<Posted> {
  const call = ledgerPostCall(request, at);
  try {
    // A constant statement with bound parameters: nothing of the request becomes SQL text.
    const posted = postedFrom(await tx.$queryRawUnsafe<LedgerPostRow[]>(call.text, ...call.values));
    if (!posted.replayed) afterCommit(tx, () => countBusinessEvent('ledger-posting', request.kind));
    return posted;
  } catch (error) {
    throw mapLedgerError(error, request.idempotencyKey);
  }
}

/**
 * Posts one balanced transaction that is a movement of its own, with no domain row to commit beside
 * it: a transfer between two wallets, a funding, a correction only the ledger records. The one
 * `ledger_post` statement runs as its own database transaction, so a posting costs one round trip
 * instead of three (BEGIN, the statement, COMMIT) and none of the ORM's interactive-transaction
 * bookkeeping: 0.2 instead of 0.9 ms of client CPU per transfer (docs/performance.md, D-013).
 * Same checks, refusals and idempotency as `post`; a deadlock with some other transaction is
 * retried like `transaction()` retries one.
 */
export async function postStandalone(db: Db, request: PostRequest, at: Date): Promise<Posted> {
  const call = ledgerPostCall(request, at);
  const pool = pgPoolOf(db);
  try {
    // Named, so each pooled connection parses and plans it once.
    const result = await retryingAbortedTransactions(() =>
      pool.query<LedgerPostRow>({ name: 'ledger_post', text: call.text, values: call.values }),
    );
    const posted = postedFrom(result.rows);
    if (!posted.replayed) countBusinessEvent('ledger-posting', request.kind);
    return posted;
  } catch (error) {
    throw mapLedgerError(error, request.idempotencyKey);
  }
}

interface LedgerPostRow {
  transaction_id: string;
  replayed: boolean;
}

const ledgerPostSql =
  'SELECT transaction_id, replayed FROM ledger_post($1::uuid, $2, $3, $4::"LedgerTransactionKind", $5::jsonb, $6::timestamptz, $7::uuid, $8::jsonb)';

/** The `ledger_post` statement for a request, with a fresh transaction id; both ways of posting send exactly this. */
export function ledgerPostCall(request: PostRequest, at: Date): { text: string; values: unknown[] } {
  assertWellFormed(request);
  assert(at instanceof Date && !Number.isNaN(at.getTime()), 'a movement has a valid time');
  const postings = request.postings.map((line) => ({
    accountId: line.accountId,
    currency: line.amount.currency,
    amountMinor: line.amount.toMinor().toString(),
  }));
  return {
    text: ledgerPostSql,
    values: [
      newId<TransactionId>(),
      request.idempotencyKey,
      requestHash(request),
      request.kind,
      JSON.stringify(request.metadata ?? {}),
      request.effectiveAt ?? at,
      request.reversesTransactionId ?? null,
      JSON.stringify(postings),
    ],
  };
}

function postedFrom(rows: readonly LedgerPostRow[]): Posted {
  const row = rows[0];
  assert(row !== undefined, 'ledger_post returned no row');
  return { transactionId: row.transaction_id as TransactionId, replayed: row.replayed };
}

/** Programmer errors: callers build postings in code, so a malformed request is a bug, not a 4xx. */
function assertWellFormed(request: PostRequest): void {
  assert(
    request.idempotencyKey.length > 0 && request.idempotencyKey.length <= idempotencyKeyLengthMax,
    'idempotency key must be 1..200 characters',
  );
  assert(request.postings.length >= 2, 'a transaction has at least two postings');
  assert(request.postings.length <= postingsPerTransactionMax, `at most ${postingsPerTransactionMax} postings per transaction`);
  const sums = new Map<string, bigint>();
  for (const line of request.postings) {
    assert(!line.amount.isZero(), 'a posting amount is never zero');
    sums.set(line.amount.currency, (sums.get(line.amount.currency) ?? 0n) + line.amount.toMinor());
  }
  for (const [currency, sum] of sums) assert(sum === 0n, `postings in ${currency} sum to ${sum}, not zero`);
}

/**
 * What makes two requests "the same" for idempotency: kind, lines, metadata, the reversed
 * transaction and an explicit effective time. The movement's time (`at`) is left out, so a retry
 * a second later is still the same request.
 */
export function requestHash(request: PostRequest): string {
  const canonical = JSON.stringify([
    request.kind,
    request.postings.map((l) => [l.accountId, l.amount.currency, l.amount.toMinor().toString()]),
    Object.entries(request.metadata ?? {}).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
    request.reversesTransactionId ?? null,
    request.effectiveAt?.toISOString() ?? null,
  ]);
  return createHash('sha256').update(canonical).digest('hex');
}
