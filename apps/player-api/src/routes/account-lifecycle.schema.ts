import { problemResponses } from '@casino/http';
import { z } from 'zod';

const Instant = z.iso.datetime();

export const TerminationNoticeBodySchema = z.strictObject({
  fileName: z.string().trim().min(1).max(200).describe('The signed notice, e.g. vypoved.pdf'),
  contentType: z.enum(['application/pdf', 'image/jpeg', 'image/png']),
  contentBase64: z.base64().min(4).max(1_400_000).describe('At most 1 MiB once decoded'),
});

export const TerminationNoticeSchema = z.object({
  noticeId: z.string(),
  status: z.enum(['RUNNING', 'DISREGARDED', 'WITHDRAWN', 'EFFECTIVE']),
  deliveredAt: Instant,
  noticeStartsAt: Instant.nullable().describe('The day after delivery (004:TRM-02)'),
  effectiveAt: Instant.nullable().describe('The contract ends at this instant: the notice period has run'),
  disregardReasons: z.array(z.string()).describe('Why the notice is disregarded (004:TRM-03)'),
  withdrawnAt: Instant.nullable(),
  closedAt: Instant.nullable(),
});

export const TerminationNoticesSchema = z.object({ notices: z.array(TerminationNoticeSchema) });

export const PlayerComplaintBodySchema = z.strictObject({
  eventAt: Instant.describe(
    'When the decisive fact happened (the bet closed, the payment failed): the 6-month window counts from it',
  ),
  description: z.string().trim().min(1).max(10_000),
  game: z.string().trim().min(1).max(100).optional(),
  betClosedAt: Instant.optional(),
  remedyWanted: z.string().trim().min(1).max(2_000).optional(),
  complainantName: z.string().trim().min(1).max(200).optional(),
  correspondenceAddress: z.string().trim().min(1).max(500).optional(),
  escalationRoute: z
    .string()
    .min(1)
    .max(40)
    .optional()
    .describe("Where an escalated complaint goes, among the operator's routes"),
});

export const lifecycleProblems = problemResponses(400, 401, 403, 404, 409, 413, 422, 503);
