import { transaction } from '@casino/db';
import type { LimitsContext } from './context.ts';
import { endOpenSessions } from './play-session-store.ts';
import { lockPlayer } from './player-lock.ts';

/**
 * Closing the account as a self-limitation measure (002:RG-03 (c)): at once, every session ends, play
 * and deposits are refused, and the account is CLOSED (login refused). The measures in force pass to a
 * new account of the same person opened within 7 days (§14a). The balance is paid out through the
 * operator as for a listed person (004:ACC-10, ACC-11). Closing twice changes nothing.
 */
export async function closeAccount(
  ctx: LimitsContext,
  request: { playerId: string; reason?: string },
): Promise<{ closedAt: Date }> {
  return transaction(ctx.db, async (tx) => {
    const at = ctx.clock.now();
    const locked = await lockPlayer(tx, request.playerId, at);
    if (locked.closedAt !== null) return { closedAt: locked.closedAt };
    await tx.playerSelfLimits.update({ where: { playerId: request.playerId }, data: { closedAt: at } });
    await endOpenSessions(tx, request.playerId, at, 'account-closed');
    await ctx.accounts.closeAccount(tx, request.playerId, {
      reason: request.reason ?? 'closed by the player as a self-limitation measure (002:RG-03)',
      at,
    });
    return { closedAt: at };
  });
}
