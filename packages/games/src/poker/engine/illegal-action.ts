/**
 * Why an action or step was refused, in the order the engine checks them. Stable codes: the table
 * service maps them to its own errors and the UI to messages.
 */
export type IllegalActionReason =
  | 'hand-complete'
  | 'wrong-phase'
  | 'automated-step'
  | 'not-your-turn'
  | 'unknown-seat'
  | 'check-facing-bet'
  | 'nothing-to-call'
  | 'bet-already-made'
  | 'no-bet-to-raise'
  | 'betting-not-reopened'
  | 'raise-cap-reached'
  | 'no-opponent-can-respond'
  | 'amount-not-integer'
  | 'amount-below-minimum'
  | 'amount-above-maximum'
  | 'amount-not-fixed-limit-size'
  | 'insufficient-chips'
  | 'run-count-not-offered'
  | 'run-count-out-of-range'
  | 'run-count-already-chosen'
  | 'muck-not-allowed';

/** A refused player action or manual step. The state is unchanged when this is thrown. */
export class IllegalAction extends Error {
  override readonly name = 'IllegalAction';

  constructor(
    readonly reason: IllegalActionReason,
    message: string,
  ) {
    super(`${reason}: ${message}`);
  }
}

/** A hand was started with options no hand can be played with (PokerKit's __post_init__ checks). */
export class InvalidHandOptions extends Error {
  override readonly name = 'InvalidHandOptions';
}
