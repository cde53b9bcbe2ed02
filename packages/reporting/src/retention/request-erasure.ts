import { randomBytes } from 'node:crypto';
import { appendAuditEntry, type Actor } from '@casino/compliance';
import { assert, DomainError, newId, pragueDate, type PlayerId } from '@casino/core';
import { lockPlayer, Prisma, transaction, type Tx } from '@casino/db';
import type { ReportingContext } from '../context.ts';
import { erasedOnRequest, retainedForPeriod, type PersonalDataItem } from './personal-data.ts';
import { playerRetention, type PlayerRetention } from './retention-period.ts';

export interface ErasureOutcome {
  playerId: string;
  erased: readonly PersonalDataItem[];
  retained: ReadonlyArray<PersonalDataItem & { until: string }>;
  retainedUntil: string;
  /** When the retained part was anonymised too; null until the retention period ends. */
  completedAt: Date | null;
}

/**
 * A player's request to erase their personal data (GDPR art. 17), recorded by staff. Only after the
 * contract ended (the account is closed or cancelled). Contact data and credentials are erased now;
 * identification data stays for the retention period (AML act §16, 002:REC-02) and is anonymised
 * when it ends, at once if it already has. The answer says which is which. Asking twice returns the
 * first request's outcome.
 */
export async function requestErasure(
  ctx: ReportingContext,
  options: { playerId: PlayerId; actor: Actor; reason: string },
): Promise<ErasureOutcome> {
  return transaction(ctx.db, async (tx) => {
    // The player lock (@casino/db): a staff action that reopens the account waits, or is seen.
    await lockPlayer(tx, options.playerId);
    const [player] = await tx.$queryRaw<
      Array<{ state: string }>
    >`SELECT state::text FROM player WHERE id = ${options.playerId}::uuid`;
    if (!player) throw new DomainError('not-found', `No player ${options.playerId}.`, { field: 'params.playerId' });
    const existing = await tx.erasureRequest.findUnique({ where: { playerId: options.playerId } });
    if (existing) return outcome(existing.playerId, pragueDate(existing.retainedUntil), existing.completedAt);
    if (player.state !== 'CLOSED' && player.state !== 'CANCELLED') {
      throw new DomainError(
        'erasure-account-open',
        `The account is ${player.state}: the contract must end (the account closed) before personal data can be erased.`,
        { field: 'params.playerId' },
      );
    }
    const retention = await playerRetention(tx, options.playerId, ctx.rules.retention.years);
    assert(retention.retainedUntil !== null, 'a closed account has a retention period');
    const now = ctx.clock.now();
    await eraseContactData(tx, options.playerId, now);
    await tx.erasureRequest.create({
      data: {
        id: newId(),
        playerId: options.playerId,
        requestedAt: now,
        requestedBy: options.actor.kind === 'staff' ? options.actor.staffUserId : `system:${options.actor.name}`,
        reason: options.reason,
        erasedFields: erasedOnRequest.map((e) => e.item),
        retainedFields: retainedForPeriod.map((r) => r.item),
        retainedUntil: new Date(`${retention.retainedUntil}T00:00:00Z`),
      },
    });
    await appendAuditEntry(tx, options.actor, now, {
      action: 'player.erasure-requested',
      subjectType: 'player',
      subjectId: options.playerId,
      reason: options.reason,
      after: {
        erased: erasedOnRequest.map((e) => e.item),
        retained: retainedForPeriod.map((r) => r.item),
        retainedUntil: retention.retainedUntil,
      },
    });
    const completedAt =
      retention.retainedUntil <= pragueDate(now) ? await anonymiseRetained(tx, ctx, options.playerId, options.actor) : null;
    return outcome(options.playerId, retention.retainedUntil, completedAt);
  });
}

/**
 * Anonymises what was retained, once the retention period is over; refuses inside it (the DB
 * trigger refuses the deletes on its own as well). Runs from the schedule for due requests.
 */
export async function erasePersonalRecords(
  ctx: ReportingContext,
  options: { playerId: PlayerId; actor: Actor },
): Promise<ErasureOutcome> {
  return transaction(ctx.db, async (tx) => {
    const request = await tx.erasureRequest.findUnique({ where: { playerId: options.playerId } });
    if (!request)
      throw new DomainError('not-found', `Player ${options.playerId} has not asked for erasure.`, { field: 'params.playerId' });
    if (request.completedAt) return outcome(request.playerId, pragueDate(request.retainedUntil), request.completedAt);
    const retention = await playerRetention(tx, options.playerId, ctx.rules.retention.years);
    const until = retention.retainedUntil ?? pragueDate(request.retainedUntil);
    const today = pragueDate(ctx.clock.now());
    if (today < until) {
      throw new DomainError(
        'retention-period-active',
        `The records of player ${options.playerId} are kept until ${until} (${ctx.rules.retention.years} years after the contract ended or the last transaction, whichever is later).`,
        {
          extensions: { retainedUntil: until },
        },
      );
    }
    const completedAt = await anonymiseRetained(tx, ctx, options.playerId, options.actor);
    return outcome(options.playerId, until, completedAt);
  });
}

