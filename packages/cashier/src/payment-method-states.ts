import { DomainError, InvariantViolation } from '@casino/core';
import { enqueueOutboxMessage, lockPlayer, type Tx } from '@casino/db';
import type { CashierContext } from './context.ts';
import { paymentMethodVerifiedTopic } from './jobs.ts';

/**
 * The states of a payment method (004:PAY-10, as a state machine):
 * registered → verification pending → verified | rejected; a method not verified by its deadline is
 * rejected (PAY-07); a renewed card with another holder goes back to pending (PAY-05); the player may
 * remove any method. Only a verified method can be the active one, and only one is (PAY-09).
 */
export type PaymentMethodStatus = 'REGISTERED' | 'VERIFICATION_PENDING' | 'VERIFIED' | 'REJECTED' | 'REMOVED';

const allowed: Record<PaymentMethodStatus, readonly PaymentMethodStatus[]> = {
  REGISTERED: ['VERIFICATION_PENDING', 'VERIFIED', 'REJECTED', 'REMOVED'],
  VERIFICATION_PENDING: ['VERIFIED', 'REJECTED', 'REMOVED'],
  VERIFIED: ['VERIFICATION_PENDING', 'REMOVED'],
  REJECTED: ['REMOVED'],
  REMOVED: [],
};

export function canTransitionMethod(from: PaymentMethodStatus, to: PaymentMethodStatus): boolean {
  return allowed[from].includes(to);
}

export interface MethodTransition {
  reason: string;
  actor: string;
  at: Date;
}

type MethodUpdate = Parameters<Tx['paymentMethod']['updateMany']>[0]['data'];

/**
 * Moves a method from `from` to `to` with the history row. A method that is no longer in `from`
 * (a staff decision racing the deadline job) is a conflict, not a silent overwrite.
 */
export async function transitionMethod(
  tx: Tx,
  methodId: string,
  from: PaymentMethodStatus,
  to: PaymentMethodStatus,
  transition: MethodTransition,
  data: MethodUpdate = {},
): Promise<void> {
  if (!canTransitionMethod(from, to)) throw new InvariantViolation(`payment method ${from} → ${to} is not allowed`);
  const leavesVerified = to !== 'VERIFIED';
  const updated = await tx.paymentMethod.updateMany({
    where: { id: methodId, status: from },
    data: { ...data, status: to, updatedAt: transition.at, ...(leavesVerified ? { active: false } : {}) },
  });
  if (updated.count !== 1)
    throw new DomainError('conflict', 'The payment method changed meanwhile; reload it and try again.', {
      extensions: { paymentMethodId: methodId },
    });
  await tx.paymentMethodTransition.create({
    data: {
      paymentMethodId: methodId,
      fromStatus: from,
      toStatus: to,
      reason: transition.reason,
      actor: transition.actor,
      at: transition.at,
    },
  });
}

/**
 * Verification succeeded (an online transaction, an offline transfer or staff's review of documents,
 * 004:PAY-03/04). The first verified method becomes the active one; a temporary account's
 * registration can now complete, which the worker does (outbox, D-406).
 */
export async function markVerified(
  ctx: CashierContext,
  tx: Tx,
  method: { id: string; playerId: string; status: PaymentMethodStatus; kind: string },
  transition: MethodTransition & { method: string },
): Promise<void> {
  await lockPlayer(tx, method.playerId);
  await transitionMethod(tx, method.id, method.status, 'VERIFIED', transition, {
    verifiedAt: transition.at,
    verifiedBy: transition.actor,
    verificationMethod: transition.method,
    rejectionReason: null,
  });
  const active = await tx.paymentMethod.findFirst({ where: { playerId: method.playerId, active: true }, select: { id: true } });
  if (!active) {
    await tx.paymentMethod.update({ where: { id: method.id }, data: { active: true } });
    await ctx.guards.recordMonitoringEvent(tx, {
      kind: 'payment-method-change',
      playerId: method.playerId,
      occurredAt: transition.at,
      action: 'activated',
      paymentMethodId: method.id,
      methodType: method.kind,
    });
  }
  await enqueueOutboxMessage(tx, {
    topic: paymentMethodVerifiedTopic,
    payload: { playerId: method.playerId, paymentMethodId: method.id },
  });
}
