import { commitToSeed, testRoundSeed, type Rng } from '../rng/index.ts';
import { fraction, fractionToNumber, type Fraction } from '../roulette/rtp.ts';
import { invariant } from '../shared/invariant.ts';
import { platynkoCanvas, platynkoDeckSize, type PlatynkoCardId } from './canvas.ts';
import { fortunaPlatynkoLimits, platynkoSeatsMax, type PlatynkoTableLimits } from './limits.ts';
import { drawPlatynkoCards, payoutReadings, platynkoDrawLength, type PayoutReading } from './payouts.ts';
import { applyPlatynkoAction, openPlatynkoRound } from './round.ts';
import { settleLayout } from './settlement.ts';
import type { ChipPlacement, PlatynkoSeatSettlement } from './types.ts';

/**
 * The return to player, exactly and by simulation (004:GAM-PL-01 93.75 %, T-121).
 *
 * Exact: the draw reads 8 numbers from the rng, 32 × 31 × … × 25 equally likely sequences. For a bet
 * on card c only c's fate matters, so the sequences are enumerated grouped by it: at each draw either
 * c is picked (1 way) or another card is (31 − k ways). That gives, as exact integer counts, how many
 * sequences put c at position 1..8 and how many never draw it; each class is then settled through the
 * engine's own settlement (a representative draw with c at that position) and weighted by its count.
 * The answer is a fraction: 30/32 = 15/16 = 93.75 % for every card of the canvas. A row or a column
 * bet is 8 or 4 card bets (GAM-PL-09), so its return is the sum of theirs: 15/16 as well.
 */

/** 004:GAM-PL-01: the RTP the rule book states, 93.75 %. */
export const statedPlatynkoRtp: Fraction = fraction(9375n, 10000n);

/** How many of the draw's rng sequences leave a given card at position 1..8 (index 0..7), and never draw it (index 8). */
export function drawPositionCounts(): bigint[] {
  const counts = Array.from({ length: platynkoDrawLength + 1 }, () => 0n);
  // `ways`: sequences so far in which the card is still in the deck.
  let ways = 1n;
  for (let k = 0; k < platynkoDrawLength; k++) {
    const remaining = BigInt(platynkoDeckSize - k);
    // The card is drawn now (1 way); every later draw is free (remaining − 1, remaining − 2, …).
    let after = 1n;
    for (let j = k + 1; j < platynkoDrawLength; j++) after *= BigInt(platynkoDeckSize - j);
    counts[k] = ways * after;
    ways *= remaining - 1n;
  }
  counts[platynkoDrawLength] = ways;
  return counts;
}

export function drawSequenceCount(): bigint {
  let total = 1n;
  for (let k = 0; k < platynkoDrawLength; k++) total *= BigInt(platynkoDeckSize - k);
  return total;
}

/** A draw with `cardId` at `position` (1..8) or not drawn (null), the other places filled from the canvas. */
function representativeDraw(cardId: PlatynkoCardId, position: number | null): PlatynkoCardId[] {
  const others = platynkoCanvas.filter((other) => other !== cardId).slice(0, platynkoDrawLength);
  if (position === null) return others;
  others.splice(position - 1, 1, cardId);
  return others.slice(0, platynkoDrawLength);
}

/** Exact expected return per unit staked of a bet on one card, under a payout reading. */
export function exactCardReturn(cardId: PlatynkoCardId, reading: PayoutReading = 'total-return'): Fraction {
  const counts = drawPositionCounts();
  const total = drawSequenceCount();
  invariant(counts.reduce((sum, count) => sum + count, 0n) === total, 'the classes cover every sequence once');
  const stakeMinor = 100n;
  const limits = { winMaximumMinor: stakeMinor * 1_000n };
  let returned = 0n;
  counts.forEach((count, index) => {
    const position = index < platynkoDrawLength ? index + 1 : null;
    const layout: ChipPlacement[] = [{ cardId, stakeMinor }];
    const settled = settleLayout(1, layout, representativeDraw(cardId, position), limits, payoutReadings[reading]);
    returned += settled.returnedMinor * count;
  });
  return fraction(returned, stakeMinor * total);
}

/** Exact expected return per unit staked of chips on several cards (a row, a column, any layout): the sum of the card bets'. */
export function exactLayoutReturn(layout: readonly ChipPlacement[], reading: PayoutReading = 'total-return'): Fraction {
  const staked = layout.reduce((sum, item) => sum + item.stakeMinor, 0n);
  invariant(staked > 0n, 'something must be staked');
  let numerator = 0n;
  let denominator = 1n;
  for (const item of layout) {
    const card = exactCardReturn(item.cardId, reading);
    // numerator/denominator + stake × card
    numerator = numerator * card.denominator + item.stakeMinor * card.numerator * denominator;
    denominator *= card.denominator;
  }
  return fraction(numerator, denominator * staked);
}

