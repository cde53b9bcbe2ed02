import { problemResponses, UuidSchema } from '@casino/http';
import { historyPageSizeMax } from '@casino/limits';
import { HistoryPageSchema, PendingSettingSchema, SettingSchema } from '@casino/wire/limits';
import { z } from 'zod';

export const PlayerParamsSchema = z.object({ playerId: UuidSchema });

export const SelfLimitsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(historyPageSizeMax).default(50).describe('History entries per page'),
  after: z.uuid().optional().describe('nextCursor of the previous page'),
});

/** Each measure: what is in force since when, and a loosening waiting for its 7 days. */
export const MeasuresSchema = z.array(
  z.object({
    measure: z.string(),
    inForce: SettingSchema,
    inForceSince: z.string().nullable(),
    pending: PendingSettingSchema.nullable(),
  }),
);

export const SelfLimitsResponseSchema = z.object({
  playerId: z.string(),
  profile: z.string(),
  refusal: z
    .enum(['account-closed', 'listed-in-register', 'self-excluded'])
    .nullable()
    .describe('Why play and deposits are refused now, if they are'),
  closedAt: z.string().nullable(),
  measures: MeasuresSchema,
  history: HistoryPageSchema,
});

export const selfLimitsProblems = problemResponses(400, 401, 403, 404);
