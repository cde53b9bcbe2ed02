import { assert } from '@casino/core';
import type { Db, Tx } from '@casino/db';
import type { MeasureDefinition, MeasureKind } from './catalogue.ts';

/**
 * A measure's setting: no limit, a limit (`limitValue`: CZK minor units for money, minutes for
 * playing time), or for self-exclusion an end (`excludedUntil`; null while set means indefinitely).
 */
export interface MeasureSetting {
  isSet: boolean;
  limitValue: bigint | null;
  excludedUntil: Date | null;
}

export const noLimit: MeasureSetting = Object.freeze({ isSet: false, limitValue: null, excludedUntil: null });

export function limitSetting(limitValue: bigint): MeasureSetting {
  assert(limitValue > 0n, 'a limit is positive');
  return { isSet: true, limitValue, excludedUntil: null };
}

export function exclusionSetting(excludedUntil: Date | null): MeasureSetting {
  return { isSet: true, limitValue: null, excludedUntil };
}

/** A self-exclusion is in force while set and its end (if any) has not come. */
export function exclusionRuns(setting: MeasureSetting, at: Date): boolean {
  return setting.isSet && (setting.excludedUntil === null || setting.excludedUntil > at);
}

/**
 * Positive when `next` is stricter than `current`, negative when milder, zero when equally strict.
 * A lower money or time limit is stricter and no limit the mildest; a longer self-exclusion is
 * stricter, an indefinite one the strictest, and one that has ended counts as none.
 */
export function compareStrictness(kind: MeasureKind, current: MeasureSetting, next: MeasureSetting, at: Date): number {
  if (kind === 'exclusion') {
    const end = (s: MeasureSetting) =>
      !exclusionRuns(s, at) ? 0 : s.excludedUntil === null ? Number.POSITIVE_INFINITY : s.excludedUntil.getTime();
    const [before, after] = [end(current), end(next)];
    return before === after ? 0 : after > before ? 1 : -1;
  }
  const [before, after] = [current.isSet ? current.limitValue : null, next.isSet ? next.limitValue : null];
  if (before === after) return 0;
  if (before === null) return 1;
  if (after === null) return -1;
  return after < before ? 1 : -1;
}

export interface PendingChange {
  changeId: string;
  setting: MeasureSetting;
  requestedAt: Date;
  effectiveFrom: Date;
}

/** One measure at an instant: the setting in force (and since when) and the change waiting, if any. */
export interface MeasureState {
  measure: string;
  inForce: MeasureSetting;
  inForceSince: Date | null;
  /** The change that put `inForce` in force; null when the measure was never decided. */
  inForceChangeId: string | null;
  pending: PendingChange | null;
}

export interface ChangeRow {
  id: string;
  measure: string;
  is_set: boolean;
  limit_value: bigint | null;
  excluded_until: Date | null;
  requested_at: Date;
  effective_from: Date;
  pending: boolean;
}

/**
 * Every measure with a history, as it stands at `at`: the newest change effective by then and not
 * cancelled is in force; a change effective later is pending. At most one change per measure is
 * pending (a new request supersedes the old one), which the newest-first pick makes harmless anyway.
 */
export async function measureStates(tx: Tx | Db, playerId: string, at: Date): Promise<Map<string, MeasureState>> {
  const rows = await tx.$queryRaw<ChangeRow[]>`
    SELECT DISTINCT ON (measure, pending) id, measure, is_set, limit_value, excluded_until, requested_at, effective_from, pending
    FROM (
      SELECT *, effective_from > ${at} AS pending FROM self_limit_change
      WHERE player_id = ${playerId}::uuid AND cancelled_at IS NULL
    ) AS change
    ORDER BY measure, pending, effective_from DESC, id DESC`;
  return statesFromRows(rows);
}

/** The measures' states from the rows of the pick above (also read by `limits_stake_state`, the stake path). */
export function statesFromRows(rows: readonly ChangeRow[]): Map<string, MeasureState> {
  const states = new Map<string, MeasureState>();
  for (const row of rows) {
    const state = states.get(row.measure) ?? {
      measure: row.measure,
      inForce: noLimit,
      inForceSince: null,
      inForceChangeId: null,
      pending: null,
    };
    const setting = { isSet: row.is_set, limitValue: row.limit_value, excludedUntil: row.excluded_until };
    if (row.pending)
      state.pending = { changeId: row.id, setting, requestedAt: row.requested_at, effectiveFrom: row.effective_from };
    else Object.assign(state, { inForce: setting, inForceSince: row.effective_from, inForceChangeId: row.id });
    states.set(row.measure, state);
  }
  return states;
}

export function stateOf(states: ReadonlyMap<string, MeasureState>, measure: string): MeasureState {
  return states.get(measure) ?? { measure, inForce: noLimit, inForceSince: null, inForceChangeId: null, pending: null };
}

/** The limit a measure sets, in its unit, if one is in force; self-exclusion is not a limit. */
export function limitInForce(states: ReadonlyMap<string, MeasureState>, definition: MeasureDefinition): bigint | null {
  assert(definition.kind !== 'exclusion', 'self-exclusion has no limit value');
  const setting = stateOf(states, definition.code).inForce;
  return setting.isSet ? setting.limitValue : null;
}
