import { z } from 'zod';
import { EngineJsonSchema, MoneyOutputSchema } from './common.schema.ts';

const SummarySchema = z.object({
  roundId: z.string(),
  tableId: z.string(),
  tableName: z.string(),
  game: z.enum(['roulette', 'blackjack', 'platynko']),
  variant: z.string(),
  kind: z.enum(['live', 'temporary']),
  status: z.enum(['open', 'settled']),
  seat: z.number().int(),
  staked: MoneyOutputSchema,
  returned: MoneyOutputSchema.describe('Everything paid back, stakes included'),
  openedAt: z.string(),
  settledAt: z.string().nullable(),
  continuedInRoundId: z.string().nullable().describe('The temporary table this round went on at (004:TEC-03)'),
});

export const HistoryResponseSchema = z.object({ rounds: z.array(SummarySchema), nextCursor: z.string().nullable() });

export const RecallResponseSchema = z.object({
  roundId: z.string(),
  tableId: z.string(),
  tableName: z.string(),
  game: z.enum(['roulette', 'blackjack', 'platynko']),
  variant: z.string(),
  kind: z.enum(['live', 'temporary']),
  status: z.enum(['open', 'settled']),
  originRoundId: z.string().nullable(),
  openedAt: z.string(),
  settledAt: z.string().nullable(),
  seedCommitment: z.string().describe('SHA-256 of the seed, published when the round opened'),
  seed: z.string().nullable().describe('Revealed once the round is settled'),
  replayVerified: z
    .boolean()
    .describe('The stored record (seed and actions) was replayed through the engine and reproduced every event'),
  view: EngineJsonSchema,
  events: EngineJsonSchema,
  players: z.array(
    z.object({
      seat: z.number().int(),
      staked: MoneyOutputSchema,
      returned: MoneyOutputSchema,
      continuedInRoundId: z.string().nullable(),
    }),
  ),
  postings: z.array(
    z.object({
      seat: z.number().int(),
      kind: z.enum(['STAKE', 'WIN']),
      amount: MoneyOutputSchema,
      ledgerTransactionId: z.string(),
      at: z.string(),
    }),
  ),
});
