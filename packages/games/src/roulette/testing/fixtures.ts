import { commitToSeed, roundRng, testRoundSeed, type Rng } from '../../rng/index.ts';
import type { RouletteTableLimits } from '../limits.ts';
import { applyRouletteAction, openRouletteRound } from '../round.ts';
import type { RouletteAction, RouletteBetRequest, RouletteState } from '../types.ts';
import type { RouletteVariant, RouletteVariantId } from '../variants.ts';
import { placementReturnMinor } from '../settlement.ts';
import { placementsOf } from '../bets.ts';

/** Test helpers: CZK tables in haléř, rigged spins. Not part of the public API. */

export const czk = (amount: number): bigint => BigInt(Math.round(amount * 100));

/** A Fortuna table (004:GAM-RE-07): minimum 0.1 CZK, straight maximum and outside maximum as given. */
export function testLimits(straightMaximumCzk = 1_000, outsideMaximumCzk = 5_000): RouletteTableLimits {
  return {
    unitMinor: 10n,
    insideMinimumMinor: 10n,
    outsideMinimumMinor: 10n,
    straightMaximumMinor: czk(straightMaximumCzk),
    outsideMaximumMinor: czk(outsideMaximumCzk),
    positionMaximumMinor: czk(1_000_000),
  };
}

/** An rng that lands the ball(s) on the given pockets. */
export function riggedWheel(...pockets: number[]): Rng {
  const queue = [...pockets];
  return {
    intBelow(bound: number): number {
      const next = queue.shift();
      if (next === undefined || next >= bound) throw new Error('the rigged wheel ran out of results');
      return next;
    },
  };
}

export function openTestRound(
  variant: RouletteVariant | RouletteVariantId = 'european',
  limits = testLimits(),
  label = 'roulette',
): RouletteState {
  return openRouletteRound({ roundId: `round-${label}`, variant, limits, seedCommitment: commitToSeed(testRoundSeed(label)) })
    .state;
}

/** Applies actions in order with the round rng of the test seed. */
export function run(
  state: RouletteState,
  actions: readonly RouletteAction[],
  rng: Rng = roundRng(testRoundSeed('roulette')),
): RouletteState {
  return actions.reduce((current, action) => applyRouletteAction(current, action, rng).state, state);
}

/** Places and confirms bets for one seat, closes betting and spins onto `pockets`. */
export function playRound(
  variant: RouletteVariant | RouletteVariantId,
  bets: readonly RouletteBetRequest[],
  pockets: number[],
  limits = testLimits(),
): RouletteState {
  const state = openTestRound(variant, limits);
  return run(
    state,
    [{ kind: 'place-bets', seat: 1, bets }, { kind: 'confirm-bets', seat: 1 }, { kind: 'close-betting' }, { kind: 'spin' }],
    riggedWheel(...pockets),
  );
}

/** What one request returns (stake included) for a result, through the engine's own expansion and settlement. */
export function returnOf(state: RouletteState, request: RouletteBetRequest, pockets: number[]): bigint {
  return placementsOf(request, state.config, 0).reduce(
    (sum, item) => sum + placementReturnMinor(item, pockets, state.config.variant),
    0n,
  );
}
