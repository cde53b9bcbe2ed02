import { DomainError, type StaffUserId } from '@casino/core';
import { assertLoginAllowed, recordLoginFailure, recordLoginSuccess, transaction } from '@casino/db';
import argon2 from 'argon2';
import { verify } from 'otplib';
import { appendAuditEntry } from '../audit/audit-log.ts';
import type { ComplianceContext } from '../context.ts';

export interface StaffLoginOptions {
  email: string;
  password: string;
  totpCode: string;
  /** The client's address: failures are throttled per account and address (issue 14 (4)). */
  clientAddress: string;
  requestId?: string;
}

export interface StaffLogin {
  staffUserId: StaffUserId;
  roles: string[];
}

// Verified against when the e-mail is unknown, so a wrong e-mail costs as long as a wrong password.
const dummyHash = argon2.hash('not-a-real-staff-password', { type: argon2.argon2id });

/**
 * Staff login: password (argon2id) and a TOTP code, both required; a code is accepted once (its time
 * step must be later than the last accepted one). Failures slow the next attempt down per account
 * and address instead of locking the account (issue 14 (4), D-1414: nobody can lock the admin out),
 * and answer the same whatever was wrong, so the answer does not tell which factor failed, nor
 * whether the e-mail exists.
 */
export async function loginStaff(ctx: ComplianceContext, options: StaffLoginOptions): Promise<StaffLogin> {
  const now = ctx.clock.now();
  const email = options.email.toLowerCase();
  const attempt = { subject: `staff:${email}`, address: options.clientAddress };
  await assertLoginAllowed(ctx.db, ctx.rules.staff.loginThrottle, attempt, now);
  const user = await ctx.db.staffUser.findUnique({ where: { email } });
  const passwordOk = user
    ? await argon2.verify(user.passwordHash, options.password)
    : await argon2.verify(await dummyHash, options.password).then(() => false);
  const totp =
    user && passwordOk ? await verifyTotp(ctx, user.totpSecretEncrypted, options.totpCode, user.totpLastTimeStep, now) : null;
  if (!user || totp === null) {
    await recordLoginFailure(ctx.db, ctx.rules.staff.loginThrottle, attempt, now);
    throw new DomainError('invalid-credentials', 'E-mail, password or authenticator code is wrong.');
  }
  if (!user.active) throw new DomainError('account-not-active', 'This staff account is deactivated; ask an admin.');
  await transaction(ctx.db, async (tx) => {
    // Conditional on the last step, so two logins with one code cannot both pass.
    const accepted = await tx.staffUser.updateMany({
      where: { id: user.id, OR: [{ totpLastTimeStep: null }, { totpLastTimeStep: { lt: totp } }] },
      data: { totpLastTimeStep: totp, lastLoginAt: now },
    });
    if (accepted.count !== 1) throw new DomainError('invalid-credentials', 'E-mail, password or authenticator code is wrong.');
    await recordLoginSuccess(tx, attempt, now);
    await appendAuditEntry(
      tx,
      {
        kind: 'staff',
        staffUserId: user.id as StaffUserId,
        roles: user.roles,
        ...(options.requestId ? { requestId: options.requestId } : {}),
      },
      now,
      {
        action: 'staff.login',
        subjectType: 'staff-user',
        subjectId: user.id,
      },
    );
  });
  return { staffUserId: user.id as StaffUserId, roles: user.roles };
}

/** The accepted code's time step, or null. */
async function verifyTotp(
  ctx: ComplianceContext,
  secretEncrypted: string,
  code: string,
  lastTimeStep: bigint | null,
  now: Date,
): Promise<bigint | null> {
  if (!/^\d{6}$/.test(code)) return null;
  const result = await verify({
    secret: ctx.secrets.decrypt(secretEncrypted),
    token: code,
    epoch: Math.floor(now.getTime() / 1000),
    epochTolerance: ctx.rules.staff.totpToleranceSeconds,
    ...(lastTimeStep !== null ? { afterTimeStep: Number(lastTimeStep) } : {}),
  });
  return result.valid && 'timeStep' in result ? BigInt(result.timeStep) : null;
}
