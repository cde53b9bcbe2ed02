import { DomainError, pragueDate } from '@casino/core';
import { lockPlayer, transaction, type Db, type Tx } from '@casino/db';
import { providerOf, type CashierContext } from './context.ts';
import { matchHolderName } from './names.ts';
import { transitionMethod, type PaymentMethodStatus } from './payment-method-states.ts';
import { isExpired } from './register-payment-method.ts';
import { paymentMethodView, type PaymentMethodView } from './views.ts';

export async function listPaymentMethods(db: Db | Tx, playerId: string): Promise<PaymentMethodView[]> {
  const rows = await db.paymentMethod.findMany({
    where: { playerId, status: { not: 'REMOVED' } },
    orderBy: { createdAt: 'asc' },
  });
  return rows.map(paymentMethodView);
}

async function ownMethod(tx: Tx, playerId: string, paymentMethodId: string) {
  const method = await tx.paymentMethod.findFirst({ where: { id: paymentMethodId, playerId } });
  if (!method) throw new DomainError('not-found', 'No such payment method.', { field: 'params.paymentMethodId' });
  return method;
}

/** 004:PAY-09, T-30: several verified methods, one active; activating one deactivates the other. */
export async function activatePaymentMethod(
  ctx: CashierContext,
  options: { playerId: string; paymentMethodId: string },
): Promise<PaymentMethodView> {
  return transaction(ctx.db, async (tx) => {
    await lockPlayer(tx, options.playerId);
    const method = await ownMethod(tx, options.playerId, options.paymentMethodId);
    if (method.status !== 'VERIFIED')
      throw new DomainError(
        'payment-method-not-verified',
        'Only a verified payment method can be the active one (004:PAY-01, PAY-09).',
        { field: 'params.paymentMethodId' },
      );
    if (!method.active) {
      const now = ctx.clock.now();
      await tx.paymentMethod.updateMany({
        where: { playerId: options.playerId, active: true },
        data: { active: false, updatedAt: now },
      });
      await tx.paymentMethod.update({ where: { id: method.id }, data: { active: true, updatedAt: now } });
      await ctx.guards.recordMonitoringEvent(tx, {
        kind: 'payment-method-change',
        playerId: options.playerId,
        occurredAt: now,
        action: 'activated',
        paymentMethodId: method.id,
        methodType: method.instrument,
      });
    }
    return paymentMethodView({ ...method, active: true });
  });
}

/** The player removes a method; a removed method no longer counts against withdrawals (004:WDR-02 (b)). */
export async function removePaymentMethod(
  ctx: CashierContext,
  options: { playerId: string; paymentMethodId: string },
): Promise<void> {
  await transaction(ctx.db, async (tx) => {
    await lockPlayer(tx, options.playerId);
    const method = await ownMethod(tx, options.playerId, options.paymentMethodId);
    if (method.status === 'REMOVED') return;
    const payoutsUnderway = await tx.cashierWithdrawal.count({
      where: { paymentMethodId: method.id, status: { in: ['IN_REVIEW', 'APPROVED', 'SENDING', 'SENT'] } },
    });
    if (payoutsUnderway > 0)
      throw new DomainError(
        'conflict',
        'A withdrawal to this payment method is under way; remove it once it is paid or cancelled.',
      );
    const now = ctx.clock.now();
    await transitionMethod(
      tx,
      method.id,
      method.status as PaymentMethodStatus,
      'REMOVED',
      { reason: 'removed by the player', actor: 'player', at: now },
      { removedAt: now },
    );
    await ctx.guards.recordMonitoringEvent(tx, {
      kind: 'payment-method-change',
      playerId: options.playerId,
      occurredAt: now,
      action: 'removed',
      paymentMethodId: method.id,
      methodType: method.instrument,
    });
  });
}

/**
 * A renewed card (004:PAY-05, T-34): the same card number (the provider's fingerprint) with a new
 * token and expiry. With the same holder a verified card stays verified; with another holder it
 * needs verifying again and is no longer active.
 */
