import { formatCard, rankOf, suitOf, type Card } from '../../../cards/index.ts';
import { assertCounts, packHand, type HandShape } from '../hand-rules.ts';
import type { HandRanking, HandStrength } from '../ranking.ts';
import { rankName } from '../schemes/describe.ts';

/** Badugi deals exactly four cards and has no board (002 BAD-01, BAD-R-01). */
export const badugiShape: HandShape = {
  holeMin: 4,
  holeMax: 4,
  boardMin: 0,
  boardMax: 0,
  totalMin: 4,
  totalMax: 4,
  lowestRank: 0,
};

const sizeNames = ['', 'one-card', 'two-card', 'three-card', 'badugi'] as const;

/** Ace-low rank: ace 0, two 1 … king 12 (002 BAD-R-01: aces are low). */
function aceLow(card: Card): number {
  return (rankOf(card) + 1) % 13;
}

/**
 * Value of a set of cards that differ in suit and in rank: the size first (002 BAD-R-04: any
 * four-card hand beats any three-card hand …), then, for equal sizes, the highest card first, lower
 * better (BAD-R-05). The ranks, highest first, fill 4-bit digits; a smaller number is the better
 * hand, so it is subtracted from 0xffff to keep "higher is better" like every other ranking.
 */
function subsetValue(ranks: readonly number[]): number {
  let badness = 0;
  for (const rank of ranks) badness = (badness << 4) | rank;
  return (ranks.length << 16) | (0xffff - badness);
}

class BadugiHand implements HandStrength {
  constructor(
    readonly value: number,
    readonly cards: readonly Card[],
  ) {}

  get category(): string {
    return sizeNames[this.cards.length]!;
  }

  describe(): string {
    const ranks = this.cards.map((card) => rankName(rankOf(card))).join('-');
    return this.cards.length === 4 ? `badugi, ${ranks}` : `${this.category} hand, ${ranks}`;
  }

  toJSON(): { value: number; category: string; cards: readonly Card[]; description: string } {
    return { value: this.value, category: this.category, cards: this.cards, description: this.describe() };
  }

  toString(): string {
    return this.cards.map(formatCard).join(' ');
  }
}

/**
 * Badugi (002 BAD-R-01..08): the largest subset of the four cards whose suits and ranks all differ,
 * then the lowest such subset (002 AMB-BADUGI-ALGO). Trying all 15 subsets is the whole algorithm:
 * it settles the interacting reductions 002 leaves open (BAD-R-08, A♠ A♥ 2♠ 3♦ → 3-2-A) by the
 * definition instead of by an order of reduction steps. Never null.
 */
export const badugiRanking: HandRanking = {
  name: 'badugi',
  strength: (hole, board) => {
    assertCounts(hole.length, board.length, badugiShape, 'badugi');
    packHand(hole, board, badugiShape, 'badugi');
    let best = 0;
    let bestCards: Card[] = [];
    for (let mask = 1; mask < 16; mask++) {
      const chosen: Card[] = [];
      let suits = 0;
      let ranks = 0;
      let valid = true;
      for (let i = 0; i < 4 && valid; i++) {
        if ((mask & (1 << i)) === 0) continue;
        const card = hole[i]!;
        const suitBit = 1 << suitOf(card);
        const rankBit = 1 << aceLow(card);
        if ((suits & suitBit) !== 0 || (ranks & rankBit) !== 0) valid = false;
        suits |= suitBit;
        ranks |= rankBit;
        chosen.push(card);
      }
      if (!valid) continue;
      chosen.sort((a, b) => aceLow(b) - aceLow(a));
      const value = subsetValue(chosen.map(aceLow));
      if (value > best) {
        best = value;
        bestCards = chosen;
      }
    }
    return new BadugiHand(best, Object.freeze(bestCards));
  },
};
