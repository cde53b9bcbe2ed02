import { assert, DomainError } from '@casino/core';
import { enqueueOutboxMessage, lockPlayer, transaction, type Tx } from '@casino/db';
import { z } from 'zod';
import type { PlayersContext } from './context.ts';
import { registerPersonOf } from './person.ts';
import type { ExcludedPersonsAnswer } from './ports.ts';

/**
 * The register of excluded persons for a player who is already in (issue 14 (2); 004:ACC-03, ELG-04,
 * T-20; 002:AMB-SCREEN): asked at login, at every refresh of the access token, and by the worker for
 * every player whose access token may still be valid (D-1411). A listing found any of these ways ends
 * the player's access at once: the account is marked listed (`register_status = LISTED`, which every
 * stake, deposit and login already refuses), every session is revoked, and `players.access-ended`
 * asks the game service's side to end the player's seats (the worker runs it, @casino/tables).
 */
export const accessEndedTopic = 'players.access-ended';
export const AccessEndedPayloadSchema = z.object({
  playerId: z.uuid(),
  /**
   * Why: a register listing (here), a staff block or closure (@casino/compliance's account actions,
   * issue 16, D-2324), the player's own closure (002:RG-03 (c)) or the end of a contract the player gave
   * notice of (004:TRM-02, issue 23).
   */
  reason: z.enum([
    'listed-in-register',
    'blocked-by-staff',
    'closed-by-staff',
    'closed-by-player',
    'contract-ended',
    'self-excluded',
    'temporary-account-expired',
  ]),
  at: z.iso.datetime(),
});
export type AccessEndedPayload = z.infer<typeof AccessEndedPayloadSchema>;

export const registerSupportHint =
  'You are listed in the register of excluded persons and cannot log in while the listing lasts. For your balance, the settlement of your bets or a withdrawal, call the support hotline or use the contact form (004:ACC-10, ACC-11).';

interface PlayerIdentity {
  id: string;
  firstName: string;
  surname: string;
  dateOfBirth: Date;
  placeOfBirth: string | null;
  citizenship: string;
  birthNumberEncrypted: string | null;
}

const identitySelect = {
  id: true,
  firstName: true,
  surname: true,
  dateOfBirth: true,
  placeOfBirth: true,
  citizenship: true,
  birthNumberEncrypted: true,
} as const;

/** Asks the register about one player (the decrypted birth number goes to the register only). */
export async function askExcludedPersonsRegister(ctx: PlayersContext, player: PlayerIdentity): Promise<ExcludedPersonsAnswer> {
  const birthNumber = player.birthNumberEncrypted ? ctx.pii.decrypt(player.birthNumberEncrypted) : null;
  const person = registerPersonOf(
    { ...player, dateOfBirth: player.dateOfBirth.toISOString().slice(0, 10), placeOfBirth: player.placeOfBirth ?? undefined },
    birthNumber,
  );
  return ctx.registers.checkExcludedPersons(person);
}

/** The player is listed: marked so, every session revoked, the seats asked to end (through the outbox, in `tx`). */
export async function endAccessOfListedPlayer(ctx: PlayersContext, tx: Tx, playerId: string, at: Date): Promise<void> {
  // Under the player lock (@casino/db), like every stake and deposit: one decided before the listing
  // is committed is over; one after it sees the listing and is refused.
  await lockPlayer(tx, playerId);
  await tx.player.update({ where: { id: playerId }, data: { registerStatus: 'LISTED', registerCheckedAt: at, updatedAt: at } });
  // Every session, as revokeAllSessions (sessions.ts imports this module, so not through it).
  await tx.refreshToken.updateMany({ where: { playerId, revokedAt: null }, data: { revokedAt: at } });
  await enqueueOutboxMessage(tx, {
    topic: accessEndedTopic,
    payload: AccessEndedPayloadSchema.parse({ playerId, reason: 'listed-in-register', at: at.toISOString() }),
  });
}

/**
 * The register's answer for a player who is in or logging in: a listing ends their access and is
 * refused (403 `listed-in-register`); a register that cannot answer refuses too (fail closed, D-404);
 * "not listed" is remembered with its time.
 */
