import type { Card } from '../cards/index.ts';
import type { BlackjackBox, BlackjackEvent, BlackjackPhase, BoxSettlement, BlackjackState } from './types.ts';

/**
 * What players and spectators may see of a round: everything but the shoe and the face-down hole
 * card. The service pushes this, never the state (the state holds the rest of the shoe).
 */
export interface BlackjackTableView {
  readonly roundId: string;
  readonly rulesId: string;
  readonly phase: BlackjackPhase;
  readonly seedCommitment: string;
  readonly bets: BlackjackState['bets'];
  readonly boxes: readonly BlackjackBox[];
  /** The dealer's cards, the hole card as null while it is face down. */
  readonly dealerCards: readonly (Card | null)[];
  readonly turn: BlackjackState['turn'];
  readonly settlements: readonly BoxSettlement[] | null;
  readonly temporaryTableFor: string | null;
}

export function blackjackTableView(state: BlackjackState): BlackjackTableView {
  return {
    roundId: state.config.roundId,
    rulesId: state.config.rules.id,
    phase: state.phase,
    seedCommitment: state.config.seedCommitment,
    bets: state.bets,
    boxes: state.boxes,
    dealerCards: state.dealerCards.map((card, index) => (index === 1 && state.holeCardHidden ? null : card)),
    turn: state.turn,
    settlements: state.settlements,
    temporaryTableFor: state.config.temporaryTable?.originRoundId ?? null,
  };
}

/** An event as players may see it: a face-down card is announced without its face until it is turned. */
export type BlackjackPublicEvent =
  | Exclude<BlackjackEvent, { kind: 'dealer-card-dealt' }>
  | { readonly kind: 'dealer-card-dealt'; readonly card: Card | null; readonly faceDown: boolean };

export function publicBlackjackEvent(event: BlackjackEvent): BlackjackPublicEvent {
  if (event.kind === 'dealer-card-dealt' && event.faceDown) return { ...event, card: null };
  return event;
}
