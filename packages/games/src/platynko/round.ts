import type { Rng } from '../rng/index.ts';
import { isRoundSeed } from '../rng/index.ts';
import { deepFreeze, invariant } from '../shared/invariant.ts';
import { expandBets, expandRebet, layoutOf } from './bets.ts';
import { platynkoSeatsMax, validatePlatynkoLimits, type PlatynkoTableLimits } from './limits.ts';
import { drawPlatynkoCards } from './payouts.ts';
import { InvalidPlatynkoRound, PlatynkoRejection } from './rejection.ts';
import { settlePlatynkoSeats } from './settlement.ts';
import type {
  ChipPlacement,
  PlatynkoPlacedBet,
  PlatynkoAction,
  PlatynkoEvent,
  PlatynkoRoundConfig,
  PlatynkoSeat,
  PlatynkoState,
  PlatynkoTransition,
} from './types.ts';

/**
 * The Plátýnko round, top-down (004 Annex 3): betting (place, undo, clear, rebet, confirm) → betting
 * closed (unconfirmed bets removed) → the draw of 8 cards (the only random step) → settlement of
 * every confirmed bet. `applyPlatynkoAction(state, action, rng)` returns the next state and the
 * events the action produced; a refused action throws `PlatynkoRejection` and changes nothing.
 * The game starts after confirmation AND the end of the betting time (GAM-PL-06): a seat that
 * confirms early waits, its bets closed; the service closes the betting when the time runs out.
 */

export interface OpenPlatynkoRoundOptions {
  readonly roundId: string;
  readonly limits: PlatynkoTableLimits;
  /** Defaults to 004's 4 seats. */
  readonly seatsMax?: number;
  readonly seedCommitment: string;
}

export function openPlatynkoRound(options: OpenPlatynkoRoundOptions): PlatynkoTransition {
  const seatsMax = options.seatsMax ?? platynkoSeatsMax;
  if (!Number.isInteger(seatsMax) || seatsMax < 1 || seatsMax > platynkoSeatsMax)
    throw new InvalidPlatynkoRound(`a table has 1 to ${platynkoSeatsMax} seats`);
  if (typeof options.roundId !== 'string' || options.roundId.length === 0) throw new InvalidPlatynkoRound('a round needs an id');
  if (!isRoundSeed(options.seedCommitment)) throw new InvalidPlatynkoRound('the seed commitment is 64 lowercase hex characters');
  try {
    validatePlatynkoLimits(options.limits);
  } catch (error) {
    throw new InvalidPlatynkoRound((error as Error).message);
  }
  const config: PlatynkoRoundConfig = {
    roundId: options.roundId,
    limits: { ...options.limits },
    seatsMax,
    seedCommitment: options.seedCommitment,
  };
  const opened: PlatynkoEvent = {
    kind: 'round-opened',
    roundId: config.roundId,
    game: 'platynko',
    seedCommitment: config.seedCommitment,
  };
  const state: PlatynkoState = {
    config,
    phase: 'betting',
    seats: [],
    drawn: null,
    settlements: null,
    actions: [],
    events: [opened],
  };
  return { state: deepFreeze(state), events: deepFreeze([opened]) };
}

function requirePhase(state: PlatynkoState, phase: PlatynkoState['phase'], action: PlatynkoAction): void {
  if (state.phase !== phase)
    throw new PlatynkoRejection('wrong-phase', `"${action.kind}" is not possible while the round is ${state.phase}`);
}

function seatOf(state: PlatynkoState, seat: number): PlatynkoSeat {
  if (!Number.isInteger(seat) || seat < 1 || seat > state.config.seatsMax)
    throw new PlatynkoRejection('unknown-seat', `seat ${seat} is not at this table`);
  return state.seats.find((entry) => entry.seat === seat) ?? { seat, pending: [], confirmed: [], nextBetId: 1 };
}

/**
 * 004:GAM-PL-06, BET-04: "Potvrdit sázky" closes the seat's bets for the round; after it the seat
 * places, takes back, clears and rebets nothing more (D-2412).
 */
function openSeatOf(state: PlatynkoState, seat: number): PlatynkoSeat {
  const found = seatOf(state, seat);
  if (found.confirmed.length > 0)
    throw new PlatynkoRejection('already-confirmed', 'this seat confirmed its bets for the round: they are closed');
  return found;
}

function withSeat(seats: readonly PlatynkoSeat[], updated: PlatynkoSeat): PlatynkoSeat[] {
  return [...seats.filter((entry) => entry.seat !== updated.seat), updated].sort((a, b) => a.seat - b.seat);
}

const sumStakes = (bets: readonly PlatynkoPlacedBet[]): bigint => bets.reduce((sum, bet) => sum + bet.stakeMinor, 0n);

interface Step {
  seats?: PlatynkoSeat[];
  phase?: PlatynkoState['phase'];
  drawn?: PlatynkoState['drawn'];
  settle?: boolean;
  events: PlatynkoEvent[];
}

