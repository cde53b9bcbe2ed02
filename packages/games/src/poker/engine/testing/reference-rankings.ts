import { formatCards, rankOf, suitOf, type Card } from '../../../cards/index.ts';
import type { HandRanking, HandStrength } from '../../evaluator/ranking.ts';

/**
 * Slow, obviously correct rankings for the engine's tests: enumerate every legal five-card hand and
 * keep the best. They let the engine be tested before (and independently of) the fast evaluators.
 * Values: category × 15^5 + the five tie-break ranks in base 15, so higher is better.
 */

const base = 15;
const categoryWeight = base ** 5;

const highCategories = [
  'high-card',
  'one-pair',
  'two-pair',
  'three-of-a-kind',
  'straight',
  'flush',
  'full-house',
  'four-of-a-kind',
  'straight-flush',
];
// Six Plus (004:GAM-P6-02): a flush beats a full house; nothing else moves.
const shortDeckCategories = [
  'high-card',
  'one-pair',
  'two-pair',
  'three-of-a-kind',
  'straight',
  'full-house',
  'flush',
  'four-of-a-kind',
  'straight-flush',
];

function combinations<T>(items: readonly T[], size: number): T[][] {
  const result: T[][] = [];
  const pick = (start: number, chosen: T[]): void => {
    if (chosen.length === size) {
      result.push(chosen.slice());
      return;
    }
    for (let i = start; i <= items.length - (size - chosen.length); i++) {
      chosen.push(items[i]!);
      pick(i + 1, chosen);
      chosen.pop();
    }
  };
  pick(0, []);
  return result;
}

/** Ranks 2..14 of five cards. */
function ranksOf(cards: readonly Card[]): number[] {
  return cards.map((card) => rankOf(card) + 2);
}

/** The straight's top card, or 0. `lowAce` is the value an ace takes at the bottom (5 or 9 short deck). */
function straightTop(ranks: readonly number[], wheel: readonly number[]): number {
  const distinct = [...new Set(ranks)].sort((a, b) => b - a);
  if (distinct.length !== 5) return 0;
  if (distinct[0]! - distinct[4]! === 4) return distinct[0]!;
  const sortedWheel = [...wheel].sort((a, b) => b - a);
  return distinct.every((rank, i) => rank === sortedWheel[i]) ? sortedWheel[1]! : 0;
}

function encode(category: number, tiebreak: readonly number[]): number {
  let value = category * categoryWeight;
  for (let i = 0; i < 5; i++) value += (tiebreak[i] ?? 0) * base ** (4 - i);
  return value;
}

/** Ranks grouped by multiplicity, biggest group first, then higher rank. */
function groups(ranks: readonly number[]): { rank: number; count: number }[] {
  const counts = new Map<number, number>();
  for (const rank of ranks) counts.set(rank, (counts.get(rank) ?? 0) + 1);
  return [...counts.entries()].map(([rank, count]) => ({ rank, count })).sort((a, b) => b.count - a.count || b.rank - a.rank);
}

function scoreFive(
  cards: readonly Card[],
  order: readonly string[],
  wheel: readonly number[],
): { value: number; category: string } {
  const ranks = ranksOf(cards);
  const flush = new Set(cards.map(suitOf)).size === 1;
  const top = straightTop(ranks, wheel);
  const grouped = groups(ranks);
  const tiebreak = grouped.flatMap((group) => Array<number>(group.count).fill(group.rank));
  const shape = grouped.map((group) => group.count).join('');
  let category: string;
  if (top && flush) category = 'straight-flush';
  else if (shape === '41') category = 'four-of-a-kind';
  else if (shape === '32') category = 'full-house';
  else if (flush) category = 'flush';
  else if (top) category = 'straight';
  else if (shape === '311') category = 'three-of-a-kind';
  else if (shape === '221') category = 'two-pair';
  else if (shape === '2111') category = 'one-pair';
  else category = 'high-card';
  const straightBreak = [top, 0, 0, 0, 0];
  return { value: encode(order.indexOf(category), top ? straightBreak : tiebreak), category };
}

function strengthOf(value: number, category: string, cards: readonly Card[]): HandStrength {
  return { value, category, cards, describe: () => `${category.replace(/-/g, ' ')} [${formatCards(cards)}]` };
}

function bestOf(
  hands: readonly (readonly Card[])[],
  score: (cards: readonly Card[]) => { value: number; category: string } | null,
): HandStrength | null {
  let best: HandStrength | null = null;
  for (const hand of hands) {
    const scored = score(hand);
    if (scored && (!best || scored.value > best.value)) best = strengthOf(scored.value, scored.category, hand);
  }
  return best;
}

function anyFive(hole: readonly Card[], board: readonly Card[]): Card[][] {
  return combinations([...hole, ...board], 5);
}

function twoPlusThree(hole: readonly Card[], board: readonly Card[]): Card[][] {
  const hands: Card[][] = [];
  for (const pair of combinations(hole, 2)) for (const triple of combinations(board, 3)) hands.push([...pair, ...triple]);
  return hands;
}

const standardWheel = [14, 5, 4, 3, 2];
const shortDeckWheel = [14, 9, 8, 7, 6];

/** Ace-to-five low, 8 or better: five distinct ranks ≤ 8 with the ace as 1; straights and flushes ignored. */
function scoreLow8(cards: readonly Card[]): { value: number; category: string } | null {
  const ranks = ranksOf(cards).map((rank) => (rank === 14 ? 1 : rank));
  if (new Set(ranks).size !== 5 || ranks.some((rank) => rank > 8)) return null;
  const descending = ranks.sort((a, b) => b - a);
  // Lower is better, compared from the highest card down: invert so that higher value wins.
  return { value: categoryWeight - encode(0, descending), category: `${descending[0]}-low` };
}

export const referenceHighRanking: HandRanking = {
  name: 'reference-high',
  strength: (hole, board) => bestOf(anyFive(hole, board), (cards) => scoreFive(cards, highCategories, standardWheel)),
};

export const referenceShortDeckHighRanking: HandRanking = {
  name: 'reference-short-deck-high',
  strength: (hole, board) => bestOf(anyFive(hole, board), (cards) => scoreFive(cards, shortDeckCategories, shortDeckWheel)),
};

export const referenceOmahaHighRanking: HandRanking = {
  name: 'reference-omaha-high',
  strength: (hole, board) => bestOf(twoPlusThree(hole, board), (cards) => scoreFive(cards, highCategories, standardWheel)),
};

export const referenceOmahaLow8Ranking: HandRanking = {
  name: 'reference-omaha-low-8',
  strength: (hole, board) => bestOf(twoPlusThree(hole, board), scoreLow8),
};
