import { InvariantViolation, type AccountId } from '@casino/core';
import type { Db, Tx } from '@casino/db';
import * as ledger from '@casino/ledger';

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

async function stacksOf(db: Db | Tx, tableId: string): Promise<bigint> {
  const [row] = await db.$queryRaw<[{ stacks: bigint }]>`
    SELECT coalesce(sum(stack_minor), 0)::bigint AS stacks FROM poker_seat WHERE table_id = ${tableId}::uuid`;
  return row.stacks;
}

/** The escrow balance and the sum of stored stacks of one table (both in minor units). */
export async function escrowAndStacks(db: Db | Tx, tableId: string): Promise<{ escrowMinor: bigint; stacksMinor: bigint }> {
  const [table] = await db.$queryRaw<[{ escrow_account_id: string }]>`
    SELECT escrow_account_id FROM poker_table WHERE id = ${tableId}::uuid`;
  const escrow = await ledger.balance(db, table.escrow_account_id as AccountId);
  return { escrowMinor: escrow.toMinor(), stacksMinor: await stacksOf(db, tableId) };
}

/** Checks the invariant inside a write's transaction; the escrow's balance is read locked (ledger order, level 4). */
export async function assertEscrowInvariant(
  tx: Tx,
  tableId: string,
  escrowAccountId: string,
  stacksMinor?: bigint,
): Promise<void> {
  const escrowMinor = (await ledger.lockBalance(tx, escrowAccountId as AccountId)).toMinor();
  const stacks = stacksMinor ?? (await stacksOf(tx, tableId));
  if (escrowMinor !== stacks) throw new EscrowInvariantViolation(tableId, escrowMinor, stacks);
}
