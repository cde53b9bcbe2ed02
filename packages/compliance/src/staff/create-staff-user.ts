import { DomainError, newId, type StaffUserId } from '@casino/core';
import { sqlStateOf, transaction } from '@casino/db';
import argon2 from 'argon2';
import { generateSecret, generateURI } from 'otplib';
import type { Actor } from '../actor.ts';
import { appendAuditEntry } from '../audit/audit-log.ts';
import type { ComplianceContext } from '../context.ts';
import type { StaffRoleName } from './staff-roles.ts';

export const staffPasswordLengthMin = 12;
export const totpIssuer = 'Casino back office';

export interface CreateStaffUserOptions {
  email: string;
  displayName: string;
  roles: readonly StaffRoleName[];
  password: string;
  /** Seeds and tests pass a known secret; otherwise a fresh one is generated. */
  totpSecret?: string;
  reason: string;
}

export interface CreatedStaffUser {
  staffUserId: StaffUserId;
  /** Shown once, to enrol the authenticator app; stored only encrypted. */
  totpSecret: string;
  totpUri: string;
}

/** An admin creates a staff user with roles, a password (argon2id) and a TOTP second factor. */
export async function createStaffUser(
  ctx: ComplianceContext,
  actor: Actor,
  options: CreateStaffUserOptions,
): Promise<CreatedStaffUser> {
  if (options.password.length < staffPasswordLengthMin) {
    throw new DomainError('validation-failed', `Staff passwords have at least ${staffPasswordLengthMin} characters.`, {
      field: 'body.password',
    });
  }
  const email = options.email.toLowerCase();
  const totpSecret = options.totpSecret ?? generateSecret();
  const passwordHash = await argon2.hash(options.password, { type: argon2.argon2id });
  const staffUserId = newId<StaffUserId>();
  const now = ctx.clock.now();
  const roles = [...new Set(options.roles)].sort();
  try {
    await transaction(ctx.db, async (tx) => {
      await tx.staffUser.create({
        data: {
          id: staffUserId,
          email,
          displayName: options.displayName,
          passwordHash,
          totpSecretEncrypted: ctx.secrets.encrypt(totpSecret),
          roles,
          createdAt: now,
          updatedAt: now,
        },
      });
      await appendAuditEntry(tx, actor, now, {
        action: 'staff.create',
        subjectType: 'staff-user',
        subjectId: staffUserId,
        reason: options.reason,
        after: { email, displayName: options.displayName, roles, active: true },
      });
    });
  } catch (error) {
    if (sqlStateOf(error) === '23505')
      throw new DomainError('conflict', 'A staff user with this e-mail address exists.', { field: 'body.email' });
    throw error;
  }
  return { staffUserId, totpSecret, totpUri: generateURI({ issuer: totpIssuer, label: email, secret: totpSecret }) };
}

export interface UpdateStaffUserOptions {
  staffUserId: string;
  roles?: readonly StaffRoleName[];
  active?: boolean;
  reason: string;
}

/** Changes a staff user's roles or deactivates them; an admin cannot take away their own admin role. */
export async function updateStaffUser(ctx: ComplianceContext, actor: Actor, options: UpdateStaffUserOptions): Promise<void> {
  if (
    actor.kind === 'staff' &&
    actor.staffUserId === options.staffUserId &&
    (options.active === false || (options.roles && !options.roles.includes('admin')))
  ) {
    throw new DomainError(
      'conflict',
      'Staff users cannot deactivate themselves or drop their own admin role; ask another admin.',
      { field: 'params.staffUserId' },
    );
  }
  await transaction(ctx.db, async (tx) => {
    const before = await tx.staffUser.findUnique({ where: { id: options.staffUserId }, select: { roles: true, active: true } });
    if (!before) throw new DomainError('not-found', 'No such staff user.', { field: 'params.staffUserId' });
    const roles = options.roles ? [...new Set(options.roles)].sort() : before.roles;
    const active = options.active ?? before.active;
    const now = ctx.clock.now();
    await tx.staffUser.update({ where: { id: options.staffUserId }, data: { roles, active, updatedAt: now } });
    await appendAuditEntry(tx, actor, now, {
      action: 'staff.update',
      subjectType: 'staff-user',
      subjectId: options.staffUserId,
      reason: options.reason,
      before,
      after: { roles, active },
    });
  });
}

export async function listStaffUsers(ctx: Pick<ComplianceContext, 'db'>, limit: number) {
  return ctx.db.staffUser.findMany({
    select: { id: true, email: true, displayName: true, roles: true, active: true, lastLoginAt: true, createdAt: true },
    orderBy: { createdAt: 'asc' },
    take: limit,
  });
}
