import { MoneyOutputSchema, problemResponses } from '@casino/http';
import { tableRules } from '@casino/tables';
import { z } from 'zod';

export const RoundParamsSchema = z.object({ roundId: z.uuid() });
export const PlayerParamsSchema = z.object({ playerId: z.uuid() });
export const PageQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(tableRules.historyPageSizeMax).default(20),
  after: z.uuid().optional().describe('nextCursor of the previous page'),
});

const EngineJsonSchema = z.unknown().describe("The engine's public view or events (docs/game-service.md)");

export const StaffRecallSchema = z.object({
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
  seedCommitment: z.string(),
  seed: z.string().nullable(),
  replayVerified: z.boolean().describe('The stored record was replayed through the engine and reproduced every event'),
  view: EngineJsonSchema,
  events: EngineJsonSchema,
  players: z.array(
    z.object({
      playerId: z.string(),
      seat: z.number().int(),
      staked: MoneyOutputSchema,
      returned: MoneyOutputSchema,
      continuedInRoundId: z.string().nullable(),
    }),
  ),
  postings: z.array(
    z.object({
      playerId: z.string(),
      seat: z.number().int(),
      kind: z.enum(['STAKE', 'WIN']),
      amount: MoneyOutputSchema,
      ledgerTransactionId: z.string(),
      at: z.string(),
    }),
  ),
});

export const StaffHistorySchema = z.object({
  rounds: z.array(
    z.object({
      roundId: z.string(),
      tableId: z.string(),
      tableName: z.string(),
      game: z.enum(['roulette', 'blackjack', 'platynko']),
      variant: z.string(),
      kind: z.enum(['live', 'temporary']),
      status: z.enum(['open', 'settled']),
      seat: z.number().int(),
      staked: MoneyOutputSchema,
      returned: MoneyOutputSchema,
      openedAt: z.string(),
      settledAt: z.string().nullable(),
      continuedInRoundId: z.string().nullable(),
    }),
  ),
  nextCursor: z.string().nullable(),
});

export const gameRoundProblems = problemResponses(400, 401, 403, 404);
