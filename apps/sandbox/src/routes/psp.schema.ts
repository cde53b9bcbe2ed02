import { problemResponses } from '@casino/http';
import { z } from 'zod';

export const AmountSchema = z.object({ amount: z.string().regex(/^\d+(\.\d{1,2})?$/), currency: z.string().regex(/^[A-Z]{3}$/) });
export const IdempotencyHeadersSchema = z.object({
  'idempotency-key': z.string().min(8).max(200).describe('The same key returns the first result'),
});
const Reference = z
  .string()
  .min(1)
  .max(100)
  .describe("The merchant's reference (the platform's id of the deposit, payout or method)");

export const TokenizeCardBodySchema = z.object({
  number: z
    .string()
    .regex(/^\d{13,19}$/)
    .describe(
      'Test cards: 4242424242424242 (Visa, CZ), 5555555555554444 (Mastercard, DE), 4000000000000077 (Visa, US), 4000000000000002 (declined)',
    ),
  expiryMonth: z.number().int().min(1).max(12),
  expiryYear: z.number().int().min(2000).max(2100),
  holderName: z.string().trim().min(1).max(200),
});

export const CardTokenSchema = z.object({
  token: z.string(),
  brand: z.string(),
  last4: z.string(),
  expiryMonth: z.number().int(),
  expiryYear: z.number().int(),
  issuerCountry: z.string(),
  holderName: z.string(),
  fingerprint: z.string(),
});
export const TokenParamsSchema = z.object({ token: z.string().min(1).max(100) });

export const CreatePaymentBodySchema = z.object({
  reference: Reference,
  amount: AmountSchema,
  method: z.object({
    type: z.enum(['card', 'bank-account', 'wallet']),
    token: z.string().max(100).optional(),
    instrument: z.string().max(30).optional(),
    account: z.string().max(100).optional(),
  }),
  returnUrl: z
    .url({ protocol: /^https?$/ })
    .max(2000)
    .optional()
    .describe("Where the payer's browser is sent (303) after the challenge page; without it the page ends on its own"),
});
export const PaymentResponseSchema = z.object({ paymentId: z.string(), status: z.string(), redirectUrl: z.string().nullable() });
export const PaymentParamsSchema = z.object({ paymentId: z.string().min(1).max(100) });
export const AuthenticationBodySchema = z.object({
  outcome: z.enum(['pass', 'fail']).describe('What the payer does at the 3-D Secure or bank page'),
});
export const StatusResponseSchema = z.object({ status: z.string() });

/** The challenge page a browser opens at redirectUrl, and the answer to its form when there is no returnUrl. */
export const ChallengePageSchema = {
  description: 'An HTML page: the simulated 3-D Secure challenge, with buttons that pass or fail it',
  content: { 'text/html': { schema: z.string() } },
};
export const BackToMerchantSchema = z
  .null()
  .describe("The challenge page's form was posted: the browser goes to the merchant's returnUrl (Location)");

export const CreateVerificationBodySchema = z.object({
  reference: Reference,
  token: z.string().min(1).max(100),
  returnUrl: z
    .url({ protocol: /^https?$/ })
    .max(2000)
    .optional()
    .describe("Where the cardholder's browser is sent (303) after the challenge page"),
});
export const VerificationResponseSchema = z.object({ verificationId: z.string(), redirectUrl: z.string().nullable() });
export const VerificationParamsSchema = z.object({ verificationId: z.string().min(1).max(100) });

export const CreatePayoutBodySchema = z.object({
  reference: Reference,
  amount: AmountSchema,
  destination: z.object({ iban: z.string().min(15).max(40), holderName: z.string().min(1).max(200) }),
});
export const PayoutResponseSchema = z.object({ payoutId: z.string(), status: z.string() });

export const CreateRefundBodySchema = z.object({
  reference: Reference,
  paymentId: z.string().min(1).max(100),
  amount: AmountSchema,
});
export const RefundResponseSchema = z.object({ refundId: z.string() });

export const pspProblems = problemResponses(400, 404, 409, 503);
