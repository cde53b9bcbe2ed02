import { DomainError } from '@casino/core';
import { transaction } from '@casino/db';
import type { CashierContext } from './context.ts';
import { withdrawalView, type WithdrawalView } from './views.ts';
import { lockWithdrawalOrThrow, releaseWithdrawalHold } from './withdrawal-rows.ts';

/** The player cancels a withdrawal until it is sent to the provider; the held funds return to the wallet. */
export async function cancelWithdrawal(
  ctx: CashierContext,
  options: { playerId: string; withdrawalId: string },
): Promise<WithdrawalView> {
  return transaction(ctx.db, async (tx) => {
    const row = await lockWithdrawalOrThrow(tx, options.withdrawalId, options.playerId);
    if (row.status === 'CANCELLED') return withdrawalView(row);
    if (row.status !== 'IN_REVIEW' && row.status !== 'APPROVED') {
      throw new DomainError(
        'withdrawal-not-cancellable',
        `The withdrawal is ${row.status.toLowerCase()}: it can be cancelled only until it is sent.`,
        { extensions: { withdrawalStatus: row.status } },
      );
    }
    const now = ctx.clock.now();
    await releaseWithdrawalHold(tx, row, 'cancelled by the player', now);
    return withdrawalView(
      await tx.cashierWithdrawal.update({
        where: { id: row.id },
        data: { status: 'CANCELLED', cancelledAt: now, updatedAt: now },
      }),
    );
  });
}
