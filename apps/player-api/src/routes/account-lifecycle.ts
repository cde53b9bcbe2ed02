import { playerComplaints, receiveComplaint, type ComplianceContext } from '@casino/compliance';
import type { CurrencyCode } from '@casino/core';
import type { App } from '@casino/http';
import {
  giveTerminationNotice,
  listTerminationNotices,
  withdrawTerminationNotice,
  type AccountLifecycleContext,
  type PlayersContext,
} from '@casino/players';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { ComplaintSchema, ComplaintsSchema, isoDates } from '@casino/wire/complaints';
import {
  lifecycleProblems,
  PlayerComplaintBodySchema,
  TerminationNoticeBodySchema,
  TerminationNoticeSchema,
  TerminationNoticesSchema,
} from './account-lifecycle.schema.ts';

type Notice = z.infer<typeof TerminationNoticeSchema>;
type Complaint = z.infer<typeof ComplaintSchema>;

/**
 * Issue 23 (docs/account-lifecycle.md): the player's written notice of termination (004:TRM-01..03)
 * and the player's complaints (004:CMP, 002:CMP): filing one through the web form (the channel
 * `contact-form`, which a profile accepts or disregards) and seeing their state, clock and decision.
 */
export function accountLifecycleRoutes(
  app: App,
  players: PlayersContext,
  compliance: ComplianceContext,
  currency: CurrencyCode,
): void {
  const ctx: AccountLifecycleContext = { ...players, currency };
  const common = { tags: ['account'], security: [{ playerToken: [] }] };
  const player = app.authenticate('player');
  const me = (request: FastifyRequest) => request.principal!.subject;

  app.get(
    '/v1/me/termination-notices',
    {
      onRequest: player,
      schema: {
        ...common,
        summary: 'My notices of termination',
        response: { 200: TerminationNoticesSchema, ...lifecycleProblems },
      },
    },
    async (request) => ({ notices: (await listTerminationNotices(ctx, me(request))).map((n) => isoDates(n) as Notice) }),
  );

  app.post(
    '/v1/me/termination-notice',
    {
      bodyLimit: 1_500_000,
      onRequest: player,
      schema: {
        ...common,
        summary:
          'Give written notice of termination (004:TRM-01): disregarded while money or an unsettled bet remains (TRM-03), else 14 days from the next day',
        body: TerminationNoticeBodySchema,
        response: { 201: TerminationNoticeSchema, ...lifecycleProblems },
      },
    },
    async (request, reply) => {
      const notice = await giveTerminationNotice(ctx, me(request), {
        fileName: request.body.fileName,
        content: Buffer.from(request.body.contentBase64, 'base64'),
      });
      return reply.code(201).send(isoDates(notice) as Notice);
    },
  );

  app.delete(
    '/v1/me/termination-notice',
    {
      onRequest: player,
      schema: {
        ...common,
        summary: 'Withdraw my running notice of termination before it takes effect',
        response: { 200: TerminationNoticeSchema, ...lifecycleProblems },
      },
    },
    async (request) => isoDates(await withdrawTerminationNotice(ctx, me(request))) as Notice,
  );

  app.get(
    '/v1/me/complaints',
    {
      onRequest: player,
      schema: {
        ...common,
        tags: ['complaints'],
        summary: 'My complaints: state, SLA clock, decision and reasoning, the escalation contact',
        response: { 200: ComplaintsSchema, ...lifecycleProblems },
      },
    },
    async (request) => ({ complaints: (await playerComplaints(compliance, me(request))).map((c) => isoDates(c) as Complaint) }),
  );

  app.post(
    '/v1/me/complaints',
    {
      onRequest: player,
      schema: {
        ...common,
        tags: ['complaints'],
        summary:
          'File a complaint through the web form (channel contact-form; disregarded where the operator does not accept it)',
        body: PlayerComplaintBodySchema,
        response: { 201: ComplaintSchema, ...lifecycleProblems },
      },
    },
    async (request, reply) => {
      const { eventAt, betClosedAt, ...rest } = request.body;
      const complaint = await receiveComplaint(
        compliance,
        { kind: 'system', name: 'player-api' },
        {
          ...rest,
          channel: 'contact-form',
          playerId: me(request),
          eventAt: new Date(eventAt),
          ...(betClosedAt ? { betClosedAt: new Date(betClosedAt) } : {}),
        },
      );
      return reply.code(201).send(isoDates(complaint) as Complaint);
    },
  );
}
