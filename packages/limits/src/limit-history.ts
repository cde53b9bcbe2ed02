import { assert } from '@casino/core';
import type { Db } from '@casino/db';
import { findMeasure, type MeasureKind } from './catalogue.ts';
import type { LimitsContext } from './context.ts';
import { measureStates, type MeasureSetting } from './measures.ts';

export const historyPageSizeMax = 200;

export type ChangeStatus = 'in-force' | 'pending' | 'replaced' | 'withdrawn' | 'superseded';

export interface HistoryEntry {
  changeId: string;
  measure: string;
  kind: MeasureKind;
  direction: 'INITIAL' | 'TIGHTEN' | 'LOOSEN' | 'CARRY_OVER';
  setting: MeasureSetting;
  previous: MeasureSetting;
  requestedAt: Date;
  requestedBy: string;
  effectiveFrom: Date;
  status: ChangeStatus;
  cancelledAt: Date | null;
  cancelledBy: string | null;
}

/**
 * Every change of every measure of a player, newest first, a page at a time: who asked, when, the
 * value before and after, from when it applies, and where it stands now.
 */
export async function limitHistory(
  ctx: Pick<LimitsContext, 'clock' | 'profile'> & { db: Db },
  playerId: string,
  page: { limit: number; after?: string },
): Promise<{ entries: HistoryEntry[]; nextCursor: string | null }> {
  const { db } = ctx;
  const at = ctx.clock.now();
  assert(
    Number.isInteger(page.limit) && page.limit >= 1 && page.limit <= historyPageSizeMax,
    `a history page holds 1..${historyPageSizeMax} changes`,
  );
  const [rows, states] = await Promise.all([
    db.selfLimitChange.findMany({
      where: { playerId, ...(page.after ? { id: { lt: page.after } } : {}) },
      orderBy: { id: 'desc' },
      take: page.limit + 1,
    }),
    measureStates(db, playerId, at),
  ]);
  const inForce = new Set([...states.values()].map((s) => s.inForceChangeId));
  const entries = rows.slice(0, page.limit).map((row): HistoryEntry => ({
    changeId: row.id,
    measure: row.measure,
    kind: kindOf(ctx.profile, row.measure),
    direction: row.direction,
    setting: { isSet: row.isSet, limitValue: row.limitValue, excludedUntil: row.excludedUntil },
    previous: { isSet: row.previousIsSet, limitValue: row.previousLimitValue, excludedUntil: row.previousExcludedUntil },
    requestedAt: row.requestedAt,
    requestedBy: row.requestedBy,
    effectiveFrom: row.effectiveFrom,
    status:
      row.cancellation === 'WITHDRAWN'
        ? 'withdrawn'
        : row.cancellation === 'SUPERSEDED'
          ? 'superseded'
          : row.effectiveFrom > at
            ? 'pending'
            : inForce.has(row.id)
              ? 'in-force'
              : 'replaced',
    cancelledAt: row.cancelledAt,
    cancelledBy: row.cancelledBy,
  }));
  return { entries, nextCursor: rows.length > page.limit ? entries[entries.length - 1]!.changeId : null };
}

function kindOf(profile: LimitsContext['profile'], measure: string): MeasureKind {
  const definition = findMeasure(profile, measure);
  assert(definition !== undefined, `measure ${measure} in the history is not in the profile ${profile.id}`);
  return definition.kind;
}
