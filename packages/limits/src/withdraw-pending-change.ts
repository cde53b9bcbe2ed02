import { DomainError } from '@casino/core';
import { transaction } from '@casino/db';
import { cancelPending } from './change-store.ts';
import type { LimitsContext } from './context.ts';
import { measureStates, stateOf } from './measures.ts';
import { lockPlayer } from './player-lock.ts';

/** The player withdraws a pending loosening before it applies; it then never does (002:RG-06). */
export async function withdrawPendingChange(
  ctx: Pick<LimitsContext, 'db' | 'clock'>,
  request: { playerId: string; measure: string; actor: string },
): Promise<{ withdrawnChangeId: string }> {
  return transaction(ctx.db, async (tx) => {
    const at = ctx.clock.now();
    await lockPlayer(tx, request.playerId, at);
    const pending = stateOf(await measureStates(tx, request.playerId, at), request.measure).pending;
    if (!pending)
      throw new DomainError(
        'not-found',
        `There is no pending change of ${request.measure} to withdraw; it may be in force already.`,
        { field: 'params.measure' },
      );
    await cancelPending(tx, pending, { at, by: request.actor, cancellation: 'WITHDRAWN' });
    return { withdrawnChangeId: pending.changeId };
  });
}
