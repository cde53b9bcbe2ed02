import { appendAuditEntry, type Actor } from '@casino/compliance';
import { DomainError, newId } from '@casino/core';
import { transaction, type Db, type Tx } from '@casino/db';

/**
 * "Not together" (000-001:TBL-11, FAIR-14, T-15; 003:R-COND-K, S-89): staff keep two players they
 * suspect of colluding apart. Neither may sit at a cash table where the other has a seat; the seat
 * guard refuses it (`poker-seat-refused`, reason `not-together`) inside the buy-in's transaction,
 * after the table row is locked, so two of a pair sitting down at once cannot both get in. The pair
 * is stored with the lower id first: one row whichever way staff name them.
 */
export interface SeparationView {
  separationId: string;
  playerIds: [string, string];
  reason: string;
  createdBy: string;
  createdAt: Date;
  removedAt: Date | null;
}

const actorMark = (actor: Actor) => (actor.kind === 'staff' ? `staff:${actor.staffUserId}` : `system:${actor.name}`);

function ordered(a: string, b: string): [string, string] {
  if (a === b)
    throw new DomainError('validation-failed', 'A player cannot be kept apart from themselves.', { field: 'body.playerIds' });
  return a < b ? [a, b] : [b, a];
}

export async function separatePlayers(
  ctx: { db: Db; clock: { now(): Date } },
  actor: Actor,
  request: { playerIds: readonly [string, string]; reason: string },
): Promise<SeparationView> {
  const [low, high] = ordered(request.playerIds[0], request.playerIds[1]);
  const reason = request.reason.trim();
  if (reason.length === 0 || reason.length > 500)
    throw new DomainError('validation-failed', 'A reason has 1 to 500 characters.', { field: 'body.reason' });
  return transaction(ctx.db, async (tx) => {
    const now = ctx.clock.now();
    const existing = await tx.pokerSeatSeparation.findFirst({ where: { playerLowId: low, playerHighId: high, removedAt: null } });
    if (existing) return viewOf(existing);
    const players = await tx.player.count({ where: { id: { in: [low, high] } } });
    if (players !== 2) throw new DomainError('not-found', 'No such player.', { field: 'body.playerIds' });
    const row = await tx.pokerSeatSeparation.create({
      data: { id: newId<string>(), playerLowId: low, playerHighId: high, reason, createdBy: actorMark(actor), createdAt: now },
    });
    await appendAuditEntry(tx, actor, now, {
      action: 'poker.players-separated',
      subjectType: 'player',
      subjectId: low,
      reason,
      before: null,
      after: { separationId: row.id, playerIds: [low, high] },
    });
    return viewOf(row);
  });
}

export async function removeSeparation(
  ctx: { db: Db; clock: { now(): Date } },
  actor: Actor,
  request: { separationId: string; reason: string },
): Promise<SeparationView> {
  return transaction(ctx.db, async (tx) => {
    const now = ctx.clock.now();
    const row = await tx.pokerSeatSeparation.findUnique({ where: { id: request.separationId } });
    if (!row || row.removedAt !== null)
      throw new DomainError('not-found', 'No such separation in force.', { field: 'params.separationId' });
    const updated = await tx.pokerSeatSeparation.update({
      where: { id: row.id },
      data: { removedAt: now, removedBy: actorMark(actor) },
    });
    await appendAuditEntry(tx, actor, now, {
      action: 'poker.players-separation-removed',
      subjectType: 'player',
      subjectId: row.playerLowId,
      reason: request.reason.slice(0, 500) || 'removed',
      before: { separationId: row.id, playerIds: [row.playerLowId, row.playerHighId] },
      after: null,
    });
    return viewOf(updated);
  });
}

/** The separations in force that name the player (staff). */
export async function separationsOf(db: Db | Tx, playerId: string): Promise<SeparationView[]> {
  const rows = await db.pokerSeatSeparation.findMany({
    where: { removedAt: null, OR: [{ playerLowId: playerId }, { playerHighId: playerId }] },
    orderBy: { createdAt: 'desc' },
    take: 100,
  });
  return rows.map(viewOf);
}

/** Whether someone the player is kept apart from has a seat at the table (read under the table's lock). */
export async function separatedFromSomeoneAt(tx: Tx, tableId: string, playerId: string): Promise<boolean> {
  const rows = await tx.$queryRaw<Array<{ one: number }>>`
    SELECT 1 AS one FROM poker_seat s
    JOIN poker_seat_separation x ON x.removed_at IS NULL
      AND ((x.player_low_id = s.player_id AND x.player_high_id = ${playerId}::uuid)
        OR (x.player_high_id = s.player_id AND x.player_low_id = ${playerId}::uuid))
    WHERE s.table_id = ${tableId}::uuid
    LIMIT 1`;
  return rows.length > 0;
}

function viewOf(row: {
  id: string;
  playerLowId: string;
  playerHighId: string;
  reason: string;
  createdBy: string;
  createdAt: Date;
  removedAt: Date | null;
}): SeparationView {
  return {
    separationId: row.id,
    playerIds: [row.playerLowId, row.playerHighId],
    reason: row.reason,
    createdBy: row.createdBy,
    createdAt: row.createdAt,
    removedAt: row.removedAt,
  };
}
