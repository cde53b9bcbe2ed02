import { invariant } from '../shared/invariant.ts';
import { InvalidBlackjackRound } from './rejection.ts';
import { openBlackjackRound } from './round.ts';
import type { BlackjackBox, BlackjackState, BlackjackTransition, TemporaryTableOrigin } from './types.ts';

/**
 * Temporary tables (004:TEC-03, 002:BJ-UI-03/04). When a player drops out mid-round, the service
 * moves the box off the live table (`move-to-temporary-table`): the live round goes on without it.
 * On reconnection the box is finished on a temporary table of its own with the same cards and the
 * same stakes, while the dealer's cards are replaced: the temporary table is a new round with its
 * own seed, whose shoe is the rule set's decks less the player's cards, shuffled (D-713,
 * 002:AMB-BJ-TEMP). Decisions already made stand; those not yet made are offered again against the
 * new dealer cards (insurance only with an ace up), and a rule set that checks for blackjack checks
 * the new hole card before the player goes on.
 */

export interface TemporaryTableHandover extends TemporaryTableOrigin {
  readonly box: BlackjackBox;
}

/** What the live round handed over for `seat` (from its `moved-to-temporary-table` event). */
export function temporaryTableHandover(live: BlackjackState, seat: number): TemporaryTableHandover {
  const moved = live.events.find((event) => event.kind === 'moved-to-temporary-table' && event.seat === seat);
  if (!moved || moved.kind !== 'moved-to-temporary-table')
    throw new InvalidBlackjackRound(`seat ${seat} did not leave round ${live.config.roundId} for a temporary table`);
  invariant(moved.box.seat === seat, 'the handed-over box belongs to the seat');
  return { originRoundId: live.config.roundId, seat, handIndex: moved.handIndex, box: moved.box };
}

export interface OpenTemporaryTableOptions {
  readonly roundId: string;
  readonly live: BlackjackState;
  readonly seat: number;
  readonly seedCommitment: string;
}

/**
 * Opens the temporary table; closing its betting (`close-betting`, with the new round's rng) deals
 * the new dealer cards. No stake is taken again: everything on the box was debited in the live round.
 */
export function openTemporaryTable(options: OpenTemporaryTableOptions): BlackjackTransition {
  const handover = temporaryTableHandover(options.live, options.seat);
  const { rules, limits, seatsMax } = options.live.config;
  return openBlackjackRound({
    roundId: options.roundId,
    rules,
    limits,
    seatsMax,
    seedCommitment: options.seedCommitment,
    temporaryTable: handover,
  });
}
