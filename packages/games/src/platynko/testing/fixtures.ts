import { commitToSeed, roundRng, testRoundSeed, type Rng } from '../../rng/index.ts';
import { platynkoCanvas, platynkoDeckSize, type PlatynkoCardId } from '../canvas.ts';
import { fortunaPlatynkoLimits, type PlatynkoTableLimits } from '../limits.ts';
import { applyPlatynkoAction, openPlatynkoRound } from '../round.ts';
import type { PlatynkoAction, PlatynkoBetRequest, PlatynkoState } from '../types.ts';

/** Test helpers: CZK tables in haléř, rigged draws. Not part of the public API. */

export const czk = (amount: number): bigint => BigInt(Math.round(amount * 100));

/** A Fortuna table with the given minimum (5 CZK unless said). */
export const testLimits = (minimumCzk = 5): PlatynkoTableLimits => fortunaPlatynkoLimits(czk(minimumCzk));

/**
 * An rng that makes the engine's draw (a partial Fisher–Yates over the canvas) produce exactly the
 * given cards in order: it answers each `intBelow` with where the wanted card sits in the deck then.
 */
export function riggedDraw(...cards: PlatynkoCardId[]): Rng {
  const deck = [...platynkoCanvas];
  let k = 0;
  return {
    intBelow(bound: number): number {
      const wanted = cards[k];
      if (wanted === undefined || bound !== platynkoDeckSize - k) throw new Error('the rigged draw ran out of cards');
      const at = deck.indexOf(wanted);
      if (at < 0 || at >= bound) throw new Error(`${wanted} was already drawn`);
      deck[at] = deck[bound - 1]!;
      k++;
      return at;
    },
  };
}

/** Eight cards drawn in this order: `first` at the given positions, the rest filler not among `avoid`. */
export function drawWith(
  placed: Partial<Record<number, PlatynkoCardId>>,
  avoid: readonly PlatynkoCardId[] = [],
): PlatynkoCardId[] {
  const used = new Set<PlatynkoCardId>([...Object.values(placed), ...avoid] as PlatynkoCardId[]);
  const filler = platynkoCanvas.filter((card) => !used.has(card));
  return Array.from({ length: 8 }, (_, k) => placed[k + 1] ?? filler.shift()!);
}

export function openTestRound(limits = testLimits(), label = 'platynko', seatsMax = 4): PlatynkoState {
  return openPlatynkoRound({ roundId: `round-${label}`, limits, seatsMax, seedCommitment: commitToSeed(testRoundSeed(label)) })
    .state;
}

/** Applies actions in order with the round rng of the test seed (or the rng given). */
export function run(
  state: PlatynkoState,
  actions: readonly PlatynkoAction[],
  rng: Rng = roundRng(testRoundSeed('platynko')),
): PlatynkoState {
  return actions.reduce((current, action) => applyPlatynkoAction(current, action, rng).state, state);
}

/** Places and confirms bets for seat 1, closes betting and draws `drawn`. */
export function playRound(bets: readonly PlatynkoBetRequest[], drawn: PlatynkoCardId[], limits = testLimits()): PlatynkoState {
  return run(
    openTestRound(limits),
    [{ kind: 'place-bets', seat: 1, bets }, { kind: 'confirm-bets', seat: 1 }, { kind: 'close-betting' }, { kind: 'draw' }],
    riggedDraw(...drawn),
  );
}
