import type { HandStrength } from './ranking.ts';

/**
 * Positions of the best hands (several on a tie, 000-001 POT-07); empty when no hand qualifies
 * (e.g. nobody has an 8-or-better low: the high hand takes the whole pot, VAR-OHL-06).
 */
export function findWinners(strengths: readonly (HandStrength | null)[]): number[] {
  let best = -Infinity;
  for (const strength of strengths) {
    if (strength !== null && strength.value > best) best = strength.value;
  }
  const winners: number[] = [];
  strengths.forEach((strength, position) => {
    if (strength !== null && strength.value === best) winners.push(position);
  });
  return winners;
}
