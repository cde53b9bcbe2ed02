/**
 * Why a roulette action was refused, in the order the engine checks. Stable codes: the game
 * service maps them to its problem types and the UI to messages. The state is unchanged.
 */
export type RouletteRejectionReason =
  | 'wrong-phase'
  | 'unknown-seat'
  | 'no-bets'
  | 'too-many-bets'
  | 'invalid-position'
  | 'bet-not-offered'
  | 'neighbours-out-of-range'
  | 'stake-not-multiple-of-unit'
  | 'stake-below-minimum'
  | 'stake-above-maximum'
  | 'nothing-to-clear'
  | 'nothing-to-confirm';

export class RouletteRejection extends Error {
  override readonly name = 'RouletteRejection';

  constructor(
    readonly reason: RouletteRejectionReason,
    message: string,
    /** The request index within the action (place-bets), when one request caused it. */
    readonly betIndex: number | null = null,
  ) {
    super(`${reason}: ${message}`);
  }
}

/** A round was opened with a configuration no round can be played with. */
export class InvalidRouletteRound extends Error {
  override readonly name = 'InvalidRouletteRound';
}
