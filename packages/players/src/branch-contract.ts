import { DomainError, newId, pragueDate, type PlayerId } from '@casino/core';
import { sqlStateOf, transaction } from '@casino/db';
import {
  carryOverMeasures,
  recordRegistrationDecisions,
  resolveRegistrationDecisions,
  type MeasureDecision,
} from '@casino/limits';
import argon2 from 'argon2';
import { assertLimitsNotMilder, assertMayApply, personRecord } from './apply.ts';
import type { PlayersContext } from './context.ts';
import { sendSms } from './notifications.ts';
import { assertEligible, identityHashes, registerPersonOf, type PersonalData } from './person.ts';
import { screenPerson } from './screening.ts';
import { hashesEqual, newOpaqueToken, newSmsCode, sha256Hex } from './secrets.ts';

/** The identity document the applicant shows in person at the branch (004:REG-10, IDV-02). */
export interface BranchIdentityDocument {
  type: 'national-id' | 'passport' | 'residence-permit';
  number: string;
  /** The last day it is valid (YYYY-MM-DD); an expired document is not a valid one. */
  validUntil: string;
}

export interface BranchContractInput {
  branchCode: string;
  /** The branch worker who enters the form (004:REG-11, SLM-02). */
  enteredBy: string;
  person: PersonalData;
  identityDocument: BranchIdentityDocument;
  termsVersion: string;
  gamePlanVersion: string;
  selfLimits: MeasureDecision[];
}

const smsPurpose = 'BRANCH_CONTRACT';

/**
 * The branch channel, step 1 (004 čl. 4.2.1): the worker enters the personal data, the identity
 * document checked in person and each self-limit set or declined (REG-10, REG-11, SLM-02, IDV-02).
 * The register of excluded persons is asked first: a listed applicant is refused and nothing about
 * them is stored; an unreachable register stops the contract too, since only a "not listed" answer
 * lets it go on (REG-12). Identity and age are checked through MF as in the application (REG-04).
 * The applicant then gets the verification code by SMS for the keypad (REG-13).
 */
export async function startBranchContract(
  ctx: PlayersContext,
  input: BranchContractInput,
): Promise<{ playerId: PlayerId; next: 'keypad-code' }> {
  const now = ctx.clock.now();
  const { birthNumberDigits } = assertEligible(input.person, ctx.rules, now);
  if (input.identityDocument.validUntil < pragueDate(now))
    throw new DomainError('validation-failed', 'The identity document has expired; a valid one is needed (004:REG-10).', {
      field: 'body.identityDocument.validUntil',
    });
  const decisions = resolveRegistrationDecisions(ctx.limitsProfile, input.selfLimits, ctx.clock);
  const hashes = identityHashes(input.person, birthNumberDigits, ctx.pii);
  const email = input.person.email.toLowerCase();
  const registerPerson = registerPersonOf(input.person, birthNumberDigits);
  const register = await ctx.registers.checkExcludedPersons(registerPerson);
  if (register.status === 'listed')
    throw new DomainError(
      'listed-in-register',
      'The applicant is listed in the register of excluded persons; nothing is stored and no contract is possible (004:REG-12).',
    );
  if (register.status === 'unavailable')
    throw new DomainError(
      'register-unavailable',
      'The register of excluded persons cannot be reached; the contract can go on only once it answers "not listed" (004:REG-12).',
    );
  const identity = await ctx.registers.verifyIdentity(registerPerson);
  const identityStatus =
    identity.status === 'verified'
      ? 'VERIFIED'
      : identity.status === 'not-found'
        ? 'NOT_FOUND'
        : identity.status === 'mismatch'
          ? 'MISMATCH'
          : 'NOT_VERIFIED';
  // Nobody can log in with this until a password is set through the application (not built yet).
  const passwordHash = await argon2.hash(newOpaqueToken(), { type: argon2.argon2id });

  try {
    return await transaction(ctx.db, async (tx) => {
      await assertMayApply(tx, hashes, email);
      const closedRecently = await assertLimitsNotMilder(ctx, tx, hashes, decisions);
      const playerId = newId<PlayerId>();
      await tx.player.create({
        data: {
          id: playerId,
          state: 'APPLICANT',
          email,
          phone: input.person.phone,
          passwordHash,
          ...personRecord(ctx, input.person, hashes, birthNumberDigits),
          identityStatus,
          identityCheckedAt: identity.status === 'unavailable' ? null : now,
          registerStatus: 'NOT_LISTED',
          registerCheckedAt: now,
          termsVersion: input.termsVersion,
          termsAcceptedAt: now,
          gamePlanVersion: input.gamePlanVersion,
          gamePlanAcceptedAt: now,
          createdAt: now,
          updatedAt: now,
        },
      });
      await tx.playerStateTransition.create({
        data: {
          playerId,
          fromState: null,
          toState: 'APPLICANT',
          reason: `contract form entered at branch ${input.branchCode} (004:REG-11)`,
          actor: input.enteredBy,
          at: now,
        },
      });
      await tx.branchContract.create({
        data: {
          playerId,
          branchCode: input.branchCode,
          enteredBy: input.enteredBy,
          idDocumentType: input.identityDocument.type,
          idDocumentNumberEncrypted: ctx.pii.encrypt(input.identityDocument.number.replace(/\s+/g, '').toUpperCase()),
          idDocumentValidUntil: new Date(`${input.identityDocument.validUntil}T00:00:00Z`),
          createdAt: now,
        },
      });
      await screenPerson(ctx, tx, playerId, input.person, now);
      await recordRegistrationDecisions(tx, playerId, decisions, now);
      if (closedRecently)
        await carryOverMeasures(tx, { profile: ctx.limitsProfile, fromPlayerId: closedRecently, toPlayerId: playerId, at: now });
      await sendKeypadCode(ctx, tx, playerId, input.person.phone);
      return { playerId, next: 'keypad-code' as const };
    });
  } catch (error) {
    if (sqlStateOf(error) === '23505')
      throw new DomainError('duplicate-person', 'This person or e-mail address already has an account (004:REG-08).');
    throw error;
  }
}

