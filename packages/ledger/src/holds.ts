import { assert, DomainError, Money, newId, type AccountId, type CurrencyCode, type TransactionId } from '@casino/core';
import type { Tx } from '@casino/db';
import { post, type Posted, type PostingLine, type TransactionKind, type TransactionMetadata } from './post.ts';
import { transfer } from './transfer.ts';

export type HoldId = string & { readonly __brand: 'HoldId' };
export type HoldStatus = 'PENDING' | 'SETTLED' | 'RELEASED';

export interface Hold {
  id: HoldId;
  sourceAccountId: AccountId;
  holdAccountId: AccountId;
  amount: Money;
  status: HoldStatus;
  reserveTransactionId: TransactionId;
  resolveTransactionId: TransactionId | null;
}

export interface ReserveRequest {
  idempotencyKey: string;
  /** The account the funds come from (a player's wallet); it may not go below zero. */
  sourceAccountId: AccountId;
  /** Where the funds wait (pending withdrawals, a poker table's escrow). */
  holdAccountId: AccountId;
  amount: Money;
  kind?: TransactionKind;
  metadata?: TransactionMetadata;
  /**
   * A hold funded in another currency (a withdrawal converted at a quote, D-2611): the lines of the one
   * reserving transaction, the source debited in its own currency, the holding account credited by
   * exactly `amount`, the operator's FX accounts between. Releasing such a hold posts their mirror
   * image, so the source gets back exactly what it gave, in its own currency. Absent: a plain transfer.
   */
  postings?: readonly PostingLine[];
}

/**
 * Reserves funds: moves them into the holding account at once (so they cannot be spent twice) and
 * records a pending hold, which is later settled onward or released back, exactly once. `at`: the
 * movement's time by the caller's clock (see `post`).
 */
export async function reserve(tx: Tx, request: ReserveRequest, at: Date): Promise<Hold> {
  assert(request.amount.isPositive(), 'a hold is for a positive amount');
  const posted = request.postings
    ? await postConvertedReserve(tx, request, request.postings, at)
    : await transfer(
        tx,
        {
          idempotencyKey: request.idempotencyKey,
          kind: request.kind ?? 'HOLD',
          debitAccountId: request.sourceAccountId,
          creditAccountId: request.holdAccountId,
          amount: request.amount,
          ...(request.metadata ? { metadata: request.metadata } : {}),
        },
        at,
      );
  if (posted.replayed) {
    const existing = await tx.ledgerHold.findUnique({ where: { reserveTransactionId: posted.transactionId } });
    assert(existing !== null, 'a replayed reserve has its hold');
    return toHold(existing);
  }
  const row = await tx.ledgerHold.create({
    data: {
      id: newId<HoldId>(),
      sourceAccountId: request.sourceAccountId,
      holdAccountId: request.holdAccountId,
      currency: request.amount.currency,
      amountMinor: request.amount.toMinor(),
      reserveTransactionId: posted.transactionId,
      metadata: request.metadata ?? {},
    },
  });
  return toHold(row);
}

export interface SettleRequest {
  idempotencyKey: string;
  holdId: HoldId;
  /** Where the held funds go (the payment provider's clearing account for a payout). */
  destinationAccountId: AccountId;
  /** Parts kept back on the way (a carrier's fee, cash rounding): they go to these accounts instead. */
  deductions?: readonly Deduction[];
  kind?: TransactionKind;
  metadata?: TransactionMetadata;
}

export interface Deduction {
  accountId: AccountId;
  amount: Money;
  reason: string;
}

export interface ReleaseRequest {
  idempotencyKey: string;
  holdId: HoldId;
  kind?: TransactionKind;
  metadata?: TransactionMetadata;
}

export class HoldAlreadyResolved extends DomainError {
  constructor(holdId: string, status: HoldStatus) {
    super('conflict', `Hold ${holdId} is already ${status.toLowerCase()}.`, { extensions: { holdId, holdStatus: status } });
  }
}

/**
 * Moves the held funds to their destination, less any deductions, at `at` (the posting's time and
 * the hold's resolution time). A second settle or release of the hold is refused.
 */
export function settle(tx: Tx, request: SettleRequest, at: Date): Promise<Hold> {
  return resolve(
    tx,
    request,
    'SETTLED',
    request.kind ?? 'HOLD_SETTLE',
    (hold) => {
      const deductions = request.deductions ?? [];
      const kept = Money.sum(
        deductions.map((d) => d.amount),
        hold.amount.currency,
      );
      assert(
        deductions.every((d) => d.amount.isPositive()) && kept.lessThan(hold.amount),
        'deductions are positive and less than the hold',
      );
      return [
        { accountId: hold.holdAccountId, amount: hold.amount },
        { accountId: request.destinationAccountId, amount: hold.amount.minus(kept).negated() },
        ...deductions.map((d) => ({ accountId: d.accountId, amount: d.amount.negated() })),
      ];
    },
    at,
  );
}

/**
 * Returns the held funds to the account they came from, at `at`. A second settle or release is refused.
 * A hold reserved with its own lines (in another currency) is released by their mirror image.
 */
