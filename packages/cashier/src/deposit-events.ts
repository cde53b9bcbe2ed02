import { DomainError, isDomainError, Money, type TransactionId } from '@casino/core';
import { enqueueOutboxMessage, type Tx } from '@casino/db';
import * as ledger from '@casino/ledger';
import { clearingAccount, currentWallet, operatorAccount } from './accounts.ts';
import { accountNumbersOf, type CashierContext } from './context.ts';
import { creditDeposit } from './credit-deposit.ts';
import { takeFromPlayer } from './debt.ts';
import { depositRefundTopic } from './jobs.ts';
import { markVerified, type PaymentMethodStatus } from './payment-method-states.ts';
import type { PaymentEventDataSchema, RefundEventDataSchema } from './provider-events.ts';
import type { z } from 'zod';

type PaymentData = z.infer<typeof PaymentEventDataSchema>;
type RefundData = z.infer<typeof RefundEventDataSchema>;
/**
 * What an event did. `duplicate`: its subject was already booked under another event id (a bank
 * transfer's `transferId`); `discrepancy`: the provider's account of it contradicts ours, so nothing
 * was settled and the subject is flagged for a cashier (issue 14 (7)).
 */
export type EventOutcome = 'applied' | 'stale' | 'unmatched' | 'refused' | 'duplicate' | 'discrepancy';
type DepositRow = NonNullable<Awaited<ReturnType<Tx['cashierDeposit']['findUnique']>>>;

/** Locks the deposit an event is about: events of one deposit apply one at a time, in arrival order. */
async function lockDeposit(tx: Tx, provider: string, depositId: string): Promise<DepositRow | null> {
  const locked = await tx.$queryRaw<
    Array<{ id: string }>
  >`SELECT id FROM cashier_deposit WHERE id = ${depositId}::uuid FOR UPDATE`;
  if (locked.length === 0) return null;
  const row = await tx.cashierDeposit.findUniqueOrThrow({ where: { id: depositId } });
  return row.provider === provider ? row : null;
}

/**
 * A payment's events converge whatever order they arrive in: the deposit is credited once, by the
 * first of `authorized` or `settled`; `settled` after `authorized` only records it; `failed` or
 * `expired` end a payment not yet confirmed; anything else later is stale. A chargeback after success
 * reverses the deposit (a debt when the money was played); before success it ends it, nothing
 * having moved either way.
 */
export async function onPaymentEvent(
  ctx: CashierContext,
  tx: Tx,
  provider: string,
  type: string,
  data: PaymentData,
): Promise<EventOutcome> {
  const deposit = await lockDeposit(tx, provider, data.reference);
  if (!deposit) return 'unmatched';
  const now = ctx.clock.now();
  if (deposit.providerPaymentId === null)
    await tx.cashierDeposit.update({ where: { id: deposit.id }, data: { providerPaymentId: data.paymentId } });
  const unconfirmed = deposit.status === 'CREATED' || deposit.status === 'PENDING';
  switch (type) {
    case 'payment.authorized':
    case 'payment.settled': {
      const target = type === 'payment.authorized' ? 'AUTHORIZED' : 'SETTLED';
      // An intent we expired ourselves is still credited if the provider did take the money.
      if (unconfirmed || deposit.status === 'EXPIRED') return confirmPayment(ctx, tx, deposit, data, target);
      if (deposit.status === 'AUTHORIZED' && target === 'SETTLED') {
        await tx.cashierDeposit.update({ where: { id: deposit.id }, data: { status: 'SETTLED', updatedAt: now } });
        return 'applied';
      }
      return 'stale';
    }
    case 'payment.failed':
    case 'payment.expired': {
      if (!unconfirmed) return 'stale';
      await tx.cashierDeposit.update({
        where: { id: deposit.id },
        data: {
          status: type === 'payment.failed' ? 'FAILED' : 'EXPIRED',
          refusalCode: type === 'payment.failed' ? 'payment-declined' : 'payment-expired',
          refusalDetail: data.reason?.slice(0, 500) ?? null,
          threeDSecure: data.threeDSecure ?? null,
          updatedAt: now,
        },
      });
      await ctx.guards.recordMonitoringEvent(tx, {
        kind: 'deposit',
        playerId: deposit.playerId,
        occurredAt: now,
        amount: moneyOf(deposit).toJSON(),
        outcome: 'failed',
        paymentMethodId: deposit.paymentMethodId,
        reference: deposit.id,
      });
      return 'applied';
    }
    case 'payment.chargeback':
      return chargeBack(ctx, tx, deposit, data);
    default:
      return 'stale';
  }
}

