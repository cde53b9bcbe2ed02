import { clockwiseAfterSeat, drawCards, record, type Draft } from './draft.ts';
import { invariant } from './chips.ts';

/**
 * Hole cards go one per circuit, each circuit starting with the first player left of the button
 * (000-001:DECK-03, 003:R-CARD-06). No burn cards (003:R-CARD-08): the deck order alone fixes the hand.
 */
export function dealHoleCards(draft: Draft): void {
  const order = clockwiseAfterSeat(draft.players, draft.config.buttonSeat);
  const holes: number[][] = draft.players.map(() => []);
  for (let circuit = 0; circuit < draft.config.variant.holeCardCount; circuit++) {
    for (const index of order) holes[index]!.push(drawCards(draft, 1)[0]!);
  }
  for (const index of order) {
    const player = draft.players[index]!;
    player.hole = holes[index]!;
    record(draft, { kind: 'hole-dealt', seat: player.seat, cards: player.hole });
  }
}

/**
 * Community cards dealt with the hole cards, before the first betting round: Courchevel's first
 * flop card, face up (002 CV-02). Nothing for games whose first street has no board cards.
 */
export function dealOpeningBoard(draft: Draft): void {
  const count = draft.config.variant.streets[0]!.boardCardCount;
  if (count === 0) return;
  const cards = drawCards(draft, count);
  for (let run = 0; run < draft.boards.length; run++) {
    draft.boards[run]!.push(...cards);
    record(draft, { kind: 'board-dealt', run, street: 0, cards });
  }
}

/**
 * The next street's community cards. After players agreed to run it more times nobody can bet any
 * more, so each run-out is dealt complete (every street left), one run after the other, as at a table.
 */
export function dealNextStreet(draft: Draft): void {
  const { streets } = draft.config.variant;
  const from = draft.street + 1;
  invariant(streets[from] !== undefined, 'no street left to deal');
  const to = draft.boards.length > 1 ? streets.length - 1 : from;
  for (let run = 0; run < draft.boards.length; run++) {
    for (let street = from; street <= to; street++) {
      const cards = drawCards(draft, streets[street]!.boardCardCount);
      draft.boards[run]!.push(...cards);
      record(draft, { kind: 'board-dealt', run, street, cards });
    }
  }
  draft.street = to;
}

/** Community cards still to come, per run. */
export function boardCardsRemaining(state: Pick<Draft, 'config' | 'street'>): number {
  return state.config.variant.streets.slice(state.street + 1).reduce((sum, street) => sum + street.boardCardCount, 0);
}
