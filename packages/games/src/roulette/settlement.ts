import { invariant } from '../shared/invariant.ts';
import { payoutRatio } from './layout.ts';
import type { BetResult, PlacedBet, Placement, PlacementResult, RouletteSeat, SeatSettlement } from './types.ts';
import type { RouletteVariant } from './variants.ts';
import { zero } from './wheel.ts';

/**
 * Result → payout (004:GAM-R-05): a winning position returns its stake plus stake × ratio; a
 * losing one returns nothing. French even-chance bets return half on zero (la partage). In
 * double-ball roulette each ball settles half the stake (D-704). All amounts stay exact: stakes are
 * multiples of an even unit, so every half is whole.
 */
export function placementReturnMinor(
  item: Pick<Placement, 'type' | 'numbers' | 'stakeMinor'>,
  pockets: readonly number[],
  variant: RouletteVariant,
): bigint {
  invariant(pockets.length === variant.balls, 'one pocket per ball');
  const winReturn = (stakeMinor: bigint): bigint => stakeMinor * (payoutRatio[item.type] + 1n);
  if (variant.balls === 1) {
    const pocket = pockets[0]!;
    if (item.numbers.includes(pocket)) return winReturn(item.stakeMinor);
    if (pocket === zero && variant.laPartage && item.type === 'even-chance') return halfOf(item.stakeMinor);
    return 0n;
  }
  invariant(!variant.laPartage, 'la partage is a single-ball rule');
  const perBall = halfOf(item.stakeMinor);
  return pockets.reduce((sum, pocket) => sum + (item.numbers.includes(pocket) ? winReturn(perBall) : 0n), 0n);
}

function halfOf(amountMinor: bigint): bigint {
  invariant(amountMinor % 2n === 0n, 'halves are exact: stakes are multiples of an even unit');
  return amountMinor / 2n;
}

function outcomeOf(item: Placement, returnedMinor: bigint, pockets: readonly number[]): PlacementResult['outcome'] {
  if (returnedMinor === 0n) return 'lost';
  const hits = pockets.filter((pocket) => item.numbers.includes(pocket)).length;
  if (hits === 0) return 'la-partage';
  return hits === pockets.length ? 'won' : 'partly-won';
}

function settleBet(bet: PlacedBet, pockets: readonly number[], variant: RouletteVariant): BetResult {
  const placements = bet.placements.map((item): PlacementResult => {
    const returnedMinor = placementReturnMinor(item, pockets, variant);
    return { key: item.key, stakeMinor: item.stakeMinor, returnedMinor, outcome: outcomeOf(item, returnedMinor, pockets) };
  });
  const returnedMinor = placements.reduce((sum, item) => sum + item.returnedMinor, 0n);
  return { betId: bet.betId, stakeMinor: bet.stakeMinor, returnedMinor, placements };
}

/** Only confirmed bets are settled (004:GAM-R-07); seats with none are left out. */
export function settleSeats(
  seats: readonly RouletteSeat[],
  pockets: readonly number[],
  variant: RouletteVariant,
): SeatSettlement[] {
  return seats
    .filter((seat) => seat.confirmed.length > 0)
    .map((seat) => {
      invariant(seat.pending.length === 0, 'pending bets are dropped before the spin');
      const bets = seat.confirmed.map((bet) => settleBet(bet, pockets, variant));
      const stakedMinor = bets.reduce((sum, bet) => sum + bet.stakeMinor, 0n);
      const returnedMinor = bets.reduce((sum, bet) => sum + bet.returnedMinor, 0n);
      return { seat: seat.seat, stakedMinor, returnedMinor, bets };
    });
}
