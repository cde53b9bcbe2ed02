import { newId } from '@casino/core';
import { enqueueOutboxMessage, transaction } from '@casino/db';
import type { CashierContext } from './context.ts';
import { flagOverdueDebts } from './debt.ts';
import { payoutTopic } from './jobs.ts';
import { findVerifiedBankAccount, rejectOverdueVerifications } from './manage-payment-methods.ts';
import { requestHashOf } from './request-hash.ts';

/** 004:WDR-03 (14 days), 002:PAY-05 (5 business days): payouts not paid by their deadline are flagged for finance. */
export async function flagOverduePayouts(ctx: CashierContext, batchSizeMax = 100): Promise<number> {
  const now = ctx.clock.now();
  const due = await ctx.db.cashierWithdrawal.findMany({
    where: { status: { in: ['IN_REVIEW', 'APPROVED', 'SENDING', 'SENT'] }, dueAt: { lte: now }, overdueFlaggedAt: null },
    select: { id: true },
    take: batchSizeMax,
  });
  if (due.length === 0) return 0;
  const flagged = await ctx.db.cashierWithdrawal.updateMany({
    where: { id: { in: due.map((w) => w.id) }, overdueFlaggedAt: null },
    data: { overdueFlaggedAt: now, updatedAt: now },
  });
  return flagged.count;
}

/** Intents the provider never confirmed in time post nothing and end as expired. */
export async function expireStaleDeposits(ctx: CashierContext, batchSizeMax = 500): Promise<number> {
  const now = ctx.clock.now();
  const stale = await ctx.db.cashierDeposit.findMany({
    where: { status: { in: ['CREATED', 'PENDING'] }, expiresAt: { lte: now } },
    select: { id: true },
    take: batchSizeMax,
  });
  if (stale.length === 0) return 0;
  const expired = await ctx.db.cashierDeposit.updateMany({
    where: { id: { in: stale.map((d) => d.id) }, status: { in: ['CREATED', 'PENDING'] } },
    data: { status: 'EXPIRED', refusalCode: 'intent-expired', updatedAt: now },
  });
  return expired.count;
}

/**
 * Pays the refunds of cancelled temporary accounts that have a verified bank account (004:TMP-09:
 * the players package queued them as BANK_TRANSFER_QUEUED with their hold): each becomes a
 * withdrawal on that hold, approved, for the payout job, due by the refund's 7-day deadline.
 */
export async function queueTemporaryAccountRefunds(ctx: CashierContext, batchSizeMax = 100): Promise<number> {
  const queued = await ctx.db.temporaryAccountRefund.findMany({
    where: { status: 'BANK_TRANSFER_QUEUED' },
    orderBy: { createdAt: 'asc' },
    take: batchSizeMax,
  });
  let created = 0;
  for (const refund of queued) {
    await transaction(ctx.db, async (tx) => {
      if (await tx.cashierWithdrawal.findUnique({ where: { temporaryRefundId: refund.id }, select: { id: true } })) return;
      const bank = await findVerifiedBankAccount(tx, refund.playerId);
      if (!bank) return;
      const now = ctx.clock.now();
      const id = newId<string>();
      await tx.cashierWithdrawal.create({
        data: {
          id,
          playerId: refund.playerId,
          paymentMethodId: bank.paymentMethodId,
          instrument: 'bank-transfer',
          amountMinor: refund.amountMinor,
          currency: ctx.currency,
          status: 'APPROVED',
          channel: 'TEMPORARY_REFUND',
          requestedBy: 'system:temporary-account-refund',
          idempotencyKey: `temporary-account-refund:${refund.id}`,
          requestHash: requestHashOf({ temporaryRefundId: refund.id }),
          holdId: refund.holdId,
          dueAt: refund.dueAt,
          temporaryRefundId: refund.id,
          createdAt: now,
          updatedAt: now,
        },
      });
      await enqueueOutboxMessage(tx, { topic: payoutTopic, payload: { withdrawalId: id } });
      created++;
    });
  }
  return created;
}

/** Every deadline of the cashier, for one scheduled task: verification (PAY-07), payouts (WDR-03), debts (WIN-05), stale intents, temporary refunds. */
export async function runCashierDeadlines(ctx: CashierContext): Promise<Record<string, number>> {
  return {
    rejectedVerifications: await rejectOverdueVerifications(ctx),
    overduePayouts: await flagOverduePayouts(ctx),
    overdueDebts: await flagOverdueDebts(ctx.db, ctx.clock.now()),
    expiredDeposits: await expireStaleDeposits(ctx),
    temporaryRefunds: await queueTemporaryAccountRefunds(ctx),
  };
}
