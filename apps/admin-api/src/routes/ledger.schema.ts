import { CurrencyCodeSchema, movementAmountMinorMax, movementAmountProblem } from '@casino/core';
import {
  IdempotencyKeySchema,
  MoneyInputSchema,
  MoneyOutputSchema,
  problemResponses,
  UuidSchema,
  SequenceCursorSchema,
} from '@casino/http';
import { z } from 'zod';

export const AccountParamsSchema = z.object({ accountId: UuidSchema });

export const AccountResponseSchema = z.object({
  id: z.string(),
  code: z.string(),
  ownerKind: z.string(),
  ownerId: z.string().nullable(),
  purpose: z.string(),
  type: z.string(),
  allowNegative: z.boolean(),
  shardCount: z.number().int(),
  balance: MoneyOutputSchema,
});

export const StatementQuerySchema = z.object({
  after: SequenceCursorSchema.optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});

export const StatementResponseSchema = z.object({
  accountId: z.string(),
  lines: z.array(
    z.object({
      postingId: z.string(),
      transactionId: z.string(),
      kind: z.string(),
      amount: MoneyOutputSchema,
      balanceAfter: MoneyOutputSchema,
      effectiveAt: z.iso.datetime(),
      metadata: z.unknown(),
    }),
  ),
  nextCursor: z.string().nullable(),
});

export const TrialBalanceQuerySchema = z.object({
  currency: CurrencyCodeSchema,
  asOf: z.iso.datetime({ offset: true }).optional().describe('Balances as of this time (default: now)'),
});

export const TrialBalanceResponseSchema = z.object({
  currency: z.string(),
  asOf: z.string().nullable(),
  lines: z.array(
    z.object({ type: z.string(), debits: MoneyOutputSchema, credits: MoneyOutputSchema, balance: MoneyOutputSchema }),
  ),
  totalDebits: MoneyOutputSchema,
  totalCredits: MoneyOutputSchema,
  balanced: z.boolean(),
});

export const IdempotencyHeadersSchema = z.object({ 'idempotency-key': IdempotencyKeySchema });

/** An adjustment's amount: the accounts give the direction, so it is strictly positive (issue 14 (6)). */
const AdjustmentAmountSchema = MoneyInputSchema.superRefine((amount, ctx) => {
  const problem = movementAmountProblem(amount);
  if (problem !== null) ctx.addIssue({ code: 'custom', path: ['amount'], message: problem });
});

export const AdjustmentBodySchema = z
  .object({
    debitAccountId: UuidSchema.describe('Value leaves this account'),
    creditAccountId: UuidSchema.describe('Value arrives in this account'),
    amount: AdjustmentAmountSchema.describe(
      `Strictly positive, at most the currency's decimals and at most ${movementAmountMinorMax} minor units; the accounts say the direction`,
    ),
    reason: z.string().trim().min(5).max(500),
  })
  .refine((b) => b.debitAccountId !== b.creditAccountId, {
    path: ['creditAccountId'],
    message: 'must differ from debitAccountId',
  });

export const ReversalBodySchema = z.object({
  transactionId: UuidSchema,
  reason: z.string().trim().min(5).max(500),
});

export const PostedResponseSchema = z.object({
  transactionId: z.string(),
  replayed: z.boolean().describe('true when this Idempotency-Key was used before and this is the first result'),
});

export const ChainResponseSchema = z.object({
  ok: z.boolean(),
  blocksVerified: z.number().int(),
  brokenBlockNo: z.string().optional(),
  reason: z.string().optional(),
});

export const ledgerProblems = problemResponses(400, 401, 403, 404, 409, 422);
