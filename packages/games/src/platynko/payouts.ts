import { invariant } from '../shared/invariant.ts';
import type { Rng } from '../rng/index.ts';
import { platynkoCanvas, platynkoDeckSize, type PlatynkoCardId } from './canvas.ts';

/**
 * The draw and the payout (004:GAM-PL-07, GAM-PL-08). The dealer (the software device) draws 8 of the
 * 32 cards one after another. A card bet wins when its card is drawn and returns its stake times the
 * multiplier of the draw position: 2 for the 1st to 3rd card, 3 for the 4th and 5th, 4 for the 6th
 * and 7th, 10 for the 8th. The multipliers are TOTAL returns, stake included ("X for 1"): only that
 * reading gives the stated RTP of 93.75 % ((3·2 + 2·3 + 2·4 + 10) / 32 = 30/32) and the maximum win
 * of 1,000,000 = 100,000 × 10 (004:AMB-31, D-2401). Read as net odds "X to 1" the game would return
 * 118.75 %: `payoutReadings` keeps both so rtp.ts can show which one the rule book means.
 */

export const platynkoDrawLength = 8;

/** Total return per unit staked for a card drawn at position 1..8 (index 0..7), stake included. */
export const platynkoReturnMultipliers: readonly bigint[] = Object.freeze([2n, 2n, 2n, 3n, 3n, 4n, 4n, 10n]);

export type PayoutReading = 'total-return' | 'net-odds';

/** The two ways to read GAM-PL-08's "kurz": as printed (total return) or as net odds plus the stake back. */
export const payoutReadings: Readonly<Record<PayoutReading, readonly bigint[]>> = Object.freeze({
  'total-return': platynkoReturnMultipliers,
  'net-odds': Object.freeze(platynkoReturnMultipliers.map((odds) => odds + 1n)),
});

/**
 * Draws 8 distinct cards in order: a partial Fisher–Yates over the canvas, one `intBelow` per card
 * (32, 31, …, 25 equally likely choices), so every ordered draw has the same chance (004:ELG-08).
 */
export function drawPlatynkoCards(rng: Rng): PlatynkoCardId[] {
  const deck = [...platynkoCanvas];
  const drawn: PlatynkoCardId[] = [];
  for (let k = 0; k < platynkoDrawLength; k++) {
    const remaining = platynkoDeckSize - k;
    const pick = rng.intBelow(remaining);
    invariant(Number.isInteger(pick) && pick >= 0 && pick < remaining, 'the rng answers within its bound');
    drawn.push(deck[pick]!);
    deck[pick] = deck[remaining - 1]!;
  }
  return drawn;
}

/** 1..8 where the card was drawn, or null when it was not. */
export function drawPosition(drawn: readonly PlatynkoCardId[], cardId: PlatynkoCardId): number | null {
  const index = drawn.indexOf(cardId);
  return index === -1 ? null : index + 1;
}

/** What a stake on one card returns, stake included (0 when the card was not drawn): 004:GAM-PL-05, GAM-PL-08. */
export function cardReturnMinor(
  stakeMinor: bigint,
  position: number | null,
  multipliers: readonly bigint[] = platynkoReturnMultipliers,
): bigint {
  if (position === null) return 0n;
  invariant(position >= 1 && position <= multipliers.length, 'a draw position is 1..8');
  return stakeMinor * multipliers[position - 1]!;
}
