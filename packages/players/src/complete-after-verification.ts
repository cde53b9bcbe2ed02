import { completeRegistration, type CompleteRegistrationRequest } from './complete-registration.ts';
import type { PlayersContext } from './context.ts';

/**
 * The cashier verified a payment method (004:REG-23/24, D-406): a temporary account's registration
 * completes now; any other account has nothing to complete and is left alone ('not-temporary').
 * A refusal of completeRegistration is thrown as it is (the caller decides whether to retry).
 */
export async function completeRegistrationAfterVerification(
  ctx: PlayersContext,
  request: CompleteRegistrationRequest,
): Promise<'completed' | 'not-temporary'> {
  const player = await ctx.db.player.findUnique({ where: { id: request.playerId }, select: { state: true } });
  if (player?.state !== 'TEMPORARY') return 'not-temporary';
  await completeRegistration(ctx, request);
  return 'completed';
}
