import { DomainError, newId, type PlayerId } from '@casino/core';
import { transaction, type Db, type Tx } from '@casino/db';
import type { PlayersContext } from './context.ts';
import { refuseIfListedById } from './register-listing.ts';
import { newOpaqueToken, sha256Hex } from './secrets.ts';

/**
 * Refresh tokens rotate (each use returns a new one) within a family that starts at login. A token
 * presented a second time means two parties hold it, so the whole family is revoked (reuse
 * detection); logout revokes the family too. Only hashes are stored.
 */
export interface Session {
  playerId: PlayerId;
  refreshToken: string;
}

export async function startSession(ctx: PlayersContext, tx: Tx, playerId: string): Promise<Session> {
  return issueRefreshToken(ctx, tx, playerId, newId());
}

async function issueRefreshToken(ctx: PlayersContext, tx: Tx, playerId: string, familyId: string): Promise<Session> {
  const token = newOpaqueToken();
  const now = ctx.clock.now();
  await tx.refreshToken.create({
    data: {
      id: newId(),
      familyId,
      playerId,
      tokenHash: sha256Hex(token),
      createdAt: now,
      expiresAt: new Date(now.getTime() + ctx.rules.refreshTokenTtlDays * 86_400_000),
    },
  });
  return { playerId: playerId as PlayerId, refreshToken: token };
}

/**
 * A refresh is a new access token, so the register of excluded persons is asked first, as at login
 * (issue 14 (2); 004:ACC-03, ELG-04; 002:AMB-SCREEN): a listed player is refused and every session
 * ends; a register that cannot answer refuses (fail closed) without using the token up, so the
 * client may retry. A token that is unknown, expired, used or revoked is decided without asking.
 */
export async function refreshSession(ctx: PlayersContext, refreshToken: string): Promise<Session> {
  const tokenHash = sha256Hex(refreshToken);
  const presented = await ctx.db.refreshToken.findUnique({
    where: { tokenHash },
    select: { playerId: true, expiresAt: true, usedAt: true, revokedAt: true },
  });
  if (presented && presented.expiresAt > ctx.clock.now() && presented.usedAt === null && presented.revokedAt === null) {
    await assertAccountActive(ctx.db, presented.playerId);
    await refuseIfListedById(ctx, presented.playerId);
  }
  const outcome = await transaction(ctx.db, async (tx): Promise<Session | 'reused'> => {
    const now = ctx.clock.now();
    const row = await tx.refreshToken.findUnique({ where: { tokenHash } });
    if (!row || row.expiresAt <= now)
      throw new DomainError('invalid-token', 'The refresh token is invalid or expired; log in again.', {
        field: 'body.refreshToken',
      });
    // Claim the token; a second claim (replay, or a race with a thief) finds it used.
    const claimed = await tx.refreshToken.updateMany({
      where: { id: row.id, usedAt: null, revokedAt: null },
      data: { usedAt: now },
    });
    if (claimed.count !== 1) {
      await tx.refreshToken.updateMany({ where: { familyId: row.familyId, revokedAt: null }, data: { revokedAt: now } });
      return 'reused';
    }
    await assertAccountActive(tx, row.playerId);
    return issueRefreshToken(ctx, tx, row.playerId, row.familyId);
  });
  // Thrown after the revocation committed: the family stays revoked.
  if (outcome === 'reused')
    throw new DomainError(
      'refresh-token-reused',
      'This refresh token was already used; every session of this login is revoked. Log in again.',
      { field: 'body.refreshToken' },
    );
  return outcome;
}

async function assertAccountActive(db: Tx | Db, playerId: string): Promise<void> {
  const player = await db.player.findUniqueOrThrow({ where: { id: playerId }, select: { state: true } });
  if (player.state !== 'TEMPORARY' && player.state !== 'REGISTERED') {
    throw new DomainError('account-not-active', 'This account cannot be used in its current state.');
  }
}

export async function endSession(ctx: PlayersContext, playerId: string, refreshToken: string): Promise<void> {
  await transaction(ctx.db, async (tx) => {
    const row = await tx.refreshToken.findUnique({
      where: { tokenHash: sha256Hex(refreshToken) },
      select: { familyId: true, playerId: true },
    });
    if (!row || row.playerId !== playerId) return;
    await tx.refreshToken.updateMany({
      where: { familyId: row.familyId, revokedAt: null },
      data: { revokedAt: ctx.clock.now() },
    });
  });
}

export async function revokeAllSessions(ctx: PlayersContext, tx: Tx, playerId: string): Promise<void> {
  await tx.refreshToken.updateMany({ where: { playerId, revokedAt: null }, data: { revokedAt: ctx.clock.now() } });
}
