/**
 * Why a Plátýnko action was refused. Stable codes: the game service maps them to its problem
 * (`game-action-refused` with the reason) and the UI to messages. The state is unchanged.
 */
export type PlatynkoRejectionReason =
  | 'wrong-phase'
  | 'unknown-seat'
  | 'no-bets'
  | 'too-many-bets'
  | 'unknown-card'
  | 'unknown-row'
  | 'unknown-column'
  | 'stake-not-multiple-of-unit'
  | 'stake-below-minimum'
  | 'stake-above-maximum'
  | 'already-confirmed'
  | 'nothing-to-undo'
  | 'nothing-to-clear'
  | 'nothing-to-confirm'
  | 'nothing-to-rebet'
  | 'invalid-rebet-factor';

export class PlatynkoRejection extends Error {
  override readonly name = 'PlatynkoRejection';

  constructor(
    readonly reason: PlatynkoRejectionReason,
    message: string,
    /** The request index within the action (place-bets), when one request caused it. */
    readonly betIndex: number | null = null,
  ) {
    super(`${reason}: ${message}`);
  }
}

/** A round was opened with a configuration no round can be played with. */
export class InvalidPlatynkoRound extends Error {
  override readonly name = 'InvalidPlatynkoRound';
}
