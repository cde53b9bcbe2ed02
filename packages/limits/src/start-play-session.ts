import { newId } from '@casino/core';
import type { Tx } from '@casino/db';
import { allowances, assertPlayingTimeLeft } from './allowances.ts';
import type { EnforcementContext } from './context.ts';
import { measureStates } from './measures.ts';
import { accrual, findOpenSession, saveSession, type PlaySession } from './play-session-store.ts';
import { assertMayTakePart, lockPlayer } from './player-lock.ts';
import { addUsage, readUsage, withDeltas } from './usage.ts';

export interface StartedPlaySession {
  playSessionId: string;
  startedAt: Date;
  /** True when the player's open session was picked up again (another table, a reconnect). */
  resumed: boolean;
  /** Playing time left under the tightest time limit in force; null without one. */
  remainingMs: number | null;
}

/**
 * The game service opens (or picks up) the player's play session before the first round. Refused
 * when the player may not take part (closed, listed, self-excluded) or a playing-time limit is used
 * up (000-001:RG-03). A session idle for `idleSessionEndMs` has ended at its last activity.
 */
export async function startPlaySession(
  ctx: EnforcementContext,
  tx: Tx,
  request: { playerId: string },
): Promise<StartedPlaySession> {
  const at = ctx.clock.now();
  const locked = await lockPlayer(tx, request.playerId, at);
  const states = await measureStates(tx, request.playerId, at);
  assertMayTakePart(locked, states, at);
  await endIdleSession(ctx, tx, request.playerId, at);

  let session: PlaySession | null = await findOpenSession(tx, request.playerId);
  const time = session ? accrual(ctx.profile, session, at) : { playedMs: 0n, deltas: [] };
  const usage = withDeltas(await readUsage(tx, request.playerId, at), time.deltas);
  const sessionTotals = {
    stakesMinor: session?.stakesMinor ?? 0n,
    winsMinor: session?.winsMinor ?? 0n,
    playedMs: (session?.playedMs ?? 0n) + time.playedMs,
  };
  const timeLeft = allowances(ctx.profile, states, usage, ['playing-time'], sessionTotals);
  assertPlayingTimeLeft(timeLeft);

  const resumed = session !== null;
  if (session) {
    await addUsage(tx, request.playerId, time.deltas);
    session = await saveSession(tx, session, { at, playedMs: time.playedMs });
  } else {
    session = await tx.playSession.create({
      data: { id: newId(), playerId: request.playerId, startedAt: at, lastActivityAt: at },
    });
  }
  const remaining = timeLeft.map((a) => Number(a.remaining));
  return {
    playSessionId: session.id,
    startedAt: session.startedAt,
    resumed,
    remainingMs: remaining.length ? Math.min(...remaining) : null,
  };
}

async function endIdleSession(ctx: EnforcementContext, tx: Tx, playerId: string, at: Date): Promise<void> {
  const idleSince = new Date(at.getTime() - ctx.profile.playingTime.idleSessionEndMs);
  // No activity came after the last one, so the time since was not play: the session ends there.
  await tx.$executeRaw`
    UPDATE play_session SET ended_at = last_activity_at, end_reason = 'idle'
    WHERE player_id = ${playerId}::uuid AND ended_at IS NULL AND last_activity_at <= ${idleSince}`;
}
