import { invariant } from './chips.ts';
import { clockwiseAfterSeat, inHand, record, type Draft } from './draft.ts';
import { buildPotsOf } from './pots.ts';
import type { HandStrength } from '../evaluator/ranking.ts';
import type { HandState, Pot } from './types.ts';

/**
 * Showdown (000-001:SHOW-01..06, 004:GAM-PT-05, 002:PK-SHOW-03, 003:R-SD-01). Order: the last player
 * to bet or raise in the last betting round shows first, else the first player left of the button;
 * then clockwise. Every hand is shown unless the table allows mucking; an all-in player always shows;
 * a player may muck only once another claimant of each pot they could win has shown (so every pot
 * keeps a claimant). A mucked hand gives up every pot.
 */
export function beginShowdown(draft: Draft): void {
  draft.pots = buildPotsOf(draft.players);
  const aggressor = draft.lastRound?.aggressorIndex ?? null;
  const leftOfButton = clockwiseAfterSeat(draft.players, draft.config.buttonSeat).filter((k) => inHand(draft.players[k]!));
  const order = showdownSequence(leftOfButton, aggressor);
  draft.showdownOrder = order;
  for (const index of order) draft.players[index]!.showdown = 'pending';
  draft.phase = 'showdown';
}

/**
 * The order of showing (D-812; 000-001:SHOW-02, 002:PK-SHOW-03, STUD-10): `clockwise` are the hands
 * still in, clockwise from the button's (the dealer's) left; the last aggressor (when still in) shows
 * first, else the first of them; then clockwise. The stud and draw engine uses it too (D-2050).
 */
export function showdownSequence(clockwise: readonly number[], aggressor: number | null): number[] {
  const at = aggressor === null ? -1 : clockwise.indexOf(aggressor);
  const start = at === -1 ? 0 : at;
  return [...clockwise.slice(start), ...clockwise.slice(0, start)];
}

export function nextToShow(state: Pick<HandState, 'phase' | 'showdownOrder' | 'players'>): number | null {
  if (state.phase !== 'showdown') return null;
  return state.showdownOrder.find((k) => state.players[k]!.showdown === 'pending') ?? null;
}

export interface RunStrength {
  readonly high: HandStrength;
  readonly low: HandStrength | null;
}

/** The player's best high (and low) hand on every run-out. */
export function strengthsOf(state: Pick<HandState, 'config' | 'players' | 'boards'>, index: number): RunStrength[] {
  const { variant } = state.config;
  const hole = state.players[index]!.hole;
  return state.boards.map((board) => {
    const high = variant.highRanking.strength(hole, board);
    invariant(high !== null, 'every complete hand has a high strength');
    return { high, low: variant.lowRanking ? variant.lowRanking.strength(hole, board) : null };
  });
}

export function mayMuck(state: Pick<HandState, 'config' | 'players' | 'pots'>, index: number): boolean {
  const player = state.players[index]!;
  if (!state.config.rules.muckAllowed || player.status === 'all-in') return false;
  return claimedPots(state.pots, index).every((pot) =>
    pot.eligible.some((k) => k !== index && state.players[k]!.showdown === 'shown'),
  );
}

function claimedPots(pots: readonly Pot[], index: number): Pot[] {
  return pots.filter((pot) => pot.eligible.includes(index));
}

/** Whether the hand ties or beats the best shown hand of some pot it claims, on some run, high or low. */
export function couldWin(state: Pick<HandState, 'config' | 'players' | 'pots' | 'boards'>, index: number): boolean {
  const mine = strengthsOf(state, index);
  return claimedPots(state.pots, index).some((pot) => {
    const shown = pot.eligible
      .filter((k) => k !== index && state.players[k]!.showdown === 'shown')
      .map((k) => strengthsOf(state, k));
    return mine.some((run, r) => {
      const bestHigh = Math.max(...shown.map((other) => other[r]!.high.value));
      const lows = shown.map((other) => other[r]!.low?.value ?? Number.NEGATIVE_INFINITY);
      const winsLow = run.low !== null && run.low.value >= Math.max(...lows);
      return run.high.value >= bestHigh || winsLow;
    });
  });
}

export function showHand(draft: Draft, index: number): void {
  const player = draft.players[index]!;
  const runs = strengthsOf(draft, index);
  player.showdown = 'shown';
  record(draft, {
    kind: 'hand-shown',
    seat: player.seat,
    cards: player.hole,
    high: runs.map((run) => run.high.describe()),
    low: draft.config.variant.lowRanking ? runs.map((run) => run.low?.describe() ?? null) : null,
  });
  finishShowdownIfDone(draft);
}

export function muckHand(draft: Draft, index: number): void {
  const player = draft.players[index]!;
  player.showdown = 'mucked';
  record(draft, { kind: 'hand-mucked', seat: player.seat });
  finishShowdownIfDone(draft);
}

/** The hand-showing automation: show when the hand can still win or may not be mucked. */
export function showOrMuckAutomatically(draft: Draft): void {
  const index = nextToShow(draft);
  invariant(index !== null, 'no player is due to show');
  if (!mayMuck(draft, index) || couldWin(draft, index)) showHand(draft, index);
  else muckHand(draft, index);
}

function finishShowdownIfDone(draft: Draft): void {
  if (nextToShow(draft) === null) draft.phase = 'chips-pushing';
}
