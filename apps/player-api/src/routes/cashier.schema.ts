import { DebtSchema } from '@casino/wire/cashier';
import { IdempotencyKeySchema, MoneyInputSchema, MoneyOutputSchema, problemResponses, UuidSchema } from '@casino/http';
import { z } from 'zod';

export const IdempotencyHeadersSchema = z.object({ 'idempotency-key': IdempotencyKeySchema });

export const CreateDepositBodySchema = z.object({
  paymentMethodId: UuidSchema.describe('The active verified method; on a temporary account any registered one'),
  amount: MoneyInputSchema,
  quoteId: UuidSchema.optional().describe(
    'A deposit quote (POST /v1/fx/quotes, purpose deposit) paying this amount: credited to its wallet at its terms (002:WAL-06)',
  ),
});

export const RequestWithdrawalBodySchema = z.object({
  amount: MoneyInputSchema.describe('To the active bank account'),
  quoteId: UuidSchema.optional().describe(
    'A withdrawal quote (POST /v1/fx/quotes, purpose withdrawal) paying out this amount: taken from its wallet at its terms (002:WAL-06)',
  ),
});

export const DepositParamsSchema = z.object({ depositId: UuidSchema });
export const WithdrawalParamsSchema = z.object({ withdrawalId: UuidSchema });
export const ListQuerySchema = z.object({ limit: z.coerce.number().int().min(1).max(200).default(50) });

export const DebtsResponseSchema = z.object({
  outstanding: MoneyOutputSchema.describe('While positive, only deposits are possible (004:WIN-05)'),
  debts: z.array(DebtSchema),
});

export const cashierProblems = problemResponses(400, 401, 403, 404, 409, 422, 503);