const moneyOf = (deposit: DepositRow) => Money.fromMinor(deposit.amountMinor, 'CZK');

/**
 * Credits a confirmed payment with every check (credit-deposit.ts). A check's refusal rolls back to a
 * savepoint, so the event row, the card's verification and the refusal itself still commit.
 */
export async function confirmPayment(
  ctx: CashierContext,
  tx: Tx,
  deposit: DepositRow,
  data: Pick<PaymentData, 'amount' | 'threeDSecure'>,
  target: 'AUTHORIZED' | 'SETTLED',
): Promise<EventOutcome> {
  await verifyCardByPayment(ctx, tx, deposit, data);
  await tx.$executeRawUnsafe('SAVEPOINT deposit_credit');
  try {
    if (!Money.of(data.amount.amount, data.amount.currency).equals(moneyOf(deposit))) {
      throw new DomainError(
        'conflict',
        `The provider confirmed ${data.amount.amount} ${data.amount.currency} for a deposit of ${moneyOf(deposit)}.`,
      );
    }
    await creditDeposit(ctx, tx, deposit, await clearingAccount(tx, deposit.provider!), {
      status: target,
      threeDSecure: data.threeDSecure ?? null,
    });
    // No RELEASE: the savepoint ends with the transaction, one round trip fewer.
    return 'applied';
  } catch (error) {
    if (!isDomainError(error) || error.status >= 500) throw error;
    await tx.$executeRawUnsafe('ROLLBACK TO SAVEPOINT deposit_credit');
    await refuse(ctx, tx, deposit, error);
    return 'refused';
  }
}

/**
 * A deposit the provider took but a check refused (a self-limit, a cap, AML, a closed account): the
 * money waits in suspense, nothing reaches the player's wallet, and the worker refunds it.
 */
async function refuse(ctx: CashierContext, tx: Tx, deposit: DepositRow, error: DomainError): Promise<void> {
  const now = ctx.clock.now();
  await ledger.transfer(
    tx,
    {
      idempotencyKey: `cashier-deposit-refused:${deposit.id}`,
      kind: 'DEPOSIT',
      debitAccountId: await clearingAccount(tx, deposit.provider!),
      creditAccountId: await operatorAccount(tx, 'suspense'),
      amount: moneyOf(deposit),
      metadata: { depositId: deposit.id, refused: error.code, playerId: deposit.playerId },
    },
    now,
  );
  await tx.cashierDeposit.update({
    where: { id: deposit.id },
    data: { status: 'REFUSED', refusalCode: error.code, refusalDetail: error.detail.slice(0, 500), updatedAt: now },
  });
  await enqueueOutboxMessage(tx, { topic: depositRefundTopic, payload: { depositId: deposit.id } });
  await ctx.guards.recordMonitoringEvent(tx, {
    kind: 'deposit',
    playerId: deposit.playerId,
    occurredAt: now,
    amount: moneyOf(deposit).toJSON(),
    outcome: 'failed',
    paymentMethodId: deposit.paymentMethodId,
    reference: deposit.id,
  });
}

/** 004:PAY-04: a card payment that passed 3-D Secure verifies the card (a temporary account's first deposit, typically). */
async function verifyCardByPayment(
  ctx: CashierContext,
  tx: Tx,
  deposit: DepositRow,
  data: Pick<PaymentData, 'threeDSecure'>,
): Promise<void> {
  if (data.threeDSecure !== 'passed' || !deposit.paymentMethodId) return;
  const method = await tx.paymentMethod.findUniqueOrThrow({
    where: { id: deposit.paymentMethodId },
    select: { id: true, playerId: true, kind: true, status: true, holderNameExact: true },
  });
  const status = method.status as PaymentMethodStatus;
  if (method.kind !== 'CARD' || !method.holderNameExact || (status !== 'REGISTERED' && status !== 'VERIFICATION_PENDING')) return;
  await markVerified(
    ctx,
    tx,
    { ...method, status },
    {
      reason: `3-D Secure passed on deposit ${deposit.id}`,
      actor: `provider:${deposit.provider}`,
      at: ctx.clock.now(),
      method: 'online-transaction',
    },
  );
}

