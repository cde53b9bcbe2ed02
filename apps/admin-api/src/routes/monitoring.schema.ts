import { z } from 'zod';
import { CursorSchema, IsoDate, PageLimitSchema, ReasonSchema } from './common.schema.ts';

export const RuleSchema = z.object({
  code: z.string(),
  description: z.string(),
  enabled: z.boolean(),
  thresholdMinor: z.string().nullable().describe('EUR minor units'),
  windowMinutes: z.number().int().nullable(),
  countMin: z.number().int().nullable(),
  score: z.number().int(),
  params: z.record(z.string(), z.unknown()),
  version: z.number().int(),
  updatedAt: IsoDate,
  updatedBy: z.string(),
});
export const RulesSchema = z.object({ rules: z.array(RuleSchema) });
export const RuleParamsSchema = z.object({ code: z.string().regex(/^[a-z-]{2,60}$/) });
export const RuleUpdateBodySchema = z.object({
  enabled: z.boolean().optional(),
  thresholdMinor: z
    .string()
    .regex(/^\d{1,15}$/)
    .nullable()
    .optional()
    .describe('EUR minor units, e.g. "200000" for 2,000 EUR'),
  windowMinutes: z.number().int().min(1).max(525_600).nullable().optional(),
  countMin: z.number().int().min(1).max(10_000).nullable().optional(),
  score: z.number().int().min(0).max(100).optional(),
  params: z.record(z.string(), z.number().int().min(0).max(1_000_000)).optional(),
  reason: ReasonSchema,
});

export const AlertQuerySchema = z.object({
  status: z.enum(['OPEN', 'IN_CASE', 'CLOSED']).optional(),
  source: z.enum(['SCREENING', 'MONITORING']).optional(),
  playerId: z.uuid().optional(),
  assignedTo: z.uuid().optional(),
  after: CursorSchema,
  limit: PageLimitSchema,
});
export const AlertSchema = z.object({
  id: z.string(),
  playerId: z.string(),
  source: z.string(),
  ruleCode: z.string(),
  score: z.number().int(),
  status: z.string(),
  details: z.unknown(),
  occurrences: z.number().int(),
  lastFiredAt: IsoDate,
  assignedTo: z.string().nullable(),
  caseId: z.string().nullable(),
  outcome: z.string().nullable(),
  closedBy: z.string().nullable(),
  closedAt: IsoDate.nullable(),
  createdAt: IsoDate,
});
export const AlertPageSchema = z.object({ alerts: z.array(AlertSchema), nextCursor: z.string().nullable() });
export const AssignBodySchema = z.object({ assigneeId: z.uuid(), reason: ReasonSchema.optional() });
