import { DomainError, Money, type AccountId, type CurrencyCode, type TransactionId } from '@casino/core';
import { sqlStateOf, type Tx } from '@casino/db';
import { post, type Posted, type TransactionMetadata } from './post.ts';

export interface ReverseRequest {
  transactionId: TransactionId;
  reason: string;
  /** Defaults to `reversal:<transactionId>`: reversing twice with the default returns the first reversal. */
  idempotencyKey?: string;
  metadata?: TransactionMetadata;
}

export class AlreadyReversed extends DomainError {
  constructor(transactionId: string) {
    super('conflict', `Transaction ${transactionId} has already been reversed.`, { extensions: { transactionId } });
  }
}

export class HoldTransactionNotReversible extends DomainError {
  constructor(transactionId: string, holdId: string) {
    super(
      'conflict',
      `Transaction ${transactionId} belongs to hold ${holdId}; release the hold or post a new transaction instead of reversing it.`,
      {
        field: 'transactionId',
        extensions: { transactionId, holdId },
      },
    );
  }
}

/**
 * Corrects a transaction by posting its mirror image (every line negated); history is never
 * edited. A transaction is reversed at most once (a unique index), and a reversal is not itself
 * reversed: post a new transaction instead. Nor is a hold's reserve, settle or release (see
 * HoldTransactionNotReversible). Reversing can be refused as insufficient funds when
 * the money has already been spent. `at`: the reversal's time by the caller's clock (see `post`).
 */
export async function reverse(tx: Tx, request: ReverseRequest, at: Date): Promise<Posted> {
  const original = await tx.ledgerTransaction.findUnique({
    where: { id: request.transactionId },
    select: {
      id: true,
      kind: true,
      postings: { select: { accountId: true, currency: true, amountMinor: true }, orderBy: { id: 'asc' } },
    },
  });
  if (!original)
    throw new DomainError('not-found', `No ledger transaction ${request.transactionId}.`, { field: 'transactionId' });
  if (original.kind === 'REVERSAL')
    throw new DomainError('conflict', 'A reversal cannot be reversed; post a new transaction instead.', {
      field: 'transactionId',
    });
  // A hold's reserved amount sits in the holding account until the hold resolves (I6). Mirroring
  // its reserve would return the money while the hold stays pending, and a later release would pay
  // it back a second time; mirroring its settle or release would leave the hold's status untrue.
  // Holds are undone through the hold: release a pending one, correct a settled one with a new transaction.
  const hold = await tx.ledgerHold.findFirst({
    where: { OR: [{ reserveTransactionId: original.id }, { resolveTransactionId: original.id }] },
    select: { id: true },
  });
  if (hold) throw new HoldTransactionNotReversible(original.id, hold.id);
  try {
    return await post(
      tx,
      {
        idempotencyKey: request.idempotencyKey ?? `reversal:${original.id}`,
        kind: 'REVERSAL',
        reversesTransactionId: original.id as TransactionId,
        postings: original.postings.map((line) => ({
          accountId: line.accountId as AccountId,
          amount: Money.fromMinor(-line.amountMinor, line.currency as CurrencyCode),
        })),
        metadata: { ...request.metadata, reason: request.reason },
      },
      at,
    );
  } catch (error) {
    if (sqlStateOf(error) === '23505' /* unique_violation on reverses_transaction_id */) throw new AlreadyReversed(original.id);
    throw error;
  }
}
