import { DomainError, type Clock } from '@casino/core';
import type { Tx } from '@casino/db';
import { calendarPeriods, exclusionHoursMax, type JurisdictionProfile, type MeasureDefinition } from './catalogue.ts';
import { recordChange } from './change-store.ts';
import { exclusionSetting, limitSetting, noLimit, type MeasureSetting } from './measures.ts';
import { ensurePlayerSelfLimits } from './player-lock.ts';

/** A decision on one measure at registration: set with a value, or explicitly refused. */
export type MeasureDecision =
  | { measure: string; decision: 'refused' }
  | { measure: string; decision: 'set'; amountMinor?: bigint; durationMinutes?: number; exclusionHours?: number | null };

export interface ResolvedDecision {
  measure: string;
  decision: 'SET' | 'REFUSED';
  amountMinor: bigint | null;
  durationMinutes: number | null;
  /** For self-exclusion: until when; null with SET means indefinitely. */
  excludedUntil: Date | null;
}

/**
 * Checks that the applicant decided on every measure the profile requires, each exactly once, with
 * a value within bounds, and resolves the values (004:REG-07, SLM-01; 002:RG-01).
 */
export function resolveRegistrationDecisions(
  profile: JurisdictionProfile,
  decisions: readonly MeasureDecision[],
  clock: Clock,
): ResolvedDecision[] {
  const byMeasure = new Map<string, MeasureDecision>();
  decisions.forEach((d, index) => {
    if (byMeasure.has(d.measure))
      throw new DomainError('self-limit-decision-missing', `Measure ${d.measure} is decided twice.`, {
        field: `body.selfLimits.${index}.measure`,
      });
    if (!profile.registrationMeasures.some((m) => m.code === d.measure)) {
      throw new DomainError('validation-failed', `Unknown self-limitation measure ${d.measure}.`, {
        field: `body.selfLimits.${index}.measure`,
      });
    }
    byMeasure.set(d.measure, d);
  });
  const resolved = profile.registrationMeasures.map((definition) => {
    const decision = byMeasure.get(definition.code);
    if (!decision) {
      throw new DomainError(
        'self-limit-decision-missing',
        `Set or explicitly refuse the measure ${definition.code} (${definition.description}).`,
        {
          field: 'body.selfLimits',
          extensions: { measure: definition.code },
        },
      );
    }
    if (decision.decision === 'refused' && !profile.registrationMayRefuse) {
      throw new DomainError('validation-failed', `${definition.code} must be set before playing (003:R-LIM-01).`, {
        field: `body.selfLimits.${definition.code}`,
      });
    }
    return resolveOne(definition, decision, clock);
  });
  if (profile.nestedPeriods) assertNestedDecisions(profile, resolved);
  return resolved;
}

/** 003:R-LIM-03 at registration: per metric, day ≤ week ≤ month among the limits set. */
function assertNestedDecisions(profile: JurisdictionProfile, decisions: readonly ResolvedDecision[]): void {
  const valueOf = (code: string) => {
    const d = decisions.find((x) => x.measure === code && x.decision === 'SET');
    return d ? (d.amountMinor ?? (d.durationMinutes === null ? null : BigInt(d.durationMinutes))) : null;
  };
  for (const definition of profile.registrationMeasures) {
    if (definition.period === undefined || definition.period === 'session') continue;
    const longer = calendarPeriods.slice(calendarPeriods.indexOf(definition.period) + 1).map((p) => `${definition.metric}:${p}`);
    for (const code of longer) {
      const [own, other] = [valueOf(definition.code), valueOf(code)];
      if (own !== null && other !== null && own > other) {
        throw new DomainError('self-limits-inconsistent', `${definition.code} may not exceed ${code} (003:R-LIM-03).`, {
          field: 'body.selfLimits',
          extensions: { measure: definition.code, conflictsWith: code },
        });
      }
    }
  }
}

function resolveOne(definition: MeasureDefinition, decision: MeasureDecision, clock: Clock): ResolvedDecision {
  const refused: ResolvedDecision = {
    measure: definition.code,
    decision: 'REFUSED',
    amountMinor: null,
    durationMinutes: null,
    excludedUntil: null,
  };
  if (decision.decision === 'refused') return refused;
  const field = `body.selfLimits.${definition.code}`;
  const within = (value: bigint) => value >= definition.minimum && (definition.maximum === null || value <= definition.maximum);
  switch (definition.kind) {
    case 'amount':
      if (decision.amountMinor === undefined || !within(decision.amountMinor))
        throw new DomainError('validation-failed', `${definition.code} needs an amount of at least 1 CZK.`, { field });
      return { ...refused, decision: 'SET', amountMinor: decision.amountMinor };
    case 'duration':
      if (decision.durationMinutes === undefined || !within(BigInt(decision.durationMinutes)))
        throw new DomainError(
          'validation-failed',
          `${definition.code} needs minutes between ${definition.minimum} and ${definition.maximum}.`,
          { field },
        );
      return { ...refused, decision: 'SET', durationMinutes: decision.durationMinutes };
    case 'count':
      // Tournament counts are set before the first tournament (003:R-PART-04), never at registration.
      throw new DomainError('validation-failed', `${definition.code} is set before the first tournament, not at registration.`, {
        field,
      });
    case 'exclusion': {
      const hours = decision.exclusionHours ?? null;
      if (hours !== null && (!within(BigInt(hours)) || hours > exclusionHoursMax))
        throw new DomainError(
          'validation-failed',
          `${definition.code} lasts at least ${definition.minimum} hours and at most ${exclusionHoursMax} (or indefinitely).`,
          { field },
        );
      const until = hours === null ? null : new Date(clock.now().getTime() + hours * 3_600_000);
      return { ...refused, decision: 'SET', excludedUntil: until };
    }
  }
}

/**
 * Records the decisions taken at registration (004:SLM-01: each set or refused, with the time) and
 * starts each measure's history with them: in force at once (002:RG-04).
 */
export async function recordRegistrationDecisions(
  tx: Tx,
  playerId: string,
  decisions: readonly ResolvedDecision[],
  decidedAt: Date,
): Promise<void> {
  await tx.selfLimitDecision.createMany({ data: decisions.map((d) => ({ playerId, ...d, decidedAt })) });
  await ensurePlayerSelfLimits(tx, playerId, decidedAt);
  for (const decision of decisions) {
    await recordChange(tx, {
      playerId,
      measure: decision.measure,
      direction: 'INITIAL',
      setting: settingOf(decision),
      previous: noLimit,
      requestedAt: decidedAt,
      requestedBy: 'player',
      effectiveFrom: decidedAt,
    });
  }
}

function settingOf(decision: ResolvedDecision): MeasureSetting {
  if (decision.decision === 'REFUSED') return noLimit;
  if (decision.amountMinor !== null) return limitSetting(decision.amountMinor);
  if (decision.durationMinutes !== null) return limitSetting(BigInt(decision.durationMinutes));
  return exclusionSetting(decision.excludedUntil);
}

export async function decisionsOf(tx: Tx, playerId: string): Promise<ResolvedDecision[]> {
  const rows = await tx.selfLimitDecision.findMany({ where: { playerId } });
  return rows.map((r) => ({
    measure: r.measure,
    decision: r.decision as 'SET' | 'REFUSED',
    amountMinor: r.amountMinor,
    durationMinutes: r.durationMinutes,
    excludedUntil: r.excludedUntil,
  }));
}
