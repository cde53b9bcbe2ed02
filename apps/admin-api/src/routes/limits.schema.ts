import { MoneyOutputSchema, problemResponses, UuidSchema } from '@casino/http';
import { historyPageSizeMax } from '@casino/limits';
import { z } from 'zod';

export const PlayerParamsSchema = z.object({ playerId: UuidSchema });

export const SelfLimitsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(historyPageSizeMax).default(50).describe('History entries per page'),
  after: z.uuid().optional().describe('nextCursor of the previous page'),
});

const SettingSchema = z.object({
  set: z.boolean(),
  amount: MoneyOutputSchema.nullable().describe('Money limits, CZK'),
  minutes: z.number().int().nullable().describe('Playing-time limits'),
  excludedUntil: z.string().nullable().describe('Self-exclusion; null with set means indefinitely'),
});

/** Each measure: what is in force since when, and a loosening waiting for its 7 days. */
export const MeasuresSchema = z.array(
  z.object({
    measure: z.string(),
    inForce: SettingSchema,
    inForceSince: z.string().nullable(),
    pending: SettingSchema.extend({ changeId: z.string(), requestedAt: z.string(), effectiveFrom: z.string() }).nullable(),
  }),
);

export const SelfLimitsResponseSchema = z.object({
  playerId: z.string(),
  profile: z.string(),
  refusal: z.enum(['account-closed', 'listed-in-register', 'self-excluded']).nullable().describe('Why play and deposits are refused now, if they are'),
  closedAt: z.string().nullable(),
  measures: MeasuresSchema,
  history: z.object({
    entries: z.array(
      z.object({
        changeId: z.string(),
        measure: z.string(),
        direction: z.enum(['INITIAL', 'TIGHTEN', 'LOOSEN', 'CARRY_OVER']),
        setting: SettingSchema,
        previous: SettingSchema,
        requestedAt: z.string(),
        requestedBy: z.string(),
        effectiveFrom: z.string(),
        status: z.enum(['in-force', 'pending', 'replaced', 'withdrawn', 'superseded']),
        cancelledAt: z.string().nullable(),
        cancelledBy: z.string().nullable(),
      }),
    ),
    nextCursor: z.string().nullable(),
  }),
});

export const selfLimitsProblems = problemResponses(400, 401, 403, 404);
