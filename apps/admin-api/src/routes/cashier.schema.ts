import { identityDocumentTypes, instruments } from '@casino/cashier';
import { DebtSchema, WithdrawalSchema } from '@casino/wire/cashier';
import { IdempotencyKeySchema, MoneyInputSchema, MoneyOutputSchema, problemResponses, UuidSchema } from '@casino/http';
import { z } from 'zod';

export const IdempotencyHeadersSchema = z.object({ 'idempotency-key': IdempotencyKeySchema });
export const PlayerParamsSchema = z.object({ playerId: UuidSchema });
export const PaymentMethodParamsSchema = z.object({ paymentMethodId: UuidSchema });
export const DocumentParamsSchema = z.object({ paymentMethodId: UuidSchema, documentId: UuidSchema });
export const WithdrawalParamsSchema = z.object({ withdrawalId: UuidSchema });
export const LimitQuerySchema = z.object({ limit: z.coerce.number().int().min(1).max(200).default(50) });

export const DocumentContentSchema = z.object({ contentType: z.string(), contentBase64: z.string() });

export const VerificationDecisionBodySchema = z.object({
  decision: z.enum(['approve', 'reject']),
  reason: z.string().trim().min(3).max(500),
  cardDataFound: z
    .boolean()
    .default(false)
    .describe('The documents show a card image or full card data: they are deleted (004:PAY-06)'),
});
export const VerificationDecisionResponseSchema = z.object({ status: z.enum(['VERIFIED', 'REJECTED']) });

export const WithdrawalQueueQuerySchema = z.object({
  status: z
    .enum(['IN_REVIEW', 'APPROVED', 'SENT', 'overdue', 'discrepancy'])
    .default('IN_REVIEW')
    .describe('overdue: not paid by its deadline; discrepancy: a payout event from the provider contradicted it (issue 14 (7))'),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
});
export const WithdrawalDecisionBodySchema = z.object({
  decision: z.enum(['approve', 'reject']),
  note: z.string().trim().min(3).max(500),
});

export const CashDepositBodySchema = z.object({
  playerId: UuidSchema,
  amount: MoneyInputSchema,
  idCheck: z
    .object({ documentType: z.enum(identityDocumentTypes), documentNumber: z.string().trim().min(4).max(30) })
    .nullable()
    .describe('The identity document the branch worker checked (004:IDV-06); null when none was shown'),
});

export const CashWithdrawalBodySchema = z.object({
  playerId: UuidSchema,
  amount: MoneyInputSchema,
  idCheck: z
    .object({ documentType: z.enum(identityDocumentTypes), documentNumber: z.string().trim().min(4).max(30) })
    .nullable()
    .describe('The identity document the branch worker checked (004:WDR-06); null when none was shown'),
});

export const SupportWithdrawalBodySchema = z.object({
  amount: MoneyInputSchema,
  note: z.string().trim().min(3).max(500).describe('How the request came: hotline, contact form, written form (004:ACC-11)'),
});

export const MisuseReportSchema = z.object({
  suspected: z.boolean(),
  outstandingDebt: z.string(),
  cycles: z.array(
    z.object({
      withdrawalId: z.string().nullable(),
      withdrawal: MoneyOutputSchema,
      depositIds: z.array(z.string()),
      deposited: MoneyOutputSchema,
      staked: MoneyOutputSchema,
    }),
  ),
});

export const MisuseFeeBodySchema = z.object({
  depositIds: z.array(UuidSchema).max(100),
  withdrawalIds: z.array(UuidSchema).max(100),
  reason: z.string().trim().min(5).max(500),
});

export const ClawbackBodySchema = z.object({
  winTransactionId: UuidSchema,
  amount: MoneyInputSchema.nullable().default(null).describe('Defaults to the whole win'),
  reason: z.string().trim().min(5).max(500).describe('Sent to the player as the notice (004:WIN-04)'),
});

export const BonusGrantBodySchema = z.object({
  amount: MoneyInputSchema.describe(
    "In one of the player's wallet currencies; at most the profile's published maximum per grant",
  ),
  reason: z.string().trim().min(5).max(500).describe('Why the bonus is granted: kept with the bonus and in the audit log'),
});

export const TakenResponseSchema = z.object({
  taken: MoneyOutputSchema,
  fromBalance: MoneyOutputSchema.describe('The part the balance covered'),
  debt: z
    .object({ id: z.string(), outstanding: MoneyOutputSchema, dueAt: z.iso.datetime() })
    .nullable()
    .describe('The rest, to repay within 10 days (004:WIN-05)'),
});

const capMinor = MoneyInputSchema.nullable().default(null);
export const CapOverrideParamsSchema = z.object({
  playerId: UuidSchema,
  instrument: z.enum(instruments),
  direction: z.enum(['deposit', 'withdrawal']),
});
export const CapOverrideBodySchema = z.object({
  caps: z
    .object({
      perTransactionMin: capMinor,
      perTransactionMax: capMinor,
      rolling24hMax: capMinor,
      rolling7dMax: capMinor,
      rolling30dMax: capMinor,
      attempts24hMax: z.number().int().min(0).max(1_000).nullable().default(null),
      count24hMax: z.number().int().min(0).max(1_000).nullable().default(null),
    })
    .describe(
      'Null keeps the table value; everything else must be stricter than the table (004:DEP-03), except for other instruments',
    ),
  reason: z.string().trim().min(5).max(500),
});

export const UnpaidDebtsQuerySchema = z.object({
  status: z.enum(['OPEN', 'OVERDUE']).optional().describe('Without it: open and overdue debts'),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export const UnpaidDebtsSchema = z.object({
  total: z.number().int(),
  debts: z.array(DebtSchema.extend({ playerId: z.string() })),
});

export const cashierStaffProblems = problemResponses(400, 401, 403, 404, 409, 422, 503);

/** A withdrawal as staff see it in the queues: whose it is, and any discrepancy the provider's events showed. */
export const StaffWithdrawalSchema = WithdrawalSchema.extend({
  playerId: z.string(),
  discrepancy: z
    .object({ reason: z.string(), flaggedAt: z.iso.datetime() })
    .nullable()
    .describe("A provider's payout event contradicted this withdrawal; nothing was settled by it"),
  payoutHold: z
    .object({ reason: z.string(), placedAt: z.iso.datetime(), expiresAt: z.iso.datetime().nullable() })
    .nullable()
    .describe("The player's payouts are held (004:AML-04, WIN-06): the payout job will not send this withdrawal while it lasts"),
});
