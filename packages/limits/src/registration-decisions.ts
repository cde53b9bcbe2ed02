import { DomainError, type Clock } from '@casino/core';
import type { Tx } from '@casino/db';
import type { JurisdictionProfile, MeasureDefinition } from './catalogue.ts';

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
export function resolveRegistrationDecisions(profile: JurisdictionProfile, decisions: readonly MeasureDecision[], clock: Clock): ResolvedDecision[] {
  const byMeasure = new Map<string, MeasureDecision>();
  decisions.forEach((d, index) => {
    if (byMeasure.has(d.measure)) throw new DomainError('self-limit-decision-missing', `Measure ${d.measure} is decided twice.`, { field: `body.selfLimits.${index}.measure` });
    if (!profile.registrationMeasures.some((m) => m.code === d.measure)) {
      throw new DomainError('validation-failed', `Unknown self-limitation measure ${d.measure}.`, { field: `body.selfLimits.${index}.measure` });
    }
    byMeasure.set(d.measure, d);
  });
  return profile.registrationMeasures.map((definition) => {
    const decision = byMeasure.get(definition.code);
    if (!decision) {
      throw new DomainError('self-limit-decision-missing', `Set or explicitly refuse the measure ${definition.code} (${definition.description}).`, {
        field: 'body.selfLimits',
        extensions: { measure: definition.code },
      });
    }
    return resolveOne(definition, decision, clock);
  });
}

function resolveOne(definition: MeasureDefinition, decision: MeasureDecision, clock: Clock): ResolvedDecision {
  const refused: ResolvedDecision = { measure: definition.code, decision: 'REFUSED', amountMinor: null, durationMinutes: null, excludedUntil: null };
  if (decision.decision === 'refused') return refused;
  const field = `body.selfLimits.${definition.code}`;
  const within = (value: bigint) => value >= definition.minimum && (definition.maximum === null || value <= definition.maximum);
  switch (definition.kind) {
    case 'amount':
      if (decision.amountMinor === undefined || !within(decision.amountMinor)) throw new DomainError('validation-failed', `${definition.code} needs an amount of at least 1 CZK.`, { field });
      return { ...refused, decision: 'SET', amountMinor: decision.amountMinor };
    case 'duration':
      if (decision.durationMinutes === undefined || !within(BigInt(decision.durationMinutes))) throw new DomainError('validation-failed', `${definition.code} needs minutes between ${definition.minimum} and ${definition.maximum}.`, { field });
      return { ...refused, decision: 'SET', durationMinutes: decision.durationMinutes };
    case 'exclusion': {
      const hours = decision.exclusionHours ?? null;
      if (hours !== null && !within(BigInt(hours))) throw new DomainError('validation-failed', `${definition.code} lasts at least ${definition.minimum} hours.`, { field });
      const until = hours === null ? null : new Date(clock.now().getTime() + hours * 3_600_000);
      return { ...refused, decision: 'SET', excludedUntil: until };
    }
  }
}

/**
 * The act's §14a: limits in force on an account closed less than 7 days ago pass to the new one.
 * A new decision is milder when it refuses what was set, allows more money or time, or ends an
 * exclusion sooner.
 */
export function milderDecisions(previous: readonly ResolvedDecision[], next: readonly ResolvedDecision[], now: Date): string[] {
  const milder: string[] = [];
  for (const before of previous) {
    if (before.decision !== 'SET') continue;
    const after = next.find((d) => d.measure === before.measure);
    if (!after || after.decision === 'REFUSED') {
      if (!(before.excludedUntil && before.excludedUntil <= now)) milder.push(before.measure);
      continue;
    }
    if (before.amountMinor !== null && (after.amountMinor ?? 0n) > before.amountMinor) milder.push(before.measure);
    if (before.durationMinutes !== null && (after.durationMinutes ?? 0) > before.durationMinutes) milder.push(before.measure);
    const exclusionStillRuns = before.measure === 'self-exclusion' && (before.excludedUntil === null || before.excludedUntil > now);
    if (exclusionStillRuns && after.excludedUntil !== null && (before.excludedUntil === null || after.excludedUntil < before.excludedUntil)) milder.push(before.measure);
  }
  return milder;
}

export async function recordRegistrationDecisions(tx: Tx, playerId: string, decisions: readonly ResolvedDecision[], decidedAt: Date): Promise<void> {
  await tx.selfLimitDecision.createMany({ data: decisions.map((d) => ({ playerId, ...d, decidedAt })) });
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
