import { DomainError, newId } from '@casino/core';
import { transaction, type Tx } from '@casino/db';
import type { LimitsContext } from './context.ts';
import { endOpenSessions } from './play-session-store.ts';
import { lockPlayer } from './player-lock.ts';

/**
 * The register client's worst case (three attempts of its timeout plus backoff, about 8 s with the
 * defaults) fits in this, and so does a second request waiting behind the first one.
 */
const entryTransactionTimeoutMs = 30_000;

/**
 * The player asks, through the operator, to be entered in the register of excluded persons (§16
 * ZHH). The request goes to the MF register first; once the register confirms the entry the player is
 * listed: every session ends, play and deposits are refused, and every later login is refused by the
 * register check (004:ACC-03) for as long as the listing lasts. A register that cannot be reached
 * enters nothing and says so (503); the request can simply be repeated.
 *
 * Idempotent (issue 14 (15a)): the player's lock is held across the register call, so requests of
 * one player are decided one after another, and a player already listed on an entry they asked for
 * gets that entry back without a new register request. Holding the lock blocks only this player's
 * stakes and deposits, which the entry is about to refuse anyway (D-1416).
 */
export async function requestRegisterEntry(
  ctx: LimitsContext,
  request: { playerId: string },
): Promise<{ reference: string; listedSince: string }> {
  const person = await ctx.accounts.registerPerson(request.playerId);
  return transaction(
    ctx.db,
    async (tx) => {
      await lockPlayer(tx, request.playerId, ctx.clock.now());
      const earlier = await enteredOnRequest(tx, request.playerId);
      if (earlier) return earlier;
      const answer = await ctx.register.requestExclusion(person);
      if (answer.status === 'unavailable') {
        throw new DomainError(
          'register-unavailable',
          'The register of excluded persons cannot be reached, so the entry was not requested; please try again. The panic button excludes you at once in the meantime.',
        );
      }
      const at = ctx.clock.now();
      await tx.registerExclusionRequest.create({
        data: {
          id: newId(),
          playerId: request.playerId,
          requestedAt: at,
          registerReference: answer.reference,
          listedSince: new Date(`${answer.listedSince}T00:00:00Z`),
        },
      });
      await ctx.accounts.recordRegisterListing(tx, request.playerId, at);
      await endOpenSessions(tx, request.playerId, at, 'register-entry');
      return { reference: answer.reference, listedSince: answer.listedSince };
    },
    { timeoutMs: entryTransactionTimeoutMs },
  );
}

/** The entry the player asked for, while the account still says listed (a listing that ended asks again). */
async function enteredOnRequest(tx: Tx, playerId: string): Promise<{ reference: string; listedSince: string } | null> {
  const player = await tx.player.findUnique({ where: { id: playerId }, select: { registerStatus: true } });
  if (player?.registerStatus !== 'LISTED') return null;
  const entry = await tx.registerExclusionRequest.findFirst({
    where: { playerId },
    orderBy: { requestedAt: 'desc' },
    select: { registerReference: true, listedSince: true },
  });
  return entry ? { reference: entry.registerReference, listedSince: entry.listedSince.toISOString().slice(0, 10) } : null;
}
