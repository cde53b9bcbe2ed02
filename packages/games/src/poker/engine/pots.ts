import { invariant, minChips, sumChips } from './chips.ts';
import type { Chips, Pot } from './types.ts';

/**
 * Main and side pots from what each player put in (000-001:POT-01..05, 003:R-ALLIN-01..06).
 * Each distinct total of a player still in the hand closes a layer; a layer holds every player's
 * chips up to that total (folded players' too) and is won only by players still in who reached it.
 * Layers with the same claimants merge, so there is one pot per distinct set of claimants.
 * Uncalled bets must have been returned first: then nobody has put in more than the top claimant.
 */
export function buildPots(contributions: readonly Chips[], inHand: readonly boolean[]): Pot[] {
  invariant(contributions.length === inHand.length, 'one contribution per player');
  const levels = [...new Set(contributions.filter((amount, k) => inHand[k] && amount > 0n))].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const pots: { amount: Chips; eligible: number[]; contributions: Chips[] }[] = [];
  let previous = 0n;
  for (const level of levels) {
    const layer = contributions.map((amount) => minChips(amount, level) - minChips(amount, previous));
    const eligible = contributions.flatMap((amount, k) => (inHand[k] && amount >= level ? [k] : []));
    const last = pots[pots.length - 1];
    if (last && last.eligible.join() === eligible.join()) {
      last.amount += sumChips(layer);
      last.contributions = last.contributions.map((chips, k) => chips + layer[k]!);
    } else {
      pots.push({ amount: sumChips(layer), eligible, contributions: layer });
    }
    previous = level;
  }
  invariant(contributions.every((amount) => amount <= previous), 'nobody may have put in more than the top claimant: return uncalled bets first');
  invariant(sumChips(pots.map((pot) => pot.amount)) === sumChips(contributions), 'pots must hold every chip put in');
  return pots.map((pot) => Object.freeze({ amount: pot.amount, eligible: Object.freeze(pot.eligible), contributions: Object.freeze(pot.contributions) }));
}
