import { DomainError, newId, type PlayerId } from '@casino/core';
import { sqlStateOf, transaction, type Tx } from '@casino/db';
import {
  carryOverMeasures,
  measuresInForceOf,
  milderDecisions,
  recordRegistrationDecisions,
  resolveRegistrationDecisions,
  type MeasureDecision,
  type ResolvedDecision,
} from '@casino/limits';
import argon2 from 'argon2';
import type { PlayersContext } from './context.ts';
import { sendEmail } from './notifications.ts';
import { assertEligible, identityHashes, registerPersonOf, type PersonalData } from './person.ts';
import { screenPerson } from './screening.ts';
import { newOpaqueToken, sha256Hex } from './secrets.ts';

export interface ApplicationInput {
  person: PersonalData;
  password: string;
  termsVersion: string;
  gamePlanVersion: string;
  selfLimits: MeasureDecision[];
}

export interface ApplicationResult {
  playerId: PlayerId;
  identityStatus: 'NOT_VERIFIED' | 'VERIFIED' | 'NOT_FOUND' | 'MISMATCH';
}

/**
 * Step 1 of the application channel (004:REG-20): checks eligibility and the one-account rule,
 * asks the MF registers without undue delay (004:REG-04), and stores the applicant with their
 * document acceptances and self-limit decisions, sending the confirmation e-mail through the outbox
 * (REG-21 (i)). A person listed in the register of excluded persons is refused and nothing about
 * them is stored (004:T-11). Nothing is half-written: it is one transaction or nothing.
 */
export async function submitApplication(ctx: PlayersContext, input: ApplicationInput): Promise<ApplicationResult> {
  const now = ctx.clock.now();
  const { birthNumberDigits } = assertEligible(input.person, ctx.rules, now);
  const decisions = resolveRegistrationDecisions(ctx.limitsProfile, input.selfLimits, ctx.clock);
  const hashes = identityHashes(input.person, birthNumberDigits, ctx.pii);
  const email = input.person.email.toLowerCase();

  const registerPerson = registerPersonOf(input.person, birthNumberDigits);
  const [identity, register] = await Promise.all([
    ctx.registers.verifyIdentity(registerPerson),
    ctx.registers.checkExcludedPersons(registerPerson),
  ]);
  if (register.status === 'listed') {
    throw new DomainError(
      'listed-in-register',
      'The applicant is listed in the register of excluded persons; registration is not possible (004:REG-04).',
    );
  }
  const passwordHash = await argon2.hash(input.password, { type: argon2.argon2id });
  const identityStatus =
    identity.status === 'verified'
      ? 'VERIFIED'
      : identity.status === 'not-found'
        ? 'NOT_FOUND'
        : identity.status === 'mismatch'
          ? 'MISMATCH'
          : 'NOT_VERIFIED';

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
          registerStatus: register.status === 'not-listed' ? 'NOT_LISTED' : 'UNAVAILABLE',
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
        data: { playerId, fromState: null, toState: 'APPLICANT', reason: 'application submitted', actor: 'player', at: now },
      });
      await screenPerson(ctx, tx, playerId, input.person, now);
      await recordRegistrationDecisions(tx, playerId, decisions, now);
      if (closedRecently)
        await carryOverMeasures(tx, { profile: ctx.limitsProfile, fromPlayerId: closedRecently, toPlayerId: playerId, at: now });
      await sendConfirmationEmail(ctx, tx, playerId, email);
      return { playerId, identityStatus };
    });
  } catch (error) {
    // Two applications of one person at once: the partial unique indexes decide, not a race.
    if (sqlStateOf(error) === '23505')
      throw new DomainError('duplicate-person', 'This person or e-mail address already has an account (004:REG-08).');
    throw error;
  }
}

type IdentityHashes = { birthNumberHash: string | null; identityKeyHash: string };

/** The person's data as a player row stores it, the birth number encrypted at rest (the same for every channel). */
export function personRecord(
  ctx: Pick<PlayersContext, 'pii'>,
  person: PersonalData,
  hashes: IdentityHashes,
  birthNumberDigits: string | null,
) {
  return {
    firstName: person.firstName,
    surname: person.surname,
    birthSurname: person.birthSurname ?? null,
    dateOfBirth: new Date(`${person.dateOfBirth}T00:00:00Z`),
    placeOfBirth: person.placeOfBirth ?? null,
    citizenship: person.citizenship,
    residenceAddress: { ...person.residenceAddress },
    ...(person.correspondenceAddress ? { correspondenceAddress: { ...person.correspondenceAddress } } : {}),
    birthNumberEncrypted: birthNumberDigits ? ctx.pii.encrypt(birthNumberDigits) : null,
    birthNumberHash: hashes.birthNumberHash,
    identityKeyHash: hashes.identityKeyHash,
  };
}

/**
 * Whether this person may conclude a contract now, whatever the channel (online or at a branch): one
 * account per person (004:REG-08) and no re-registration the operator barred (004:TRM-18, T-17).
 */
export async function assertMayApply(tx: Tx, hashes: IdentityHashes, email: string): Promise<void> {
  await assertNoOtherAccount(tx, hashes, email);
  await assertNotBarred(tx, hashes);
}

