import { assert, newId } from '@casino/core';
import type { Tx } from '@casino/db';
import type { MeasureSetting, PendingChange } from './measures.ts';

export type ChangeDirection = 'INITIAL' | 'TIGHTEN' | 'LOOSEN' | 'CARRY_OVER';

export interface NewChange {
  playerId: string;
  measure: string;
  direction: ChangeDirection;
  setting: MeasureSetting;
  previous: MeasureSetting;
  requestedAt: Date;
  /** Who asked: `player`, `staff:<id>`, or `system:<why>`. */
  requestedBy: string;
  effectiveFrom: Date;
}

/** Appends one change to the measure's history (the table refuses edits: migration `*_limits`). */
export async function recordChange(tx: Tx, change: NewChange): Promise<string> {
  assert(change.effectiveFrom >= change.requestedAt, 'a change never applies retroactively');
  assert(
    change.direction !== 'TIGHTEN' || change.effectiveFrom.getTime() === change.requestedAt.getTime(),
    'a tightening is in force at once',
  );
  const id = newId<string>();
  await tx.selfLimitChange.create({
    data: {
      id,
      playerId: change.playerId,
      measure: change.measure,
      direction: change.direction,
      isSet: change.setting.isSet,
      limitValue: change.setting.limitValue,
      excludedUntil: change.setting.excludedUntil,
      previousIsSet: change.previous.isSet,
      previousLimitValue: change.previous.limitValue,
      previousExcludedUntil: change.previous.excludedUntil,
      requestedAt: change.requestedAt,
      requestedBy: change.requestedBy,
      effectiveFrom: change.effectiveFrom,
    },
  });
  return id;
}

/**
 * A pending change that will never apply: withdrawn by the player, or superseded by a newer request
 * (002:AMB-RG-PENDING: a tightening applies at once and cancels the pending loosening).
 */
export async function cancelPending(
  tx: Tx,
  pending: PendingChange,
  options: { at: Date; by: string; cancellation: 'WITHDRAWN' | 'SUPERSEDED' },
): Promise<void> {
  assert(pending.effectiveFrom > options.at, 'only a change not yet in force can be cancelled');
  const cancelled = await tx.selfLimitChange.updateMany({
    where: { id: pending.changeId, cancelledAt: null },
    data: { cancelledAt: options.at, cancelledBy: options.by, cancellation: options.cancellation },
  });
  assert(cancelled.count === 1, `pending change ${pending.changeId} was cancelled concurrently despite the player lock`);
}