export async function renewCard(
  ctx: CashierContext,
  options: { playerId: string; paymentMethodId: string; token: string },
): Promise<PaymentMethodView> {
  const card = await providerOf(ctx).describeCardToken(options.token);
  if (isExpired(card, pragueDate(ctx.clock.now())))
    throw new DomainError('payment-method-not-eligible', 'The renewed card has expired.', { field: 'body.token' });
  return transaction(ctx.db, async (tx) => {
    await lockPlayer(tx, options.playerId);
    const method = await ownMethod(tx, options.playerId, options.paymentMethodId);
    if (method.kind !== 'CARD')
      throw new DomainError('validation-failed', 'Only a card is renewed.', { field: 'params.paymentMethodId' });
    if (method.cardFingerprint !== card.fingerprint)
      throw new DomainError('validation-failed', 'This is a different card: register it as a new payment method.', {
        field: 'body.token',
      });
    const player = await tx.player.findUniqueOrThrow({
      where: { id: options.playerId },
      select: { firstName: true, surname: true },
    });
    const now = ctx.clock.now();
    const sameHolder = matchHolderName(card.holderName, { firstName: method.holderName, surname: '' }) === 'exact';
    const renewed = {
      providerToken: options.token,
      cardExpiryMonth: card.expiryMonth,
      cardExpiryYear: card.expiryYear,
      holderName: card.holderName,
      updatedAt: now,
    };
    if (sameHolder || method.status !== 'VERIFIED') {
      await tx.paymentMethod.update({ where: { id: method.id }, data: renewed });
    } else {
      if (matchHolderName(card.holderName, player) === 'none')
        throw new DomainError('holder-name-mismatch', "The renewed card's holder is not the player (004:PAY-02).", {
          field: 'body.token',
        });
      await transitionMethod(
        tx,
        method.id,
        'VERIFIED',
        'VERIFICATION_PENDING',
        { reason: 'renewed card with another holder needs verifying again (004:PAY-05)', actor: 'player', at: now },
        { ...renewed, verifiedAt: null, verificationMethod: null },
      );
    }
    return paymentMethodView(await tx.paymentMethod.findUniqueOrThrow({ where: { id: method.id } }));
  });
}

/** 004:PAY-07, T-36: methods not verified by their deadline are rejected. Returns how many. */
export async function rejectOverdueVerifications(ctx: CashierContext, batchSizeMax = 100): Promise<number> {
  const now = ctx.clock.now();
  const due = await ctx.db.paymentMethod.findMany({
    where: { status: { in: ['REGISTERED', 'VERIFICATION_PENDING'] }, verificationDeadlineAt: { lte: now } },
    select: { id: true, status: true },
    take: batchSizeMax,
  });
  let rejected = 0;
  for (const method of due) {
    await transaction(ctx.db, async (tx) => {
      const current = await tx.paymentMethod.findUniqueOrThrow({
        where: { id: method.id },
        select: { status: true, verificationDeadlineAt: true },
      });
      if ((current.status !== 'REGISTERED' && current.status !== 'VERIFICATION_PENDING') || current.verificationDeadlineAt > now)
        return;
      await transitionMethod(
        tx,
        method.id,
        current.status,
        'REJECTED',
        { reason: 'verification not completed by the deadline (004:PAY-07)', actor: 'system:verification-deadline', at: now },
        {
          rejectedAt: now,
          rejectionReason: 'Verification was not completed by the deadline (004:PAY-07).',
        },
      );
      rejected++;
    });
  }
  return rejected;
}

/** The players package's lookup for a cancelled temporary account's refund (004:TMP-09): a verified bank account. */
export async function findVerifiedBankAccount(tx: Tx, playerId: string): Promise<{ paymentMethodId: string } | null> {
  const method = await tx.paymentMethod.findFirst({
    where: { playerId, kind: 'BANK_ACCOUNT', status: 'VERIFIED' },
    orderBy: [{ active: 'desc' }, { verifiedAt: 'asc' }],
    select: { id: true },
  });
  return method ? { paymentMethodId: method.id } : null;
}
