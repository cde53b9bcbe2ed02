import { addDays, DomainError, pragueDate, startOfPragueDay, type Money } from '@casino/core';
import { transaction } from '@casino/db';
import { calendarPeriods, findMeasure, type JurisdictionProfile, type MeasureDefinition } from './catalogue.ts';
import { cancelPending, recordChange } from './change-store.ts';
import type { LimitsContext } from './context.ts';
import {
  compareStrictness,
  limitSetting,
  measureStates,
  noLimit,
  stateOf,
  type MeasureSetting,
  type MeasureState,
} from './measures.ts';
import { periodContaining } from './periods.ts';
import { lockPlayer } from './player-lock.ts';

export interface LimitChangeRequest {
  playerId: string;
  /** A money or playing-time measure of the profile, e.g. `stake:day` (self-exclusion: selfExclude). */
  measure: string;
  /** The new limit: an amount in CZK for money limits, minutes for playing time, entries for a count; null removes it. */
  limit: { amount: Money } | { minutes: number } | { count: number } | null;
  /** `player`, or `staff:<id>` when support records it for the player. */
  actor: string;
}

export interface LimitChangeOutcome {
  direction: 'tighten' | 'loosen' | 'unchanged';
  changeId: string | null;
  /** When the new value is (or will be) in force. */
  effectiveFrom: Date;
  pending: boolean;
}

/**
 * A player sets, lowers, raises or removes a limit (002:RG-02, RG-05). Tightening, including setting
 * a limit where there was none, is in force at once (002:RG-04, RG-07); loosening, raising or
 * removing, waits as a pending change until the profile's rule lets it apply (Czech: 7 days after
 * the request, 002:RG-06; Swedish: the next period, 003:R-LIM-04) and can be withdrawn until then.
 * Either way a pending change of the same measure is superseded (002:AMB-RG-PENDING). Every change
 * is kept with who, when, old, new and effective from.
 */
export async function changeLimit(
  ctx: Pick<LimitsContext, 'db' | 'clock' | 'profile'>,
  request: LimitChangeRequest,
): Promise<LimitChangeOutcome> {
  const { definition, value } = limitDefinition(ctx.profile, request);
  const next = value === null ? noLimit : limitSetting(value);
  return transaction(ctx.db, async (tx) => {
    const at = ctx.clock.now();
    const locked = await lockPlayer(tx, request.playerId, at);
    if (locked.closedAt !== null)
      throw new DomainError('account-not-active', 'This account was closed; its measures can no longer be changed.');
    const states = await measureStates(tx, request.playerId, at);
    const current = stateOf(states, definition.code);
    const comparison = compareStrictness(definition.kind, current.inForce, next, at);
    if (current.pending) await cancelPending(tx, current.pending, { at, by: request.actor, cancellation: 'SUPERSEDED' });
    if (comparison === 0)
      return { direction: 'unchanged', changeId: null, effectiveFrom: current.inForceSince ?? at, pending: false };
    assertNestedPeriods(ctx.profile, states, definition, next);
    const tighten = comparison > 0;
    const effectiveFrom = tighten ? at : looseningEffectiveFrom(ctx.profile, definition, at);
    const changeId = await recordChange(tx, {
      playerId: request.playerId,
      measure: definition.code,
      direction: tighten ? 'TIGHTEN' : 'LOOSEN',
      setting: next,
      previous: current.inForce,
      requestedAt: at,
      requestedBy: request.actor,
      effectiveFrom,
    });
    return { direction: tighten ? 'tighten' : 'loosen', changeId, effectiveFrom, pending: effectiveFrom > at };
  });
}

