import { DomainError } from '@casino/core';
import { transaction } from '@casino/db';
import type { CashierContext } from './context.ts';
import { markVerified, transitionMethod, type PaymentMethodStatus } from './payment-method-states.ts';
import { auditStaffAction, staffMark, type StaffActor } from './staff-audit.ts';

export interface DecideVerificationOptions {
  paymentMethodId: string;
  decision: 'approve' | 'reject';
  reason: string;
  staff: StaffActor;
  /** The reviewer found a card image or full card data: the documents are deleted (004:PAY-06, DAT-02). */
  cardDataFound?: boolean;
}

/**
 * Staff's review of a method's proof of ownership (004:PAY-03 (4.3.4.3), 002:PM-05): approve
 * verifies it; reject records the reason. Also how a method whose holder name matches the player's
 * only without diacritics gets verified (002:AMB-NAME).
 */
export async function decideVerification(ctx: CashierContext, options: DecideVerificationOptions): Promise<{ status: string }> {
  const now = ctx.clock.now();
  const actor = staffMark(options.staff);
  return transaction(ctx.db, async (tx) => {
    const method = await tx.paymentMethod.findUnique({
      where: { id: options.paymentMethodId },
      select: { id: true, playerId: true, status: true, kind: true },
    });
    if (!method) throw new DomainError('not-found', 'No such payment method.', { field: 'params.paymentMethodId' });
    const status = method.status as PaymentMethodStatus;
    const audit = (after: string) =>
      auditStaffAction(tx, options.staff, now, {
        action: `cashier.payment-method.${options.decision}`,
        subjectType: 'payment-method',
        subjectId: method.id,
        reason: options.reason,
        before: { status },
        after: { status: after, playerId: method.playerId, cardDataFound: options.cardDataFound ?? false },
      });
    if (status !== 'REGISTERED' && status !== 'VERIFICATION_PENDING')
      throw new DomainError('conflict', `The payment method is ${status.toLowerCase()}; there is nothing to decide.`);
    if (options.decision === 'approve') {
      if (options.cardDataFound)
        throw new DomainError('validation-failed', 'A method whose documents showed card data cannot be approved.', {
          field: 'body.cardDataFound',
        });
      await markVerified(
        ctx,
        tx,
        { ...method, status },
        { reason: `documents approved: ${options.reason}`, actor, at: now, method: 'document' },
      );
      await tx.paymentMethodDocument.updateMany({
        where: { paymentMethodId: method.id, status: 'SUBMITTED' },
        data: { status: 'ACCEPTED', reviewedAt: now, reviewedBy: actor, reviewReason: options.reason },
      });
      await audit('VERIFIED');
      return { status: 'VERIFIED' };
    }
    await transitionMethod(
      tx,
      method.id,
      status,
      'REJECTED',
      { reason: `rejected: ${options.reason}`, actor, at: now },
      { rejectedAt: now, rejectionReason: options.reason },
    );
    if (options.cardDataFound) await tx.paymentMethodDocument.deleteMany({ where: { paymentMethodId: method.id } });
    else
      await tx.paymentMethodDocument.updateMany({
        where: { paymentMethodId: method.id, status: 'SUBMITTED' },
        data: { status: 'REJECTED', reviewedAt: now, reviewedBy: actor, reviewReason: options.reason },
      });
    await audit('REJECTED');
    return { status: 'REJECTED' };
  });
}
