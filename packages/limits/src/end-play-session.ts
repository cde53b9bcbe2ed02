import type { Tx } from '@casino/db';
import type { EnforcementContext } from './context.ts';
import { accrual, findSession } from './play-session-store.ts';
import { lockPlayer } from './player-lock.ts';
import { addUsage } from './usage.ts';

/** The player left, or the game service ends the session (after the hand, when a limit was reached). Ending twice is harmless. */
export async function endPlaySession(
  ctx: EnforcementContext,
  tx: Tx,
  request: { playerId: string; playSessionId: string; reason?: string },
): Promise<{ playedMs: number }> {
  const at = ctx.clock.now();
  await lockPlayer(tx, request.playerId, at);
  const session = await findSession(tx, request.playerId, request.playSessionId);
  if (session.endedAt !== null) return { playedMs: Number(session.playedMs) };
  const time = accrual(ctx.profile, session, at);
  await addUsage(tx, request.playerId, time.deltas);
  const ended = await tx.playSession.update({
    where: { id: session.id },
    data: { playedMs: session.playedMs + time.playedMs, lastActivityAt: at, endedAt: at, endReason: request.reason ?? 'ended' },
  });
  return { playedMs: Number(ended.playedMs) };
}
