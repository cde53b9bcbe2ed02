import type { HandRanking } from '../ranking.ts';
import { scoreTwoPlusThree } from '../select-best.ts';
import { standardHighFive } from './high.ts';
import { scoreOmahaLowEight } from './omaha-low-eight.ts';
import { omahaShape } from './shapes.ts';

/**
 * Omaha high: exactly two of the 4 (or 5, 5 Card Omaha) hole cards and exactly three of the board
 * (000-001 VAR-OM-03/VAR-OM5-01, 002 OM-02, 003 R-OM-03, 004 GAM-PO-02). Four hearts on the board
 * and one in the hand is no flush (VAR-OM-04).
 */
export const omahaHighRanking: HandRanking = {
  name: 'omaha high',
  strength: (hole, board) => scoreTwoPlusThree(standardHighFive, hole, board, omahaShape, 'omaha high'),
};

/**
 * The low half of Omaha Hi/Lo: ace-to-five, 8 or better, exactly two hole plus three board cards
 * (000-001 VAR-OHL-03/05, 002 O8-03, 003 R-O8-06..08, 004 GAM-PHL-03/05). Null when no two + three
 * make five different ranks of eight or lower; then the high hand takes the whole pot (VAR-OHL-06).
 */
export const omahaLow8Ranking: HandRanking = {
  name: 'omaha low 8 or better',
  strength: (hole, board) => scoreOmahaLowEight(hole, board),
};
