import { rankOf, suitOf, type Card } from '../../../cards/index.ts';
import { combinations } from '../core/combinations.ts';
import { aceAlwaysHighScheme, aceToFiveScheme, packHighValue, type HighKind, type HighScheme } from '../core/high-scheme.ts';
import { lowBase } from '../schemes/low-five.ts';

/**
 * Slow, obviously correct evaluators written straight from the rule books, for tests only: sort
 * the ranks, count the groups, look for a flush and a run, then take the best over every allowed
 * subset. They produce the same numbers as the fast evaluators (the value layout is shared, see
 * `packHighValue`), so tests compare values for equality, not just order.
 */
interface RankGroup {
  readonly rank: number;
  readonly count: number;
}

/** Rank groups, largest first, then highest rank first: the order ties are broken in. */
export function rankGroups(ranks: readonly number[]): RankGroup[] {
  const counts = new Map<number, number>();
  for (const rank of ranks) counts.set(rank, (counts.get(rank) ?? 0) + 1);
  return [...counts].map(([rank, count]) => ({ rank, count })).sort((a, b) => b.count - a.count || b.rank - a.rank);
}

/** Top rank of the straight the five ranks form under `scheme`, or -1. */
function straightTop(ranks: readonly number[], scheme: HighScheme): number {
  const sorted = [...ranks].sort((a, b) => b - a);
  if (new Set(sorted).size !== 5 || !scheme.madeHands) return -1;
  if (sorted[0]! - sorted[4]! === 4) return sorted[0]!;
  const lowest = scheme.lowestRank;
  const aceLow = [12, lowest + 3, lowest + 2, lowest + 1, lowest];
  if (scheme.aceLowStraight && sorted.every((rank, i) => rank === aceLow[i])) return lowest + 3;
  return -1;
}

function kindOf(groups: readonly RankGroup[], flush: boolean, straight: boolean): HighKind {
  const shape = groups.map((group) => group.count).join('');
  if (straight && flush) return 'straight-flush';
  if (shape === '41') return 'four-of-a-kind';
  if (shape === '32') return 'full-house';
  if (flush) return 'flush';
  if (straight) return 'straight';
  if (shape === '311') return 'three-of-a-kind';
  if (shape === '221') return 'two-pair';
  if (shape === '2111') return 'one-pair';
  return 'high-card';
}

/** High value of exactly five cards under `scheme`, from ranks given by `rankFor`. */
export function referenceHighFive(cards: readonly Card[], scheme: HighScheme, rankFor: (card: Card) => number = rankOf): number {
  if (cards.length !== 5 || new Set(cards).size !== 5) throw new RangeError('five distinct cards expected');
  const ranks = cards.map(rankFor);
  const flush = scheme.madeHands && cards.every((card) => suitOf(card) === suitOf(cards[0]!));
  const top = straightTop(ranks, scheme);
  const groups = rankGroups(ranks);
  const kind = kindOf(groups, flush, top >= 0);
  const tieBreak = kind === 'straight' || kind === 'straight-flush' ? [top] : groups.map((group) => group.rank);
  return packHighValue(scheme.levels[kind], tieBreak);
}

/** Ace-to-five: the ace counts as one, straights and flushes do not exist; lower reads better. */
export function referenceAceToFiveFive(cards: readonly Card[]): number {
  return lowBase - referenceHighFive(cards, aceToFiveScheme, (card) => (rankOf(card) + 1) % 13);
}

/** 8-or-better: five different ranks, each ace..eight; 0 when not. */
export function referenceEightOrBetterFive(cards: readonly Card[]): number {
  const aceLowRanks = cards.map((card) => (rankOf(card) + 1) % 13);
  const qualifies = new Set(aceLowRanks).size === 5 && aceLowRanks.every((rank) => rank <= 7);
  return qualifies ? referenceAceToFiveFive(cards) : 0;
}

/** Deuce-to-seven: the opposite of high poker with the ace always high. */
export function referenceDeuceToSevenFive(cards: readonly Card[]): number {
  return lowBase - referenceHighFive(cards, aceAlwaysHighScheme);
}

/** Best score over every five-card subset. */
export function referenceAnyFive(cards: readonly Card[], score: (five: readonly Card[]) => number): number {
  return Math.max(...combinations(cards, 5).map(score));
}

/** Best score over exactly two hole plus three board cards. */
export function referenceTwoPlusThree(
  hole: readonly Card[],
  board: readonly Card[],
  score: (five: readonly Card[]) => number,
): number {
  let best = 0;
  for (const pair of combinations(hole, 2)) {
    for (const triple of combinations(board, 3)) best = Math.max(best, score([...pair, ...triple]));
  }
  return best;
}
