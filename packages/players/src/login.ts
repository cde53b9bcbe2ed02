import { DomainError, newId, type PlayerId } from '@casino/core';
import { transaction, type Tx } from '@casino/db';
import argon2 from 'argon2';
import type { PlayersContext } from './context.ts';
import { sendSms } from './notifications.ts';
import { registerPersonOf } from './person.ts';
import { hashesEqual, newSmsCode, sha256Hex } from './secrets.ts';
import { startSession, type Session } from './sessions.ts';
import { openTemporaryAccount } from './temporary-account.ts';
import { transition } from './states.ts';

export type LoginResult = ({ status: 'authenticated' } & Session) | { status: 'sms-code-required'; challengeId: string; playerId: PlayerId };

// Verified against when the e-mail is unknown, so a wrong e-mail costs as long as a wrong password.
const dummyHash = argon2.hash('not-a-real-password', { type: argon2.argon2id });

export const registerSupportHint =
  'You are listed in the register of excluded persons and cannot log in while the listing lasts. For your balance, the settlement of your bets or a withdrawal, call the support hotline or use the contact form (004:ACC-10, ACC-11).';

/**
 * Login (004:ACC-03, ACC-04): password (argon2id) with throttling and lockout, then the register of
 * excluded persons is checked at EVERY login and a listed person is refused (ELG-04). A register
 * that cannot be reached refuses the login too: fail closed (004:AMB-12, docs/decisions.md). An
 * applicant's first login sends the SMS code that concludes the contract (004:REG-21 (ii)).
 */
export async function login(ctx: PlayersContext, emailInput: string, password: string): Promise<LoginResult> {
  const email = emailInput.toLowerCase();
  const player = await ctx.db.player.findFirst({ where: { email }, orderBy: { createdAt: 'desc' } });
  if (!player) {
    await argon2.verify(await dummyHash, password);
    throw new DomainError('invalid-credentials', 'E-mail or password is wrong.');
  }
  const now = ctx.clock.now();
  if (player.lockedUntil && player.lockedUntil > now) {
    throw new DomainError('login-locked', `Too many failed logins; try again after ${player.lockedUntil.toISOString()}.`, { extensions: { lockedUntil: player.lockedUntil.toISOString() } });
  }
  if (!(await argon2.verify(player.passwordHash, password))) {
    await recordFailedLogin(ctx, player.id);
    throw new DomainError('invalid-credentials', 'E-mail or password is wrong.');
  }
  if (player.state === 'CANCELLED') {
    throw new DomainError('registration-expired', 'This registration was not completed within 30 days and was cancelled; please register again (004:TMP-10).');
  }
  if (player.state === 'CLOSED' || player.state === 'BLOCKED') throw new DomainError('account-not-active', `This account is ${player.state.toLowerCase()}; contact support.`);
  if (!player.emailConfirmedAt) throw new DomainError('email-not-confirmed', 'Confirm your e-mail address first: open the link we sent you.');

  await checkRegisterAtLogin(ctx, player);
  return transaction(ctx.db, async (tx) => {
    await tx.player.update({ where: { id: player.id }, data: { failedLoginCount: 0, lockedUntil: null } });
    if (player.state === 'APPLICANT') return smsChallenge(ctx, tx, player.id, player.phone, 'CONTRACT');
    if (player.twoFactorEnabled) return smsChallenge(ctx, tx, player.id, player.phone, 'LOGIN');
    return { status: 'authenticated' as const, ...(await startSession(ctx, tx, player.id)) };
  });
}

async function recordFailedLogin(ctx: PlayersContext, playerId: string): Promise<void> {
  const { failuresMax, lockoutMinutes } = ctx.rules.login;
  // One statement, so concurrent wrong passwords all count; the lockout starts a fresh count.
  await ctx.db.$executeRaw`
    UPDATE player SET
      failed_login_count = CASE WHEN failed_login_count + 1 >= ${failuresMax} THEN 0 ELSE failed_login_count + 1 END,
      locked_until = CASE WHEN failed_login_count + 1 >= ${failuresMax} THEN ${new Date(ctx.clock.now().getTime() + lockoutMinutes * 60_000)} ELSE locked_until END
    WHERE id = ${playerId}::uuid`;
}