/** The exact RTP of the game under a reading: every card of the canvas returns the same (checked). */
export function exactPlatynkoRtp(reading: PayoutReading = 'total-return'): Fraction {
  const perCard = platynkoCanvas.map((cardId) => exactCardReturn(cardId, reading));
  invariant(
    perCard.every((value) => value.numerator === perCard[0]!.numerator && value.denominator === perCard[0]!.denominator),
    'suit and rank never change the win (004:GAM-PL-05)',
  );
  return perCard[0]!;
}

export class RejectedPayoutReading extends Error {
  override readonly name = 'RejectedPayoutReading';
}

/**
 * 004:GAM-PL-08, AMB-31: the reading of the "kurz" the engine pays by. A reading is accepted only if
 * its exact RTP is the one the rule book states; the net-odds reading returns 118.75 % (more than was
 * staked) and is refused, which leaves the total-return reading (D-2401).
 */
export function acceptedPayoutReading(reading: PayoutReading): PayoutReading {
  const rtp = exactPlatynkoRtp(reading);
  if (rtp.numerator !== statedPlatynkoRtp.numerator || rtp.denominator !== statedPlatynkoRtp.denominator) {
    throw new RejectedPayoutReading(
      `reading the odds as ${reading} gives an RTP of ${(fractionToNumber(rtp) * 100).toFixed(2)} %, not the stated 93.75 % (004:GAM-PL-01)`,
    );
  }
  return reading;
}

export interface PlatynkoSimulation {
  readonly rounds: number;
  readonly bets: number;
  readonly stakedMinor: bigint;
  readonly returnedMinor: bigint;
  readonly rtp: number;
  /** 95 % confidence interval of the RTP (normal approximation over bets). */
  readonly confidence95: readonly [number, number];
}

/** Plátýnko rounds a simulation may play in one call. */
export const platynkoSimulationRoundsMax = 20_000_000;

/**
 * 004:T-121: plays `rounds` rounds, each of `seats` seats betting the table minimum on one card chosen
 * at random, and measures the return over all stakes. `through: 'round'` plays every round through
 * the round state machine (open, place, confirm, close, draw, settle); the default `'draw'` uses the
 * same engine functions without the state bookkeeping (the engine's draw, then its settlement), about
 * fifty times faster. Both read the rng in the same order, so with one seed they give the same result
 * (a test checks it). Deterministic for a given rng.
 */
export function simulatePlatynko(options: {
  readonly rounds: number;
  readonly rng: Rng;
  readonly seats?: number;
  readonly limits?: PlatynkoTableLimits;
  readonly through?: 'draw' | 'round';
  readonly onRound?: () => void;
}): PlatynkoSimulation {
  const seats = options.seats ?? platynkoSeatsMax;
  const limits = options.limits ?? fortunaPlatynkoLimits(500n);
  const { rng } = options;
  invariant(
    Number.isInteger(options.rounds) && options.rounds >= 1 && options.rounds <= platynkoSimulationRoundsMax,
    `1 to ${platynkoSimulationRoundsMax} rounds`,
  );
  const chipMinor = limits.chipMinimumMinor;
  const seedCommitment = commitToSeed(testRoundSeed('sim:platynko'));
  let staked = 0n;
  let returned = 0n;
  let sumSquares = 0;
  const count = (settled: PlatynkoSeatSettlement) => {
    staked += settled.stakedMinor;
    returned += settled.returnedMinor;
    const ratio = Number(settled.returnedMinor) / Number(settled.stakedMinor);
    sumSquares += ratio * ratio;
  };
  for (let round = 0; round < options.rounds; round++) {
    const choices = Array.from({ length: seats }, () => platynkoCanvas[rng.intBelow(platynkoDeckSize)]!);
    if (options.through === 'round') {
      let state = openPlatynkoRound({ roundId: `sim-${round}`, limits, seatsMax: seats, seedCommitment }).state;
      choices.forEach((cardId, k) => {
        const bets = [{ kind: 'card' as const, cardId, chipMinor }];
        state = applyPlatynkoAction(state, { kind: 'place-bets', seat: k + 1, bets }, rng).state;
        state = applyPlatynkoAction(state, { kind: 'confirm-bets', seat: k + 1 }, rng).state;
      });
      state = applyPlatynkoAction(state, { kind: 'close-betting' }, rng).state;
      state = applyPlatynkoAction(state, { kind: 'draw' }, rng).state;
      state.settlements!.forEach(count);
    } else {
      const drawn = drawPlatynkoCards(rng);
      choices.forEach((cardId, k) => count(settleLayout(k + 1, [{ cardId, stakeMinor: chipMinor }], drawn, limits)));
    }
    options.onRound?.();
  }
  const bets = options.rounds * seats;
  const rtp = Number(returned) / Number(staked);
  const variance = Math.max(0, sumSquares / bets - rtp * rtp);
  const halfWidth = 1.96 * Math.sqrt(variance / bets);
  return {
    rounds: options.rounds,
    bets,
    stakedMinor: staked,
    returnedMinor: returned,
    rtp,
    confidence95: [rtp - halfWidth, rtp + halfWidth],
  };
}
