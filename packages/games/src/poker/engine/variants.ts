import { shortDeck, standardDeck } from '../../cards/index.ts';
import type { HandRanking } from '../evaluator/ranking.ts';
import type { BettingStructure, Street, Variant } from './types.ts';

/** The rankings the variants need, injected so the engine never depends on one evaluator. */
export interface VariantRankings {
  readonly high: HandRanking;
  /** Exactly two hole cards and three board cards. */
  readonly omahaHigh: HandRanking;
  /** Ace-to-five, 8 or better, exactly two plus three; null when no low qualifies. */
  readonly omahaLow8: HandRanking;
  /** Six Plus: flush above full house, A-6-7-8-9 the lowest straight (004:GAM-P6-02). */
  readonly shortDeckHigh: HandRanking;
}

export type GameKind = 'holdem' | 'six-plus-holdem' | 'omaha' | 'five-card-omaha' | 'omaha-hi-lo' | 'courchevel';

export const gameKinds: readonly GameKind[] = [
  'holdem',
  'six-plus-holdem',
  'omaha',
  'five-card-omaha',
  'omaha-hi-lo',
  'courchevel',
];
export const bettingStructures: readonly BettingStructure[] = ['no-limit', 'pot-limit', 'fixed-limit'];

/** 001 §2.1 / 004:GAM-P-01: up to 10 seats at a table. */
export const tableSeatsMax = 10;

// Flop games share one street plan: small bets pre-flop and on the flop, big bets after (000-001:BET-11).
const boardStreets: readonly Street[] = Object.freeze([
  Object.freeze({ name: 'preflop', boardCardCount: 0, fixedLimitBetSize: 'small' }),
  Object.freeze({ name: 'flop', boardCardCount: 3, fixedLimitBetSize: 'small' }),
  Object.freeze({ name: 'turn', boardCardCount: 1, fixedLimitBetSize: 'big' }),
  Object.freeze({ name: 'river', boardCardCount: 1, fixedLimitBetSize: 'big' }),
] as const);

/**
 * Courchevel (002 CV-01/CV-02): the first flop card is dealt face up before the pre-flop betting and
 * the other two make the flop; turn and river as in Omaha (CV-03: "Omaha structure inferred").
 */
const courchevelStreets: readonly Street[] = Object.freeze([
  Object.freeze({ name: 'preflop', boardCardCount: 1, fixedLimitBetSize: 'small' }),
  Object.freeze({ name: 'flop', boardCardCount: 2, fixedLimitBetSize: 'small' }),
  Object.freeze({ name: 'turn', boardCardCount: 1, fixedLimitBetSize: 'big' }),
  Object.freeze({ name: 'river', boardCardCount: 1, fixedLimitBetSize: 'big' }),
] as const);

const structureNames: Record<BettingStructure, string> = {
  'no-limit': 'No Limit',
  'pot-limit': 'Pot Limit',
  'fixed-limit': 'Limit',
};

interface GameShape {
  readonly name: string;
  readonly deck: 'standard' | 'short';
  readonly holeCardCount: number;
  readonly high: keyof VariantRankings;
  readonly low: keyof VariantRankings | null;
  readonly runItMoreTimesAllowed: boolean;
  /** The community-card plan; Hold'em's unless the game deals differently (Courchevel). */
  readonly streets?: readonly Street[];
}

const games: Record<GameKind, GameShape> = {
  holdem: { name: "Hold'em", deck: 'standard', holeCardCount: 2, high: 'high', low: null, runItMoreTimesAllowed: true },
  'six-plus-holdem': {
    name: "Six Plus Hold'em",
    deck: 'short',
    holeCardCount: 2,
    high: 'shortDeckHigh',
    low: null,
    runItMoreTimesAllowed: true,
  },
  omaha: { name: 'Omaha', deck: 'standard', holeCardCount: 4, high: 'omahaHigh', low: null, runItMoreTimesAllowed: true },
  'five-card-omaha': {
    name: '5 Card Omaha',
    deck: 'standard',
    holeCardCount: 5,
    high: 'omahaHigh',
    low: null,
    runItMoreTimesAllowed: true,
  },
  // 001 §8 names only 7.a and 7.c, so Hi-Lo does not run the board twice (000-001:VAR-OHL-11).
  'omaha-hi-lo': {
    name: 'Omaha Hi/Lo',
    deck: 'standard',
    holeCardCount: 4,
    high: 'omahaHigh',
    low: 'omahaLow8',
    runItMoreTimesAllowed: false,
  },
  // 002 only (CV-01..03): five hole cards, exactly two plus three like Omaha. Running the board
  // more than once is 001's feature for Hold'em and Omaha only (000-001:RIT-05), so not here.
  courchevel: {
    name: 'Courchevel',
    deck: 'standard',
    holeCardCount: 5,
    high: 'omahaHigh',
    low: null,
    runItMoreTimesAllowed: false,
    streets: courchevelStreets,
  },
};

export function variantId(game: GameKind, structure: BettingStructure): string {
  return `${game}/${structure}`;
}

/** One variant as data. */
export function createVariant(game: GameKind, structure: BettingStructure, rankings: VariantRankings): Variant {
  const shape = games[game];
  const deck = Object.freeze(shape.deck === 'short' ? shortDeck() : standardDeck());
  const streets = shape.streets ?? boardStreets;
  const boardCardTotal = streets.reduce((sum, street) => sum + street.boardCardCount, 0);
  return Object.freeze({
    id: variantId(game, structure),
    name: `${shape.name} ${structureNames[structure]}`,
    deck,
    holeCardCount: shape.holeCardCount,
    streets,
    structure,
    highRanking: rankings[shape.high],
    lowRanking: shape.low ? rankings[shape.low] : null,
    runItMoreTimesAllowed: shape.runItMoreTimesAllowed,
    playersMax: Math.min(tableSeatsMax, Math.floor((deck.length - boardCardTotal) / shape.holeCardCount)),
  });
}

/** Every game in every structure, keyed by variant id (what hand histories store). */
export function createVariantCatalog(rankings: VariantRankings): ReadonlyMap<string, Variant> {
  const catalog = new Map<string, Variant>();
  for (const game of gameKinds) {
    for (const structure of bettingStructures) catalog.set(variantId(game, structure), createVariant(game, structure, rankings));
  }
  return catalog;
}
