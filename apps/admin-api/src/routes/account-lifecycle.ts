import {
  actOnComplaint,
  complaintQueue,
  dismissTerminationCandidate,
  findComplaint,
  receiveComplaint,
  type ComplianceContext,
} from '@casino/compliance';
import type { App } from '@casino/http';
import { listTerminationCandidates } from '@casino/players';
import type { z } from 'zod';
import { ComplaintSchema, ComplaintsSchema, isoDates } from '@casino/wire/complaints';
import { adminProblems, security } from './common.schema.ts';
import { json, staffActor } from './common.ts';
import {
  CandidateParamsSchema,
  ComplaintActionBodySchema,
  ComplaintIntakeBodySchema,
  ComplaintParamsSchema,
  ComplaintQuerySchema,
  DismissBodySchema,
  DismissedSchema,
  TerminationCandidateQuerySchema,
  TerminationCandidatesSchema,
} from './account-lifecycle.schema.ts';

type Complaint = z.infer<typeof ComplaintSchema>;
const tags = ['account-lifecycle'];

/**
 * Issue 23 (docs/account-lifecycle.md): the termination grounds that are conditions, found by the
 * worker and offered to staff (004:TRM-10 (v), (xi), (xiv), (xv)), and the complaints desk: intake of
 * complaints as they arrive by e-mail, letter, telephone or chat (004:CMP-06), the queue with each
 * complaint's SLA clock, and the steps (assess, documents, escalation, decision with reasoning).
 */
export function accountLifecycleRoutes(app: App, ctx: ComplianceContext): void {
  app.get(
    '/v1/termination-candidates',
    {
      onRequest: app.authorizeStaff(['compliance-officer', 'mlro', 'admin', 'auditor']),
      schema: {
        tags,
        security,
        summary: 'Termination grounds that are conditions (zero balance or no bet for 12 months, blocked inactive, overdue debt)',
        querystring: TerminationCandidateQuerySchema,
        response: { 200: TerminationCandidatesSchema, ...adminProblems },
      },
    },
    async (request) => ({
      candidates: json(await listTerminationCandidates(ctx.db, request.query)) as z.infer<
        typeof TerminationCandidatesSchema
      >['candidates'],
    }),
  );

  app.post(
    '/v1/termination-candidates/:candidateId/dismiss',
    {
      onRequest: app.authorizeStaff(['compliance-officer', 'mlro', 'admin']),
      schema: {
        tags,
        security,
        summary: 'Dismiss an offered ground (terminating is POST /v1/players/{playerId}/actions with action close)',
        params: CandidateParamsSchema,
        body: DismissBodySchema,
        response: { 200: DismissedSchema, ...adminProblems },
      },
    },
    async (request) => dismissTerminationCandidate(ctx, staffActor(request), request.params.candidateId, request.body.reason),
  );

  app.get(
    '/v1/complaints',
    {
      onRequest: app.authorizeStaff(['support', 'compliance-officer', 'mlro', 'admin', 'auditor']),
      schema: {
        tags: ['complaints'],
        security,
        summary: 'The complaints queue: undecided complaints, the nearest deadline first, each with its SLA clock',
        querystring: ComplaintQuerySchema,
        response: { 200: ComplaintsSchema, ...adminProblems },
      },
    },
    async (request) => ({
      complaints: (
        await complaintQueue(ctx, {
          limit: request.query.limit,
          ...(request.query.status ? { status: request.query.status } : {}),
        })
      ).map((c) => isoDates(c) as Complaint),
    }),
  );

  app.post(
    '/v1/complaints',
    {
      onRequest: app.authorizeStaff(['support', 'compliance-officer', 'admin']),
      schema: {
        tags: ['complaints'],
        security,
        summary:
          'Record a complaint as it arrived (e-mail, letter, telephone, chat): accepted, disregarded, late or incomplete by the rules',
        body: ComplaintIntakeBodySchema,
        response: { 201: ComplaintSchema, ...adminProblems },
      },
    },
    async (request, reply) => {
      const { receivedAt, eventAt, betClosedAt, ...rest } = request.body;
      const complaint = await receiveComplaint(ctx, staffActor(request), {
        ...rest,
        eventAt: new Date(eventAt),
        ...(receivedAt ? { receivedAt: new Date(receivedAt) } : {}),
        ...(betClosedAt ? { betClosedAt: new Date(betClosedAt) } : {}),
      });
      return reply.code(201).send(isoDates(complaint) as Complaint);
    },
  );

  app.get(
    '/v1/complaints/:complaintId',
    {
      onRequest: app.authorizeStaff(['support', 'compliance-officer', 'mlro', 'admin', 'auditor']),
      schema: {
        tags: ['complaints'],
        security,
        summary: 'One complaint with its clock and decision',
        params: ComplaintParamsSchema,
        response: { 200: ComplaintSchema, ...adminProblems },
      },
    },
    async (request) => isoDates(await findComplaint(ctx, request.params.complaintId)) as Complaint,
  );

  app.post(
    '/v1/complaints/:complaintId/actions',
    {
      onRequest: app.authorizeStaff(['support', 'compliance-officer', 'admin']),
      schema: {
        tags: ['complaints'],
        security,
        summary:
          'Assess, request documents (the clock pauses where the operator pauses it), record them, escalate, or decide with reasoning',
        params: ComplaintParamsSchema,
        body: ComplaintActionBodySchema,
        response: { 200: ComplaintSchema, ...adminProblems },
      },
    },
    async (request) =>
      isoDates(await actOnComplaint(ctx, staffActor(request), request.params.complaintId, request.body)) as Complaint,
  );
}