async function assertNoOtherAccount(tx: Tx, hashes: IdentityHashes, email: string): Promise<void> {
  const existing = await tx.player.findFirst({
    where: { state: { notIn: ['CLOSED', 'CANCELLED'] }, OR: [...samePersonConditions(hashes), { email }] },
    select: { email: true },
  });
  if (existing) {
    const field = existing.email === email ? 'body.email' : 'body.birthNumber';
    throw new DomainError(
      'duplicate-person',
      'This person or e-mail address already has an account; only one account per person is allowed (004:REG-08).',
      { field },
    );
  }
}

/**
 * 004:TRM-18, T-17: after a termination for cause the operator may refuse a new registration of the
 * same person; staff chose to when they closed the account (account_termination.reregistration_barred).
 */
async function assertNotBarred(tx: Tx, hashes: IdentityHashes): Promise<void> {
  const earlier = await tx.player.findMany({
    where: { state: 'CLOSED', OR: samePersonConditions(hashes) },
    select: { id: true },
  });
  if (earlier.length === 0) return;
  const barred = await tx.accountTermination.findFirst({
    where: { playerId: { in: earlier.map((p) => p.id) }, reregistrationBarred: true },
    select: { ground: true },
  });
  if (barred)
    throw new DomainError(
      'registration-barred',
      'The operator terminated an earlier contract of this person for cause and refuses a new registration (004:TRM-18).',
      { extensions: { ground: barred.ground } },
    );
}

/**
 * The act's §14a: an account closed less than 7 days ago passes its self-limits on. The measures in
 * force on it now count, changes made after its registration included; a milder decision is refused,
 * and the measures registration does not ask about are carried over (carryOverMeasures). Returns the
 * closed account, if any.
 */
export async function assertLimitsNotMilder(
  ctx: PlayersContext,
  tx: Tx,
  hashes: IdentityHashes,
  next: ResolvedDecision[],
): Promise<string | null> {
  const samePerson = await tx.player.findMany({
    where: { state: 'CLOSED', OR: samePersonConditions(hashes) },
    select: { id: true },
  });
  if (samePerson.length === 0) return null;
  const since = new Date(ctx.clock.now().getTime() - ctx.rules.limitsCarryOverDays * 86_400_000);
  const closed = await tx.playerStateTransition.findFirst({
    where: { playerId: { in: samePerson.map((p) => p.id) }, toState: 'CLOSED', at: { gte: since } },
    orderBy: { at: 'desc' },
  });
  if (!closed) return null;
  const milder = milderDecisions(
    await measuresInForceOf(tx, ctx.limitsProfile, closed.playerId, ctx.clock.now()),
    next,
    ctx.clock.now(),
  );
  if (milder.length > 0) {
    throw new DomainError(
      'self-limits-milder-than-previous',
      `An account of this person closed less than ${ctx.rules.limitsCarryOverDays} days ago had stricter self-limits: ${milder.join(', ')}.`,
      {
        field: 'body.selfLimits',
        extensions: { measures: milder },
      },
    );
  }
  return closed.playerId;
}

function samePersonConditions(hashes: IdentityHashes): Array<{ identityKeyHash: string } | { birthNumberHash: string }> {
  return [
    { identityKeyHash: hashes.identityKeyHash },
    ...(hashes.birthNumberHash ? [{ birthNumberHash: hashes.birthNumberHash }] : []),
  ];
}

export async function sendConfirmationEmail(ctx: PlayersContext, tx: Tx, playerId: string, email: string): Promise<void> {
  const token = newOpaqueToken();
  await tx.emailConfirmation.create({
    data: {
      tokenHash: sha256Hex(token),
      playerId,
      expiresAt: new Date(ctx.clock.now().getTime() + ctx.rules.emailConfirmationTtlHours * 3_600_000),
    },
  });
  await sendEmail(tx, ctx.pii, {
    to: email,
    subject: 'Confirm your e-mail address',
    text: `Confirm your application by opening ${ctx.publicBaseUrl}/confirm-email?token=${token}\n\nConfirmation token: ${token}\nThe link is valid for ${ctx.rules.emailConfirmationTtlHours} hours.`,
  });
}

/** Step 2 (004:REG-21 (i)): the single-use token from the e-mail confirms the address. */
export async function confirmEmail(ctx: PlayersContext, token: string): Promise<{ playerId: PlayerId }> {
  return transaction(ctx.db, async (tx) => {
    const now = ctx.clock.now();
    const used = await tx.emailConfirmation.updateMany({
      where: { tokenHash: sha256Hex(token), usedAt: null, expiresAt: { gt: now } },
      data: { usedAt: now },
    });
    if (used.count !== 1)
      throw new DomainError('invalid-token', 'The confirmation link is invalid, already used or expired.', {
        field: 'body.token',
      });
    const row = await tx.emailConfirmation.findUniqueOrThrow({
      where: { tokenHash: sha256Hex(token) },
      select: { playerId: true },
    });
    await tx.player.updateMany({
      where: { id: row.playerId, emailConfirmedAt: null },
      data: { emailConfirmedAt: now, updatedAt: now },
    });
    return { playerId: row.playerId as PlayerId };
  });
}
