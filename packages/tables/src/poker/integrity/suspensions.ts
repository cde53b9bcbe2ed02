import { appendAuditEntry, type Actor } from '@casino/compliance';
import { DomainError, newId } from '@casino/core';
import { lockPlayer, transaction, type Db, type Tx } from '@casino/db';

/**
 * Suspension from the poker room or from every live game (004:T-152, 003:R-COND-I, 000-001:TBL-13,
 * FAIR-02 (e), FAIR-10): staff suspend a player suspected of collusion or bot play while they
 * investigate, and lift it when they are done. A suspended player is refused a seat (the seat guard,
 * `poker-seat-refused` reason `suspended`); one seated is removed at the end of the running hand with
 * the chips credited, by the path that removes players whose playing time is used up (room-store's
 * `playersToStop`). `live-games` also closes roulette, blackjack and Plátýnko seats; `poker` the
 * poker room only. One suspension is in force at a time: a new one replaces the old (lifted by it).
 */
export type SuspensionScope = 'poker' | 'live-games';

export interface SuspensionView {
  suspensionId: string;
  playerId: string;
  scope: SuspensionScope;
  reason: string;
  suspendedBy: string;
  suspendedAt: Date;
  liftedBy: string | null;
  liftedAt: Date | null;
  liftReason: string | null;
}

const reasonLengthMax = 500;

function reasonOf(text: string, field: string): string {
  const reason = text.trim();
  if (reason.length === 0 || reason.length > reasonLengthMax)
    throw new DomainError('validation-failed', `A reason has 1 to ${reasonLengthMax} characters.`, { field });
  return reason;
}

const actorMark = (actor: Actor) => (actor.kind === 'staff' ? `staff:${actor.staffUserId}` : `system:${actor.name}`);

export async function suspendPlayer(
  ctx: { db: Db; clock: { now(): Date } },
  actor: Actor,
  request: { playerId: string; scope: SuspensionScope; reason: string },
): Promise<SuspensionView> {
  const reason = reasonOf(request.reason, 'body.reason');
  return transaction(ctx.db, async (tx) => {
    // An unknown player is a 404 naming the path, not a foreign-key failure (the fuzz test's random ids).
    if (!(await tx.player.findUnique({ where: { id: request.playerId }, select: { id: true } })))
      throw new DomainError('not-found', 'No such player.', { field: 'params.playerId' });
    await lockPlayer(tx, request.playerId);
    const now = ctx.clock.now();
    const before = await suspensionInForce(tx, request.playerId);
    if (before) {
      await tx.playerGameSuspension.update({
        where: { id: before.suspensionId },
        data: { liftedBy: actorMark(actor), liftedAt: now, liftReason: `replaced by a ${request.scope} suspension` },
      });
    }
    const row = await tx.playerGameSuspension.create({
      data: {
        id: newId<string>(),
        playerId: request.playerId,
        scope: request.scope,
        reason,
        suspendedBy: actorMark(actor),
        suspendedAt: now,
      },
    });
    await appendAuditEntry(tx, actor, now, {
      action: 'poker.player-suspended',
      subjectType: 'player',
      subjectId: request.playerId,
      reason,
      before: before ? { scope: before.scope } : null,
      after: { scope: request.scope, suspensionId: row.id },
    });
    return viewOf(row);
  });
}

/** Lifts the suspension in force after the investigation; `not-found` when there is none. */
export async function liftSuspension(
  ctx: { db: Db; clock: { now(): Date } },
  actor: Actor,
  request: { playerId: string; reason: string },
): Promise<SuspensionView> {
  const reason = reasonOf(request.reason, 'body.reason');
  return transaction(ctx.db, async (tx) => {
    await lockPlayer(tx, request.playerId);
    const now = ctx.clock.now();
    const inForce = await suspensionInForce(tx, request.playerId);
    if (!inForce) throw new DomainError('not-found', 'The player is not suspended.', { field: 'params.playerId' });
    const row = await tx.playerGameSuspension.update({
      where: { id: inForce.suspensionId },
      data: { liftedBy: actorMark(actor), liftedAt: now, liftReason: reason },
    });
    await appendAuditEntry(tx, actor, now, {
      action: 'poker.player-suspension-lifted',
      subjectType: 'player',
      subjectId: request.playerId,
      reason,
      before: { scope: inForce.scope, suspensionId: inForce.suspensionId },
      after: null,
    });
    return viewOf(row);
  });
}

export async function suspensionInForce(db: Db | Tx, playerId: string): Promise<SuspensionView | null> {
  const row = await db.playerGameSuspension.findFirst({ where: { playerId, liftedAt: null } });
  return row ? viewOf(row) : null;
}

/** A player's suspensions, newest first (staff). */
export async function playerSuspensions(db: Db | Tx, playerId: string): Promise<SuspensionView[]> {
  const rows = await db.playerGameSuspension.findMany({ where: { playerId }, orderBy: { suspendedAt: 'desc' }, take: 100 });
  return rows.map(viewOf);
}

function viewOf(row: {
  id: string;
  playerId: string;
  scope: string;
  reason: string;
  suspendedBy: string;
  suspendedAt: Date;
  liftedBy: string | null;
  liftedAt: Date | null;
  liftReason: string | null;
}): SuspensionView {
  return {
    suspensionId: row.id,
    playerId: row.playerId,
    scope: row.scope as SuspensionScope,
    reason: row.reason,
    suspendedBy: row.suspendedBy,
    suspendedAt: row.suspendedAt,
    liftedBy: row.liftedBy,
    liftedAt: row.liftedAt,
    liftReason: row.liftReason,
  };
}
