import { commitToSeed, testRoundSeed, type Rng } from '../../rng/index.ts';
import { invariant } from '../../shared/invariant.ts';
import { applyBlackjackActions, legalDecisions, openBlackjackRound, type BlackjackStateView } from '../round.ts';
import type { BlackjackRules } from '../rules.ts';
import type { BlackjackAction, BlackjackTableLimits } from '../types.ts';
import { basicStrategy, type BasicStrategy } from './basic-strategy.ts';

/**
 * Plays hands through the engine itself, one box against the dealer, every decision by basic
 * strategy (insurance and even money declined), every hand from a freshly shuffled shoe as at the
 * table. It measures the engine, not a model: the exact calculation is the model it must agree with.
 */

export interface SimulationOptions {
  readonly rules: BlackjackRules;
  readonly hands: number;
  /** Shuffles every hand's shoe. */
  readonly rng: Rng;
  readonly strategy?: BasicStrategy;
  /** Called after each hand with its net result in initial stakes (for paired comparisons). */
  readonly onHand?: (net: number) => void;
}

export interface SimulationResult {
  readonly rulesId: string;
  readonly hands: number;
  /** Return per unit of initial stake, stake included. */
  readonly rtp: number;
  /** 95 % confidence interval of the RTP (normal approximation: 1.96 standard errors). */
  readonly confidence95: readonly [number, number];
  readonly standardDeviationPerHand: number;
  /** Return per unit of everything staked (initial, doubles, splits): what a ledger would show. */
  readonly returnOnAllStakes: number;
  readonly elapsedMs: number;
  readonly handsPerSecond: number;
}

/** A simulation never needs more; the bound keeps a typo from running for days. */
export const simulationHandsMax = 100_000_000;

const stakeMinor = 1_000n;
const limits: BlackjackTableLimits = { unitMinor: 10n, stakeMinimumMinor: 10n, stakeMaximumMinor: 1_000_000n };
const commitment = commitToSeed(testRoundSeed('simulation'));

function decide(state: BlackjackStateView, strategy: BasicStrategy): BlackjackAction {
  if (state.phase === 'insurance') {
    const box = state.boxes[0]!;
    return box.evenMoney === 'pending'
      ? { kind: 'even-money', seat: 1, take: false }
      : { kind: 'insurance', seat: 1, take: false };
  }
  const turn = state.turn!;
  const box = state.boxes[0]!;
  const hand = box.hands[turn.hand]!;
  const legal = legalDecisions(state, 1);
  const decision = strategy.decide(
    { cards: hand.cards, fromSplit: hand.fromSplit, handsInBox: box.hands.length },
    state.dealerCards[0]!,
    legal,
  );
  if (decision === 'split' || decision === 'surrender') return { kind: decision, seat: 1 };
  return { kind: decision, seat: 1, reconfirmed: true };
}

/** One hand through the engine; returns [net in initial stakes, everything staked in initial stakes]. */
export function playOneHand(rules: BlackjackRules, strategy: BasicStrategy, rng: Rng): [number, number] {
  const opened = openBlackjackRound({ roundId: 'simulation', rules, limits, seedCommitment: commitment }).state;
  const betting: BlackjackAction[] = [
    { kind: 'place-bet', seat: 1, stakeMinor },
    { kind: 'confirm-bet', seat: 1 },
    { kind: 'close-betting' },
  ];
  const state = applyBlackjackActions(
    opened,
    (current) => betting.shift() ?? (current.phase === 'settled' ? null : decide(current, strategy)),
    rng,
  ).state;
  const settlement = state.settlements![0]!;
  return [
    Number(settlement.returnedMinor - settlement.stakedMinor) / Number(stakeMinor),
    Number(settlement.stakedMinor) / Number(stakeMinor),
  ];
}

export function simulateBlackjack(options: SimulationOptions): SimulationResult {
  const { rules, hands, rng } = options;
  invariant(Number.isInteger(hands) && hands >= 2 && hands <= simulationHandsMax, `2 to ${simulationHandsMax} hands`);
  const strategy = options.strategy ?? basicStrategy(rules);
  const started = performance.now();
  let sum = 0;
  let sumSquares = 0;
  let staked = 0;
  for (let k = 0; k < hands; k++) {
    const [net, stakedUnits] = playOneHand(rules, strategy, rng);
    sum += net;
    sumSquares += net * net;
    staked += stakedUnits;
    options.onHand?.(net);
  }
  const elapsedMs = performance.now() - started;
  const mean = sum / hands;
  const variance = (sumSquares - hands * mean * mean) / (hands - 1);
  const halfWidth = 1.96 * Math.sqrt(variance / hands);
  return {
    rulesId: rules.id,
    hands,
    rtp: 1 + mean,
    confidence95: [1 + mean - halfWidth, 1 + mean + halfWidth],
    standardDeviationPerHand: Math.sqrt(variance),
    returnOnAllStakes: (staked + sum) / staked,
    elapsedMs,
    handsPerSecond: hands / (elapsedMs / 1000),
  };
}
