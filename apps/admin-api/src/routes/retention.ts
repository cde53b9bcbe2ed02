import type { PlayerId } from '@casino/core';
import type { App } from '@casino/http';
import {
  erasePersonalRecords,
  findRetention,
  requestErasure,
  type ErasureOutcome,
  type ReportingContext,
} from '@casino/reporting';
import { staffActor } from './common.ts';
import { adminProblems, security } from './common.schema.ts';
import { PlayerParamsSchema } from './players.schema.ts';
import { ErasureBodySchema, ErasureOutcomeSchema, RetentionSchema } from './retention.schema.ts';

const tags = ['retention'];
const out = (o: ErasureOutcome) => ({
  ...o,
  erased: [...o.erased],
  retained: [...o.retained],
  completedAt: o.completedAt?.toISOString() ?? null,
});

/**
 * Retention and erasure (issue 10, docs/exports.md): how long a player's records are kept, and a
 * player's request to erase personal data, recorded and carried out by compliance staff.
 */
export function retentionRoutes(app: App, reporting: ReportingContext): void {
  app.get(
    '/v1/players/:playerId/retention',
    {
      onRequest: app.authorizeStaff(['compliance-officer', 'mlro', 'auditor', 'admin']),
      schema: {
        tags,
        security,
        summary: "How long the player's records are kept, and whether erasure was requested",
        params: PlayerParamsSchema,
        response: { 200: RetentionSchema, ...adminProblems },
      },
    },
    async (request) => {
      const r = await findRetention(reporting, request.params.playerId as PlayerId);
      return {
        ...r,
        relationshipEndedAt: r.relationshipEndedAt?.toISOString() ?? null,
        lastTransactionAt: r.lastTransactionAt?.toISOString() ?? null,
      };
    },
  );

  app.post(
    '/v1/players/:playerId/erasure',
    {
      onRequest: app.authorizeStaff(['compliance-officer', 'mlro', 'admin']),
      schema: {
        tags,
        security,
        summary: "Record the player's erasure request: erase what the law allows now, the rest when its retention period ends",
        params: PlayerParamsSchema,
        body: ErasureBodySchema,
        response: { 200: ErasureOutcomeSchema, ...adminProblems },
      },
    },
    async (request) =>
      out(
        await requestErasure(reporting, {
          playerId: request.params.playerId as PlayerId,
          actor: staffActor(request),
          reason: request.body.reason,
        }),
      ),
  );

  app.post(
    '/v1/players/:playerId/erasure/complete',
    {
      onRequest: app.authorizeStaff(['mlro', 'admin']),
      schema: {
        tags,
        security,
        summary: 'Anonymise the retained part now; refused (409) inside the retention period',
        params: PlayerParamsSchema,
        response: { 200: ErasureOutcomeSchema, ...adminProblems },
      },
    },
    async (request) =>
      out(await erasePersonalRecords(reporting, { playerId: request.params.playerId as PlayerId, actor: staffActor(request) })),
  );
}
