import { DomainError } from '@casino/core';
import { enqueueOutboxMessage, type Tx } from '@casino/db';
import type { PlayerAccounts } from '@casino/limits';
import type { PlayersContext } from './context.ts';
import { registerPersonOf } from './person.ts';
import { AccessEndedPayloadSchema, accessEndedTopic, endAccessOfListedPlayer } from './register-listing.ts';
import { revokeAllSessions } from './sessions.ts';
import { transition, type PlayerState } from './states.ts';

/**
 * What `@casino/limits` may do to a player's account (its PlayerAccounts port): end the sessions,
 * close the account, record a listing the player asked for, and say who the person is for the MF
 * register. Sessions and states stay this package's business.
 */
export function playerAccountsFor(ctx: PlayersContext): PlayerAccounts {
  return {
    async registerPerson(playerId) {
      const player = await ctx.db.player.findUnique({ where: { id: playerId } });
      if (!player) throw new DomainError('not-found', 'No such player.');
      const birthNumber = player.birthNumberEncrypted ? ctx.pii.decrypt(player.birthNumberEncrypted) : null;
      return registerPersonOf(
        { ...player, dateOfBirth: player.dateOfBirth.toISOString().slice(0, 10), placeOfBirth: player.placeOfBirth ?? undefined },
        birthNumber,
      );
    },
    // A self-exclusion ends the seats as a block does (D-1789; 000-001:T-77): the worker frees them, a
    // poker seat at the end of the running hand with the chips credited (D-2325 closed for exclusions).
    async endAccessForExclusion(tx, playerId, at) {
      await revokeAllSessions(ctx, tx, playerId);
      await enqueueOutboxMessage(tx, {
        topic: accessEndedTopic,
        payload: AccessEndedPayloadSchema.parse({ playerId, reason: 'self-excluded', at: at.toISOString() }),
      });
    },
    closeAccount: (tx, playerId, options) => closePlayerAccount(ctx, tx, playerId, options),
    // The same end of access as a listing the register reports by itself: sessions and seats end too.
    recordRegisterListing: (tx, playerId, at) => endAccessOfListedPlayer(ctx, tx, playerId, at),
  };
}

/**
 * The player closes the account (002:RG-03 (c)): state CLOSED, every session ended. An open
 * temporary account ends now, so the expiry job refunds its unused balance as for any cancelled one
 * (004:TMP-09).
 */
async function closePlayerAccount(
  ctx: PlayersContext,
  tx: Tx,
  playerId: string,
  options: { reason: string; at: Date },
): Promise<void> {
  const { state } = await tx.player.findUniqueOrThrow({ where: { id: playerId }, select: { state: true } });
  if (state === 'CLOSED') return;
  if (state === 'CANCELLED')
    throw new DomainError('account-not-active', 'This registration was cancelled; there is no account to close.');
  await transition(tx, playerId, state as PlayerState, 'CLOSED', { reason: options.reason, actor: 'player', at: options.at });
  await revokeAllSessions(ctx, tx, playerId);
  await tx.temporaryAccount.updateMany({
    where: { playerId, status: 'OPEN', deadlineAt: { gt: options.at } },
    data: { deadlineAt: options.at },
  });
  // The seats end as for a staff closure (D-2324): the worker frees them, chips credited.
  await enqueueOutboxMessage(tx, {
    topic: accessEndedTopic,
    payload: AccessEndedPayloadSchema.parse({ playerId, reason: 'closed-by-player', at: options.at.toISOString() }),
  });
}