async function chargeBack(ctx: CashierContext, tx: Tx, deposit: DepositRow, data: PaymentData): Promise<EventOutcome> {
  const now = ctx.clock.now();
  const clearing = await clearingAccount(tx, deposit.provider!);
  if (deposit.status === 'AUTHORIZED' || deposit.status === 'SETTLED') {
    const player = await tx.player.findUniqueOrThrow({ where: { id: deposit.playerId }, select: { state: true } });
    const taken = await takeFromPlayer(tx, {
      playerId: deposit.playerId,
      walletId: await currentWallet(tx, deposit.playerId, player.state),
      creditAccountId: clearing,
      amount: moneyOf(deposit),
      kind: 'REVERSAL',
      idempotencyKey: `cashier-chargeback:${deposit.id}`,
      reversesTransactionId: deposit.ledgerTransactionId as TransactionId,
      metadata: { depositId: deposit.id, reason: data.reason ?? 'chargeback' },
      at: now,
      debt: {
        cause: 'CHARGEBACK',
        reason: `The payment of deposit ${moneyOf(deposit)} was charged back by the card issuer${data.reason ? ` (${data.reason})` : ''}.`,
        createdBy: `provider:${deposit.provider}`,
        repaymentDays: ctx.rules.debtRepaymentDays,
      },
      sealer: accountNumbersOf(ctx),
    });
    await tx.cashierDeposit.update({
      where: { id: deposit.id },
      data: { status: 'CHARGED_BACK', reversalTransactionId: taken.transactionId, updatedAt: now },
    });
    return 'applied';
  }
  if (deposit.status === 'REFUSED') {
    // The card issuer returned the money the refund was going to return: suspense goes back to clearing.
    const posted = await ledger.transfer(
      tx,
      {
        idempotencyKey: `cashier-chargeback:${deposit.id}`,
        kind: 'REVERSAL',
        debitAccountId: await operatorAccount(tx, 'suspense'),
        creditAccountId: clearing,
        amount: moneyOf(deposit),
        metadata: { depositId: deposit.id, reason: 'chargeback of a refused deposit' },
      },
      now,
    );
    await tx.cashierDeposit.update({
      where: { id: deposit.id },
      data: { status: 'CHARGED_BACK', reversalTransactionId: posted.transactionId, updatedAt: now },
    });
    return 'applied';
  }
  if (deposit.status === 'CREATED' || deposit.status === 'PENDING') {
    // Delivered before the payment's own confirmation: it succeeded and was charged back; net, nothing moved.
    await tx.cashierDeposit.update({ where: { id: deposit.id }, data: { status: 'CHARGED_BACK', updatedAt: now } });
    return 'applied';
  }
  return 'stale';
}

/** The refund of a refused deposit arrived: the money leaves suspense (D-606). */
export async function onRefundEvent(
  ctx: CashierContext,
  tx: Tx,
  provider: string,
  type: string,
  data: RefundData,
): Promise<EventOutcome> {
  const deposit = await lockDeposit(tx, provider, data.reference);
  if (!deposit) return 'unmatched';
  if (type !== 'refund.succeeded' || deposit.status !== 'REFUSED') return 'stale';
  const now = ctx.clock.now();
  await ledger.transfer(
    tx,
    {
      idempotencyKey: `cashier-deposit-refund:${deposit.id}`,
      kind: 'REFUND',
      debitAccountId: await operatorAccount(tx, 'suspense'),
      creditAccountId: await clearingAccount(tx, provider),
      amount: moneyOf(deposit),
      metadata: { depositId: deposit.id, refundId: data.refundId },
    },
    now,
  );
  await tx.cashierDeposit.update({ where: { id: deposit.id }, data: { status: 'REFUNDED', updatedAt: now } });
  return 'applied';
}
