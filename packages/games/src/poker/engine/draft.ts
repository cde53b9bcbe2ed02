import type { Card } from '../../cards/index.ts';
import { invariant } from './chips.ts';
import type { BettingRound, HandConfig, HandResult, HandState, Operation, Phase, PlayerState, Pot } from './types.ts';

type Mutable<T> = { -readonly [K in keyof T]: T[K] };
export type MutablePlayer = Mutable<PlayerState>;

/**
 * The engine's scratch copy of a state while one call runs. Public states are frozen; every call
 * copies the state into a draft, mutates the draft through the phase functions, and freezes it again.
 */
export interface Draft {
  readonly config: HandConfig;
  readonly deck: readonly Card[];
  deckIndex: number;
  players: Mutable<PlayerState>[];
  phase: Phase;
  street: number;
  boards: Card[][];
  betting: Mutable<BettingRound> | null;
  lastRound: { street: number; aggressorIndex: number | null } | null;
  pots: Pot[];
  showdownOrder: number[];
  result: HandResult | null;
  operations: Operation[];
}

export function toDraft(state: HandState): Draft {
  return {
    config: state.config,
    deck: state.deck,
    deckIndex: state.deckIndex,
    players: state.players.map((player) => ({ ...player })),
    phase: state.phase,
    street: state.street,
    boards: state.boards.map((board) => board.slice()),
    betting: state.betting ? { ...state.betting } : null,
    lastRound: state.lastRound,
    pots: state.pots.slice(),
    showdownOrder: state.showdownOrder.slice(),
    result: state.result,
    operations: state.operations.slice(),
  };
}

/**
 * The draft becomes the new state: its own arrays and objects are frozen where they are, not copied
 * again (issue 16, D-1853: the engine's step per poker action copied every list of the state twice, once
 * into the draft and once out of it, the operations log growing with the hand). The caller gives the
 * draft up: nothing writes to it afterwards (`transition` only reads the operations it appended).
 * What the draft shares with the previous state (a player's hole cards, the last round) is frozen there already.
 */
export function freezeDraft(draft: Draft): HandState {
  for (const player of draft.players) {
    Object.freeze(player.hole);
    Object.freeze(player);
  }
  for (const board of draft.boards) Object.freeze(board);
  return Object.freeze({
    config: draft.config,
    deck: draft.deck,
    deckIndex: draft.deckIndex,
    players: Object.freeze(draft.players),
    phase: draft.phase,
    street: draft.street,
    boards: Object.freeze(draft.boards),
    betting: draft.betting ? Object.freeze(draft.betting) : null,
    lastRound: draft.lastRound ? Object.freeze(draft.lastRound) : null,
    pots: Object.freeze(draft.pots),
    showdownOrder: Object.freeze(draft.showdownOrder),
    result: draft.result,
    operations: Object.freeze(draft.operations),
  });
}

/** Appends a frozen operation record: the log is the history. */
export function record(draft: Draft, operation: Operation): void {
  draft.operations.push(deepFreeze(operation));
}

export function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}

export function drawCards(draft: Draft, count: number): Card[] {
  invariant(draft.deckIndex + count <= draft.deck.length, 'the deck ran out: variant seat and run limits must prevent this');
  const cards = draft.deck.slice(draft.deckIndex, draft.deckIndex + count);
  draft.deckIndex += count;
  return cards;
}

// ---- Seats and order. Players are kept in seat order; "clockwise" is increasing seat number. ----

export function indexOfSeat(players: readonly { readonly seat: number }[], seat: number): number {
  return players.findIndex((player) => player.seat === seat);
}

/** Player indices clockwise, starting with the first player seated after `seat` (which may be empty). */
export function clockwiseAfterSeat(players: readonly { readonly seat: number }[], seat: number): number[] {
  const first = players.findIndex((player) => player.seat > seat);
  const start = first === -1 ? 0 : first;
  return players.map((_, k) => (start + k) % players.length);
}

/** Player indices clockwise starting after player `index`, ending with `index` itself. */
export function clockwiseAfterIndex(playerCount: number, index: number): number[] {
  return Array.from({ length: playerCount }, (_, k) => (index + 1 + k) % playerCount);
}

export function inHand(player: PlayerState): boolean {
  return player.status !== 'folded';
}

export function canAct(player: PlayerState): boolean {
  return player.status === 'active';
}

export function potTotal(players: readonly PlayerState[]): bigint {
  let total = 0n;
  for (const player of players) total += player.contributed;
  return total;
}
