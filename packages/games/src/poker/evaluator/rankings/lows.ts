import type { HandRanking } from '../ranking.ts';
import { aceToFiveEightFive, aceToFiveFive, deuceToSevenFive } from '../schemes/low-five.ts';
import { scoreAnyFive } from '../select-best.ts';
import { anyFiveShape } from './shapes.ts';

/**
 * Unqualified ace-to-five (Razz, 002 RAZ-01, A5-*): best five of the cards given; the ace is low,
 * straights and flushes do not count, any unpaired hand beats any paired one. Never null.
 */
export const aceToFiveLowRanking: HandRanking = {
  name: 'ace-to-five low',
  strength: (hole, board) => scoreAnyFive(aceToFiveFive, hole, board, anyFiveShape, 'ace-to-five low'),
};

/**
 * Deuce-to-seven (002 PK-RANK-27): best five of the cards given; the ace is high, straights and
 * flushes count against the hand; 7-5-4-3-2 in two or more suits is the best. Never null.
 */
export const deuceToSevenLowRanking: HandRanking = {
  name: 'deuce-to-seven low',
  strength: (hole, board) => scoreAnyFive(deuceToSevenFive, hole, board, anyFiveShape, 'deuce-to-seven low'),
};

/**
 * Ace-to-five with the 8-or-better qualifier over any five of the cards given (the low half of Seven
 * Card Stud Hi/Lo, 002 A5-06): null when no five different ranks of eight or lower can be made.
 */
export const aceToFiveLow8Ranking: HandRanking = {
  name: 'ace-to-five low 8 or better',
  strength: (hole, board) => scoreAnyFive(aceToFiveEightFive, hole, board, anyFiveShape, 'ace-to-five low 8 or better'),
};
