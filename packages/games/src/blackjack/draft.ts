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
  /** Events appended since the draft was taken. */
  newEvents: BlackjackEvent[];
  previousEvents: readonly BlackjackEvent[];
  actions: BlackjackAction[];
}

export function copyHand(hand: BlackjackHand): DraftHand {
  return { ...hand, cards: [...hand.cards] };
}

export function copyBox(box: BlackjackBox): DraftBox {
  return { ...box, hands: box.hands.map(copyHand) };
}

export function toDraft(state: BlackjackState): Draft {
  const { events, ...rest } = state;
  return {
    ...rest,
    bets: [...state.bets],
    boxes: state.boxes.map(copyBox),
    dealerCards: [...state.dealerCards],
    actions: [...state.actions],
    newEvents: [],
    previousEvents: events,
  };
}

/**
 * The next state, frozen. Only what this transition created is walked: the previous events and
 * actions, the config and the shoe are frozen already and shared.
 */
export function fromDraft(draft: Draft): BlackjackState {
  const { newEvents, previousEvents, ...rest } = draft;
  for (const event of newEvents) deepFreeze(event);
  const actions = Object.freeze(draft.actions);
  const state: BlackjackState = {
    ...rest,
    bets: deepFreeze(draft.bets),
    boxes: deepFreeze(draft.boxes),
    dealerCards: Object.freeze(draft.dealerCards),
    turn: draft.turn === null ? null : Object.freeze({ ...draft.turn }),
    settlements: draft.settlements === null ? null : deepFreeze(draft.settlements),
    actions,
    events: Object.freeze([...previousEvents, ...newEvents]),
  };
  return Object.freeze(state);
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
