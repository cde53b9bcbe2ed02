import { indexOfSeat, inHand, record } from './draft.ts';
import { IllegalAction } from './illegal-action.ts';
import { pendingStep, runCountMax, runStep, settleRunCountIfChosen, transition } from './machine.ts';
import { mayMuck, muckHand as muckInDraft, nextToShow, showHand as showInDraft } from './showdown.ts';
import type { Automation, HandState, Transition } from './types.ts';

/**
 * Manual steps (when their automation is off) and the decisions that are not bets: the run-count
 * proposal (001 §8) and showing or mucking at showdown. Same verify/can/do shape as the actions.
 */

export function verifyStep(state: HandState, step: Automation): void {
  if (state.phase === 'complete') throw new IllegalAction('hand-complete', 'the hand is over');
  if (pendingStep(state) !== step) throw new IllegalAction('wrong-phase', `step ${step} is not due in phase ${state.phase}`);
}

export function canStep(state: HandState, step: Automation): boolean {
  try {
    verifyStep(state, step);
    return true;
  } catch (error) {
    if (error instanceof IllegalAction) return false;
    throw error;
  }
}

/** Runs one due step by hand: posting forced bets, dealing, collecting bets, showing, pushing chips. */
export function runPendingStep(state: HandState, step: Automation): Transition {
  verifyStep(state, step);
  return transition(state, (draft) => runStep(draft, step));
}

export const postForcedBets = (state: HandState): Transition => runPendingStep(state, 'forced-bet-posting');
export const dealHoleCards = (state: HandState): Transition => runPendingStep(state, 'hole-dealing');
export const dealBoard = (state: HandState): Transition => runPendingStep(state, 'board-dealing');
export const collectBets = (state: HandState): Transition => runPendingStep(state, 'bet-collection');
export const pushChips = (state: HandState): Transition => runPendingStep(state, 'chips-pushing');

export function verifyChooseRunCount(state: HandState, seat: number, count: number): void {
  if (state.phase === 'complete') throw new IllegalAction('hand-complete', 'the hand is over');
  if (state.phase !== 'run-count-selection')
    throw new IllegalAction('run-count-not-offered', 'running the board more than once is not on offer now');
  const index = indexOfSeat(state.players, seat);
  const player = state.players[index];
  if (player === undefined || !inHand(player)) throw new IllegalAction('unknown-seat', `seat ${seat} is not in the hand`);
  if (player.runCountChoice !== null)
    throw new IllegalAction('run-count-already-chosen', `seat ${seat} already proposed ${player.runCountChoice}`);
  const max = runCountMax(state);
  if (!Number.isInteger(count) || count < 1 || count > max)
    throw new IllegalAction('run-count-out-of-range', `choose 1 to ${max} run-outs`);
}

export function canChooseRunCount(state: HandState, seat: number, count: number): boolean {
  try {
    verifyChooseRunCount(state, seat, count);
    return true;
  } catch (error) {
    if (error instanceof IllegalAction) return false;
    throw error;
  }
}

/** A player's proposal; 1 declines. When all players in the hand have proposed, the smallest applies. */
export function chooseRunCount(state: HandState, seat: number, count: number): Transition {
  verifyChooseRunCount(state, seat, count);
  return transition(state, (draft) => {
    const player = draft.players[indexOfSeat(draft.players, seat)]!;
    player.runCountChoice = count;
    record(draft, { kind: 'run-count-chosen', seat, count });
    settleRunCountIfChosen(draft);
  });
}

function verifyShowdownTurn(state: HandState, seat: number): number {
  if (state.phase === 'complete') throw new IllegalAction('hand-complete', 'the hand is over');
  if (state.phase !== 'showdown') throw new IllegalAction('wrong-phase', `no showdown in phase ${state.phase}`);
  const index = indexOfSeat(state.players, seat);
  if (index === -1) throw new IllegalAction('unknown-seat', `seat ${seat} is not dealt in`);
  if (nextToShow(state) !== index) throw new IllegalAction('not-your-turn', `seat ${seat} is not due to show`);
  return index;
}

export function verifyShowHand(state: HandState, seat: number): void {
  verifyShowdownTurn(state, seat);
}

export function verifyMuckHand(state: HandState, seat: number): void {
  const index = verifyShowdownTurn(state, seat);
  if (!mayMuck(state, index)) throw new IllegalAction('muck-not-allowed', 'this hand must be shown');
}

export function showHand(state: HandState, seat: number): Transition {
  verifyShowHand(state, seat);
  return transition(state, (draft) => showInDraft(draft, indexOfSeat(draft.players, seat)));
}

export function muckHand(state: HandState, seat: number): Transition {
  verifyMuckHand(state, seat);
  return transition(state, (draft) => muckInDraft(draft, indexOfSeat(draft.players, seat)));
}
