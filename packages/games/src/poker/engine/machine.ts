import { beginBettingRound } from './betting.ts';
import { invariant } from './chips.ts';
import { collectBets } from './collection.ts';
import { boardCardsRemaining, dealHoleCards, dealNextStreet, dealOpeningBoard } from './dealing.ts';
import { canAct, freezeDraft, inHand, record, toDraft, type Draft } from './draft.ts';
import { postForcedBets } from './forced-bets.ts';
import { pushChips } from './settlement.ts';
import { beginShowdown, nextToShow, showOrMuckAutomatically } from './showdown.ts';
import type { Automation, HandState, Transition } from './types.ts';

/**
 * The hand, top-down: forced bets → hole cards → betting round → bet collection → (run-count
 * agreement) → board → betting round → … → showdown → chips pushing. Each phase's end begins the
 * next. `advance` runs every step whose automation is enabled and stops where a player must decide
 * or a manual step is due, so live play and step-by-step tests share one code path.
 */

/** The automated step the state is waiting for, or null when it waits for a player (or is over). */
export function pendingStep(state: Pick<HandState, 'phase' | 'showdownOrder' | 'players'>): Automation | null {
  switch (state.phase) {
    case 'forced-bets':
      return 'forced-bet-posting';
    case 'hole-dealing':
      return 'hole-dealing';
    case 'bet-collection':
      return 'bet-collection';
    case 'board-dealing':
      return 'board-dealing';
    case 'showdown':
      return nextToShow(state) === null ? null : 'hand-showing';
    case 'chips-pushing':
      return 'chips-pushing';
    default:
      return null;
  }
}

// A hand has at most a few dozen steps; the bound only guards against a phase that never ends.
const automatedStepsMax = 1_000;

export function advance(draft: Draft): void {
  for (let steps = 0; steps < automatedStepsMax; steps++) {
    const step = pendingStep(draft);
    if (step === null || !draft.config.automations.includes(step)) return;
    runStep(draft, step);
  }
  invariant(false, 'a hand cannot need this many automated steps');
}

export function runStep(draft: Draft, step: Automation): void {
  switch (step) {
    case 'forced-bet-posting':
      postForcedBets(draft);
      draft.phase = 'hole-dealing';
      return;
    case 'hole-dealing':
      dealHoleCards(draft);
      dealOpeningBoard(draft);
      beginBettingRound(draft, 0);
      return;
    case 'bet-collection':
      collectBets(draft);
      endStreet(draft);
      return;
    case 'board-dealing':
      dealNextStreet(draft);
      beginBettingRound(draft, draft.street);
      return;
    case 'hand-showing':
      showOrMuckAutomatically(draft);
      return;
    case 'chips-pushing':
      pushChips(draft);
      return;
  }
}

/** After the bets are in: uncontested, showdown, run-count agreement, or the next street. */
function endStreet(draft: Draft): void {
  const remaining = draft.players.filter(inHand).length;
  const lastStreet = draft.street === draft.config.variant.streets.length - 1;
  if (remaining === 1) draft.phase = 'chips-pushing';
  else if (lastStreet) beginShowdown(draft);
  else if (runCountOffered(draft)) draft.phase = 'run-count-selection';
  else draft.phase = 'board-dealing';
}

/**
 * 001 §8 (000-001:RIT-02): at least two players in, nobody able to act any more, every one agrees.
 * Offered once, only on tables and variants that allow it and while the deck can serve two run-outs.
 */
function runCountOffered(draft: Draft): boolean {
  const bettingOver = draft.players.filter(canAct).length <= 1;
  const alreadyAsked = draft.operations.some((operation) => operation.kind === 'runs-agreed');
  return bettingOver && !alreadyAsked && runCountMax(draft) >= 2;
}

/** The most run-outs the table, the variant and the remaining deck allow. */
export function runCountMax(state: Pick<Draft, 'config' | 'deck' | 'deckIndex' | 'street'>): number {
  const { rules, variant } = state.config;
  if (!variant.runItMoreTimesAllowed) return 1;
  const perRun = boardCardsRemaining(state);
  if (perRun === 0) return 1;
  return Math.min(rules.runItTimesMax, Math.floor((state.deck.length - state.deckIndex) / perRun));
}

/** Once every player in the hand has proposed, the smallest proposal wins (a "1" declines). */
export function settleRunCountIfChosen(draft: Draft): void {
  const choices = draft.players.filter(inHand).map((player) => player.runCountChoice);
  if (choices.some((choice) => choice === null)) return;
  const count = Math.min(...(choices as number[]));
  record(draft, { kind: 'runs-agreed', count });
  const shared = draft.boards[0]!;
  draft.boards = Array.from({ length: count }, () => shared.slice());
  draft.phase = 'board-dealing';
}

/** Copies the state, applies `change`, runs the automations, and returns the new frozen state. */
export function transition(state: HandState, change: (draft: Draft) => void): Transition {
  const draft = toDraft(state);
  const before = draft.operations.length;
  change(draft);
  advance(draft);
  return Object.freeze({ state: freezeDraft(draft), events: Object.freeze(draft.operations.slice(before)) });
}
