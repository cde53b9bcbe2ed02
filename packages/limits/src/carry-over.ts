import type { Tx } from '@casino/db';
import { findMeasure, type JurisdictionProfile, type MeasureDefinition } from './catalogue.ts';
import { recordChange } from './change-store.ts';
import { compareStrictness, exclusionRuns, measureStates, noLimit, type MeasureSetting } from './measures.ts';
import type { ResolvedDecision } from './registration-decisions.ts';

// The act's §14a: the self-limits of an account closed less than 7 days ago pass to a new account of
// the same person. The players package finds the closed account; this file says what passes.

/**
 * A new registration decision is milder when it refuses what was set, allows more money or time, or ends an
 * exclusion sooner.
 */
export function milderDecisions(previous: readonly ResolvedDecision[], next: readonly ResolvedDecision[], now: Date): string[] {
  const milder: string[] = [];
  for (const before of previous) {
    if (before.decision !== 'SET') continue;
    const after = next.find((d) => d.measure === before.measure);
    // Measures the registration does not ask about are carried over instead (carryOverMeasures).
    if (!after) continue;
    if (after.decision === 'REFUSED') {
      if (!(before.excludedUntil && before.excludedUntil <= now)) milder.push(before.measure);
      continue;
    }
    if (before.amountMinor !== null && (after.amountMinor ?? 0n) > before.amountMinor) milder.push(before.measure);
    if (before.durationMinutes !== null && (after.durationMinutes ?? 0) > before.durationMinutes) milder.push(before.measure);
    const exclusionStillRuns =
      before.measure === 'self-exclusion' && (before.excludedUntil === null || before.excludedUntil > now);
    if (
      exclusionStillRuns &&
      after.excludedUntil !== null &&
      (before.excludedUntil === null || after.excludedUntil < before.excludedUntil)
    )
      milder.push(before.measure);
  }
  return milder;
}

/**
 * §14a: the measures in force on an account at `at`, changes after registration included (a pending
 * loosening only once its time has come, as it would have on the old account).
 */
export async function measuresInForceOf(
  tx: Tx,
  profile: JurisdictionProfile,
  playerId: string,
  at: Date,
): Promise<ResolvedDecision[]> {
  const states = await measureStates(tx, playerId, at);
  const result: ResolvedDecision[] = [];
  for (const state of states.values()) {
    const definition = findMeasure(profile, state.measure);
    if (!definition) continue;
    const ended = definition.kind === 'exclusion' && !exclusionRuns(state.inForce, at);
    result.push(decisionOf(definition, ended ? noLimit : state.inForce));
  }
  return result;
}

/**
 * §14a for the measures registration does not ask about (week limits, a session limit): those in
 * force on the account closed less than 7 days ago pass to the new account where they are stricter.
 */
export async function carryOverMeasures(
  tx: Tx,
  options: { profile: JurisdictionProfile; fromPlayerId: string; toPlayerId: string; at: Date },
): Promise<string[]> {
  const before = await measureStates(tx, options.fromPlayerId, options.at);
  const after = await measureStates(tx, options.toPlayerId, options.at);
  const carried: string[] = [];
  for (const definition of options.profile.measures) {
    const old = before.get(definition.code)?.inForce ?? noLimit;
    const current = after.get(definition.code)?.inForce ?? noLimit;
    if (compareStrictness(definition.kind, current, old, options.at) <= 0) continue;
    await recordChange(tx, {
      playerId: options.toPlayerId,
      measure: definition.code,
      direction: 'CARRY_OVER',
      setting: old,
      previous: current,
      requestedAt: options.at,
      requestedBy: `system:§14a carried over from ${options.fromPlayerId}`,
      effectiveFrom: options.at,
    });
    carried.push(definition.code);
  }
  return carried;
}

function decisionOf(definition: MeasureDefinition, setting: MeasureSetting): ResolvedDecision {
  const none: ResolvedDecision = {
    measure: definition.code,
    decision: 'REFUSED',
    amountMinor: null,
    durationMinutes: null,
    excludedUntil: null,
  };
  if (!setting.isSet) return none;
  if (definition.kind === 'amount') return { ...none, decision: 'SET', amountMinor: setting.limitValue };
  if (definition.kind === 'duration') return { ...none, decision: 'SET', durationMinutes: Number(setting.limitValue) };
  // A tournament count is never a registration decision (003:R-PART-04: before the first tournament); it carries over as a setting.
  if (definition.kind === 'count') return { ...none, decision: 'SET' };
  return { ...none, decision: 'SET', excludedUntil: setting.excludedUntil };
}
