/**
 * The service's own limits (named `…Max`, checked where they are used) and the waits the seeds leave
 * open (docs/decisions.md D-731…).
 */
export const tableRules = Object.freeze({
  /** 004:TEC-06 / GAM-R-10 / GAM-B-18: a seated player who does not bet for this many rounds loses the seat. */
  idleRoundsMaxDefault: 5,
  /**
   * D-734: a temporary table waits this long for its player; then it is dealt and played by the
   * timer's rule (stand, insurance declined) so no stake stays unsettled for ever.
   */
  temporaryTableWaitMs: 24 * 60 * 60_000,
  historyPageSizeMax: 100,
  /** Tables the lobby lists at most (an operator runs tens, not thousands). */
  lobbyTablesMax: 200,
  /** Rounds one scheduler pass drives; the next pass takes the rest. */
  dueRoundsPerPassMax: 50,
  /** A round whose step failed is tried again after this long, so it cannot hold up the other tables. */
  failedRoundRetryMs: 30_000,
  /** Held wins released per scheduler pass (004:WIN-07, D-733). */
  heldWinsPerPassMax: 50,
  chatTextLengthMax: 200,
  /**
   * Actions of one round waiting in this process for the one before them (issue 22, D-2272); one more
   * answers 503 at once. A round has at most a table's seats acting, each one request at a time.
   */
  roundActionsWaitingMax: 32,
  /**
   * The most bet confirmations of one round confirmed in one transaction (D-1855): one per player, so a live
   * table's seats (four at roulette) bound it first; the cap keeps one transaction's locks and size small.
   */
  stakeBatchMax: 8,
  /** A client action id, as the `Idempotency-Key` header allows. */
  actionIdLengthMax: 100,
});
