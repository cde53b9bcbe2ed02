import { rankOf, type Card } from '../../../cards/index.ts';
import { suitMask } from '../core/card-masks.ts';
import { highValueRank, levelShift, standardHighScheme, type HighKind } from '../core/high-scheme.ts';
import { createMaskEvaluator } from '../core/mask-evaluator.ts';
import { bitCount, topRank } from '../core/rank-tables.ts';
import type { HandShape } from '../hand-rules.ts';
import type { HandRanking } from '../ranking.ts';
import { describeHighKind, rankList, rankName } from '../schemes/describe.ts';
import { aceLowRank, orderByGroups, type FiveCardScheme } from '../schemes/five-card-scheme.ts';
import { highRanksOf } from '../schemes/high-five.ts';
import { scoreAnyFive } from '../select-best.ts';

/**
 * Sökö (000-001 VAR-SK-08, HAND-06; 003 R-RANK-01 H and I): standard poker with two classes between
 * two pair and one pair, four-flush above four-straight:
 * SF > quads > full house > flush > straight > trips > two pair > four-flush > four-straight > pair > high card.
 * The rule books disagree on how equal four-flushes and four-straights are split, so both readings are
 * options (§3d `soko.fourFlushTie`, `soko.fourStraightTie`).
 */
export interface SokoRules {
  /**
   * 'suited-cards' (001 VAR-SK-08): the four flush cards, high to low; the fifth card is not used.
   * 'whole-hand' (003 §3.15 code H, literal): the whole hand's five ranks, 1st to 5th.
   */
  readonly fourFlushTie: 'suited-cards' | 'whole-hand';
  /**
   * 'none' (001 VAR-SK-08): only the top card of the four-straight; equal tops split.
   * 'off-card' (003 §3.15 code I, read as 003 Q-35): equal tops, then the card outside the four-straight.
   */
  readonly fourStraightTie: 'none' | 'off-card';
  /**
   * Four consecutive suited cards (003 R-RANK-04 (i), 003 Q-36): 'four-flush' (001 A-15, the default)
   * or 'four-straight' (003's literal "broken order" definition of the four-flush).
   */
  readonly fourCardStraightFlush: 'four-flush' | 'four-straight';
}

/** Sökö is five cards: one down and four up (000-001 VAR-SK-01). */
export const sokoShape: HandShape = {
  holeMin: 0,
  holeMax: 5,
  boardMin: 0,
  boardMax: 5,
  totalMin: 5,
  totalMax: 5,
  lowestRank: 0,
};

type SokoKind = HighKind | 'four-flush' | 'four-straight';

const sokoOrder: readonly SokoKind[] = [
  'high-card',
  'one-pair',
  'four-straight',
  'four-flush',
  'two-pair',
  'three-of-a-kind',
  'straight',
  'flush',
  'full-house',
  'four-of-a-kind',
  'straight-flush',
];
const sokoLevel = new Map(sokoOrder.map((kind, level) => [kind, level]));

const evaluateStandard = createMaskEvaluator(standardHighScheme);

/** Tops of the four-card straights a rank mask holds: +1 of the top rank, 0 for none; A-2-3-4 has top 2 (four). */
const fourStraightTops = ((): Uint8Array => {
  const table = new Uint8Array(1 << 13);
  const shapes: { mask: number; top: number }[] = [{ mask: (1 << 12) | 0b111, top: 2 }];
  for (let top = 3; top <= 12; top++) shapes.push({ mask: 0b1111 << (top - 3), top });
  for (let mask = 0; mask < table.length; mask++) {
    for (const shape of shapes) {
      if ((mask & shape.mask) === shape.mask && shape.top + 1 > table[mask]!) table[mask] = shape.top + 1;
    }
  }
  return table;
})();

function pack(level: number, ranks: readonly number[]): number {
  let value = level << levelShift;
  for (let i = 0; i < ranks.length; i++) value |= ranks[i]! << (16 - 4 * i);
  return value;
}

function ranksHighFirst(mask: number): number[] {
  const ranks: number[] = [];
  for (let rank = 12; rank >= 0; rank--) if ((mask & (1 << rank)) !== 0) ranks.push(rank);
  return ranks;
}

