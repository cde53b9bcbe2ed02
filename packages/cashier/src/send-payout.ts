import { DomainError, isDomainError, Money, type CurrencyCode } from '@casino/core';
import { transaction, type Tx } from '@casino/db';
import { accountNumbersOf, providerOf, type CashierContext } from './context.ts';
import { lockWithdrawal, releaseWithdrawalHold, type WithdrawalRow } from './withdrawal-rows.ts';

export type PayoutOutcome = 'sent' | 'skipped' | 'held' | 'declined';

/**
 * The payout job (BullMQ, `cashier.payout`): claims an approved withdrawal (the AML hold is asked
 * again in that transaction; a hold sends it back to review), asks the provider to pay it with the
 * withdrawal id as idempotency key, and records that it was sent. The provider's webhook then
 * settles or releases the hold. Safe to run twice: a withdrawal already sent is skipped, one whose
 * sending crashed midway is sent again under the same idempotency key. An unreachable provider
 * throws, and the queue retries with backoff.
 */
export async function sendPayout(ctx: CashierContext, withdrawalId: string): Promise<PayoutOutcome> {
  const claimed = await transaction(ctx.db, async (tx): Promise<WithdrawalRow | 'skipped' | 'held'> => {
    const row = await lockWithdrawal(tx, withdrawalId);
    if (!row || (row.status !== 'APPROVED' && row.status !== 'SENDING')) return 'skipped';
    const now = ctx.clock.now();
    try {
      await ctx.guards.assertNoPayoutHold(tx, row.playerId, now);
    } catch (error) {
      if (!isDomainError(error) || error.status >= 500) throw error;
      await tx.cashierWithdrawal.update({
        where: { id: row.id },
        data: {
          status: 'IN_REVIEW',
          reviewReasons: [...row.reviewReasons, `payouts suspended: ${error.detail}`.slice(0, 300)],
          updatedAt: now,
        },
      });
      return 'held';
    }
    return tx.cashierWithdrawal.update({
      where: { id: row.id },
      data: { status: 'SENDING', provider: ctx.providerName, updatedAt: now },
    });
  });
  if (claimed === 'skipped' || claimed === 'held') return claimed;

  // Only cashless withdrawals reach the payout job; cash at a branch is paid when it is recorded.
  if (claimed.paymentMethodId === null) throw new DomainError('conflict', 'A payout goes to a bank account (004:WDR-02).');
  const method = await ctx.db.paymentMethod.findUniqueOrThrow({
    where: { id: claimed.paymentMethodId },
    select: { accountNumberEncrypted: true, holderName: true },
  });
  if (!method.accountNumberEncrypted) throw new DomainError('conflict', 'A payout goes to a bank account (004:WDR-02).');
  const amount = Money.fromMinor(claimed.amountMinor, claimed.currency as CurrencyCode);
  let providerPayoutId: string;
  try {
    const destination = { iban: accountNumbersOf(ctx).decrypt(method.accountNumberEncrypted), holderName: method.holderName };
    ({ providerPayoutId } = await providerOf(ctx).createPayout({ reference: claimed.id, amount, destination }));
  } catch (error) {
    if (!isDomainError(error) || error.code !== 'payment-declined') throw error;
    await transaction(ctx.db, async (tx) => {
      const row = await lockWithdrawal(tx, claimed.id);
      if (!row || row.status !== 'SENDING') return;
      const now = ctx.clock.now();
      await releaseWithdrawalHold(tx, row, `payout declined: ${error.detail}`, now);
      await markTemporaryRefundUnpaid(tx, row);
      await tx.cashierWithdrawal.update({
        where: { id: row.id },
        data: { status: 'FAILED', failedAt: now, failureReason: error.detail.slice(0, 500), updatedAt: now },
      });
    });
    return 'declined';
  }
  await transaction(ctx.db, async (tx) => {
    const now = ctx.clock.now();
    await tx.cashierWithdrawal.updateMany({
      where: { id: claimed.id, status: 'SENDING' },
      data: { status: 'SENT', sentAt: now, updatedAt: now },
    });
    await tx.cashierWithdrawal.updateMany({ where: { id: claimed.id, providerPayoutId: null }, data: { providerPayoutId } });
  });
  return 'sent';
}

/** A temporary account's refund that could not be paid to the bank account waits for other bank details, then a postal order (004:TMP-11, TMP-12). */
export async function markTemporaryRefundUnpaid(tx: Tx, row: WithdrawalRow): Promise<void> {
  if (!row.temporaryRefundId) return;
  await tx.temporaryAccountRefund.updateMany({
    where: { id: row.temporaryRefundId, status: 'BANK_TRANSFER_QUEUED' },
    data: { status: 'AWAITING_BANK_DETAILS', updatedAt: row.updatedAt },
  });
}