async function sendKeypadCode(ctx: PlayersContext, tx: Parameters<typeof sendSms>[0], playerId: string, phone: string) {
  const code = newSmsCode();
  const challengeId = newId<string>();
  await tx.smsChallenge.create({
    data: {
      id: challengeId,
      playerId,
      purpose: smsPurpose,
      codeHash: sha256Hex(`${challengeId}:${code}`),
      expiresAt: new Date(ctx.clock.now().getTime() + ctx.rules.smsCode.ttlMinutes * 60_000),
    },
  });
  await sendSms(tx, ctx.pii, {
    to: phone,
    text: `Your branch verification code: ${code}. Enter it on the keypad when asked. Valid for ${ctx.rules.smsCode.ttlMinutes} minutes.`,
  });
}

/**
 * Step 2 (004:REG-13): the applicant types the SMS code on the branch keypad; it verifies the phone
 * number. A wrong code counts toward the challenge's attempts.
 */
export async function enterBranchKeypadCode(ctx: PlayersContext, playerId: string, code: string): Promise<void> {
  const outcome = await transaction(ctx.db, async (tx) => {
    const now = ctx.clock.now();
    const contract = await tx.branchContract.findUnique({ where: { playerId } });
    if (!contract) throw new DomainError('not-found', 'No contract of this applicant at a branch.', { field: 'params.playerId' });
    const challenge = await tx.smsChallenge.findFirst({
      where: { playerId, purpose: smsPurpose, consumedAt: null },
      orderBy: { expiresAt: 'desc' },
    });
    if (!challenge || challenge.expiresAt <= now || challenge.attempts >= ctx.rules.smsCode.attemptsMax)
      throw new DomainError('invalid-sms-code', 'The code is wrong or expired.', { field: 'body.code' });
    if (!hashesEqual(challenge.codeHash, sha256Hex(`${challenge.id}:${code}`))) {
      await tx.smsChallenge.update({ where: { id: challenge.id }, data: { attempts: { increment: 1 } } });
      return 'wrong-code' as const;
    }
    await tx.smsChallenge.update({ where: { id: challenge.id }, data: { consumedAt: now } });
    await tx.player.update({ where: { id: playerId }, data: { phoneVerifiedAt: now, updatedAt: now } });
    return 'verified' as const;
  });
  // Thrown after the attempt counter committed.
  if (outcome === 'wrong-code') throw new DomainError('invalid-sms-code', 'The code is wrong.', { field: 'body.code' });
}

/** What the branch worker prints once the PIN is stored (004:REG-14). */
export interface BranchContractConfirmation {
  playerId: PlayerId;
  branchCode: string;
  concludedAt: Date;
  text: string;
}

/**
 * Step 3 (004:REG-14): the applicant sets the security PIN on the keypad; once it is stored the
 * contract is concluded and the worker prints the confirmation. Playing still waits for the
 * registration to be completed with a verified payment account (REG-15): the applicant stays an
 * applicant, who may not play.
 */
export async function setBranchPin(ctx: PlayersContext, playerId: string, pin: string): Promise<BranchContractConfirmation> {
  if (!/^\d{6,8}$/.test(pin)) throw new DomainError('validation-failed', 'The PIN is 6 to 8 digits.', { field: 'body.pin' });
  const pinHash = await argon2.hash(pin, { type: argon2.argon2id });
  return transaction(ctx.db, async (tx) => {
    const now = ctx.clock.now();
    const player = await tx.player.findUnique({ where: { id: playerId }, select: { phoneVerifiedAt: true, state: true } });
    const contract = await tx.branchContract.findUnique({ where: { playerId } });
    if (!player || !contract)
      throw new DomainError('not-found', 'No contract of this applicant at a branch.', { field: 'params.playerId' });
    if (contract.concludedAt) throw new DomainError('conflict', 'The contract is already concluded.');
    if (!player.phoneVerifiedAt)
      throw new DomainError('conflict', 'The keypad code comes first: the phone number is not verified yet (004:REG-13).');
    await tx.branchContract.update({ where: { playerId }, data: { pinHash, concludedAt: now } });
    await tx.player.update({ where: { id: playerId }, data: { contractConcludedAt: now, updatedAt: now } });
    const day = pragueDate(now);
    return {
      playerId: playerId as PlayerId,
      branchCode: contract.branchCode,
      concludedAt: now,
      text:
        `Contract concluded at branch ${contract.branchCode} on ${day}. ` +
        'You may play once your registration is completed: register a payment account and have it verified (čl. 4.2.3).',
    };
  });
}
