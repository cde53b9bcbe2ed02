import { DomainError, newId } from '@casino/core';
import type { Db, Tx } from '@casino/db';
import { actorId, type Actor } from '../actor.ts';
import { appendAuditEntry } from '../audit/audit-log.ts';
import type { ComplianceRules } from '../rules.ts';

/**
 * Payout holds (004:AML-04, WIN-07; 004 §7.4): while a player's participation is assessed as a
 * suspicious transaction, withdrawals and win payouts are suspended, for at most the period the AML
 * act allows (rules.payoutHold.durationHours), unless an officer releases the hold earlier.
 */
export async function findActivePayoutHold(db: Db | Tx, playerId: string, at: Date) {
  return db.payoutHold.findFirst({ where: { playerId, releasedAt: null, expiresAt: { gt: at } }, orderBy: { placedAt: 'asc' } });
}

/**
 * The guard the cashier's withdrawal path and the games' win payout call inside their transaction,
 * before they move money: a 403 `payouts-suspended` while a hold is active. Call it again on the
 * transaction that debits, so a hold placed between a check and the payout is not missed.
 */
export async function assertNoPayoutHold(tx: Db | Tx, playerId: string, at: Date): Promise<void> {
  const hold = await findActivePayoutHold(tx, playerId, at);
  if (hold) {
    throw new DomainError(
      'payouts-suspended',
      'Withdrawals and win payouts of this account are suspended while a compliance review is under way (004:AML-04).',
      {
        extensions: { suspendedUntil: hold.expiresAt.toISOString() },
      },
    );
  }
}

/** Why payouts are held: a suspicious transaction under assessment (AML-04), or doubts about a game's regularity (WIN-06). */
export const payoutHoldGrounds = ['suspicious-transaction', 'game-irregularity'] as const;
export type PayoutHoldGround = (typeof payoutHoldGrounds)[number];

export interface PlacePayoutHoldOptions {
  playerId: string;
  caseId?: string | null;
  reason: string;
  /** Sets how long the hold lasts at most; a suspicious transaction unless said otherwise. */
  ground?: PayoutHoldGround;
}

export async function placePayoutHold(
  tx: Tx,
  rules: ComplianceRules,
  actor: Actor,
  at: Date,
  options: PlacePayoutHoldOptions,
): Promise<{ holdId: string; expiresAt: Date }> {
  const existing = await findActivePayoutHold(tx, options.playerId, at);
  if (existing) return { holdId: existing.id, expiresAt: existing.expiresAt };
  const holdId = newId();
  const ground = options.ground ?? 'suspicious-transaction';
  const hours = ground === 'game-irregularity' ? rules.payoutHold.irregularityDurationHours : rules.payoutHold.durationHours;
  const expiresAt = new Date(at.getTime() + hours * 3_600_000);
  await tx.payoutHold.create({
    data: {
      id: holdId,
      playerId: options.playerId,
      caseId: options.caseId ?? null,
      reason: options.reason,
      placedBy: actorId(actor),
      placedAt: at,
      expiresAt,
    },
  });
  await appendAuditEntry(tx, actor, at, {
    action: 'player.hold-payouts',
    subjectType: 'player',
    subjectId: options.playerId,
    reason: options.reason,
    after: { holdId, caseId: options.caseId ?? null, ground, expiresAt },
  });
  return { holdId, expiresAt };
}

export async function releasePayoutHold(
  tx: Tx,
  actor: Actor,
  at: Date,
  options: { playerId: string; reason: string },
): Promise<{ holdId: string }> {
  const hold = await findActivePayoutHold(tx, options.playerId, at);
  if (!hold) throw new DomainError('conflict', 'This player has no active payout hold.', { field: 'params.playerId' });
  const released = await tx.payoutHold.updateMany({
    where: { id: hold.id, releasedAt: null },
    data: { releasedAt: at, releasedBy: actorId(actor), releaseReason: options.reason },
  });
  if (released.count !== 1)
    throw new DomainError('conflict', 'The payout hold was released concurrently.', { field: 'params.playerId' });
  await appendAuditEntry(tx, actor, at, {
    action: 'player.release-payouts',
    subjectType: 'player',
    subjectId: options.playerId,
    reason: options.reason,
    before: { holdId: hold.id, expiresAt: hold.expiresAt },
    after: { releasedAt: at },
  });
  return { holdId: hold.id };
}
