import { completeRegistration, type CompleteRegistrationRequest } from './complete-registration.ts';
import type { PlayersContext } from './context.ts';

/**
 * The cashier verified a payment method (004:REG-23/24, D-406): a temporary account's registration,
 * or a branch contract's (004:REG-15), completes now; any other account has nothing to complete and is left alone ('not-temporary').
 * A refusal of completeRegistration is thrown as it is (the caller decides whether to retry).
 */
export async function completeRegistrationAfterVerification(
  ctx: PlayersContext,
  request: CompleteRegistrationRequest,
): Promise<'completed' | 'not-temporary'> {
  const player = await ctx.db.player.findUnique({ where: { id: request.playerId }, select: { state: true } });
  const branchContract =
    player?.state === 'APPLICANT'
      ? await ctx.db.branchContract.findUnique({ where: { playerId: request.playerId }, select: { concludedAt: true } })
      : null;
  // A temporary account, or an applicant whose contract was concluded at a branch (004 čl. 4.2.3).
  if (player?.state !== 'TEMPORARY' && !branchContract?.concludedAt) return 'not-temporary';
  await completeRegistration(ctx, request);
  return 'completed';
}