export function createSokoScheme(rules: SokoRules): FiveCardScheme {
  const score = (low: number, high: number): number => {
    const standard = evaluateStandard(low, high, 5);
    const kind = standardHighScheme.kindAtLevel[standard >>> levelShift]!;
    if (kind !== 'high-card' && kind !== 'one-pair') return (sokoLevel.get(kind)! << levelShift) | (standard & 0xfffff);
    const suits = [low & suitMask, low >>> 16, high & suitMask, high >>> 16];
    const ranks = suits[0]! | suits[1]! | suits[2]! | suits[3]!;
    const allRanks = (): number[] => {
      // The five ranks high to low, a paired rank twice (003 code H reads the whole hand).
      const list: number[] = [];
      for (let rank = 12; rank >= 0; rank--) for (const suit of suits) if ((suit & (1 << rank)) !== 0) list.push(rank);
      return list;
    };
    for (const suit of suits) {
      if (bitCount[suit]! !== 4) continue;
      const straightFlush = fourStraightTops[suit]! !== 0;
      if (straightFlush && rules.fourCardStraightFlush === 'four-straight') break;
      const tie = rules.fourFlushTie === 'suited-cards' ? ranksHighFirst(suit) : allRanks();
      return pack(sokoLevel.get('four-flush')!, tie);
    }
    const top = fourStraightTops[ranks]!;
    if (top !== 0) {
      const straightTop = top - 1;
      if (rules.fourStraightTie === 'none') return pack(sokoLevel.get('four-straight')!, [straightTop]);
      // The off card: the rank left when the four straight ranks are taken out (a pair leaves its rank).
      const straightMask = straightTop === 2 ? (1 << 12) | 0b111 : 0b1111 << (straightTop - 3);
      const rest = ranks & ~straightMask;
      const offCard = rest !== 0 ? topRank[rest]! : pairedRank(suits, straightMask);
      return pack(sokoLevel.get('four-straight')!, [straightTop, offCard]);
    }
    return (sokoLevel.get(kind)! << levelShift) | (standard & 0xfffff);
  };
  const kindOf = (value: number): SokoKind => sokoOrder[value >>> levelShift]!;
  return {
    name: `soko (${rules.fourFlushTie}, ${rules.fourStraightTie}, ${rules.fourCardStraightFlush})`,
    scorePacked: score,
    category: kindOf,
    describe: (value) => {
      const kind = kindOf(value);
      if (kind === 'four-flush') {
        const ranks = [0, 1, 2, 3, 4].map((i) => highValueRank(value, i)).slice(0, rules.fourFlushTie === 'suited-cards' ? 4 : 5);
        return `four-flush, ${rankList(ranks)}`;
      }
      if (kind === 'four-straight') return `four-straight, ${rankName(highValueRank(value, 0))} high`;
      const standardValue = (standardHighScheme.levels[kind] << levelShift) | (value & 0xfffff);
      return describeHighKind(kind, highRanksOf(standardHighScheme, standardValue));
    },
    orderFive: (cards: readonly Card[], value: number) => {
      const kind = kindOf(value);
      const aceLow = kind === 'four-straight' && highValueRank(value, 0) === 2;
      return orderByGroups(cards, aceLow ? aceLowRank : rankOf);
    },
  };
}

/** With a pair inside the four-straight (5-6-7-8-8) the off card is the paired rank. */
function pairedRank(suits: readonly number[], straightMask: number): number {
  const pairs = (suits[0]! & suits[1]!) | (suits[2]! & suits[3]!) | ((suits[0]! | suits[1]!) & (suits[2]! | suits[3]!));
  return topRank[pairs & straightMask]!;
}

export const sokoDefaultRules: SokoRules = {
  fourFlushTie: 'suited-cards',
  fourStraightTie: 'none',
  fourCardStraightFlush: 'four-flush',
};

/** Sökö as a `HandRanking`: exactly five cards (000-001 VAR-SK-01). */
export function createSokoRanking(rules: SokoRules = sokoDefaultRules): HandRanking {
  const scheme = createSokoScheme(rules);
  return {
    name: scheme.name,
    strength: (hole, board) => scoreAnyFive(scheme, hole, board, sokoShape, 'soko'),
  };
}

export const sokoRanking: HandRanking = createSokoRanking();
