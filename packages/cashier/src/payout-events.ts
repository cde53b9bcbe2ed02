import { Money, type CurrencyCode } from '@casino/core';
import type { Tx } from '@casino/db';
import * as ledger from '@casino/ledger';
import type { z } from 'zod';
import { clearingAccount } from './accounts.ts';
import type { CashierContext } from './context.ts';
import type { EventOutcome } from './deposit-events.ts';
import type { PayoutEventDataSchema } from './provider-events.ts';
import { markTemporaryRefundUnpaid } from './send-payout.ts';
import { lockWithdrawal, releaseWithdrawalHold, type WithdrawalRow } from './withdrawal-rows.ts';

type PayoutData = z.infer<typeof PayoutEventDataSchema>;

/**
 * The provider paid or failed a payout. Paid settles the hold to the provider's clearing account
 * (the money left); failed releases it back to the wallet. Either ends the withdrawal; a later event
 * about it is stale. A temporary account's refund is marked paid (004:TMP-09).
 *
 * An event that contradicts the withdrawal settles nothing (issue 14 (7), D-1423): another amount or
 * currency, paid after it failed or was never sent, failed after it was paid. The withdrawal is
 * flagged for a cashier and the answer is `discrepancy`, a 2xx, so the provider stops retrying; a
 * correct event about it that arrives later still applies.
 */
export async function onPayoutEvent(
  ctx: CashierContext,
  tx: Tx,
  provider: string,
  type: string,
  data: PayoutData,
): Promise<EventOutcome> {
  const row = await lockWithdrawal(tx, data.reference);
  if (!row || (row.provider !== null && row.provider !== provider)) return 'unmatched';
  const now = ctx.clock.now();
  const discrepancy = payoutDiscrepancy(row, type, data);
  if (discrepancy !== null) {
    await tx.cashierWithdrawal.update({
      where: { id: row.id },
      data: { discrepancyFlaggedAt: now, discrepancyReason: discrepancy.slice(0, 500), updatedAt: now },
    });
    return 'discrepancy';
  }
  if (row.status !== 'SENDING' && row.status !== 'SENT') return 'stale';
  const amount = Money.fromMinor(row.amountMinor, row.currency as CurrencyCode);
  if (type === 'payout.paid') {
    await ledger.settle(
      tx,
      {
        idempotencyKey: `cashier-withdrawal-settle:${row.id}`,
        holdId: row.holdId as ledger.HoldId,
        destinationAccountId: await clearingAccount(tx, provider),
        kind: 'WITHDRAWAL_SETTLE',
        metadata: { withdrawalId: row.id, payoutId: data.payoutId },
      },
      now,
    );
    await tx.cashierWithdrawal.update({
      where: { id: row.id },
      data: { status: 'PAID', paidAt: now, providerPayoutId: row.providerPayoutId ?? data.payoutId, updatedAt: now },
    });
    if (row.temporaryRefundId) {
      await tx.temporaryAccountRefund.updateMany({
        where: { id: row.temporaryRefundId },
        data: { status: 'PAID', payoutMinor: row.amountMinor, updatedAt: now },
      });
    }
    await ctx.guards.recordMonitoringEvent(tx, {
      kind: 'withdrawal',
      playerId: row.playerId,
      occurredAt: now,
      amount: amount.toJSON(),
      outcome: 'paid',
      paymentMethodId: row.paymentMethodId,
      reference: row.id,
    });
    return 'applied';
  }
  if (type === 'payout.failed') {
    await releaseWithdrawalHold(tx, row, `payout failed: ${data.reason ?? 'no reason given'}`, now);
    await markTemporaryRefundUnpaid(tx, row);
    await tx.cashierWithdrawal.update({
      where: { id: row.id },
      data: {
        status: 'FAILED',
        failedAt: now,
        failureReason: (data.reason ?? 'the provider could not pay it out').slice(0, 500),
        updatedAt: now,
      },
    });
    await ctx.guards.recordMonitoringEvent(tx, {
      kind: 'withdrawal',
      playerId: row.playerId,
      occurredAt: now,
      amount: amount.toJSON(),
      outcome: 'failed',
      paymentMethodId: row.paymentMethodId,
      reference: row.id,
    });
    return 'applied';
  }
  return 'stale';
}

/** Statuses in which the provider may still report a payout paid: it was sent, or already paid (a repeat is stale). */
const payableStatuses: ReadonlySet<string> = new Set(['SENDING', 'SENT', 'PAID']);

/**
 * Why the provider's event contradicts the withdrawal, or null when it does not. The amount is
 * compared first: a payout is settled only for exactly what was held. Then the provider saying it
 * paid what we never sent or already returned to the wallet (FAILED, CANCELLED…: the player could
 * spend it twice), and saying a paid payout failed (the ledger says the money left).
 */
export function payoutDiscrepancy(
  row: Pick<WithdrawalRow, 'amountMinor' | 'currency' | 'status'>,
  type: string,
  data: Pick<PayoutData, 'amount'>,
): string | null {
  const held = Money.fromMinor(row.amountMinor, row.currency as CurrencyCode);
  const reported = Money.of(data.amount.amount, data.amount.currency);
  if (!reported.equals(held)) return `${type} reports ${reported.toString()}; the withdrawal is ${held.toString()}.`;
  if (type === 'payout.paid' && !payableStatuses.has(row.status))
    return `payout.paid arrived for a withdrawal that is ${row.status}: nothing was settled.`;
  if (type === 'payout.failed' && row.status === 'PAID')
    return 'payout.failed arrived for a withdrawal already PAID: the ledger says the money left.';
  return null;
}
