import { assert } from '@casino/core';
import {
  applyBlackjackAction,
  applyRouletteAction,
  blackjackPresets,
  blackjackRecordFromJson,
  blackjackRecordToJson,
  blackjackRoundRecord,
  blackjackStateFromJson,
  blackjackStateToJson,
  blackjackTableView,
  openBlackjackRound,
  openRouletteRound,
  openTemporaryTable,
  publicBlackjackEvent,
  replayBlackjackRound,
  replayRouletteRound,
  rouletteRecordFromJson,
  rouletteRecordToJson,
  rouletteRoundRecord,
  rouletteStateFromJson,
  rouletteStateToJson,
  roundRng,
  rouletteVariants,
  type BlackjackAction,
  type BlackjackState,
  type BlackjackTableLimits,
  type RoundSeed,
  type RouletteAction,
  type RouletteState,
  type RouletteTableLimits,
} from '@casino/games';
import * as platynko from './platynko.ts';

/**
 * One face for every engine (roulette, blackjack, Plátýnko), so the round lifecycle (timers, money, records) is written once. Each
 * engine stays the rule book: this file only says, per game, which events are money (debits and the
 * settlement), what the timer means in each phase, and what the scheduler applies when it runs out.
 */
export type GameId = 'roulette' | 'blackjack' | 'platynko';
export type EngineState = RouletteState | BlackjackState | platynko.PlatynkoState;
export type EngineAction = RouletteAction | BlackjackAction | platynko.PlatynkoAction;
export type TableLimits = RouletteTableLimits | BlackjackTableLimits | platynko.PlatynkoTableLimits;

export interface Applied {
  state: EngineState;
  /** Index in the round's event log of the first event this action produced. */
  firstEventIndex: number;
  events: readonly unknown[];
  warnings: readonly string[];
  needsReconfirmation: boolean;
}

/** A stake to debit: the engine's debit event and the seat it belongs to. */
export interface Debit {
  seat: number;
  amountMinor: bigint;
  eventIndex: number;
}

export interface SeatResult {
  seat: number;
  stakedMinor: bigint;
  returnedMinor: bigint;
}

/** What a running timer means: betting time, or a player's decision time (004:GAM-R-09, GAM-B-02). */
export type TimerKind = 'betting' | 'decision' | null;

export interface TableShape {
  game: GameId;
  variant: string;
  limits: TableLimits;
  seatsMax: number;
}

export function openRound(table: TableShape, roundId: string, seedCommitment: string): EngineState {
  if (table.game === 'platynko') return platynko.openRound(table, roundId, seedCommitment);
  if (table.game === 'roulette') {
    return openRouletteRound({
      roundId,
      variant: table.variant as keyof typeof rouletteVariants,
      limits: table.limits as RouletteTableLimits,
      seatsMax: table.seatsMax,
      seedCommitment,
    }).state;
  }
  const rules = blackjackPresets[table.variant as keyof typeof blackjackPresets];
  assert(rules !== undefined, `unknown blackjack preset ${table.variant}`);
  return openBlackjackRound({
    roundId,
    rules,
    limits: table.limits as BlackjackTableLimits,
    seatsMax: table.seatsMax,
    seedCommitment,
  }).state;
}

export function openTemporaryRound(live: BlackjackState, roundId: string, seat: number, seedCommitment: string): BlackjackState {
  return openTemporaryTable({ roundId, live, seat, seedCommitment }).state;
}

export const isRoulette = (game: GameId, _state: EngineState): _state is RouletteState => game === 'roulette';
export const isPlatynko = (game: GameId, _state: EngineState): _state is platynko.PlatynkoState => game === 'platynko';

