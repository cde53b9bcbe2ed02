import { actionLimits } from './betting.ts';
import { inHand } from './draft.ts';
import { pendingStep } from './machine.ts';
import { mayMuck, nextToShow } from './showdown.ts';
import type { Automation, HandState, LegalActions } from './types.ts';

/**
 * What the player to act may do, with the amounts the table and the UI need. Null when nobody is
 * to bet. Bet and raise ranges are "street bet after the action"; a range whose min equals the
 * player's all-in is an all-in for less than a full bet or raise.
 */
export function legalActions(state: HandState): LegalActions | null {
  const round = state.betting;
  if (state.phase !== 'betting' || round === null || round.actorIndex === null) return null;
  const index = round.actorIndex;
  const player = state.players[index]!;
  const limits = actionLimits(state, index);
  const check = player.bet >= round.highestBet;
  const opening = round.highestBet === 0n;
  const allInIsLegal = limits.allInTo <= round.highestBet || (limits.range !== null && limits.allInTo <= limits.range.max);
  return Object.freeze({
    seat: player.seat,
    fold: true,
    check,
    call: check ? null : limits.toCall,
    bet: opening ? limits.range : null,
    raise: opening ? null : limits.range,
    allIn: allInIsLegal ? limits.allInTo : null,
    timeOut: state.config.rules.timeOutAction === 'check-or-fold' && check ? 'check' : 'fold',
  });
}

/** What the hand waits for next: a player's decision, a manual step, or nothing (complete). */
export type PendingDecision =
  | { readonly kind: 'action'; readonly seat: number }
  | { readonly kind: 'run-count'; readonly seats: readonly number[] }
  | { readonly kind: 'show-or-muck'; readonly seat: number; readonly mayMuck: boolean }
  | { readonly kind: 'step'; readonly step: Automation }
  | { readonly kind: 'complete' };

export function pendingDecision(state: HandState): PendingDecision {
  if (state.phase === 'complete') return { kind: 'complete' };
  if (state.phase === 'betting' && state.betting?.actorIndex != null)
    return { kind: 'action', seat: state.players[state.betting.actorIndex]!.seat };
  if (state.phase === 'run-count-selection') {
    return {
      kind: 'run-count',
      seats: state.players.filter((player) => inHand(player) && player.runCountChoice === null).map((player) => player.seat),
    };
  }
  const step = pendingStep(state);
  const shower = nextToShow(state);
  if (step === 'hand-showing' && shower !== null && !state.config.automations.includes(step)) {
    return { kind: 'show-or-muck', seat: state.players[shower]!.seat, mayMuck: mayMuck(state, shower) };
  }
  return { kind: 'step', step: step! };
}
