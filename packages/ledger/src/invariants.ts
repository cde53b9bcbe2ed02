import type { Db } from '@casino/db';

/**
 * Checks every ledger invariant of INVARIANTS.md against the data and returns what is violated
 * (empty when all hold). Used by the tests after every workload, and by operations on demand.
 */
export async function findInvariantViolations(db: Db): Promise<string[]> {
  const violations: string[] = [];
  const unbalancedCurrencies = await db.$queryRaw<Array<{ currency: string; total: bigint }>>`
    SELECT currency, sum(amount_minor)::bigint AS total FROM ledger_posting GROUP BY currency HAVING sum(amount_minor) <> 0`;
  for (const r of unbalancedCurrencies) violations.push(`I1: postings in ${r.currency} sum to ${r.total}, not zero`);

  const unbalancedTransactions = await db.$queryRaw<Array<{ transaction_id: string }>>`
    SELECT transaction_id FROM ledger_posting GROUP BY transaction_id, currency HAVING sum(amount_minor) <> 0 LIMIT 20`;
  for (const r of unbalancedTransactions) violations.push(`I2: transaction ${r.transaction_id} does not balance`);

  const partial = await db.$queryRaw<Array<{ id: string; n: bigint }>>`
    SELECT t.id, count(p.id) AS n FROM ledger_transaction t LEFT JOIN ledger_posting p ON p.transaction_id = t.id
    GROUP BY t.id HAVING count(p.id) < 2 LIMIT 20`;
  for (const r of partial) violations.push(`I3: transaction ${r.id} has ${r.n} postings`);

  const staleCaches = await db.$queryRaw<Array<{ account_id: string; shard_no: number; cached: bigint; posted: bigint }>>`
    SELECT s.account_id, s.shard_no, s.balance_minor AS cached,
           (ledger_normal_sign(a.type) * COALESCE((SELECT sum(p.amount_minor) FROM ledger_posting p WHERE p.account_id = s.account_id AND p.shard_no = s.shard_no), 0))::bigint AS posted
    FROM ledger_account_shard s JOIN ledger_account a ON a.id = s.account_id
    WHERE s.balance_minor <> ledger_normal_sign(a.type) * COALESCE((SELECT sum(p.amount_minor) FROM ledger_posting p WHERE p.account_id = s.account_id AND p.shard_no = s.shard_no), 0)
    LIMIT 20`;
  for (const r of staleCaches)
    violations.push(`I4: account ${r.account_id} shard ${r.shard_no} caches ${r.cached}, its postings sum to ${r.posted}`);

  const overdrawn = await db.$queryRaw<Array<{ code: string; balance: bigint }>>`
    SELECT a.code, s.balance_minor AS balance FROM ledger_account a JOIN ledger_account_shard s ON s.account_id = a.id
    WHERE NOT a.allow_negative AND s.balance_minor < 0 LIMIT 20`;
  for (const r of overdrawn) violations.push(`I5: account ${r.code} may not go negative and is at ${r.balance}`);

  const holdsAdrift = await db.$queryRaw<Array<{ id: string }>>`
    SELECT h.id FROM ledger_hold h JOIN ledger_transaction t ON t.id = h.reserve_transaction_id
    WHERE NOT EXISTS (SELECT 1 FROM ledger_posting p WHERE p.transaction_id = t.id AND p.account_id = h.hold_account_id AND -p.amount_minor = h.amount_minor)
    LIMIT 20`;
  for (const r of holdsAdrift) violations.push(`I6: hold ${r.id} does not match its reserving transaction`);
  return violations;
}
