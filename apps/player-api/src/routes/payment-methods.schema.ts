import { documentContentTypes, documentKinds } from '@casino/cashier';
import { MoneyOutputSchema, problemResponses, UuidSchema } from '@casino/http';
import { z } from 'zod';

const holderName = z.string().trim().min(1).max(200).describe("Must be the player's own name (004:PAY-02, 002:PM-05)");

/**
 * One of three kinds. Strict objects: an unexpected field (a card number, say) is refused, never
 * silently dropped; a card arrives only as the provider's token (004:PAY-06).
 */
export const RegisterPaymentMethodBodySchema = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('bank-account'),
    iban: z.string().trim().min(15).max(42).describe('IBAN of an account with a bank authorised in CZ'),
    holderName,
  }),
  z.strictObject({
    kind: z.literal('card'),
    token: z.string().min(1).max(100).describe("The payment provider's token (POST /psp/card-tokens from the browser)"),
  }),
  z.strictObject({
    kind: z.literal('other'),
    instrument: z.enum(['apple-pay', 'paypal', 'paysafecard', 'other']),
    account: z.string().trim().min(3).max(100).describe('The wallet or account identifier'),
    holderName,
    issuerCountry: z
      .string()
      .regex(/^[A-Z]{2}$/)
      .describe("The provider's country (EU/EEA)"),
  }),
]);

export const PaymentMethodParamsSchema = z.object({ paymentMethodId: UuidSchema });

export const StartVerificationBodySchema = z.object({
  via: z
    .enum(['online-transaction', 'offline-transfer'])
    .describe(
      'A card: a 3-D Secure check (online-transaction). A bank account: a transfer from it (offline-transfer). Documents: POST …/documents',
    ),
});

export const VerificationStartedSchema = z.object({
  via: z.enum(['online-transaction', 'offline-transfer']),
  redirectUrl: z.string().nullable().optional().describe('Complete the 3-D Secure check here'),
  transfer: z
    .object({
      toAccount: z.string(),
      reference: z.string().describe('Variabilní symbol'),
      amountMin: z.object({ amount: z.string(), currency: z.string() }),
    })
    .optional(),
});

export const DocumentBodySchema = z.object({
  kind: z
    .enum(documentKinds)
    .describe('Never a photo of a card: it is refused and the method must be registered again (004:PAY-06)'),
  contentType: z.enum(documentContentTypes),
  contentBase64: z.base64().max(1_400_000).describe('At most 1 MiB once decoded'),
});

export const DocumentAcceptedSchema = z.object({ documentId: z.string(), status: z.string() });

export const RenewCardBodySchema = z.strictObject({
  token: z.string().min(1).max(100).describe("The renewed card's provider token"),
});

export const VerificationStateSchema = z.object({
  paymentMethodId: z.string(),
  status: z.string().describe('REGISTERED, VERIFICATION_PENDING, VERIFIED or REJECTED'),
  verificationMethod: z.string().nullable().describe('online-transaction, offline-transfer or documents'),
  verifiedAt: z.iso.datetime().nullable(),
  verificationDeadlineAt: z.iso.datetime().describe('Unverified by then, the method is blocked (004:PAY-07)'),
  onlineCheck: z
    .object({
      outcome: z
        .enum(['pending', 'passed', 'failed'])
        .describe("pending until the provider's answer arrives (ask again); failed: the player may start another check"),
      reportedAt: z.iso.datetime().nullable(),
    })
    .nullable()
    .describe('The latest 3-D Secure check of a card; null when none was started'),
});

export const DepositCapsSchema = z.object({
  paymentMethodId: z.string(),
  instrument: z.string().describe('The row of the caps table: bank-transfer, card, apple-pay, paypal, paysafecard, other'),
  offered: z.boolean().describe('false: this instrument takes no deposits'),
  perTransaction: z.object({ min: MoneyOutputSchema, max: MoneyOutputSchema.nullable() }),
  windows: z
    .array(
      z.object({
        window: z.enum(['rolling-24h', 'rolling-7d', 'rolling-30d']),
        max: MoneyOutputSchema,
        used: MoneyOutputSchema.describe('Deposits through this instrument in the window, those on their way included'),
        remaining: MoneyOutputSchema,
      }),
    )
    .describe('The rolling caps that apply (004:DEP-02, DEP-03)'),
  attempts24h: z.object({ max: z.number().int(), used: z.number().int() }).nullable(),
  count24h: z.object({ max: z.number().int(), used: z.number().int() }).nullable(),
  temporaryAccountRemaining: MoneyOutputSchema.nullable().describe("A temporary account's deposit cap left (004:TMP-03)"),
  largestNow: MoneyOutputSchema.nullable().describe(
    'The largest deposit these caps allow now (0 when none fits); null when uncapped. Self-limits: GET /v1/me/limits',
  ),
});

export const paymentMethodProblems = problemResponses(400, 401, 403, 404, 409, 413, 422, 503);
