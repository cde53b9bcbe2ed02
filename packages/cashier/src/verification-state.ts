import { DomainError } from '@casino/core';
import type { CashierContext } from './context.ts';

export interface VerificationState {
  paymentMethodId: string;
  /** The method's state: VERIFIED ends it; VERIFICATION_PENDING after a failed check or one staff review. */
  status: string;
  verificationMethod: string | null;
  verifiedAt: Date | null;
  verificationDeadlineAt: Date;
  /**
   * The latest 3-D Secure check of a card as the provider reported it: `pending` until its webhook
   * has arrived, then `passed` or `failed`; null when no online check was started.
   */
  onlineCheck: { outcome: 'pending' | 'passed' | 'failed'; reportedAt: Date | null } | null;
}

/**
 * Where verifying a method stands (004:PAY-03, PAY-04), for the page the payer's browser returns to
 * after 3-D Secure (D-1784): the method's state and the outcome of its latest online check, read from
 * the provider's stored webhook for that check. A failed check leaves the method pending (the player
 * may try again until the deadline, PAY-07), so the state alone cannot tell "failed" from "not yet".
 */
export async function verificationState(
  ctx: CashierContext,
  options: { playerId: string; paymentMethodId: string },
): Promise<VerificationState> {
  const method = await ctx.db.paymentMethod.findFirst({
    where: { id: options.paymentMethodId, playerId: options.playerId, status: { not: 'REMOVED' } },
  });
  if (!method) throw new DomainError('not-found', 'No such payment method.', { field: 'params.paymentMethodId' });
  let onlineCheck: VerificationState['onlineCheck'] = null;
  if (method.verificationMethod === 'online-transaction' && method.verificationProviderId) {
    const [reported] = await ctx.db.$queryRaw<Array<{ type: string; received_at: Date }>>`
      SELECT type, received_at FROM cashier_provider_event
      WHERE subject_id = ${method.id}::uuid AND type IN ('verification.succeeded', 'verification.failed')
        AND payload->'data'->>'verificationId' = ${method.verificationProviderId}
      ORDER BY received_at DESC LIMIT 1`;
    onlineCheck = reported
      ? { outcome: reported.type === 'verification.succeeded' ? 'passed' : 'failed', reportedAt: reported.received_at }
      : { outcome: 'pending', reportedAt: null };
  }
  return {
    paymentMethodId: method.id,
    status: method.status,
    verificationMethod: method.verificationMethod,
    verifiedAt: method.verifiedAt,
    verificationDeadlineAt: method.verificationDeadlineAt,
    onlineCheck,
  };
}
