import type { AccountId, Money } from '@casino/core';
import type { Db, Tx } from '@casino/db';
import {
  ledgerPostCall,
  post,
  postStandalone,
  type Posted,
  type PostRequest,
  type TransactionKind,
  type TransactionMetadata,
} from './post.ts';

export interface TransferRequest {
  idempotencyKey: string;
  kind: TransactionKind;
  /** Value leaves this account: a stake debits the player's wallet, a deposit the PSP clearing account. */
  debitAccountId: AccountId;
  /** Value arrives here: a stake credits game revenue, a deposit the player's wallet. */
  creditAccountId: AccountId;
  amount: Money;
  metadata?: TransactionMetadata;
  /** See PostRequest.effectiveAt: usually absent, the movement counting from `at`. */
  effectiveAt?: Date;
}

/** The common two-line transaction: `amount` from the debited account to the credited one, at `at` (see `post`). */
export function transfer(tx: Tx, request: TransferRequest, at: Date): Promise<Posted> {
  return post(tx, twoLines(request), at);
}

/** `transfer` as a movement of its own, in its own database transaction (see `postStandalone`). */
export function transferStandalone(db: Db, request: TransferRequest, at: Date): Promise<Posted> {
  return postStandalone(db, twoLines(request), at);
}

function twoLines(request: TransferRequest): PostRequest {
  return {
    idempotencyKey: request.idempotencyKey,
    kind: request.kind,
    postings: [
      { accountId: request.debitAccountId, amount: request.amount },
      { accountId: request.creditAccountId, amount: request.amount.negated() },
    ],
    ...(request.metadata ? { metadata: request.metadata } : {}),
    ...(request.effectiveAt ? { effectiveAt: request.effectiveAt } : {}),
  };
}

/**
 * `ledger_post`'s arguments for `transfer` (transaction id, key, request hash, kind, metadata, effective
 * time, reversed transaction, postings), for a caller whose own SQL function calls `ledger_post` inside
 * a larger statement (the tables' one-call stake path, D-2260): the same checks and the same request
 * hash as `transfer`; a refusal comes back as the same SQLSTATE, mapped by `ledgerErrorOf`.
 */
export function transferPostArguments(request: TransferRequest, at: Date): unknown[] {
  return ledgerPostCall(twoLines(request), at).values;
}
