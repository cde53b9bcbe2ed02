import { Money } from '@casino/core';
import type { Tx } from '@casino/db';
import { allowances, exhaustedTimeAllowance } from './allowances.ts';
import type { EnforcementContext } from './context.ts';
import { exclusionRuns, measureStates, stateOf, type MeasureState } from './measures.ts';
import { accrual, endOf, findSession, saveSession, type PlaySession } from './play-session-store.ts';
import { lockPlayer, type LockedPlayer } from './player-lock.ts';
import { addUsage, readUsage, withDeltas, type CurrentUsage, type UsageDelta } from './usage.ts';

export interface PlayActivity {
  /**
   * `continue`: the player may start another round. `stop`: let the current hand or round finish,
   * then the player leaves the table (000-001:RG-03); a running tournament may be finished (003:R-LIM-06).
   */
  status: 'continue' | 'stop';
  /**
   * Why play stops: a playing-time measure (`playing-time:day`, …), a bar (`self-excluded`,
   * `listed-in-register`, `account-closed`), or how the session ended (`self-exclusion`, `panic-button`, `idle`, …).
   */
  stopReason: string | null;
  sessionPlayedMs: number;
  playedTodayMs: number;
  /** Due when the session's playing time passed another reality-check interval (002:RG-10). */
  realityCheck: { sessionPlayedMs: number; netResult: Money } | null;
}

/**
 * The game service reports game activity (a round or hand played) in the player's play session:
 * playing time accrues (playing-time measures, today's time indicator), and the answer says whether
 * the player may go on and whether a reality-check reminder is due.
 */
export async function recordPlayActivity(
  ctx: EnforcementContext,
  tx: Tx,
  request: { playerId: string; playSessionId: string },
): Promise<PlayActivity> {
  const at = ctx.clock.now();
  const locked = await lockPlayer(tx, request.playerId, at);
  const session = await findSession(tx, request.playerId, request.playSessionId);
  const open = endOf(ctx.profile, session, at) === null;
  const states = open ? await measureStates(tx, request.playerId, at) : new Map<string, MeasureState>();
  const decided = decidePlayActivity(ctx, { locked, session, states, usage: await readUsage(tx, request.playerId, at), at });
  if (decided.write !== null) {
    await addUsage(tx, request.playerId, decided.write.deltas);
    await saveSession(tx, session, {
      at,
      playedMs: decided.write.playedMs,
      ...(decided.write.realityChecksShown !== undefined ? { realityChecksShown: decided.write.realityChecksShown } : {}),
    });
  }
  return decided.activity;
}

/** What recording play activity writes: the usage deltas and what the session adds (none for an ended session). */
export interface PlayActivityWrite {
  deltas: UsageDelta[];
  playedMs: bigint;
  realityChecksShown?: number;
}

/**
 * The rules of a play activity on what was read under the player lock (pure): the answer, and what to
 * write. `recordPlayActivity` (one player) and `recordPlayActivities` (a batch, D-1792) both decide here.
 */
export function decidePlayActivity(
  ctx: EnforcementContext,
  read: { locked: LockedPlayer; session: PlaySession; states: ReadonlyMap<string, MeasureState>; usage: CurrentUsage; at: Date },
): { activity: PlayActivity; write: PlayActivityWrite | null } {
  const { locked, session, states, at } = read;
  const end = endOf(ctx.profile, session, at);
  if (end !== null) {
    return {
      activity: {
        status: 'stop',
        stopReason: end.endReason,
        sessionPlayedMs: Number(session.playedMs),
        playedTodayMs: Number(read.usage.day.totals.playedMs),
        realityCheck: null,
      },
      write: null,
    };
  }
  const time = accrual(ctx.profile, session, at);
  const usage = withDeltas(read.usage, time.deltas);
  const playedMs = session.playedMs + time.playedMs;
  const exhausted = exhaustedTimeAllowance(
    allowances(ctx.profile, states, usage, ['playing-time'], { stakesMinor: 0n, winsMinor: 0n, playedMs }),
  );
  const barred =
    locked.closedAt !== null
      ? 'account-closed'
      : locked.listedInRegister
        ? 'listed-in-register'
        : exclusionRuns(stateOf(states, 'self-exclusion').inForce, at)
          ? 'self-excluded'
          : null;

  // One reminder each time the session's playing time passes another multiple of the interval.
  const intervalMs = locked.realityCheckMinutes === null ? null : BigInt(locked.realityCheckMinutes) * 60_000n;
  const intervalsPlayed = intervalMs === null ? 0 : Number(playedMs / intervalMs);
  const reminderDue = intervalsPlayed > session.realityChecksShown;
  const realityCheck = reminderDue
    ? {
        sessionPlayedMs: Number(playedMs),
        netResult: Money.fromMinor(session.winsMinor - session.stakesMinor, 'CZK'),
      }
    : null;
  const stopReason = barred ?? exhausted?.measure ?? null;
  return {
    activity: {
      status: stopReason ? 'stop' : 'continue',
      stopReason,
      sessionPlayedMs: Number(playedMs),
      playedTodayMs: Number(usage.day.totals.playedMs),
      realityCheck,
    },
    write: { deltas: time.deltas, playedMs: time.playedMs, ...(reminderDue ? { realityChecksShown: intervalsPlayed } : {}) },
  };
}