function limitDefinition(
  profile: JurisdictionProfile,
  request: LimitChangeRequest,
): { definition: MeasureDefinition; value: bigint | null } {
  const definition = findMeasure(profile, request.measure);
  if (!definition || definition.kind === 'exclusion') {
    throw new DomainError(
      'not-found',
      `There is no limit ${request.measure}; the limits are ${profile.measures
        .filter((m) => m.kind !== 'exclusion')
        .map((m) => m.code)
        .join(', ')}.`,
      { field: 'params.measure' },
    );
  }
  const value = limitValueOf(definition, request.limit);
  if (value !== null && (value < definition.minimum || (definition.maximum !== null && value > definition.maximum))) {
    const unit = definition.kind === 'count' ? 'entries' : 'minutes';
    const bounds =
      definition.kind === 'amount' ? 'at least 1 CZK' : `between ${definition.minimum} and ${definition.maximum} ${unit}`;
    throw new DomainError('validation-failed', `${definition.code} must be ${bounds}.`, { field: bodyField(definition) });
  }
  return { definition, value };
}

/** The request body's field that carries a measure's value. */
function bodyField(definition: MeasureDefinition): string {
  return { amount: 'body.amount', duration: 'body.minutes', count: 'body.count', exclusion: 'body.hours' }[definition.kind];
}

/** The limit in the measure's unit: CZK minor units for money (004:SLM-03), minutes for playing time, entries for a count. */
function limitValueOf(definition: MeasureDefinition, limit: LimitChangeRequest['limit']): bigint | null {
  if (limit === null) return null;
  if (definition.kind === 'amount') {
    if (!('amount' in limit))
      throw new DomainError('validation-failed', `${definition.code} is a money limit: give an amount in CZK.`, {
        field: 'body.amount',
      });
    if (limit.amount.currency !== 'CZK')
      throw new DomainError('validation-failed', 'Self-limits are set in CZK (004:SLM-03, REG-22).', {
        field: 'body.amount.currency',
      });
    return limit.amount.toMinor();
  }
  if (definition.kind === 'count') {
    if (!('count' in limit) || !Number.isInteger(limit.count))
      throw new DomainError('validation-failed', `${definition.code} is a count: give a whole number of entries.`, {
        field: 'body.count',
      });
    return BigInt(limit.count);
  }
  if (!('minutes' in limit) || !Number.isInteger(limit.minutes))
    throw new DomainError('validation-failed', `${definition.code} is a playing-time limit: give whole minutes.`, {
      field: 'body.minutes',
    });
  return BigInt(limit.minutes);
}

/** When a loosening requested at `at` applies: after the profile's delay, or when the limit's period ends. */
export function looseningEffectiveFrom(profile: JurisdictionProfile, definition: MeasureDefinition, at: Date): Date {
  if (profile.loosening.kind === 'after-delay') return new Date(at.getTime() + profile.loosening.delayHours * 3_600_000);
  const period = definition.period;
  // A session limit, and self-exclusion, have no calendar period: the next day is the next period (docs/decisions.md).
  if (period === undefined || period === 'session') return startOfPragueDay(addDays(pragueDate(at), 1));
  return periodContaining(period, at).endsAt;
}

/**
 * 003:R-LIM-03: a day limit may not exceed the week limit, nor the week limit the month limit. Each
 * period is compared by where it is heading: its pending value if one waits, else the value in force.
 */
function assertNestedPeriods(
  profile: JurisdictionProfile,
  states: ReadonlyMap<string, MeasureState>,
  definition: MeasureDefinition,
  next: MeasureSetting,
): void {
  if (!profile.nestedPeriods || definition.period === undefined || definition.period === 'session') return;
  const heading = calendarPeriods.map((period) => {
    const code = `${definition.metric}:${period}`;
    if (code === definition.code) return { code, setting: next };
    const state = stateOf(states, code);
    return { code, setting: state.pending?.setting ?? state.inForce };
  });
  for (let shorter = 0; shorter < heading.length; shorter++) {
    for (let longer = shorter + 1; longer < heading.length; longer++) {
      const [a, b] = [heading[shorter]!, heading[longer]!];
      if (a.setting.isSet && b.setting.isSet && a.setting.limitValue! > b.setting.limitValue!) {
        throw new DomainError('self-limits-inconsistent', `${a.code} may not exceed ${b.code} (003:R-LIM-03).`, {
          field: bodyField(definition),
          extensions: { measure: definition.code, conflictsWith: a.code === definition.code ? b.code : a.code },
        });
      }
    }
  }
}
