import { MoneyInputSchema, MoneyOutputSchema, problemResponses } from '@casino/http';
import { tableRules } from '@casino/tables';
import { z } from 'zod';

/** Tables play in CZK (004:BET-05): a stake in another currency is refused at the door. */
export const CzkSchema = MoneyInputSchema.refine((money) => money.currency === 'CZK', {
  message: 'tables play in CZK (004:BET-05)',
  path: ['currency'],
});

export const TableParamsSchema = z.object({ tableId: z.uuid() });
export const RoundParamsSchema = z.object({ roundId: z.uuid() });

/** Engine views and events: JSON whose `…Minor` fields are minor units as decimal strings (docs/game-service.md). */
export const EngineJsonSchema = z
  .unknown()
  .describe(
    "The engine's public view or events; amounts in `…Minor` fields as minor-unit decimal strings, blackjack cards as two-character text",
  );

export const gameProblems = problemResponses(400, 401, 403, 404, 409, 422, 429, 503);

export const PageQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(tableRules.historyPageSizeMax).default(20),
  after: z.uuid().optional().describe('nextCursor of the previous page'),
});

export { MoneyOutputSchema };
