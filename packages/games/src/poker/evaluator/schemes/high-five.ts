import { rankOf, type Card } from '../../../cards/index.ts';
import { highValueRank, levelShift, type HighKind, type HighScheme } from '../core/high-scheme.ts';
import { createMaskEvaluator } from '../core/mask-evaluator.ts';
import { describeHighKind } from './describe.ts';
import { aceLowRank, orderByGroups, type FiveCardScheme } from './five-card-scheme.ts';

/** How many tie-break ranks each kind packs into its value (see `packHighValue`). */
export const tieBreakRanks: Readonly<Record<HighKind, number>> = {
  'straight-flush': 1,
  'four-of-a-kind': 2,
  'full-house': 2,
  flush: 5,
  straight: 1,
  'three-of-a-kind': 3,
  'two-pair': 3,
  'one-pair': 4,
  'high-card': 5,
};

export function highKindOf(scheme: HighScheme, value: number): HighKind {
  const kind = scheme.kindAtLevel[value >>> levelShift];
  if (kind === undefined) throw new RangeError(`${value} is not a ${scheme.name} value`);
  return kind;
}

/** The tie-break ranks of a high value, most significant first. */
export function highRanksOf(scheme: HighScheme, value: number): number[] {
  const count = tieBreakRanks[highKindOf(scheme, value)];
  return Array.from({ length: count }, (_, index) => highValueRank(value, index));
}

/** A high-poker scheme (standard, short deck) as a five-card scheme. */
export function createHighFiveScheme(scheme: HighScheme): FiveCardScheme {
  const evaluate = createMaskEvaluator(scheme);
  return {
    name: scheme.name,
    scorePacked: (low, high) => evaluate(low, high, 5),
    category: (value) => highKindOf(scheme, value),
    describe: (value) => describeHighKind(highKindOf(scheme, value), highRanksOf(scheme, value)),
    orderFive: (cards, value) => orderHighFive(scheme, cards, value),
  };
}

/** Display order; in an ace-low straight (A-2-3-4-5, A-6-7-8-9) the ace goes last. */
export function orderHighFive(scheme: HighScheme, cards: readonly Card[], value: number): Card[] {
  const kind = highKindOf(scheme, value);
  const aceLowStraight = (kind === 'straight' || kind === 'straight-flush') && highValueRank(value, 0) !== 12;
  return orderByGroups(cards, aceLowStraight ? aceLowRank : rankOf);
}
