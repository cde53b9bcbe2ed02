import { actionLimits, applyAction, type ActionLimits } from './betting.ts';
import { indexOfSeat } from './draft.ts';
import { IllegalAction } from './illegal-action.ts';
import { transition } from './machine.ts';
import type { ActionKind, Chips, HandState, Transition } from './types.ts';

/**
 * Player actions as PokerKit triples: `verifyX` throws IllegalAction with the reason, `canX` says
 * whether `verifyX` would pass, `x` verifies and returns the next state with the operations it
 * appended. Amounts: `bet(amount)` is the street bet after betting, `raise(to)` the street bet after
 * raising ("raise to").
 */

export type PlayerAction =
  | { readonly kind: 'fold' }
  | { readonly kind: 'check' }
  | { readonly kind: 'call' }
  | { readonly kind: 'bet'; readonly amount: Chips }
  | { readonly kind: 'raise'; readonly to: Chips }
  | { readonly kind: 'all-in' }
  | { readonly kind: 'time-out' };

/** The acting player's index; refuses when it is not `seat`'s turn to bet. */
function verifyTurn(state: HandState, seat: number): number {
  if (state.phase === 'complete') throw new IllegalAction('hand-complete', 'the hand is over');
  const index = indexOfSeat(state.players, seat);
  if (index === -1) throw new IllegalAction('unknown-seat', `seat ${seat} is not dealt in`);
  if (state.phase !== 'betting' || state.betting === null)
    throw new IllegalAction('wrong-phase', `no betting in phase ${state.phase}`);
  if (state.betting.actorIndex !== index) throw new IllegalAction('not-your-turn', `seat ${seat} is not the player to act`);
  return index;
}

function can(verify: () => unknown): boolean {
  try {
    verify();
    return true;
  } catch (error) {
    if (error instanceof IllegalAction) return false;
    throw error;
  }
}

export function verifyFold(state: HandState, seat: number): void {
  verifyTurn(state, seat);
}

export function verifyCheck(state: HandState, seat: number): void {
  const index = verifyTurn(state, seat);
  // 000-001:BET-04, 003:R-BET-02: only when nobody has put in more this round.
  if (state.players[index]!.bet < state.betting!.highestBet)
    throw new IllegalAction('check-facing-bet', 'a bet is pending: call, raise or fold');
}

export function verifyCall(state: HandState, seat: number): void {
  const index = verifyTurn(state, seat);
  if (actionLimits(state, index).toCall === 0n)
    throw new IllegalAction('nothing-to-call', 'there is no bet to call: check or bet');
}

export function verifyBet(state: HandState, seat: number, amount: Chips): void {
  const index = verifyTurn(state, seat);
  if (state.betting!.highestBet > 0n)
    throw new IllegalAction('bet-already-made', 'a bet was already made this round: raise instead');
  verifyAmount(state, actionLimits(state, index), amount);
}

export function verifyRaise(state: HandState, seat: number, to: Chips): void {
  const index = verifyTurn(state, seat);
  if (state.betting!.highestBet === 0n) throw new IllegalAction('no-bet-to-raise', 'nothing to raise: bet instead');
  verifyAmount(state, actionLimits(state, index), to);
}

function verifyAmount(state: HandState, limits: ActionLimits, to: Chips): void {
  if (limits.aggressionBlocked !== null) throw new IllegalAction(limits.aggressionBlocked, 'betting is not open to this player');
  const range = limits.range!;
  const fixed = state.config.variant.structure === 'fixed-limit';
  if (to > limits.allInTo) throw new IllegalAction('insufficient-chips', `only ${limits.allInTo} can be reached (table stakes)`);
  if (fixed && to !== range.min)
    throw new IllegalAction('amount-not-fixed-limit-size', `fixed limit: the only amount is ${range.min}`);
  if (to < range.min) throw new IllegalAction('amount-below-minimum', `the minimum is ${range.min}`);
  if (to > range.max) throw new IllegalAction('amount-above-maximum', `the maximum is ${range.max}`);
}

/** All-in as the action it amounts to: a call, a bet or a raise of every chip. */
function resolveAllIn(state: HandState, index: number): { action: ActionKind; to: Chips } {
  const limits = actionLimits(state, index);
  if (limits.allInTo <= state.betting!.highestBet) return { action: 'call', to: limits.allInTo };
  return { action: state.betting!.highestBet === 0n ? 'bet' : 'raise', to: limits.allInTo };
}

export function verifyAllIn(state: HandState, seat: number): void {
  const index = verifyTurn(state, seat);
  const { action, to } = resolveAllIn(state, index);
  if (action !== 'call') verifyAmount(state, actionLimits(state, index), to);
}

export function verifyTimeOut(state: HandState, seat: number): void {
  verifyTurn(state, seat);
}

export const canFold = (state: HandState, seat: number): boolean => can(() => verifyFold(state, seat));
export const canCheck = (state: HandState, seat: number): boolean => can(() => verifyCheck(state, seat));
export const canCall = (state: HandState, seat: number): boolean => can(() => verifyCall(state, seat));
export const canBet = (state: HandState, seat: number, amount: Chips): boolean => can(() => verifyBet(state, seat, amount));
export const canRaise = (state: HandState, seat: number, to: Chips): boolean => can(() => verifyRaise(state, seat, to));
export const canAllIn = (state: HandState, seat: number): boolean => can(() => verifyAllIn(state, seat));
export const canTimeOut = (state: HandState, seat: number): boolean => can(() => verifyTimeOut(state, seat));

function perform(state: HandState, seat: number, action: ActionKind, to: Chips, timedOut = false): Transition {
  const index = indexOfSeat(state.players, seat);
  return transition(state, (draft) => applyAction(draft, index, action, to, timedOut));
}

export function fold(state: HandState, seat: number): Transition {
  verifyFold(state, seat);
  return perform(state, seat, 'fold', 0n);
}

export function check(state: HandState, seat: number): Transition {
  verifyCheck(state, seat);
  return perform(state, seat, 'check', 0n);
}

export function call(state: HandState, seat: number): Transition {
  verifyCall(state, seat);
  return perform(state, seat, 'call', 0n);
}

export function bet(state: HandState, seat: number, amount: Chips): Transition {
  verifyBet(state, seat, amount);
  return perform(state, seat, 'bet', amount);
}

export function raise(state: HandState, seat: number, to: Chips): Transition {
  verifyRaise(state, seat, to);
  return perform(state, seat, 'raise', to);
}

export function allIn(state: HandState, seat: number): Transition {
  verifyAllIn(state, seat);
  const { action, to } = resolveAllIn(state, indexOfSeat(state.players, seat));
  return perform(state, seat, action, to);
}

/**
 * The table's clock ran out: check when checking is possible, else fold (001 §14.2, 000-001:TIME-02).
 * Tables with the 003 literal rule fold even when a check is free (003:R-TIME-02).
 */
export function timeOut(state: HandState, seat: number): Transition {
  verifyTimeOut(state, seat);
  const checkFirst = state.config.rules.timeOutAction === 'check-or-fold' && canCheck(state, seat);
  return perform(state, seat, checkFirst ? 'check' : 'fold', 0n, true);
}

export function act(state: HandState, seat: number, action: PlayerAction): Transition {
  switch (action.kind) {
    case 'fold':
      return fold(state, seat);
    case 'check':
      return check(state, seat);
    case 'call':
      return call(state, seat);
    case 'bet':
      return bet(state, seat, action.amount);
    case 'raise':
      return raise(state, seat, action.to);
    case 'all-in':
      return allIn(state, seat);
    case 'time-out':
      return timeOut(state, seat);
  }
}