export const dueErasuresBatchMax = 100;

/** The scheduled side: every request whose retention period has ended, anonymised. */
export async function completeDueErasures(ctx: ReportingContext, actor: Actor): Promise<number> {
  const today = new Date(`${pragueDate(ctx.clock.now())}T00:00:00Z`);
  const due = await ctx.db.erasureRequest.findMany({
    where: { completedAt: null, retainedUntil: { lte: today } },
    select: { playerId: true },
    take: dueErasuresBatchMax,
  });
  let completed = 0;
  for (const { playerId } of due) {
    try {
      await erasePersonalRecords(ctx, { playerId: playerId as PlayerId, actor });
      completed++;
    } catch (error) {
      // A transaction after the request moved the period on: it stays due, not an error.
      if (!(error instanceof DomainError && error.code === 'retention-period-active')) throw error;
    }
  }
  return completed;
}

async function eraseContactData(tx: Tx, playerId: PlayerId, now: Date): Promise<void> {
  await tx.player.update({
    where: { id: playerId },
    data: {
      email: `erased-${playerId}@erased.invalid`,
      phone: '',
      passwordHash: '!erased',
      twoFactorEnabled: false,
      correspondenceAddress: Prisma.DbNull,
      updatedAt: now,
    },
  });
  await tx.refreshToken.deleteMany({ where: { playerId } });
  await tx.smsChallenge.deleteMany({ where: { playerId } });
  await tx.emailConfirmation.deleteMany({ where: { playerId } });
  // The branch PIN is a credential like the password (004:REG-14).
  await tx.branchContract.updateMany({ where: { playerId }, data: { pinHash: null } });
}

async function anonymiseRetained(tx: Tx, ctx: ReportingContext, playerId: PlayerId, actor: Actor): Promise<Date> {
  const now = ctx.clock.now();
  // Releases this player's records to the retention trigger for this transaction only.
  await tx.$executeRaw`SELECT set_config('casino.retention_released_player', ${playerId}, true)`;
  await tx.personalDataChange.deleteMany({ where: { playerId } });
  await tx.player.update({
    where: { id: playerId },
    data: {
      firstName: 'ERASED',
      surname: 'ERASED',
      birthSurname: null,
      dateOfBirth: new Date('1900-01-01T00:00:00Z'),
      placeOfBirth: 'ERASED',
      citizenship: 'XX',
      residenceAddress: {},
      birthNumberEncrypted: null,
      birthNumberHash: null,
      identityKeyHash: randomBytes(32).toString('hex'),
      updatedAt: now,
    },
  });
  // The identity document shown at a branch (004:IDV-02) is identification data like the birth number.
  await tx.branchContract.updateMany({ where: { playerId }, data: { idDocumentNumberEncrypted: 'ERASED' } });
  await tx.$executeRaw`SELECT set_config('casino.retention_released_player', '', true)`;
  await tx.erasureRequest.update({ where: { playerId }, data: { completedAt: now } });
  await appendAuditEntry(tx, actor, now, {
    action: 'player.personal-data-anonymised',
    subjectType: 'player',
    subjectId: playerId,
    after: { anonymised: retainedForPeriod.map((r) => r.item) },
  });
  return now;
}

function outcome(playerId: string, until: string, completedAt: Date | null): ErasureOutcome {
  return {
    playerId,
    erased: erasedOnRequest,
    retained: retainedForPeriod.map((r) => ({ ...r, until })),
    retainedUntil: until,
    completedAt,
  };
}

/** How long a player's records are kept, for staff and auditors. */
export async function findRetention(
  ctx: ReportingContext,
  playerId: PlayerId,
): Promise<PlayerRetention & { playerId: string; retentionYears: number; erasureRequested: boolean }> {
  return transaction(ctx.db, async (tx) => {
    const player = await tx.player.findUnique({ where: { id: playerId }, select: { id: true } });
    if (!player) throw new DomainError('not-found', `No player ${playerId}.`, { field: 'params.playerId' });
    const retention = await playerRetention(tx, playerId, ctx.rules.retention.years);
    const request = await tx.erasureRequest.findUnique({ where: { playerId }, select: { id: true } });
    return { playerId, ...retention, retentionYears: ctx.rules.retention.years, erasureRequested: request !== null };
  });
}
