import type { Card } from '../cards/index.ts';
import { deepFreeze, invariant } from '../shared/invariant.ts';
import type { BlackjackAction, BlackjackBox, BlackjackEvent, BlackjackHand, BlackjackState, SeatBet } from './types.ts';

/**
 * The working copy an action changes. Copying is shallow where nothing changes (the shoe, the logs'
 * entries) and per box and hand otherwise, so a transition costs little however long the round.
 */

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

export type DraftHand = Mutable<BlackjackHand> & { cards: Card[] };
export type DraftBox = Mutable<Omit<BlackjackBox, 'hands'>> & { hands: DraftHand[] };

export interface Draft extends Mutable<Omit<BlackjackState, 'boxes' | 'bets' | 'dealerCards' | 'events' | 'actions'>> {
  bets: SeatBet[];
  boxes: DraftBox[];
  dealerCards: Card[];
  /** Events this action appended. */
  newEvents: BlackjackEvent[];
  previousEvents: readonly BlackjackEvent[];
  actions: readonly BlackjackAction[];
}

export function copyHand(hand: BlackjackHand): DraftHand {
  return { ...hand, cards: [...hand.cards] };
}

export function copyBox(box: BlackjackBox): DraftBox {
  return { ...box, hands: box.hands.map(copyHand) };
}

export function toDraft(state: BlackjackState): Draft {
  const { events, ...rest } = state;
  return { ...rest, bets: [...state.bets], boxes: state.boxes.map(copyBox), dealerCards: [...state.dealerCards], newEvents: [], previousEvents: events };
}

export function fromDraft(draft: Draft, action: BlackjackAction | null): BlackjackState {
  const { newEvents, previousEvents, ...rest } = draft;
  const state: BlackjackState = {
    ...rest,
    actions: action === null ? draft.actions : [...draft.actions, structuredClone(action)],
    events: [...previousEvents, ...newEvents],
  };
  return deepFreeze(state);
}

export function emit(draft: Draft, event: BlackjackEvent): void {
  draft.newEvents.push(event);
}

export function drawCard(draft: Draft): Card {
  invariant(draft.shoe !== null && draft.dealt < draft.shoe.length, 'the shoe never runs out within a round');
  const card = draft.shoe[draft.dealt]!;
  draft.dealt += 1;
  return card;
}

export function boxOfSeat(draft: Pick<Draft, 'boxes'>, seat: number): DraftBox | undefined {
  return draft.boxes.find((box) => box.seat === seat);
}
