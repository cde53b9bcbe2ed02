import { parseCard, parseCards, standardDeck, type Card } from '../../cards/index.ts';
import { applyMove, legalMoves, type FixedLimitLegal, type FixedLimitMove, type FixedLimitState } from './hand.ts';

/** Test helpers (not part of the public API): decks in dealing order and simple players. */

/** A stud deck: `cards[p]` are player p's cards in the order dealt (3rd street down, down, up, then 4th…). */
export function studDeckOf(cards: readonly string[], extra: string = ''): Card[] {
  const hands = cards.map(parseCards);
  const order: Card[] = [];
  const longest = Math.max(...hands.map((hand) => hand.length));
  for (let round = 0; round < longest; round++) for (const hand of hands) if (hand[round] !== undefined) order.push(hand[round]!);
  order.push(...parseCards(extra));
  return [...order, ...standardDeck().filter((card) => !order.includes(card))];
}

/** A draw deck: each player's first cards dealt one at a time round the table, then `stub` in order. */
export function drawDeckOf(hands: readonly string[], stub: string = '', deck: readonly Card[] = standardDeck()): Card[] {
  return studDeckOf(hands, stub).filter((card) => deck.includes(card));
}

/** Passive play: bring in, check or call, stand pat. */
export function passiveMove(legal: FixedLimitLegal): FixedLimitMove {
  if (legal.kind === 'draw') return { kind: 'draw', discard: [] };
  if (legal.kind === 'bring-in') return { kind: 'bring-in' };
  return legal.check ? { kind: 'check' } : { kind: 'call' };
}

/** Plays `moves` for whoever is to act, then passively until `until` holds or the hand ends. */
export function playUntil(state: FixedLimitState, until: (state: FixedLimitState) => boolean): FixedLimitState {
  let current = state;
  for (let guard = 0; guard < 500 && !until(current); guard++) {
    const legal = legalMoves(current);
    if (legal === null) return current;
    current = applyMove(current, passiveMove(legal));
  }
  return current;
}

export const card = parseCard;
