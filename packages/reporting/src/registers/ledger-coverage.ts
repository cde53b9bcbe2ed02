import { assert } from '@casino/core';
import type pg from 'pg';
import type { Coverage } from './register.ts';

/** The PostgreSQL snapshot of the export's transaction, as text (xmin:xmax:xip,…). */
export async function snapshotBoundary(client: pg.ClientBase): Promise<string> {
  const { rows } = await client.query<{ snapshot: string }>('SELECT pg_current_snapshot()::text AS snapshot');
  assert(rows[0] !== undefined, 'no snapshot');
  return rows[0].snapshot;
}

/** Ledger transactions visible in the export's snapshot: the same set today as when it was exported. */
export function visibleInSnapshotSql(xidSql: string, snapshot: string): string {
  assert(/^\d+:\d+:[\d,]*$/.test(snapshot), `not a pg_snapshot: ${snapshot}`);
  return `pg_visible_in_snapshot(${xidSql}, '${snapshot}'::pg_snapshot)`;
}

/**
 * Which sealed blocks hold the export's ledger transactions (INVARIANTS.md I9): the block of the
 * first and of the last sealed one, and the last block's hash, which chains every block before it.
 * Transactions committed after the last seal are counted as unsealed.
 */
export async function ledgerBlockCoverage(client: pg.ClientBase, rowsSql: string): Promise<Coverage> {
  const { rows } = await client.query<{
    transactions: string;
    sealed: string;
    min_xid: string | null;
    max_sealed_xid: string | null;
  }>(`
    WITH x AS (SELECT DISTINCT transaction_id, xid FROM (${rowsSql}) r),
    horizon AS (SELECT coalesce(max(to_xid), '0'::xid8) AS to_xid FROM ledger_block)
    SELECT count(*)::text AS transactions, count(*) FILTER (WHERE x.xid < horizon.to_xid)::text AS sealed,
           min(x.xid) FILTER (WHERE x.xid < horizon.to_xid)::text AS min_xid, max(x.xid) FILTER (WHERE x.xid < horizon.to_xid)::text AS max_sealed_xid
    FROM x, horizon`);
  const summary = rows[0];
  assert(summary !== undefined, 'coverage query returned no row');
  const transactionCount = Number(summary.transactions);
  const sealedTransactionCount = Number(summary.sealed);
  const block = async (xid: string | null) => {
    if (xid === null) return null;
    const found = await client.query<{ block_no: string; block_hash: string }>(
      `SELECT block_no::text, block_hash FROM ledger_block WHERE from_xid <= $1::xid8 AND to_xid > $1::xid8`,
      [xid],
    );
    assert(found.rows[0] !== undefined, `sealed xid ${xid} is in no block`);
    return found.rows[0];
  };
  const first = await block(summary.min_xid);
  const last = await block(summary.max_sealed_xid);
  return {
    kind: 'ledger-blocks',
    firstBlockNo: first?.block_no ?? null,
    lastBlockNo: last?.block_no ?? null,
    lastBlockHash: last?.block_hash ?? null,
    transactionCount,
    sealedTransactionCount,
    unsealedTransactionCount: transactionCount - sealedTransactionCount,
  };
}
