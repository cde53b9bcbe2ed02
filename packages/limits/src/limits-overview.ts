import { DomainError } from '@casino/core';
import type { Db } from '@casino/db';
import { allowances } from './allowances.ts';
import type { LimitsContext } from './context.ts';
import type { MeasureDefinition } from './catalogue.ts';
import { exclusionRuns, measureStates, stateOf, type MeasureSetting, type PendingChange } from './measures.ts';
import { accrual, findOpenSession } from './play-session-store.ts';
import { readUsage, withDeltas } from './usage.ts';
import { countAllowances, countMeasures, readTournamentCounts } from './authorize-tournament-entry.ts';

export interface MeasureOverview {
  definition: MeasureDefinition;
  inForce: MeasureSetting;
  inForceSince: Date | null;
  pending: PendingChange | null;
  /** For a limit in force: used and remaining in the current period (CZK minor units, milliseconds or entries). */
  usage: { used: bigint; remaining: bigint; resetsAt: Date | null } | null;
}

export interface LimitsOverview {
  measures: MeasureOverview[];
  closedAt: Date | null;
  realityCheckMinutes: number | null;
  /** Whether a game or a deposit would be refused right now by a measure, and why. */
  refusal: 'account-closed' | 'listed-in-register' | 'self-excluded' | null;
}

/** Every measure of the profile for one player: in force, pending, and what is left of it now (`not-found` for no such player). */
export async function limitsOverview(
  ctx: Pick<LimitsContext, 'clock' | 'profile'> & { db: Db },
  playerId: string,
): Promise<LimitsOverview> {
  const at = ctx.clock.now();
  const [states, holder, session] = await Promise.all([
    measureStates(ctx.db, playerId, at),
    ctx.db.playerSelfLimits.findUnique({ where: { playerId } }),
    findOpenSession(ctx.db, playerId),
  ]);
  const player = await ctx.db.player.findUnique({ where: { id: playerId }, select: { registerStatus: true } });
  if (!player) throw new DomainError('not-found', `No player ${playerId}.`, { field: 'params.playerId' });
  const time = session ? accrual(ctx.profile, session, at) : { playedMs: 0n, deltas: [] };
  const usage = withDeltas(await readUsage(ctx.db, playerId, at), time.deltas);
  const sessionTotals = session
    ? { stakesMinor: session.stakesMinor, winsMinor: session.winsMinor, playedMs: session.playedMs + time.playedMs }
    : null;
  const counts = countMeasures(ctx.profile);
  const left = [
    ...allowances(ctx.profile, states, usage, ['deposit', 'stake', 'net-loss', 'playing-time'], sessionTotals),
    // Only a profile with tournament-count measures reads their counters (003:R-LIM-02).
    ...(counts.length > 0 ? countAllowances(counts, states, await readTournamentCounts(ctx.db, playerId, at)) : []),
  ];
  const measures = ctx.profile.measures.map((definition) => {
    const state = stateOf(states, definition.code);
    const allowance = left.find((a) => a.measure === definition.code);
    return {
      definition,
      inForce: state.inForce,
      inForceSince: state.inForceSince,
      pending: state.pending,
      usage: allowance ? { used: allowance.used, remaining: allowance.remaining, resetsAt: allowance.resetsAt } : null,
    };
  });
  const excluded = exclusionRuns(stateOf(states, 'self-exclusion').inForce, at);
  const refusal = holder?.closedAt
    ? 'account-closed'
    : player.registerStatus === 'LISTED'
      ? 'listed-in-register'
      : excluded
        ? 'self-excluded'
        : null;
  return { measures, closedAt: holder?.closedAt ?? null, realityCheckMinutes: holder?.realityCheckMinutes ?? null, refusal };
}
