import type { Card } from '../../cards/index.ts';
import { packCards, unpackCards, type PackedCards } from './core/card-masks.ts';
import { combinations } from './core/combinations.ts';
import type { HandStrength } from './ranking.ts';
import type { FiveCardScheme } from './schemes/five-card-scheme.ts';

/** The plain-data form of a strength, for hand histories and logs (getters do not serialise). */
export interface HandStrengthRecord {
  readonly value: number;
  readonly category: string;
  readonly cards: readonly Card[];
  readonly description: string;
}

/**
 * A `HandStrength` that does only the comparison work up front: the value. The category, the best
 * five cards and the description are derived on demand from the value and the packed cards it was
 * chosen from, because a showdown compares many hands but shows only a few. The packed cards are a
 * copy (two integers), so later changes to the caller's arrays cannot alter the result.
 */
export class ScoredHand implements HandStrength {
  #cards: readonly Card[] | undefined;

  constructor(
    readonly value: number,
    private readonly scheme: FiveCardScheme,
    /** The cards the best five were chosen from (exactly five when the rule fixed them, e.g. Omaha). */
    private readonly low: number,
    private readonly high: number,
  ) {}

  get category(): string {
    return this.scheme.category(this.value);
  }

  get cards(): readonly Card[] {
    this.#cards ??= Object.freeze(bestFiveOf(this.scheme, this.value, unpackCards({ low: this.low, high: this.high })));
    return this.#cards;
  }

  describe(): string {
    return this.scheme.describe(this.value);
  }

  toJSON(): HandStrengthRecord {
    return { value: this.value, category: this.category, cards: this.cards, description: this.describe() };
  }
}

/** The first five-card subset that scores `value`, in display order. */
export function bestFiveOf(scheme: FiveCardScheme, value: number, cards: readonly Card[]): Card[] {
  const found = findFive(cards, (five) => scheme.scorePacked(five.low, five.high) === value);
  if (found === null) throw new Error(`no five of ${cards.length} cards score ${value} under ${scheme.name}`);
  return scheme.orderFive(found, value);
}

function findFive(cards: readonly Card[], matches: (five: PackedCards) => boolean): Card[] | null {
  for (const five of combinations(cards, 5)) {
    if (matches(packCards(five))) return five;
  }
  return null;
}
