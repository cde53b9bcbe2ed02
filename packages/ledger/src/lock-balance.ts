import { assert, DomainError, Money, type AccountId, type CurrencyCode } from '@casino/core';
import type { Tx } from '@casino/db';

/**
 * An account's balance (normal-signed, in the account's own currency), its shard rows locked until
 * the caller's transaction ends: for a caller about to take what an account holds (a fee, a
 * clawback, a debt repayment), so that what it takes is what the account holds and no concurrent
 * posting changes it in between. `ledger_post` later locks the same rows again, which costs nothing.
 *
 * Shards are locked in shard order, one account per call; a caller locking several accounts locks
 * them in account-id order like `ledger_post` (INVARIANTS.md I10). Not-found for an unknown account.
 */
export async function lockBalance(tx: Tx, accountId: AccountId): Promise<Money> {
  const rows = await tx.$queryRaw<Array<{ balance_minor: bigint; currency: string; shard_count: number }>>`
    SELECT s.balance_minor, a.currency, a.shard_count FROM ledger_account_shard s JOIN ledger_account a ON a.id = s.account_id
    WHERE s.account_id = ${accountId}::uuid ORDER BY s.shard_no FOR UPDATE OF s`;
  if (rows.length === 0) throw new DomainError('not-found', `No ledger account ${accountId}.`, { field: 'accountId' });
  const first = rows[0]!;
  assert(rows.length === first.shard_count, `account ${accountId} has ${first.shard_count} shards, ${rows.length} were locked`);
  const totalMinor = rows.reduce((sum, row) => sum + row.balance_minor, 0n);
  return Money.fromMinor(totalMinor, first.currency as CurrencyCode);
}
