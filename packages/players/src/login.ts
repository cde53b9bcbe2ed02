import { DomainError, newId, type PlayerId } from '@casino/core';
import { assertLoginAllowed, recordLoginFailure, recordLoginSuccess, transaction, type LoginAttempt, type Tx } from '@casino/db';
import argon2 from 'argon2';
import type { PlayersContext } from './context.ts';
import { sendSms } from './notifications.ts';
import { refuseIfListed } from './register-listing.ts';
import { hashesEqual, newSmsCode, sha256Hex } from './secrets.ts';
import { startSession, type Session } from './sessions.ts';
import { openTemporaryAccount } from './temporary-account.ts';
import { transition } from './states.ts';

export type LoginResult =
  ({ status: 'authenticated' } & Session) | { status: 'sms-code-required'; challengeId: string; playerId: PlayerId };

// Verified against when the e-mail is unknown, so a wrong e-mail costs as long as a wrong password.
const dummyHash = argon2.hash('not-a-real-password', { type: argon2.argon2id });

/**
 * Login (004:ACC-03, ACC-04): password (argon2id), throttled per account and address rather than
 * locked (issue 14 (4), D-1414), then the register of excluded persons is checked at EVERY login and a
 * listed person is refused (ELG-04). A register that cannot be reached refuses the login too: fail
 * closed (004:AMB-12, docs/decisions.md). An applicant's first login sends the SMS code that
 * concludes the contract (004:REG-21 (ii)). The throttle counts the e-mail as typed, so an unknown
 * e-mail is slowed and answered exactly like a known one.
 */
export async function login(
  ctx: PlayersContext,
  emailInput: string,
  password: string,
  clientAddress: string,
): Promise<LoginResult> {
  const email = emailInput.toLowerCase();
  const attempt = loginAttemptOf(email, clientAddress);
  await assertLoginAllowed(ctx.db, ctx.rules.loginThrottle, attempt, ctx.clock.now());
  const player = await ctx.db.player.findFirst({ where: { email }, orderBy: { createdAt: 'desc' } });
  const passwordOk = player
    ? await argon2.verify(player.passwordHash, password)
    : await argon2.verify(await dummyHash, password).then(() => false);
  if (!player || !passwordOk) {
    await recordLoginFailure(ctx.db, ctx.rules.loginThrottle, attempt, ctx.clock.now());
    throw new DomainError('invalid-credentials', 'E-mail or password is wrong.');
  }
  if (player.state === 'CANCELLED') {
    throw new DomainError(
      'registration-expired',
      'This registration was not completed within 30 days and was cancelled; please register again (004:TMP-10).',
    );
  }
  if (player.state === 'CLOSED' || player.state === 'BLOCKED')
    throw new DomainError('account-not-active', `This account is ${player.state.toLowerCase()}; contact support.`);
  if (!player.emailConfirmedAt)
    throw new DomainError('email-not-confirmed', 'Confirm your e-mail address first: open the link we sent you.');

  await refuseIfListed(ctx, player);
  return transaction(ctx.db, async (tx) => {
    // The throttle starts afresh only once every factor passed: a correct password alone does not
    // reset the count of wrong SMS codes.
    if (player.state === 'APPLICANT') return smsChallenge(ctx, tx, player.id, player.phone, 'CONTRACT');
    if (player.twoFactorEnabled) return smsChallenge(ctx, tx, player.id, player.phone, 'LOGIN');
    await recordLoginSuccess(tx, attempt, ctx.clock.now());
    return { status: 'authenticated' as const, ...(await startSession(ctx, tx, player.id)) };
  });
}

/** What the throttle counts a player's login under: the e-mail as typed (lower-cased) and the client address. */
function loginAttemptOf(email: string, clientAddress: string): LoginAttempt {
  return { subject: `player:${email.toLowerCase()}`, address: clientAddress };
}

