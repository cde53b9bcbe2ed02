import { Money } from '@casino/core';
import type { Tx } from '@casino/db';
import * as ledger from '@casino/ledger';
import type { z } from 'zod';
import { clearingAccount } from './accounts.ts';
import type { CashierContext } from './context.ts';
import type { EventOutcome } from './deposit-events.ts';
import type { PayoutEventDataSchema } from './provider-events.ts';
import { markTemporaryRefundUnpaid } from './send-payout.ts';
import { lockWithdrawal, releaseWithdrawalHold } from './withdrawal-rows.ts';

type PayoutData = z.infer<typeof PayoutEventDataSchema>;

/**
 * The provider paid or failed a payout. Paid settles the hold to the provider's clearing account
 * (the money left); failed releases it back to the wallet. Either ends the withdrawal; a later event
 * about it is stale. A temporary account's refund is marked paid (004:TMP-09).
 */
export async function onPayoutEvent(ctx: CashierContext, tx: Tx, provider: string, type: string, data: PayoutData): Promise<EventOutcome> {
  const row = await lockWithdrawal(tx, data.reference);
  if (!row || (row.provider !== null && row.provider !== provider)) return 'unmatched';
  if (row.status !== 'SENDING' && row.status !== 'SENT') return 'stale';
  const now = ctx.clock.now();
  const amount = Money.fromMinor(row.amountMinor, 'CZK');
  if (type === 'payout.paid') {
    await ledger.settle(tx, {
      idempotencyKey: `cashier-withdrawal-settle:${row.id}`,
      holdId: row.holdId as ledger.HoldId,
      destinationAccountId: await clearingAccount(tx, provider),
      kind: 'WITHDRAWAL_SETTLE',
      metadata: { withdrawalId: row.id, payoutId: data.payoutId },
    });
    await tx.cashierWithdrawal.update({ where: { id: row.id }, data: { status: 'PAID', paidAt: now, providerPayoutId: row.providerPayoutId ?? data.payoutId, updatedAt: now } });
    if (row.temporaryRefundId) {
      await tx.temporaryAccountRefund.updateMany({ where: { id: row.temporaryRefundId }, data: { status: 'PAID', payoutMinor: row.amountMinor, updatedAt: now } });
    }
    await ctx.guards.recordMonitoringEvent(tx, { kind: 'withdrawal', playerId: row.playerId, occurredAt: now, amount: amount.toJSON(), outcome: 'paid', paymentMethodId: row.paymentMethodId, reference: row.id });
    return 'applied';
  }
  if (type === 'payout.failed') {
    await releaseWithdrawalHold(tx, row, `payout failed: ${data.reason ?? 'no reason given'}`);
    await markTemporaryRefundUnpaid(tx, row);
    await tx.cashierWithdrawal.update({ where: { id: row.id }, data: { status: 'FAILED', failedAt: now, failureReason: (data.reason ?? 'the provider could not pay it out').slice(0, 500), updatedAt: now } });
    await ctx.guards.recordMonitoringEvent(tx, { kind: 'withdrawal', playerId: row.playerId, occurredAt: now, amount: amount.toJSON(), outcome: 'failed', paymentMethodId: row.paymentMethodId, reference: row.id });
    return 'applied';
  }
  return 'stale';
}
