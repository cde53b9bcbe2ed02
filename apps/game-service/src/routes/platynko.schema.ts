import { fortunaPlatynko } from '@casino/games';
import { z } from 'zod';
import { CzkSchema } from './common.schema.ts';

export const JoinPlatynkoBodySchema = z.object({
  bettingTimeSeconds: z
    .union([z.literal(15), z.literal(30)])
    .describe('The speed: seconds to place and confirm chips each round (004:GAM-PL-02)'),
  minimum: CzkSchema.describe('The table minimum per card: 5, 100 or 1,000 CZK (004:GAM-PL-02, GAM-PL-07)'),
  players: z
    .number()
    .int()
    .min(1)
    .max(fortunaPlatynko.seatsMax)
    .optional()
    .describe('The number of players, the seats at the table (at most 4); omit for any'),
});

export const JoinPlatynkoResponseSchema = z.object({
  tableId: z.string(),
  seat: z.number().int(),
  roundId: z.string().nullable(),
});
