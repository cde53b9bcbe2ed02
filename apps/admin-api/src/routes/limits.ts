import type { Clock } from '@casino/core';
import type { Db } from '@casino/db';
import type { App } from '@casino/http';
import { limitHistory, limitsOverview, type HistoryEntry, type JurisdictionProfile, type LimitsOverview } from '@casino/limits';
import { historyOut, pendingOut, settingOut } from '@casino/wire/limits';
import { PlayerParamsSchema, SelfLimitsQuerySchema, SelfLimitsResponseSchema, selfLimitsProblems } from './limits.schema.ts';

const readers = ['compliance-officer', 'mlro', 'support', 'auditor', 'admin'] as const;

/** Read-only: a player's self-limitation measures, in force and pending, with their full history (docs/limits.md). */
export function limitsRoutes(app: App, ctx: { db: Db; clock: Clock; profile: JurisdictionProfile }): void {
  app.get(
    '/v1/players/:playerId/self-limits',
    {
      onRequest: app.authorizeStaff(readers),
      schema: {
        tags: ['self-limits'],
        security: [{ staffToken: [] }],
        summary: "A player's measures and their history (who, when, old, new, effective from)",
        params: PlayerParamsSchema,
        querystring: SelfLimitsQuerySchema,
        response: { 200: SelfLimitsResponseSchema, ...selfLimitsProblems },
      },
    },
    async (request) => {
      const { playerId } = request.params;
      const overview = await limitsOverview(ctx, playerId);
      const history = await limitHistory(ctx, playerId, {
        limit: request.query.limit,
        ...(request.query.after ? { after: request.query.after } : {}),
      });
      return selfLimitsOut(playerId, ctx.profile.id, overview, history);
    },
  );
}

function selfLimitsOut(
  playerId: string,
  profile: string,
  overview: LimitsOverview,
  history: { entries: HistoryEntry[]; nextCursor: string | null },
) {
  return {
    playerId,
    profile,
    refusal: overview.refusal,
    closedAt: overview.closedAt?.toISOString() ?? null,
    measures: measuresOut(overview),
    history: historyOut(history),
  };
}

export function measuresOut(overview: LimitsOverview) {
  return overview.measures.map(({ definition, inForce, inForceSince, pending }) => ({
    measure: definition.code,
    inForce: settingOut(definition.kind, inForce),
    inForceSince: inForceSince?.toISOString() ?? null,
    pending: pendingOut(definition.kind, pending),
  }));
}
