import { DomainError } from '@casino/core';
import type { Tx } from '@casino/db';
import * as ledger from '@casino/ledger';

export type WithdrawalRow = NonNullable<Awaited<ReturnType<Tx['cashierWithdrawal']['findUnique']>>>;

/** Locks a withdrawal for the rest of the transaction: its decisions (cancel, review, payout, webhook) queue here. */
export async function lockWithdrawal(tx: Tx, withdrawalId: string): Promise<WithdrawalRow | null> {
  const locked = await tx.$queryRaw<
    Array<{ id: string }>
  >`SELECT id FROM cashier_withdrawal WHERE id = ${withdrawalId}::uuid FOR UPDATE`;
  if (locked.length === 0) return null;
  return tx.cashierWithdrawal.findUniqueOrThrow({ where: { id: withdrawalId } });
}

export async function lockWithdrawalOrThrow(tx: Tx, withdrawalId: string, playerId?: string): Promise<WithdrawalRow> {
  const row = await lockWithdrawal(tx, withdrawalId);
  if (!row || (playerId !== undefined && row.playerId !== playerId))
    throw new DomainError('not-found', 'No such withdrawal.', { field: 'params.withdrawalId' });
  return row;
}

/**
 * Gives the held funds back to the wallet (004: a withdrawal cancelled, rejected or failed). A
 * temporary account's refund keeps its hold: the players package pays it by postal order instead.
 * `at`: the time the caller stamps on the withdrawal's row, the release's time too.
 */
export async function releaseWithdrawalHold(tx: Tx, row: WithdrawalRow, reason: string, at: Date): Promise<void> {
  if (row.channel === 'TEMPORARY_REFUND') return;
  await ledger.release(
    tx,
    {
      idempotencyKey: `cashier-withdrawal-release:${row.id}`,
      holdId: row.holdId as ledger.HoldId,
      kind: 'WITHDRAWAL_RELEASE',
      metadata: { withdrawalId: row.id, reason },
    },
    at,
  );
}
