import type { HandShape } from '../hand-rules.ts';

/**
 * Best five of hole + board, 5 to 7 cards in all: Hold'em (2 + 5, 000-001 VAR-HE-10), Seven Card
 * Stud (7 + 0, VAR-ST-10), Five Card Draw (5 + 0), Razz, 2-7 draw. Seven is the most any offered
 * game shows one player (Stud with a shared community card is 6 + 1, DECK-08).
 */
export const anyFiveShape: HandShape = {
  holeMin: 0,
  holeMax: 7,
  boardMin: 0,
  boardMax: 5,
  totalMin: 5,
  totalMax: 7,
  lowestRank: 0,
};

/** Six Plus Hold'em: as `anyFiveShape` but the 36-card deck (004 GAM-P6-01). */
export const shortDeckShape: HandShape = { ...anyFiveShape, lowestRank: 4 };

/**
 * Omaha: 4 hole cards (000-001 VAR-OM-01), 5 in 5 Card Omaha (VAR-OM5-01); a board of 3 to 5 so
 * the engine can also ask on the flop and turn (e.g. to show a hand in an all-in run-out).
 */
export const omahaShape: HandShape = {
  holeMin: 4,
  holeMax: 5,
  boardMin: 3,
  boardMax: 5,
  totalMin: 7,
  totalMax: 10,
  lowestRank: 0,
};
