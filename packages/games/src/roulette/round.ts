import type { Rng } from '../rng/index.ts';
import { isRoundSeed } from '../rng/index.ts';
import { deepFreeze, invariant } from '../shared/invariant.ts';
import { expandBets } from './bets.ts';
import { validateRouletteLimits, type RouletteTableLimits } from './limits.ts';
import { InvalidRouletteRound, RouletteRejection } from './rejection.ts';
import { settleSeats } from './settlement.ts';
import type {
  PlacedBet,
  RouletteAction,
  RouletteEvent,
  RouletteRoundConfig,
  RouletteSeat,
  RouletteState,
  RouletteTransition,
} from './types.ts';
import { rouletteVariants, type RouletteVariant, type RouletteVariantId } from './variants.ts';
import { pocketCount } from './wheel.ts';

/**
 * The roulette round, top-down (004 Annex 1): betting (place, clear, confirm) → betting closed
 * (unconfirmed bets removed, GAM-R-07) → spin (the only random step) → settlement of every
 * confirmed bet (GAM-R-08). `applyRouletteAction(state, action, rng)` returns the next state and
 * the events the action produced; a refused action throws `RouletteRejection` and changes nothing.
 */

/** 004:GAM-R-01: up to 4 players at a multi-player roulette table. */
export const rouletteSeatsMax = 4;

export interface OpenRouletteRoundOptions {
  readonly roundId: string;
  readonly variant: RouletteVariant | RouletteVariantId;
  readonly limits: RouletteTableLimits;
  /** Defaults to 004's 4 seats. */
  readonly seatsMax?: number;
  readonly seedCommitment: string;
}

export function openRouletteRound(options: OpenRouletteRoundOptions): RouletteTransition {
  const variant = typeof options.variant === 'string' ? rouletteVariants[options.variant] : options.variant;
  if (!variant) throw new InvalidRouletteRound(`unknown roulette variant "${String(options.variant)}"`);
  const seatsMax = options.seatsMax ?? rouletteSeatsMax;
  if (!Number.isInteger(seatsMax) || seatsMax < 1 || seatsMax > rouletteSeatsMax)
    throw new InvalidRouletteRound(`a table has 1 to ${rouletteSeatsMax} seats`);
  if (typeof options.roundId !== 'string' || options.roundId.length === 0) throw new InvalidRouletteRound('a round needs an id');
  // A commitment has the shape of a seed: 64 hex characters.
  if (!isRoundSeed(options.seedCommitment)) throw new InvalidRouletteRound('the seed commitment is 64 lowercase hex characters');
  try {
    validateRouletteLimits(options.limits);
  } catch (error) {
    throw new InvalidRouletteRound((error as Error).message);
  }
  const config: RouletteRoundConfig = {
    roundId: options.roundId,
    variant,
    limits: { ...options.limits },
    seatsMax,
    seedCommitment: options.seedCommitment,
  };
  const opened: RouletteEvent = {
    kind: 'round-opened',
    roundId: config.roundId,
    variantId: variant.id,
    seedCommitment: config.seedCommitment,
  };
  const state: RouletteState = {
    config,
    phase: 'betting',
    seats: [],
    pockets: null,
    settlements: null,
    actions: [],
    events: [opened],
  };
  return { state: deepFreeze(state), events: deepFreeze([opened]) };
}

function requirePhase(state: RouletteState, phase: RouletteState['phase'], action: RouletteAction): void {
  if (state.phase !== phase)
    throw new RouletteRejection('wrong-phase', `"${action.kind}" is not possible while the round is ${state.phase}`);
}

function seatOf(state: RouletteState, seat: number): RouletteSeat {
  if (!Number.isInteger(seat) || seat < 1 || seat > state.config.seatsMax)
    throw new RouletteRejection('unknown-seat', `seat ${seat} is not at this table`);
  return state.seats.find((entry) => entry.seat === seat) ?? { seat, pending: [], confirmed: [], nextBetId: 1 };
}

