import { DomainError } from '@casino/core';
import { transaction } from '@casino/db';
import { exclusionHoursMax, findMeasure } from './catalogue.ts';
import { recordChange } from './change-store.ts';
import type { LimitsContext } from './context.ts';
import { compareStrictness, exclusionRuns, exclusionSetting, measureStates, noLimit, stateOf } from './measures.ts';
import { endOpenSessions } from './play-session-store.ts';
import { lockPlayer } from './player-lock.ts';

export interface SelfExclusionRequest {
  playerId: string;
  /** How long, in hours (12 hours at least, 003:R-LIM-08); null for indefinitely. */
  hours: number | null;
  actor: string;
}

export interface SelfExclusionOutcome {
  /** The exclusion in force now; null means indefinitely. */
  excludedUntil: Date | null;
  /** False when an exclusion at least as long was already running (the panic button then changes nothing). */
  extended: boolean;
}

/**
 * Self-exclusion (issue 5; 003:R-LIM-08, R-LIM-09): in force at once, it ends every session of the
 * player (refresh tokens revoked, play sessions ended) and refuses every game and deposit until it
 * ends, while balance and withdrawals stay open. It can be extended, never shortened or lifted, by
 * the player or the operator.
 */
export async function selfExclude(ctx: LimitsContext, request: SelfExclusionRequest): Promise<SelfExclusionOutcome> {
  const definition = findMeasure(ctx.profile, 'self-exclusion');
  if (!definition) throw new DomainError('not-found', 'This jurisdiction offers no self-exclusion.');
  const hours = request.hours;
  const maximum = definition.maximum ?? BigInt(exclusionHoursMax);
  if (hours !== null && (!Number.isInteger(hours) || hours < definition.minimum || hours > maximum)) {
    const indefinitely = definition.maximum === null ? ' (or indefinitely)' : '';
    throw new DomainError(
      'validation-failed',
      `A self-exclusion lasts ${definition.minimum} to ${maximum} hours${indefinitely}.`,
      { field: 'body.hours' },
    );
  }
  return exclude(ctx, { playerId: request.playerId, hours, actor: request.actor, reason: 'self-exclusion', mayBeShorter: false });
}

/** The panic button: excludes the player for the profile's hours (48) at once; a longer exclusion stays. */
export function pressPanicButton(
  ctx: LimitsContext,
  request: { playerId: string; actor: string },
): Promise<SelfExclusionOutcome> {
  return exclude(ctx, {
    playerId: request.playerId,
    hours: ctx.profile.panicButtonHours,
    actor: request.actor,
    reason: 'panic-button',
    mayBeShorter: true,
  });
}

interface Exclusion {
  playerId: string;
  hours: number | null;
  actor: string;
  reason: 'self-exclusion' | 'panic-button';
  mayBeShorter: boolean;
}

async function exclude(ctx: LimitsContext, request: Exclusion): Promise<SelfExclusionOutcome> {
  return transaction(ctx.db, async (tx) => {
    const at = ctx.clock.now();
    await lockPlayer(tx, request.playerId, at);
    const current = stateOf(await measureStates(tx, request.playerId, at), 'self-exclusion').inForce;
    const next = exclusionSetting(request.hours === null ? null : new Date(at.getTime() + request.hours * 3_600_000));
    const comparison = compareStrictness('exclusion', current, next, at);
    if (comparison < 0 && !request.mayBeShorter) {
      throw new DomainError(
        'self-exclusion-not-shortenable',
        `A self-exclusion runs ${current.excludedUntil ? `until ${current.excludedUntil.toISOString()}` : 'indefinitely'} and cannot be shortened.`,
        {
          field: 'body.hours',
          extensions: { excludedUntil: current.excludedUntil?.toISOString() ?? null },
        },
      );
    }
    if (comparison > 0) {
      await recordChange(tx, {
        playerId: request.playerId,
        measure: 'self-exclusion',
        direction: 'TIGHTEN',
        setting: next,
        previous: exclusionRuns(current, at) ? current : noLimit,
        requestedAt: at,
        requestedBy: request.actor,
        effectiveFrom: at,
      });
    }
    await endOpenSessions(tx, request.playerId, at, request.reason);
    // Sessions and seats end in this transaction's outbox, even when an exclusion already ran (the
    // panic button pressed twice still unseats a player who sat down through a token issued before).
    await ctx.accounts.endAccessForExclusion(tx, request.playerId, at);
    const inForce = comparison > 0 ? next : current;
    return { excludedUntil: inForce.excludedUntil, extended: comparison > 0 };
  });
}
