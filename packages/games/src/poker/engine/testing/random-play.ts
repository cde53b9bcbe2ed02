import { act, type PlayerAction } from '../actions.ts';
import { IllegalAction } from '../illegal-action.ts';
import { legalActions, pendingDecision } from '../legal-actions.ts';
import { canChooseRunCount, chooseRunCount, muckHand, runPendingStep, showHand } from '../steps.ts';
import type { HandState, LegalActions } from '../types.ts';

/**
 * Plays a hand to the end with decisions drawn from `choose` (an index source: property tests
 * feed it fast-check integers, so a failing hand shrinks to a short list of choices). Every
 * decision is one the engine offered. `visit` sees each state, for invariant checks. Not part of
 * the public API.
 */

/** A hand has a few dozen decisions; the bound turns an endless hand into a failure, not a hang. */
export const randomPlayDecisionsMax = 400;

export interface RandomPlayOptions {
  /** Returns an integer in [0, bound). */
  readonly choose: (bound: number) => number;
  readonly visit?: (state: HandState) => void;
  /** Also tries refused moves at each decision and checks they are refused (slower). */
  readonly probeRefusals?: boolean;
}

export function playRandomHand(start: HandState, options: RandomPlayOptions): HandState {
  let state = start;
  options.visit?.(state);
  for (let decisions = 0; state.phase !== 'complete'; decisions++) {
    if (decisions >= randomPlayDecisionsMax) throw new Error(`the hand did not end within ${randomPlayDecisionsMax} decisions`);
    state = decideOnce(state, options);
    options.visit?.(state);
  }
  return state;
}

function decideOnce(state: HandState, options: RandomPlayOptions): HandState {
  const decision = pendingDecision(state);
  switch (decision.kind) {
    case 'step':
      return runPendingStep(state, decision.step).state;
    case 'run-count': {
      const seat = decision.seats[0]!;
      const counts = [1, 2, 3, 4].filter((count) => canChooseRunCount(state, seat, count));
      return chooseRunCount(state, seat, counts[options.choose(counts.length)]!).state;
    }
    case 'show-or-muck':
      return decision.mayMuck && options.choose(2) === 1
        ? muckHand(state, decision.seat).state
        : showHand(state, decision.seat).state;
    case 'action': {
      const legal = legalActions(state)!;
      if (options.probeRefusals) probeRefusals(state, legal);
      const moves = offeredMoves(legal);
      return act(state, decision.seat, moves[options.choose(moves.length)]!).state;
    }
    case 'complete':
      return state;
  }
}

/** Every kind of move `legalActions` offers, with the ends and the middle of each amount range. */
export function offeredMoves(legal: LegalActions): PlayerAction[] {
  const moves: PlayerAction[] = [{ kind: 'fold' }, { kind: 'time-out' }];
  if (legal.check) moves.push({ kind: 'check' }, { kind: 'check' });
  if (legal.call !== null) moves.push({ kind: 'call' }, { kind: 'call' });
  for (const amount of rangePoints(legal.bet)) moves.push({ kind: 'bet', amount });
  for (const to of rangePoints(legal.raise)) moves.push({ kind: 'raise', to });
  if (legal.allIn !== null) moves.push({ kind: 'all-in' });
  return moves;
}

function rangePoints(range: { readonly min: bigint; readonly max: bigint } | null): bigint[] {
  if (range === null) return [];
  return [...new Set([range.min, (range.min + range.max) / 2n, range.max])];
}

/** Moves just outside what `legalActions` offers must be refused with IllegalAction. */
function probeRefusals(state: HandState, legal: LegalActions): void {
  const refused: PlayerAction[] = [];
  if (!legal.check) refused.push({ kind: 'check' });
  if (legal.call === null) refused.push({ kind: 'call' });
  if (legal.bet) refused.push({ kind: 'bet', amount: legal.bet.max + 1n }, { kind: 'bet', amount: legal.bet.min - 1n });
  else refused.push({ kind: 'bet', amount: state.config.stakes.bigBlind });
  if (legal.raise) refused.push({ kind: 'raise', to: legal.raise.max + 1n }, { kind: 'raise', to: legal.raise.min - 1n });
  else refused.push({ kind: 'raise', to: (state.betting?.highestBet ?? 0n) + state.config.stakes.bigBlind });
  if (legal.allIn === null) refused.push({ kind: 'all-in' });
  for (const move of refused) {
    let accepted = false;
    try {
      act(state, legal.seat, move);
      accepted = true;
    } catch (error) {
      if (!(error instanceof IllegalAction)) throw error;
    }
    if (accepted)
      throw new Error(
        `${JSON.stringify(move, (_, v) => (typeof v === 'bigint' ? v.toString() : v))} was accepted but not offered: ${describeLegal(legal)}`,
      );
  }
  const other = state.players.find((player) => player.seat !== legal.seat);
  if (other) {
    let accepted = false;
    try {
      act(state, other.seat, { kind: 'fold' });
      accepted = true;
    } catch (error) {
      if (!(error instanceof IllegalAction)) throw error;
    }
    if (accepted) throw new Error(`seat ${other.seat} acted out of turn`);
  }
}

function describeLegal(legal: LegalActions): string {
  return JSON.stringify(legal, (_, v) => (typeof v === 'bigint' ? v.toString() : v));
}
