import { DomainError, Money, newId } from '@casino/core';
import { sqlStateOf, transaction } from '@casino/db';
import { randomInt } from 'node:crypto';
import { optional, providerOf, returnUrls, type CashierContext } from './context.ts';
import { transitionMethod, type PaymentMethodStatus } from './payment-method-states.ts';

export interface StartVerificationOptions {
  playerId: string;
  paymentMethodId: string;
  /** 004:PAY-03/04: a card by a 3-D Secure online transaction, a bank account by an offline transfer. Documents: submit-ownership-document.ts. */
  via: 'online-transaction' | 'offline-transfer';
}

export type VerificationStarted =
  | { via: 'online-transaction'; redirectUrl: string | null }
  | { via: 'offline-transfer'; transfer: { toAccount: string; reference: string; amountMin: Money } };

const referenceAttemptsMax = 5;

/**
 * Starts verifying a method's ownership. A card gets a zero-amount 3-D Secure check at the provider
 * (the player completes it at `redirectUrl`; the provider's webhook decides, PAY-04). A bank account
 * gets a reference (variabilní symbol) to send a transfer from it to the operator's account with;
 * the bank's notice of that transfer decides (PAY-03 (4.3.4.2)) and the amount is credited as a deposit.
 */
export async function startVerification(ctx: CashierContext, options: StartVerificationOptions): Promise<VerificationStarted> {
  const method = await ctx.db.paymentMethod.findFirst({ where: { id: options.paymentMethodId, playerId: options.playerId } });
  if (!method) throw new DomainError('not-found', 'No such payment method.', { field: 'params.paymentMethodId' });
  const status = method.status as PaymentMethodStatus;
  if (status !== 'REGISTERED' && status !== 'VERIFICATION_PENDING')
    throw new DomainError('conflict', `A ${status.toLowerCase()} payment method cannot be verified.`);
  const now = ctx.clock.now();
  const transition = { reason: `verification started: ${options.via}`, actor: 'player', at: now };

  if (options.via === 'online-transaction') {
    if (method.kind !== 'CARD' || !method.providerToken)
      throw new DomainError(
        'validation-failed',
        'An online verification transaction is for cards; verify a bank account by an offline transfer or documents.',
        { field: 'body.via' },
      );
    const started = await providerOf(ctx).createCardVerification({
      reference: method.id,
      attemptId: newId(),
      token: method.providerToken,
      ...optional('returnUrl', returnUrls(ctx).verification(method.id)),
    });
    await transaction(ctx.db, async (tx) => {
      const data = { verificationMethod: 'online-transaction', verificationProviderId: started.providerVerificationId };
      if (status === 'REGISTERED') await transitionMethod(tx, method.id, status, 'VERIFICATION_PENDING', transition, data);
      else await tx.paymentMethod.update({ where: { id: method.id }, data: { ...data, updatedAt: now } });
    });
    return { via: 'online-transaction', redirectUrl: started.redirectUrl };
  }

  if (method.kind !== 'BANK_ACCOUNT')
    throw new DomainError(
      'validation-failed',
      'An offline transfer verifies a bank account; verify a card by 3-D Secure or documents.',
      { field: 'body.via' },
    );
  const reference = method.verificationReference ?? (await assignReference(ctx, method.id, status, transition));
  return {
    via: 'offline-transfer',
    transfer: {
      toAccount: ctx.rules.verificationTransfer.operatorIban,
      reference,
      amountMin: Money.fromMinor(ctx.rules.verificationTransfer.amountMinorMin, ctx.currency),
    },
  };
}

/** A fresh ten-digit reference; a collision (one in ten billion) just draws again. */
async function assignReference(
  ctx: CashierContext,
  methodId: string,
  status: PaymentMethodStatus,
  transition: { reason: string; actor: string; at: Date },
): Promise<string> {
  for (let attempt = 1; ; attempt++) {
    const reference = String(randomInt(1_000_000_000, 9_999_999_999));
    try {
      await transaction(ctx.db, async (tx) => {
        const data = { verificationMethod: 'offline-transfer', verificationReference: reference };
        if (status === 'REGISTERED') await transitionMethod(tx, methodId, status, 'VERIFICATION_PENDING', transition, data);
        else await tx.paymentMethod.update({ where: { id: methodId }, data: { ...data, updatedAt: transition.at } });
      });
      return reference;
    } catch (error) {
      if (sqlStateOf(error) !== '23505' || attempt >= referenceAttemptsMax) throw error;
    }
  }
}
