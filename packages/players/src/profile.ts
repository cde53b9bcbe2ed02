import { addDays, DomainError, pragueDate } from '@casino/core';
import { transaction } from '@casino/db';
import argon2 from 'argon2';
import type { PlayersContext } from './context.ts';
import type { Address } from './person.ts';
import { screenPerson } from './screening.ts';
import { revokeAllSessions } from './sessions.ts';

export interface PersonalDataUpdate {
  surname?: string;
  residenceAddress?: Address;
  correspondenceAddress?: Address | null;
  phone?: string;
  /** When the change happened (the player must report it within 5 days, 004:REG-03). */
  changedOn: string;
}

/**
 * A personal-data change with its history: which fields, their previous values, when it happened and
 * whether it was reported late. A late report is flagged for compliance, not blocked (004:AMB-11).
 */
export async function updatePersonalData(
  ctx: PlayersContext,
  playerId: string,
  update: PersonalDataUpdate,
): Promise<{ reportedLate: boolean }> {
  const today = pragueDate(ctx.clock.now());
  if (update.changedOn > today)
    throw new DomainError('validation-failed', 'A change cannot happen in the future.', { field: 'body.changedOn' });
  if (update.residenceAddress && !ctx.rules.residenceCountries.includes(update.residenceAddress.country)) {
    throw new DomainError('not-resident', 'Only residents of the Czech Republic may take part (004:ELG-02).', {
      field: 'body.residenceAddress.country',
    });
  }
  return transaction(ctx.db, async (tx) => {
    const player = await tx.player.findUniqueOrThrow({ where: { id: playerId } });
    const { changedOn, ...fields } = update;
    const changed = Object.keys(fields).filter((k) => fields[k as keyof typeof fields] !== undefined) as Array<
      keyof typeof fields
    >;
    if (changed.length === 0) throw new DomainError('validation-failed', 'Nothing to change.', { field: 'body' });
    const previous = Object.fromEntries(changed.map((k) => [k, player[k] ?? null]));
    const reportedLate = addDays(changedOn, ctx.rules.personalDataReportDays) < today;
    await tx.personalDataChange.create({
      data: {
        playerId,
        changedFields: changed,
        previous: previous as object,
        changedOn: new Date(`${changedOn}T00:00:00Z`),
        reportedAt: ctx.clock.now(),
        reportedLate,
      },
    });
    await tx.player.update({
      where: { id: playerId },
      data: {
        ...(fields.surname !== undefined ? { surname: fields.surname } : {}),
        ...(fields.residenceAddress !== undefined ? { residenceAddress: { ...fields.residenceAddress } } : {}),
        ...(fields.correspondenceAddress !== undefined
          ? { correspondenceAddress: fields.correspondenceAddress === null ? undefined : { ...fields.correspondenceAddress } }
          : {}),
        ...(fields.phone !== undefined ? { phone: fields.phone } : {}),
        updatedAt: ctx.clock.now(),
      },
    });
    // A new surname is screened again (issue 9: screening on a change of personal data).
    if (fields.surname !== undefined) {
      await screenPerson(
        ctx,
        tx,
        playerId,
        { ...player, surname: fields.surname, dateOfBirth: player.dateOfBirth.toISOString().slice(0, 10) },
        ctx.clock.now(),
      );
    }
    return { reportedLate };
  });
}

/** Password change (004:ELG-05): the current password proves it is the player; every other session ends. */
export async function changePassword(
  ctx: PlayersContext,
  playerId: string,
  currentPassword: string,
  newPassword: string,
): Promise<void> {
  const player = await ctx.db.player.findUniqueOrThrow({ where: { id: playerId }, select: { passwordHash: true } });
  if (!(await argon2.verify(player.passwordHash, currentPassword)))
    throw new DomainError('invalid-credentials', 'The current password is wrong.', { field: 'body.currentPassword' });
  const passwordHash = await argon2.hash(newPassword, { type: argon2.argon2id });
  await transaction(ctx.db, async (tx) => {
    await tx.player.update({ where: { id: playerId }, data: { passwordHash, updatedAt: ctx.clock.now() } });
    await revokeAllSessions(ctx, tx, playerId);
  });
}

/**
 * The optional second factor of a login (issue 4): with it on, every login after the password asks
 * for a code sent by SMS to the verified phone. Turning it on or off needs the current password, so
 * a stolen access token alone cannot weaken the account.
 */
export async function setSecondFactor(
  ctx: PlayersContext,
  playerId: string,
  options: { enabled: boolean; currentPassword: string },
): Promise<{ secondFactorEnabled: boolean }> {
  const player = await ctx.db.player.findUniqueOrThrow({ where: { id: playerId }, select: { passwordHash: true } });
  if (!(await argon2.verify(player.passwordHash, options.currentPassword)))
    throw new DomainError('invalid-credentials', 'The current password is wrong.', { field: 'body.currentPassword' });
  await ctx.db.player.update({
    where: { id: playerId },
    data: { twoFactorEnabled: options.enabled, updatedAt: ctx.clock.now() },
  });
  return { secondFactorEnabled: options.enabled };
}

export async function playerOverview(ctx: PlayersContext, playerId: string) {
  const player = await ctx.db.player.findUniqueOrThrow({ where: { id: playerId } });
  const temporary = await ctx.db.temporaryAccount.findUnique({ where: { playerId } });
  return {
    id: player.id,
    state: player.state,
    email: player.email,
    firstName: player.firstName,
    surname: player.surname,
    identityStatus: player.identityStatus,
    registerStatus: player.registerStatus,
    screeningStatus: player.screeningStatus,
    secondFactorEnabled: player.twoFactorEnabled,
    temporaryAccount: temporary
      ? {
          status: temporary.status,
          deadlineAt: temporary.deadlineAt.toISOString(),
          ...temporaryAccountDaysLeft(temporary.deadlineAt, ctx.clock.now()),
          depositedMinor: temporary.depositedMinor,
          depositCapMinor: temporary.depositCapMinor,
        }
      : null,
  };
}

/**
 * The temporary account's last day and the whole days after today until it ends (D-1782): the
 * deadline is the start of the Europe/Prague day after the last one, so on the last day 0 are left
 * and a page can say "ends today"; after the deadline, 0 as well.
 */
export function temporaryAccountDaysLeft(deadlineAt: Date, now: Date): { lastDay: string; daysLeft: number } {
  const lastDay = pragueDate(new Date(deadlineAt.getTime() - 1));
  const days = (Date.parse(lastDay) - Date.parse(pragueDate(now))) / 86_400_000;
  return { lastDay, daysLeft: now < deadlineAt ? Math.max(0, days) : 0 };
}
