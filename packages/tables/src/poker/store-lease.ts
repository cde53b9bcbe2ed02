import { assert, type CurrencyCode } from '@casino/core';
import type { Db, Tx } from '@casino/db';
import type { LeasedTable, PokerStoreContext } from './store-context.ts';

/**
 * Leases with fencing (issue 16). One instance drives a table: it holds the table's lease, renews it
 * while alive, and every write it makes first checks, in the write's own transaction and under the
 * table row's lock, that the lease is still its own at the epoch it was given. A takeover bumps the
 * epoch, so an instance that was deposed (paused, partitioned, slow) finds its epoch gone at its next
 * write and can never write again: `LeaseLost`. Expiry alone never fences: an expired lease nobody
 * took over is still safe to write under (no one else has driven the table since).
 */
export class LeaseLost extends Error {
  override readonly name = 'LeaseLost';
  constructor(
    readonly tableId: string,
    readonly epoch: number,
  ) {
    super(`The lease of poker table ${tableId} at epoch ${epoch} is no longer held by this instance.`);
  }
}

/**
 * Takes the table's lease when it is free, expired, or already ours (then the epoch stays: nobody
 * else drove the table meanwhile). Taking it from another instance bumps the epoch. Null when another
 * instance holds a live lease, or there is no such table.
 */
export async function acquireTableLease(
  db: Db | Tx,
  request: { tableId: string; instanceId: string; ttlMs: number; now: Date },
): Promise<{ epoch: number } | null> {
  assert(request.ttlMs > 0, 'a lease lasts a positive time');
  const expiresAt = new Date(request.now.getTime() + request.ttlMs);
  const rows = await db.$queryRaw<Array<{ lease_epoch: bigint }>>`
    UPDATE poker_table
    SET lease_epoch = CASE WHEN lease_owner = ${request.instanceId} THEN lease_epoch ELSE lease_epoch + 1 END,
        lease_owner = ${request.instanceId}, lease_expires_at = ${expiresAt}
    WHERE id = ${request.tableId}::uuid
      AND (lease_owner IS NULL OR lease_owner = ${request.instanceId} OR lease_expires_at <= ${request.now})
    RETURNING lease_epoch`;
  return rows[0] ? { epoch: Number(rows[0].lease_epoch) } : null;
}

/**
 * Extends the leases this instance holds, in one statement (rows locked in id order, so two
 * instances renewing overlapping sets cannot deadlock). Returns the table ids whose lease is lost:
 * taken over (another epoch) or released. The driver stops driving those at once.
 */
export async function renewTableLeases(
  db: Db | Tx,
  request: { instanceId: string; leases: readonly LeasedTable[]; ttlMs: number; now: Date },
): Promise<string[]> {
  if (request.leases.length === 0) return [];
  const expiresAt = new Date(request.now.getTime() + request.ttlMs);
  const ids = request.leases.map((l) => l.tableId);
  const epochs = request.leases.map((l) => BigInt(l.epoch));
  const renewed = await db.$queryRaw<Array<{ id: string }>>`
    WITH wanted AS (SELECT * FROM unnest(${ids}::uuid[], ${epochs}::bigint[]) AS w(id, epoch)),
    locked AS (
      SELECT t.id FROM poker_table t JOIN wanted w ON w.id = t.id AND w.epoch = t.lease_epoch
      WHERE t.lease_owner = ${request.instanceId} ORDER BY t.id FOR NO KEY UPDATE OF t
    )
    UPDATE poker_table t SET lease_expires_at = ${expiresAt} FROM locked WHERE t.id = locked.id
    RETURNING t.id`;
  const kept = new Set(renewed.map((r) => r.id));
  return ids.filter((id) => !kept.has(id));
}

/** Gives the lease up (shutting down, or the table needs no driver): another instance may take it at once. */
export async function releaseTableLease(ctx: Pick<PokerStoreContext, 'db' | 'instanceId'>, lease: LeasedTable): Promise<boolean> {
  const released = await ctx.db.$executeRaw`
    UPDATE poker_table SET lease_owner = NULL, lease_expires_at = NULL
    WHERE id = ${lease.tableId}::uuid AND lease_epoch = ${BigInt(lease.epoch)} AND lease_owner = ${ctx.instanceId}`;
  return released === 1;
}

/**
 * Tables someone must drive and nobody does: seated players, and no live lease (never taken,
 * released, or expired: its instance died). A closed table with players still seated is included, so
 * its seats are released by a driver. Oldest expiry first.
 */
export async function findTablesNeedingDriver(db: Db | Tx, now: Date): Promise<string[]> {
  const rows = await db.$queryRaw<Array<{ id: string }>>`
    SELECT t.id FROM poker_table t
    WHERE (t.lease_owner IS NULL OR t.lease_expires_at <= ${now})
      AND EXISTS (SELECT 1 FROM poker_seat s WHERE s.table_id = t.id)
    ORDER BY t.lease_expires_at NULLS FIRST, t.id`;
  return rows.map((r) => r.id);
}

/** The table as a fenced write sees it, its row locked until the transaction ends. */
export interface FencedTable {
  id: string;
  name: string;
  currency: CurrencyCode;
  status: 'OPEN' | 'CLOSED';
  definition: unknown;
  escrowAccountId: string;
  handNumber: number;
  runningHandId: string | null;
  runningHandStartedAt: Date | null;
}

/**
 * The fenced check every write runs first in its transaction: the table's row, locked (the table is
 * the subject of the write, level 1 of docs/concurrency.md), only if this instance holds its lease at
 * this epoch; else `LeaseLost` and the transaction rolls back untouched. FOR NO KEY UPDATE: inserts
 * that reference the table (seats, hands) by other transactions are not blocked by it.
 */
export async function fenceTable(tx: Tx, instanceId: string, lease: LeasedTable): Promise<FencedTable> {
  const rows = await tx.$queryRaw<
    Array<{
      id: string;
      name: string;
      currency: string;
      status: 'OPEN' | 'CLOSED';
      definition: unknown;
      escrow_account_id: string;
      hand_number: number;
      running_hand_id: string | null;
      running_hand_started_at: Date | null;
    }>
  >`
    SELECT id, name, currency, status::text AS status, definition, escrow_account_id, hand_number, running_hand_id,
           running_hand_started_at
    FROM poker_table
    WHERE id = ${lease.tableId}::uuid AND lease_epoch = ${BigInt(lease.epoch)} AND lease_owner = ${instanceId}
    FOR NO KEY UPDATE`;
  const row = rows[0];
  if (!row) throw new LeaseLost(lease.tableId, lease.epoch);
  return {
    id: row.id,
    name: row.name,
    currency: row.currency as CurrencyCode,
    status: row.status,
    definition: row.definition,
    escrowAccountId: row.escrow_account_id,
    handNumber: row.hand_number,
    runningHandId: row.running_hand_id,
    runningHandStartedAt: row.running_hand_started_at,
  };
}
