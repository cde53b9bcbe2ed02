import { rankOf, type Card } from '../../../cards/index.ts';
import { suitMask } from '../core/card-masks.ts';
import { aceAlwaysHighScheme, aceToFiveScheme, type HighScheme } from '../core/high-scheme.ts';
import { createMaskEvaluator } from '../core/mask-evaluator.ts';
import { describeHighKind, describeLow, lowCategory } from './describe.ts';
import { aceLowRank, orderByGroups, type FiveCardScheme } from './five-card-scheme.ts';
import { highKindOf, highRanksOf } from './high-five.ts';

/**
 * Low values are `lowBase - badness`, where the badness is a high value (see `packHighValue`, all
 * below 2^24): the worse the hand reads as a high hand, the better the low, and values stay
 * positive with "higher is better" like every other ranking.
 */
export const lowBase = 1 << 24;

const evaluateAceToFive = createMaskEvaluator(aceToFiveScheme);
const evaluateAceAlwaysHigh = createMaskEvaluator(aceAlwaysHighScheme);

/** Move a suit's ace (bit 12) to bit 0, so the ace reads as the lowest rank. */
function rotateSuit(ranks: number): number {
  return ((ranks << 1) | (ranks >>> 12)) & suitMask;
}

function rotateWord(word: number): number {
  return rotateSuit(word & suitMask) | (rotateSuit(word >>> 16) << 16);
}

/** Ace-to-five value of five packed cards (002 A5-01..A5-05; Razz order of pairs, AMB-RAZZ-PAIRS). */
export function aceToFiveValue(low: number, high: number): number {
  return lowBase - evaluateAceToFive(rotateWord(low), rotateWord(high), 5);
}

/** The top rank allowed in an 8-or-better low, as an ace-to-five rank (ace 0 … eight 7). */
const eightAceLow = 7;

/**
 * 8-or-better: five different ranks, none above eight (000-001 VAR-OHL-05, 002 A5-06,
 * 003 R-O8-06, 004 GAM-PHL-03). Per card, not a sum (000-001 A-18).
 */
export function qualifiesEightOrBetter(value: number): boolean {
  const badness = lowBase - value;
  return highKindOf(aceToFiveScheme, badness) === 'high-card' && ((badness >>> 16) & 15) <= eightAceLow;
}

/** Ace-to-five ranks (ace 0) back to ordinary ranks (ace 12) for naming. */
function ordinaryRank(aceToFiveRank: number): number {
  return (aceToFiveRank + 12) % 13;
}

function describeAceToFive(value: number): { category: string; description: string } {
  const badness = lowBase - value;
  const kind = highKindOf(aceToFiveScheme, badness);
  const ranks = highRanksOf(aceToFiveScheme, badness).map(ordinaryRank);
  if (kind === 'high-card') return { category: lowCategory(ranks[0]!), description: describeLow(ranks) };
  return { category: kind, description: describeHighKind(kind, ranks) };
}

function describeAceHighLow(scheme: HighScheme, value: number): { category: string; description: string } {
  const badness = lowBase - value;
  const kind = highKindOf(scheme, badness);
  const ranks = highRanksOf(scheme, badness);
  if (kind === 'high-card') return { category: lowCategory(ranks[0]!), description: describeLow(ranks) };
  return { category: kind, description: describeHighKind(kind, ranks) };
}

/** Unqualified ace-to-five (Razz, 002 RAZ-01/A5-07): every hand scores, pairs below any no-pair hand. */
export const aceToFiveFive: FiveCardScheme = {
  name: 'ace-to-five low',
  scorePacked: aceToFiveValue,
  category: (value) => describeAceToFive(value).category,
  describe: (value) => describeAceToFive(value).description,
  orderFive: (cards: readonly Card[]) => orderByGroups(cards, aceLowRank),
};

/** Ace-to-five with the 8-or-better qualifier (Omaha Hi/Lo, Stud Hi/Lo); 0 when it does not qualify. */
export const aceToFiveEightFive: FiveCardScheme = {
  ...aceToFiveFive,
  name: 'ace-to-five low, 8 or better',
  scorePacked: (low, high) => {
    const value = aceToFiveValue(low, high);
    return qualifiesEightOrBetter(value) ? value : 0;
  },
};

/**
 * Deuce-to-seven (002 PK-RANK-27): the exact opposite of high poker with the ace always high, so
 * straights and flushes count against the hand (AMB-27-STRFL default) and A-5-4-3-2 is an ace low.
 * Best: 7-5-4-3-2 in two or more suits.
 */
export const deuceToSevenFive: FiveCardScheme = {
  name: 'deuce-to-seven low',
  scorePacked: (low, high) => lowBase - evaluateAceAlwaysHigh(low, high, 5),
  category: (value) => describeAceHighLow(aceAlwaysHighScheme, value).category,
  describe: (value) => describeAceHighLow(aceAlwaysHighScheme, value).description,
  orderFive: (cards: readonly Card[]) => orderByGroups(cards, rankOf),
};