function withSeat(seats: readonly RouletteSeat[], updated: RouletteSeat): RouletteSeat[] {
  return [...seats.filter((entry) => entry.seat !== updated.seat), updated].sort((a, b) => a.seat - b.seat);
}

const sumStakes = (bets: readonly PlacedBet[]): bigint => bets.reduce((sum, bet) => sum + bet.stakeMinor, 0n);

/** The next state and events, or a RouletteRejection; the given state is never modified. */
function step(
  state: RouletteState,
  action: RouletteAction,
  rng: Rng | null,
): { seats?: RouletteSeat[]; phase?: RouletteState['phase']; pockets?: number[]; settle?: boolean; events: RouletteEvent[] } {
  switch (action.kind) {
    case 'place-bets': {
      requirePhase(state, 'betting', action);
      const seat = seatOf(state, action.seat);
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
    case 'clear-bets': {
      requirePhase(state, 'betting', action);
      const seat = seatOf(state, action.seat);
      if (seat.pending.length === 0) throw new RouletteRejection('nothing-to-clear', 'no unconfirmed bets to clear');
      return {
        seats: withSeat(state.seats, { ...seat, pending: [] }),
        events: [{ kind: 'bets-cleared', seat: seat.seat, stakeMinor: sumStakes(seat.pending) }],
      };
    }
    case 'confirm-bets': {
      requirePhase(state, 'betting', action);
      const seat = seatOf(state, action.seat);
      if (seat.pending.length === 0) throw new RouletteRejection('nothing-to-confirm', 'no unconfirmed bets to confirm');
      const updated = { ...seat, pending: [], confirmed: [...seat.confirmed, ...seat.pending] };
      const event: RouletteEvent = {
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
    case 'spin': {
      requirePhase(state, 'closed', action);
      invariant(rng !== null, 'the spin needs the round rng');
      const pockets = Array.from({ length: state.config.variant.balls }, () => rng.intBelow(pocketCount));
      return { pockets, phase: 'settled', settle: true, events: [{ kind: 'ball-landed', pockets }] };
    }
    default:
      throw new RouletteRejection('wrong-phase', `unknown action "${String((action as { kind?: unknown }).kind)}"`);
  }
}

/** Throws the RouletteRejection the action would get; returns when it would be accepted. */
export function verifyRouletteAction(state: RouletteState, action: RouletteAction): void {
  if (action.kind === 'spin') requirePhase(state, 'closed', action);
  else step(state, action, null);
}

export function canApplyRouletteAction(state: RouletteState, action: RouletteAction): boolean {
  try {
    verifyRouletteAction(state, action);
    return true;
  } catch (error) {
    if (error instanceof RouletteRejection) return false;
    throw error;
  }
}

/**
 * `(state, action, rng) → (state, events)`. Only the spin reads the rng, so passing a fresh
 * `roundRng(seed)` with every action replays the same pockets however often the service restarts.
 */
export function applyRouletteAction(state: RouletteState, action: RouletteAction, rng: Rng): RouletteTransition {
  const next = step(state, action, rng);
  const seats = next.seats ?? state.seats;
  const pockets = next.pockets ?? state.pockets;
  const events = [...next.events];
  let settlements = state.settlements;
  if (next.settle) {
    settlements = settleSeats(seats, pockets!, state.config.variant);
    events.push({ kind: 'round-settled', seats: settlements });
  }
  // Only what this action created is frozen; the config and the earlier log entries already are.
  deepFreeze(events);
  const result: RouletteState = {
    config: state.config,
    phase: next.phase ?? state.phase,
    seats: deepFreeze(seats),
    pockets: pockets === null ? null : Object.freeze(pockets),
    settlements: settlements === null ? null : deepFreeze(settlements),
    actions: Object.freeze([...state.actions, deepFreeze(structuredClone(action))]),
    events: Object.freeze([...state.events, ...events]),
  };
  return { state: Object.freeze(result), events };
}

export type { RouletteTableLimits };
