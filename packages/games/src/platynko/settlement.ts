import { invariant } from '../shared/invariant.ts';
import type { PlatynkoCardId } from './canvas.ts';
import { layoutOf } from './bets.ts';
import type { PlatynkoTableLimits } from './limits.ts';
import { cardReturnMinor, drawPosition, platynkoReturnMultipliers } from './payouts.ts';
import type { CardResult, ChipPlacement, PlatynkoSeat, PlatynkoSeatSettlement } from './types.ts';

/**
 * Draw → payout. Every chip is a bet on its card alone (004:GAM-PL-05): a row bet is 8 card bets and
 * a column bet 4 (GAM-PL-09), each paid by its card's draw position, so a row or column pays exactly
 * as the same chips placed card by card (D-2408). A seat's return in a round is capped at the
 * maximum win, stakes included (GAM-PL-01, D-2404); with the maximum bet per round the cap is reached
 * only by the whole 100,000 CZK on the 8th card, so it never cuts a Fortuna table's return, but a
 * table with other limits would be capped.
 */
export function settleLayout(
  seat: number,
  layout: readonly ChipPlacement[],
  drawn: readonly PlatynkoCardId[],
  limits: Pick<PlatynkoTableLimits, 'winMaximumMinor'>,
  multipliers: readonly bigint[] = platynkoReturnMultipliers,
): PlatynkoSeatSettlement {
  const cardResults = layout.map((item): CardResult => {
    const position = drawPosition(drawn, item.cardId);
    return {
      cardId: item.cardId,
      stakeMinor: item.stakeMinor,
      position,
      returnedMinor: cardReturnMinor(item.stakeMinor, position, multipliers),
    };
  });
  const stakedMinor = cardResults.reduce((sum, item) => sum + item.stakeMinor, 0n);
  const uncappedMinor = cardResults.reduce((sum, item) => sum + item.returnedMinor, 0n);
  const returnedMinor = uncappedMinor > limits.winMaximumMinor ? limits.winMaximumMinor : uncappedMinor;
  return {
    seat,
    stakedMinor,
    returnedMinor,
    netMinor: returnedMinor - stakedMinor,
    cappedMinor: uncappedMinor - returnedMinor,
    cardResults,
  };
}

/** Only confirmed bets are settled (004:GAM-PL-06, GAM-PL-11); seats with none are left out. */
export function settlePlatynkoSeats(
  seats: readonly PlatynkoSeat[],
  drawn: readonly PlatynkoCardId[],
  limits: PlatynkoTableLimits,
): PlatynkoSeatSettlement[] {
  return seats
    .filter((seat) => seat.confirmed.length > 0)
    .map((seat) => {
      invariant(seat.pending.length === 0, 'pending bets are dropped before the draw');
      return settleLayout(seat.seat, layoutOf(seat.confirmed), drawn, limits);
    });
}
