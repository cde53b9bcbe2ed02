import { DomainError, newId } from '@casino/core';
import { transaction } from '@casino/db';
import type { LimitsContext } from './context.ts';
import { endOpenSessions } from './play-session-store.ts';
import { lockPlayer } from './player-lock.ts';

/**
 * The player asks, through the operator, to be entered in the register of excluded persons (§16
 * ZHH). The request goes to the MF register first; once the register confirms the entry the player is
 * listed: every session ends, play and deposits are refused, and every later login is refused by the
 * register check (004:ACC-03) for as long as the listing lasts. A register that cannot be reached
 * enters nothing and says so (503); the request can simply be repeated (the register is idempotent).
 */
export async function requestRegisterEntry(ctx: LimitsContext, request: { playerId: string }): Promise<{ reference: string; listedSince: string }> {
  const person = await ctx.accounts.registerPerson(request.playerId);
  const answer = await ctx.register.requestExclusion(person);
  if (answer.status === 'unavailable') {
    throw new DomainError('register-unavailable', 'The register of excluded persons cannot be reached, so the entry was not requested; please try again. The panic button excludes you at once in the meantime.');
  }
  return transaction(ctx.db, async (tx) => {
    const at = ctx.clock.now();
    await lockPlayer(tx, request.playerId, at);
    await tx.registerExclusionRequest.create({
      data: { id: newId(), playerId: request.playerId, requestedAt: at, registerReference: answer.reference, listedSince: new Date(`${answer.listedSince}T00:00:00Z`) },
    });
    await ctx.accounts.recordRegisterListing(tx, request.playerId, at);
    await endOpenSessions(tx, request.playerId, at, 'register-entry');
    return { reference: answer.reference, listedSince: answer.listedSince };
  });
}