async function checkRegisterAtLogin(ctx: PlayersContext, player: { id: string; firstName: string; surname: string; dateOfBirth: Date; placeOfBirth: string | null; citizenship: string; birthNumberEncrypted: string | null }): Promise<void> {
  const birthNumber = player.birthNumberEncrypted ? ctx.pii.decrypt(player.birthNumberEncrypted) : null;
  const person = registerPersonOf({ ...player, dateOfBirth: player.dateOfBirth.toISOString().slice(0, 10), placeOfBirth: player.placeOfBirth ?? undefined }, birthNumber);
  const answer = await ctx.registers.checkExcludedPersons(person);
  const status = answer.status === 'listed' ? 'LISTED' : answer.status === 'not-listed' ? 'NOT_LISTED' : 'UNAVAILABLE';
  await ctx.db.player.update({ where: { id: player.id }, data: { registerStatus: status, registerCheckedAt: ctx.clock.now() } });
  if (answer.status === 'listed') throw new DomainError('listed-in-register', registerSupportHint);
  if (answer.status === 'unavailable') {
    throw new DomainError('register-unavailable', 'The register of excluded persons cannot be reached, so logging in is not possible right now. Please try again in a few minutes.');
  }
}

async function smsChallenge(ctx: PlayersContext, tx: Tx, playerId: string, phone: string, purpose: 'CONTRACT' | 'LOGIN'): Promise<LoginResult> {
  const code = newSmsCode();
  const challengeId = newId<string>();
  await tx.smsChallenge.create({
    data: { id: challengeId, playerId, purpose, codeHash: sha256Hex(`${challengeId}:${code}`), expiresAt: new Date(ctx.clock.now().getTime() + ctx.rules.smsCode.ttlMinutes * 60_000) },
  });
  await sendSms(tx, ctx.pii, { to: phone, text: `Your verification code: ${code}. It is valid for ${ctx.rules.smsCode.ttlMinutes} minutes.` });
  return { status: 'sms-code-required', challengeId, playerId: playerId as PlayerId };
}

/**
 * The SMS code. For an applicant it concludes the contract and opens the temporary account
 * (004:REG-21, TMP-01); otherwise it is the second factor of a login.
 */
export async function verifySmsCode(ctx: PlayersContext, challengeId: string, code: string): Promise<Session> {
  const outcome = await transaction(ctx.db, async (tx): Promise<Session | 'wrong-code'> => {
    const now = ctx.clock.now();
    const [challenge] = await tx.$queryRaw<Array<{ player_id: string; purpose: string; code_hash: string; expires_at: Date; attempts: number; consumed_at: Date | null }>>`
      SELECT player_id, purpose, code_hash, expires_at, attempts, consumed_at FROM sms_challenge WHERE id = ${challengeId}::uuid FOR UPDATE`;
    if (!challenge || challenge.consumed_at || challenge.expires_at <= now || challenge.attempts >= ctx.rules.smsCode.attemptsMax) {
      throw new DomainError('invalid-sms-code', 'The SMS code is wrong or expired; log in again for a new one.', { field: 'body.code' });
    }
    if (!hashesEqual(challenge.code_hash, sha256Hex(`${challengeId}:${code}`))) {
      await tx.smsChallenge.update({ where: { id: challengeId }, data: { attempts: { increment: 1 } } });
      return 'wrong-code';
    }
    await tx.smsChallenge.update({ where: { id: challengeId }, data: { consumedAt: now } });
    if (challenge.purpose === 'CONTRACT') await concludeContract(ctx, tx, challenge.player_id);
    return startSession(ctx, tx, challenge.player_id);
  });
  // Thrown after the attempt counter committed.
  if (outcome === 'wrong-code') throw new DomainError('invalid-sms-code', 'The SMS code is wrong.', { field: 'body.code' });
  return outcome;
}

async function concludeContract(ctx: PlayersContext, tx: Tx, playerId: string): Promise<void> {
  const now = ctx.clock.now();
  await tx.player.update({ where: { id: playerId }, data: { phoneVerifiedAt: now, contractConcludedAt: now } });
  await transition(tx, playerId, 'APPLICANT', 'TEMPORARY', { reason: 'contract concluded: e-mail confirmed and SMS code entered (004:REG-21)', actor: 'player', at: now });
  await openTemporaryAccount(ctx, tx, playerId);
}