async function smsChallenge(
  ctx: PlayersContext,
  tx: Tx,
  playerId: string,
  phone: string,
  purpose: 'CONTRACT' | 'LOGIN',
): Promise<LoginResult> {
  const code = newSmsCode();
  const challengeId = newId<string>();
  await tx.smsChallenge.create({
    data: {
      id: challengeId,
      playerId,
      purpose,
      codeHash: sha256Hex(`${challengeId}:${code}`),
      expiresAt: new Date(ctx.clock.now().getTime() + ctx.rules.smsCode.ttlMinutes * 60_000),
    },
  });
  await sendSms(tx, ctx.pii, {
    to: phone,
    text: `Your verification code: ${code}. It is valid for ${ctx.rules.smsCode.ttlMinutes} minutes.`,
  });
  return { status: 'sms-code-required', challengeId, playerId: playerId as PlayerId };
}

/**
 * The SMS code. For an applicant it concludes the contract and opens the temporary account
 * (004:REG-21, TMP-01); otherwise it is the second factor of a login. A wrong code counts toward
 * the login throttle of the player's e-mail and the client's address (issue 14 (4)), so the guesses
 * are bounded across challenges, not only within one (`smsCode.attemptsMax`).
 */
export async function verifySmsCode(
  ctx: PlayersContext,
  challengeId: string,
  code: string,
  clientAddress: string,
): Promise<Session> {
  const challengeOwner = await ctx.db.smsChallenge.findUnique({ where: { id: challengeId }, select: { playerId: true } });
  const owner = challengeOwner
    ? await ctx.db.player.findUnique({ where: { id: challengeOwner.playerId }, select: { email: true } })
    : null;
  const attempt = owner ? loginAttemptOf(owner.email, clientAddress) : null;
  if (attempt) await assertLoginAllowed(ctx.db, ctx.rules.loginThrottle, attempt, ctx.clock.now());
  const outcome = await transaction(ctx.db, async (tx): Promise<Session | 'wrong-code'> => {
    const now = ctx.clock.now();
    const [challenge] = await tx.$queryRaw<
      Array<{
        player_id: string;
        purpose: string;
        code_hash: string;
        expires_at: Date;
        attempts: number;
        consumed_at: Date | null;
      }>
    >`
      SELECT player_id, purpose, code_hash, expires_at, attempts, consumed_at FROM sms_challenge WHERE id = ${challengeId}::uuid FOR UPDATE`;
    if (
      !challenge ||
      challenge.consumed_at ||
      challenge.expires_at <= now ||
      challenge.attempts >= ctx.rules.smsCode.attemptsMax
    ) {
      throw new DomainError('invalid-sms-code', 'The SMS code is wrong or expired; log in again for a new one.', {
        field: 'body.code',
      });
    }
    if (!hashesEqual(challenge.code_hash, sha256Hex(`${challengeId}:${code}`))) {
      await tx.smsChallenge.update({ where: { id: challengeId }, data: { attempts: { increment: 1 } } });
      return 'wrong-code';
    }
    await tx.smsChallenge.update({ where: { id: challengeId }, data: { consumedAt: now } });
    if (challenge.purpose === 'CONTRACT') await concludeContract(ctx, tx, challenge.player_id);
    if (attempt) await recordLoginSuccess(tx, attempt, now);
    return startSession(ctx, tx, challenge.player_id);
  });
  // Thrown after the attempt counter committed.
  if (outcome === 'wrong-code') {
    if (attempt) await recordLoginFailure(ctx.db, ctx.rules.loginThrottle, attempt, ctx.clock.now());
    throw new DomainError('invalid-sms-code', 'The SMS code is wrong.', { field: 'body.code' });
  }
  return outcome;
}

async function concludeContract(ctx: PlayersContext, tx: Tx, playerId: string): Promise<void> {
  const now = ctx.clock.now();
  await tx.player.update({ where: { id: playerId }, data: { phoneVerifiedAt: now, contractConcludedAt: now } });
  await transition(tx, playerId, 'APPLICANT', 'TEMPORARY', {
    reason: 'contract concluded: e-mail confirmed and SMS code entered (004:REG-21)',
    actor: 'player',
    at: now,
  });
  await openTemporaryAccount(ctx, tx, playerId);
}
