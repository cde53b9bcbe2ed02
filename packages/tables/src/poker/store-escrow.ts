import { InvariantViolation } from '@casino/core';
import type { Db, Tx } from '@casino/db';

/**
 * The escrow invariant (runtime-types.ts): a table's escrow account holds exactly the chips its
 * seats hold as stored. Every write that moves money or stacks checks it before committing, so a
 * bug that would let chips appear or vanish rolls its own transaction back instead of reaching
 * the ledger.
 */
export class EscrowInvariantViolation extends InvariantViolation {
  constructor(
    readonly tableId: string,
    readonly escrowMinor: bigint,
    readonly stacksMinor: bigint,
  ) {
    super(`Poker table ${tableId}: the escrow holds ${escrowMinor} but the seats' stacks add up to ${stacksMinor}.`);
  }
}

/** The escrow balance and the sum of stored stacks of one table (both in minor units). */
export async function escrowAndStacks(db: Db | Tx, tableId: string): Promise<{ escrowMinor: bigint; stacksMinor: bigint }> {
  const [row] = await db.$queryRaw<[{ escrow: bigint; stacks: bigint }]>`
    SELECT (SELECT coalesce(sum(s.balance_minor), 0) FROM ledger_account_shard s
              JOIN poker_table t ON t.escrow_account_id = s.account_id WHERE t.id = ${tableId}::uuid)::bigint AS escrow,
           (SELECT coalesce(sum(stack_minor), 0) FROM poker_seat WHERE table_id = ${tableId}::uuid)::bigint AS stacks`;
  return { escrowMinor: row.escrow, stacksMinor: row.stacks };
}

export async function assertEscrowInvariant(tx: Tx, tableId: string): Promise<void> {
  const { escrowMinor, stacksMinor } = await escrowAndStacks(tx, tableId);
  if (escrowMinor !== stacksMinor) throw new EscrowInvariantViolation(tableId, escrowMinor, stacksMinor);
}
