import { complaintChannels, complaintDecisions } from '@casino/compliance';
import { z } from 'zod';
import { IsoDate, PageLimitSchema, ReasonSchema } from './common.schema.ts';

export const TerminationCandidateQuerySchema = z.object({
  status: z.enum(['OPEN', 'DISMISSED', 'TERMINATED', 'LAPSED']).default('OPEN'),
  limit: PageLimitSchema,
});

export const TerminationCandidatesSchema = z.object({
  candidates: z.array(
    z.object({
      candidateId: z.string(),
      playerId: z.string(),
      ground: z.string().describe('čl. 4.10 clause: v, xi, xiv or xv (004:TRM-10)'),
      since: IsoDate,
      detail: z.string(),
      foundAt: IsoDate,
      status: z.string(),
    }),
  ),
});

export const CandidateParamsSchema = z.object({ candidateId: z.uuid() });
export const DismissBodySchema = z.strictObject({ reason: ReasonSchema });
export const DismissedSchema = z.object({ status: z.string() });

export const ComplaintQuerySchema = z.object({
  status: z.enum(['OPEN', 'WAITING_FOR_DOCUMENTS', 'ESCALATED', 'DECIDED', 'INCOMPLETE', 'LATE', 'DISREGARDED']).optional(),
  limit: PageLimitSchema,
});
export const ComplaintParamsSchema = z.object({ complaintId: z.uuid() });

export const ComplaintIntakeBodySchema = z.strictObject({
  channel: z
    .enum(complaintChannels)
    .describe('How the complaint arrived; a channel the operator does not accept is disregarded (004:CMP-06)'),
  receivedAt: z.iso.datetime().optional().describe('Delivery time (a letter); now when absent'),
  playerId: z.uuid().optional(),
  replyEmail: z.email().max(254).optional(),
  complainantName: z.string().trim().min(1).max(200).optional(),
  correspondenceAddress: z.string().trim().min(1).max(500).optional(),
  game: z.string().trim().min(1).max(100).optional(),
  betClosedAt: z.iso.datetime().optional(),
  eventAt: z.iso.datetime().describe('The decisive fact the 6-month window counts from'),
  description: z.string().trim().min(1).max(10_000),
  remedyWanted: z.string().trim().min(1).max(2_000).optional(),
  escalationRoute: z.string().min(1).max(40).optional(),
});

const Note = z.string().trim().min(1).max(2_000);
export const ComplaintActionBodySchema = z.discriminatedUnion('action', [
  z.strictObject({ action: z.literal('assess'), note: Note }),
  z.strictObject({ action: z.literal('request-documents'), what: Note }),
  z.strictObject({ action: z.literal('documents-received'), note: Note }),
  z.strictObject({ action: z.literal('escalate'), route: z.string().min(1).max(40), note: Note }),
  z.strictObject({
    action: z.literal('decide'),
    decision: z.enum(complaintDecisions),
    ground: z.string().min(1).max(40).optional().describe('For a complaint not upheld: one of the profile grounds (004:CMP-05)'),
    reasoning: z.string().trim().min(5).max(10_000),
  }),
]);
