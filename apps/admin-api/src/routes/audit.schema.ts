import { SequenceCursorSchema } from '@casino/http';
import { z } from 'zod';
import { CursorSchema, IsoDate, PageLimitSchema } from './common.schema.ts';

export const AuditQuerySchema = z.object({
  subjectType: z.string().max(40).optional(),
  subjectId: z.string().max(100).optional(),
  actorId: z.string().max(100).optional(),
  action: z.string().max(80).optional(),
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
  after: SequenceCursorSchema.optional(),
  limit: PageLimitSchema,
});
export const AuditExportQuerySchema = AuditQuerySchema.omit({ after: true, limit: true });

export const AuditEntrySchema = z.object({
  seq: z.string(),
  id: z.string(),
  at: IsoDate,
  actorKind: z.string(),
  actorId: z.string(),
  actorRoles: z.array(z.string()),
  action: z.string(),
  subjectType: z.string(),
  subjectId: z.string(),
  reason: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  requestId: z.string().nullable(),
  previousHash: z.string(),
  hash: z.string(),
});
export const AuditPageSchema = z.object({ entries: z.array(AuditEntrySchema), nextCursor: z.string().nullable() });
export const AuditVerifySchema = z.object({
  ok: z.boolean(),
  entriesVerified: z.number().int(),
  brokenSeq: z.string().optional(),
  reason: z.string().optional(),
});
export const AuditExportSchema = z.string().describe('NDJSON: one audit entry per line, in chain order');
export { CursorSchema };
