import { MoneyOutputSchema, problemResponses, SequenceCursorSchema } from '@casino/http';
import { z } from 'zod';

export const BalancesResponseSchema = z.object({
  wallets: z
    .array(
      z.object({
        wallet: z.string().describe('cash, temporary or bonus'),
        balance: MoneyOutputSchema.describe('What the wallet holds now; a pending withdrawal has already left it'),
      }),
    )
    .describe(
      "Every wallet the player has, cash first; empty before the first one is opened. The temporary account's cap and days left: GET /v1/me",
    ),
});

export const StatementQuerySchema = z.object({
  before: SequenceCursorSchema.optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  betsOnly: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true')
    .describe('Only the movements of games: the overview of closed bets (004:ACC-08)'),
});

export const StatementPageSchema = z.object({
  lines: z.array(
    z.object({
      postingId: z.string(),
      transactionId: z.string(),
      effectiveAt: z.iso.datetime(),
      kind: z.string().describe('DEPOSIT, STAKE, WIN, WITHDRAWAL_HOLD, …'),
      game: z.string().nullable().describe('roulette, blackjack, platynko or poker for game movements'),
      gameRoundId: z
        .string()
        .nullable()
        .describe('The game round a stake, win or their reversal belongs to; null for payments and the like'),
      tableId: z.string().nullable().describe('The table of that round; null for other movements'),
      wallet: z.string().describe('cash, temporary or bonus'),
      amount: MoneyOutputSchema.describe('Into the wallet positive, out of it negative'),
      balanceAfter: MoneyOutputSchema,
    }),
  ),
  nextCursor: z.string().nullable(),
});

export const StatementCsvQuerySchema = z.object({
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
});

export const StatementCsvSchema = {
  description: 'CSV (RFC 4180, UTF-8, CRLF, header row): docs/exports.md, register player-statement',
  content: { 'text/csv': { schema: z.string() } },
};
export const statementProblems = problemResponses(400, 401, 403, 404, 422, 429);
