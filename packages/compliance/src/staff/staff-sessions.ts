import { createHash, randomBytes } from 'node:crypto';
import { DomainError, newId, type StaffUserId } from '@casino/core';
import { transaction, type Tx } from '@casino/db';
import type { ComplianceContext } from '../context.ts';

/**
 * Staff sessions (issue 21, D-2101): the console keeps a staff login alive for a working shift
 * without asking for the password and a TOTP code every 15 minutes. As the players' refresh tokens
 * (packages/players/src/sessions.ts): each use returns a new token of the same family; a token
 * presented twice means two holders, so the family is revoked; logout revokes it. A family ends
 * `staffSessionHours` after the login whatever the rotation, and a token unused for
 * `staffSessionIdleMinutes` expires. Only SHA-256 digests are stored.
 */
export const staffSessionHours = 12;
export const staffSessionIdleMinutes = 60;

export interface StaffSession {
  staffUserId: StaffUserId;
  roles: string[];
  refreshToken: string;
}

const digest = (token: string) => createHash('sha256').update(token).digest('hex');

async function issue(tx: Tx, staffUserId: string, familyId: string, familyExpiresAt: Date, now: Date): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const idleEnd = new Date(now.getTime() + staffSessionIdleMinutes * 60_000);
  await tx.staffRefreshToken.create({
    data: {
      id: newId(),
      familyId,
      staffUserId,
      tokenHash: digest(token),
      familyExpiresAt,
      expiresAt: idleEnd < familyExpiresAt ? idleEnd : familyExpiresAt,
      createdAt: now,
    },
  });
  return token;
}

/** A new session for a staff user who has just passed the password and TOTP check (loginStaff). */
export async function startStaffSession(ctx: ComplianceContext, staffUserId: string): Promise<string> {
  const now = ctx.clock.now();
  const familyExpiresAt = new Date(now.getTime() + staffSessionHours * 3_600_000);
  return transaction(ctx.db, (tx) => issue(tx, staffUserId, newId(), familyExpiresAt, now));
}

const invalid = () =>
  new DomainError('invalid-token', 'The session has ended or the token is invalid; log in again.', {
    field: 'body.refreshToken',
  });

/** Rotates a refresh token: the staff user's current roles and a new token, or a problem (log in again). */
export async function refreshStaffSession(ctx: ComplianceContext, refreshToken: string): Promise<StaffSession> {
  const tokenHash = digest(refreshToken);
  const outcome = await transaction(ctx.db, async (tx): Promise<StaffSession | 'reused'> => {
    const now = ctx.clock.now();
    const row = await tx.staffRefreshToken.findUnique({ where: { tokenHash } });
    if (!row || row.expiresAt <= now || row.revokedAt !== null) throw invalid();
    // Claim the token; a second claim (a replay, or a race with a thief) finds it used.
    const claimed = await tx.staffRefreshToken.updateMany({
      where: { id: row.id, usedAt: null, revokedAt: null },
      data: { usedAt: now },
    });
    if (claimed.count !== 1) {
      await tx.staffRefreshToken.updateMany({ where: { familyId: row.familyId, revokedAt: null }, data: { revokedAt: now } });
      return 'reused';
    }
    const user = await tx.staffUser.findUnique({ where: { id: row.staffUserId }, select: { active: true, roles: true } });
    if (!user?.active) throw new DomainError('account-not-active', 'This staff account is deactivated; ask an admin.');
    const token = await issue(tx, row.staffUserId, row.familyId, row.familyExpiresAt, now);
    return { staffUserId: row.staffUserId as StaffUserId, roles: user.roles, refreshToken: token };
  });
  // Thrown after the revocation committed: the family stays revoked.
  if (outcome === 'reused')
    throw new DomainError('refresh-token-reused', 'This session token was already used; the session is ended. Log in again.', {
      field: 'body.refreshToken',
    });
  return outcome;
}

/** Logout: the whole family of the presented token is revoked (only the token's own staff user may). */
export async function endStaffSession(ctx: ComplianceContext, staffUserId: string, refreshToken: string): Promise<void> {
  await transaction(ctx.db, async (tx) => {
    const row = await tx.staffRefreshToken.findUnique({ where: { tokenHash: digest(refreshToken) } });
    if (!row || row.staffUserId !== staffUserId) return;
    await tx.staffRefreshToken.updateMany({
      where: { familyId: row.familyId, revokedAt: null },
      data: { revokedAt: ctx.clock.now() },
    });
  });
}
