import { DomainError, movementAmountProblem, type AccountId, type Money } from '@casino/core';
import type { Tx } from '@casino/db';
import { findAccountById } from './accounts.ts';
import type { Posted, TransactionMetadata } from './post.ts';
import { transfer } from './transfer.ts';

export interface AdjustmentRequest {
  idempotencyKey: string;
  /** Value leaves this account. */
  debitAccountId: string;
  /** Value arrives in this account. */
  creditAccountId: string;
  /** Strictly positive: the direction is the pair of accounts, never a sign. */
  amount: Money;
  metadata?: TransactionMetadata;
}

/**
 * A manual adjustment a person asks for (issue 14 (6)). Other callers of `transfer` build their
 * requests in code, where a bad one is a bug; this one arrives from staff, so each way it can be wrong
 * is a named refusal, checked in this order before anything is written:
 *   1. the amount is not one movement (zero, negative, beyond the maximum): validation-failed, `body.amount.amount`
 *      (a negative amount used to reverse the direction the staff member named: D-1422)
 *   2. the same account on both sides: validation-failed, `body.creditAccountId`
 *   3. an account that does not exist: not-found, `body.debitAccountId` or `body.creditAccountId`
 *   4. an account kept in another currency than the amount: currency-mismatch, `body.amount.currency`
 * then the posting, with its own refusals (insufficient-funds, idempotency-key-reused), at `at`: the
 * caller's clock time, the same as the audit entry that records who asked for it (see `post`).
 */
export async function postAdjustment(tx: Tx, request: AdjustmentRequest, at: Date): Promise<Posted> {
  const amountProblem = movementAmountProblem(request.amount);
  if (amountProblem !== null)
    throw new DomainError('validation-failed', `The amount ${amountProblem}; the accounts say the direction.`, {
      field: 'body.amount.amount',
    });
  if (request.debitAccountId === request.creditAccountId)
    throw new DomainError('validation-failed', 'The credited account must differ from the debited one.', {
      field: 'body.creditAccountId',
    });
  for (const side of ['debitAccountId', 'creditAccountId'] as const) {
    const account = await findAccountById(tx, request[side]);
    if (!account) throw new DomainError('not-found', `No ledger account ${request[side]}.`, { field: `body.${side}` });
    if (account.currency !== request.amount.currency) {
      throw new DomainError(
        'currency-mismatch',
        `Account ${account.code} is kept in ${account.currency}, the amount is in ${request.amount.currency}.`,
        { field: 'body.amount.currency', extensions: { accountId: account.id, accountCurrency: account.currency } },
      );
    }
  }
  return transfer(
    tx,
    {
      idempotencyKey: request.idempotencyKey,
      kind: 'ADJUSTMENT',
      debitAccountId: request.debitAccountId as AccountId,
      creditAccountId: request.creditAccountId as AccountId,
      amount: request.amount,
      ...(request.metadata ? { metadata: request.metadata } : {}),
    },
    at,
  );
}
