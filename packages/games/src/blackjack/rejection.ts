/**
 * Why a blackjack action was refused, in the order the engine checks. Stable codes for the game
 * service and the UI. A refused action leaves the state unchanged.
 */
export type BlackjackRejectionReason =
  | 'wrong-phase'
  | 'unknown-seat'
  | 'no-box'
  | 'not-your-turn'
  | 'stake-not-multiple-of-unit'
  | 'stake-below-minimum'
  | 'stake-above-maximum'
  | 'bet-already-confirmed'
  | 'nothing-to-confirm'
  | 'nothing-to-clear'
  | 'no-decision-pending'
  | 'cannot-hit'
  | 'cannot-double'
  | 'cannot-split'
  | 'split-limit-reached'
  | 'cannot-surrender'
  | 'no-warning-shown'
  | 'cannot-move';

export class BlackjackRejection extends Error {
  override readonly name = 'BlackjackRejection';

  constructor(
    readonly reason: BlackjackRejectionReason,
    message: string,
  ) {
    super(`${reason}: ${message}`);
  }
}

export class InvalidBlackjackRound extends Error {
  override readonly name = 'InvalidBlackjackRound';
}
