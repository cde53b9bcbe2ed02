import { terminationGrounds } from '@casino/compliance';
import { z } from 'zod';
import { CursorSchema, IsoDate, PageLimitSchema, ReasonSchema } from './common.schema.ts';

export const CaseParamsSchema = z.object({ caseId: z.uuid() });
export const DocumentParamsSchema = z.object({ caseId: z.uuid(), documentId: z.uuid() });
export const ReportParamsSchema = z.object({ reportId: z.uuid() });
export const OpenCaseBodySchema = z.object({
  alertIds: z.array(z.uuid()).min(1).max(50),
  title: z.string().trim().min(3).max(200),
  reason: ReasonSchema,
});
export const CaseCreatedSchema = z.object({ caseId: z.string() });
export const CaseQuerySchema = z.object({
  status: z.enum(['OPEN', 'AWAITING_INFORMATION', 'ESCALATED', 'CLOSED']).optional(),
  playerId: z.uuid().optional(),
  assignedTo: z.uuid().optional(),
  after: CursorSchema,
  limit: PageLimitSchema,
});
export const CaseSummarySchema = z.looseObject({
  id: z.string(),
  playerId: z.string(),
  title: z.string(),
  status: z.string(),
  assignedTo: z.string().nullable(),
  decision: z.string().nullable(),
  createdAt: IsoDate,
  updatedAt: IsoDate,
});
export const CasePageSchema = z.object({ cases: z.array(CaseSummarySchema), nextCursor: z.string().nullable() });
export const CaseDetailSchema = CaseSummarySchema.extend({
  alerts: z.array(z.looseObject({ id: z.string(), ruleCode: z.string(), status: z.string() })),
  comments: z.array(z.object({ id: z.string(), caseId: z.string(), authorId: z.string(), body: z.string(), createdAt: IsoDate })),
  documents: z.array(
    z.object({
      id: z.string(),
      filename: z.string(),
      contentType: z.string(),
      sizeBytes: z.number().int(),
      sha256: z.string(),
      uploadedBy: z.string(),
      uploadedAt: IsoDate,
    }),
  ),
  reports: z.array(z.looseObject({ id: z.string(), filedAt: IsoDate.nullable(), authorityReference: z.string().nullable() })),
  holds: z.array(z.looseObject({ id: z.string(), expiresAt: IsoDate, releasedAt: IsoDate.nullable() })),
});
export const AssignCaseBodySchema = z.object({ assigneeId: z.uuid(), reason: ReasonSchema.optional() });
export const CommentBodySchema = z.object({ body: z.string().trim().min(1).max(10_000) });
export const CommentCreatedSchema = z.object({ commentId: z.string() });
export const DocumentBodySchema = z.object({
  filename: z
    .string()
    .trim()
    .min(1)
    .max(200)
    .regex(/^[^/\\]+$/, 'a file name, not a path'),
  contentType: z
    .string()
    .regex(/^[a-z]+\/[a-z0-9.+-]+$/i)
    .max(100),
  contentBase64: z.base64().min(4),
});
export const DocumentContentSchema = z.object({
  id: z.string(),
  filename: z.string(),
  contentType: z.string(),
  sha256: z.string(),
  contentBase64: z.string(),
});
export const DocumentCreatedSchema = z.object({ documentId: z.string(), sha256: z.string() });
export const EscalateBodySchema = z.object({ reason: ReasonSchema, mlroId: z.uuid().optional() });
const grounds = Object.keys(terminationGrounds) as [keyof typeof terminationGrounds, ...Array<keyof typeof terminationGrounds>];
export const DecisionBodySchema = z.discriminatedUnion('decision', [
  z.object({ decision: z.literal('no-action'), reason: ReasonSchema }),
  z.object({ decision: z.literal('request-information'), reason: ReasonSchema }),
  z.object({ decision: z.literal('hold-payouts'), reason: ReasonSchema }),
  z.object({
    decision: z.literal('file-report'),
    reason: ReasonSchema.describe('The reasoning of the suspicious transaction report'),
  }),
  z.object({
    decision: z.literal('close-account'),
    reason: ReasonSchema,
    ground: z.enum(grounds).default('x').describe('004:TRM-10 clause'),
    barReregistration: z.boolean().default(true),
  }),
]);
export const DecisionResultSchema = z.object({
  status: z.string(),
  holdId: z.string().optional(),
  reportId: z.string().optional(),
});
export const FilingBodySchema = z.object({
  authorityReference: z.string().trim().min(1).max(100),
  filedAt: z.iso.datetime({ offset: true }).optional(),
});