/** Applies an action with a fresh stream of the round's seed: each round has one random step (docs/games.md). */
export function applyAction(game: GameId, state: EngineState, action: EngineAction, seed: RoundSeed): Applied {
  const firstEventIndex = state.events.length;
  if (isPlatynko(game, state)) {
    const next = platynko.apply(state, action as platynko.PlatynkoAction, seed);
    return { state: next.state, firstEventIndex, events: next.events, warnings: [], needsReconfirmation: false };
  }
  if (isRoulette(game, state)) {
    const next = applyRouletteAction(state, action as RouletteAction, roundRng(seed));
    return { state: next.state, firstEventIndex, events: next.events, warnings: [], needsReconfirmation: false };
  }
  const next = applyBlackjackAction(state as BlackjackState, action as BlackjackAction, roundRng(seed));
  return {
    state: next.state,
    firstEventIndex,
    events: next.events,
    warnings: next.warnings,
    needsReconfirmation: next.needsReconfirmation,
  };
}

const debitKinds = new Set(['bets-confirmed', 'bet-confirmed', 'insurance-taken', 'doubled', 'split']);

/** The stakes to debit among `events` (docs/games.md: bets-confirmed, bet-confirmed, insurance-taken, doubled, split). */
export function debitsOf(events: readonly unknown[], firstEventIndex: number): Debit[] {
  const debits: Debit[] = [];
  events.forEach((event, offset) => {
    const e = event as { kind: string; seat?: number; stakeMinor?: bigint };
    if (!debitKinds.has(e.kind)) return;
    assert(
      typeof e.seat === 'number' && typeof e.stakeMinor === 'bigint' && e.stakeMinor > 0n,
      `a ${e.kind} event names a seat and a positive stake`,
    );
    debits.push({ seat: e.seat, amountMinor: e.stakeMinor, eventIndex: firstEventIndex + offset });
  });
  return debits;
}

/** The settlement per seat (returnedMinor is the win to credit, stakes included), once the round is settled. */
export function settlementOf(game: GameId, state: EngineState): SeatResult[] | null {
  if (isRoulette(game, state) || isPlatynko(game, state))
    return state.settlements?.map((s) => ({ seat: s.seat, stakedMinor: s.stakedMinor, returnedMinor: s.returnedMinor })) ?? null;
  return (
    (state as BlackjackState).settlements?.map((s) => ({
      seat: s.seat,
      stakedMinor: s.stakedMinor,
      returnedMinor: s.returnedMinor,
    })) ?? null
  );
}

export function eventIndexOfSettlement(state: EngineState): number {
  const index = state.events.findIndex((event) => event.kind === 'round-settled');
  assert(index >= 0, 'a settled round has its round-settled event');
  return index;
}

export const phaseOf = (state: EngineState): string => state.phase;
export const isSettled = (state: EngineState): boolean => state.phase === 'settled';

/** Seats that have a confirmed stake in the round: a seated player without one is idle this round (004:TEC-06). */
export function seatsWithConfirmedStake(game: GameId, state: EngineState): Set<number> {
  if (isRoulette(game, state) || isPlatynko(game, state))
    return new Set(state.seats.filter((s) => s.confirmed.length > 0).map((s) => s.seat));
  const bj = state as BlackjackState;
  return new Set([...bj.bets.filter((b) => b.confirmed).map((b) => b.seat), ...bj.boxes.map((b) => b.seat)]);
}

export function timerOf(state: EngineState): TimerKind {
  if (state.phase === 'betting') return 'betting';
  if (state.phase === 'insurance' || state.phase === 'player-turns') return 'decision';
  return null;
}

/** Seats whose decision the running decision timer waits for (blackjack). */
export function seatsAwaitingDecision(state: EngineState): number[] {
  const bj = state as BlackjackState;
  if (bj.phase === 'insurance') {
    return bj.boxes
      .filter((box) => !box.movedToTemporaryTable && (box.insurance === 'pending' || box.evenMoney === 'pending'))
      .map((box) => box.seat);
  }
  if (bj.phase === 'player-turns' && bj.turn) return [bj.turn.seat];
  return [];
}

