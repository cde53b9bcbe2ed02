import { z } from 'zod';
import { IsoDate, ReasonSchema } from './common.schema.ts';

export const ErasureBodySchema = z.object({
  reason: ReasonSchema.describe("The player's request, as received (who asked, how, when)"),
});

const Item = z.object({ item: z.string(), why: z.string() });
export const ErasureOutcomeSchema = z.object({
  playerId: z.string(),
  erased: z.array(Item).describe('Erased now: no law requires it'),
  retained: z.array(Item.extend({ until: z.string() })).describe('Kept until the retention period ends, then anonymised'),
  retainedUntil: z.string().describe('Europe/Prague date the retention period ends'),
  completedAt: IsoDate.nullable().describe('When the retained part was anonymised too'),
});

export const RetentionSchema = z.object({
  playerId: z.string(),
  relationshipEndedAt: IsoDate.nullable(),
  lastTransactionAt: IsoDate.nullable(),
  retainedUntil: z.string().nullable().describe('Null while the contract runs: the period has not started'),
  retentionYears: z.number().int(),
  erasureRequested: z.boolean(),
});
