import { buildStraightTops, straightShapes } from './rank-tables.ts';

/**
 * The hand kinds of "high" poker. They double as `HandStrength.category` strings. A royal flush is
 * the ace-high straight flush (000-001 HAND-01 lists it first, but it ranks by the same rule).
 */
export const highKinds = [
  'high-card',
  'one-pair',
  'two-pair',
  'three-of-a-kind',
  'straight',
  'flush',
  'full-house',
  'four-of-a-kind',
  'straight-flush',
] as const;
export type HighKind = (typeof highKinds)[number];

/**
 * A high-hand value: `level << 20 | r1 << 16 | r2 << 12 | r3 << 8 | r4 << 4 | r5`, where the level
 * orders the kinds (scheme-specific: short deck puts flush above full house) and r1…r5 are the
 * ranks that break ties inside the kind, most significant first (full house: trips rank, pair rank;
 * straight: top rank only). Higher is better; equal values split (000-001 HAND-03).
 */
export const levelShift = 20;

export function packHighValue(level: number, ranks: readonly number[]): number {
  let value = level << levelShift;
  for (let i = 0; i < ranks.length; i++) value |= ranks[i]! << (16 - 4 * i);
  return value;
}

/** The i-th tie-break rank (0 = most significant) of a high value. */
export function highValueRank(value: number, index: number): number {
  return (value >>> (16 - 4 * index)) & 15;
}

/**
 * One way of ranking high hands: which straights exist and the order of the kinds. The 52-card deck
 * (000-001 HAND-01), the 36-card Six Plus deck (004 GAM-P6-02) and the deuce-to-seven reading of
 * hands (002 D27-02: no wheel) are three schemes; a 32-card deck would be a fourth.
 */
export interface HighScheme {
  readonly name: string;
  /** Lowest rank the deck holds (0 = two; 4 = six in the 36-card deck). */
  readonly lowestRank: number;
  /** Whether the ace may play below `lowestRank` in a straight. */
  readonly aceLowStraight: boolean;
  /** Whether straights and flushes exist at all (not in ace-to-five lows, 002 A5-01). */
  readonly madeHands: boolean;
  readonly straightTops: Uint8Array;
  readonly levels: Readonly<Record<HighKind, number>>;
  /** Kind at each level, weakest first. */
  readonly kindAtLevel: readonly HighKind[];
}

export interface HighSchemeOptions {
  readonly name: string;
  readonly lowestRank: number;
  /** Whether the ace may play below `lowestRank` in a straight (A-2-3-4-5, A-6-7-8-9). */
  readonly aceLowStraight: boolean;
  /** Whether straights and flushes count; default true. */
  readonly madeHands?: boolean;
  /** Every kind once, weakest first. */
  readonly order: readonly HighKind[];
}

export function createHighScheme(options: HighSchemeOptions): HighScheme {
  const levels = {} as Record<HighKind, number>;
  options.order.forEach((kind, level) => {
    levels[kind] = level;
  });
  if (options.order.length !== highKinds.length || highKinds.some((kind) => levels[kind] === undefined)) {
    throw new Error(`${options.name}: the order must list every high kind once`);
  }
  assertEvaluatorAssumptions(options.name, levels);
  const madeHands = options.madeHands ?? true;
  const shapes = madeHands ? straightShapes(options.lowestRank, options.aceLowStraight) : [];
  return {
    name: options.name,
    lowestRank: options.lowestRank,
    aceLowStraight: options.aceLowStraight,
    madeHands,
    straightTops: buildStraightTops(shapes),
    levels,
    kindAtLevel: [...options.order],
  };
}

/**
 * The mask evaluator returns a flush or straight as soon as it sees one, and quads before a full
 * house. That is right only when, for hands of at most seven cards, whatever else such a hand can
 * hold ranks lower: a flush or a straight leaves room for at most trips or two pair beside it.
 */
function assertEvaluatorAssumptions(name: string, levels: Readonly<Record<HighKind, number>>): void {
  const below = (weaker: HighKind, stronger: HighKind): void => {
    if (levels[weaker] >= levels[stronger]) throw new Error(`${name}: the evaluator needs ${weaker} below ${stronger}`);
  };
  const paired: HighKind[] = [
    'high-card',
    'one-pair',
    'two-pair',
    'three-of-a-kind',
    'full-house',
    'four-of-a-kind',
    'straight-flush',
  ];
  for (let i = 1; i < paired.length; i++) below(paired[i - 1]!, paired[i]!);
  for (const made of ['straight', 'flush'] as const) {
    below('three-of-a-kind', made);
    below(made, 'straight-flush');
  }
}

/** 000-001 HAND-01/HAND-03, 002 PK-RANK-HI, 004 GAM-PT-07: the wheel A-2-3-4-5 is the lowest straight. */
export const standardHighScheme: HighScheme = createHighScheme({
  name: 'standard high',
  lowestRank: 0,
  aceLowStraight: true,
  order: highKinds,
});

/**
 * 004 GAM-P6-01/02 (Six Plus Hold'em): 36 cards (sixes to aces), a flush beats a full house and
 * A-6-7-8-9 is the lowest straight. Decision (004 GAM-P6-03): three of a kind stays BELOW a
 * straight, as in Texas Hold'em: the annex changes only the flush/full-house order and "everything
 * else is identical to Texas Hold'em"; the trips-over-straight rule some rooms use is not in the text.
 */
export const shortDeckHighScheme: HighScheme = createHighScheme({
  name: 'short deck (36 cards) high',
  lowestRank: 4,
  aceLowStraight: true,
  order: [
    'high-card',
    'one-pair',
    'two-pair',
    'three-of-a-kind',
    'straight',
    'full-house',
    'flush',
    'four-of-a-kind',
    'straight-flush',
  ],
});

/**
 * 002 D27-02/03: deuce-to-seven reads hands like high poker but the ace is always high, so
 * A-5-4-3-2 is no straight (an "ace low"); straights and flushes still count (AMB-27-STRFL).
 */
export const aceAlwaysHighScheme: HighScheme = createHighScheme({
  name: 'high, ace always high',
  lowestRank: 0,
  aceLowStraight: false,
  order: highKinds,
});

/**
 * Ace-to-five lows read as high hands in a rotated rank space (0 = ace, 1 = two … 12 = king) with
 * no straights or flushes (002 A5-01/A5-02): the LOWER that high value, the better the low. Pairs,
 * two pair, trips, full house and quads then come out in the order Razz needs (AMB-RAZZ-PAIRS).
 */
export const aceToFiveScheme: HighScheme = createHighScheme({
  name: 'ace-to-five (ace = 0, no straights or flushes)',
  lowestRank: 0,
  aceLowStraight: false,
  madeHands: false,
  order: highKinds,
});