/**
 * Which decision the decision timer is running for: a change starts a new timer. The insurance phase
 * is one decision for every seat offered it (a seat deciding does not restart the others' time); in
 * the player turns it is the seat and hand to act (the next seat, or the next hand after a split).
 */
export function decisionKey(state: EngineState): string {
  const bj = state as BlackjackState;
  if (bj.phase === 'player-turns' && bj.turn) return `turn:${bj.turn.seat}:${bj.turn.hand}`;
  return bj.phase;
}

/**
 * What the scheduler applies when the timer runs out. Betting time: close the betting (roulette then
 * spins: confirmed bets settle whoever is still connected, 004:TEC-02). Decision time: a seat whose
 * player is disconnected leaves for a temporary table (TEC-03); one still connected timed out (stand,
 * insurance declined: 004:AMB-27, D-715). A temporary table never moves again: it times out.
 */
export function dueActions(
  game: GameId,
  state: EngineState,
  disconnectedSeats: ReadonlySet<number>,
  temporary: boolean,
): EngineAction[] {
  if (state.phase === 'betting') {
    // Plátýnko: the game starts when the betting time ends; the confirmed bets are drawn and settled (004:GAM-PL-06, GAM-PL-11).
    if (game === 'platynko') return [{ kind: 'close-betting' }, { kind: 'draw' }];
    return game === 'roulette' ? [{ kind: 'close-betting' }, { kind: 'spin' }] : [{ kind: 'close-betting' }];
  }
  return seatsAwaitingDecision(state).map((seat) =>
    !temporary && disconnectedSeats.has(seat)
      ? { kind: 'move-to-temporary-table' as const, seat }
      : { kind: 'time-out' as const, seat },
  );
}

/** Seats whose box moved to a temporary table among `events`. */
export function movedSeatsOf(events: readonly unknown[]): number[] {
  return events
    .filter((e) => (e as { kind: string }).kind === 'moved-to-temporary-table')
    .map((e) => (e as { seat: number }).seat);
}

export function stateToJson(game: GameId, state: EngineState): string {
  if (isPlatynko(game, state)) return platynko.stateToJson(state);
  return isRoulette(game, state) ? rouletteStateToJson(state) : blackjackStateToJson(state as BlackjackState);
}

export function stateFromJson(game: GameId, text: string): EngineState {
  if (game === 'platynko') return platynko.stateFromJson(text);
  return game === 'roulette' ? rouletteStateFromJson(text) : blackjackStateFromJson(text);
}

export function recordToJson(game: GameId, state: EngineState, seed: RoundSeed): string {
  if (isPlatynko(game, state)) return platynko.recordToJson(state, seed);
  return isRoulette(game, state)
    ? rouletteRecordToJson(rouletteRoundRecord(state, seed))
    : blackjackRecordToJson(blackjackRoundRecord(state as BlackjackState, seed));
}

/** Replays a stored record; the engine refuses one whose events do not come out equal. */
export function replayRecord(game: GameId, text: string): EngineState {
  if (game === 'platynko') return platynko.replayRecord(text);
  return game === 'roulette'
    ? replayRouletteRound(rouletteRecordFromJson(text))
    : replayBlackjackRound(blackjackRecordFromJson(text));
}

/** What players and spectators see: blackjack hides the shoe and the face-down hole card. */
export function publicView(game: GameId, state: EngineState): unknown {
  if (isPlatynko(game, state)) return platynko.publicView(state);
  if (isRoulette(game, state)) {
    const { config, phase, seats, pockets, settlements } = state;
    return {
      roundId: config.roundId,
      variantId: config.variant.id,
      phase,
      seedCommitment: config.seedCommitment,
      seats,
      pockets,
      settlements,
    };
  }
  return blackjackTableView(state as BlackjackState);
}

export function publicEvents(game: GameId, events: readonly unknown[]): unknown[] {
  return game === 'roulette' || game === 'platynko'
    ? [...events]
    : events.map((e) => publicBlackjackEvent(e as Parameters<typeof publicBlackjackEvent>[0]));
}
