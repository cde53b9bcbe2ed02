import { Money, newId } from '@casino/core';
import { lockPlayer, type Tx } from '@casino/db';
import * as ledger from '@casino/ledger';
import type { z } from 'zod';
import { clearingAccount, operatorAccount } from './accounts.ts';
import { accountNumbersOf, type CashierContext } from './context.ts';
import { confirmPayment, type EventOutcome } from './deposit-events.ts';
import { normaliseIban } from './iban.ts';
import { markVerified, type PaymentMethodStatus } from './payment-method-states.ts';
import type { BankTransferEventDataSchema, VerificationEventDataSchema } from './provider-events.ts';
import { requestHashOf } from './request-hash.ts';

type VerificationData = z.infer<typeof VerificationEventDataSchema>;
type BankTransferData = z.infer<typeof BankTransferEventDataSchema>;

/**
 * The method an event is about, locked in the platform's lock order (@casino/db `lockPlayer`): its
 * player first, then the method's row. The player's own requests (activate, remove, renew) take the
 * player lock and then update the method; locking the row first and the player second, as this did,
 * let the two wait for each other (issue 15: a deadlock, 40P01).
 */
async function lockMethod(tx: Tx, where: { id: string } | { verificationReference: string }) {
  const method = await tx.paymentMethod.findFirst({ where, select: { id: true, playerId: true } });
  if (!method) return null;
  await lockPlayer(tx, method.playerId); // a method never changes its player, so the unlocked read names the right one
  await tx.$queryRaw`SELECT id FROM payment_method WHERE id = ${method.id}::uuid FOR UPDATE`;
  return tx.paymentMethod.findUniqueOrThrow({ where: { id: method.id } });
}

const verifiable = (status: string): status is 'REGISTERED' | 'VERIFICATION_PENDING' =>
  status === 'REGISTERED' || status === 'VERIFICATION_PENDING';

/**
 * The provider's answer to a card's 3-D Secure check (004:PAY-04): passed verifies the card, unless
 * its holder name matched the player's only without diacritics, which staff decide (002:AMB-NAME).
 * A failed check leaves it pending: the player may try again until the deadline (PAY-07).
 */
export async function onVerificationEvent(
  ctx: CashierContext,
  tx: Tx,
  provider: string,
  type: string,
  data: VerificationData,
): Promise<EventOutcome> {
  const method = await lockMethod(tx, { id: data.reference });
  if (!method) return 'unmatched';
  if (
    type !== 'verification.succeeded' ||
    data.threeDSecure !== 'passed' ||
    !verifiable(method.status) ||
    !method.holderNameExact
  )
    return 'stale';
  await markVerified(
    ctx,
    tx,
    { ...method, status: method.status as PaymentMethodStatus },
    { reason: '3-D Secure check passed', actor: `provider:${provider}`, at: ctx.clock.now(), method: 'online-transaction' },
  );
  return 'applied';
}

/**
 * A transfer arrived on the operator's account with a verification reference (004:PAY-03 (4.3.4.2)):
 * from the registered account it verifies the method, and the money is credited as a deposit with
 * every check (refused, it is refunded). A transfer nobody can be matched to waits in suspense for
 * finance. A transfer booked before (by its `transferId`) is a duplicate.
 */
export async function onBankTransfer(
  ctx: CashierContext,
  tx: Tx,
  provider: string,
  data: BankTransferData,
): Promise<EventOutcome> {
  if (await transferSeenBefore(tx, provider, data.transferId)) return 'duplicate';
  const method = await lockMethod(tx, { verificationReference: data.reference });
  const payerHash = accountNumbersOf(ctx).blindIndex(`iban|${normaliseIban(data.payerAccount)}`);
  const amount = Money.of(data.amount.amount, data.amount.currency);
  const now = ctx.clock.now();
  if (!method || method.accountNumberHash !== payerHash || amount.currency !== 'CZK') {
    await ledger.transfer(
      tx,
      {
        idempotencyKey: unmatchedTransferKey(provider, data.transferId),
        kind: 'DEPOSIT',
        debitAccountId: await clearingAccount(tx, provider, amount.currency),
        creditAccountId: await operatorAccount(tx, 'suspense', amount.currency),
        amount,
        metadata: { transferId: data.transferId, reason: 'incoming transfer matches no verification reference and account' },
      },
      now,
    );
    return 'unmatched';
  }
  if (verifiable(method.status) && method.holderNameExact) {
    await markVerified(
      ctx,
      tx,
      { ...method, status: method.status },
      {
        reason: `offline transfer ${data.transferId} from the account`,
        actor: `provider:${provider}`,
        at: now,
        method: 'offline-transfer',
      },
    );
  }
  const player = await tx.player.findUniqueOrThrow({ where: { id: method.playerId }, select: { state: true } });
  const deposit = await tx.cashierDeposit.create({
    data: {
      id: newId<string>(),
      playerId: method.playerId,
      paymentMethodId: method.id,
      instrument: 'bank-transfer',
      channel: 'CASHLESS',
      amountMinor: amount.toMinor(),
      currency: 'CZK',
      status: 'PENDING',
      temporaryAccount: player.state === 'TEMPORARY',
      idempotencyKey: `bank-transfer:${data.transferId}`,
      requestHash: requestHashOf({ transferId: data.transferId }),
      provider,
      providerPaymentId: data.transferId,
      expiresAt: now,
      createdAt: now,
      updatedAt: now,
    },
  });
  return confirmPayment(ctx, tx, deposit, { amount: data.amount }, 'SETTLED');
}

const unmatchedTransferKey = (provider: string, transferId: string) => `cashier-unmatched-transfer:${provider}:${transferId}`;

/**
 * One incoming transfer is booked once, whatever event ids it arrives under (issue 14 (8)): a
 * provider that sends the same `transferId` again as a new event is replaying it, so the second
 * delivery is a duplicate (2xx, nothing booked), not a unique-key violation (500, retried forever).
 * The transfer's advisory lock makes concurrent deliveries of it take turns until this commits.
 */
async function transferSeenBefore(tx: Tx, provider: string, transferId: string): Promise<boolean> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`cashier-transfer:${provider}:${transferId}`}, 0))`;
  const credited = await tx.cashierDeposit.findUnique({
    where: { provider_providerPaymentId: { provider, providerPaymentId: transferId } },
    select: { id: true },
  });
  if (credited) return true;
  return (await ledger.findTransactionIdByIdempotencyKey(tx, unmatchedTransferKey(provider, transferId))) !== null;
}