/** The next state and events, or a PlatynkoRejection; the given state is never modified. */
function step(state: PlatynkoState, action: PlatynkoAction, rng: Rng | null): Step {
  switch (action?.kind) {
    case 'place-bets': {
      requirePhase(state, 'betting', action);
      const seat = openSeatOf(state, action.seat);
      const bets = expandBets(
        state.config,
        [...seat.confirmed, ...seat.pending],
        Array.isArray(action.bets) ? action.bets : [],
        seat.nextBetId,
      );
      const updated = { ...seat, pending: [...seat.pending, ...bets], nextBetId: seat.nextBetId + bets.length };
      return {
        seats: withSeat(state.seats, updated),
        events: [{ kind: 'bets-placed', seat: seat.seat, bets, stakeMinor: sumStakes(bets) }],
      };
    }
    case 'rebet': {
      requirePhase(state, 'betting', action);
      const seat = openSeatOf(state, action.seat);
      const bet = expandRebet(state.config, [...seat.confirmed, ...seat.pending], action.layout, action.factor, seat.nextBetId);
      const updated = { ...seat, pending: [...seat.pending, bet], nextBetId: seat.nextBetId + 1 };
      return {
        seats: withSeat(state.seats, updated),
        events: [{ kind: 'bets-placed', seat: seat.seat, bets: [bet], stakeMinor: bet.stakeMinor }],
      };
    }
    case 'undo': {
      requirePhase(state, 'betting', action);
      const seat = openSeatOf(state, action.seat);
      const last = seat.pending.at(-1);
      if (!last) throw new PlatynkoRejection('nothing-to-undo', 'no bet to take back');
      return {
        seats: withSeat(state.seats, { ...seat, pending: seat.pending.slice(0, -1) }),
        events: [{ kind: 'bet-undone', seat: seat.seat, betId: last.betId, stakeMinor: last.stakeMinor }],
      };
    }
    case 'clear-bets': {
      requirePhase(state, 'betting', action);
      const seat = openSeatOf(state, action.seat);
      if (seat.pending.length === 0) throw new PlatynkoRejection('nothing-to-clear', 'no bets to clear');
      return {
        seats: withSeat(state.seats, { ...seat, pending: [] }),
        events: [{ kind: 'bets-cleared', seat: seat.seat, stakeMinor: sumStakes(seat.pending) }],
      };
    }
    case 'confirm-bets': {
      requirePhase(state, 'betting', action);
      const seat = openSeatOf(state, action.seat);
      if (seat.pending.length === 0) throw new PlatynkoRejection('nothing-to-confirm', 'no unconfirmed bets to confirm');
      const updated = { ...seat, pending: [], confirmed: [...seat.confirmed, ...seat.pending] };
      const event: PlatynkoEvent = {
        kind: 'bets-confirmed',
        seat: seat.seat,
        betIds: seat.pending.map((bet) => bet.betId),
        stakeMinor: sumStakes(seat.pending),
      };
      return { seats: withSeat(state.seats, updated), events: [event] };
    }
    case 'close-betting': {
      requirePhase(state, 'betting', action);
      const dropped = state.seats
        .filter((seat) => seat.pending.length > 0)
        .map((seat) => ({ seat: seat.seat, stakeMinor: sumStakes(seat.pending) }));
      const seats = state.seats.map((seat) => ({ ...seat, pending: [] }));
      return { seats, phase: 'closed', events: [{ kind: 'betting-closed', dropped }] };
    }
    case 'draw': {
      requirePhase(state, 'closed', action);
      invariant(rng !== null, 'the draw needs the round rng');
      const drawn = drawPlatynkoCards(rng);
      return { drawn, phase: 'settled', settle: true, events: [{ kind: 'cards-drawn', drawn }] };
    }
    default:
      throw new PlatynkoRejection('wrong-phase', `unknown action "${String((action as { kind?: unknown })?.kind)}"`);
  }
}

/** Throws the PlatynkoRejection the action would get; returns when it would be accepted. */
export function verifyPlatynkoAction(state: PlatynkoState, action: PlatynkoAction): void {
  if (action.kind === 'draw') requirePhase(state, 'closed', action);
  else step(state, action, null);
}

export function canApplyPlatynkoAction(state: PlatynkoState, action: PlatynkoAction): boolean {
  try {
    verifyPlatynkoAction(state, action);
    return true;
  } catch (error) {
    if (error instanceof PlatynkoRejection) return false;
    throw error;
  }
}

/**
 * `(state, action, rng) → (state, events)`. Only the draw reads the rng, so passing a fresh
 * `roundRng(seed)` with every action replays the same cards however often the service restarts.
 */
export function applyPlatynkoAction(state: PlatynkoState, action: PlatynkoAction, rng: Rng): PlatynkoTransition {
  const next = step(state, action, rng);
  const seats = next.seats ?? state.seats;
  const drawn = next.drawn ?? state.drawn;
  const events = [...next.events];
  let settlements = state.settlements;
  if (next.settle) {
    settlements = settlePlatynkoSeats(seats, drawn!, state.config.limits);
    events.push({ kind: 'round-settled', seats: settlements });
  }
  deepFreeze(events);
  const result: PlatynkoState = {
    config: state.config,
    phase: next.phase ?? state.phase,
    seats: deepFreeze(seats),
    drawn: drawn === null ? null : Object.freeze([...drawn]),
    settlements: settlements === null ? null : deepFreeze(settlements),
    actions: Object.freeze([...state.actions, deepFreeze(structuredClone(action))]),
    events: Object.freeze([...state.events, ...events]),
  };
  return { state: Object.freeze(result), events };
}

/** A seat's confirmed layout, per card: what "Vsadit znovu" repeats in the seat's next round (004:GAM-PL-10). */
export function confirmedLayout(state: PlatynkoState, seat: number): ChipPlacement[] {
  return layoutOf(state.seats.find((entry) => entry.seat === seat)?.confirmed ?? []);
}
