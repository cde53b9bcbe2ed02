import { allocateProportionally, divFloor, sumChips } from './chips.ts';
import type { Chips, RakeRule } from './types.ts';

/**
 * Rake per pot (000-001:RAKE-01..07, 002:RAKE-01, 004:GAM-PC-02): each pot pays
 * floor(pot × rate), taken before the pot is paid out. When the hand's total would pass the
 * table's cap, the cap is shared across the pots in proportion to their size, largest remainder,
 * ties to the main pot (002:AMB-RAKE-SIDEPOT). No rake at all without a flop when the table applies
 * "no flop, no drop" (000-001:RAKE-02).
 */
export function rakePerPot(potAmounts: readonly Chips[], rule: RakeRule, flopDealt: boolean): Chips[] {
  if (rule.rateBps === 0 || (rule.noFlopNoDrop && !flopDealt)) return potAmounts.map(() => 0n);
  const uncapped = potAmounts.map((amount) => divFloor(amount * BigInt(rule.rateBps), 10_000n));
  if (rule.capPerHand === null || sumChips(uncapped) <= rule.capPerHand) return uncapped;
  return allocateProportionally(rule.capPerHand, potAmounts);
}

/**
 * Who bears a pot's rake: each contributor in proportion to what they put into that pot
 * (000-001:RAKE-04), largest remainder. `contributions` are given in odd-chip order (first seat left
 * of the button first), so a remainder tie goes to that seat.
 */
export function attributeRake(rake: Chips, contributions: readonly Chips[]): Chips[] {
  return allocateProportionally(rake, contributions);
}
