import { rankOf, type Card } from '../../../cards/index.ts';

/**
 * How one five-card hand scores under a ranking: the part that differs between rankings. A
 * `HandRanking` is a scheme plus a selection rule (any five of the cards, or exactly two hole and
 * three board cards), so a new ranking (Sökö, a 32-card deck, a low variant) is a new scheme, not
 * new machinery. Cards arrive packed (`PackedCards`) so that trying subsets costs ORs, not arrays.
 */
export interface FiveCardScheme {
  readonly name: string;
  /** Score of exactly five distinct packed cards: higher is better, 0 = does not qualify. */
  scorePacked(low: number, high: number): number;
  /** e.g. 'full-house', 'eight-low'. */
  category(value: number): string;
  /** e.g. "full house, kings full of sevens". */
  describe(value: number): string;
  /** The five cards that scored `value`, most significant first. */
  orderFive(cards: readonly Card[], value: number): Card[];
}

/**
 * Cards sorted the way hands are read: bigger groups first (trips before the pair), then by rank,
 * highest first under `rankFor` (which lets an ace read low). Suit only fixes the order of equal
 * ranks so the result is deterministic; it never ranks a hand (000-001 HAND-05).
 */
export function orderByGroups(cards: readonly Card[], rankFor: (card: Card) => number): Card[] {
  const counts = new Map<number, number>();
  for (const card of cards) counts.set(rankFor(card), (counts.get(rankFor(card)) ?? 0) + 1);
  return [...cards].sort((a, b) => counts.get(rankFor(b))! - counts.get(rankFor(a))! || rankFor(b) - rankFor(a) || b - a);
}

/** Ordinary rank with the ace read as the lowest card (wheel straights, ace-to-five lows). */
export function aceLowRank(card: Card): number {
  const rank = rankOf(card);
  return rank === 12 ? -1 : rank;
}
