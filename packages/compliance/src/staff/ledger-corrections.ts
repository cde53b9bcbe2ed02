import type { Money, TransactionId } from '@casino/core';
import { transaction } from '@casino/db';
import * as ledger from '@casino/ledger';
import type { Actor } from '../actor.ts';
import { appendAuditEntry } from '../audit/audit-log.ts';
import type { ComplianceContext } from '../context.ts';

type StaffActor = Extract<Actor, { kind: 'staff' }>;

export interface StaffAdjustment {
  /** The caller's Idempotency-Key; it is scoped to the staff user, so two colleagues' keys never meet. */
  idempotencyKey: string;
  debitAccountId: string;
  creditAccountId: string;
  amount: Money;
  reason: string;
}

export interface StaffReversal {
  idempotencyKey: string;
  transactionId: string;
  reason: string;
}

/**
 * A manual adjustment by finance staff, audited in the transaction that posts it (issue 15: moved
 * here from the admin API's route). A replay posts and audits nothing; a refused adjustment (its
 * refusals in order: ledger.postAdjustment) writes neither.
 */
export async function postStaffAdjustment(
  ctx: ComplianceContext,
  actor: StaffActor,
  request: StaffAdjustment,
): Promise<ledger.Posted> {
  const { idempotencyKey, ...body } = request;
  return transaction(ctx.db, async (tx) => {
    // One movement, one time: the posting and its audit entry carry the same instant (D-1501).
    const now = ctx.clock.now();
    const result = await ledger.postAdjustment(
      tx,
      {
        idempotencyKey: `staff-adjustment:${actor.staffUserId}:${idempotencyKey}`,
        debitAccountId: body.debitAccountId,
        creditAccountId: body.creditAccountId,
        amount: body.amount,
        metadata: { staffUserId: actor.staffUserId, reason: body.reason },
      },
      now,
    );
    if (!result.replayed)
      await appendAuditEntry(tx, actor, now, {
        action: 'ledger.adjustment',
        subjectType: 'ledger-transaction',
        subjectId: result.transactionId,
        reason: body.reason,
        after: { ...body, amount: body.amount.toJSON() },
      });
    return result;
  });
}

/** A reversal by finance staff (the mirror image is posted), audited in the same transaction; a replay audits nothing. */
export async function reverseAsStaff(ctx: ComplianceContext, actor: StaffActor, request: StaffReversal): Promise<ledger.Posted> {
  const { transactionId, reason } = request;
  return transaction(ctx.db, async (tx) => {
    const now = ctx.clock.now();
    const result = await ledger.reverse(
      tx,
      {
        transactionId: transactionId as TransactionId,
        reason,
        idempotencyKey: `staff-reversal:${actor.staffUserId}:${request.idempotencyKey}`,
        metadata: { staffUserId: actor.staffUserId },
      },
      now,
    );
    if (!result.replayed)
      await appendAuditEntry(tx, actor, now, {
        action: 'ledger.reversal',
        subjectType: 'ledger-transaction',
        subjectId: transactionId,
        reason,
        after: { reversalTransactionId: result.transactionId },
      });
    return result;
  });
}