export async function refuseIfListed(ctx: PlayersContext, player: PlayerIdentity): Promise<void> {
  const answer = await askExcludedPersonsRegister(ctx, player);
  const at = ctx.clock.now();
  if (answer.status === 'listed') {
    await transaction(ctx.db, (tx) => endAccessOfListedPlayer(ctx, tx, player.id, at));
    throw new DomainError('listed-in-register', registerSupportHint);
  }
  await ctx.db.player.update({
    where: { id: player.id },
    data: { registerStatus: answer.status === 'not-listed' ? 'NOT_LISTED' : 'UNAVAILABLE', registerCheckedAt: at },
  });
  if (answer.status === 'unavailable') {
    throw new DomainError(
      'register-unavailable',
      'The register of excluded persons cannot be reached, so logging in is not possible right now. Please try again in a few minutes.',
    );
  }
}

export async function refuseIfListedById(ctx: PlayersContext, playerId: string): Promise<void> {
  const player = await ctx.db.player.findUniqueOrThrow({ where: { id: playerId }, select: identitySelect });
  await refuseIfListed(ctx, player);
}

export interface RecheckOptions {
  /** Players asked about in one run at most; the ones asked longest ago go first. */
  playersMax: number;
  /** Register requests in flight at once. */
  concurrencyMax: number;
}

export interface RecheckOutcome {
  checked: number;
  listed: number;
  unavailable: number;
}

/**
 * The worker's re-check (D-1411): every player who may still hold a valid access token (one was
 * issued within its lifetime, `rules.registerRecheck.accessTokenTtlMinutes`), is not marked listed
 * yet, and whose last answer is older than `answerMaxAgeMinutes`, is asked again. A register that
 * cannot answer changes nothing for the player (the next refresh is refused while it cannot; the
 * next run asks again).
 */
export async function recheckExcludedPersons(ctx: PlayersContext, options: RecheckOptions): Promise<RecheckOutcome> {
  assert(options.playersMax > 0 && options.concurrencyMax > 0, 'recheck bounds are positive');
  const now = ctx.clock.now();
  const { accessTokenTtlMinutes, answerMaxAgeMinutes } = ctx.rules.registerRecheck;
  const issuedAfter = new Date(now.getTime() - accessTokenTtlMinutes * 60_000);
  const answeredBefore = new Date(now.getTime() - answerMaxAgeMinutes * 60_000);
  // Driven by the tokens issued lately (indexed by creation), not by every player.
  const due = await ctx.db.$queryRaw<Array<{ id: string }>>`
    SELECT p.id FROM player p
    WHERE p.id IN (SELECT t.player_id FROM refresh_token t WHERE t.created_at > ${issuedAfter})
      AND p.register_status <> 'LISTED'
      AND (p.register_checked_at IS NULL OR p.register_checked_at <= ${answeredBefore})
    ORDER BY p.register_checked_at ASC NULLS FIRST
    LIMIT ${options.playersMax}`;
  const players = await ctx.db.player.findMany({ where: { id: { in: due.map((row) => row.id) } }, select: identitySelect });
  const outcome: RecheckOutcome = { checked: 0, listed: 0, unavailable: 0 };
  let next = 0;
  const lane = async () => {
    for (let index = next++; index < players.length; index = next++) {
      const answer = await recheckOne(ctx, players[index]!);
      outcome.checked++;
      if (answer === 'listed') outcome.listed++;
      if (answer === 'unavailable') outcome.unavailable++;
    }
  };
  await Promise.all(Array.from({ length: Math.min(options.concurrencyMax, players.length) }, lane));
  assert(outcome.checked === players.length, 'every selected player was asked');
  return outcome;
}

async function recheckOne(ctx: PlayersContext, player: PlayerIdentity): Promise<ExcludedPersonsAnswer['status']> {
  const answer = await askExcludedPersonsRegister(ctx, player);
  const at = ctx.clock.now();
  if (answer.status === 'listed') await transaction(ctx.db, (tx) => endAccessOfListedPlayer(ctx, tx, player.id, at));
  if (answer.status === 'not-listed')
    await ctx.db.player.update({ where: { id: player.id }, data: { registerStatus: 'NOT_LISTED', registerCheckedAt: at } });
  return answer.status;
}
