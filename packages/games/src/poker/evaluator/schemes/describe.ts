import type { HighKind } from '../core/high-scheme.ts';

/** Plain-English names, indexed by rank (0 = two … 12 = ace). */
const rankNames = [
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'jack',
  'queen',
  'king',
  'ace',
] as const;
const rankPlurals = [
  'twos',
  'threes',
  'fours',
  'fives',
  'sixes',
  'sevens',
  'eights',
  'nines',
  'tens',
  'jacks',
  'queens',
  'kings',
  'aces',
] as const;

export function rankName(rank: number): string {
  const name = rankNames[rank];
  if (name === undefined) throw new RangeError(`no rank ${rank}`);
  return name;
}

function plural(rank: number): string {
  const name = rankPlurals[rank];
  if (name === undefined) throw new RangeError(`no rank ${rank}`);
  return name;
}

/** "ace-nine-seven" */
export function rankList(ranks: readonly number[]): string {
  return ranks.map(rankName).join('-');
}

function kickers(ranks: readonly number[]): string {
  return `${rankList(ranks)} ${ranks.length === 1 ? 'kicker' : 'kickers'}`;
}

/**
 * "full house, kings full of sevens". `ranks` are the tie-break ranks of the hand, most significant
 * first, in ordinary rank numbers (0 = two … 12 = ace) whatever the ranking.
 */
export function describeHighKind(kind: HighKind, ranks: readonly number[]): string {
  const [first = 0, second = 0] = ranks;
  switch (kind) {
    case 'straight-flush':
      return first === 12 ? 'royal flush' : `straight flush, ${rankName(first)} high`;
    case 'four-of-a-kind':
      return `four of a kind, ${plural(first)}, ${kickers(ranks.slice(1, 2))}`;
    case 'full-house':
      return `full house, ${plural(first)} full of ${plural(second)}`;
    case 'flush':
      return `flush, ${rankList(ranks.slice(0, 5))}`;
    case 'straight':
      return `straight, ${rankName(first)} high`;
    case 'three-of-a-kind':
      return `three of a kind, ${plural(first)}, ${kickers(ranks.slice(1, 3))}`;
    case 'two-pair':
      return `two pair, ${plural(first)} and ${plural(second)}, ${kickers(ranks.slice(2, 3))}`;
    case 'one-pair':
      return `pair of ${plural(first)}, ${kickers(ranks.slice(1, 4))}`;
    case 'high-card':
      return `high card, ${rankList(ranks.slice(0, 5))}`;
  }
}

/** "eight-five-three-two-ace low"; `ranks` highest first. */
export function describeLow(ranks: readonly number[]): string {
  return `${rankList(ranks)} low`;
}

/** "eight-low", the category of an unpaired low by its highest card (002 A5-05, D27-04). */
export function lowCategory(topRank: number): string {
  return `${rankName(topRank)}-low`;
}
