import { DomainError } from '@casino/core';
import { enqueueOutboxMessage, transaction } from '@casino/db';
import type { CashierContext } from './context.ts';
import { payoutTopic } from './jobs.ts';
import { withdrawalView, type WithdrawalView } from './views.ts';
import { lockWithdrawalOrThrow, releaseWithdrawalHold } from './withdrawal-rows.ts';
import { auditStaffAction, staffMark, type StaffActor } from './staff-audit.ts';

export interface ReviewWithdrawalOptions {
  withdrawalId: string;
  decision: 'approve' | 'reject';
  note: string;
  staff: StaffActor;
}

/** Finance or compliance decide a withdrawal in the review queue: approved goes to the payout job, rejected returns the funds. */
export async function reviewWithdrawal(ctx: CashierContext, options: ReviewWithdrawalOptions): Promise<WithdrawalView> {
  return transaction(ctx.db, async (tx) => {
    const row = await lockWithdrawalOrThrow(tx, options.withdrawalId);
    if (row.status !== 'IN_REVIEW')
      throw new DomainError('conflict', `The withdrawal is ${row.status.toLowerCase()}, not in review.`, {
        extensions: { withdrawalStatus: row.status },
      });
    const now = ctx.clock.now();
    const reviewed = {
      reviewedBy: staffMark(options.staff),
      reviewedAt: now,
      reviewNote: options.note.slice(0, 500),
      updatedAt: now,
    };
    await auditStaffAction(tx, options.staff, now, {
      action: `cashier.withdrawal.${options.decision}`,
      subjectType: 'withdrawal',
      subjectId: row.id,
      reason: options.note,
      before: { status: row.status },
      after: {
        status: options.decision === 'approve' ? 'APPROVED' : 'REJECTED',
        playerId: row.playerId,
        amountMinor: row.amountMinor.toString(),
      },
    });
    if (options.decision === 'approve') {
      await enqueueOutboxMessage(tx, { topic: payoutTopic, payload: { withdrawalId: row.id } });
      return withdrawalView(
        await tx.cashierWithdrawal.update({ where: { id: row.id }, data: { ...reviewed, status: 'APPROVED' } }),
      );
    }
    await releaseWithdrawalHold(tx, row, `rejected: ${options.note}`, now);
    return withdrawalView(
      await tx.cashierWithdrawal.update({
        where: { id: row.id },
        data: { ...reviewed, status: 'REJECTED', failureReason: options.note.slice(0, 500) },
      }),
    );
  });
}

/**
 * The review queue, the overdue list and the discrepancies (a provider's payout event that
 * contradicted the withdrawal, whatever its status: issue 14 (7)) for staff, oldest first.
 */
export async function listWithdrawalsForReview(
  ctx: CashierContext,
  options: { status: 'IN_REVIEW' | 'APPROVED' | 'SENT' | 'overdue' | 'discrepancy'; limit: number; offset?: number },
): Promise<WithdrawalView[]> {
  const where =
    options.status === 'overdue'
      ? { overdueFlaggedAt: { not: null }, status: { in: ['IN_REVIEW', 'APPROVED', 'SENDING', 'SENT'] as WithdrawalStatus[] } }
      : options.status === 'discrepancy'
        ? { discrepancyFlaggedAt: { not: null } }
        : { status: options.status };
  const rows = await ctx.db.cashierWithdrawal.findMany({
    where,
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    skip: options.offset ?? 0,
    take: options.limit,
  });
  return rows.map(withdrawalView);
}

type WithdrawalStatus = 'IN_REVIEW' | 'APPROVED' | 'SENDING' | 'SENT';
