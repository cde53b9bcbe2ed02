import { DomainError } from '@casino/core';
import { transaction, type Db, type Tx } from '@casino/db';
import type { LeasedTable } from './store-context.ts';
import { fenceTable } from './store-lease.ts';

/**
 * A poker table's waiting list as stored (issue 18, 003:R-TBL-04: "join a queue for a seat if none
 * is free"). The list and its running offers live in PostgreSQL so that another instance taking the
 * table over finds them as they were (D-1827). Every change runs under a transaction-scoped advisory
 * lock per table: concurrent joiners get distinct, consecutive positions, and an offer is never made
 * twice for one freed seat. The driver (room.ts via waiting-list.ts) calls these on the table's queue.
 * The offers are the driver's own writes and fenced by its lease like its other writes (D-1827): a
 * deposed driver's offer is refused (`LeaseLost`) and nothing of it is written.
 */

export interface WaitingEntry {
  readonly playerId: string;
  readonly position: number;
  readonly offerExpiresAt: Date | null;
}

const lockList = (tx: Tx, tableId: string) =>
  tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`poker-waiting-list:${tableId}`}, 0))`;

async function entries(db: Db | Tx, tableId: string): Promise<WaitingEntry[]> {
  const rows = await db.$queryRaw<Array<{ player_id: string; position: number; offer_expires_at: Date | null }>>`
    SELECT player_id, position, offer_expires_at FROM poker_waiting_list
    WHERE table_id = ${tableId}::uuid ORDER BY position`;
  return rows.map((r) => ({ playerId: r.player_id, position: r.position, offerExpiresAt: r.offer_expires_at }));
}

export function waitingListOf(db: Db, tableId: string): Promise<WaitingEntry[]> {
  return entries(db, tableId);
}

/** Adds the player at the end; refused when already in it or when the list holds `lengthMax`. Returns the place (1 = next). */
export async function joinWaitingList(
  db: Db,
  request: { tableId: string; playerId: string; lengthMax: number; now: Date },
): Promise<{ place: number; length: number }> {
  return transaction(db, async (tx) => {
    await lockList(tx, request.tableId);
    const list = await entries(tx, request.tableId);
    if (list.some((e) => e.playerId === request.playerId))
      throw refused('already-waiting', 'You are already in the waiting list of this table.');
    if (list.length >= request.lengthMax)
      throw refused('waiting-list-full', `The waiting list holds at most ${request.lengthMax} players.`);
    const position = (list.at(-1)?.position ?? 0) + 1;
    await tx.$executeRaw`
      INSERT INTO poker_waiting_list (table_id, player_id, position, joined_at)
      VALUES (${request.tableId}::uuid, ${request.playerId}::uuid, ${position}, ${request.now})`;
    return { place: list.length + 1, length: list.length + 1 };
  });
}

/** Removes the player (leaving the list, declining an offer, or taking the seat); false when they were not in it. */
export async function leaveWaitingList(db: Db, request: { tableId: string; playerId: string }): Promise<boolean> {
  const removed = await db.$executeRaw`
    DELETE FROM poker_waiting_list WHERE table_id = ${request.tableId}::uuid AND player_id = ${request.playerId}::uuid`;
  return removed > 0;
}

/**
 * The offers the table's free seats call for, made in list order: an expired offer is dropped with
 * its player (the seat goes to the next, 003:R-TBL-04), a player seated at the table meanwhile leaves
 * the list, then the first players without an offer get one until every free seat has one. Fenced:
 * only under the table's current lease (the table row first, then the list's lock: docs/concurrency.md
 * level 1 before the list), else `LeaseLost` and nothing is written.
 */
export async function offerFreeSeats(
  db: Db,
  request: LeasedTable & {
    instanceId: string;
    freeSeats: number;
    seatedPlayerIds: readonly string[];
    offerMs: number;
    now: Date;
  },
): Promise<{ list: WaitingEntry[]; newlyOffered: WaitingEntry[] }> {
  return transaction(db, async (tx) => {
    await fenceTable(tx, request.instanceId, request);
    await lockList(tx, request.tableId);
    await tx.$executeRaw`
      DELETE FROM poker_waiting_list
      WHERE table_id = ${request.tableId}::uuid
        AND (offer_expires_at <= ${request.now} OR player_id = ANY(${[...request.seatedPlayerIds]}::uuid[]))`;
    const list = await entries(tx, request.tableId);
    const offered = list.filter((e) => e.offerExpiresAt !== null).length;
    const toOffer = list.filter((e) => e.offerExpiresAt === null).slice(0, Math.max(0, request.freeSeats - offered));
    if (toOffer.length === 0) return { list, newlyOffered: [] };
    const expiresAt = new Date(request.now.getTime() + request.offerMs);
    await tx.$executeRaw`
      UPDATE poker_waiting_list SET offer_expires_at = ${expiresAt}
      WHERE table_id = ${request.tableId}::uuid AND player_id = ANY(${toOffer.map((e) => e.playerId)}::uuid[])`;
    const ids = new Set(toOffer.map((e) => e.playerId));
    const updated = list.map((e) => (ids.has(e.playerId) ? { ...e, offerExpiresAt: expiresAt } : e));
    return { list: updated, newlyOffered: updated.filter((e) => ids.has(e.playerId)) };
  });
}

function refused(reason: string, detail: string): DomainError {
  return new DomainError('waiting-list-refused', detail, { extensions: { reason, rule: '003:R-TBL-04' } });
}