export async function release(tx: Tx, request: ReleaseRequest, at: Date): Promise<Hold> {
  const mirror = await convertedReserveMirror(tx, request.holdId);
  return resolve(
    tx,
    request,
    'RELEASED',
    request.kind ?? 'HOLD_RELEASE',
    (hold) =>
      mirror ?? [
        { accountId: hold.holdAccountId, amount: hold.amount },
        { accountId: hold.sourceAccountId, amount: hold.amount.negated() },
      ],
    at,
  );
}

/** The reserving transaction of a converted hold, its holding account credited by exactly the hold's amount. */
async function postConvertedReserve(
  tx: Tx,
  request: ReserveRequest,
  postings: readonly PostingLine[],
  at: Date,
): Promise<Posted> {
  const toHold = postings.filter((line) => line.accountId === request.holdAccountId);
  assert(
    toHold.length === 1 && toHold[0]!.amount.equals(request.amount.negated()),
    'the holding account is credited by the hold',
  );
  assert(
    postings.some((line) => line.accountId === request.sourceAccountId && line.amount.isPositive()),
    'the source is debited',
  );
  return post(
    tx,
    {
      idempotencyKey: request.idempotencyKey,
      kind: request.kind ?? 'HOLD',
      postings,
      metadata: { ...request.metadata, holdConverted: true },
    },
    at,
  );
}

/**
 * The release lines of a hold whose source is in another currency than the hold (reserved with its own
 * lines): every line of the reserving transaction negated. Null for a plain hold. The reserving
 * transaction never changes (I1), so it is read before the hold is locked.
 */
async function convertedReserveMirror(tx: Tx, holdId: HoldId): Promise<PostingLine[] | null> {
  const hold = await tx.ledgerHold.findUnique({
    where: { id: holdId },
    select: { currency: true, reserveTransactionId: true, sourceAccountId: true },
  });
  if (!hold) return null;
  const source = await tx.ledgerAccount.findUnique({ where: { id: hold.sourceAccountId }, select: { currency: true } });
  if (source?.currency === hold.currency) return null;
  const reserved = await tx.ledgerPosting.findMany({
    where: { transactionId: hold.reserveTransactionId },
    select: { accountId: true, currency: true, amountMinor: true },
    orderBy: { id: 'asc' },
  });
  assert(reserved.length > 2, 'a converted hold was reserved through the FX accounts');
  return reserved.map((line) => ({
    accountId: line.accountId as AccountId,
    amount: Money.fromMinor(-line.amountMinor, line.currency as CurrencyCode),
  }));
}

async function resolve(
  tx: Tx,
  request: { idempotencyKey: string; holdId: HoldId; metadata?: TransactionMetadata },
  outcome: 'SETTLED' | 'RELEASED',
  kind: TransactionKind,
  lines: (hold: Hold) => PostingLine[],
  at: Date,
): Promise<Hold> {
  // Lock the hold: a concurrent settle and release of one hold queue here, and the second sees it resolved.
  const locked = await tx.$queryRaw<
    Array<{ id: string }>
  >`SELECT id FROM ledger_hold WHERE id = ${request.holdId}::uuid FOR UPDATE`;
  if (locked.length === 0) throw new DomainError('not-found', `No hold ${request.holdId}.`, { field: 'holdId' });
  const current = toHold((await tx.ledgerHold.findUnique({ where: { id: request.holdId } }))!);
  if (current.status !== 'PENDING') {
    const replay = await isSameResolution(tx, current, request.idempotencyKey);
    if (replay && current.status === outcome) return current;
    throw new HoldAlreadyResolved(current.id, current.status);
  }
  const posted = await post(
    tx,
    {
      idempotencyKey: request.idempotencyKey,
      kind,
      postings: lines(current),
      metadata: { ...request.metadata, holdId: current.id },
    },
    at,
  );
  const updated = await tx.ledgerHold.update({
    where: { id: current.id },
    data: { status: outcome, resolveTransactionId: posted.transactionId, resolvedAt: at },
  });
  return toHold(updated);
}

async function isSameResolution(tx: Tx, hold: Hold, idempotencyKey: string): Promise<boolean> {
  if (!hold.resolveTransactionId) return false;
  const resolution = await tx.ledgerTransaction.findUnique({
    where: { id: hold.resolveTransactionId },
    select: { idempotencyKey: true },
  });
  return resolution?.idempotencyKey === idempotencyKey;
}

function toHold(row: {
  id: string;
  sourceAccountId: string;
  holdAccountId: string;
  currency: string;
  amountMinor: bigint;
  status: HoldStatus;
  reserveTransactionId: string;
  resolveTransactionId: string | null;
}): Hold {
  return {
    id: row.id as HoldId,
    sourceAccountId: row.sourceAccountId as AccountId,
    holdAccountId: row.holdAccountId as AccountId,
    amount: Money.fromMinor(row.amountMinor, row.currency as CurrencyCode),
    status: row.status,
    reserveTransactionId: row.reserveTransactionId as TransactionId,
    resolveTransactionId: row.resolveTransactionId as TransactionId | null,
  };
}
