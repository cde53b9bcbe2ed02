import { MovementAmountJsonSchema } from '@casino/core';
import { z } from 'zod';

/**
 * The events a payment provider sends (Standard Webhooks payload: `type`, `timestamp`, `data`). The
 * provider's event id is the `webhook-id` header. `reference` is always our id of the subject: the
 * deposit, the withdrawal, the payment method, or an offline transfer's variabilní symbol.
 */
/**
 * Every amount a provider reports, on every event type (issue 14 (8)): a known currency, at most its
 * decimals, strictly positive and within the movement maximum. A signed event that breaks this is
 * refused with 400 before anything is stored, and the provider must not retry it (docs/cashier.md).
 */
const AmountSchema = MovementAmountJsonSchema;
const Id = z.string().min(1).max(100);

export const PaymentEventDataSchema = z.object({
  paymentId: Id,
  reference: z.uuid(),
  amount: AmountSchema,
  threeDSecure: z.enum(['passed', 'failed', 'not-applicable']).optional(),
  reason: z.string().max(500).optional(),
});

export const PayoutEventDataSchema = z.object({
  payoutId: Id,
  reference: z.uuid(),
  amount: AmountSchema,
  reason: z.string().max(500).optional(),
});
export const RefundEventDataSchema = z.object({
  refundId: Id,
  paymentId: Id,
  reference: z.uuid(),
  amount: AmountSchema,
  reason: z.string().max(500).optional(),
});
export const VerificationEventDataSchema = z.object({
  verificationId: Id,
  reference: z.uuid(),
  threeDSecure: z.enum(['passed', 'failed']),
  reason: z.string().max(500).optional(),
});
export const BankTransferEventDataSchema = z.object({
  transferId: Id,
  reference: z
    .string()
    .regex(/^\d{1,10}$/)
    .describe('The variabilní symbol the payer gave'),
  payerAccount: z.string().min(15).max(40).describe('The IBAN the money came from'),
  payerName: z.string().max(200),
  amount: AmountSchema,
});

export const providerEventSchemas = {
  'payment.authorized': PaymentEventDataSchema,
  'payment.settled': PaymentEventDataSchema,
  'payment.failed': PaymentEventDataSchema,
  'payment.expired': PaymentEventDataSchema,
  'payment.chargeback': PaymentEventDataSchema,
  'payout.paid': PayoutEventDataSchema,
  'payout.failed': PayoutEventDataSchema,
  'refund.succeeded': RefundEventDataSchema,
  'refund.failed': RefundEventDataSchema,
  'verification.succeeded': VerificationEventDataSchema,
  'verification.failed': VerificationEventDataSchema,
  'bank-transfer.received': BankTransferEventDataSchema,
} as const;

export type ProviderEventType = keyof typeof providerEventSchemas;
export const providerEventTypes = Object.keys(providerEventSchemas) as ProviderEventType[];

export type ParsedProviderEvent = {
  [T in ProviderEventType]: { type: T; data: z.infer<(typeof providerEventSchemas)[T]> };
}[ProviderEventType];

export const ProviderEventEnvelopeSchema = z.object({
  type: z.string().min(1).max(60),
  timestamp: z.string().max(40),
  data: z.record(z.string(), z.unknown()),
});

export function isKnownEventType(type: string): type is ProviderEventType {
  return Object.hasOwn(providerEventSchemas, type);
}
