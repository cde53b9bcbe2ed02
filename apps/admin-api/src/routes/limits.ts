import { Money, type Clock } from '@casino/core';
import type { Db } from '@casino/db';
import { moneyOut, type App } from '@casino/http';
import { limitHistory, limitsOverview, type HistoryEntry, type JurisdictionProfile, type LimitsOverview, type MeasureKind, type MeasureSetting } from '@casino/limits';
import { PlayerParamsSchema, SelfLimitsQuerySchema, SelfLimitsResponseSchema, selfLimitsProblems } from './limits.schema.ts';

const readers = ['compliance-officer', 'mlro', 'support', 'auditor', 'admin'] as const;

/** Read-only: a player's self-limitation measures, in force and pending, with their full history (docs/limits.md). */
export function limitsRoutes(app: App, ctx: { db: Db; clock: Clock; profile: JurisdictionProfile }): void {
  app.get('/v1/players/:playerId/self-limits', {
    preHandler: app.authorizeStaff(readers),
    schema: {
      tags: ['self-limits'], security: [{ staffToken: [] }], summary: "A player's measures and their history (who, when, old, new, effective from)",
      params: PlayerParamsSchema, querystring: SelfLimitsQuerySchema, response: { 200: SelfLimitsResponseSchema, ...selfLimitsProblems },
    },
  }, async (request) => {
    const { playerId } = request.params;
    const overview = await limitsOverview(ctx, playerId);
    const history = await limitHistory(ctx, playerId, { limit: request.query.limit, ...(request.query.after ? { after: request.query.after } : {}) });
    return selfLimitsOut(playerId, ctx.profile.id, overview, history);
  });
}

function selfLimitsOut(playerId: string, profile: string, overview: LimitsOverview, history: { entries: HistoryEntry[]; nextCursor: string | null }) {
  const iso = (date: Date | null) => date?.toISOString() ?? null;
  return {
    playerId,
    profile,
    refusal: overview.refusal,
    closedAt: iso(overview.closedAt),
    measures: measuresOut(overview),
    history: {
      nextCursor: history.nextCursor,
      entries: history.entries.map((e) => ({
        ...e,
        setting: settingOut(e.kind, e.setting),
        previous: settingOut(e.kind, e.previous),
        requestedAt: e.requestedAt.toISOString(),
        effectiveFrom: e.effectiveFrom.toISOString(),
        cancelledAt: iso(e.cancelledAt),
      })),
    },
  };
}

export function measuresOut(overview: LimitsOverview) {
  return overview.measures.map(({ definition, inForce, inForceSince, pending }) => ({
    measure: definition.code,
    inForce: settingOut(definition.kind, inForce),
    inForceSince: inForceSince?.toISOString() ?? null,
    pending: pending && { ...settingOut(definition.kind, pending.setting), changeId: pending.changeId, requestedAt: pending.requestedAt.toISOString(), effectiveFrom: pending.effectiveFrom.toISOString() },
  }));
}

function settingOut(kind: MeasureKind, setting: MeasureSetting) {
  const value = setting.isSet ? setting.limitValue : null;
  return {
    set: setting.isSet,
    amount: kind === 'amount' && value !== null ? moneyOut(Money.fromMinor(value, 'CZK')) : null,
    minutes: kind === 'duration' && value !== null ? Number(value) : null,
    excludedUntil: kind === 'exclusion' ? (setting.excludedUntil?.toISOString() ?? null) : null,
  };
}
