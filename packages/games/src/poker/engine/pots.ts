import { invariant, minChips, sumChips } from './chips.ts';
import type { Chips, PlayerState, Pot } from './types.ts';

/**
 * Main and side pots from what each player put in (000-001:POT-01..05, 003:R-ALLIN-01..06).
 * Each distinct live total of a player still in the hand closes a layer; a layer holds every
 * player's live chips up to that total (folded players' too) and is won only by players still in
 * who reached it. Layers with the same claimants merge, so there is one pot per distinct set of
 * claimants.
 *
 * Dead money (a big-blind ante, the dead part of a returning player's post) buys no share: it goes
 * into the main pot, which every player still in contests, and its poster's claim on the other
 * players is measured by live chips only (decision D-805). A player all-in for dead money alone
 * contests just the dead money.
 *
 * Uncalled bets must have been returned first: then nobody has more live chips than the top claimant.
 */
export function buildPots(
  contributions: readonly Chips[],
  inHand: readonly boolean[],
  dead: readonly Chips[] = contributions.map(() => 0n),
): Pot[] {
  invariant(contributions.length === inHand.length && dead.length === inHand.length, 'one contribution per player');
  invariant(
    dead.every((amount, k) => amount >= 0n && amount <= contributions[k]!),
    'dead money is part of what a player put in',
  );
  const live = contributions.map((amount, k) => amount - dead[k]!);
  const deadTotal = sumChips(dead);
  const claimantLevels = live.filter((amount, k) => inHand[k] && (amount > 0n || deadTotal > 0n));
  const levels = [...new Set(claimantLevels)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const pots: { amount: Chips; eligible: number[]; contributions: Chips[] }[] = [];
  let previous = 0n;
  for (const level of levels) {
    const layer = live.map((amount) => minChips(amount, level) - minChips(amount, previous));
    if (pots.length === 0) layer.forEach((_, k) => (layer[k] = layer[k]! + dead[k]!));
    const eligible = live.flatMap((amount, k) => (inHand[k] && amount >= level ? [k] : []));
    const last = pots[pots.length - 1];
    if (last && last.eligible.join() === eligible.join()) {
      last.amount += sumChips(layer);
      last.contributions = last.contributions.map((chips, k) => chips + layer[k]!);
    } else {
      pots.push({ amount: sumChips(layer), eligible, contributions: layer });
    }
    previous = level;
  }
  invariant(
    live.every((amount) => amount <= previous),
    'nobody may have put in more than the top claimant: return uncalled bets first',
  );
  invariant(sumChips(pots.map((pot) => pot.amount)) === sumChips(contributions), 'pots must hold every chip put in');
  return pots.map((pot) =>
    Object.freeze({ amount: pot.amount, eligible: Object.freeze(pot.eligible), contributions: Object.freeze(pot.contributions) }),
  );
}

/** The pots of a hand's players (uncalled bets already returned). */
export function buildPotsOf(players: readonly PlayerState[]): Pot[] {
  return buildPots(
    players.map((player) => player.contributed),
    players.map((player) => player.status !== 'folded'),
    players.map((player) => player.dead),
  );
}
