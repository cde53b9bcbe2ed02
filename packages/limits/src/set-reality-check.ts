import { DomainError } from '@casino/core';
import { transaction } from '@casino/db';
import type { LimitsContext } from './context.ts';
import { lockPlayer } from './player-lock.ts';

/**
 * Reality-check reminders (time played and net result of the session, 002:RG-10): every
 * `intervalMinutes` of playing time in a session, or never (null). A reminder, not a limit: any
 * change applies at once.
 */
export async function setRealityCheck(
  ctx: Pick<LimitsContext, 'db' | 'clock' | 'profile'>,
  request: { playerId: string; intervalMinutes: number | null },
): Promise<{ intervalMinutes: number | null }> {
  const { intervalMinutesMin, intervalMinutesMax } = ctx.profile.realityCheck;
  const minutes = request.intervalMinutes;
  if (minutes !== null && (!Number.isInteger(minutes) || minutes < intervalMinutesMin || minutes > intervalMinutesMax)) {
    throw new DomainError(
      'validation-failed',
      `A reality check comes every ${intervalMinutesMin} to ${intervalMinutesMax} minutes, or never (null).`,
      { field: 'body.intervalMinutes' },
    );
  }
  return transaction(ctx.db, async (tx) => {
    await lockPlayer(tx, request.playerId, ctx.clock.now());
    await tx.playerSelfLimits.update({ where: { playerId: request.playerId }, data: { realityCheckMinutes: minutes } });
    return { intervalMinutes: minutes };
  });
}
