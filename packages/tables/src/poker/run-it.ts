import { formatCard, poker } from '@casino/games';
import type { PokerRuleProfile, PokerTableDefinition } from './profile.ts';
import { refusal } from './seats.ts';

/**
 * Run it twice (000-001:RIT-01..05, UI-08; issue 18, D-1820). When every player still in the hand is
 * all-in (nobody can act any more) before the board is complete, the engine asks each of them how
 * many times to run the rest of the board. A table that offers it (its profile's `runItTwice` and the
 * table's own opt-in) waits for every answer up to the profile's agreement time; one "1" (a refusal)
 * ends the step at once, silence counts as a refusal, and the smallest answer applies, so more than
 * one run needs every remaining player's agreement (RIT-02). A table that does not offer it, and the
 * engine for variants that never run twice (Omaha Hi/Lo, RIT-05), run the board once.
 */

/** Whether the table asks its players at all (else the table answers "once" for everybody, D-1658). */
export function runItOffered(profile: PokerRuleProfile, definition: PokerTableDefinition): boolean {
  return definition.runItTwice === true && profile.runItTwice != null;
}

/** The most runs the players may propose now (the table's rules, the variant, the remaining deck); 1 = none. */
export function runsMax(state: poker.HandState, seat: number): number {
  for (let count = 4; count >= 2; count--) if (poker.canChooseRunCount(state, seat, count)) return count;
  return 1;
}

/** The seats that still have to answer, or null when the hand is not at the agreement step. */
export function seatsToAnswer(state: poker.HandState): readonly number[] | null {
  const decision = poker.pendingDecision(state);
  return decision.kind === 'run-count' ? decision.seats : null;
}

/** Answers "once" for every seat that has not answered: a refusal, or the agreement time ran out. */
export function declineForEveryone(state: poker.HandState): poker.Transition {
  let current = state;
  const events: poker.Operation[] = [];
  for (const seat of seatsToAnswer(state) ?? []) {
    const transition = poker.chooseRunCount(current, seat, 1);
    current = transition.state;
    events.push(...transition.events);
  }
  return { state: current, events };
}

/** A player's answer, validated: their seat must still answer, the count 1..the most runs on offer. */
export function chooseRuns(state: poker.HandState, seat: number, count: number): poker.Transition {
  const waiting = seatsToAnswer(state);
  if (waiting === null) throw refusal('run-count-not-offered', 'running the board more than once is not on offer now');
  if (!waiting.includes(seat)) throw refusal('run-count-already-chosen', 'you have answered already');
  const max = runsMax(state, seat);
  if (!Number.isInteger(count) || count < 1 || count > max)
    throw refusal('run-count-out-of-range', `choose 1 to ${max} runs`, 'count');
  const transition = poker.chooseRunCount(state, seat, count);
  if (count > 1) return transition;
  // A refusal settles it: nobody else needs to be asked (000-001:T-31 "decline → 1 run").
  const rest = declineForEveryone(transition.state);
  return { state: rest.state, events: [...transition.events, ...rest.events] };
}

/** What the view shows of the agreement step: who still answers, the most runs, until when. */
export interface RunItOfferView {
  readonly seatsToAnswer: readonly number[];
  readonly runsMax: number;
  readonly deadlineAt: string;
}

export function runItOfferView(state: poker.HandState, deadlineMs: number | null): RunItOfferView | null {
  const waiting = seatsToAnswer(state);
  if (waiting === null || waiting.length === 0 || deadlineMs === null) return null;
  return { seatsToAnswer: waiting, runsMax: runsMax(state, waiting[0]!), deadlineAt: new Date(deadlineMs).toISOString() };
}

/** Every run-out of the board (one entry per run; the first is the board everyone saw before the split). */
export function runOuts(state: poker.HandState): string[][] {
  return state.boards.map((board) => board.map(formatCard));
}
