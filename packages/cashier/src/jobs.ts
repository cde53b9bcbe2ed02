import { z } from 'zod';

/**
 * Work the cashier leaves to the worker, through the outbox (written in the transaction that
 * decided it, so it exists exactly when the decision committed). Handlers are safe to run twice.
 */
export const payoutTopic = 'cashier.payout';
export const PayoutPayloadSchema = z.object({ withdrawalId: z.uuid() });

export const depositRefundTopic = 'cashier.deposit-refund';
export const DepositRefundPayloadSchema = z.object({ depositId: z.uuid() });

/** A payment method became verified: a temporary account's registration can now complete (004:REG-23, D-406). */
export const paymentMethodVerifiedTopic = 'cashier.payment-method-verified';
export const PaymentMethodVerifiedPayloadSchema = z.object({ playerId: z.uuid(), paymentMethodId: z.uuid() });
